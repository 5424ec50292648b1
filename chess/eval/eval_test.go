package eval

import (
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

func pos(t *testing.T, fen string) chess.Position {
	t.Helper()
	p, err := chess.Parse(fen)
	require.NoError(t, err)
	return p
}

func TestShannonTerms(t *testing.T) {
	for _, tc := range []struct {
		fen          string
		white, black Terms
	}{
		// The start is symmetric: 20 moves each (16 pawn, 4 knight).
		{"startpos", Terms{Material: 2000 + 90 + 2*50 + 4*30 + 80, Mobility: 20}, Terms{Material: 2000 + 90 + 2*50 + 4*30 + 80, Mobility: 20}},
		// Doubled and isolated c-pawns; c2 is blocked by c3.
		{"4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1", Terms{Material: 2020, Doubled: 2, Isolated: 2, Mobility: 6}, Terms{Material: 2000, Mobility: 5}},
		// c2 is backward (d4 is ahead of it, c3 is taken by b4); b4 is
		// isolated.
		{"4k3/8/8/8/1p1P4/8/2P5/4K3 w - - 0 1", Terms{Material: 2020, Backward: 1, Mobility: 5 + 2 + 1}, Terms{Material: 2010, Isolated: 1, Mobility: 5 + 1}},
	} {
		p := pos(t, tc.fen)
		w, b := Shannon(&p)
		require.Equal(t, tc.white, w, tc.fen)
		require.Equal(t, tc.black, b, tc.fen)
	}
	p := pos(t, "startpos")
	require.Equal(t, 0, Value(&p))
	p = pos(t, "4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1")
	// 20 pawns' worth of material minus 4 faults plus one move: 20-20+1.
	require.Equal(t, 20-4*PawnFault+1, Value(&p))
	require.Equal(t, 20, MaterialValue(&p))
}

// The evaluator through the generic searches: a mate in one is found, both
// searches agree, and alpha-beta does less work.
func TestSearchWithShannon(t *testing.T) {
	g := chess.Game{}
	ev, err := NewEvaluator("shannon")
	require.NoError(t, err)
	p := pos(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	o := search.Options[chess.Position, chess.Move]{Depth: 2}
	mm := search.Minimax[chess.Position, chess.Move](g, ev, p, o)
	ab := search.AlphaBeta[chess.Position, chess.Move](g, ev, p, o)
	it := search.IterativeAlphaBeta[chess.Position, chess.Move](g, ev, p, o)
	require.Equal(t, Mate, mm.Value)
	require.Equal(t, mm.Value, ab.Value)
	require.Equal(t, ab, it)
	require.Equal(t, "Ra8#", p.SAN(ab.Best))
	require.Less(t, ab.Evals, mm.Evals)

	// From the start at depth 3 both agree on the value.
	s := pos(t, "startpos")
	o.Depth = 3
	for _, name := range []string{"shannon", "material"} {
		ev, err := NewEvaluator(name)
		require.NoError(t, err)
		mm := search.Minimax[chess.Position, chess.Move](g, ev, s, o)
		ab := search.AlphaBeta[chess.Position, chess.Move](g, ev, s, o)
		require.Equal(t, mm.Value, ab.Value, name)
		require.Equal(t, 1+20+400+8902, mm.Nodes, "perft 0, 1, 2 and 3 of the start")
		require.Less(t, ab.Nodes, mm.Nodes)
	}
	_, err = NewEvaluator("turing")
	require.Error(t, err)
}

func BenchmarkShannon(b *testing.B) {
	p, _ := chess.Parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	for b.Loop() {
		Value(&p)
	}
}

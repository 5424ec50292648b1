package kalah

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

// board builds a Kalah(6, n) position from South's houses a..f, South's
// store, North's houses A..F and North's store.
func board(side game.Side, cells ...uint8) Position {
	var p Position
	copy(p.Board[:], cells)
	p.Side = side
	return p
}

func names(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func TestStart(t *testing.T) {
	g := Game{}
	p := g.Start(4)
	require.Equal(t, board(game.White, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0), p)
	require.Equal(t, []string{"a", "b", "c", "d", "e", "f"}, names(g.Moves(&p, nil)))
	require.Equal(t, ""+
		"      4  4  4  4  4  4\n"+
		"  0                     0\n"+
		"      4  4  4  4  4  4\n"+
		"south to move\n", g.Format(&p))

	g2, q, err := Parse("3, 2")
	require.NoError(t, err)
	require.Equal(t, Game{Pits: 3}, g2)
	require.Equal(t, board(game.White, 2, 2, 2, 0, 2, 2, 2, 0), q)
	for _, bad := range []string{"6", "0,4", "7,4", "6,0", "6,21", "a,b"} {
		_, _, err := Parse(bad)
		require.Error(t, err, bad)
	}
}

// The last seed in the mover's store: he moves again.
func TestExtraTurn(t *testing.T) {
	g := Game{}
	p := g.Start(4)
	q := g.Play(&p, MoveOf(game.White, 2)) // c: d, e, f, store
	require.Equal(t, board(game.White, 4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0), q)
	require.Equal(t, game.White, g.ToMove(&q))
	r := g.Play(&q, MoveOf(game.White, 5)) // f: store, A, B, C, D
	require.Equal(t, board(game.Black, 4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0), r)
	require.Equal(t, []string{"A", "B", "C", "D", "E", "F"}, names(g.Moves(&r, nil)))
	// North's extra turn: D (3 seeds) reaches North's store.
	r.Board[10] = 3
	s := g.Play(&r, MoveOf(game.Black, 3))
	require.Equal(t, game.Black, s.Side)
	require.Equal(t, board(game.Black, 4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 0, 5, 5, 1), s)
}

// Sowing passes the mover's own store and skips the opponent's.
func TestSowingSkipsTheOpponentsStore(t *testing.T) {
	g := Game{}
	p := board(game.White, 1, 1, 1, 1, 1, 10, 0, 1, 1, 1, 1, 1, 1, 3)
	q := g.Play(&p, MoveOf(game.White, 5)) // f: store, A..F, (not North's store), a, b, c
	require.Equal(t, board(game.Black, 2, 2, 2, 1, 1, 0, 1, 2, 2, 2, 2, 2, 2, 3), q)
	// North skips South's store.
	p = board(game.Black, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 9, 0)
	q = g.Play(&p, MoveOf(game.Black, 5)) // F: store, a..f, (not South's store), A, B
	require.Equal(t, board(game.White, 2, 2, 2, 2, 2, 2, 5, 2, 2, 1, 1, 1, 0, 1), q)
}

// The last seed in an empty house of the mover captures it and the
// opposite house, if that house holds seeds.
func TestCapture(t *testing.T) {
	g := Game{}
	// a (1 seed) into the empty b; opposite b is E (index 11) with 5.
	p := board(game.White, 1, 0, 3, 3, 3, 3, 2, 3, 3, 3, 3, 5, 3, 1)
	q := g.Play(&p, MoveOf(game.White, 0))
	require.Equal(t, board(game.Black, 0, 0, 3, 3, 3, 3, 8, 3, 3, 3, 3, 0, 3, 1), q)
	// The opposite house empty: no capture.
	p.Board[11] = 0
	q = g.Play(&p, MoveOf(game.White, 0))
	require.Equal(t, board(game.Black, 0, 1, 3, 3, 3, 3, 2, 3, 3, 3, 3, 0, 3, 1), q)
	// An empty house of the opponent: no capture.
	p = board(game.White, 3, 3, 3, 3, 3, 2, 0, 0, 3, 3, 3, 3, 3, 0)
	q = g.Play(&p, MoveOf(game.White, 5)) // f: store, A (empty before)
	require.Equal(t, board(game.Black, 3, 3, 3, 3, 3, 0, 1, 1, 3, 3, 3, 3, 3, 0), q)
	// North captures: B (1 seed) into the empty C (index 9), opposite c (index 3) with 4.
	p = board(game.Black, 3, 3, 3, 4, 3, 3, 0, 3, 1, 0, 3, 3, 3, 2)
	q = g.Play(&p, MoveOf(game.Black, 1))
	require.Equal(t, board(game.White, 3, 3, 3, 0, 3, 3, 0, 3, 0, 0, 3, 3, 3, 7), q)
	// Thirteen seeds go round and end in the house they left, now empty.
	p = board(game.White, 13, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0)
	q = g.Play(&p, MoveOf(game.White, 0))
	// a..f get 1 each, store 1, A..F 1 each, a again: captures a (1) and F (2).
	require.Equal(t, board(game.Black, 0, 1, 1, 1, 1, 1, 4, 2, 2, 2, 2, 2, 0, 0), q)
}

// When a row is empty after a move, each side's seeds go to its store and
// the game is over: the value is the store difference for the side to
// move.
func TestEnd(t *testing.T) {
	g := Game{}
	p := board(game.White, 0, 0, 0, 0, 0, 1, 20, 1, 2, 0, 0, 0, 0, 24)
	q := g.Play(&p, MoveOf(game.White, 5)) // f into the store: an extra turn, but the row is empty
	require.Equal(t, board(game.White, 0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27), q)
	require.True(t, g.Over(&q))
	require.Empty(t, g.Moves(&q, nil))
	require.Equal(t, -6, g.Terminal(&q))
	// North empties its own row by sowing into South's.
	p = board(game.Black, 2, 2, 2, 2, 2, 2, 10, 0, 0, 0, 0, 0, 2, 22)
	q = g.Play(&p, MoveOf(game.Black, 5)) // F: North's store, a
	require.Equal(t, board(game.White, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 0, 0, 0, 23), q)
	require.Zero(t, g.Terminal(&q), "a draw")
}

// Random games keep every seed, end, and their side to move changes
// exactly when the last seed misses the mover's store.
func TestRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		g := Game{Pits: 1 + r.IntN(MaxPits)}
		n := 1 + r.IntN(6)
		p := g.Start(n)
		total := 2 * g.m() * n
		for ply := 0; ; ply++ {
			require.Less(t, ply, 2000, "game %d does not end", i)
			ms := g.Moves(&p, nil)
			if len(ms) == 0 {
				require.True(t, g.Over(&p))
				break
			}
			m := ms[r.IntN(len(ms))]
			q := g.Play(&p, m)
			sum := 0
			for _, b := range q.Board {
				sum += int(b)
			}
			require.Equal(t, total, sum, "game %d", i)
			require.GreaterOrEqual(t, q.Board[g.Store(p.Side)], p.Board[g.Store(p.Side)])
			require.GreaterOrEqual(t, q.Board[g.Store(p.Side.Other())], p.Board[g.Store(p.Side.Other())])
			p = q
		}
	}
}

// Kalah(6, 4) cannot be searched to its end here; to a depth, with the
// store difference as the static evaluation, the four searches agree.
func TestSearchesAgree(t *testing.T) {
	g := Game{}
	for d := 1; d <= 7; d++ {
		gametest.Agree[Position, Move](t, g, g, g.Start(4), d)
	}
	r := gametest.Agree[Position, Move](t, g, g, g.Start(4), 6)
	require.Equal(t, 3, r.Minimax.Value)
	require.Equal(t, 29092, r.Minimax.Nodes)
	require.Equal(t, 5259, r.AlphaBeta.Nodes)
	require.Equal(t, []string{"f", "B", "A", "c", "f", "d"}, names(r.AlphaBeta.PV))
}

// Small Kalahs are solved to the end (100 plies is more than any of these
// games lasts: the searches' lines end on finished games), and the
// searches agree on their values.
func TestSmallKalahsSolved(t *testing.T) {
	for _, c := range []struct{ m, n, value int }{
		{1, 1, 0}, {1, 2, -2}, {2, 1, 2}, {2, 2, -2}, {2, 3, -2}, {3, 1, 0}, {3, 2, 4}, {4, 1, 2},
	} {
		g := Game{Pits: c.m}
		r := gametest.Agree[Position, Move](t, g, g, g.Start(c.n), 100)
		require.Equal(t, c.value, r.Minimax.Value, "Kalah(%d,%d)", c.m, c.n)
		static := 0
		tr := search.TracerFunc[Position, Move](func(e *search.Event[Position, Move]) {
			if e.Kind == search.Eval && !e.Terminal {
				static++
			}
		})
		search.Minimax[Position, Move](g, g, g.Start(c.n), search.Options[Position, Move]{Depth: 100, Tracer: tr})
		require.Zero(t, static, "Kalah(%d,%d): every line reaches the end", c.m, c.n)
	}
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, g.Start(4), 300))
}

// Parse never panics; what it accepts is a start that keeps its seeds.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"6,4", "3, 2", "1,1", "6,20", "7,4", ","} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, p, err := Parse(s)
		if err != nil {
			return
		}
		ms := g.Moves(&p, nil)
		require.Len(t, ms, g.m())
		q := g.Play(&p, ms[len(ms)-1])
		sum := 0
		for _, b := range q.Board {
			sum += int(b)
		}
		require.Equal(t, 2*g.m()*int(p.Board[0]), sum)
	})
}

func BenchmarkAlphaBetaKalah64Depth8(b *testing.B) {
	g := Game{}
	o := search.Options[Position, Move]{Depth: 8}
	for b.Loop() {
		search.AlphaBeta[Position, Move](g, g, g.Start(4), o)
	}
}

func BenchmarkMinimaxKalah64Depth8(b *testing.B) {
	g := Game{}
	o := search.Options[Position, Move]{Depth: 8}
	for b.Loop() {
		search.Minimax[Position, Move](g, g, g.Start(4), o)
	}
}

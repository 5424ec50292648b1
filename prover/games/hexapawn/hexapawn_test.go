package hexapawn

import (
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

// Hexapawn is a win for the second player.
func TestSecondPlayerWins(t *testing.T) {
	g := Game{}
	o := search.Options[Position, Move]{Depth: 20}
	mm := search.Minimax[Position, Move](g, g, Start(), o)
	ab := search.AlphaBeta[Position, Move](g, g, Start(), o)
	it := search.IterativeAlphaBeta[Position, Move](g, g, Start(), o)
	require.Equal(t, -1, mm.Value)
	require.Equal(t, -1, ab.Value)
	require.Equal(t, ab, it)
	require.Less(t, ab.Evals, mm.Evals)

	// White cannot force a win; after each of White's three first moves,
	// Black can.
	r := search.PostOrder[Position, Move](g, g, Start(), search.SolveOptions{Goal: 1})
	require.False(t, r.Solved)
	start := Start()
	moves := g.Moves(&start, nil)
	require.Len(t, moves, 3)
	for _, m := range moves {
		p := g.Play(&start, m)
		require.Equal(t, game.Black, g.ToMove(&p))
		bf := search.BreadthFirst[Position, Move](g, g, p, search.SolveOptions{Goal: 1, Depth: -1})
		require.True(t, bf.Solved, m.String())
		df := search.DepthFirst[Position, Move](g, g, p, search.SolveOptions{Goal: 1, Depth: bf.Tree.Height()})
		require.True(t, df.Solved, m.String())
		require.False(t, search.DepthFirst[Position, Move](g, g, p, search.SolveOptions{Goal: 1, Depth: bf.Tree.Height() - 1}).Solved)
	}
}

func TestMoves(t *testing.T) {
	g := Game{}
	p := Start()
	var names []string
	for _, m := range g.Moves(&p, nil) {
		names = append(names, m.String())
	}
	require.Equal(t, []string{"a1-a2", "b1-b2", "c1-c2"}, names)
	p = g.Play(&p, Move{1, 4}) // b1-b2
	names = names[:0]
	for _, m := range g.Moves(&p, nil) {
		names = append(names, m.String())
	}
	// Black: a3-a2, a3xb2, b3 is blocked, c3-c2, c3xb2.
	require.Equal(t, []string{"a3-a2", "a3xb2", "c3-c2", "c3xb2"}, names)
	q := g.Play(&p, Move{6, 4})
	require.Equal(t, uint16(0b000000101), q.White)
	require.Equal(t, ".pp\n.p.\nP.P\nwhite to move\n", q.String())
	// A pawn on the far rank ends the game.
	end := Position{White: 1 << 6, Black: 1 << 2, Side: game.Black}
	require.True(t, Over(&end))
	require.Empty(t, g.Moves(&end, nil))
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, Start(), 200))
	gametest.Agree[Position, Move](t, g, g, Start(), 12)
}

package tictactoe

import (
	"testing"

	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

// Tic-tac-toe is a draw; the full game tree has 549,946 nodes and 255,168
// finished games, which minimax visits and evaluates exactly.
func TestSolvedFromStart(t *testing.T) {
	g := Game{}
	o := search.Options[Position, Move]{Depth: 9}
	mm := search.Minimax[Position, Move](g, g, Start(), o)
	require.Equal(t, 0, mm.Value)
	require.Equal(t, 549946, mm.Nodes)
	require.Equal(t, 255168, mm.Evals)
	ab := search.AlphaBeta[Position, Move](g, g, Start(), o)
	it := search.IterativeAlphaBeta[Position, Move](g, g, Start(), o)
	require.Equal(t, 0, ab.Value)
	require.Equal(t, ab, it)
	require.Less(t, ab.Evals, mm.Evals/10)
	require.Len(t, ab.PV, 9, "a draw fills the board")

	// As an AND/OR tree: X cannot force a win but can force a draw.
	win := search.PostOrder[Position, Move](g, g, Start(), search.SolveOptions{Goal: 1})
	require.False(t, win.Solved)
	draw := search.PostOrder[Position, Move](g, g, Start(), search.SolveOptions{Goal: 0})
	require.True(t, draw.Solved)
	bf := search.BreadthFirst[Position, Move](g, g, Start(), search.SolveOptions{Goal: 0, Depth: -1})
	require.True(t, bf.Solved)
	require.Equal(t, 9, bf.Tree.Height())
}

func TestPositions(t *testing.T) {
	g := Game{}
	// x to move wins at once on c1 (row a1 b1 c1).
	p, err := Parse("xx. oo. ...")
	require.NoError(t, err)
	r := search.AlphaBeta[Position, Move](g, g, p, search.Options[Position, Move]{Depth: 9})
	require.Equal(t, 1, r.Value)
	require.Equal(t, "c1", r.Best.String())
	q := g.Play(&p, r.Best)
	require.Empty(t, g.Moves(&q, nil))
	require.Equal(t, -1, g.Terminal(&q))
	require.Equal(t, "...\noo.\nxxx\n", q.String())

	for _, bad := range []string{"xxxxxxxxx", "xx.", "xx. oo. ..z", "xo. ... ... x"} {
		_, err := Parse(bad)
		require.Error(t, err, bad)
	}
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, Start(), 300))
	gametest.Agree[Position, Move](t, g, g, Start(), 4)
}

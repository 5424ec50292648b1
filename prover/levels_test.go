package prover

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// levelsGame: 0 (White) -> 1 (Black) -> 2 (White) -> 3 or 4, both goals
// (bit0); the move to 1 and to 3 have bit1, the move to 4 bit2.
func levelsGame() *tgame {
	return &tgame{nodes: []tnode{
		{side: game.White, kids: []int{1}},
		{side: game.Black, label: 2, kids: []int{2}},
		{side: game.White, kids: []int{3, 4}},
		{side: game.Black, label: 3},
		{side: game.Black, label: 5},
	}}
}

// TestPerMoveConstraints: `moves bit1, bit2` lets the first move be a
// bit1 move only and every later one a bit2 move only; `moves bit1` holds
// at every move, `moves bit1, any` only at the first (AL1's reading).
func TestPerMoveConstraints(t *testing.T) {
	g := levelsGame()
	ps := treeLib(g)
	bit1, bit2 := kb.Order[int]{kb.Pos(ps[1], kb.P2)}, kb.Order[int]{kb.Pos(ps[2], kb.P2)}
	for _, c := range []struct {
		moves kb.Order[int]
		next  []kb.Order[int]
		line  []int
	}{
		{bit1, nil, []int{1, 2, 3}},
		{bit1, []kb.Order[int]{bit2}, []int{1, 2, 4}},
		{bit1, []kb.Order[int]{{}}, []int{1, 2, 3}},
		{bit2, nil, nil},
	} {
		a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 2, Better: kb.Pos(ps[0], kb.P2), Moves: c.moves, MovesNext: c.next}
		r, err := NewSearcher[int, int](g, Options{}).Solve(context.Background(), a, new(int))
		require.NoError(t, err)
		if c.line == nil {
			require.Equal(t, Unsat, r.Value)
			continue
		}
		require.Equal(t, Sat, r.Value)
		require.Equal(t, c.line, r.Tree.PrincipalLine())
	}
}

// TestMemoKeysOnTheMoveNumber: node 2 is searched after one move of
// White from 0 and then as a root; its constraints differ (bit2, then
// bit1), so the memo must not answer the second search with the first
// one's tree.
func TestMemoKeysOnTheMoveNumber(t *testing.T) {
	g := levelsGame()
	ps := treeLib(g)
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 2, Better: kb.Pos(ps[0], kb.P2),
		Moves: kb.Order[int]{kb.Pos(ps[1], kb.P2)}, MovesNext: []kb.Order[int]{{kb.Pos(ps[2], kb.P2)}}}
	s := NewSearcher[int, int](g, Options{})
	r, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, []int{1, 2, 4}, r.Tree.PrincipalLine())
	two := 2
	r, err = s.Solve(context.Background(), a, &two)
	require.NoError(t, err)
	require.Equal(t, []int{3}, r.Tree.PrincipalLine())
	checkTree(t, g, a, 2, r.Tree, r.Depth)
}

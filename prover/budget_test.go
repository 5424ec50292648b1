package prover

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// TestExactBudgetIgnoresTheMemo: a search whose budget is one node less
// than a cold search needs runs out of it, however warm the memo; without
// ExactBudget a memo warmed by an unbudgeted search answers it.
func TestExactBudgetIgnoresTheMemo(t *testing.T) {
	win := &kb.Advice[nim]{Name: "win", Side: game.White, Depth: 6,
		Better: kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2))}
	ctx := context.Background()
	for _, heap := range []int{5, 9, 13} {
		root := nim{heap: heap}
		cold, err := NewSearcher[nim, int](nimGame{}, Options{MaxNodes: -1}).Solve(ctx, win, &root)
		require.NoError(t, err)
		require.NotEqual(t, Unknown, cold.Value)
		require.Greater(t, cold.Nodes, int64(1))
		for _, exact := range []bool{false, true} {
			s := NewSearcher[nim, int](nimGame{}, Options{MaxNodes: -1, ExactBudget: exact})
			_, err := s.Solve(ctx, win, &root) // warms the memo
			require.NoError(t, err)
			s.SetMaxNodes(cold.Nodes - 1)
			warm, err := s.Solve(ctx, win, &root)
			require.NoError(t, err)
			if exact {
				require.Equal(t, Unknown, warm.Value, "heap %d: the cold search runs out", heap)
				require.Equal(t, "node budget", warm.Reason)
			} else {
				require.Equal(t, cold.Value, warm.Value, "heap %d: the memo answers", heap)
			}
			s.SetMaxNodes(cold.Nodes)
			warm, err = s.Solve(ctx, win, &root)
			require.NoError(t, err)
			require.Equal(t, cold.Value, warm.Value, "heap %d: the cold search's budget is enough", heap)
			require.Equal(t, cold.Tree.PrincipalLine(), warm.Tree.PrincipalLine(), "heap %d", heap)
		}
	}
}

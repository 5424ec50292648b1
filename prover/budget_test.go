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

// TestAdviceBudget: a base's own budget for advice (`nodes N`,
// kb.Advice.MaxNodes) bounds a top-level search instead of
// Options.MaxNodes, larger or smaller, unless FixedBudget; a nested
// search has what is left of the one it is in.
func TestAdviceBudget(t *testing.T) {
	ctx := context.Background()
	root := nim{heap: 13}
	win := func(budget int64) *kb.Advice[nim] {
		return &kb.Advice[nim]{Name: "win", Side: game.White, Depth: 6, MaxNodes: budget,
			Better: kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2))}
	}
	cold, err := NewSearcher[nim, int](nimGame{}, Options{MaxNodes: -1, NoMemo: true}).Solve(ctx, win(0), &root)
	require.NoError(t, err)
	require.NotEqual(t, Unknown, cold.Value)
	need := cold.Nodes
	cases := []struct {
		name    string
		opt     Options
		advice  int64
		unknown bool
	}{
		{"the advice's budget too small, the option's enough", Options{MaxNodes: need}, need - 1, true},
		{"the advice's budget enough, the option's too small", Options{MaxNodes: need - 1}, need, false},
		{"no budget of the advice: the option's", Options{MaxNodes: need - 1}, 0, true},
		{"fixed: the option's, too small", Options{MaxNodes: need - 1, FixedBudget: true}, need, true},
		{"fixed: the option's, enough", Options{MaxNodes: need, FixedBudget: true}, need - 1, false},
	}
	for _, c := range cases {
		c.opt.NoMemo = true
		res, err := NewSearcher[nim, int](nimGame{}, c.opt).Solve(ctx, win(c.advice), &root)
		require.NoError(t, err, c.name)
		if c.unknown {
			require.Equal(t, Unknown, res.Value, c.name)
			require.Equal(t, ReasonBudget, res.Reason, c.name)
		} else {
			require.Equal(t, cold.Value, res.Value, c.name)
		}
	}
	// With ExactBudget the certificate is checked against the advice's
	// budget: a warm memo does not make a search that needs more pass.
	fresh, err := NewSearcher[nim, int](nimGame{}, Options{MaxNodes: -1}).Solve(ctx, win(0), &root)
	require.NoError(t, err)
	for _, exact := range []bool{false, true} {
		a := win(0)
		s := NewSearcher[nim, int](nimGame{}, Options{MaxNodes: -1, ExactBudget: exact})
		_, err = s.Solve(ctx, a, &root) // warms the memo
		require.NoError(t, err)
		a.MaxNodes = fresh.Nodes - 1
		res, err := s.Solve(ctx, a, &root)
		require.NoError(t, err)
		if exact {
			require.Equal(t, Unknown, res.Value, "the cold search runs out of the advice's budget")
		} else {
			require.Equal(t, cold.Value, res.Value, "the memo answers")
		}
	}
}

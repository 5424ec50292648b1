package prover

import (
	"context"

	"github.com/advicelang/al/kb"
)

// With Options.ExactBudget, a node budget (Options.MaxNodes) bounds the nodes a search visits, and
// the memo makes a search visit fewer: a memo hit answers an expansion at
// no cost. So, left alone, whether a search runs out of its budget would
// depend on what the memo held when it began (the games, the starts
// searched before), not on the position and the advice alone, and a
// strategy whose moves depend on such searches would not be a function of
// the position. The answer of a search with a budget is therefore defined
// as that of the same search from an empty memo (a cold search): Unknown
// when the cold search runs out of the budget, its value otherwise (which
// is the value without a budget).
//
// The searcher does not search cold every time: it searches with its memo
// and checks a certificate, that a search without any memo (which visits
// every node a cold search visits, and more) stays within the budget. Each
// memo entry keeps its cost (memoTable.costs): the bound it was found
// with and the nodes a search without a memo visits below it, known when
// every memo hit below it was exact and no call (suc(A)) was searched. A
// hit is exact when it answers the bound its entry was found with, or,
// for a failure that no bound cut (stored for every bound), a larger
// bound: a search that never reached its bound is the same search with a
// larger one. The call's
// cost is then its nodes plus its hits' costs; when that is known and
// within the budget, the answer stands. Otherwise (a hit at another bound,
// a call, a cost over the budget, or the budget run out) the search is
// done again by a cold searcher, whose answer decides: an Unknown of it is
// the answer, and otherwise the value found with the memo (or the cold
// one, when the memo's search ran out). Nested searchers (calls) are
// inside a top-level search and count against its budget; the top-level
// search's certificate covers them.

// needsCold reports whether the answer res of the call just made must be
// checked by a cold search.
func (s *Searcher[P, M]) needsCold(res Result[P, M]) bool {
	if !s.opt.ExactBudget || s.parent != nil || s.isCold || s.opt.NoMemo || s.limit <= 0 {
		return false
	}
	if res.Value == Unknown {
		return s.reason == ReasonBudget
	}
	return s.unsure > 0 || res.Nodes+s.extra > s.limit
}

// coldSolve is solve by a searcher with an empty memo, the same options
// and memory.
func (s *Searcher[P, M]) coldSolve(ctx context.Context, a *kb.Advice[P], pos *P, maxDepth int) (Result[P, M], error) {
	c := s.cold
	if c == nil {
		c = NewSearcher(s.g, s.opt)
		c.isCold = true
		s.cold = c
	}
	c.opt = s.opt
	c.mem, c.memIDs, c.baseCap = s.mem, s.memIDs, s.baseCap
	for n := c; n != nil; n = n.sub {
		n.emptyMemo()
	}
	// The cold searcher numbers advice as s does and borrows its goal
	// table: the goals' values do not depend on the memo.
	c.ids = s.ids
	c.goalTab, s.goalTab = s.goalTab, goalTable{}
	defer func() { s.goalTab, c.goalTab = c.goalTab, goalTable{} }()
	return c.solve(ctx, a, pos, maxDepth)
}

// emptyMemo empties the memo (not the goal table, which changes no count).
func (s *Searcher[P, M]) emptyMemo() {
	s.epoch++
	s.memo.clear()
	s.old.clear()
	clear(s.trees)
	clear(s.oldTrees)
	s.trees, s.oldTrees = s.trees[:0], s.oldTrees[:0]
}

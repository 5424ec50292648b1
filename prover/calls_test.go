package prover

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// call is the formula suc(a).
func call[P any](a *kb.Advice[P]) *kb.Formula[P] {
	return &kb.Formula[P]{Op: kb.OpCall, Call: &kb.Call[P]{Name: a.Name, Advice: a}}
}

// blackEmptyOr is "Black to move, and the heap empty or f".
func blackEmptyOr(f *kb.Formula[nim]) *kb.Formula[nim] {
	return kb.And(kb.Pos(nimBlack, kb.P2), kb.Or(kb.Pos(nimEmpty, kb.P2), f))
}

// TestCallsAreSatOfTheCallee: advice whose better goal calls nimWin(2)
// after one move of White is nimWin(3); the search through the call
// agrees with the search without, for every heap, through one searcher
// (its memo and its nested searcher's) and fresh ones.
func TestCallsAreSatOfTheCallee(t *testing.T) {
	win2 := nimWin(2)
	caller := &kb.Advice[nim]{Name: "caller", Side: game.White, Depth: 1, Better: blackEmptyOr(call(win2)), Calls: []*kb.Advice[nim]{win2}}
	shared := NewSearcher[nim, int](nimGame{}, Options{})
	for heap := range 16 {
		root := nim{heap: heap}
		want, err := NewSearcher[nim, int](nimGame{}, Options{}).Solve(context.Background(), nimWin(3), &root)
		require.NoError(t, err)
		for _, s := range []*Searcher[nim, int]{shared, NewSearcher[nim, int](nimGame{}, Options{}), NewSearcher[nim, int](nimGame{}, Options{NoMemo: true})} {
			got, err := s.Solve(context.Background(), caller, &root)
			require.NoError(t, err)
			require.Equal(t, want.Value, got.Value, "heap %d", heap)
		}
	}
}

// TestRecursionIsBoundedByDepth: REC (depth 3) reaches "Black to move and
// the heap empty, or REC satisfiable here"; each recursive call runs with
// one move less (3, 2, 1, 0), so REC wins exactly where White wins within
// 3+2+1 = 6 moves.
func TestRecursionIsBoundedByDepth(t *testing.T) {
	rec := &kb.Advice[nim]{Name: "rec", Side: game.White, Depth: 3}
	rec.Better = blackEmptyOr(call(rec))
	rec.Calls = []*kb.Advice[nim]{rec}
	s := NewSearcher[nim, int](nimGame{}, Options{})
	for heap := range 22 {
		root := nim{heap: heap}
		want := heap%3 != 0 && 1+heap/3 <= 6
		got, err := s.Solve(context.Background(), rec, &root)
		require.NoError(t, err)
		require.Equal(t, wantV(want), got.Value, "heap %d", heap)
		fresh, err := NewSearcher[nim, int](nimGame{}, Options{NoMemo: true}).Solve(context.Background(), rec, &root)
		require.NoError(t, err)
		require.Equal(t, got.Value, fresh.Value, "heap %d", heap)
	}
	// A recursion whose better goal is only the call ends too: in al's
	// mode it bottoms out where Black has no reply (heap 0), in AL0 mode,
	// where such a node fails, nowhere.
	loop := &kb.Advice[nim]{Name: "loop", Side: game.White, Depth: 4}
	loop.Better = call(loop)
	root := nim{heap: 7}
	r, err := s.Solve(context.Background(), loop, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	loop0 := &kb.Advice[nim]{Name: "loop", Side: game.White, Depth: 4, AL0: true}
	loop0.Better = call(loop0)
	r, err = s.Solve(context.Background(), loop0, &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
}

// TestCallsShareTheBudget: the nodes of a call count against the caller's
// budget, and a call that runs out makes the caller Unknown.
func TestCallsShareTheBudget(t *testing.T) {
	win := nimWin(8)
	caller := &kb.Advice[nim]{Name: "caller", Side: game.White, Depth: 1, Better: blackEmptyOr(call(win))}
	root := nim{heap: 20}
	r, err := NewSearcher[nim, int](nimGame{}, Options{NoMemo: true}).Solve(context.Background(), caller, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	all := r.Nodes
	require.Greater(t, all, int64(20), "the call's nodes are counted")
	r, err = NewSearcher[nim, int](nimGame{}, Options{NoMemo: true, MaxNodes: all / 2}).Solve(context.Background(), caller, &root)
	require.NoError(t, err)
	require.Equal(t, Unknown, r.Value)
	require.Equal(t, "node budget", r.Reason)
}

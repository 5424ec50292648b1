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

// exitGame: 0 (White) has moves to 1 and 2, both breaking the holding
// goal (bit1 off); 3 (White) has a move to 4, which keeps it but fails
// deeper (a White node with no move).
func exitGame() *tgame {
	return &tgame{nodes: []tnode{
		{side: game.White, label: 2, kids: []int{1, 2}}, // 0
		{side: game.Black},                           // 1
		{side: game.Black},                           // 2
		{side: game.White, label: 2, kids: []int{4}}, // 3
		{side: game.Black, label: 2, kids: []int{5}}, // 4
		{side: game.White, label: 2},                 // 5: no move
	}}
}

// TestOtherwise: the exit decides an X node where no allowed move keeps
// the holding goal (node 0; node 5, with no move at all), and only such a
// node (node 3's move keeps it and fails deeper).
func TestOtherwise(t *testing.T) {
	g := exitGame()
	ps := treeLib(g)
	for _, c := range []struct {
		exit *kb.Formula[int]
		root int
		want Value
		kind NodeKind
	}{
		{nil, 0, Unsat, 0},
		{kb.True[int](), 0, Sat, Exit},
		{kb.False[int](), 0, Unsat, 0},
		{kb.Pos(ps[2], kb.P2), 0, Unsat, 0}, // bit2 does not hold at 0
		{kb.True[int](), 3, Sat, XNode},     // 3 -> 4 -> 5, where the exit holds
		{nil, 3, Unsat, 0},
	} {
		a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 3, Better: kb.Pos(ps[0], kb.P2), Holding: kb.Pos(ps[1], kb.P2), Otherwise: c.exit}
		root := c.root
		r, err := NewSearcher[int, int](g, Options{}).Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, c.want, r.Value, "exit %v root %d", c.exit, c.root)
		if c.want == Sat {
			require.Equal(t, c.kind, r.Tree.Kind)
		}
	}
	// At the end of the depth bound an X node is cut off, not an exit.
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 1, Better: kb.Pos(ps[0], kb.P2), Holding: kb.Pos(ps[1], kb.P2), Otherwise: kb.True[int]()}
	three := 3
	r, err := NewSearcher[int, int](g, Options{}).Solve(context.Background(), a, &three)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
}

// nimPass is nim where the side to move may pass.
type nimPass struct{ nimGame }

func (nimPass) Pass(p *nim) (nim, bool) { return nim{heap: p.heap, side: p.side.Other()}, true }

// TestSemistatic: with option semistatic Black passes, so White takes
// the last stone from heap 3 in two moves (1, then 2), which Black's
// replies prevent in plain nim; heap 5 still needs three moves.
func TestSemistatic(t *testing.T) {
	for _, c := range []struct {
		heap, depth int
		static      bool
		want        Value
	}{
		{3, 2, false, Unsat},
		{3, 2, true, Sat},
		{5, 2, true, Unsat},
		{5, 3, true, Sat},
	} {
		a := nimWin(c.depth)
		a.Semistatic = c.static
		root := nim{heap: c.heap}
		r, err := NewSearcher[nim, int](nimPass{}, Options{}).Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, c.want, r.Value, "%+v", c)
		if r.Value == Sat && c.static {
			// X's moves and the passes (the zero move) alternate.
			line := r.Tree.PrincipalLine()
			for i, m := range line {
				require.Equal(t, i%2 == 1, m == 0, "line %v", line)
			}
		}
	}
	// A game without a pass cannot search semi-statically.
	a := nimWin(2)
	a.Semistatic = true
	_, err := NewSearcher[nim, int](nimGame{}, Options{}).Solve(context.Background(), a, &nim{heap: 3})
	require.ErrorContains(t, err, "no pass")
}

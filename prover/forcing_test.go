package prover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// refSat is sat(a, pos) with depth bound d written straight from the
// definition (LANGUAGE.md, "Semantics"): no memo, no iterative deepening.
// In AL0 mode (a.AL0) a Y node without an allowed reply is no terminal.
func refSat[P any, M comparable](g game.Game[P, M], a *kb.Advice[P], root P, d int) bool {
	// xs and ys count the moves each side has made (per-move constraints).
	var rec func(q, parent P, d, xs, ys int) bool
	rec = func(q, parent P, d, xs, ys int) bool {
		env := kb.Env[P]{P0: &root, P1: &parent, P2: &q}
		bg := a.Better != nil && a.Better.Eval(&env)
		hg := a.Holding == nil || a.Holding.Eval(&env)
		yToMove := g.ToMove(&q) != a.Side
		var allowed []M
		for _, m := range g.Moves(&q, nil) {
			c := g.Play(&q, m)
			e := kb.Env[P]{P0: &root, P1: &q, P2: &c}
			order := a.MovesAt(xs)
			if yToMove {
				order = a.RepliesAt(ys)
			}
			if _, ok := order.Allows(&e); ok {
				allowed = append(allowed, m)
			}
		}
		terminalOK := bg || (yToMove && len(allowed) == 0 && !a.AL0)
		if terminalOK && (a.Sacrifice || hg) {
			return true // q can be a terminal node
		}
		if bg || !hg {
			return false // BG forbids a non-terminal node; so does ~HG
		}
		if yToMove {
			if len(allowed) == 0 {
				return false // AL0's leaf rule
			}
			for _, m := range allowed {
				if !rec(g.Play(&q, m), q, d, xs, ys+1) {
					return false
				}
			}
			return true
		}
		if d == 0 {
			return false
		}
		for _, m := range allowed {
			if rec(g.Play(&q, m), q, d-1, xs+1, ys) {
				return true
			}
		}
		return false
	}
	return rec(root, root, d, 0, 0)
}

// checkTree verifies that t is a forcing tree for a at root with at most d
// moves of X on any path, straight from the definition.
func checkTree[P any, M comparable](t *testing.T, g game.Game[P, M], a *kb.Advice[P], root P, tree *Node[P, M], d int) {
	t.Helper()
	var rec func(n *Node[P, M], parent P, d, xs, ys int)
	rec = func(n *Node[P, M], parent P, d, xs, ys int) {
		q := n.Pos
		env := kb.Env[P]{P0: &root, P1: &parent, P2: &q}
		bg := a.Better != nil && a.Better.Eval(&env)
		hg := a.Holding == nil || a.Holding.Eval(&env)
		if !n.Terminal() || !a.Sacrifice {
			require.True(t, hg, "HG fails at a %s node", n.Kind)
		}
		yToMove := g.ToMove(&q) != a.Side
		var allowed []M
		for _, m := range g.Moves(&q, nil) {
			c := g.Play(&q, m)
			e := kb.Env[P]{P0: &root, P1: &q, P2: &c}
			order := a.MovesAt(xs)
			if yToMove {
				order = a.RepliesAt(ys)
			}
			if _, ok := order.Allows(&e); ok {
				allowed = append(allowed, m)
			}
		}
		switch n.Kind {
		case Goal:
			require.True(t, bg, "goal node without BG")
		case NoReply:
			require.True(t, yToMove, "no-reply node with X to move")
			require.Empty(t, allowed)
		case XNode:
			require.False(t, bg, "BG at a non-terminal node")
			require.False(t, yToMove)
			require.Len(t, n.Children, 1)
			require.Contains(t, allowed, n.Children[0].Move)
			require.Positive(t, d, "more X moves than the bound")
			c := g.Play(&q, n.Children[0].Move)
			require.Equal(t, g.Hash(&c), g.Hash(&n.Children[0].Node.Pos))
			rec(n.Children[0].Node, q, d-1, xs+1, ys)
		case YNode:
			require.False(t, bg, "BG at a non-terminal node")
			require.True(t, yToMove)
			require.Len(t, n.Children, len(allowed))
			for i, e := range n.Children {
				require.Contains(t, allowed, e.Move)
				for _, f := range n.Children[:i] {
					require.NotEqual(t, f.Move, e.Move)
				}
				c := g.Play(&q, e.Move)
				require.Equal(t, g.Hash(&c), g.Hash(&e.Node.Pos))
				rec(e.Node, q, d, xs, ys+1)
			}
		}
	}
	rec(tree, root, d, 0, 0)
}

// nim predicates: the heap is empty; the move took exactly two stones.
var (
	nimEmpty = &kb.Predicate[nim]{Name: "empty", Kind: kb.PositionKind, Doc: "no stones",
		Pos: func(p *nim) bool { return p.heap == 0 }}
	nimBlack = &kb.Predicate[nim]{Name: "black_to_move", Kind: kb.PositionKind, Doc: "black to move",
		Pos: func(p *nim) bool { return p.side == game.Black }}
	nimTook2 = &kb.Predicate[nim]{Name: "took2", Kind: kb.RelationKind, Doc: "took two",
		Rel: func(a, b *nim) bool { return a.heap-b.heap == 2 }}
	nimTook1 = &kb.Predicate[nim]{Name: "took1", Kind: kb.RelationKind, Doc: "took one",
		Rel: func(a, b *nim) bool { return a.heap-b.heap == 1 }}
)

// nimWin: White takes the last stone.
func nimWin(depth int) *kb.Advice[nim] {
	return &kb.Advice[nim]{Name: "win", Side: game.White, Depth: depth,
		Better: kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2)), Holding: kb.True[nim]()}
}

func TestNimWinsExactlyOffMultiplesOfThree(t *testing.T) {
	for heap := 0; heap <= 14; heap++ {
		for _, memo := range []bool{true, false} {
			s := NewSearcher[nim, int](nimGame{}, Options{NoMemo: !memo})
			a := nimWin(10)
			root := nim{heap: heap}
			r, err := s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			if heap%3 == 0 {
				require.Equal(t, Unsat, r.Value, "heap %d", heap)
				continue
			}
			require.Equal(t, Sat, r.Value, "heap %d", heap)
			// The shortest win takes 1 + heap/3 moves of White: Black takes
			// one stone at a time to make it last.
			require.Equal(t, 1+heap/3, r.Depth, "heap %d", heap)
			require.Equal(t, r.Depth, r.Tree.XMoves())
			checkTree(t, nimGame{}, a, root, r.Tree, r.Depth)
			// The first move leaves a multiple of three.
			require.Equal(t, heap%3, r.Tree.Children[0].Move)
			// One bound less is not enough.
			a2 := nimWin(r.Depth - 1)
			r2, err := s.Solve(context.Background(), a2, &root)
			require.NoError(t, err)
			require.Equal(t, Unsat, r2.Value)
		}
	}
}

func TestNimBlackToMoveStartsWithAYNode(t *testing.T) {
	s := NewSearcher[nim, int](nimGame{}, Options{})
	// Heap 3 with Black to move: every reply leaves 2 or 1 and White takes
	// the rest: one move of White.
	root := nim{heap: 3, side: game.Black}
	r, err := s.Solve(context.Background(), nimWin(5), &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, YNode, r.Tree.Kind)
	require.Len(t, r.Tree.Children, 2)
	require.Equal(t, 1, r.Depth)
	// Heap 4 (or 5), Black to move: Black leaves 3: lost for White.
	root = nim{heap: 4, side: game.Black}
	r, err = s.Solve(context.Background(), nimWin(5), &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
	root = nim{heap: 5, side: game.Black}
	r, err = s.Solve(context.Background(), nimWin(5), &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
	root = nim{heap: 6, side: game.Black}
	r, err = s.Solve(context.Background(), nimWin(5), &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value, "black to move at 6 leaves 5 or 4")
	root = nim{heap: 0, side: game.White}
	r, err = s.Solve(context.Background(), nimWin(5), &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
}

func TestDepthZeroIsTheGoalAtTheRoot(t *testing.T) {
	s := NewSearcher[nim, int](nimGame{}, Options{})
	root := nim{heap: 0, side: game.Black}
	r, err := s.Solve(context.Background(), nimWin(0), &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, Goal, r.Tree.Kind)
	require.Equal(t, 0, r.Depth)
	root = nim{heap: 1}
	r, err = s.Solve(context.Background(), nimWin(0), &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
}

func TestYWithoutAnAllowedReplyIsATerminal(t *testing.T) {
	// BG false; Black may only take two. White wins by leaving Black fewer
	// than two stones.
	a := &kb.Advice[nim]{Name: "squeeze", Side: game.White, Depth: 3, Better: kb.False[nim](),
		Replies: kb.Order[nim]{kb.Rel(nimTook2, kb.P1, kb.P2)}}
	s := NewSearcher[nim, int](nimGame{}, Options{})
	root := nim{heap: 3}
	r, err := s.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, 1, r.Depth)
	require.Equal(t, []int{2}, r.Tree.PrincipalLine())
	require.Equal(t, NoReply, r.Tree.Children[0].Node.Kind)
	// Heap 4: 4 -1-> 3 -2-> 1 -1-> 0 with Black to move and no move at all.
	root = nim{heap: 4}
	r, err = s.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, 2, r.Depth)
	checkTree(t, nimGame{}, a, root, r.Tree, 2)
}

func TestMoveOrderDecidesTheTreeFound(t *testing.T) {
	// Heap 2 with BG "White takes the last stone": taking 2 wins at once;
	// with the order `took1 then took2` the search still finds the only
	// winning move, and with `took2 then took1` it is the first tried.
	for _, o := range []kb.Order[nim]{
		{kb.Rel(nimTook1, kb.P1, kb.P2), kb.Rel(nimTook2, kb.P1, kb.P2)},
		{kb.Rel(nimTook2, kb.P1, kb.P2), kb.Rel(nimTook1, kb.P1, kb.P2)},
	} {
		a := nimWin(3)
		a.Moves = o
		s := NewSearcher[nim, int](nimGame{}, Options{})
		root := nim{heap: 2}
		r, err := s.Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, []int{2}, r.Tree.PrincipalLine())
	}
	// Heap 4 and a goal "heap <= 2 with Black to move" (both moves win at
	// depth 1): the order picks the move.
	le2 := &kb.Predicate[nim]{Name: "le2", Kind: kb.PositionKind, Doc: "at most two",
		Pos: func(p *nim) bool { return p.heap <= 2 }}
	for want, o := range map[int]kb.Order[nim]{
		1: {kb.Rel(nimTook1, kb.P1, kb.P2)},
		2: {kb.Rel(nimTook2, kb.P1, kb.P2), kb.Rel(nimTook1, kb.P1, kb.P2)},
	} {
		a := &kb.Advice[nim]{Name: "le2", Side: game.White, Depth: 2, Better: kb.And(kb.Pos(le2, kb.P2), kb.Pos(nimBlack, kb.P2)), Moves: o}
		s := NewSearcher[nim, int](nimGame{}, Options{})
		root := nim{heap: 3}
		r, err := s.Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, []int{want}, r.Tree.PrincipalLine())
	}
}

// sacrificeGame: root (White to move) has two moves. Move to 1 reaches the
// goal (bit0) but loses the holding goal (bit1 off); move to 2 keeps HG and
// reaches the goal one move of White later.
func sacrificeGame() *tgame {
	return &tgame{nodes: []tnode{
		{side: game.White, label: 2, kids: []int{1, 2}}, // 0: HG
		{side: game.Black, label: 1},                    // 1: BG, no HG, Black has no move
		{side: game.Black, label: 2, kids: []int{3}},    // 2: HG
		{side: game.White, label: 2, kids: []int{4}},    // 3: HG
		{side: game.Black, label: 3},                    // 4: BG and HG
	}}
}

func TestSacrifice(t *testing.T) {
	g := sacrificeGame()
	ps := treeLib(g)
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 3, Better: kb.Pos(ps[0], kb.P2), Holding: kb.Pos(ps[1], kb.P2)}
	s := NewSearcher[int, int](g, Options{})
	r, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, 2, r.Depth)
	require.Equal(t, []int{2, 3, 4}, r.Tree.PrincipalLine())
	sa := *a
	sa.Sacrifice = true
	r, err = s.Solve(context.Background(), &sa, new(int))
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, 1, r.Depth)
	require.Equal(t, []int{1}, r.Tree.PrincipalLine())
	checkTree(t, g, &sa, 0, r.Tree, 1)
	// Without HG at the root nothing helps, sacrifice or not.
	sn := sa
	sn.Holding = kb.Not(kb.Pos(ps[1], kb.P2))
	r, err = s.Solve(context.Background(), &sn, new(int))
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
	// A NoReply terminal needs no HG under sacrifice: node 1 without BG.
	sb := sn
	sb.Better = kb.False[int]()
	sb.Holding = kb.Pos(ps[1], kb.P2)
	r, err = s.Solve(context.Background(), &sb, new(int))
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, NoReply, r.Tree.Children[0].Node.Kind)
	// Without sacrifice only the long way (0, 2, 3, 4) keeps HG: not within
	// one move of White.
	sc := sb // a new advice: the memo table knows advice by pointer
	sc.Sacrifice = false
	sc.Depth = 1
	r, err = s.Solve(context.Background(), &sc, new(int))
	require.NoError(t, err)
	require.Equal(t, Unsat, r.Value)
}

// TestRandomTreesAgainstTheDefinition compares the searcher (with and
// without memo) with refSat on random explicit games and random advice, and
// checks every tree it returns and that it is a shortest one.
func TestRandomTreesAgainstTheDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 400
	if testing.Short() {
		n = 100
	}
	counts := map[Value]int{}
	for i := range n {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		memo := NewSearcher[int, int](g, Options{MaxMemo: []int{0, 1 + r.IntN(40)}[i%2]})
		plain := NewSearcher[int, int](g, Options{NoMemo: true})
		for range 6 {
			a := randomLevels(r, ps, randomAdvice(r, ps, r.IntN(4)))
			root := r.IntN(len(g.nodes) / 2)
			want := refSat[int, int](g, a, root, a.Depth)
			// Twice through the memo searcher: the second call reads the table.
			// Trees are a function of the position: all three calls agree.
			var trees []string
			for k, s := range []*Searcher[int, int]{memo, plain, memo} {
				res, err := s.Solve(context.Background(), a, &root)
				require.NoError(t, err)
				wantV := Unsat
				if want {
					wantV = Sat
				}
				require.Equal(t, wantV, res.Value, "tree %d searcher %d", i, k)
				if want {
					checkTree(t, g, a, root, res.Tree, res.Depth)
					if res.Depth > 0 {
						require.False(t, refSat[int, int](g, a, root, res.Depth-1), "not a shortest tree")
					}
					trees = append(trees, treeString(res.Tree))
				}
			}
			for _, tr := range trees {
				require.Equal(t, trees[0], tr)
			}
			counts[wantV(want)]++
		}
	}
	// The random advice must exercise both answers.
	require.Greater(t, counts[Sat], n/4)
	require.Greater(t, counts[Unsat], n/4)
}

// treeString prints a tree as nested moves.
func treeString[P any, M comparable](n *Node[P, M]) string {
	out := n.Kind.String()
	if len(n.Children) > 0 {
		out += "("
		for i, e := range n.Children {
			if i > 0 {
				out += " "
			}
			out += fmt.Sprint(e.Move) + ":" + treeString(e.Node)
		}
		out += ")"
	}
	return out
}

func wantV(b bool) Value {
	if b {
		return Sat
	}
	return Unsat
}

// TestInverseAdvice: sat(A) <=> not sat(inverse(A)) on random finite games
// whose paths are shorter than the depth bound.
func TestInverseAdvice(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 300
	if testing.Short() {
		n = 80
	}
	for i := range n {
		g := randomTree(r, 6+r.IntN(14), i%2 == 0)
		ps := treeLib(g)
		s := NewSearcher[int, int](g, Options{})
		for range 5 {
			a := randomAdvice(r, ps, len(g.nodes))
			a.Sacrifice = false
			inv, err := Inverse(a)
			require.NoError(t, err)
			root := r.IntN(len(g.nodes))
			ra, err := s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			ri, err := s.Solve(context.Background(), inv, &root)
			require.NoError(t, err)
			require.NotEqual(t, Unknown, ra.Value)
			require.NotEqual(t, ra.Value, ri.Value, "tree %d root %d", i, root)
		}
	}
	_, err := Inverse(&kb.Advice[int]{Name: "s", Sacrifice: true})
	require.Error(t, err)
}

// TestRefutation: ref(Py, Px) holds iff the refutation advice is not
// satisfiable, and it implies ~suc(Px), with or without option sacrifice
// on either plan (randomAdvice gives it a quarter of the time).
func TestRefutation(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	refs, sacrifices := 0, 0
	for i := range 400 {
		g := randomTree(r, 6+r.IntN(14), true)
		ps := treeLib(g)
		s := NewSearcher[int, int](g, Options{})
		px := randomAdvice(r, ps, len(g.nodes))
		px.Replies = nil
		py := randomAdvice(r, ps, 1+r.IntN(3))
		py.Side = px.Side.Other()
		py.Replies = nil
		ra, err := RefutationAdvice(py, px)
		require.NoError(t, err)
		require.Equal(t, max(px.Depth, py.Depth), ra.Depth)
		root := r.IntN(len(g.nodes))
		rr, err := s.Solve(context.Background(), ra, &root)
		require.NoError(t, err)
		ref := rr.Value == Unsat
		suc, err := s.Solve(context.Background(), px, &root)
		require.NoError(t, err)
		require.Equal(t, px.Sacrifice, ra.Sacrifice)
		if ref {
			refs++
			if px.Sacrifice || py.Sacrifice {
				sacrifices++
			}
			require.Equal(t, Unsat, suc.Value, "ref(Py, Px) must imply ~suc(Px) (tree %d)", i)
		}
	}
	require.Positive(t, refs)
	require.Positive(t, sacrifices)
	_, err := RefutationAdvice(&kb.Advice[int]{Side: game.White}, &kb.Advice[int]{Side: game.White})
	require.Error(t, err)
}

// TestRefutationWithSacrifice: Y's sacrifice takes its better goal out of
// X's: where py reaches BGy without HGy, X has not won.
func TestRefutationWithSacrifice(t *testing.T) {
	bg, hg := kb.True[int](), kb.False[int]()
	px := &kb.Advice[int]{Name: "x", Side: game.White, Depth: 1, Better: kb.False[int](), Sacrifice: true}
	py := &kb.Advice[int]{Name: "y", Side: game.Black, Depth: 2, Better: bg, Holding: hg}
	ra, err := RefutationAdvice(py, px)
	require.NoError(t, err)
	pos := 0
	env := &kb.Env[int]{P0: &pos, P1: &pos, P2: &pos}
	// Y without HGy: X's better goal holds.
	require.True(t, ra.Better.Eval(env))
	require.True(t, ra.Sacrifice)
	py.Sacrifice = true
	ra, err = RefutationAdvice(py, px)
	require.NoError(t, err)
	// Y without HGy but with BGy, under sacrifice: it does not.
	require.False(t, ra.Better.Eval(env))
	require.Equal(t, 2, ra.Depth)
}

func TestCombinations(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		g := randomTree(r, 6+r.IntN(14), true)
		ps := treeLib(g)
		a := randomAdvice(r, ps, r.IntN(4))
		b := randomAdvice(r, ps, r.IntN(4))
		b.Side = a.Side
		a.Replies, b.Replies = nil, nil
		a.Sacrifice, b.Sacrifice = false, false
		or, err := Or(a, b)
		require.NoError(t, err)
		mod, err := Mod(a, b)
		require.NoError(t, err)
		require.Equal(t, max(a.Depth, b.Depth), or.Depth)
		s := NewSearcher[int, int](g, Options{})
		root := r.IntN(len(g.nodes))
		for _, c := range []*kb.Advice[int]{or, mod} {
			res, err := s.Solve(context.Background(), c, &root)
			require.NoError(t, err)
			require.Equal(t, wantV(refSat[int, int](g, c, root, c.Depth)), res.Value, "tree %d %s", i, c.Name)
		}
		// A success of A is a success of A mod B: MCa|MCb only adds moves.
		aMax := *a
		aMax.Depth = mod.Depth
		if refSat[int, int](g, &aMax, root, aMax.Depth) {
			require.True(t, refSat[int, int](g, mod, root, mod.Depth), "tree %d", i)
		}
	}
	_, err := Or(&kb.Advice[int]{Side: game.White}, &kb.Advice[int]{Side: game.Black})
	require.Error(t, err)
}

func TestCombineOrdersTriesBothFirst(t *testing.T) {
	// Moves 1..4 of an explicit node; A allows {1, 2} as bit0, B allows {2, 3}
	// as bit1. Order: both (2), A only (1), B only (3); 4 is not allowed.
	g := &tgame{nodes: []tnode{
		{side: game.White, kids: []int{1, 2, 3, 4}},
		{side: game.Black, label: 1}, {side: game.Black, label: 3},
		{side: game.Black, label: 2}, {side: game.Black, label: 0},
	}}
	ps := treeLib(g)
	o := CombineOrders(kb.Order[int]{kb.Pos(ps[0], kb.P2)}, kb.Order[int]{kb.Pos(ps[1], kb.P2)})
	var got []int
	for p := 0; p < len(o); p++ {
		for _, m := range []int{1, 2, 3, 4} {
			q, c := 0, m
			part, ok := o.Allows(&kb.Env[int]{P0: &q, P1: &q, P2: &c})
			if ok && part == p {
				got = append(got, m)
			}
		}
	}
	require.Equal(t, []int{2, 1, 3}, got)
	s := NewSearcher[int, int](g, Options{})
	// BG: the label grew (children 1, 2, 3), reached by the first move tried.
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 1, Better: kb.Rel(ps[3], kb.P1, kb.P2), Moves: o}
	res, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, []int{2}, res.Tree.PrincipalLine())
}

type countTracer struct {
	events map[EventKind]int
	lines  []string
}

func (c *countTracer) Trace(e *Event[int, int]) {
	if c.events == nil {
		c.events = map[EventKind]int{}
	}
	c.events[e.Kind]++
	c.lines = append(c.lines, fmt.Sprintf("%s ply=%d depth=%d pos=%d move=%d %s", e.Kind, e.Ply, e.Depth, *e.Pos, e.Move, e.Value))
}

func TestTracerSeesEveryNode(t *testing.T) {
	g := sacrificeGame()
	ps := treeLib(g)
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 3, Better: kb.Pos(ps[0], kb.P2), Holding: kb.Pos(ps[1], kb.P2)}
	s := NewSearcher[int, int](g, Options{NoMemo: true})
	tr := &countTracer{}
	s.SetTracer(tr)
	res, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, Sat, res.Value)
	require.Equal(t, int(res.Nodes), tr.events[EventEnter])
	require.Equal(t, tr.events[EventEnter], tr.events[EventExit])
	require.Equal(t, 3, tr.events[EventIteration]) // depths 0, 1, 2
	require.Equal(t, []string{
		"iteration ply=0 depth=0 pos=0 move=0 unknown",
		"enter ply=0 depth=0 pos=0 move=0 unknown",
		"exit ply=0 depth=0 pos=0 move=0 unsat",
		"iteration ply=0 depth=1 pos=0 move=0 unknown",
		"enter ply=0 depth=1 pos=0 move=0 unknown",
		"enter ply=1 depth=0 pos=1 move=1 unknown",
		"exit ply=1 depth=0 pos=1 move=1 unsat",
		"enter ply=1 depth=0 pos=2 move=2 unknown",
		"enter ply=2 depth=0 pos=3 move=3 unknown",
		"exit ply=2 depth=0 pos=3 move=3 unsat",
		"exit ply=1 depth=0 pos=2 move=2 unsat",
		"exit ply=0 depth=1 pos=0 move=0 unsat",
	}, tr.lines[:12])
}

// kingsLib: the white king reached the far corner; the kings stand in
// opposition; white's king got no farther from the corner.
func kingsAdvice(k kingGame, depth int) *kb.Advice[kings] {
	corner := k.size*k.size - 1
	atCorner := &kb.Predicate[kings]{Name: "corner", Kind: kb.PositionKind, Doc: "white king in the far corner",
		Pos: func(p *kings) bool { return p.w == corner }}
	return &kb.Advice[kings]{Name: "walk", Side: game.White, Depth: depth, Better: kb.Pos(atCorner, kb.P2)}
}

func TestKingWalkShortestTree(t *testing.T) {
	k := kingGame{size: 8}
	// The white king on e5 walks to h8 (three diagonal steps); the black
	// king on a1 is too far to stop it.
	root := kings{w: 36, b: 0}
	s := NewSearcher[kings, int8](k, Options{})
	res, err := s.Solve(context.Background(), kingsAdvice(k, 6), &root)
	require.NoError(t, err)
	require.Equal(t, Sat, res.Value)
	require.Equal(t, 3, res.Depth)
	require.Equal(t, []int8{45}, res.Tree.PrincipalLine()[:1])
	checkTree(t, k, kingsAdvice(k, 6), root, res.Tree, 3)
	require.True(t, refSat[kings, int8](k, kingsAdvice(k, 3), root, 3))
	require.False(t, refSat[kings, int8](k, kingsAdvice(k, 2), root, 2))
	// On a 5x5 board the black king on a5 gets next to the corner first.
	k5 := kingGame{size: 5}
	root5 := kings{w: 0, b: 20}
	res, err = NewSearcher[kings, int8](k5, Options{}).Solve(context.Background(), kingsAdvice(k5, 5), &root5)
	require.NoError(t, err)
	require.Equal(t, Unsat, res.Value)
	require.False(t, refSat[kings, int8](k5, kingsAdvice(k5, 5), root5, 5))
	st := s.Stats()
	require.Positive(t, st.Nodes)
	require.Positive(t, st.MemoSaves)
	require.Positive(t, st.Entries)
}

func TestWriterTracer(t *testing.T) {
	var b strings.Builder
	s := NewSearcher[nim, int](nimGame{}, Options{})
	s.SetTracer(&WriterTracer[nim, int]{W: &b, Pos: func(p *nim) string { return fmt.Sprintf("heap %d", p.heap) }})
	root := nim{heap: 2}
	res, err := s.Solve(context.Background(), nimWin(1), &root)
	require.NoError(t, err)
	require.Equal(t, Sat, res.Value)
	require.Equal(t, `iteration depth=0
enter heap 2 depth=0
exit heap 2 unsat
iteration depth=1
enter heap 2 depth=1
  enter 1 depth=0
    enter 1 depth=0
    exit 1 unsat
  exit 1 unsat
  enter 2 depth=0
  exit 2 sat
exit heap 2 sat
`, b.String())
}

func TestBudgetAndCancellationAreUnknown(t *testing.T) {
	k := kingGame{size: 6}
	root := kings{w: 0, b: 5}
	a := kingsAdvice(k, 8)
	a.Better = kb.And(a.Better, kb.False[kings]()) // never satisfiable: full search
	s := NewSearcher[kings, int8](k, Options{MaxNodes: 500, NoMemo: true})
	res, err := s.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Unknown, res.Value)
	require.Equal(t, "node budget", res.Reason)
	require.LessOrEqual(t, res.Nodes, int64(501))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = NewSearcher[kings, int8](k, Options{NoMemo: true, MaxNodes: -1})
	res, err = s.Solve(ctx, a, &root)
	require.NoError(t, err)
	require.Equal(t, Unknown, res.Value)
	require.Equal(t, "cancelled", res.Reason)

	// Cancelled in the middle: a tracer cancels after some nodes.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	s.SetTracer(cancelAfter[kings, int8]{n: new(int), at: 5000, cancel: cancel})
	res, err = s.Solve(ctx, a, &root)
	require.NoError(t, err)
	require.Equal(t, Unknown, res.Value)
	require.Equal(t, "cancelled", res.Reason)
	require.Less(t, res.Nodes, int64(5000+2048))
}

type cancelAfter[P any, M comparable] struct {
	n      *int
	at     int
	cancel func()
}

func (c cancelAfter[P, M]) Trace(e *Event[P, M]) {
	if *c.n++; *c.n == c.at {
		c.cancel()
	}
}

func TestPlyLimitIsUnknown(t *testing.T) {
	// A cycle where Y moves forever: 0 (Black) -> 1 (Black) -> 0.
	g := &tgame{nodes: []tnode{{side: game.Black, kids: []int{1}}, {side: game.Black, kids: []int{0}}}}
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 1, Better: kb.False[int]()}
	s := NewSearcher[int, int](g, Options{MaxPly: 16})
	res, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, Unknown, res.Value)
	require.Equal(t, "ply limit", res.Reason)
}

func TestSolveRejectsBadAdvice(t *testing.T) {
	s := NewSearcher[int, int](sacrificeGame(), Options{})
	_, err := s.Solve(context.Background(), nil, new(int))
	require.Error(t, err)
	_, err = s.Solve(context.Background(), &kb.Advice[int]{Depth: -1}, new(int))
	require.Error(t, err)
	_, err = s.Solve(context.Background(), &kb.Advice[int]{Moves: kb.Order[int]{nil}}, new(int))
	require.Error(t, err)
}

func TestMemoKeysOnTheRootWhenP0IsRead(t *testing.T) {
	// BG = same0(P0, P2) & X just moved... on a chain where the answer
	// depends on the root: the memo must not leak results between roots.
	g := &tgame{nodes: []tnode{
		{side: game.White, label: 0, kids: []int{2}},
		{side: game.White, label: 1, kids: []int{2}},
		{side: game.White, label: 0, kids: []int{3}},
		{side: game.Black, label: 1},
	}}
	ps := treeLib(g)
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 2,
		Better: kb.And(kb.Rel(ps[4], kb.P0, kb.P2), kb.Not(kb.Rel(ps[4], kb.P1, kb.P2)))}
	require.True(t, AdviceReads(a, kb.P0))
	require.False(t, AdviceReads(nimWin(1), kb.P0))
	s := NewSearcher[int, int](g, Options{})
	for _, root := range []int{0, 1, 0, 1} {
		res, err := s.Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, wantV(refSat[int, int](g, a, root, 2)), res.Value, "root %d", root)
	}
}

func TestSearchAllocatesNothingPerFailedNode(t *testing.T) {
	k := kingGame{size: 5}
	root := kings{w: 0, b: 4}
	a := kingsAdvice(k, 5)
	a.Better = kb.False[kings]()
	s := NewSearcher[kings, int8](k, Options{NoMemo: true, MaxNodes: -1})
	_, err := s.Solve(context.Background(), a, &root) // warm the buffers
	require.NoError(t, err)
	var nodes int64
	allocs := testing.AllocsPerRun(3, func() {
		res, _ := s.Solve(context.Background(), a, &root)
		nodes = res.Nodes
	})
	require.Greater(t, nodes, int64(2000))
	require.Less(t, allocs, 10.0, "a failing search must not allocate per node")
}

// BenchmarkForcingTreeKingsSat measures a successful search that builds
// its tree: the king walk of TestKingWalkShortestTree.
func BenchmarkForcingTreeKingsSat(b *testing.B) {
	k := kingGame{size: 8}
	root := kings{w: 36, b: 0}
	a := kingsAdvice(k, 6)
	var nodes int64
	for b.Loop() {
		s := NewSearcher[kings, int8](k, Options{})
		res, _ := s.Solve(context.Background(), a, &root)
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkForcingTreeKings(b *testing.B) {
	k := kingGame{size: 6}
	root := kings{w: 0, b: 5}
	a := kingsAdvice(k, 7)
	a.Better = kb.False[kings]()
	for _, memo := range []bool{false, true} {
		b.Run(fmt.Sprintf("memo=%v", memo), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := NewSearcher[kings, int8](k, Options{NoMemo: !memo, MaxNodes: -1})
				res, _ := s.Solve(context.Background(), a, &root)
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestGoalsAreKeptPerPosition: the goals of advice that read no P1 are
// evaluated once per position (goalTable): the deepening's later
// iterations and a second search find their values; goals that read P1
// (a node's value then depends on its parent) are evaluated at every
// node, and the answers and trees are those of a searcher without memo.
func TestGoalsAreKeptPerPosition(t *testing.T) {
	evals := 0
	counted := &kb.Predicate[nim]{Name: "counted_empty", Kind: kb.PositionKind, Doc: "no stones, counted",
		Pos: func(p *nim) bool { evals++; return p.heap == 0 }}
	tookTwo := &kb.Predicate[nim]{Name: "counted_took2", Kind: kb.RelationKind, Doc: "took two, counted",
		Rel: func(a, b *nim) bool { evals++; return a.heap-b.heap == 2 }}
	p2 := &kb.Advice[nim]{Name: "win", Side: game.White, Depth: 6,
		Better: kb.And(kb.Pos(counted, kb.P2), kb.Pos(nimBlack, kb.P2))}
	p1 := &kb.Advice[nim]{Name: "win_not_by_two", Side: game.White, Depth: 6,
		Better:  kb.And(kb.Pos(counted, kb.P2), kb.Pos(nimBlack, kb.P2)),
		Holding: kb.Not(kb.And(kb.Pos(nimBlack, kb.P2), kb.Rel(tookTwo, kb.P1, kb.P2)))}
	for _, a := range []*kb.Advice[nim]{p2, p1} {
		for heap := range 12 {
			root := nim{heap: heap}
			plain := NewSearcher[nim, int](nimGame{}, Options{NoMemo: true})
			want, err := plain.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			s := NewSearcher[nim, int](nimGame{}, Options{})
			evals = 0
			got, err := s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			require.Equal(t, want.Value, got.Value, "%s heap %d", a.Name, heap)
			require.Equal(t, want.Tree.PrincipalLine(), got.Tree.PrincipalLine(), "%s heap %d", a.Name, heap)
			first := evals
			// Every position of nim with White or Black to move: the goals
			// read P2 alone are evaluated at most once each.
			if a == p2 {
				require.LessOrEqual(t, first, 2*(heap+1), "%s heap %d", a.Name, heap)
			}
			evals = 0
			s.ClearMemo() // the goals go with the memo
			_, err = s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			require.Equal(t, first, evals, "%s heap %d: a cleared memo evaluates the goals again", a.Name, heap)
			evals = 0
			_, err = s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			if a == p2 {
				require.Zero(t, evals, "%s heap %d: the second search finds every goal's value", a.Name, heap)
			} else if heap > 2 {
				require.NotZero(t, evals, "%s heap %d: goals that read P1 are evaluated again", a.Name, heap)
			}
		}
	}
}

// TestGoalEntryKeepsTheMemosFailure: noteFail writes a failure bound into
// the entry of its key only (never adds an entry), keeps the larger
// bound, caps a bound above goalFailMax at goalFailMax (which answers
// less, never more) and keeps "any bound" apart; the goals' bits stay.
func TestGoalEntryKeepsTheMemosFailure(t *testing.T) {
	var g goalTable
	g.max = 64
	k1, k2 := goalKey(memoKey{hash: 1, adv: 3}), goalKey(memoKey{hash: 2, adv: 3})
	e := g.slot(k1)
	require.NotNil(t, e)
	require.Zero(t, *e)
	g.fill(e, k1, 4|2)
	fail := func(k uint64) int32 {
		e := g.slot(k)
		if *e == 0 {
			return -2 // absent
		}
		require.Equal(t, goalEntry(4|2), *e&7, "the goals' bits stay")
		return e.fail()
	}
	require.Equal(t, int32(-1), fail(k1))
	for _, c := range []struct{ note, want int32 }{
		{1, 1}, {0, 1}, {3, 3}, {goalFailMax, goalFailMax}, {goalFailMax + 7, goalFailMax},
		{2, goalFailMax}, {unbounded, unbounded}, {4, unbounded},
	} {
		g.noteFail(k1, c.note)
		require.Equal(t, c.want, fail(k1), "after noting %d", c.note)
	}
	g.noteFail(k2, 2)
	require.Equal(t, int32(-2), fail(k2), "noteFail adds no entry")
	require.Equal(t, 1, g.count)
}

func TestNewInnerIsOneAllocationUpToEightEdges(t *testing.T) {
	pos := kings{w: 3, b: 9}
	leaf := &Node[kings, int8]{Pos: pos, Kind: Goal}
	for k := 0; k <= 10; k++ {
		es := make([]Edge[kings, int8], k)
		for i := range es {
			es[i] = Edge[kings, int8]{Move: int8(i), Node: leaf}
		}
		n := newInner(&pos, YNode, es)
		require.Equal(t, pos, n.Pos)
		require.Equal(t, YNode, n.Kind)
		require.Equal(t, es, n.Children, "%d edges", k)
		require.Equal(t, k, cap(n.Children))
		if k > 0 {
			es[0].Move = 99 // the node keeps a copy
			require.Equal(t, int8(0), n.Children[0].Move)
		}
		allocs := testing.AllocsPerRun(10, func() { n = newInner(&pos, XNode, es) })
		want := 1.0
		if k > 8 {
			want = 2 // the node, then its edges
		}
		require.Equal(t, want, allocs, "%d edges", k)
	}
}

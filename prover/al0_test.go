package prover

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// refFirstAL0 is the tree Bratko's AL0 program finds for a at root, as a
// treeString ("" when there is none): depth first to the bound d, at an X
// node the moves in the constraint's order (part by part, then the game's
// order) and the first that works; a Y node with no allowed reply fails
// unless BG holds (checked first, after HG, as the book's sat/sat1 do).
func refFirstAL0(g game.Game[int, int], a *kb.Advice[int], root int, d int) string {
	var rec func(q, parent int, d, xs, ys int) (string, bool)
	rec = func(q, parent int, d, xs, ys int) (string, bool) {
		env := kb.Env[int]{P0: &root, P1: &parent, P2: &q}
		bg := a.Better != nil && a.Better.Eval(&env)
		hg := a.Holding == nil || a.Holding.Eval(&env)
		if bg && (hg || a.Sacrifice) {
			return "goal", true
		}
		if bg || !hg {
			return "", false
		}
		yToMove := g.ToMove(&q) != a.Side
		order := a.MovesAt(xs)
		if yToMove {
			order = a.RepliesAt(ys)
		}
		// The allowed moves, part by part.
		parts := map[int][]int{}
		maxPart := 0
		for _, m := range g.Moves(&q, nil) {
			c := g.Play(&q, m)
			e := kb.Env[int]{P0: &root, P1: &q, P2: &c}
			if p, ok := order.Allows(&e); ok {
				parts[p] = append(parts[p], m)
				maxPart = max(maxPart, p)
			}
		}
		var allowed []int
		for p := 0; p <= maxPart; p++ {
			allowed = append(allowed, parts[p]...)
		}
		if yToMove {
			if len(allowed) == 0 {
				return "", false
			}
			out := "y("
			for i, m := range allowed {
				sub, ok := rec(g.Play(&q, m), q, d, xs, ys+1)
				if !ok {
					return "", false
				}
				if i > 0 {
					out += " "
				}
				out += itoa(m) + ":" + sub
			}
			return out + ")", true
		}
		if d == 0 {
			return "", false
		}
		for _, m := range allowed {
			if sub, ok := rec(g.Play(&q, m), q, d-1, xs+1, ys); ok {
				return "x(" + itoa(m) + ":" + sub + ")", true
			}
		}
		return "", false
	}
	out, _ := rec(root, root, d, 0, 0)
	return out
}

func itoa(i int) string { return string(rune('0'+i/10)) + string(rune('0'+i%10)) }

// al0String prints a tree as refFirstAL0 does.
func al0String(n *Node[int, int]) string {
	switch n.Kind {
	case Goal:
		return "goal"
	case XNode:
		return "x(" + itoa(n.Children[0].Move) + ":" + al0String(n.Children[0].Node) + ")"
	case YNode:
		out := "y("
		for i, e := range n.Children {
			if i > 0 {
				out += " "
			}
			out += itoa(e.Move) + ":" + al0String(e.Node)
		}
		return out + ")"
	}
	return "no-reply"
}

func TestAL0LeafRule(t *testing.T) {
	// The squeeze of TestYWithoutAnAllowedReplyIsATerminal: BG false, Black
	// may only take two. al succeeds by leaving Black fewer than two
	// stones; AL0 fails there, since its better goal does not hold.
	a := &kb.Advice[nim]{Name: "squeeze", Side: game.White, Depth: 3, Better: kb.False[nim](),
		Replies: kb.Order[nim]{kb.Rel(nimTook2, kb.P1, kb.P2)}, AL0: true}
	s := NewSearcher[nim, int](nimGame{}, Options{})
	for heap := range 8 {
		root := nim{heap: heap}
		r, err := s.Solve(context.Background(), a, &root)
		require.NoError(t, err)
		require.Equal(t, Unsat, r.Value, "heap %d", heap)
	}
	// With the better goal "White took the last stone" AL0 succeeds where
	// the goal is reached, and the mate-like end (Black, to move, has no
	// stone left) is a goal, not a missing reply.
	b := *a
	b.Better = kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2))
	b.Replies = nil
	root := nim{heap: 4}
	r, err := s.Solve(context.Background(), &b, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r.Value)
	require.Equal(t, b.Depth, r.Depth, "AL0 searches to the full depth")
}

func TestAL0PlaysTheFirstTreeNotTheShortest(t *testing.T) {
	// Root (White) has moves to 1 and to 2. Through 1 the goal (bit0) is
	// two moves of White away; through 2 it is reached at once. al's
	// iterative deepening plays 2; AL0, depth first, plays 1.
	g := &tgame{nodes: []tnode{
		{side: game.White, kids: []int{1, 2}}, // 0
		{side: game.Black, kids: []int{3}},    // 1
		{side: game.Black, label: 1},          // 2: the goal
		{side: game.White, kids: []int{4}},    // 3
		{side: game.Black, label: 1},          // 4: the goal
	}}
	ps := treeLib(g)
	a := &kb.Advice[int]{Name: "a", Side: game.White, Depth: 2, Better: kb.Pos(ps[0], kb.P2)}
	s := NewSearcher[int, int](g, Options{})
	r, err := s.Solve(context.Background(), a, new(int))
	require.NoError(t, err)
	require.Equal(t, []int{2}, r.Tree.PrincipalLine())
	b := *a
	b.AL0 = true
	r, err = s.Solve(context.Background(), &b, new(int))
	require.NoError(t, err)
	require.Equal(t, []int{1, 3, 4}, r.Tree.PrincipalLine())
	require.Equal(t, 2, r.Depth)
}

// TestAL0AgainstTheBookProgram compares the AL0 mode (with and without
// memo, twice through the memo) with refFirstAL0 on random games and
// advice: the same answer and the same tree.
func TestAL0AgainstTheBookProgram(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 4))
	n := 300
	if testing.Short() {
		n = 80
	}
	counts := map[bool]int{}
	for i := range n {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		memo := NewSearcher[int, int](g, Options{MaxMemo: []int{0, 1 + r.IntN(40)}[i%2]})
		plain := NewSearcher[int, int](g, Options{NoMemo: true})
		for range 6 {
			a := randomLevels(r, ps, randomAdvice(r, ps, r.IntN(4)))
			a.AL0 = true
			root := r.IntN(len(g.nodes) / 2)
			want := refFirstAL0(g, a, root, a.Depth)
			require.Equal(t, want != "", refSat[int, int](g, a, root, a.Depth))
			for k, s := range []*Searcher[int, int]{memo, plain, memo} {
				res, err := s.Solve(context.Background(), a, &root)
				require.NoError(t, err)
				require.Equal(t, wantV(want != ""), res.Value, "game %d searcher %d", i, k)
				if want != "" {
					require.Equal(t, want, al0String(res.Tree), "game %d searcher %d", i, k)
				}
			}
			counts[want != ""]++
		}
	}
	require.Greater(t, counts[true], n/4)
	require.Greater(t, counts[false], n/4)
}

package prover

import (
	"context"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// refTree is the forcing tree the definition gives, written as plainly as
// possible (docs/prover.md): iterative deepening from depth 0, and at each
// node every allowed move generated first, then tried part by part of the
// move constraint and in the game's order within a part. The searcher
// streams its children and memoises; it must find this very tree.
func refTree[P any, M comparable](g game.Game[P, M], a *kb.Advice[P], root P) (*Node[P, M], int) {
	for d := 0; d <= a.Depth; d++ {
		if t := refNode(g, a, root, root, root, d, 0, 0); t != nil {
			return t, d
		}
	}
	return nil, a.Depth
}

func refNode[P any, M comparable](g game.Game[P, M], a *kb.Advice[P], root, parent, q P, depth, xs, ys int) *Node[P, M] {
	env := &kb.Env[P]{P0: &root, P1: &parent, P2: &q}
	better := a.Better != nil && a.Better.Eval(env)
	holding := a.Holding == nil || a.Holding.Eval(env)
	x := g.ToMove(&q) == a.Side
	if better {
		if a.Sacrifice || holding {
			return &Node[P, M]{Pos: q, Kind: Goal}
		}
		return nil
	}
	o := a.RepliesAt(ys)
	if x {
		o = a.MovesAt(xs)
	}
	if !holding {
		if a.Sacrifice && !x && len(refOrdered(g, root, q, o)) == 0 {
			return &Node[P, M]{Pos: q, Kind: NoReply}
		}
		return nil
	}
	if x && depth == 0 {
		return nil
	}
	moves := refOrdered(g, root, q, o)
	if x {
		for _, m := range moves {
			if t := refNode(g, a, root, q, g.Play(&q, m), depth-1, xs+1, ys); t != nil {
				return &Node[P, M]{Pos: q, Kind: XNode, Children: []Edge[P, M]{{Move: m, Node: t}}}
			}
		}
		return nil
	}
	if len(moves) == 0 {
		return &Node[P, M]{Pos: q, Kind: NoReply}
	}
	n := &Node[P, M]{Pos: q, Kind: YNode}
	for _, m := range moves {
		t := refNode(g, a, root, q, g.Play(&q, m), depth, xs, ys+1)
		if t == nil {
			return nil
		}
		n.Children = append(n.Children, Edge[P, M]{Move: m, Node: t})
	}
	return n
}

// refOrdered returns the moves of q that o allows, part by part, then in
// the game's order.
func refOrdered[P any, M comparable](g game.Game[P, M], root, q P, o kb.Order[P]) []M {
	type pm struct {
		part, i int
		m       M
	}
	var all []pm
	for i, m := range g.Moves(&q, nil) {
		kid := g.Play(&q, m)
		part, ok := o.Allows(&kb.Env[P]{P0: &root, P1: &q, P2: &kid})
		if ok {
			all = append(all, pm{part, i, m})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].part < all[j].part })
	out := make([]M, len(all))
	for i, x := range all {
		out[i] = x.m
	}
	return out
}

// TestTreesAreTheDefinitionsFirst: on random games and advice whose move
// constraints have several parts, the searcher (with a memo, a tiny memo
// that is emptied all the time, and none) finds exactly the tree and depth
// of refTree, so streaming the children and memoising keep the order.
func TestTreesAreTheDefinitionsFirst(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 300
	if testing.Short() {
		n = 80
	}
	sat := 0
	for i := range n {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		searchers := []*Searcher[int, int]{
			NewSearcher[int, int](g, Options{}),
			NewSearcher[int, int](g, Options{MaxMemo: 1 + r.IntN(5)}),
			NewSearcher[int, int](g, Options{NoMemo: true}),
		}
		for range 6 {
			a := randomLevels(r, ps, randomAdvice(r, ps, r.IntN(4)))
			root := r.IntN(len(g.nodes) / 2)
			want, wantDepth := refTree[int, int](g, a, root)
			for k, s := range searchers {
				res, err := s.Solve(context.Background(), a, &root)
				require.NoError(t, err)
				if want == nil {
					require.Equal(t, Unsat, res.Value, "game %d searcher %d", i, k)
					continue
				}
				require.Equal(t, Sat, res.Value, "game %d searcher %d", i, k)
				require.Equal(t, wantDepth, res.Depth, "game %d searcher %d", i, k)
				require.Equal(t, treeString(want), treeString(res.Tree), "game %d searcher %d", i, k)
			}
			if want != nil {
				sat++
			}
		}
	}
	require.Greater(t, sat, n/2)
}

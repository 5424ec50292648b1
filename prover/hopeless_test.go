package prover

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// peekGame is tgame with the optional interfaces the search of X nodes
// with one move left needs to pass over hopeless children: the hash and
// side after a move (game.Peeker) and the first move (game.FirstMover).
type peekGame struct{ *tgame }

func (g peekGame) HashAfter(_ *int, m int) (uint64, game.Side) {
	return g.Hash(&m), g.nodes[m].side
}

func (g peekGame) FirstMove(p *int) (int, bool) {
	if k := g.nodes[*p].kids; len(k) > 0 {
		return k[0], true
	}
	return 0, false
}

// altGame is peekGame of a game whose sides alternate, saying so
// (game.Alternating).
type altGame struct{ peekGame }

func (altGame) Alternates() bool { return true }

// TestHopelessKeepsValuesAndTrees: on random explicit games (sides
// alternating, or not, so that Y may move twice) and random advice whose
// better goal has a predicate that tells a condition it needs after a
// move (kb.Predicate.After: exactly, or loosely: true at some moves after
// which the predicate is false), and maybe a test of a reply after which
// it does not hold (kb.Predicate.Reply), a searcher that passes over the children
// of X nodes with one move left that cannot reach the better goal finds
// the values of refSat and the same values, bounds and trees as a
// searcher of the same game whose predicate tells nothing, and an
// ExactBudget searcher with a warm memo runs out of a budget of one node
// less than a cold one visits.
func TestHopelessKeepsValuesAndTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 7))
	n := 1500
	if testing.Short() {
		n = 300
	}
	ctx := context.Background()
	passed, fewer, alts := int64(0), int64(0), 0
	for i := range n {
		tg := layeredGame(r)
		alternates := true
		if r.IntN(3) == 0 {
			for j := range tg.nodes {
				if r.IntN(4) == 0 {
					tg.nodes[j].side = tg.nodes[j].side.Other()
					alternates = false
				}
			}
		}
		for j := range tg.nodes {
			for _, c := range tg.nodes[j].kids {
				alternates = alternates && tg.nodes[c].side != tg.nodes[j].side
			}
		}
		g := peekGame{tg}
		ps := treeLib(tg)
		// A better goal at about a quarter of the nodes, whose
		// predicate may tell it after a move.
		ps = append(ps, &kb.Predicate[int]{Name: "rare", Kind: kb.PositionKind, Doc: "label 5 or 7",
			Pos: func(p *int) bool { return tg.nodes[*p].label|2 == 7 }})
		k := len(ps) - 1
		loose := r.IntN(2) == 0
		after := func(_ *int, m int) bool {
			return tg.nodes[m].label|2 == 7 || loose && m%3 == 0
		}
		ps[k].After = after
		// Reply: Y to move after m with a reply after which rare does
		// not hold and X is to move; sometimes it says nothing.
		var reply func(*int, int) bool
		if r.IntN(2) == 0 {
			mute := r.IntN(2) == 0
			reply = func(p *int, m int) bool {
				x := tg.nodes[*p].side
				if tg.nodes[m].side == x || mute && m%2 == 0 {
					return false
				}
				for _, c := range tg.nodes[m].kids {
					if tg.nodes[c].side == x && tg.nodes[c].label|2 != 7 {
						return true
					}
				}
				return false
			}
			ps[k].Reply = reply
		}
		a := randomAdvice(r, ps, 1+r.IntN(3))
		a.Sacrifice = false
		if r.IntN(3) > 0 {
			a.Replies = nil
		}
		if r.IntN(2) == 0 {
			a.Moves = nil
		}
		switch r.IntN(3) {
		case 0:
			a.Better = kb.Pos(ps[k], kb.P2)
		case 1:
			a.Better = kb.And(kb.Pos(ps[r.IntN(3)], kb.P2), kb.Pos(ps[k], kb.P2))
		default:
			a.Better = kb.Or(a.Better, kb.Pos(ps[k], kb.P2))
		}
		switch r.IntN(3) {
		case 0:
			a.Holding = kb.Pos(ps[r.IntN(3)], kb.P2)
		case 1:
			a.Holding = nil
		}
		root := 0
		want := wantV(refSat[int, int](tg, a, root, a.Depth))
		s := NewSearcher[int, int](g, Options{})
		got, err := s.Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, got.Value, "game %d", i)
		nodes := got.Nodes
		if alternates {
			// Told that the sides alternate, the searcher asks no
			// side of Peeker: the same search.
			alt, err := NewSearcher[int, int](altGame{g}, Options{}).Solve(ctx, a, &root)
			require.NoError(t, err)
			require.Equal(t, got.Value, alt.Value, "game %d", i)
			require.Equal(t, got.Depth, alt.Depth, "game %d", i)
			require.Equal(t, got.Nodes, alt.Nodes, "game %d", i)
			if got.Value == Sat {
				require.Equal(t, treeString(got.Tree), treeString(alt.Tree), "game %d", i)
			}
			alts++
		}

		ps[k].After, ps[k].Reply = nil, nil
		ref, err := NewSearcher[int, int](g, Options{}).Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, ref.Value, got.Value, "game %d", i)
		require.Equal(t, ref.Depth, got.Depth, "game %d", i)
		if want == Sat {
			checkTree(t, tg, a, root, got.Tree, got.Depth)
			require.Equal(t, treeString(ref.Tree), treeString(got.Tree), "game %d", i)
		}
		passed += s.passed
		fewer += ref.Nodes - nodes
		ps[k].After, ps[k].Reply = after, reply

		cold, err := NewSearcher[int, int](g, Options{MaxNodes: -1, ExactBudget: true}).Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, cold.Value, "game %d", i)
		warm := NewSearcher[int, int](g, Options{MaxNodes: -1, ExactBudget: true})
		for _, p := range []int{len(tg.nodes) - 1, len(tg.nodes) / 2, 1, root} {
			_, err := warm.Solve(ctx, a, &p)
			require.NoError(t, err)
		}
		if cold.Nodes > 1 {
			warm.SetMaxNodes(cold.Nodes - 1)
			res, err := warm.Solve(ctx, a, &root)
			require.NoError(t, err)
			require.Equal(t, Unknown, res.Value, "game %d: %d nodes", i, cold.Nodes)
		}
		warm.SetMaxNodes(cold.Nodes)
		res, err := warm.Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, res.Value, "game %d: %d nodes", i, cold.Nodes)
	}
	require.Positive(t, passed, "no child was passed over")
	require.Positive(t, alts, "no game alternated")
	t.Logf("%d children passed over, %d nodes fewer", passed, fewer)
}

package prover

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// TestScreenKeepsValuesAndTrees: on random explicit games and random
// advice that the screen applies to (no reply constraint, no option
// sacrifice, goals that do not read P1), a searcher with memo (which
// screens the replies of Y nodes) finds the values of refSat and the
// trees of a searcher without memo (which does not screen), and a
// searcher with ExactBudget and a warm memo runs out of a budget of one
// node less than a cold search visits, and not of the cold search's: the
// screen's nodes do not depend on the memo.
func TestScreenKeepsValuesAndTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 21))
	n := 1500
	if testing.Short() {
		n = 300
	}
	ctx := context.Background()
	tried := 0
	var cuts int64
	for i := 0; tried < n; i++ {
		g := layeredGame(r)
		ps := treeLib(g)
		a := randomAdvice(r, ps, 1+r.IntN(3))
		a.Replies, a.Sacrifice = nil, false
		if r.IntN(2) == 0 {
			// No move constraint, a better goal at about a quarter of
			// the nodes, two or three moves: Y nodes with X moves left.
			a.Moves, a.Depth = nil, 2+r.IntN(2)
			a.Better = kb.And(kb.Pos(ps[r.IntN(3)], kb.P2), kb.Pos(ps[r.IntN(3)], kb.P2))
		}
		if r.IntN(2) == 0 {
			// A holding goal that fails at about half the nodes.
			a.Holding = kb.Pos(ps[r.IntN(3)], kb.P2)
		}
		if FormulaReads(a.Better, kb.P1) || FormulaReads(a.Holding, kb.P1) {
			continue
		}
		tried++
		root := 0
		memo := NewSearcher[int, int](g, Options{})
		plain := NewSearcher[int, int](g, Options{NoMemo: true})
		want := wantV(refSat[int, int](g, a, root, a.Depth))
		got, err := memo.Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, got.Value, "game %d", i)
		ref, err := plain.Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, ref.Value, "game %d", i)
		if want == Sat {
			// (An Unsat may end at a smaller bound: a refutation by the
			// holding goal is not cut by the bound.)
			require.Equal(t, ref.Depth, got.Depth, "game %d", i)
			checkTree(t, g, a, root, got.Tree, got.Depth)
			require.Equal(t, treeString(ref.Tree), treeString(got.Tree), "game %d", i)
		}
		cuts += memo.screenCuts
		// The nodes of a cold search with ExactBudget bound a search with
		// a warm memo (warmed at other nodes and at the root) exactly.
		cold, err := NewSearcher[int, int](g, Options{MaxNodes: -1, ExactBudget: true}).Solve(ctx, a, &root)
		require.NoError(t, err)
		require.Equal(t, want, cold.Value, "game %d", i)
		warm := NewSearcher[int, int](g, Options{MaxNodes: -1, ExactBudget: true})
		for _, p := range []int{len(g.nodes) - 1, len(g.nodes) / 2, 1, root} {
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
	require.Positive(t, cuts, "the screen never refuted a node")
	t.Logf("%d Y nodes refuted by the screen", cuts)
}

// layeredGame is a random acyclic game of five plies below its root, the
// sides alternating, each node with one to four moves (some into a node
// of the next ply already there: transpositions).
func layeredGame(r *rand.Rand) *tgame {
	g := &tgame{nodes: []tnode{{label: uint8(r.IntN(8)), side: game.Side(r.IntN(2))}}}
	layer := []int{0}
	for range 5 {
		var next []int
		for _, p := range layer {
			for range 1 + r.IntN(4) {
				if len(next) > 0 && r.IntN(5) == 0 {
					k := next[r.IntN(len(next))]
					if !slices.Contains(g.nodes[p].kids, k) {
						g.nodes[p].kids = append(g.nodes[p].kids, k)
					}
					continue
				}
				g.nodes = append(g.nodes, tnode{label: uint8(r.IntN(8)), side: g.nodes[p].side.Other()})
				k := len(g.nodes) - 1
				g.nodes[p].kids = append(g.nodes[p].kids, k)
				next = append(next, k)
			}
		}
		layer = next
	}
	return g
}

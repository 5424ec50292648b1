package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// tree is an explicit game tree for the tests: node 0 is the root, White
// moves at even depths, a leaf's value is in White's view.
type tree struct {
	kids  [][]int32
	value []int
	depth []int
	// side, when set, is the side to move at each node, for games where a
	// side may move twice in a row; else the parity of the depth.
	side []game.Side
}

type tpos struct{ n int32 }

func (t *tree) ToMove(p *tpos) game.Side {
	if t.side != nil {
		return t.side[p.n]
	}
	return game.Side(t.depth[p.n] % 2)
}
func (t *tree) Moves(p *tpos, buf []int32) []int32 {
	return append(buf[:0], t.kids[p.n]...)
}
func (t *tree) Play(p *tpos, m int32) tpos { return tpos{m} }
func (t *tree) Hash(p *tpos) uint64        { return uint64(p.n) }

// Static is the node's value for leaves and a made-up value for interior
// nodes cut by the depth; both in the side to move's view.
func (t *tree) Static(p *tpos) int   { return (t.value[p.n]) * sign(t.ToMove(p)) }
func (t *tree) Terminal(p *tpos) int { return t.value[p.n] * sign(t.ToMove(p)) }

func (t *tree) add(depth int) int32 {
	t.kids = append(t.kids, nil)
	t.value = append(t.value, 0)
	t.depth = append(t.depth, depth)
	return int32(len(t.kids) - 1)
}

// randomTree grows a tree of at most maxDepth plies with 0 to maxKids
// children per node and leaf values in [-vals, vals].
func randomTree(r *rand.Rand, maxDepth, maxKids, vals int) *tree {
	t := &tree{}
	var grow func(n int32, d int)
	grow = func(n int32, d int) {
		t.value[n] = r.IntN(2*vals+1) - vals
		if d == maxDepth {
			return
		}
		k := r.IntN(maxKids + 1)
		if d == 0 && k == 0 {
			k = 1
		}
		for range k {
			c := t.add(d + 1)
			t.kids[n] = append(t.kids[n], c)
			grow(c, d+1)
		}
	}
	grow(t.add(0), 0)
	return t
}

func (t *tree) height(n int32) int {
	h := 0
	for _, c := range t.kids[n] {
		h = max(h, 1+t.height(c))
	}
	return h
}

type recorder struct{ events []string }

func (r *recorder) Trace(e *Event[tpos, int32]) {
	r.events = append(r.events, e.Kind.String()+" "+itoa(int(e.Pos.n))+" "+itoa(e.Value)+" "+itoa(e.Bound)+" "+itoa(e.Skipped)+" "+itoa(len(e.Line)))
}

func itoa(i int) string {
	if i == Inf || i == -Inf {
		return "inf"
	}
	s := ""
	neg := i < 0
	if neg {
		i = -i
	}
	for {
		s = string(rune('0'+i%10)) + s
		i /= 10
		if i == 0 {
			break
		}
	}
	if neg {
		s = "-" + s
	}
	return s
}

// The three searches agree on values on random trees, alpha-beta never
// evaluates more than minimax, and the iterative alpha-beta is the
// recursive one step for step.
func TestSearchesAgreeOnRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	deeper := 0
	defer func() { require.Positive(t, deeper, "some tree shows a deep cut-off") }()
	for i := range 2000 {
		tr := randomTree(r, 1+r.IntN(6), 1+r.IntN(4), 1+r.IntN(20))
		depth := r.IntN(tr.height(0) + 2)
		var rm, ra, ri recorder
		mm := Minimax[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth, Tracer: &rm})
		ab := AlphaBeta[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth, Tracer: &ra})
		it := IterativeAlphaBeta[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth, Tracer: &ri})
		require.Equal(t, mm.Value, ab.Value, "tree %d", i)
		deep := AlphaBetaDeep[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth})
		require.Equal(t, mm.Value, deep.Value, "tree %d", i)
		require.LessOrEqual(t, deep.Evals, ab.Evals, "tree %d: deep cut-offs never evaluate more", i)
		if deep.Evals < ab.Evals {
			deeper++
		}
		if mm.HasBest {
			require.Equal(t, mm.Value, valueAfter(tr, deep.Best, depth-1))
		}
		require.Equal(t, ab, it, "tree %d", i)
		require.Equal(t, ra.events, ri.events, "tree %d", i)
		require.LessOrEqual(t, ab.Evals, mm.Evals)
		require.LessOrEqual(t, ab.Nodes, mm.Nodes)
		require.Equal(t, mm.HasBest, ab.HasBest)
		if mm.HasBest {
			// The best move of alpha-beta is worth the root value.
			require.Equal(t, mm.Value, valueAfter(tr, ab.Best, depth-1))
			require.Equal(t, mm.PV, ab.PV, "first best move and its line agree")
			require.Equal(t, mm.Value, playLine(t, tr, mm.PV))
		}
		if depth >= tr.height(0) {
			require.Equal(t, countLeaves(tr, 0), mm.Evals)
		}
	}
}

// With extra turns (a side to move chosen at random at every node) the
// searches still agree: the alpha-betas pass their bound on to a child of
// the same side instead of negating it.
func TestSearchesAgreeWithExtraTurns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		tr := randomTree(r, 1+r.IntN(7), 1+r.IntN(4), 1+r.IntN(20))
		tr.side = make([]game.Side, len(tr.kids))
		for n := range tr.side {
			tr.side[n] = game.Side(r.IntN(2))
		}
		depth := r.IntN(tr.height(0) + 2)
		var ra, ri recorder
		mm := Minimax[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth})
		ab := AlphaBeta[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth, Tracer: &ra})
		it := IterativeAlphaBeta[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth, Tracer: &ri})
		deep := AlphaBetaDeep[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: depth})
		require.Equal(t, mm.Value, ab.Value, "tree %d", i)
		require.Equal(t, mm.Value, deep.Value, "tree %d", i)
		require.Equal(t, ab, it, "tree %d", i)
		require.Equal(t, ra.events, ri.events, "tree %d", i)
		require.LessOrEqual(t, ab.Evals, mm.Evals)
		require.LessOrEqual(t, deep.Evals, ab.Evals)
		if mm.HasBest {
			require.Equal(t, mm.PV, ab.PV, "tree %d", i)
		}
	}
}

// valueAfter is the minimax value, for the root mover, after move m.
func valueAfter(t *tree, m int32, depth int) int {
	r := Minimax[tpos, int32](t, t, tpos{m}, Options[tpos, int32]{Depth: depth})
	return -r.Value
}

// playLine follows a principal line and evaluates where it ends, in the
// root mover's view.
func playLine(t *testing.T, tr *tree, pv []int32) int {
	n := int32(0)
	for _, m := range pv {
		require.True(t, slices.Contains(tr.kids[n], m))
		n = m
	}
	v := tr.value[n] // White's view
	return v * sign(tr.ToMove(&tpos{0}))
}

func countLeaves(t *tree, n int32) int {
	if len(t.kids[n]) == 0 {
		return 1
	}
	k := 0
	for _, c := range t.kids[n] {
		k += countLeaves(t, c)
	}
	return k
}

// The three AND/OR solvers agree with each other and with minimax, also
// when a side may move twice in a row.
func TestSolversAgreeOnRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 2000 {
		tr := randomTree(r, 1+r.IntN(6), 1+r.IntN(4), 1)
		if i%2 == 1 { // extra turns: the side to move at random
			tr.side = make([]game.Side, len(tr.kids))
			for n := range tr.side {
				tr.side[n] = game.Side(r.IntN(2))
			}
		}
		goal := r.IntN(2) // win, or at least a draw
		h := tr.height(0)
		mm := Minimax[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: h})
		po := PostOrder[tpos, int32](tr, tr, tpos{0}, SolveOptions{Goal: goal})
		df := DepthFirst[tpos, int32](tr, tr, tpos{0}, SolveOptions{Goal: goal, Depth: h})
		bf := BreadthFirst[tpos, int32](tr, tr, tpos{0}, SolveOptions{Goal: goal, Depth: -1})
		want := mm.Value >= goal
		require.Equal(t, want, po.Solved, "tree %d", i)
		require.Equal(t, want, df.Solved, "tree %d", i)
		require.Equal(t, want, bf.Solved, "tree %d", i)
		require.False(t, po.Cut || df.Cut || bf.Cut)
		require.LessOrEqual(t, po.Evals, mm.Evals)
		if want {
			require.LessOrEqual(t, bf.Tree.Height(), po.Tree.Height())
			checkSolution(t, tr, 0, po.Tree, goal)
			checkSolution(t, tr, 0, bf.Tree, goal)
		}
		// A bound below the height of every solution makes it unsolvable,
		// and says it was cut.
		if want && bf.Tree.Height() > 0 {
			d := bf.Tree.Height() - 1
			b := DepthFirst[tpos, int32](tr, tr, tpos{0}, SolveOptions{Goal: goal, Depth: d})
			bb := BreadthFirst[tpos, int32](tr, tr, tpos{0}, SolveOptions{Goal: goal, Depth: d})
			require.False(t, b.Solved)
			require.False(t, bb.Solved)
			require.True(t, b.Cut && bb.Cut)
		}
	}
}

// checkSolution verifies a solution tree: one move at the root player's
// nodes, every reply at the opponent's, solved leaves.
func checkSolution(t *testing.T, tr *tree, n int32, s *SolutionNode[int32], goal int) {
	kids := tr.kids[n]
	if len(kids) == 0 {
		require.Empty(t, s.Next)
		require.GreaterOrEqual(t, tr.value[n]*sign(tr.ToMove(&tpos{0})), goal)
		return
	}
	if tr.ToMove(&tpos{n}) == tr.ToMove(&tpos{0}) {
		require.Len(t, s.Next, 1)
		require.Contains(t, kids, s.Next[0].Move)
	} else {
		require.Len(t, s.Next, len(kids))
		for i, c := range s.Next {
			require.Equal(t, kids[i], c.Move)
		}
	}
	for _, c := range s.Next {
		checkSolution(t, tr, c.Move, c, goal)
	}
}

// Winston's example as seed 003 tells it: 16 static evaluations, not 27.
func TestSeed003Tree(t *testing.T) {
	leaves := []int{8, 7, 2, 9, 1, 6, 2, 4, 1, 1, 3, 5, 3, 9, 2, 6, 5, 2, 1, 2, 3, 9, 7, 2, 16, 6, 4}
	tr := &tree{}
	root := tr.add(0)
	for i := range 3 {
		a := tr.add(1)
		tr.kids[root] = append(tr.kids[root], a)
		for j := range 3 {
			b := tr.add(2)
			tr.kids[a] = append(tr.kids[a], b)
			for k := range 3 {
				c := tr.add(3)
				tr.value[c] = leaves[9*i+3*j+k]
				tr.kids[b] = append(tr.kids[b], c)
			}
		}
	}
	mm := Minimax[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: 3})
	ab := AlphaBeta[tpos, int32](tr, tr, tpos{0}, Options[tpos, int32]{Depth: 3})
	require.Equal(t, 27, mm.Evals)
	require.Equal(t, 16, ab.Evals)
	require.Equal(t, 5, ab.Value)
	require.Equal(t, tr.kids[0][1], ab.Best, "the middle branch")
	require.Equal(t, 4, ab.Cuts) // at L.M, M.M, M.R and R
}

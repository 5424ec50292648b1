package gametree

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/search"
)

// Solution is the outcome of one AND/OR method on a tree.
type Solution struct {
	Method string `json:"method"`
	Solved bool   `json:"solved"`
	// Cut says a bound gave up on some node: an unsolved answer is then
	// not a proof of unsolvability.
	Cut    bool     `json:"cut"`
	Nodes  int      `json:"nodes"`
	Evals  int      `json:"evaluations"`
	Height int      `json:"height,omitempty"`
	Tree   []string `json:"tree,omitempty"` // the solution tree, one node a line
}

// Solve reads t as an AND/OR tree (seed 001): the player to move at the
// root owns the OR nodes, the other the AND nodes, and a leaf is solved
// when its value, in the root player's view, is at least goal. It runs
// post-order evaluation (RESUELVE), depth-first search bounded by depth
// (the tree's height if depth < 0) and breadth-first search.
func Solve(t *Tree, goal, depth int) []Solution {
	if depth < 0 {
		depth = t.Height()
	}
	o := search.SolveOptions{Goal: goal, Depth: depth}
	rs := []struct {
		name string
		r    search.SolveResult[Move]
	}{
		{"post-order", search.PostOrder[Pos, Move](t, t, t.Root(), o)},
		{fmt.Sprintf("depth-first (bound %d)", depth), search.DepthFirst[Pos, Move](t, t, t.Root(), o)},
		{fmt.Sprintf("breadth-first (bound %d)", depth), search.BreadthFirst[Pos, Move](t, t, t.Root(), o)},
	}
	out := make([]Solution, 0, len(rs))
	for _, x := range rs {
		s := Solution{Method: x.name, Solved: x.r.Solved, Cut: x.r.Cut, Nodes: x.r.Nodes, Evals: x.r.Evals}
		if x.r.Tree != nil {
			s.Height = x.r.Tree.Height()
			s.Tree = t.solutionLines(x.r.Tree, 0, 0)
		}
		out = append(out, s)
	}
	return out
}

func (t *Tree) solutionLines(s *search.SolutionNode[Move], n int32, indent int) []string {
	nd := &t.Nodes[n]
	line := strings.Repeat("  ", indent) + t.Name(n)
	switch {
	case len(nd.Kids) == 0:
		line += fmt.Sprintf(" = %d", nd.Value)
	case t.Max(n) == t.Max(0):
		line += " (OR: one move)"
	default:
		line += " (AND: every reply)"
	}
	out := []string{line}
	for _, c := range s.Next {
		out = append(out, t.solutionLines(c, c.Move, indent+1)...)
	}
	return out
}

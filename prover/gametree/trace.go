package gametree

import (
	"fmt"

	"github.com/advicelang/al/prover/search"
)

// Algorithm names the searches a tree can be run with.
type Algorithm string

const (
	Minimax   Algorithm = "minimax"
	AlphaBeta Algorithm = "alphabeta"
	Iterative Algorithm = "iterative"
	// Deep is alpha-beta with deep cut-offs (not the thesis's).
	Deep Algorithm = "deep"
)

// Step is one conclusion of a teaching trace, in the maximiser's view, in
// the order the search reached it (the numbers in boxes of seed 003).
type Step struct {
	N    int    `json:"step"`
	Kind string `json:"kind"` // "eval", "value" or "cut"
	Node string `json:"node"`
	// Max says the maximiser moves at Node.
	Max   bool `json:"max"`
	Value int  `json:"value"`
	// Bound is set on a cut, and on the value of a node that was cut: its
	// Value is then only a bound (>= at a max node, <= at a min node).
	Bound   bool `json:"bound,omitempty"`
	Against int  `json:"against,omitempty"` // cut: the value one level up that refutes the node
	Skipped int  `json:"skipped,omitempty"` // cut: moves not searched
	// Deep says the cut came from the deep search, whose bound may have
	// been set any even number of levels up.
	Deep bool `json:"-"`
}

// String renders a step on one line, numbered.
func (s Step) String() string { return fmt.Sprintf("%3d  %-5s  %s", s.N, s.Kind, s.Describe()) }

// Describe renders a step without its number and kind.
func (s Step) Describe() string {
	who := "min"
	rel := "<="
	if s.Max {
		who, rel = "max", ">="
	}
	switch s.Kind {
	case "eval":
		return fmt.Sprintf("%s = %d", s.Node, s.Value)
	case "cut":
		other := "max"
		if s.Max {
			other = "min"
		}
		plural := "s"
		if s.Skipped == 1 {
			plural = ""
		}
		article := "the"
		if s.Deep {
			article = "a"
		}
		return fmt.Sprintf("%s %s %d, %s %s above already has %d: %d move%s not searched",
			s.Node, rel, s.Value, article, other, s.Against, s.Skipped, plural)
	}
	if s.Bound {
		return fmt.Sprintf("%s %s %d (%s, cut)", s.Node, rel, s.Value, who)
	}
	return fmt.Sprintf("%s = %d (%s)", s.Node, s.Value, who)
}

// Report is the outcome of a search of a tree, with its trace.
type Report struct {
	Algorithm Algorithm `json:"algorithm"`
	Depth     int       `json:"depth"`
	// Value is the root's value in the maximiser's view.
	Value int `json:"value"`
	// Best is the label of the best move; Line the principal line.
	Best  string   `json:"best"`
	Line  []string `json:"line"`
	Nodes int      `json:"nodes"`
	// StaticEvals counts static evaluations; Leaves is what minimax needs
	// on the whole tree, for comparison.
	StaticEvals int    `json:"static_evaluations"`
	CutOffs     int    `json:"cut_offs"`
	Leaves      int    `json:"leaves"`
	Steps       []Step `json:"steps"`
}

// Evals returns the evaluation steps of r.
func (r *Report) Evals() []Step { return r.kind("eval") }

// Cuts returns the cut-off steps of r.
func (r *Report) Cuts() []Step { return r.kind("cut") }

func (r *Report) kind(k string) []Step {
	var out []Step
	for _, s := range r.Steps {
		if s.Kind == k {
			out = append(out, s)
		}
	}
	return out
}

// recorder turns search events into steps.
type recorder struct {
	t     *Tree
	deep  bool
	steps []Step
	cut   map[int32]bool
}

func (r *recorder) Trace(e *search.Event[Pos, Move]) {
	n := e.Pos.N
	sv := r.t.maxView(n)
	s := Step{N: len(r.steps) + 1, Node: r.t.Name(n), Max: r.t.Max(n), Value: e.Value * sv}
	switch e.Kind {
	case search.Eval:
		s.Kind = "eval"
	case search.Cut:
		s.Kind, s.Bound, s.Against, s.Skipped, s.Deep = "cut", true, e.Bound*sv, e.Skipped, r.deep
		r.cut[n] = true
	case search.Exit:
		s.Kind, s.Bound = "value", r.cut[n]
	default:
		return
	}
	r.steps = append(r.steps, s)
}

// Run searches t with the algorithm to depth plies (the tree's height if
// depth < 0) and returns the report with every step.
func Run(t *Tree, algo Algorithm, depth int) (*Report, error) {
	if depth < 0 {
		depth = t.Height()
	}
	if n := t.CheckDepth(depth); n >= 0 {
		return nil, fmt.Errorf("%s: node %s is at depth %d but has no static value; give it one (\"5 (...)\") or search deeper",
			t.File, t.Name(n), depth)
	}
	rec := &recorder{t: t, cut: map[int32]bool{}, deep: algo == Deep}
	o := search.Options[Pos, Move]{Depth: depth, Tracer: rec}
	var res search.Result[Move]
	switch algo {
	case Minimax:
		res = search.Minimax[Pos, Move](t, t, t.Root(), o)
	case AlphaBeta:
		res = search.AlphaBeta[Pos, Move](t, t, t.Root(), o)
	case Iterative:
		res = search.IterativeAlphaBeta[Pos, Move](t, t, t.Root(), o)
	case Deep:
		res = search.AlphaBetaDeep[Pos, Move](t, t, t.Root(), o)
	default:
		return nil, fmt.Errorf("unknown algorithm %q (minimax, alphabeta, iterative or deep)", algo)
	}
	r := &Report{Algorithm: algo, Depth: depth, Value: res.Value * t.maxView(0), Nodes: res.Nodes,
		StaticEvals: res.Evals, CutOffs: res.Cuts, Leaves: t.Leaves(), Steps: rec.steps, Line: []string{}}
	if res.HasBest {
		r.Best = t.Nodes[res.Best].Label
	}
	for _, m := range res.PV {
		r.Line = append(r.Line, t.Nodes[m].Label)
	}
	return r, nil
}

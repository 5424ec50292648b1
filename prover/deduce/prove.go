package deduce

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/search"
)

// Options are the limits and tracers of Prove.
type Options struct {
	// Depth is the bound (the thesis's cota) of each alpha-beta search, in
	// plies below the node searched; 0 means no bound (deep enough for the
	// whole tree).
	Depth int
	// MaxNodes bounds the alternated tree and, separately, the nodes all
	// the searches visit together (0: no bound). A search that reaches
	// it evaluates what is left statically, as at the depth bound; once
	// the searches have spent it, the node to prove next is lost "at the
	// node bound". Either makes a failure a semi-decision.
	MaxNodes int
	// Tracer, if not nil, receives each step of the iteration.
	Tracer Tracer
	// Search, if not nil, receives the events of every alpha-beta search.
	Search search.Tracer[Pos, Move]
}

// StepKind is the kind of a step of the iterated search.
type StepKind string

const (
	// Choose: at a Formula node, alpha-beta chose a clause (or the datum).
	Choose StepKind = "choose"
	// Premises: a chosen clause node leads to its premises.
	Premises StepKind = "premises"
	// Datum: the chosen node is a datum: this branch is proved.
	Datum StepKind = "datum"
	// Lost: a node to prove is lost: the proof cannot go on.
	Lost StepKind = "lost"
)

// Step is one line of the thesis's output ("para demostrar (pd 1) hay que
// demostrar (pd 2)").
type Step struct {
	Kind StepKind `json:"kind"`
	Node string   `json:"node"`
	To   []string `json:"to,omitempty"`
	// Value is the alpha-beta value of a Choose, for the prover: 1 won,
	// -1 lost, 0 unknown within the bound.
	Value  int    `json:"value"`
	Clause string `json:"clause,omitempty"`
	// Nodes and Evals are the counts of a Choose's alpha-beta search.
	Nodes  int    `json:"nodes,omitempty"`
	Evals  int    `json:"static_evaluations,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// String renders the step after the thesis's output.
func (s Step) String() string {
	switch s.Kind {
	case Choose:
		what := "clause " + s.Clause
		if s.Clause == "datum" {
			what = "datum"
		}
		return fmt.Sprintf("to prove %s prove %s   value %d, %s (search: %d nodes, %d static evaluations)", s.Node, s.To[0], s.Value, what, s.Nodes, s.Evals)
	case Premises:
		return fmt.Sprintf("to prove %s prove %s", s.Node, strings.Join(s.To, " "))
	case Datum:
		return fmt.Sprintf("%s is a datum", s.Node)
	}
	return fmt.Sprintf("%s is lost (%s): cannot do the proof", s.Node, s.Reason)
}

// Tracer receives the steps of Prove.
type Tracer interface{ Step(s Step) }

// Proof is a proof tree: an atom, the clause that concludes it (nil for a
// datum) and the proofs of the clause's premises.
type Proof struct {
	Atom     string   `json:"atom"`
	Clause   *Clause  `json:"-"`
	Rule     string   `json:"clause"`
	Premises []*Proof `json:"premises,omitempty"`
}

// Lines prints the proof one clause a line, premises indented below.
func (p *Proof) Lines() string {
	var b strings.Builder
	var walk func(p *Proof, d int)
	walk = func(p *Proof, d int) {
		b.WriteString(strings.Repeat("  ", d))
		b.WriteString(p.Rule)
		b.WriteByte('\n')
		for _, q := range p.Premises {
			walk(q, d+1)
		}
	}
	walk(p, 0)
	return b.String()
}

// Result is the answer of Prove.
type Result struct {
	Goal   string `json:"goal"`
	Proved bool   `json:"proved"`
	// SemiDecision is set on a failure when some search was cut by the
	// depth bound or the node bound: the goal may still follow.
	SemiDecision bool   `json:"semi_decision"`
	Proof        *Proof `json:"proof,omitempty"`
	// Failed is the lost node that stopped the proof, Reason why.
	Failed string `json:"failed,omitempty"`
	Reason string `json:"reason,omitempty"`
	Steps  []Step `json:"steps"`
	// Searches counts alpha-beta searches; Nodes and Evals add up their
	// counts; TreeNodes is the size of the alternated tree built.
	Searches  int `json:"searches"`
	Nodes     int `json:"nodes"`
	Evals     int `json:"static_evaluations"`
	TreeNodes int `json:"tree_nodes"`
	Depth     int `json:"depth"`
}

// Prove runs alpha-beta deduction (seed 000, IV.3, the programs ABDED and
// AB-DAUX): starting with the goal <A, 1>, it takes the next node to prove,
// lets an alpha-beta search of the deductive game (bound o.Depth) choose
// the prover's best move there (a clause, or the datum), and puts the
// chosen clause's premises on the list of nodes to prove. It stops with a
// proof when the list is empty, and fails as soon as a premise is a lost
// node. A failure is a semi-decision when a search was cut by its bound.
// Premises are proved in the order of the clause (the thesis's list takes
// the last first).
func Prove(g *Graph, goal string, o Options) (*Result, *Tree, error) {
	a, ok := g.Lookup(goal)
	if !ok {
		msg := fmt.Sprintf("the goal %q is not an atom of the problem", goal)
		if n := g.Nearest(goal); n != "" {
			msg += fmt.Sprintf("; did you mean %q?", n)
		}
		return nil, nil, fmt.Errorf("%s", msg)
	}
	t := NewTree(g, a, o.MaxNodes)
	depth := o.Depth
	if depth <= 0 {
		depth = t.MaxDepth()
	}
	r := &Result{Goal: goal, Depth: depth, Steps: []Step{}}
	step := func(s Step) {
		r.Steps = append(r.Steps, s)
		if o.Tracer != nil {
			o.Tracer.Step(s)
		}
	}
	searcher := search.NewSearcher[Pos, Move](t, t)
	proofs := map[int32]*Proof{0: {Atom: goal}}
	stack := []int32{0}
	fail := func(n int32, reason string) {
		r.Failed, r.Reason = t.Name(n), reason
		step(Step{Kind: Lost, Node: t.Name(n), Reason: reason})
	}
	for len(stack) > 0 && r.Failed == "" {
		obj := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t.Lost(obj) || t.Nodes[obj].Budget {
			fail(obj, t.why(obj))
			break
		}
		so := search.Options[Pos, Move]{Depth: depth, Tracer: o.Search, MaxPV: 1}
		if o.MaxNodes > 0 {
			if so.MaxNodes = o.MaxNodes - r.Nodes; so.MaxNodes <= 0 {
				t.SearchBudget = true
				fail(obj, "the searches reached their node bound")
				break
			}
		}
		res := searcher.AlphaBeta(Pos{obj}, so)
		r.Searches++
		r.Nodes += res.Nodes
		r.Evals += res.Evals
		t.SearchBudget = t.SearchBudget || res.Budget
		if !res.HasBest {
			// The node bound stopped the search before it tried a move.
			fail(obj, "the searches reached their node bound")
			break
		}
		obj1 := res.Best
		p := proofs[obj]
		n1 := &t.Nodes[obj1]
		if n1.Kind == DatumNode {
			p.Rule = goalAtom(t, obj) + "."
			step(Step{Kind: Choose, Node: t.Name(obj), To: []string{t.Name(obj1)}, Value: res.Value, Clause: "datum", Nodes: res.Nodes, Evals: res.Evals})
			step(Step{Kind: Datum, Node: t.Name(obj1)})
			continue
		}
		c := &t.G.Clauses[n1.Clause].Src
		p.Clause, p.Rule = c, c.String()
		step(Step{Kind: Choose, Node: t.Name(obj), To: []string{t.Name(obj1)}, Value: res.Value, Clause: c.String(), Nodes: res.Nodes, Evals: res.Evals})
		t.Expand(obj1)
		kids := t.Nodes[obj1].Kids
		if t.Nodes[obj1].Budget {
			fail(obj1, t.why(obj1))
			break
		}
		to := make([]string, len(kids))
		for i, k := range kids {
			to[i] = t.Name(k)
		}
		step(Step{Kind: Premises, Node: t.Name(obj1), To: to})
		for _, k := range kids {
			if t.Lost(k) {
				fail(k, t.why(k))
				break
			}
			q := &Proof{Atom: goalAtom(t, k)}
			proofs[k] = q
			p.Premises = append(p.Premises, q)
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
	r.TreeNodes = len(t.Nodes)
	if r.Failed == "" {
		r.Proved = true
		r.Proof = proofs[0]
	} else {
		r.SemiDecision = t.Horizon > 0 || t.BudgetHit || t.SearchBudget
	}
	return r, t, nil
}

func goalAtom(t *Tree, n int32) string { return t.G.Atoms[t.Nodes[n].Atom] }

// why says why node n is lost or stuck.
func (t *Tree) why(n int32) string {
	nd := &t.Nodes[n]
	a := t.G.Atoms[nd.Atom]
	switch {
	case nd.Budget:
		return "the tree reached its node bound"
	case nd.Loop:
		return a + " is already being proved above it"
	}
	return "no clause concludes " + a + " and it is not a datum"
}

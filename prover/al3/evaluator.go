package al3

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
)

// Evaluator decides the lemma, plan and refutation hypotheses of the AL3
// cycle in one position of a game: lemmas (and observations) by evaluating
// their formula there, suc(P) by a forcing-tree search for P with `replies
// any`, ref(R, P) by the refutation advice (ref holds when that advice is
// not satisfiable). Combined plans are built with Or and Mod once and kept,
// so the searcher's memo serves them across cycles.
type Evaluator[P any, M comparable] struct {
	Search *prover.Searcher[P, M]
	Pos    P
	// Lemmas maps the name of a lemma or observation to its formula.
	Lemmas map[string]*kb.Formula[P]
	// LemmaText says what a lemma evaluates (its formula as written), for
	// justifications (optional).
	LemmaText map[string]string
	// Plans maps a base plan name to the plan.
	Plans map[string]*kb.Advice[P]
	// Move formats a move for the principal lines in justifications (nil:
	// fmt's %v). Line, when set, formats a whole line of moves played from
	// a position instead (chess needs the position for SAN).
	Move func(M) string
	Line func(from *P, moves []M) string
	// Moves formats a line played from a position one move a string, and
	// Show a position, for the structured lines of justifications
	// (cycle.Evidence); both optional (nil: Move or fmt's %v; no Reached).
	Moves func(from *P, moves []M) []string
	Show  func(*P) string
	// LemmaDoc says in words what each lemma means (kb.Lemma.Doc).
	LemmaDoc map[string]string
	// Explain asks for the refuting defence of a plan that fails (a
	// false suc) as well as of a true refutation: more searches, whose
	// nodes count in ExplainNodes, never in Nodes or against MaxNodes.
	Explain      bool
	ExplainNodes int64
	// MaxNodes bounds the forcing-tree nodes of all the evaluations
	// together (0: only the searcher's own bound per search). An
	// evaluation that would start with the budget spent, or runs out of
	// it, is unknown with the reason "node budget of N spent".
	MaxNodes int64
	// Nodes counts the forcing-tree nodes of the evaluations so far.
	Nodes int64

	// The plans built so far (combined ones once, so that the memo table
	// serves them across cycles), by planNode, and the refutations by the
	// IDs of their two plans.
	ids   map[planNode]int
	plans []*kb.Advice[P]
	refs  map[[2]int]*kb.Advice[P]
}

// solve runs one search within the node budget left, and within the
// plan's own (`nodes N`, kb.Advice.MaxNodes) when the base states one.
func (e *Evaluator[P, M]) solve(ctx context.Context, a *kb.Advice[P]) (prover.Result[P, M], bool, error) {
	if e.MaxNodes > 0 {
		left := e.MaxNodes - e.Nodes
		if left <= 0 {
			return prover.Result[P, M]{}, false, nil
		}
		if a.MaxNodes > 0 {
			left = min(left, a.MaxNodes)
		}
		e.Search.SetMaxNodes(left)
		e.Search.SetFixedBudget(true)
	}
	res, err := e.Search.Solve(ctx, a, &e.Pos)
	e.Nodes += res.Nodes
	if res.Value == prover.Unknown && e.MaxNodes > 0 && e.Nodes >= e.MaxNodes {
		return res, false, err
	}
	return res, true, err
}

// partsError turns a combination of plans too large to build into an
// evaluation that is not known (the hypothesis stays open, with the
// reason), rather than an error that would end the run: meta-plans build
// combinations the base never wrote.
func partsError(err error) (cycle.Evaluation, bool) {
	var pe *prover.PartsError
	if !errors.As(err, &pe) {
		return cycle.Evaluation{}, false
	}
	return cycle.Evaluation{Why: fmt.Sprintf("a combination of plans too large: its move constraint would have %d parts, more than %d", pe.Parts, prover.MaxOrderParts)}, true
}

func (e *Evaluator[P, M]) budgetSpent() cycle.Evaluation {
	return cycle.Evaluation{Why: fmt.Sprintf("node budget of %d spent", e.MaxNodes)}
}

var _ cycle.Evaluator = (*Evaluator[int, int])(nil)

// Evaluate implements cycle.Evaluator.
func (e *Evaluator[P, M]) Evaluate(ctx context.Context, h cycle.Hypothesis) (cycle.Evaluation, error) {
	switch h.Kind {
	case cycle.Plan:
		plan, err := e.plan(h.Term.Plan)
		if tooLarge, ok := partsError(err); ok {
			return tooLarge, nil
		}
		if err != nil {
			return cycle.Evaluation{}, err
		}
		res, within, err := e.solve(ctx, plan)
		if err != nil {
			return cycle.Evaluation{}, err
		}
		if !within {
			return e.budgetSpent(), nil
		}
		doc := e.planDoc(h.Term.Plan)
		switch res.Value {
		case prover.Sat:
			ev := e.reached(res.Tree, h.Term.Plan)
			ev.Doc = doc
			return cycle.Evaluation{Known: true, Value: true, Why: "principal line " + e.line(res.Tree), Evidence: ev}, nil
		case prover.Unsat:
			ev := cycle.Evidence{Doc: doc}
			if e.Explain {
				d, err := e.explainDefence(ctx, plan)
				if err != nil {
					return cycle.Evaluation{}, err
				}
				ev.Defence = d
			}
			return cycle.Evaluation{Known: true, Value: false, Why: "no forcing tree within " + moves(plan.Depth), Evidence: ev}, nil
		}
		return cycle.Evaluation{Why: res.Reason, Evidence: cycle.Evidence{Doc: doc}}, nil
	case cycle.Refutation:
		a, err := e.refutation(h.Term.By, h.Term.Plan)
		if tooLarge, ok := partsError(err); ok {
			return tooLarge, nil
		}
		if err != nil {
			return cycle.Evaluation{}, err
		}
		res, within, err := e.solve(ctx, a)
		if err != nil {
			return cycle.Evaluation{}, err
		}
		if !within {
			return e.budgetSpent(), nil
		}
		switch res.Value {
		case prover.Unsat:
			why := fmt.Sprintf("%s has no forcing tree within %s against %s", h.Term.Plan.Key(), moves(a.Depth), h.Term.By.Key())
			d, err := e.defence(ctx, a)
			if err != nil {
				return cycle.Evaluation{}, err
			}
			ev := cycle.Evidence{Doc: e.refuterDoc(h.Term.By), Defence: e.defenceLines(a, d)}
			if len(d) > 0 {
				why += "; " + e.defenceText(a, d)
			} else if e.Explain {
				// The refuting side moves first: its move, found apart.
				if ev.Defence, err = e.explainDefence(ctx, a); err != nil {
					return cycle.Evaluation{}, err
				}
			}
			return cycle.Evaluation{Known: true, Value: true, Why: why, Evidence: ev}, nil
		case prover.Sat:
			ev := e.reached(res.Tree, h.Term.Plan)
			ev.Doc = e.refuterDoc(h.Term.By)
			return cycle.Evaluation{Known: true, Value: false, Why: fmt.Sprintf("%s still succeeds against %s: %s", h.Term.Plan.Key(), h.Term.By.Key(), e.line(res.Tree)), Evidence: ev}, nil
		}
		return cycle.Evaluation{Why: res.Reason}, nil
	}
	f, ok := e.Lemmas[h.Term.Name]
	if h.Term.Kind != kb.TermName || !ok {
		return cycle.Evaluation{}, fmt.Errorf("prover: no formula for hypothesis %s", h.Key())
	}
	env := kb.Env[P]{P0: &e.Pos, P1: &e.Pos, P2: &e.Pos}
	return cycle.Evaluation{Known: true, Value: f.Eval(&env), Why: e.LemmaText[h.Term.Name], Evidence: cycle.Evidence{Doc: e.LemmaDoc[h.Term.Name]}}, nil
}

// defence finds how the refuting side beats advice a (which is
// unsatisfiable in e.Pos): for each first move of X that its constraint
// allows, the first reply allowed to Y after which X has no forcing tree
// with the moves left ([Kc5, Kd4]), or that the move breaks X's holding
// goal ([Kc5] alone). It is nil when X is not to move, when a formula
// reads P0 (the subsearches would see another root), or when a subsearch
// does not finish within the budget, or when the advice has per-move
// constraints or calls (evaluated here without a searcher; with per-move
// constraints the subsearches after a move would start from the first
// constraint again).
func (e *Evaluator[P, M]) defence(ctx context.Context, a *kb.Advice[P]) ([][]M, error) {
	g := e.Search.Game()
	root := e.Pos
	if g.ToMove(&root) != a.Side || prover.AdviceReads(a, kb.P0) || a.Depth < 1 ||
		len(a.MovesNext) > 0 || len(a.RepliesNext) > 0 || len(a.Calls) > 0 || a.Semistatic {
		return nil, nil
	}
	rest := *a
	rest.Depth = a.Depth - 1
	holding := a.Holding
	if holding == nil {
		holding = kb.True[P]()
	}
	var lines [][]M
	for _, m := range g.Moves(&root, nil) {
		c := g.Play(&root, m)
		env := kb.Env[P]{P0: &root, P1: &root, P2: &c}
		if _, ok := a.Moves.Allows(&env); !ok {
			continue
		}
		if !holding.Eval(&env) {
			lines = append(lines, []M{m})
			continue
		}
		found := false
		for _, r := range g.Moves(&c, nil) {
			q := g.Play(&c, r)
			renv := kb.Env[P]{P0: &root, P1: &c, P2: &q}
			if _, ok := a.Replies.Allows(&renv); !ok {
				continue
			}
			res, within, err := e.solveFrom(ctx, &rest, q)
			if err != nil {
				return nil, err
			}
			if !within || res.Value == prover.Unknown {
				return nil, nil
			}
			if res.Value == prover.Unsat {
				lines = append(lines, []M{m, r})
				found = true
				break
			}
		}
		if !found {
			return nil, nil // the defence is deeper than one reply
		}
	}
	return lines, nil
}

// defenceFirst is the defence when the refuting side Y moves first: the
// first move allowed to Y after which X has no forcing tree (nil when
// there is none within the budget, or X is mated or stalemated).
func (e *Evaluator[P, M]) defenceFirst(ctx context.Context, a *kb.Advice[P]) ([][]M, error) {
	g := e.Search.Game()
	root := e.Pos
	if g.ToMove(&root) == a.Side || prover.AdviceReads(a, kb.P0) {
		return nil, nil
	}
	for _, r := range g.Moves(&root, nil) {
		q := g.Play(&root, r)
		env := kb.Env[P]{P0: &root, P1: &root, P2: &q}
		if _, ok := a.Replies.Allows(&env); !ok {
			continue
		}
		res, within, err := e.solveFrom(ctx, a, q)
		if err != nil || !within || res.Value == prover.Unknown {
			return nil, err
		}
		if res.Value == prover.Unsat {
			return [][]M{{r}}, nil
		}
	}
	return nil, nil
}

// defenceText is the defence as the reason of a refutation says it
// ("defence: Kc5 Kd4; Kb6 breaks the holding goal").
func (e *Evaluator[P, M]) defenceText(a *kb.Advice[P], lines [][]M) string {
	var parts []string
	first := e.Search.Game().ToMove(&e.Pos) == a.Side
	for _, l := range lines {
		if len(l) == 1 && first {
			parts = append(parts, e.fmtLine(l)+" breaks "+"the holding goal")
		} else {
			parts = append(parts, e.fmtLine(l))
		}
	}
	return "defence: " + strings.Join(parts, "; ")
}

// defenceLines are the defence's lines, each move formatted.
func (e *Evaluator[P, M]) defenceLines(a *kb.Advice[P], lines [][]M) []cycle.DefenceLine {
	var out []cycle.DefenceLine
	first := e.Search.Game().ToMove(&e.Pos) == a.Side
	for _, l := range lines {
		out = append(out, cycle.DefenceLine{Moves: e.moveList(&e.Pos, l), Breaks: first && len(l) == 1})
	}
	return out
}

// explainDefence is the defence against a plan that fails, found with
// its own node count (ExplainNodes): explaining never changes the answer,
// the statistics or the budget of a run.
func (e *Evaluator[P, M]) explainDefence(ctx context.Context, a *kb.Advice[P]) ([]cycle.DefenceLine, error) {
	nodes, max := e.Nodes, e.MaxNodes
	e.Nodes = 0
	if max > 0 {
		e.MaxNodes = max
	}
	defer func() {
		e.ExplainNodes += e.Nodes
		e.Nodes, e.MaxNodes = nodes, max
	}()
	d, err := e.defence(ctx, a)
	if err == nil && len(d) == 0 {
		d, err = e.defenceFirst(ctx, a)
	}
	if err != nil {
		return nil, err
	}
	return e.defenceLines(a, d), nil
}

// moveList formats a line played from pos one move a string.
func (e *Evaluator[P, M]) moveList(pos *P, ms []M) []string {
	if e.Moves != nil {
		return e.Moves(pos, ms)
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		if e.Move != nil {
			out[i] = e.Move(m)
		} else {
			out[i] = fmt.Sprint(m)
		}
	}
	return out
}

// reached is the evidence of a forcing tree's principal line: the line,
// the position at its end, and the goals of plan x that hold there.
func (e *Evaluator[P, M]) reached(t *prover.Node[P, M], x *kb.PlanRef) cycle.Evidence {
	var ev cycle.Evidence
	if t == nil {
		return ev
	}
	ev.Line = e.moveList(&e.Pos, t.PrincipalLine())
	prev, end := &e.Pos, t
	for len(end.Children) > 0 {
		prev, end = &end.Pos, end.Children[0].Node
	}
	if e.Show != nil {
		ev.Reached = e.Show(&end.Pos)
	}
	if x != nil && x.Op == kb.PlanLeaf {
		if p, ok := e.Plans[x.Name]; ok {
			root := e.Pos
			env := kb.Env[P]{P0: &root, P1: prev, P2: &end.Pos}
			for _, g := range p.Goals {
				if g.F.Eval(&env) {
					ev.Goals = append(ev.Goals, g.Text)
					ev.GoalDocs = append(ev.GoalDocs, g.Doc)
				}
			}
		}
	}
	return ev
}

// refuterDoc is the doc comment of a refutation's refuting plan x, named.
func (e *Evaluator[P, M]) refuterDoc(x *kb.PlanRef) string {
	if d := e.planDoc(x); d != "" {
		return x.Key() + ", the refuting plan: " + d
	}
	return ""
}

// planDoc is the doc comment of plan x when it is a plan of the base.
func (e *Evaluator[P, M]) planDoc(x *kb.PlanRef) string {
	if x != nil && x.Op == kb.PlanLeaf {
		if p, ok := e.Plans[x.Name]; ok {
			return p.Doc
		}
	}
	return ""
}

// solveFrom is solve from another position than e.Pos.
func (e *Evaluator[P, M]) solveFrom(ctx context.Context, a *kb.Advice[P], pos P) (prover.Result[P, M], bool, error) {
	saved := e.Pos
	e.Pos = pos
	defer func() { e.Pos = saved }()
	return e.solve(ctx, a)
}

func (e *Evaluator[P, M]) fmtLine(ms []M) string {
	if e.Line != nil {
		return e.Line(&e.Pos, ms)
	}
	var parts []string
	for _, m := range ms {
		if e.Move != nil {
			parts = append(parts, e.Move(m))
		} else {
			parts = append(parts, fmt.Sprint(m))
		}
	}
	return strings.Join(parts, " ")
}

// moves is "1 move", "n moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

func (e *Evaluator[P, M]) line(t *prover.Node[P, M]) string {
	pl := t.PrincipalLine()
	if len(pl) == 0 {
		if t.Kind == prover.Exit {
			return "(no allowed move keeps the holding goal; otherwise holds)"
		}
		return "(goal holds)"
	}
	if e.Line != nil {
		return e.Line(&e.Pos, pl)
	}
	var parts []string
	for _, m := range pl {
		if e.Move != nil {
			parts = append(parts, e.Move(m))
		} else {
			parts = append(parts, fmt.Sprint(m))
		}
	}
	if len(parts) == 0 {
		return "(goal holds)"
	}
	return strings.Join(parts, " ")
}

// planNode is a plan expression with its operands replaced by the IDs of
// the plans already built for them (hash-consing): finding the plan of an
// expression costs a map lookup per node, where keying by its text would
// cost the text of every subtree (quadratic for `P or P or ... or P`).
type planNode struct {
	op   kb.PlanOp
	name string
	l, r int
}

// plan returns the plan of x with `replies any`, built once.
func (e *Evaluator[P, M]) plan(x *kb.PlanRef) (*kb.Advice[P], error) {
	id, err := e.planID(x)
	if err != nil {
		return nil, err
	}
	return e.plans[id], nil
}

func (e *Evaluator[P, M]) planID(x *kb.PlanRef) (int, error) {
	if x == nil {
		return 0, fmt.Errorf("prover: plan hypothesis without a plan")
	}
	if e.ids == nil {
		e.ids = map[planNode]int{}
	}
	n := planNode{op: x.Op, name: x.Name}
	if x.Op != kb.PlanLeaf {
		var err error
		if n.l, err = e.planID(x.L); err != nil {
			return 0, err
		}
		if n.r, err = e.planID(x.R); err != nil {
			return 0, err
		}
		n.name = ""
	}
	if id, ok := e.ids[n]; ok {
		return id, nil
	}
	var a *kb.Advice[P]
	var err error
	switch x.Op {
	case kb.PlanLeaf:
		p, ok := e.Plans[x.Name]
		if !ok {
			return 0, fmt.Errorf("prover: no plan %s", x.Name)
		}
		a = prover.AsPlan(p)
	case kb.PlanOr:
		a, err = prover.Or(e.plans[n.l], e.plans[n.r])
	default:
		a, err = prover.Mod(e.plans[n.l], e.plans[n.r])
	}
	if err != nil {
		return 0, err
	}
	e.ids[n] = len(e.plans)
	e.plans = append(e.plans, a)
	return len(e.plans) - 1, nil
}

func (e *Evaluator[P, M]) refutation(r, p *kb.PlanRef) (*kb.Advice[P], error) {
	if r == nil || p == nil {
		return nil, fmt.Errorf("prover: refutation hypothesis without its plans")
	}
	ri, err := e.planID(r)
	if err != nil {
		return nil, err
	}
	pi, err := e.planID(p)
	if err != nil {
		return nil, err
	}
	key := [2]int{ri, pi}
	if a, ok := e.refs[key]; ok {
		return a, nil
	}
	a, err := prover.RefutationAdvice(e.plans[ri], e.plans[pi])
	if err != nil {
		return nil, err
	}
	if e.refs == nil {
		e.refs = map[[2]int]*kb.Advice[P]{}
	}
	e.refs[key] = a
	return a, nil
}

// Package cycle owns the AL3 execution cycle (DESIGN.md, "The AL3 execution
// cycle", points 1-7): facts, open hypotheses, unused methods and the
// two targets; one procedure per cycle, chosen by class, then by the most
// interesting hypothesis; simplification and implied values after each; the
// answer and its justification.
//
// It works on a Problem whose hypotheses are interned to IDs in a table of
// kb terms (Hypotheses), methods with the clause form of their relation
// over those IDs, and an Evaluator that decides lemmas, plans and
// refutations (the caller wires kb's formulas and the forcing-tree search
// into it; prover/al3 does both). It knows no game.
//
// Files: cycle.go (the problem, the run and its loop), hypotheses.go (the
// table of hypotheses and clauses), classes.go (the procedure classes, as
// data), select.go (the candidates of a cycle and the choice among them,
// the meta-plans' candidates included), apply.go (running the chosen
// procedure: evaluations, methods, meta-plans) and justify.go (the
// result, the trace, the facts the answer needs and its derivation).
package cycle

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/target"
)

// PlanDecl is a base plan and its side (meta-plan MOD combines plans of one
// side).
type PlanDecl struct {
	Name string
	Side game.Side
}

// Consequence is a relation `suc(P) -> C` of the knowledge base, the
// relation of a method: meta-plan MOD copies it as `suc(P mod Q) -> C`,
// with the hypothesis suc(P) replaced by suc(P mod Q).
type Consequence struct {
	// Method is the index in Problem.Methods of the method whose relation
	// it is; its clause forms are copied.
	Method int
	// Suc is the premise suc(P).
	Suc target.ID
	// Formula is the relation, whose copy with the term replaced is the
	// text of the copy in justifications (optional).
	Formula *kb.Prop
}

// Condition is a fact condition of a method's `pre`: H = Value.
type Condition struct {
	H     target.ID
	Value bool
}

// Method is an AL3 method. It applies to an open hypothesis h when h is one
// of Pre and every condition of When holds among the facts.
type Method struct {
	Name    string
	Hard    bool
	Pre     []target.ID
	When    []Condition
	Actions []target.ID
	// NotRelation is the clause form of the negation of the method's
	// relation (kb's Lines(true)).
	NotRelation []Clause
	// Relation is the clause form of the relation itself (kb's
	// Lines(false)) and Text the relation as written with hypothesis keys;
	// the justification derives values through them (both optional).
	Relation []Clause
	Text     string
}

// Problem is what the cycle works on.
type Problem struct {
	// Hyps interns every hypothesis the problem mentions, in declaration
	// order (the last tie-break of the selection); a run does not change
	// it.
	Hyps    *Hypotheses
	Query   target.ID
	Observe []target.ID
	Methods []Method
	// Plans and Consequences feed the meta-plans (DESIGN.md point 6).
	Plans        []PlanDecl
	Consequences []Consequence
}

// Evaluation is the result of evaluating a lemma, plan or refutation.
type Evaluation struct {
	Value bool
	// Known is false when the evaluation ran out of its budget: the
	// hypothesis stays open and is not evaluated again.
	Known bool
	// Why justifies the value (a plan's principal line, ...).
	Why string
	// Evidence is the same in parts, for justifications in words and
	// structured lines.
	Evidence
}

// Evidence is what an evaluation found, beyond its value, for
// justifications: every field is optional. Moves and positions come
// formatted by the evaluator (the cycle knows no game).
type Evidence struct {
	// Doc says in words what the hypothesis means: a lemma's doc comment
	// or the definitions of the predicates it reads, a plan's doc comment.
	Doc string
	// Line is a plan's principal line (for a false refutation: the plan's
	// line that the refuting advice does not stop), Reached the position
	// at its end, and Goals the parts of the plan's better goal (as
	// written, with their words in GoalDocs) that hold there.
	Line     []string
	Reached  string
	Goals    []string
	GoalDocs []string
	// Defence is how the other side beats a plan that fails (a false suc,
	// a true ref).
	Defence []DefenceLine
}

// DefenceLine is one line of a defence, its moves formatted: with the
// plan's side to move, one of its first moves and the reply after which
// it has no forcing tree left (or that move alone, when it breaks the
// holding goal: Breaks); with the other side to move, the move after
// which the plan has no forcing tree.
type DefenceLine struct {
	Moves  []string
	Breaks bool
}

// Evaluator decides lemma, plan and refutation hypotheses (and observations).
type Evaluator interface {
	Evaluate(ctx context.Context, h Hypothesis) (Evaluation, error)
}

// Options are the limits of Run and its tracer.
type Options struct {
	// MaxCycles bounds the cycles (0: DefaultMaxCycles).
	MaxCycles int
	// Timeout bounds the time of the whole run (0: none). Running out
	// answers undetermined with the reason "time budget of D spent".
	Timeout time.Duration
	// Tracer receives the run's events as they happen (nil: none).
	Tracer Tracer
	// Policy chooses each cycle's procedure (the zero value: CostPolicy).
	Policy Policy
}

// DefaultMaxCycles is the default cycle budget.
const DefaultMaxCycles = 1000

type run struct {
	p        Problem
	ev       Evaluator
	hyps     *Hypotheses          // p.Hyps, extended with what the meta-plans open
	side     map[string]game.Side // sides of the base plans
	metaDone map[target.ID]bool   // meta-plans run (by the hypothesis they open)
	created  map[target.ID]int    // creation order of open hypotheses
	facts    target.Facts
	factIDs  []target.ID // the hypothesis of each fact of res.Facts
	res      Result
	pos, neg target.Target // with the facts substituted
	rawPos   target.Target // without facts: for justifications
	rawNeg   target.Target
	used     []bool
	tried    map[target.ID]bool   // evaluated without a result
	halt     string               // a budget that ends the run, set by a step
	unknown  []string             // why evaluations ran out, for the reason
	whyOpen  map[target.ID]string // the reasons of unknown, by hypothesis
	rels     []appliedRelation
	tracer   Tracer
	policy   Policy
	// agenda is the thesis prototype's list of current hypotheses, in its
	// order (relist); ThesisPolicy chooses by it.
	agenda []target.ID
}

// Run executes the cycle on p.
func Run(ctx context.Context, p Problem, ev Evaluator, opt Options) (Result, error) {
	if opt.MaxCycles <= 0 {
		opt.MaxCycles = DefaultMaxCycles
	}
	if p.Hyps == nil || int(p.Query) < 0 || int(p.Query) >= p.Hyps.Len() {
		return Result{}, fmt.Errorf("cycle: no query")
	}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	r := &run{p: p, ev: ev, hyps: p.Hyps.extend(), side: map[string]game.Side{}, metaDone: map[target.ID]bool{},
		created: map[target.ID]int{}, facts: target.Facts{}, used: make([]bool, len(p.Methods)),
		tried: map[target.ID]bool{}, tracer: opt.Tracer, policy: opt.Policy}
	if int(opt.Policy) >= len(policies) {
		return Result{}, fmt.Errorf("cycle: no policy %d", opt.Policy)
	}
	for _, pl := range p.Plans {
		r.side[pl.Name] = pl.Side
	}
	q := r.open(p.Query)
	r.agenda = []target.ID{q}
	r.pos, r.neg = target.Start(q)
	r.rawPos, r.rawNeg = r.pos, r.neg
	for _, id := range p.Observe {
		h := r.hyps.Get(id)
		e, err := ev.Evaluate(ctx, h)
		if err != nil {
			return r.res, err
		}
		if e.Known {
			r.addFact(id, e.Value, Observed, e.Why, e.Evidence)
			r.trace(Event{Kind: EventObserve, Hypothesis: h.Key(), Result: fmt.Sprint(e.Value)})
		} else {
			r.trace(Event{Kind: EventObserve, Hypothesis: h.Key(), Result: "unknown (" + e.Why + ")"})
		}
	}
	if err := r.settle(); err != nil {
		return r.res, err
	}
	for cycle := 1; r.res.Answer == Undetermined; cycle++ {
		if cycle > opt.MaxCycles {
			r.res.Reason = fmt.Sprintf("cycle budget of %d spent", opt.MaxCycles)
			break
		}
		if err := ctx.Err(); err != nil {
			r.res.Reason = stopReason(ctx, opt.Timeout)
			break
		}
		ok, err := r.step(ctx, cycle)
		if err != nil {
			return r.res, err
		}
		if r.halt != "" {
			r.res.Reason = r.halt
			break
		}
		if !ok {
			r.res.Reason = "no candidate left"
			if len(r.unknown) > 0 {
				r.res.Reason += "; not decided: " + strings.Join(r.unknown, "; ")
			}
			break
		}
		r.res.Cycles = cycle
		if err := r.settle(); err != nil {
			return r.res, err
		}
	}
	r.res.Positive = r.pos.String(r.hyps)
	r.res.Negative = r.neg.String(r.hyps)
	if r.res.Answer == Undetermined {
		r.res.Open = r.stillOpen()
	}
	r.res.Needed = r.needed()
	r.derive()
	r.trace(Event{Kind: EventAnswer, Procedure: r.res.Answer.String(), Result: r.res.Reason})
	return r.res, nil
}

// stopReason says why a cancelled run stopped: its own time budget, the
// cause its caller gave the cancellation (a budget of the caller's, such
// as "memory budget of 2 GiB spent"), or "cancelled".
func stopReason(ctx context.Context, timeout time.Duration) string {
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, context.DeadlineExceeded) && timeout > 0:
		return fmt.Sprintf("time budget of %s spent", timeout)
	case cause == nil || errors.Is(cause, context.Canceled) || errors.Is(cause, context.DeadlineExceeded):
		return "cancelled"
	}
	return cause.Error()
}

// open gives id a creation number the first time.
func (r *run) open(id target.ID) target.ID {
	if _, ok := r.created[id]; !ok {
		r.created[id] = len(r.created)
	}
	return id
}

// createdOrder is the creation number of id, after every created one when
// it was never opened.
func (r *run) createdOrder(id target.ID) int {
	if c, ok := r.created[id]; ok {
		return c
	}
	return len(r.created)
}

func (r *run) addFact(id target.ID, v bool, src Source, why string, ev Evidence) {
	r.facts[id] = v
	h := r.hyps.Get(id)
	r.res.Facts = append(r.res.Facts, Fact{Key: h.Key(), Value: v, Kind: h.Kind, Source: src, Why: why, Evidence: ev})
	r.factIDs = append(r.factIDs, id)
}

// settle simplifies both targets, adds implied values until none is new,
// and checks for an answer.
func (r *run) settle() error {
	for {
		r.pos = target.Simplify(r.pos, r.facts)
		r.neg = target.Simplify(r.neg, r.facts)
		if r.pos.Proved() && r.neg.Proved() {
			return fmt.Errorf("cycle: the knowledge base is inconsistent: both %s and its negation follow", r.hyps.Name(r.p.Query))
		}
		if v := target.Verdict(r.pos, r.neg); v != target.Open {
			r.res.Answer = Yes
			if v == target.No {
				r.res.Answer = No
			}
			return nil
		}
		imp := target.Implied(r.pos, r.neg)
		if len(imp) == 0 {
			return nil
		}
		// Values implied at once are added in the order their hypotheses
		// were opened.
		slices.SortStableFunc(imp, func(a, b target.Value) int { return cmp.Compare(r.createdOrder(a.H), r.createdOrder(b.H)) })
		for _, iv := range imp {
			r.trace(Event{Kind: EventImplied, Hypothesis: r.hyps.Name(iv.H), Result: fmt.Sprint(iv.Value)})
			r.addFact(iv.H, iv.Value, Implied, "on the "+map[bool]string{true: "left", false: "right"}[iv.Value]+" of every line of both targets", Evidence{})
			f := &r.res.Facts[len(r.res.Facts)-1]
			f.Methods = slices.Clone(r.res.Applied)
			f.From = r.minimal(func(fs target.Facts) bool {
				for _, w := range target.Implied(target.Simplify(r.rawPos, fs), target.Simplify(r.rawNeg, fs)) {
					if w == iv {
						return true
					}
				}
				return false
			}, len(r.res.Facts)-1)
		}
	}
}

package cycle

import (
	"context"
	"fmt"
	"slices"

	"github.com/advicelang/al/prover/target"
)

// appliedRelation is the relation of an applied method or meta-plan.
type appliedRelation struct {
	name  string
	text  string
	lines []Clause
}

// step runs the candidate choose picks and records the step; false when
// there is none.
func (r *run) step(ctx context.Context, cycle int) (bool, error) {
	best := r.choose()
	if best == nil {
		return false, nil
	}
	st := Step{Cycle: cycle, Hypothesis: r.hyps.Name(best.h), Procedure: best.class.String()}
	var notR int
	switch {
	case best.meta != nil:
		st.Procedure += " " + best.meta.name
		notR = len(best.meta.notRelation)
	case best.method >= 0:
		st.Procedure += " " + r.p.Methods[best.method].Name
		notR = len(r.p.Methods[best.method].NotRelation)
	}
	if n := r.productLines(notR); n > MaxTargetLines {
		r.halt = fmt.Sprintf("target budget of %d lines spent (%s on %s would make %d)", MaxTargetLines, st.Procedure, st.Hypothesis, n)
		return false, nil
	}
	switch {
	case best.meta != nil:
		r.runMeta(best.meta)
		st.Result = "opens " + r.hyps.Name(best.meta.opens)
	case best.method >= 0:
		r.apply(best.method)
		st.Result = fmt.Sprintf("targets %d and %d lines", len(target.Simplify(r.pos, r.facts).Lines), len(target.Simplify(r.neg, r.facts).Lines))
	default:
		res, why, err := r.evaluate(ctx, best.h)
		if err != nil {
			return false, err
		}
		st.Result, st.Detail = res, why
	}
	r.res.Steps = append(r.res.Steps, st)
	r.trace(Event{Kind: EventStep, Cycle: st.Cycle, Hypothesis: st.Hypothesis, Procedure: st.Procedure, Result: st.Result, Detail: st.Detail})
	return true, nil
}

// evaluate asks the evaluator for hypothesis id and records the fact, or
// that it could not be decided; it returns the step's result (true, false
// or unknown) and the evaluation's reason.
func (r *run) evaluate(ctx context.Context, id target.ID) (string, string, error) {
	h := r.hyps.Get(id)
	e, err := r.ev.Evaluate(ctx, h)
	if err != nil {
		return "", "", err
	}
	var res string
	if e.Known {
		r.addFact(id, e.Value, Evaluated, e.Why, e.Evidence)
		res = fmt.Sprint(e.Value)
	} else {
		r.tried[id] = true
		res = "unknown"
		why := e.Why
		if why == "" {
			why = "its evaluation ran out"
		}
		r.unknown = append(r.unknown, h.Key()+" ("+why+")")
		if r.whyOpen == nil {
			r.whyOpen = map[target.ID]string{}
		}
		r.whyOpen[id] = why
	}
	return res, e.Why, nil
}

// apply makes both targets T | ~R, opens the method's hypotheses (actions
// first, in order, then its pre, then any other hypothesis of its
// relation) and uses the method up.
func (r *run) apply(mi int) {
	m := r.p.Methods[mi]
	r.used[mi] = true
	r.res.Applied = append(r.res.Applied, m.Name)
	r.rels = append(r.rels, appliedRelation{name: m.Name, text: m.Text, lines: m.Relation})
	r.product(m.Actions, m.Pre, m.NotRelation)
}

// runMeta opens the meta-plan's hypothesis and adds its relation to both
// targets, like a method.
func (r *run) runMeta(m *meta) {
	r.metaDone[m.opens] = true
	r.res.Applied = append(r.res.Applied, "meta-plan "+m.name+" "+r.hyps.Name(m.opens))
	r.rels = append(r.rels, appliedRelation{name: "meta-plan " + m.name, text: m.text, lines: m.relation})
	r.product([]target.ID{m.opens}, nil, m.notRelation)
}

// MaxTargetLines bounds the targets: applying a relation multiplies the
// lines of each target by those of the relation's negation, so a run of
// methods with relations of a few lines each could grow its targets
// exponentially (simplification, quadratic in the lines, comes after the
// product). A procedure whose product would have more lines ends the run
// undetermined, with the reason.
const MaxTargetLines = 4096

// productLines is the most lines a product with a relation of notR lines
// makes of the targets (with and without facts).
func (r *run) productLines(notR int) int64 {
	var most int64
	for _, t := range []target.Target{r.pos, r.neg, r.rawPos, r.rawNeg} {
		most = max(most, int64(len(t.Lines))*int64(notR))
	}
	return most
}

// product opens the hypotheses of actions, then those of pre, then those
// of notRelation in order, puts them on the agenda (relist), and makes
// both targets T | ~R.
func (r *run) product(actions, pre []target.ID, notRelation []Clause) {
	opened := slices.Concat(actions, pre)
	notR := target.Target{Lines: make([]target.Line, len(notRelation))}
	for i, l := range notRelation {
		opened = append(opened, l.If...)
		opened = append(opened, l.Then...)
		notR.Lines[i] = l.line()
	}
	for _, a := range opened {
		r.open(a)
	}
	r.relist(actions, opened[len(actions):])
	r.pos = target.Or(r.pos, notR)
	r.neg = target.Or(r.neg, notR)
	r.rawPos = target.Simplify(target.Or(r.rawPos, notR), nil)
	r.rawNeg = target.Simplify(target.Or(r.rawNeg, notR), nil)
}

// relist updates the agenda as the thesis's prototype updates its list of
// current hypotheses when a method or meta-plan adds hypotheses (the
// appendix listing, ALTA_BASE and UNION): the list becomes the new
// hypotheses, then the old list reversed without them. The new ones are
// the undecided actions, in order, then the undecided hypotheses of
// others (pre, relation) not listed yet. The reversal is Micro-Prolog's:
// UNION collects the old list with ISALL, which gives its solutions in
// reverse order (ELIMINA_HIPOTESIS, which drops the facts, uses two
// ISALLs and keeps the order; so do we, dropping them when choosing).
// Only ThesisPolicy reads the agenda; the appendix's run is its test.
func (r *run) relist(actions, others []target.ID) {
	undecided := func(id target.ID) bool { _, ok := r.facts[id]; return !ok }
	var front []target.ID
	for _, id := range actions {
		if undecided(id) && !slices.Contains(front, id) {
			front = append(front, id)
		}
	}
	for _, id := range others {
		if undecided(id) && !slices.Contains(front, id) && !slices.Contains(r.agenda, id) {
			front = append(front, id)
		}
	}
	next := front
	for _, id := range slices.Backward(r.agenda) {
		if undecided(id) && !slices.Contains(front, id) {
			next = append(next, id)
		}
	}
	r.agenda = next
}

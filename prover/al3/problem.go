package al3

import (
	"fmt"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/target"
)

// Problem translates a compiled knowledge base into the AL3 cycle's input
// for query q (nil: the base's own query):
//   - hypotheses: the observations and lemmas (kind Lemma), then every
//     suc(..) and ref(..) the query and the methods mention, in order of
//     appearance (kinds Plan and Refutation, with their plans);
//   - methods: pre, fact conditions, actions, and the clause forms of the
//     relation and of its negation;
//   - plans with their sides, and the relations `suc(P) -> C` (a method
//     relation that is an implication whose left side is the hypothesis
//     suc(P)) for meta-plan MOD.
//
// Hypothesis keys are kb's Term.Key; the cycle writes the keys of the
// combinations it creates with PlanExpr.String, which follows the same
// rule, and Problem checks that both agree on every plan term.
func Problem[P any](b *kb.Base[P], q *kb.Term) (cycle.Problem, error) {
	if q == nil {
		q = b.Query
	}
	if q == nil {
		return cycle.Problem{}, fmt.Errorf("the knowledge base has no query: give one")
	}
	p := cycle.Problem{Query: q.Key()}
	seen := map[string]bool{}
	for _, l := range b.Observations {
		p.Observe = append(p.Observe, l.Name)
		p.Hypotheses = append(p.Hypotheses, cycle.Hypothesis{Key: l.Name, Kind: cycle.Lemma})
		seen[l.Name] = true
	}
	for _, l := range b.Lemmas {
		if !seen[l.Name] {
			p.Hypotheses = append(p.Hypotheses, cycle.Hypothesis{Key: l.Name, Kind: cycle.Lemma})
			seen[l.Name] = true
		}
	}
	var err error
	addTerm := func(t kb.Term) {
		if t.Kind == kb.TermName || seen[t.Key()] || err != nil {
			return
		}
		seen[t.Key()] = true
		h := cycle.Hypothesis{Key: t.Key(), Kind: cycle.Plan, Plan: planExpr(t.Plan)}
		want := cycle.SucKey(h.Plan)
		if t.Kind == kb.TermRef {
			h.Kind, h.Refuter = cycle.Refutation, planExpr(t.By)
			want = cycle.RefKey(h.Refuter, h.Plan)
		}
		if want != h.Key {
			err = fmt.Errorf("prover: hypothesis key %q is %q in the cycle", h.Key, want)
			return
		}
		p.Hypotheses = append(p.Hypotheses, h)
	}
	var walk func(pr *kb.Prop)
	walk = func(pr *kb.Prop) {
		switch pr.Op {
		case kb.OpAtom:
			addTerm(pr.Term)
		case kb.OpTrue, kb.OpFalse:
		default:
			walk(pr.L)
			if pr.R != nil {
				walk(pr.R)
			}
		}
	}
	addTerm(*q)
	for _, m := range b.Methods {
		cm := cycle.Method{Name: m.Name, Hard: m.Hard, Text: m.Relation.String(),
			Relation: rawLines(m.Relation.Lines(false)), NotRelation: rawLines(m.Relation.Lines(true))}
		for _, t := range m.Pre {
			addTerm(t)
			cm.Pre = append(cm.Pre, t.Key())
		}
		for _, f := range m.Facts {
			addTerm(f.Term)
			cm.When = append(cm.When, cycle.Condition{Key: f.Term.Key(), Value: f.Value})
		}
		for _, t := range m.Action {
			addTerm(t)
			cm.Actions = append(cm.Actions, t.Key())
		}
		walk(m.Relation)
		p.Methods = append(p.Methods, cm)
		for _, suc := range sucPremises(m.Relation) {
			p.Consequences = append(p.Consequences, cycle.Consequence{Suc: suc, Text: m.Relation.String(),
				Relation: rawLines(m.Relation.Lines(false)), NotRelation: rawLines(m.Relation.Lines(true))})
		}
	}
	if err != nil {
		return cycle.Problem{}, err
	}
	for _, a := range b.Plans {
		p.Plans = append(p.Plans, cycle.PlanDecl{Name: a.Name, Side: a.Side})
	}
	return p, nil
}

// sucPremises returns suc(P) when relation r is `suc(P) -> C` (MOD copies
// such a relation whole, with suc(P) renamed).
func sucPremises(r *kb.Prop) []string {
	if r.Op != kb.OpImplies || r.L.Op != kb.OpAtom || r.L.Term.Kind != kb.TermSuc {
		return nil
	}
	return []string{r.L.Term.Key()}
}

func rawLines(ls []kb.Line) []target.RawLine {
	out := make([]target.RawLine, len(ls))
	for i, l := range ls {
		out[i] = target.RawLine(l)
	}
	return out
}

func planExpr(p *kb.PlanRef) *cycle.PlanExpr {
	switch p.Op {
	case kb.PlanOr:
		return &cycle.PlanExpr{Op: cycle.OrPlan, L: planExpr(p.L), R: planExpr(p.R)}
	case kb.PlanMod:
		return &cycle.PlanExpr{Op: cycle.ModPlan, L: planExpr(p.L), R: planExpr(p.R)}
	}
	return cycle.Base(p.Name)
}

// NewEvaluator returns the cycle's evaluator for base b in position pos,
// searching with s: every observation and lemma by its formula, every plan
// of the base by name.
func NewEvaluator[P any, M comparable](b *kb.Base[P], s *prover.Searcher[P, M], pos P) *Evaluator[P, M] {
	e := &Evaluator[P, M]{Search: s, Pos: pos, Lemmas: map[string]*kb.Formula[P]{}, LemmaText: map[string]string{},
		Plans: map[string]*kb.Advice[P]{}}
	for _, ls := range [][]*kb.Lemma[P]{b.Observations, b.Lemmas} {
		for _, l := range ls {
			e.Lemmas[l.Name] = l.Formula
			e.LemmaText[l.Name] = l.Text
		}
	}
	for _, a := range b.Plans {
		e.Plans[a.Name] = a
	}
	return e
}

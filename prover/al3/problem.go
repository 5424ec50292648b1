package al3

import (
	"fmt"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
)

// Problem translates a compiled knowledge base into the AL3 cycle's input
// for query q (nil: the base's own query). It is the one place where
// hypotheses are interned: every kb term the base mentions goes into the
// problem's table (cycle.Hypotheses) and everything after works on its
// IDs. In declaration order (the IDs' order, the selection's last
// tie-break):
//   - the observations and lemmas (kind Lemma);
//   - the query, then for each method the terms of its pre, its fact
//     conditions, its actions and its relation, in order of appearance
//     (suc(..) and ref(..) are plans and refutations, other names plain);
//
// and then:
//   - methods: pre, fact conditions, actions, and the clause forms of the
//     relation and of its negation over the IDs;
//   - plans with their sides, and the relations `suc(P) -> C` (a method
//     relation that is an implication whose left side is the hypothesis
//     suc(P)) for meta-plan MOD.
func Problem[P any](b *kb.Base[P], q *kb.Term) (cycle.Problem, error) {
	if q == nil {
		q = b.Query
	}
	if q == nil {
		return cycle.Problem{}, fmt.Errorf("the knowledge base has no query: give one")
	}
	hyps := cycle.NewHypotheses()
	p := cycle.Problem{Hyps: hyps}
	for _, l := range b.Observations {
		p.Observe = append(p.Observe, hyps.Lemma(l.Name))
	}
	for _, l := range b.Lemmas {
		hyps.Lemma(l.Name)
	}
	p.Query = hyps.Intern(*q)
	for mi, m := range b.Methods {
		cm := cycle.Method{Name: m.Name, Hard: m.Hard, Text: m.Relation.String()}
		for _, t := range m.Pre {
			cm.Pre = append(cm.Pre, hyps.Intern(t))
		}
		for _, f := range m.Facts {
			cm.When = append(cm.When, cycle.Condition{H: hyps.Intern(f.Term), Value: f.Value})
		}
		for _, t := range m.Action {
			cm.Actions = append(cm.Actions, hyps.Intern(t))
		}
		if err := m.Relation.CheckClauseForm(); err != nil {
			return cycle.Problem{}, fmt.Errorf("the relation of method %s is too large: %w", m.Name, err)
		}
		cm.Relation = hyps.Clauses(m.Relation, false)
		cm.NotRelation = hyps.Clauses(m.Relation, true)
		p.Methods = append(p.Methods, cm)
		if suc, ok := sucPremise(m.Relation); ok {
			p.Consequences = append(p.Consequences, cycle.Consequence{Method: mi, Suc: hyps.Intern(suc), Formula: m.Relation})
		}
	}
	for _, a := range b.Plans {
		p.Plans = append(p.Plans, cycle.PlanDecl{Name: a.Name, Side: a.Side})
	}
	return p, nil
}

// sucPremise returns suc(P) when relation r is `suc(P) -> C` (MOD copies
// such a relation whole, with suc(P) replaced).
func sucPremise(r *kb.Prop) (kb.Term, bool) {
	if r.Op != kb.OpImplies || r.L.Op != kb.OpAtom || r.L.Term.Kind != kb.TermSuc {
		return kb.Term{}, false
	}
	return r.L.Term, true
}

// NewEvaluator returns the cycle's evaluator for base b in position pos,
// searching with s: every observation and lemma by its formula, every plan
// of the base by name.
func NewEvaluator[P any, M comparable](b *kb.Base[P], s *prover.Searcher[P, M], pos P) *Evaluator[P, M] {
	e := &Evaluator[P, M]{Search: s, Pos: pos, Lemmas: map[string]*kb.Formula[P]{}, LemmaText: map[string]string{},
		LemmaDoc: map[string]string{}, Plans: map[string]*kb.Advice[P]{}}
	for _, ls := range [][]*kb.Lemma[P]{b.Observations, b.Lemmas} {
		for _, l := range ls {
			e.Lemmas[l.Name] = l.Formula
			e.LemmaText[l.Name] = l.Text
			e.LemmaDoc[l.Name] = l.Doc
		}
	}
	for _, a := range b.Plans {
		e.Plans[a.Name] = a
	}
	return e
}

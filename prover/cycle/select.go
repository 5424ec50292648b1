package cycle

import (
	"slices"
	"strings"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/target"
)

// candidate is one procedure the cycle may run: the evaluation of h, the
// method of index method applied to h, or the meta-plan meta, whose
// interest is that of h.
type candidate struct {
	class  Class
	h      target.ID
	method int // -1 for an evaluation or a meta-plan
	meta   *meta
}

// meta is a meta-plan ready to run: the hypothesis it opens and the clause
// form of its relation(s) and their negation.
type meta struct {
	name        string // "or" or "mod"
	opens       target.ID
	notRelation []Clause
	relation    []Clause // the relation itself, for the justification
	text        string
	order       int // generation order, the last tie-break
}

// choose returns the candidate the cycle runs (DESIGN.md point 2): the
// cheapest class first; among equals the hypothesis with most occurrences
// in both targets, then the one opened first, then declaration order (of
// the hypothesis, or of the method, or the meta-plans' generation order).
// nil when there is none.
func (r *run) choose() *candidate {
	occ := target.Occurrences(r.pos, r.neg)
	var best *candidate
	better := func(c candidate) bool {
		if best == nil {
			return true
		}
		if c.class != best.class {
			return c.class < best.class
		}
		if occ[c.h] != occ[best.h] {
			return occ[c.h] > occ[best.h]
		}
		if r.createdOrder(c.h) != r.createdOrder(best.h) {
			return r.createdOrder(c.h) < r.createdOrder(best.h)
		}
		return r.declOrder(c) < r.declOrder(*best)
	}
	consider := func(c candidate) {
		if better(c) {
			b := c
			best = &b
		}
	}
	// Open hypotheses: created, undecided, and still in a target.
	var open []target.ID
	isOpen := map[target.ID]bool{}
	for id := range r.created {
		if _, decided := r.facts[id]; !decided && occ[id] > 0 {
			open = append(open, id)
			isOpen[id] = true
		}
	}
	slices.Sort(open)
	for _, id := range open {
		if r.tried[id] {
			continue
		}
		if class, ok := evaluationClass(r.hyps.Get(id).Kind); ok {
			consider(candidate{class: class, h: id, method: -1})
		}
	}
	for mi, m := range r.p.Methods {
		if r.used[mi] || !r.conditionsHold(m) {
			continue
		}
		for _, id := range m.Pre {
			if isOpen[id] {
				consider(candidate{class: methodClass(m.Hard), h: id, method: mi})
			}
		}
	}
	for _, c := range r.metaPlans(occ) {
		consider(c)
	}
	return best
}

// declOrder is the last tie-break: a method's index, a meta-plan's
// generation order, or the hypothesis's ID (IDs are given in declaration
// order, and the hypotheses a run opens come after the declared ones).
func (r *run) declOrder(c candidate) int {
	if c.meta != nil {
		return c.meta.order
	}
	if c.method >= 0 {
		return c.method
	}
	return int(c.h)
}

func (r *run) conditionsHold(m Method) bool {
	for _, c := range m.When {
		v, decided := r.facts[c.H]
		if !decided || v != c.Value {
			return false
		}
	}
	return true
}

// metaPlans lists the meta-plans the facts allow (DESIGN.md point 6) that
// have not run yet. The hypotheses they would open are built as kb terms
// and interned in the run's table.
func (r *run) metaPlans(occ map[target.ID]int) []candidate {
	var out []candidate
	add := func(h target.ID, m *meta) {
		m.order = len(out)
		out = append(out, candidate{class: MetaClass, h: h, method: -1, meta: m})
	}
	// OR: two refutations of the same plan that failed.
	var failed []kb.Term
	for i, f := range r.res.Facts {
		if h := r.hyps.Get(r.factIDs[i]); h.Kind == Refutation && !f.Value {
			failed = append(failed, h.Term)
		}
	}
	for i, a := range failed {
		for _, b := range failed[i+1:] {
			if !a.Plan.Equal(b.Plan) || a.By.Equal(b.By) {
				continue
			}
			la, lb := a.By.Leaves(), b.By.Leaves()
			if isSubset(la, lb) || isSubset(lb, la) {
				continue
			}
			suc, ok := r.hyps.Lookup(kb.SucTerm(a.Plan))
			if !ok || occ[suc] == 0 {
				continue
			}
			if _, decided := r.facts[suc]; decided {
				continue
			}
			ref := kb.RefTerm(kb.PlanOrOf(a.By, b.By), a.Plan)
			id := r.hyps.Intern(ref)
			if r.metaDone[id] {
				continue
			}
			add(suc, &meta{name: "or", opens: id,
				notRelation: []Clause{{Then: []target.ID{id}}, {Then: []target.ID{suc}}},
				relation:    []Clause{{If: []target.ID{id, suc}}},
				text:        ref.Key() + " -> ~" + r.hyps.Name(suc)})
		}
	}
	// MOD: a plan refuted, modified by each other plan of its side.
	for i, f := range r.res.Facts {
		h := r.hyps.Get(r.factIDs[i])
		if h.Kind != Refutation || !f.Value {
			continue
		}
		plan := h.Term.Plan
		leaves := plan.Leaves()
		side, ok := r.side[leaves[0]]
		if !ok {
			continue
		}
		sucTerm := kb.SucTerm(plan)
		suc, ok := r.hyps.Lookup(sucTerm)
		if !ok {
			continue // no relation mentions suc(P), so none has it as premise
		}
		var cons []Consequence
		for _, c := range r.p.Consequences {
			if c.Suc == suc {
				cons = append(cons, c)
			}
		}
		if len(cons) == 0 {
			continue
		}
		for _, q := range r.p.Plans {
			if q.Side != side || slices.Contains(leaves, q.Name) {
				continue
			}
			modTerm := kb.SucTerm(kb.PlanModOf(plan, kb.PlanName(q.Name)))
			mod := r.hyps.Intern(modTerm)
			if r.metaDone[mod] {
				continue
			}
			var notRel, rel []Clause
			var texts []string
			for _, c := range cons {
				m := r.p.Methods[c.Method]
				for _, l := range m.NotRelation {
					notRel = append(notRel, l.substitute(suc, mod))
				}
				for _, l := range m.Relation {
					rel = append(rel, l.substitute(suc, mod))
				}
				if c.Formula != nil {
					texts = append(texts, c.Formula.Replace(sucTerm, modTerm).String())
				}
			}
			add(suc, &meta{name: "mod", opens: mod, notRelation: notRel, relation: rel, text: strings.Join(texts, "; ")})
		}
	}
	return out
}

func isSubset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

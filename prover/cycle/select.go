package cycle

import (
	"fmt"
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

// Policy is a rule for choosing, among the candidates of a cycle, the one
// it runs. The policies are data (policies below): each says which
// hypotheses it considers and ranks candidates by a key, the smallest
// first.
type Policy uint8

const (
	// CostPolicy is DESIGN.md's point 2, the default: the cheapest class
	// first; among equals the hypothesis with most occurrences in both
	// targets, then the one opened first, then declaration order.
	CostPolicy Policy = iota
	// ThesisPolicy is the rule of the thesis's prototype (seed 002, the
	// appendix's Micro-Prolog listing, module AL3_GETP): the hypotheses in
	// the order of its list of current hypotheses (see run.relist), and for
	// each, every class in the listing's order (ESCOGE_PROG's clauses:
	// lemma, easy method, meta-plan, refutation, plan, hard method, which
	// is the order of classes) before the next hypothesis; methods in
	// declaration order. It reproduces the appendix's run cycle for cycle.
	ThesisPolicy
)

// policyData is what the cycle knows of a policy.
type policyData struct {
	name string
	doc  string
	// considers lists the hypotheses whose candidates the policy ranks, in
	// ID order or its own: occ counts occurrences in both targets.
	considers func(r *run, occ map[target.ID]int) []target.ID
	// key ranks candidate c; ok is false when c is not to be run.
	key func(r *run, occ map[target.ID]int, c candidate) (k rank, ok bool)
}

// rank is a policy's key for a candidate, compared lexicographically.
type rank [4]int

// policies is the one list of the selection policies.
var policies = [...]policyData{
	CostPolicy: {
		name: "cost",
		doc:  "the cheapest procedure class first, then the hypothesis with most occurrences in both targets, then the older hypothesis, then declaration order",
		considers: func(r *run, occ map[target.ID]int) []target.ID {
			var open []target.ID
			for id := range r.created {
				if _, decided := r.facts[id]; !decided && occ[id] > 0 {
					open = append(open, id)
				}
			}
			slices.Sort(open)
			return open
		},
		key: func(r *run, occ map[target.ID]int, c candidate) (rank, bool) {
			return rank{int(c.class), -occ[c.h], r.createdOrder(c.h), r.declOrder(c)}, true
		},
	},
	ThesisPolicy: {
		name: "thesis",
		doc:  "the rule of the thesis's Micro-Prolog prototype: hypotheses in the order of its list of current hypotheses, every procedure class on one before the next; reproduces its appendix's run",
		considers: func(r *run, _ map[target.ID]int) []target.ID {
			var open []target.ID
			for _, id := range r.agenda {
				if _, decided := r.facts[id]; !decided {
					open = append(open, id)
				}
			}
			return open
		},
		key: func(r *run, _ map[target.ID]int, c candidate) (rank, bool) {
			i := slices.Index(r.agenda, c.h)
			return rank{i, int(c.class), r.declOrder(c)}, i >= 0
		},
	},
}

func (p Policy) String() string { return policies[p].name }

// Doc says what policy p chooses.
func (p Policy) Doc() string { return policies[p].doc }

// Policies returns the selection policies, the default first.
func Policies() []Policy {
	out := make([]Policy, len(policies))
	for i := range policies {
		out[i] = Policy(i)
	}
	return out
}

// ParsePolicy returns the policy of that name.
func ParsePolicy(name string) (Policy, error) {
	var names []string
	for i, p := range policies {
		if p.name == name {
			return Policy(i), nil
		}
		names = append(names, p.name)
	}
	return 0, fmt.Errorf("unknown policy %q (one of %s)", name, strings.Join(names, ", "))
}

// choose returns the candidate the cycle runs: of the candidates of the
// hypotheses the run's policy considers (evaluations, methods whose pre
// lists the hypothesis and whose fact conditions hold, meta-plans), the
// one of least key. nil when there is none.
func (r *run) choose() *candidate {
	occ := target.Occurrences(r.pos, r.neg)
	pol := &policies[r.policy]
	var best *candidate
	var bestKey rank
	consider := func(c candidate) {
		k, ok := pol.key(r, occ, c)
		if ok && (best == nil || slices.Compare(k[:], bestKey[:]) < 0) {
			b := c
			best, bestKey = &b, k
		}
	}
	open := pol.considers(r, occ)
	isOpen := make(map[target.ID]bool, len(open))
	for _, id := range open {
		isOpen[id] = true
	}
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

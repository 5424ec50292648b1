package kb

import (
	"slices"
	"sort"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/game"
)

// planRef resolves a plan expression: every leaf a plan of the base, and
// both sides of a combination plans of one side. It returns the side.
func (c *compiler[P]) planRef(e lang.PlanExpr) (*PlanRef, game.Side, bool) {
	switch e := e.(type) {
	case *lang.PlanName:
		x, ok := c.decls[e.Name]
		if !ok {
			c.errorf(e.Pos, "unknown plan %s%s", e.Name, c.suggestFrom("plan", e.Name, func() []string { return c.namesOf("plan") }))
			return nil, 0, false
		}
		if x.kind != "plan" {
			c.errorf(e.Pos, "%s is %s, not a plan", e.Name, aKind(x.kind))
			return nil, 0, false
		}
		c.used[e.Name] = true
		return PlanName(e.Name), sideOf(x.decl.(*lang.Advice).Side), true
	case *lang.PlanOp:
		l, ls, ok1 := c.planRef(e.L)
		r, rs, ok2 := c.planRef(e.R)
		if !ok1 || !ok2 {
			return nil, 0, false
		}
		if ls != rs {
			c.errorf(e.Pos, "%s combines plans of different sides: %s is for %s, %s for %s", e.Op, lang.PlanString(e.L), ls, lang.PlanString(e.R), rs)
			return nil, 0, false
		}
		if e.Op == "or" {
			return PlanOrOf(l, r), ls, true
		}
		return PlanModOf(l, r), ls, true
	}
	return nil, 0, false
}

// term resolves a hypothesis term; where says where it is, for messages.
func (c *compiler[P]) term(t *lang.Term, where string) (Term, bool) {
	switch t.Kind {
	case lang.TermSuc:
		p, _, ok := c.planRef(t.Plan)
		if !ok {
			return Term{}, false
		}
		return SucTerm(p), true
	case lang.TermRef:
		by, bs, ok1 := c.planRef(t.By)
		p, ps, ok2 := c.planRef(t.Plan)
		if !ok1 || !ok2 {
			return Term{}, false
		}
		if bs == ps {
			c.errorf(t.Pos, "in %s, %s cannot refute %s: a refutation is a plan of the other side (both are for %s)", lang.TermString(t), lang.PlanString(t.By), lang.PlanString(t.Plan), ps)
			return Term{}, false
		}
		return RefTerm(by, p), true
	}
	if x, ok := c.decls[t.Name]; ok {
		switch x.kind {
		case "plan":
			c.errorf(t.Pos, "%s is a plan; as a hypothesis write suc(%s)", t.Name, t.Name)
			return Term{}, false
		case "lemma", "observation":
			c.used[t.Name] = true
		case "pattern":
			c.used[t.Name] = true
			if _, lemma := c.lemmaAt[t.Name]; !lemma {
				c.diags.Warnf(t.Pos, "%s is a pattern but not a lemma, so only methods decide it; list it in a lemma declaration to evaluate it", t.Name)
			}
		default:
			c.errorf(t.Pos, "%s is %s, not a hypothesis", t.Name, aKind(x.kind))
			return Term{}, false
		}
	}
	return NameTerm(t.Name), true
}

// method compiles a method: its hypotheses, facts and relation.
func (c *compiler[P]) method(d *lang.Method) {
	m := &Method{Name: d.Name, Hard: d.Cost == "hard", Pos: d.Pos}
	aliases := map[string]Term{}
	aliasAt := map[string]lang.Pos{}
	bad := map[string]bool{}    // aliases and names whose hypothesis had an error
	listed := map[string]Term{} // key -> term, for terms written without alias
	ok := true
	var relation *lang.RelationClause
	hasPre := false
	for _, cl := range d.Clauses {
		var items []*lang.HypItem
		pre := false
		switch cl := cl.(type) {
		case *lang.PreClause:
			items, pre, hasPre = cl.Items, true, true
		case *lang.ActionClause:
			items = cl.Items
		case *lang.RelationClause:
			relation = cl
			continue
		}
		for _, it := range items {
			t, good := c.term(it.Term, "method "+d.Name)
			if !good {
				ok = false
				if it.Alias != nil {
					bad[it.Alias.Name] = true
				}
				bad[lang.TermString(it.Term)] = true
				continue
			}
			if it.Value != "" {
				if !pre {
					c.errorf(it.Pos, "a fact condition (%s = %s) belongs in pre; action lists the hypotheses the method introduces", t.Key(), it.Value)
					ok = false
					continue
				}
				if it.Alias != nil {
					c.errorf(it.Alias.Pos, "fact condition %s = %s takes no alias", t.Key(), it.Value)
					ok = false
				}
				m.Facts = append(m.Facts, Fact{Term: t, Value: it.Value == "true"})
				listed[t.Key()] = t
				continue
			}
			if it.Alias != nil {
				if p, dup := aliasAt[it.Alias.Name]; dup {
					c.errorf(it.Alias.Pos, "alias %s is used twice in method %s (first at line %d)", it.Alias.Name, d.Name, p.Line)
					ok = false
				} else if _, clash := c.decls[it.Alias.Name]; clash {
					c.errorf(it.Alias.Pos, "alias %s has the name of %s", it.Alias.Name, aKind(c.decls[it.Alias.Name].kind))
					bad[it.Alias.Name] = true
					ok = false
				} else {
					aliases[it.Alias.Name] = t
					aliasAt[it.Alias.Name] = it.Alias.Pos
				}
			}
			listed[t.Key()] = t
			c.noteHyp(t, it.Term.Pos, d.Name, pre)
			if pre {
				m.Pre = append(m.Pre, t)
			} else {
				m.Action = append(m.Action, t)
			}
		}
	}
	if !hasPre {
		c.errorf(d.Pos, "method %s has no pre clause, so it applies to no hypothesis: write `pre ALIAS: HYPOTHESIS, ...`", d.Name)
		ok = false
	}
	if relation == nil {
		c.errorf(d.Pos, "method %s has no relation: write `relation FORMULA` over its hypotheses", d.Name)
		ok = false
	} else {
		m.Relation = c.prop(relation.F.X, d.Name, aliases, listed, bad)
		if m.Relation == nil {
			ok = false
		} else if err := m.Relation.CheckClauseForm(); err != nil {
			c.errorf(relation.Pos, "the relation of method %s is too large: %v", d.Name, err)
			ok = false
		}
	}
	if !ok {
		return
	}
	c.base.Methods = append(c.base.Methods, m)
	c.base.byName["method:"+d.Name] = m
}

// prop compiles a method relation over its aliases and listed hypotheses.
func (c *compiler[P]) prop(e lang.Expr, method string, aliases, listed map[string]Term, bad map[string]bool) *Prop {
	notListed := func(pos lang.Pos, what string) *Prop {
		if bad[what] {
			return nil // its hypothesis had an error, already reported
		}
		names := make([]string, 0, len(aliases)+len(listed))
		for a := range aliases {
			names = append(names, a)
		}
		for k := range listed {
			names = append(names, k)
		}
		sort.Strings(names)
		c.errorf(pos, "the relation of method %s mentions %s, which its pre and action neither list nor alias%s", method, what, c.suggest(what, names))
		return nil
	}
	switch e := e.(type) {
	case *lang.Const:
		if e.Value {
			return &Prop{Op: OpTrue}
		}
		return &Prop{Op: OpFalse}
	case *lang.Atom:
		if e.Args != nil {
			c.errorf(e.Pos, "%s(%s): a relation is over hypotheses, which take no positions", e.Name, argList(e.Args))
			return nil
		}
		if t, ok := aliases[e.Name]; ok {
			return &Prop{Op: OpAtom, Term: t}
		}
		if t, ok := listed[e.Name]; ok {
			return &Prop{Op: OpAtom, Term: t}
		}
		return notListed(e.Pos, e.Name)
	case *lang.Hyp:
		key := lang.TermString(e.Term)
		if t, ok := listed[key]; ok {
			return &Prop{Op: OpAtom, Term: t}
		}
		return notListed(e.Term.Pos, key)
	case *lang.Any:
		c.errorf(e.Pos, "any is a move constraint, not a hypothesis")
		return nil
	case *lang.Not:
		x := c.prop(e.X, method, aliases, listed, bad)
		if x == nil {
			return nil
		}
		return &Prop{Op: OpNot, L: x}
	case *lang.Binary:
		l := c.prop(e.L, method, aliases, listed, bad)
		r := c.prop(e.R, method, aliases, listed, bad)
		if l == nil || r == nil {
			return nil
		}
		op := map[lang.BinOp]Op{lang.OpAnd: OpAnd, lang.OpOr: OpOr, lang.OpImplies: OpImplies, lang.OpIff: OpIff}[e.Op]
		return &Prop{Op: op, L: l, R: r}
	}
	return nil
}

// unused warns about declarations nothing refers to: patterns, plans,
// advice, and lemmas or observations no method or query mentions.
func (c *compiler[P]) unused() {
	for _, x := range c.declOrder {
		if c.used[x.name] {
			continue
		}
		switch x.kind {
		case "pattern":
			if _, lemma := c.lemmaAt[x.name]; lemma {
				continue
			}
			c.diags.Warnf(x.pos, "pattern %s is never used", x.name)
		case "plan":
			if c.modCandidate(x.name) {
				continue
			}
			c.diags.Warnf(x.pos, "plan %s is never used: no method hypothesis (suc or ref) or table rule names it, and no method refutes a plan of its side (which meta-plan MOD could correct with it)", x.name)
		case "advice":
			c.diags.Warnf(x.pos, "advice %s is never used: no table rule names it", x.name)
		}
	}
	// Lemmas and observations: used when a method lists them (or the query is one).
	mentioned := map[string]bool{}
	if c.base.Query != nil {
		mentioned[c.base.Query.Key()] = true
	}
	for _, m := range c.base.Methods {
		for _, ts := range [][]Term{m.Pre, m.Action} {
			for _, t := range ts {
				mentioned[t.Key()] = true
			}
		}
		for _, f := range m.Facts {
			mentioned[f.Term.Key()] = true
		}
	}
	c.danglingHypotheses()
	names := make([]string, 0, len(c.lemmaAt))
	for n := range c.lemmaAt {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(c.base.Methods) == 0 {
		return // an AL1 file: lemmas are not used by tables
	}
	for _, n := range names {
		if !mentioned[n] {
			c.diags.Warnf(c.lemmaAt[n], "%s is never used: no method lists it", n)
		}
	}
}

// modCandidate reports whether meta-plan MOD may use the plan name: a
// method names a refutation ref(R, P) of a plan P of name's side that is
// not made of name, and a P refuted opens suc(P mod name).
func (c *compiler[P]) modCandidate(name string) bool {
	q, ok := c.base.Plan(name)
	if !ok {
		return false
	}
	for _, m := range c.base.Methods {
		for _, ts := range [][]Term{m.Pre, m.Action} {
			for _, t := range ts {
				if t.Kind != TermRef || t.Plan == nil {
					continue
				}
				leaves := t.Plan.Leaves()
				if len(leaves) == 0 || slices.Contains(leaves, name) {
					continue
				}
				if p, ok := c.base.Plan(leaves[0]); ok && p.Side == q.Side {
					return true
				}
			}
		}
	}
	return false
}

// hypUse is where a named hypothesis first appears in a method.
type hypUse struct {
	pos    lang.Pos
	method string
}

// noteHyp records a plain named hypothesis of a method's pre or action.
func (c *compiler[P]) noteHyp(t Term, pos lang.Pos, method string, pre bool) {
	if _, declared := c.decls[t.Name]; t.Kind != TermName || declared {
		return
	}
	if c.preOf == nil {
		c.preOf, c.actionOf = map[string]hypUse{}, map[string]hypUse{}
	}
	m := c.actionOf
	if pre {
		m = c.preOf
	}
	if _, seen := m[t.Name]; !seen {
		m[t.Name] = hypUse{pos, method}
	}
}

// danglingHypotheses warns about plain hypotheses that lead nowhere, which
// are most often misspelt: introduced by an action but taken by no method's
// pre (and neither the query nor decided by a lemma), or taken by a pre but
// introduced by nothing.
func (c *compiler[P]) danglingHypotheses() {
	decided := func(n string) bool {
		_, lemma := c.lemmaAt[n]
		return lemma || (c.base.Query != nil && c.base.Query.Key() == n)
	}
	known := func(m map[string]hypUse) func() []string {
		return func() []string {
			var out []string
			for n := range m {
				out = append(out, n)
			}
			for n := range c.lemmaAt {
				out = append(out, n)
			}
			return out
		}
	}
	sorted := func(m map[string]hypUse) []string {
		out := make([]string, 0, len(m))
		for n := range m {
			out = append(out, n)
		}
		sort.Strings(out)
		return out
	}
	for _, n := range sorted(c.actionOf) {
		if _, ok := c.preOf[n]; ok || decided(n) {
			continue
		}
		u := c.actionOf[n]
		c.diags.Warnf(u.pos, "method %s introduces %s, but no method applies to it and no lemma decides it%s", u.method, n, c.suggestFrom("pre", n, known(c.preOf)))
	}
	for _, n := range sorted(c.preOf) {
		if _, ok := c.actionOf[n]; ok || decided(n) {
			continue
		}
		u := c.preOf[n]
		c.diags.Warnf(u.pos, "method %s applies to %s, but nothing introduces it: it is not the query, a lemma, or in any method's action%s", u.method, n, c.suggestFrom("action", n, known(c.actionOf)))
	}
}

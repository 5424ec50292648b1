package kb

import "github.com/advicelang/al/lang"

// Formulas compiled: the formulas of a base (goals, move constraints,
// table rules, lemmas) are compiled by the compiler of definitions into
// one evaluator each. A formula is a condition over three positions: P2
// in slot 0 (the default position of what it uses), P1 in slot 1, P0 in
// slot 2. Its library predicates are called directly; its definitions
// without quantifiers are compiled in place, so that what several of them
// compute alike (white king, the_rook) is computed once per evaluation,
// on entry (common subexpressions, define.go); the others are called.
// A formula with a call of advice (AL1.5's suc(A)) or a memo of its
// shared nodes (memo.go) is walked, its parts without them compiled.

// argSlot is the value slot of a formula's position.
func argSlot(a Arg) uint8 { return [...]uint8{P0: 2, P1: 1, P2: 0}[a] }

// compileFormulas gives every formula of the base its evaluator.
func (c *compiler[P]) compileFormulas() {
	if c.lib.key != nil {
		// A first pass, its evaluators dropped, finds the terms of P2
		// that two formulas or more read (the holding and the better
		// goal of a node): only those are worth a line of the cache,
		// whose search costs about a hundred instructions at a
		// position seen once (cached).
		c.p2readers = map[string]map[dryReader[P]]bool{}
		c.groupOf = map[*Formula[P]]any{}
		c.dry = true
		for _, as := range [][]*Advice[P]{c.base.Plans, c.base.Advice} {
			for _, a := range as {
				fs := []*Formula[P]{a.Better, a.Holding, a.Otherwise}
				for _, o := range a.Orders() {
					fs = append(fs, o...)
				}
				// (Not the goals of justifications, Advice.Goals: the
				// better goal's disjuncts, read at the end of a line.)
				c.dryGroup = a
				done := map[*Formula[P]]bool{}
				for _, f := range fs {
					c.groupOf[f] = a
					c.compileRoot(f, done)
				}
			}
		}
		for _, t := range c.base.Tables {
			c.dryGroup = t
			done := map[*Formula[P]]bool{}
			for _, r := range t.Rules {
				c.groupOf[r.Cond] = t
				c.compileRoot(r.Cond, done)
			}
		}
		c.dry, c.dryGroup, c.cacheIDs, c.owner = false, nil, nil, 0
	}
	done := map[*Formula[P]]bool{}
	for _, r := range c.roots() {
		c.curGroup = c.groupOf[*r]
		c.compileRoot(*r, done)
	}
	c.curGroup = nil
}

// compileRoot compiles f, or, when it cannot be, its parts.
func (c *compiler[P]) compileRoot(f *Formula[P], done map[*Formula[P]]bool) {
	if f == nil || done[f] {
		return
	}
	done[f] = true
	switch f.Op {
	case OpTrue, OpFalse:
		return // as fast walked
	case OpMemo:
		return // its memo evaluates shared nodes once; keep it
	}
	if !hasCall(f, map[*Formula[P]]bool{}) {
		if c.dry {
			c.dryRoot = f
			c.formulaFn(f)
			c.dryRoot = nil
			return
		}
		if g := c.generated(f); g != nil {
			f.fn, f.gen = g, true
			return
		}
		f.fn = c.formulaFn(f)
		return
	}
	c.compileRoot(f.L, done)
	c.compileRoot(f.R, done)
}

// hasCall reports whether f holds a call of advice or a memo.
func hasCall[P any](f *Formula[P], seen map[*Formula[P]]bool) bool {
	if f == nil || seen[f] {
		return false
	}
	seen[f] = true
	if f.Op == OpCall || f.Op == OpMemo {
		return true
	}
	return hasCall(f.L, seen) || hasCall(f.R, seen)
}

// formulaFn compiles f.
func (c *compiler[P]) formulaFn(f *Formula[P]) func(p0, p1, p2 *P, m *Cache) bool {
	sc := &dscope{npos: 3, where: "a formula"}
	c.cse = newCSE[P](0)
	c.inFormula, c.fcached = true, false
	compile := func(sc *dscope) (term[P], bool) {
		return c.fterm(f, sc, map[*Formula[P]]term[P]{}), true
	}
	t, _ := compile(sc)
	t = c.hoist(compile, sc, t)
	c.cse = nil
	c.inFormula = false
	fn := t.fn
	if pf := predicateFn(f); pf != nil && c.defOf[f.Pred] == nil && !c.fcached {
		return pf
	}
	if !c.fcached {
		return func(p0, p1, p2 *P, _ *Cache) bool {
			r := regs[P]{p: [maxSlots]*P{p2, p1, p0}}
			return enter(fn, &r) != 0
		}
	}
	owner := c.owner
	return func(p0, p1, p2 *P, m *Cache) bool {
		if m != nil {
			m.enter(owner)
		}
		r := regs[P]{p: [maxSlots]*P{p2, p1, p0}, m: m}
		return enter(fn, &r) != 0
	}
}

// predicateFn is the evaluator of a formula that is one predicate of the
// library applied to one position (MATE_IN_2's better goal `mate`): the
// predicate called, without the registers an evaluation sets up (about
// 40 of the hundred instructions of such an evaluation); nil for any
// other formula (the compiler asks it of predicates that are not
// definitions).
func predicateFn[P any](f *Formula[P]) func(p0, p1, p2 *P, m *Cache) bool {
	if f.Op != OpAtom || f.Pred == nil || f.Pred.Kind == RelationKind || f.Pred.Pos == nil {
		return nil
	}
	pos := f.Pred.Pos
	switch f.A {
	case P0:
		return func(p0, _, _ *P, _ *Cache) bool { return pos(p0) }
	case P1:
		return func(_, p1, _ *P, _ *Cache) bool { return pos(p1) }
	case P2:
		return func(_, _, p2 *P, _ *Cache) bool { return pos(p2) }
	}
	return nil
}

// fterm compiles formula f in scope sc; done holds the nodes compiled (a
// formula is a DAG).
func (c *compiler[P]) fterm(f *Formula[P], sc *dscope, done map[*Formula[P]]term[P]) term[P] {
	if t, ok := done[f]; ok {
		return t
	}
	used := c.hoistUses()
	uses := false // an operand reads a hoisted subterm
	sub := func(g *Formula[P]) term[P] {
		t := c.fterm(g, sc, done)
		uses = uses || t.usesHoist
		return t
	}
	var t term[P]
	switch f.Op {
	case OpTrue:
		t = constTerm[P](TBool, 1)
	case OpFalse:
		t = constTerm[P](TBool, 0)
	case OpNot:
		t = notTerm(sub(f.L))
	case OpAnd, OpOr:
		stop := int32(0)
		if f.Op == OpOr {
			stop = 1
		}
		var ts []term[P]
		var split func(g *Formula[P])
		split = func(g *Formula[P]) {
			if g.Op == f.Op && g.memo == 0 {
				split(g.L)
				split(g.R)
				return
			}
			ts = append(ts, sub(g))
		}
		split(f)
		t = junctionTerm(stop, ts)
	case OpImplies:
		t = logicTerm(lang.OpImplies, sub(f.L), sub(f.R))
	case OpIff:
		t = logicTerm(lang.OpIff, sub(f.L), sub(f.R))
	default: // OpAtom
		t = c.atomTerm(f, sc)
	}
	t.usesHoist = t.usesHoist || uses || c.hoistUses() != used
	done[f] = t
	return t
}

// atomTerm compiles a predicate applied to positions: a definition in
// place when it has no quantifier, else a call.
func (c *compiler[P]) atomTerm(f *Formula[P], sc *dscope) term[P] {
	slots := []uint8{argSlot(f.A)}
	if f.Pred.Kind == RelationKind {
		slots = append(slots, argSlot(f.B))
	}
	if d := c.defOf[f.Pred]; d != nil {
		t, ok := term[P]{}, false
		if !d.loops && d.body != nil {
			t, ok = c.inPlace(d, slots, sc.nval)
		}
		if !ok {
			t = defCall(d, slots, nil, TBool, d.cost)
		}
		if len(slots) == 1 {
			t = c.cached(t, "definition:"+d.Name, slots[0])
		}
		return t
	}
	cost := int64(max(f.Pred.Cost, 1))
	if f.Pred.Kind == RelationKind {
		rel, a, b := f.Pred.Rel, slots[0], slots[1]
		return fnTerm(func(r *regs[P]) int32 { return b2i(rel(r.pos(a), r.pos(b))) }, TBool, cost)
	}
	pos, a := f.Pred.Pos, slots[0]
	var t term[P]
	if a == 0 {
		t = fnTerm(func(r *regs[P]) int32 { return b2i(pos(r.p[0])) }, TBool, cost)
	} else {
		t = fnTerm(func(r *regs[P]) int32 { return b2i(pos(r.pos(a))) }, TBool, cost)
	}
	t.leaf.pp, t.leaf.ppa = pos, a // (a cached term is a new one, without them)
	return c.cached(t, "predicate:"+f.Pred.Name, a)
}

// inPlace compiles the body of definition d with its positions in slots
// (a formula's; nval value slots taken): its position parameters name them, or it reads the one
// slot. It reports false (and nothing) when the body does not compile
// there.
func (c *compiler[P]) inPlace(d *Definition[P], slots []uint8, nval uint8) (term[P], bool) {
	// Above the formula's slots (its subterms computed on entry): what
	// the body computes into slots of its own (inlinedValues).
	inner := &dscope{npos: 3, nval: nval, def: slots[len(slots)-1], where: "definition " + d.Name}
	i := 0
	for _, p := range d.Params {
		if p.Type != TPosition {
			return term[P]{}, false
		}
		inner.vars = append(inner.vars, dvar{name: p.Name, isPos: true, slot: slots[i], typ: TPosition})
		i++
	}
	n := len(c.diags)
	t, ok := c.dterm(d.body, inner)
	if !ok || t.typ != TBool {
		c.diags = c.diags[:n]
		return term[P]{}, false
	}
	return t, true
}

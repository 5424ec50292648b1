package kb

import (
	"fmt"
	"slices"

	"github.com/advicelang/al/lang"
)

// This file warns about advice and plans whose goals or constraints make
// them trivially satisfiable, or never satisfiable, whatever the position
// (issue 20): `replies false` (the opponent never has an allowed reply,
// and a node without one ends a forcing tree successfully whatever the
// better goal says), a better goal that always holds, a holding goal that
// never does, and the like. A formula is judged by truthOf: each distinct
// atom is an independent proposition, so "always" and "never" are sure
// (a tautology or a contradiction of propositional logic), and a formula
// true or false in every position only because of what its predicates
// mean is not caught.

// truth is what truthOf says of a formula.
type truth uint8

const (
	sometimes truth = iota // true under some assignment of its atoms, false under another
	always                 // a tautology
	never                  // a contradiction
)

// maxTruthAtoms bounds the atoms truthOf enumerates the assignments of;
// beyond it (or maxTruthNodes nodes) it only folds the constants.
const (
	maxTruthAtoms = 12
	maxTruthNodes = 4096
)

// atomKey is an atom: a predicate and the positions it reads, or a call
// of advice.
type atomKey[P any] struct {
	pred *Predicate[P]
	a, b Arg
	call *Call[P]
}

// truthOf classifies f. Compiled formulas share the expansions of
// patterns, so f is a DAG: it is walked once, its nodes in post-order.
func truthOf[P any](f *Formula[P]) truth {
	if f == nil {
		return sometimes
	}
	index := map[*Formula[P]]int{}
	var nodes []*Formula[P]
	atoms := map[atomKey[P]]int{}
	var walk func(g *Formula[P]) bool
	walk = func(g *Formula[P]) bool {
		if _, ok := index[g]; ok {
			return true
		}
		if len(nodes) >= maxTruthNodes {
			return false
		}
		if g.L != nil && !walk(g.L) || g.R != nil && !walk(g.R) {
			return false
		}
		if g.Op == OpAtom || g.Op == OpCall {
			k := atomKey[P]{g.Pred, g.A, g.B, g.Call}
			if _, ok := atoms[k]; !ok {
				atoms[k] = len(atoms)
			}
		}
		index[g] = len(nodes)
		nodes = append(nodes, g)
		return true
	}
	if !walk(f) || len(atoms) > maxTruthAtoms {
		return foldConstants(f, map[*Formula[P]]truth{})
	}
	val := make([]bool, len(nodes))
	eval := func(mask int) bool {
		for i, g := range nodes {
			var v bool
			switch g.Op {
			case OpTrue:
				v = true
			case OpFalse:
				v = false
			case OpAtom, OpCall:
				v = mask>>atoms[atomKey[P]{g.Pred, g.A, g.B, g.Call}]&1 == 1
			case OpNot:
				v = !val[index[g.L]]
			case OpAnd:
				v = val[index[g.L]] && val[index[g.R]]
			case OpOr:
				v = val[index[g.L]] || val[index[g.R]]
			case OpImplies:
				v = !val[index[g.L]] || val[index[g.R]]
			case OpIff:
				v = val[index[g.L]] == val[index[g.R]]
			}
			val[i] = v
		}
		return val[len(val)-1]
	}
	// All atoms false, then all true, then the rest: a formula that is
	// sometimes true and sometimes false usually shows it at once.
	n := 1 << len(atoms)
	seenTrue, seenFalse := false, false
	for i := 0; i < n; i++ {
		mask := i
		switch i {
		case 1:
			mask = n - 1
		case n - 1:
			mask = 1
		}
		if eval(mask) {
			seenTrue = true
		} else {
			seenFalse = true
		}
		if seenTrue && seenFalse {
			return sometimes
		}
	}
	if seenTrue {
		return always
	}
	return never
}

// foldConstants decides f from its constants only (memoised on the DAG).
func foldConstants[P any](f *Formula[P], memo map[*Formula[P]]truth) truth {
	if t, ok := memo[f]; ok {
		return t
	}
	var t truth
	sub := func(g *Formula[P]) truth { return foldConstants(g, memo) }
	switch f.Op {
	case OpTrue:
		t = always
	case OpFalse:
		t = never
	case OpNot:
		t = [...]truth{sometimes: sometimes, always: never, never: always}[sub(f.L)]
	case OpAnd:
		l, r := sub(f.L), sub(f.R)
		t = sometimes
		if l == never || r == never {
			t = never
		} else if l == always && r == always {
			t = always
		}
	case OpOr:
		l, r := sub(f.L), sub(f.R)
		t = sometimes
		if l == always || r == always {
			t = always
		} else if l == never && r == never {
			t = never
		}
	case OpImplies:
		t = foldConstants(Or(Not(f.L), f.R), memo)
	case OpIff:
		t = foldConstants(And(Implies(f.L, f.R), Implies(f.R, f.L)), memo)
	}
	memo[f] = t
	return t
}

// orderNever reports whether the order o allows no move at all (`any`, the
// empty order, allows every move), and lists its parts that never hold.
func orderNever[P any](o Order[P]) (all bool, dead []int) {
	if len(o) == 0 {
		return false, nil
	}
	for i, f := range o {
		if truthOf(f) == never {
			dead = append(dead, i)
		}
	}
	return len(dead) == len(o), dead
}

// trivial warns about the advice and plans of the base whose constraints
// make them trivially satisfiable or never satisfiable (docs/language.md,
// "Warnings"), and about table rules whose condition never holds. It runs
// on a base compiled without errors.
func (c *compiler[P]) trivial() {
	// Plans pursued (asked by suc, refuted by ref, or named by a table
	// rule) need a better goal; plans that only refute (the first plan of
	// ref) do not: a refutation ignores the refuter's better goal.
	pursued := map[string]bool{}
	mark := func(t Term) {
		if t.Plan != nil {
			for _, n := range t.Plan.Leaves() {
				pursued[n] = true
			}
		}
	}
	if c.base.Query != nil {
		mark(*c.base.Query)
	}
	for _, m := range c.base.Methods {
		for _, ts := range [][]Term{m.Pre, m.Action} {
			for _, t := range ts {
				mark(t)
			}
		}
	}
	// al0 says the advice is only ever searched in AL0 mode: its own
	// option, or named only by tables with option al0.
	al0, al1 := map[string]bool{}, map[string]bool{}
	for _, t := range c.base.Tables {
		for _, r := range t.Rules {
			for _, a := range r.Advice {
				pursued[a.Name] = true
				if t.AL0 {
					al0[a.Name] = true
				} else {
					al1[a.Name] = true
				}
			}
		}
	}
	for _, a := range slices.Concat(c.base.Plans, c.base.Advice) {
		x, ok := c.decls[a.Name]
		if !ok {
			continue
		}
		d, ok := x.decl.(*lang.Advice)
		if !ok {
			continue
		}
		c.trivialAdvice(a, d, !d.IsPlan() || pursued[a.Name], a.AL0 || al0[a.Name] && !al1[a.Name])
	}
	for _, d := range c.declOrder {
		t, ok := d.decl.(*lang.Table)
		if !ok {
			continue
		}
		i := 0
		for _, cl := range t.Clauses {
			r, ok := cl.(*lang.RuleClause)
			if !ok {
				continue
			}
			tb, ok := c.base.Table(t.Name)
			if ok && i < len(tb.Rules) && truthOf(tb.Rules[i].Cond) == never {
				c.diags.Warnf(r.Pos, "this rule never applies: its condition never holds")
			}
			i++
		}
	}
}

// trivialAdvice warns about one advice or plan a, declared by d; pursued
// says whether its better goal matters (see trivial), al0 whether it is
// searched only in AL0 mode, where a node without an allowed reply of Y
// fails: `replies false` there is AL0's nomove (the better goal judged
// right after X's move), and a better goal that never holds is never
// satisfiable.
func (c *compiler[P]) trivialAdvice(a *Advice[P], d *lang.Advice, pursued, al0 bool) {
	what := d.Kw + " " + a.Name
	x, y := a.Side, a.Side.Other()
	at := map[string]lang.Pos{}
	for _, cl := range d.Clauses {
		if _, seen := at[cl.Keyword()]; !seen {
			at[cl.Keyword()] = cl.Position()
		}
	}
	pos := func(kw string) lang.Pos {
		if p, ok := at[kw]; ok {
			return p
		}
		return d.Pos
	}
	noMoveOfX := fmt.Sprintf("only where it needs no move of %s (its better goal holds already, or %s, to move, has no allowed reply)", x, y)

	bg, hg := truthOf(a.Better), truthOf(a.Holding)
	switch {
	case hg == never && a.Sacrifice:
		c.diags.Warnf(pos("holding"), "the holding goal of %s never holds: even with option sacrifice %s is satisfied %s", what, a.Name, noMoveOfX)
	case hg == never:
		msg := "the holding goal of %s never holds: %s is never satisfiable"
		if d.IsPlan() {
			msg += ", and a refutation by it never holds"
		}
		c.diags.Warnf(pos("holding"), msg, what, a.Name)
	case bg == always:
		c.diags.Warnf(pos("better"), "the better goal of %s holds in every position: %s is satisfied at once wherever its holding goal holds, and never gives a move", what, a.Name)
	case bg == never && pursued && al0:
		c.diags.Warnf(pos("better"), "the better goal of %s never holds: in AL0 mode %s is never satisfiable", what, a.Name)
	case bg == never && pursued:
		c.diags.Warnf(pos("better"), "the better goal of %s never holds: %s succeeds only where %s has no allowed reply (a mate or a stalemate), never by reaching its goal", what, a.Name, y)
	case bg == sometimes && hg == sometimes && !a.Sacrifice && pursued && truthOf(And(a.Better, a.Holding)) == never:
		c.diags.Warnf(pos("better"), "the better goal and the holding goal of %s never hold together: without option sacrifice %s succeeds only where %s has no allowed reply, never by reaching its better goal", what, a.Name, y)
	}

	type level struct {
		kw    string
		order Order[P]
		n     int // the move it constrains, 0 for every move
	}
	levels := []level{{"moves", a.Moves, 0}}
	if len(a.MovesNext) > 0 {
		levels[0].n = 1
	}
	for i, o := range a.MovesNext {
		levels = append(levels, level{"moves", o, i + 2})
	}
	levels = append(levels, level{"replies", a.Replies, 0})
	if len(a.RepliesNext) > 0 {
		levels[len(levels)-1].n = 1
	}
	for i, o := range a.RepliesNext {
		levels = append(levels, level{"replies", o, i + 2})
	}
	for _, o := range levels {
		all, dead := orderNever(o.order)
		if o.n > 0 {
			// One move's constraint of several: only its dead parts, and
			// a constraint that allows nothing, are worth a word.
			switch {
			case all:
				c.diags.Warnf(pos(o.kw), "the %s of %s allow no move at move %d (its constraint never holds)", o.kw, what, o.n)
			default:
				for _, i := range dead {
					c.diags.Warnf(pos(o.kw), "part %d of the %s of %s at move %d allows no move (it never holds)", i+1, o.kw, what, o.n)
				}
			}
			continue
		}
		switch {
		case all && o.kw == "replies" && al0:
			// AL0's nomove.
		case all && o.kw == "replies":
			c.diags.Warnf(pos("replies"), "the replies of %s allow no move of %s: every forcing tree of %s ends at %s's first turn, since al counts a node where %s has no allowed reply as a success whatever the better goal says", what, y, a.Name, y, y)
		case all:
			c.diags.Warnf(pos("moves"), "the moves of %s allow no move of %s: %s is satisfied %s, and never gives a move", what, x, a.Name, noMoveOfX)
		default:
			for _, i := range dead {
				c.diags.Warnf(pos(o.kw), "part %d of the %s of %s allows no move (it never holds)", i+1, o.kw, what)
			}
		}
	}
}

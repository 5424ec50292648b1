package kb

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// PlanOp says whether a PlanRef is a plan name or a combination.
type PlanOp uint8

const (
	PlanLeaf PlanOp = iota // a plan name
	PlanOr                 // A or B
	PlanMod                // A mod B
)

// PlanRef is a plan or a combination of plans (LANGUAGE.md, "Hypothesis
// terms"): `P`, `A or B`, `A mod B`.
type PlanRef struct {
	Op   PlanOp
	Name string   // PlanLeaf
	L, R *PlanRef // PlanOr, PlanMod
}

// PlanName returns the plan called name.
func PlanName(name string) *PlanRef { return &PlanRef{Op: PlanLeaf, Name: name} }

// PlanOrOf returns `a or b`.
func PlanOrOf(a, b *PlanRef) *PlanRef { return &PlanRef{Op: PlanOr, L: a, R: b} }

// PlanModOf returns `a mod b`.
func PlanModOf(a, b *PlanRef) *PlanRef { return &PlanRef{Op: PlanMod, L: a, R: b} }

// Key is the canonical text of p: `P_BLANCO_T mod P_BLANCO_NT`. `or` and
// `mod` are left associative, so only a combination on the right is
// parenthesised.
func (p *PlanRef) Key() string {
	var b strings.Builder
	p.write(&b)
	return b.String()
}

func (p *PlanRef) write(b *strings.Builder) {
	if p.Op == PlanLeaf {
		b.WriteString(p.Name)
		return
	}
	p.L.write(b)
	if p.Op == PlanOr {
		b.WriteString(" or ")
	} else {
		b.WriteString(" mod ")
	}
	if p.R.Op != PlanLeaf {
		b.WriteByte('(')
		p.R.write(b)
		b.WriteByte(')')
		return
	}
	p.R.write(b)
}

// Equal reports whether p and q are the same plan expression: the same
// operators over the same plan names, in the same shape.
func (p *PlanRef) Equal(q *PlanRef) bool {
	if p == nil || q == nil {
		return p == q
	}
	if p.Op != q.Op {
		return false
	}
	if p.Op == PlanLeaf {
		return p.Name == q.Name
	}
	return p.L.Equal(q.L) && p.R.Equal(q.R)
}

// Leaves returns the plan names in p, left to right, without repeats.
func (p *PlanRef) Leaves() []string {
	var out []string
	var walk func(*PlanRef)
	walk = func(q *PlanRef) {
		if q.Op == PlanLeaf {
			for _, n := range out {
				if n == q.Name {
					return
				}
			}
			out = append(out, q.Name)
			return
		}
		walk(q.L)
		walk(q.R)
	}
	walk(p)
	return out
}

// TermKind says what decides a hypothesis.
type TermKind uint8

const (
	// TermName is a named hypothesis: a lemma, an observation, or a plain
	// proposition that only methods and facts decide.
	TermName TermKind = iota
	// TermSuc is suc(PLAN): the plan succeeds here.
	TermSuc
	// TermRef is ref(BY, PLAN): plan BY refutes PLAN here.
	TermRef
)

// Term is a hypothesis term, the one representation of a hypothesis from
// the compiled base to the AL3 cycle (which interns terms to IDs). Two
// terms are the same hypothesis when Equal, which is when their Keys are
// equal.
type Term struct {
	Kind TermKind
	Name string   // TermName
	Plan *PlanRef // TermSuc, TermRef
	By   *PlanRef // TermRef: the refuting plan
}

// NameTerm returns the hypothesis called name.
func NameTerm(name string) Term { return Term{Kind: TermName, Name: name} }

// SucTerm returns suc(p).
func SucTerm(p *PlanRef) Term { return Term{Kind: TermSuc, Plan: p} }

// RefTerm returns ref(by, p).
func RefTerm(by, p *PlanRef) Term { return Term{Kind: TermRef, By: by, Plan: p} }

// Key is the canonical text of t: `GANA`, `suc(P_BLANCO_NT)`,
// `ref(P_NEGRO, P_BLANCO_T)`, `suc(P_BLANCO_T mod P_BLANCO_NT)`.
func (t Term) Key() string {
	switch t.Kind {
	case TermSuc:
		return "suc(" + t.Plan.Key() + ")"
	case TermRef:
		return "ref(" + t.By.Key() + ", " + t.Plan.Key() + ")"
	}
	return t.Name
}

func (t Term) String() string { return t.Key() }

// Equal reports whether t and u are the same hypothesis, comparing their
// structure (the kind, the name, the plans).
func (t Term) Equal(u Term) bool {
	if t.Kind != u.Kind {
		return false
	}
	switch t.Kind {
	case TermSuc:
		return t.Plan.Equal(u.Plan)
	case TermRef:
		return t.By.Equal(u.By) && t.Plan.Equal(u.Plan)
	}
	return t.Name == u.Name
}

// Prop is a propositional formula over hypothesis terms: what a method's
// relation asserts. Op is one of OpTrue, OpFalse, OpAtom (Term), OpNot
// (L), OpAnd, OpOr, OpImplies, OpIff (L, R).
type Prop struct {
	Op   Op
	Term Term
	L, R *Prop
}

// Eval reports whether p holds when each hypothesis key k has value(k).
func (p *Prop) Eval(value func(key string) bool) bool {
	switch p.Op {
	case OpTrue:
		return true
	case OpFalse:
		return false
	case OpAtom:
		return value(p.Term.Key())
	case OpNot:
		return !p.L.Eval(value)
	case OpAnd:
		return p.L.Eval(value) && p.R.Eval(value)
	case OpOr:
		return p.L.Eval(value) || p.R.Eval(value)
	case OpImplies:
		return !p.L.Eval(value) || p.R.Eval(value)
	case OpIff:
		return p.L.Eval(value) == p.R.Eval(value)
	}
	panic("kb: proposition with an unknown operator")
}

// String prints p with the language's operators, fully parenthesised.
func (p *Prop) String() string {
	var b strings.Builder
	p.write(&b)
	return b.String()
}

// propOps are the operators String writes.
var propOps = map[Op]string{OpAnd: " & ", OpOr: " | ", OpImplies: " -> ", OpIff: " <-> "}

func (p *Prop) write(b *strings.Builder) {
	switch p.Op {
	case OpTrue:
		b.WriteString("true")
	case OpFalse:
		b.WriteString("false")
	case OpAtom:
		b.WriteString(p.Term.Key())
	case OpNot:
		b.WriteByte('~')
		p.L.write(b)
	default:
		b.WriteByte('(')
		p.L.write(b)
		b.WriteString(propOps[p.Op])
		p.R.write(b)
		b.WriteByte(')')
	}
}

// Line is a clause `~(and If) | (or Then)` over hypothesis keys: the
// thesis's line `If -> Then`. An empty line (both sides empty) is false.
type Line struct {
	If, Then []string
}

func (l Line) String() string {
	return strings.Join(l.If, ", ") + " -> " + strings.Join(l.Then, ", ")
}

// Holds reports whether l holds when each key k has value(k).
func (l Line) Holds(value func(key string) bool) bool {
	for _, k := range l.If {
		if !value(k) {
			return true
		}
	}
	for _, k := range l.Then {
		if value(k) {
			return true
		}
	}
	return false
}

// MaxClauseLines bounds the clause form of a relation (and of its
// negation): distribution makes `(A1 & B1) | ... | (An & Bn)` 2^n lines,
// so a relation whose clause form would be larger is an error of the
// knowledge base (the prover multiplies its targets by these lines; the
// thesis's relations have a handful).
const MaxClauseLines = 1024

// ClauseCount is the number of lines distribution gives the clause form of
// p (negate false) or of ~p (negate true) before repeated lines and
// tautologies are dropped, which is what Lines builds; counted without
// building them, and saturating at math.MaxInt64.
func (p *Prop) ClauseCount(negate bool) int64 {
	switch p.Op {
	case OpTrue, OpFalse:
		if (p.Op == OpTrue) != negate {
			return 0
		}
		return 1
	case OpAtom:
		return 1
	case OpNot:
		return p.L.ClauseCount(!negate)
	case OpAnd:
		if negate {
			return mulSat(p.L.ClauseCount(true), p.R.ClauseCount(true))
		}
		return addSat(p.L.ClauseCount(false), p.R.ClauseCount(false))
	case OpOr:
		if negate {
			return addSat(p.L.ClauseCount(true), p.R.ClauseCount(true))
		}
		return mulSat(p.L.ClauseCount(false), p.R.ClauseCount(false))
	case OpImplies:
		if negate {
			return addSat(p.L.ClauseCount(false), p.R.ClauseCount(true))
		}
		return mulSat(p.L.ClauseCount(true), p.R.ClauseCount(false))
	case OpIff:
		if negate {
			return addSat(mulSat(p.L.ClauseCount(false), p.R.ClauseCount(false)), mulSat(p.L.ClauseCount(true), p.R.ClauseCount(true)))
		}
		return addSat(mulSat(p.L.ClauseCount(true), p.R.ClauseCount(false)), mulSat(p.L.ClauseCount(false), p.R.ClauseCount(true)))
	}
	return 0
}

func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func mulSat(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

// CheckClauseForm reports an error when the clause form of p or of its
// negation would have more than MaxClauseLines lines (Lines would build
// them all).
func (p *Prop) CheckClauseForm() error {
	for _, neg := range []bool{false, true} {
		if n := p.ClauseCount(neg); n > MaxClauseLines {
			what := "its clause form"
			if neg {
				what = "the clause form of its negation"
			}
			count := fmt.Sprintf("%d", n)
			if n == math.MaxInt64 {
				count = "more than 2^63"
			}
			return fmt.Errorf("%s would have %s lines, more than %d (distribution multiplies the lines of each side of an or); split it among several methods, or name a part as a hypothesis of its own", what, count, MaxClauseLines)
		}
	}
	return nil
}

// Lines returns the clause form of p (negate false) or of ~p (negate true):
// a conjunction of lines, each with its sides sorted and without repeats,
// tautologies (a key on both sides) dropped, no line twice, lines sorted.
// The formula true has no lines; false has one empty line.
func (p *Prop) Lines(negate bool) []Line {
	cs := cnf(p, negate)
	seen := map[string]bool{}
	var out []Line
	for _, c := range cs {
		l := Line{If: setOf(c.neg), Then: setOf(c.pos)}
		if tautology(l) {
			continue
		}
		k := l.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return lineLess(out[i], out[j]) })
	return out
}

func lineLess(a, b Line) bool {
	if c := compareSlices(a.If, b.If); c != 0 {
		return c < 0
	}
	return compareSlices(a.Then, b.Then) < 0
}

func compareSlices(a, b []string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return strings.Compare(a[i], b[i])
		}
	}
	return len(a) - len(b)
}

func setOf(keys []string) []string {
	out := append([]string{}, keys...)
	sort.Strings(out)
	w := 0
	for i, k := range out {
		if i == 0 || k != out[w-1] {
			out[w] = k
			w++
		}
	}
	return out[:w]
}

func tautology(l Line) bool {
	i, j := 0, 0
	for i < len(l.If) && j < len(l.Then) {
		switch {
		case l.If[i] == l.Then[j]:
			return true
		case l.If[i] < l.Then[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// clause is a disjunction of literals under construction.
type clause struct{ pos, neg []string }

// cnf returns the clauses of p (or of ~p when neg).
func cnf(p *Prop, neg bool) []clause {
	switch p.Op {
	case OpTrue, OpFalse:
		if (p.Op == OpTrue) != neg {
			return nil // true: no clause
		}
		return []clause{{}} // false: the empty clause
	case OpAtom:
		if neg {
			return []clause{{neg: []string{p.Term.Key()}}}
		}
		return []clause{{pos: []string{p.Term.Key()}}}
	case OpNot:
		return cnf(p.L, !neg)
	case OpAnd:
		if neg {
			return product(cnf(p.L, true), cnf(p.R, true))
		}
		return append(cnf(p.L, false), cnf(p.R, false)...)
	case OpOr:
		if neg {
			return append(cnf(p.L, true), cnf(p.R, true)...)
		}
		return product(cnf(p.L, false), cnf(p.R, false))
	case OpImplies:
		if neg {
			return append(cnf(p.L, false), cnf(p.R, true)...)
		}
		return product(cnf(p.L, true), cnf(p.R, false))
	case OpIff:
		if neg {
			return append(product(cnf(p.L, false), cnf(p.R, false)), product(cnf(p.L, true), cnf(p.R, true))...)
		}
		return append(product(cnf(p.L, true), cnf(p.R, false)), product(cnf(p.L, false), cnf(p.R, true))...)
	}
	panic("kb: proposition with an unknown operator")
}

// product is the disjunction of two conjunctions of clauses.
func product(a, b []clause) []clause {
	out := make([]clause, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := clause{
				pos: append(append([]string{}, x.pos...), y.pos...),
				neg: append(append([]string{}, x.neg...), y.neg...),
			}
			out = append(out, c)
		}
	}
	return out
}

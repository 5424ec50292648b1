package kb

import (
	"github.com/advicelang/al/lang"
)

// Base is a knowledge base compiled against a predicate library: every name
// resolved, every formula in evaluable form, every method relation ready for
// clause form.
type Base[P any] struct {
	// Query is the question `al solve` asks when none is given (nil if the
	// base has no query).
	Query *Term
	// Observations are evaluated once, before the first cycle.
	Observations []*Lemma[P]
	// Lemmas are hypotheses decided by evaluating a formula on the position.
	Lemmas []*Lemma[P]
	// Methods in declaration order.
	Methods []*Method
	// Plans and Advice (AL1) in declaration order.
	Plans  []*Advice[P]
	Advice []*Advice[P]
	// Tables are the AL1 advice tables.
	Tables []*Table[P]
	// Definitions are the base's own vocabulary, callees before callers.
	Definitions []*Definition[P]
	// Endgames are the material the base says it is written for (its
	// `endgame` declarations); empty when it says nothing.
	Endgames []Material

	byName map[string]any
	// goalSources are the Go sources of its formulas (gogen.go), when its
	// position type is one the generator writes for.
	goalSources []GenGoal
}

// Lemma is an observation or lemma: a hypothesis decided by evaluating
// Formula with P0 = P1 = P2 = the position asked about.
type Lemma[P any] struct {
	Name    string
	Formula *Formula[P]
	Pos     lang.Pos
	// Text is what the lemma evaluates, as written: its inline formula,
	// the body of the pattern of its name, or the library predicate's
	// name (for justifications).
	Text string
	// Doc says in words what the lemma means (for justifications): its
	// doc comment, else that of the pattern it names, else the library's
	// definitions of the predicates it reads (see Compile).
	Doc string
}

// Method is a compiled AL3 method (LANGUAGE.md, "Methods").
type Method struct {
	Name string
	Hard bool // cost class: hard, else easy
	// Pre are the hypotheses the method applies to; Facts the conditions
	// that must hold among the current facts.
	Pre   []Term
	Facts []Fact
	// Action are the hypotheses it introduces.
	Action []Term
	// Relation is what the method asserts, over hypothesis terms (aliases
	// resolved).
	Relation *Prop
	Pos      lang.Pos
}

// Fact is a fact condition `NAME = true|false` of a method.
type Fact struct {
	Term  Term
	Value bool
}

// Lemma returns the observation or lemma called name.
func (b *Base[P]) Lemma(name string) (*Lemma[P], bool) {
	l, ok := b.byName["lemma:"+name].(*Lemma[P])
	return l, ok
}

// Plan returns the plan called name.
func (b *Base[P]) Plan(name string) (*Advice[P], bool) {
	a, ok := b.byName["plan:"+name].(*Advice[P])
	return a, ok
}

// AdviceNamed returns the piece of AL1 advice called name.
func (b *Base[P]) AdviceNamed(name string) (*Advice[P], bool) {
	a, ok := b.byName["advice:"+name].(*Advice[P])
	return a, ok
}

// Table returns the advice table called name.
func (b *Base[P]) Table(name string) (*Table[P], bool) {
	t, ok := b.byName["table:"+name].(*Table[P])
	return t, ok
}

// Definition returns the definition called name.
func (b *Base[P]) Definition(name string) (*Definition[P], bool) {
	d, ok := b.byName["definition:"+name].(*Definition[P])
	return d, ok
}

// Method returns the method called name.
func (b *Base[P]) Method(name string) (*Method, bool) {
	m, ok := b.byName["method:"+name].(*Method)
	return m, ok
}

// Combine returns the plan p stands for: a plan of the base, or a
// combination (LANGUAGE.md, "Combinations"). `A or B` is (X, BGa | BGb,
// HGa | HGb, MCa | MCb) and offers the moves satisfying both constraints
// first; `A mod B` is (X, BGa, HGa, MCa | MCb) and offers the moves
// satisfying both, then MCa only, then MCb only. The depth is the larger.
// It fails (ok false) when a plan is missing or the sides differ.
func (b *Base[P]) Combine(p *PlanRef) (a *Advice[P], ok bool) {
	if p.Op == PlanLeaf {
		return b.Plan(p.Name)
	}
	l, ok1 := b.Combine(p.L)
	r, ok2 := b.Combine(p.R)
	if !ok1 || !ok2 || l.Side != r.Side {
		return nil, false
	}
	c := &Advice[P]{
		Name:  p.Key(),
		Side:  l.Side,
		Depth: max(l.Depth, r.Depth),
	}
	combine := func(i int) Order[P] {
		ml, mr := l.MovesAt(i).Formula(), r.MovesAt(i).Formula()
		if p.Op == PlanOr {
			return Order[P]{And(ml, mr), Or(ml, mr)}
		}
		return Order[P]{And(ml, mr), ml, mr}
	}
	c.Moves = combine(0)
	for i := 1; i <= max(len(l.MovesNext), len(r.MovesNext)); i++ {
		c.MovesNext = append(c.MovesNext, combine(i))
	}
	if p.Op == PlanOr {
		c.Better = Or(l.Better, r.Better)
		c.Holding = Or(l.Holding, r.Holding)
		switch {
		case l.Otherwise == nil:
			c.Otherwise = r.Otherwise
		case r.Otherwise == nil:
			c.Otherwise = l.Otherwise
		default:
			c.Otherwise = Or(l.Otherwise, r.Otherwise)
		}
	} else {
		c.Better = l.Better
		c.Holding = l.Holding
		c.Otherwise = l.Otherwise
	}
	return c, true
}

// Formula returns the formula a move must satisfy to be allowed by o,
// forgetting the order: the disjunction of its parts (true for `any`).
func (o Order[P]) Formula() *Formula[P] {
	if len(o) == 0 {
		return True[P]()
	}
	f := o[0]
	for _, g := range o[1:] {
		f = Or(f, g)
	}
	return f
}

package cycle

import (
	"fmt"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/target"
)

// Kind says how a hypothesis can be decided.
type Kind uint8

const (
	Plain      Kind = iota // only methods and facts decide it
	Lemma                  // decided by evaluating it (LemmaClass)
	Refutation             // ref(R, P), a forcing-tree search (RefutationClass)
	Plan                   // suc(P), a forcing-tree search (PlanClass)
)

func (k Kind) String() string { return [...]string{"plain", "lemma", "refutation", "plan"}[k] }

// kindOf is the kind of a term that is not a lemma: suc(..) is a plan,
// ref(..) a refutation, a name plain.
func kindOf(t kb.Term) Kind {
	switch t.Kind {
	case kb.TermSuc:
		return Plan
	case kb.TermRef:
		return Refutation
	}
	return Plain
}

// Hypothesis is an interned hypothesis: its ID in the table of the
// problem, its term (kb's Term, the one representation of a hypothesis
// from the compiled base to the cycle) and how it is decided.
type Hypothesis struct {
	ID   target.ID
	Term kb.Term
	Kind Kind
	key  string // Term.Key, kept by the table that interned it
}

// Key is the hypothesis as written (kb's Term.Key), the form traces and
// justifications print.
func (h Hypothesis) Key() string {
	if h.key != "" {
		return h.key
	}
	return h.Term.Key()
}

// Hypotheses is the table that interns hypothesis terms to the IDs the
// targets work on, the way gophersat turns variable names into integer
// literals at one boundary: the adapter of a base (prover/al3) fills it
// for a Problem, and everything after works on IDs. A term is found by
// its canonical text (Term.Key, which kb alone prints). IDs are given in
// order of interning, so the order a problem declares its hypotheses in
// is the order of their IDs.
//
// A run of the cycle does not change its problem's table: the hypotheses
// its meta-plans open go to a table of the run's own over it (extend), so
// one Problem serves any number of runs, one after another or at once.
type Hypotheses struct {
	parent *Hypotheses // read-only; its IDs come first
	base   target.ID   // parent.Len()
	ids    map[string]target.ID
	list   []Hypothesis
}

// NewHypotheses returns an empty table.
func NewHypotheses() *Hypotheses { return &Hypotheses{ids: map[string]target.ID{}} }

// extend returns a table over t: it finds t's hypotheses and interns new
// ones after them, leaving t as it is.
func (t *Hypotheses) extend() *Hypotheses {
	return &Hypotheses{parent: t, base: target.ID(t.Len())} // ids made on the first intern
}

// Len returns the number of hypotheses interned.
func (t *Hypotheses) Len() int { return int(t.base) + len(t.list) }

// Intern returns the ID of term, interning it the first time with the kind
// its form gives (suc: Plan, ref: Refutation, a name: Plain).
func (t *Hypotheses) Intern(term kb.Term) target.ID { return t.intern(term, kindOf(term)) }

// Lemma interns the named hypothesis as a lemma (or observation): one the
// evaluator decides by its formula. A name already interned becomes a
// lemma.
func (t *Hypotheses) Lemma(name string) target.ID {
	id := t.intern(kb.NameTerm(name), Lemma)
	if id >= t.base {
		t.list[id-t.base].Kind = Lemma
	}
	return id
}

func (t *Hypotheses) intern(term kb.Term, kind Kind) target.ID {
	key := term.Key()
	if id, ok := t.LookupKey(key); ok {
		return id
	}
	id := target.ID(t.Len())
	if t.ids == nil {
		t.ids = map[string]target.ID{}
	}
	t.ids[key] = id
	t.list = append(t.list, Hypothesis{ID: id, Term: term, Kind: kind, key: key})
	return id
}

// Lookup returns the ID of term if it was interned.
func (t *Hypotheses) Lookup(term kb.Term) (target.ID, bool) { return t.LookupKey(term.Key()) }

// LookupKey returns the ID of the hypothesis whose Key is key, if it was
// interned.
func (t *Hypotheses) LookupKey(key string) (target.ID, bool) {
	if t.parent != nil {
		if id, ok := t.parent.LookupKey(key); ok {
			return id, true
		}
	}
	id, ok := t.ids[key]
	return id, ok
}

// Get returns the hypothesis id.
func (t *Hypotheses) Get(id target.ID) Hypothesis {
	if id < t.base {
		return t.parent.Get(id)
	}
	return t.list[id-t.base]
}

// Name returns the key of id (target.Namer).
func (t *Hypotheses) Name(id target.ID) string { return t.Get(id).Key() }

// All returns every hypothesis, in ID order.
func (t *Hypotheses) All() []Hypothesis {
	var out []Hypothesis
	if t.parent != nil {
		out = t.parent.All()
	}
	return append(out, t.list...)
}

// Clause is one line `If -> Then` of a clause form, over interned
// hypotheses, with both sides in the order kb's Prop.Lines writes them:
// applying a relation opens its hypotheses in that order (the creation
// order is a tie-break of the selection), and target.NewLine sorts them.
type Clause struct{ If, Then []target.ID }

// Clauses interns the hypotheses of relation p (left to right) and returns
// the clause form of p (negate false) or of ~p (negate true) over them.
func (t *Hypotheses) Clauses(p *kb.Prop, negate bool) []Clause {
	p.Atoms(func(a kb.Term) { t.Intern(a) })
	ls := p.Lines(negate)
	out := make([]Clause, len(ls))
	id := func(key string) target.ID {
		h, ok := t.LookupKey(key)
		if !ok {
			panic(fmt.Sprintf("cycle: the clause form of %s mentions %s, which is not among its atoms", p, key))
		}
		return h
	}
	for i, l := range ls {
		for _, k := range l.If {
			out[i].If = append(out[i].If, id(k))
		}
		for _, k := range l.Then {
			out[i].Then = append(out[i].Then, id(k))
		}
	}
	return out
}

// line is c as a target line (sides sorted, without repeats).
func (c Clause) line() target.Line { return target.NewLine(c.If, c.Then) }

// substitute returns c with hypothesis from replaced by to.
func (c Clause) substitute(from, to target.ID) Clause {
	sub := func(ids []target.ID) []target.ID {
		out := make([]target.ID, len(ids))
		for i, id := range ids {
			if id == from {
				id = to
			}
			out[i] = id
		}
		return out
	}
	return Clause{If: sub(c.If), Then: sub(c.Then)}
}

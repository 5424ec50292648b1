// Package cycle owns the AL3 execution cycle (DESIGN.md, "The AL3 execution
// cycle", points 1-5 and 7): facts, open hypotheses, unused methods and the
// two targets; one procedure per cycle, chosen by class, then by the most
// interesting hypothesis; simplification and implied values after each; the
// answer and its justification.
//
// It works on a Problem made of hypothesis keys, methods with the clause
// form of their negated relation, and an Evaluator that decides lemmas,
// plans and refutations (the caller wires kb and the forcing-tree search
// into it). It knows no game. Meta-plans (point 6) are not here yet.
package cycle

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/advicelang/al/prover/target"
)

// Kind says how a hypothesis can be decided.
type Kind uint8

const (
	Plain      Kind = iota // only methods and facts decide it
	Lemma                  // decided by evaluating it (class 1)
	Refutation             // ref(R, P), a forcing-tree search (class 4)
	Plan                   // suc(P), a forcing-tree search (class 5)
)

func (k Kind) String() string { return [...]string{"plain", "lemma", "refutation", "plan"}[k] }

// Hypothesis is a declared hypothesis: its key (as in the clause form) and
// its kind.
type Hypothesis struct {
	Key  string
	Kind Kind
}

// Condition is a fact condition of a method's `pre`: Key = Value.
type Condition struct {
	Key   string
	Value bool
}

// Method is an AL3 method. It applies to an open hypothesis h when h is one
// of Pre and every condition of When holds among the facts.
type Method struct {
	Name    string
	Hard    bool
	Pre     []string
	When    []Condition
	Actions []string
	// NotRelation is the clause form of the negation of the method's
	// relation (kb's Lines(true)).
	NotRelation []target.RawLine
}

// Problem is what the cycle works on.
type Problem struct {
	Query   string
	Observe []string
	// Hypotheses declares the kinds of hypotheses, in declaration order;
	// a key not declared is Plain.
	Hypotheses []Hypothesis
	Methods    []Method
}

// Evaluation is the result of evaluating a lemma, plan or refutation.
type Evaluation struct {
	Value bool
	// Known is false when the evaluation ran out of its budget: the
	// hypothesis stays open and is not evaluated again.
	Known bool
	// Why justifies the value (a plan's principal line, ...).
	Why string
}

// Evaluator decides lemma, plan and refutation hypotheses (and observations).
type Evaluator interface {
	Evaluate(ctx context.Context, h Hypothesis) (Evaluation, error)
}

// Options are the limits of Run.
type Options struct {
	// MaxCycles bounds the cycles (0: DefaultMaxCycles).
	MaxCycles int
}

// DefaultMaxCycles is the default cycle budget.
const DefaultMaxCycles = 1000

// Answer is the answer of the cycle.
type Answer uint8

const (
	Undetermined Answer = iota
	Yes
	No
)

func (a Answer) String() string { return [...]string{"undetermined", "yes", "no"}[a] }

// Source says where a fact came from.
type Source uint8

const (
	Observed Source = iota
	Evaluated
	Implied
)

func (s Source) String() string { return [...]string{"observation", "evaluation", "implied"}[s] }

// Fact is a decided hypothesis and why.
type Fact struct {
	Key    string
	Value  bool
	Kind   Kind
	Source Source
	Why    string
	// For implied facts: the methods applied so far and the facts (a
	// minimal subset, found greedily) the value follows from.
	Methods []string
	From    []string
}

// Step is one cycle, for --trace: the interesting hypothesis, the procedure
// chosen and its result.
type Step struct {
	Cycle      int
	Hypothesis string
	Procedure  string
	Result     string
}

func (s Step) String() string {
	return fmt.Sprintf("cycle %d: %s: %s: %s", s.Cycle, s.Hypothesis, s.Procedure, s.Result)
}

// Result is the outcome of Run.
type Result struct {
	Answer Answer
	// Reason says why the answer is undetermined.
	Reason string
	// Facts in the order they were decided.
	Facts []Fact
	Steps []Step
	// Needed are the facts the answer needs: a minimal subset (found
	// greedily, in decision order) that still proves the answer.
	Needed []string
	// Positive and Negative are the final targets, printed.
	Positive, Negative string
	// Applied lists the methods applied, in order.
	Applied []string
}

type run struct {
	p        Problem
	ev       Evaluator
	names    *target.Names
	kind     map[string]Kind
	declared map[string]int
	created  map[target.ID]int // creation order of open hypotheses
	facts    target.Facts
	res      Result
	pos, neg target.Target // with the facts substituted
	rawPos   target.Target // without facts: for justifications
	rawNeg   target.Target
	used     []bool
	tried    map[target.ID]bool // evaluated without a result
}

// Run executes the cycle on p.
func Run(ctx context.Context, p Problem, ev Evaluator, opt Options) (Result, error) {
	if opt.MaxCycles <= 0 {
		opt.MaxCycles = DefaultMaxCycles
	}
	if p.Query == "" {
		return Result{}, fmt.Errorf("cycle: no query")
	}
	r := &run{p: p, ev: ev, names: target.NewNames(), kind: map[string]Kind{}, declared: map[string]int{},
		created: map[target.ID]int{}, facts: target.Facts{}, used: make([]bool, len(p.Methods)),
		tried: map[target.ID]bool{}}
	for i, h := range p.Hypotheses {
		if _, dup := r.kind[h.Key]; dup {
			return Result{}, fmt.Errorf("cycle: hypothesis %s declared twice", h.Key)
		}
		r.kind[h.Key] = h.Kind
		r.declared[h.Key] = i
	}
	q := r.open(p.Query)
	r.pos, r.neg = target.Start(q)
	r.rawPos, r.rawNeg = r.pos, r.neg
	for _, key := range p.Observe {
		e, err := ev.Evaluate(ctx, r.hyp(key))
		if err != nil {
			return r.res, err
		}
		if e.Known {
			r.addFact(r.names.ID(key), e.Value, Observed, e.Why)
		}
	}
	if err := r.settle(); err != nil {
		return r.res, err
	}
	for cycle := 1; r.res.Answer == Undetermined; cycle++ {
		if cycle > opt.MaxCycles {
			r.res.Reason = fmt.Sprintf("cycle budget of %d spent", opt.MaxCycles)
			break
		}
		if ctx.Err() != nil {
			r.res.Reason = "cancelled"
			break
		}
		ok, err := r.step(ctx, cycle)
		if err != nil {
			return r.res, err
		}
		if !ok {
			r.res.Reason = "no candidate left"
			break
		}
		if err := r.settle(); err != nil {
			return r.res, err
		}
	}
	r.res.Positive = r.pos.String(r.names)
	r.res.Negative = r.neg.String(r.names)
	r.res.Needed = r.needed()
	return r.res, nil
}

func (r *run) hyp(key string) Hypothesis { return Hypothesis{Key: key, Kind: r.kind[key]} }

// open interns key and gives it a creation number the first time.
func (r *run) open(key string) target.ID {
	id := r.names.ID(key)
	if _, ok := r.created[id]; !ok {
		r.created[id] = len(r.created)
	}
	return id
}

func (r *run) addFact(id target.ID, v bool, src Source, why string) {
	r.facts[id] = v
	key := r.names.Name(id)
	r.res.Facts = append(r.res.Facts, Fact{Key: key, Value: v, Kind: r.kind[key], Source: src, Why: why})
}

// settle simplifies both targets, adds implied values until none is new,
// and checks for an answer.
func (r *run) settle() error {
	for {
		r.pos = target.Simplify(r.pos, r.facts)
		r.neg = target.Simplify(r.neg, r.facts)
		if r.pos.Proved() && r.neg.Proved() {
			return fmt.Errorf("cycle: the knowledge base is inconsistent: both %s and its negation follow", r.p.Query)
		}
		if v := target.Verdict(r.pos, r.neg); v != target.Open {
			r.res.Answer = Yes
			if v == target.No {
				r.res.Answer = No
			}
			return nil
		}
		imp := target.Implied(r.pos, r.neg)
		if len(imp) == 0 {
			return nil
		}
		for _, iv := range imp {
			r.addFact(iv.H, iv.Value, Implied, "on the "+map[bool]string{true: "left", false: "right"}[iv.Value]+" of every line of both targets")
			f := &r.res.Facts[len(r.res.Facts)-1]
			f.Methods = slices.Clone(r.res.Applied)
			f.From = r.minimal(func(fs target.Facts) bool {
				for _, w := range target.Implied(target.Simplify(r.rawPos, fs), target.Simplify(r.rawNeg, fs)) {
					if w == iv {
						return true
					}
				}
				return false
			}, len(r.res.Facts)-1)
		}
	}
}

// minimal returns a subset of the first n facts (in decision order) for
// which holds(facts) is true, dropping facts one at a time while it stays
// true.
func (r *run) minimal(holds func(target.Facts) bool, n int) []string {
	keep := make([]bool, n)
	build := func() target.Facts {
		fs := target.Facts{}
		for i, k := range keep {
			if k {
				f := r.res.Facts[i]
				fs[r.names.ID(f.Key)] = f.Value
			}
		}
		return fs
	}
	for i := range keep {
		keep[i] = true
	}
	if !holds(build()) {
		return nil // not derivable from the facts alone (cannot happen)
	}
	for i := range keep {
		keep[i] = false
		if !holds(build()) {
			keep[i] = true
		}
	}
	var out []string
	for i, k := range keep {
		if k {
			out = append(out, r.res.Facts[i].Key)
		}
	}
	return out
}

func (r *run) needed() []string {
	switch r.res.Answer {
	case Yes:
		return r.minimal(func(fs target.Facts) bool { return target.Simplify(r.rawPos, fs).Proved() }, len(r.res.Facts))
	case No:
		return r.minimal(func(fs target.Facts) bool { return target.Simplify(r.rawNeg, fs).Proved() }, len(r.res.Facts))
	}
	return nil
}

// candidate is one procedure the cycle may run.
type candidate struct {
	class  int
	h      target.ID
	method int // -1 for an evaluation
}

// step picks the best candidate and runs it; false when there is none.
func (r *run) step(ctx context.Context, cycle int) (bool, error) {
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
		if r.created[c.h] != r.created[best.h] {
			return r.created[c.h] < r.created[best.h]
		}
		dc, db := r.declOrder(c), r.declOrder(*best)
		return dc < db
	}
	consider := func(c candidate) {
		if better(c) {
			b := c
			best = &b
		}
	}
	// Open hypotheses: created, undecided, and still in a target.
	var open []target.ID
	for id := range r.created {
		if _, decided := r.facts[id]; !decided && occ[id] > 0 {
			open = append(open, id)
		}
	}
	slices.Sort(open)
	for _, id := range open {
		if r.tried[id] {
			continue
		}
		switch r.kind[r.names.Name(id)] {
		case Lemma:
			consider(candidate{class: 1, h: id, method: -1})
		case Refutation:
			consider(candidate{class: 4, h: id, method: -1})
		case Plan:
			consider(candidate{class: 5, h: id, method: -1})
		}
	}
	for mi, m := range r.p.Methods {
		if r.used[mi] || !r.conditionsHold(m) {
			continue
		}
		class := 2
		if m.Hard {
			class = 6
		}
		for _, key := range m.Pre {
			id, ok := r.names.Lookup(key)
			if !ok || !slices.Contains(open, id) {
				continue
			}
			consider(candidate{class: class, h: id, method: mi})
		}
	}
	if best == nil {
		return false, nil
	}
	key := r.names.Name(best.h)
	st := Step{Cycle: cycle, Hypothesis: key}
	if best.method >= 0 {
		m := r.p.Methods[best.method]
		st.Procedure = map[bool]string{false: "easy", true: "hard"}[m.Hard] + " method " + m.Name
		r.apply(best.method)
		st.Result = fmt.Sprintf("targets %d and %d lines", len(target.Simplify(r.pos, r.facts).Lines), len(target.Simplify(r.neg, r.facts).Lines))
	} else {
		h := r.hyp(key)
		st.Procedure = "evaluate " + h.Kind.String()
		e, err := r.ev.Evaluate(ctx, h)
		if err != nil {
			return false, err
		}
		if e.Known {
			r.addFact(best.h, e.Value, Evaluated, e.Why)
			st.Result = fmt.Sprint(e.Value)
		} else {
			r.tried[best.h] = true
			st.Result = "unknown"
		}
		if e.Why != "" {
			st.Result += " (" + e.Why + ")"
		}
	}
	r.res.Steps = append(r.res.Steps, st)
	return true, nil
}

func (r *run) declOrder(c candidate) int {
	if c.method >= 0 {
		return c.method
	}
	if d, ok := r.declared[r.names.Name(c.h)]; ok {
		return d
	}
	return len(r.p.Hypotheses)
}

func (r *run) conditionsHold(m Method) bool {
	for _, c := range m.When {
		id, ok := r.names.Lookup(c.Key)
		if !ok {
			return false
		}
		v, decided := r.facts[id]
		if !decided || v != c.Value {
			return false
		}
	}
	return true
}

// apply makes both targets T | ~R, opens the method's hypotheses (actions
// first, in order, then any other hypothesis of its relation) and uses the
// method up.
func (r *run) apply(mi int) {
	m := r.p.Methods[mi]
	r.used[mi] = true
	r.res.Applied = append(r.res.Applied, m.Name)
	for _, a := range m.Actions {
		r.open(a)
	}
	for _, l := range m.NotRelation {
		for _, k := range l.If {
			r.open(k)
		}
		for _, k := range l.Then {
			r.open(k)
		}
	}
	notR := r.names.Target(m.NotRelation)
	r.pos = target.Or(r.pos, notR)
	r.neg = target.Or(r.neg, notR)
	r.rawPos = target.Simplify(target.Or(r.rawPos, notR), nil)
	r.rawNeg = target.Simplify(target.Or(r.rawNeg, notR), nil)
}

// Justification prints the facts the answer needs, each with its reason,
// one per line, for the CLI.
func (res Result) Justification() string {
	var b strings.Builder
	fmt.Fprintf(&b, "answer: %s", res.Answer)
	if res.Reason != "" {
		fmt.Fprintf(&b, " (%s)", res.Reason)
	}
	b.WriteByte('\n')
	for _, f := range res.Facts {
		mark := " "
		if slices.Contains(res.Needed, f.Key) {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s %s = %v: %s", mark, f.Key, f.Value, f.Source)
		if f.Why != "" {
			fmt.Fprintf(&b, ", %s", f.Why)
		}
		if len(f.Methods) > 0 {
			fmt.Fprintf(&b, "; methods %s", strings.Join(f.Methods, ", "))
		}
		if len(f.From) > 0 {
			fmt.Fprintf(&b, "; from %s", strings.Join(f.From, ", "))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

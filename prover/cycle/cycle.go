// Package cycle owns the AL3 execution cycle (DESIGN.md, "The AL3 execution
// cycle", points 1-7): facts, open hypotheses, unused methods and the
// two targets; one procedure per cycle, chosen by class, then by the most
// interesting hypothesis; simplification and implied values after each; the
// answer and its justification.
//
// It works on a Problem made of hypothesis keys, methods with the clause
// form of their negated relation, and an Evaluator that decides lemmas,
// plans and refutations (the caller wires kb and the forcing-tree search
// into it). It knows no game.
package cycle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/advicelang/al/prover/game"
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

// Hypothesis is a declared hypothesis: its key (as in the clause form), its
// kind, and for suc(Plan) and ref(Refuter, Plan) the plans.
type Hypothesis struct {
	Key     string
	Kind    Kind
	Plan    *PlanExpr
	Refuter *PlanExpr
}

// PlanOp is the operator of a plan expression.
type PlanOp uint8

const (
	BasePlan PlanOp = iota
	OrPlan          // A or B
	ModPlan         // A mod B
)

// PlanExpr is a plan name or a combination `A or B`, `A mod B`.
type PlanExpr struct {
	Op   PlanOp
	Name string // BasePlan
	L, R *PlanExpr
}

// Base returns the plan called name.
func Base(name string) *PlanExpr { return &PlanExpr{Name: name} }

// String prints e the way hypothesis keys write it, which is kb's
// PlanRef.Key: `A`, `A or B`, `A mod B`; `or` and `mod` are left
// associative, so only a combined right operand is parenthesised
// (`A or B mod C` is `(A or B) mod C`, `A mod (B or C)` keeps its
// parentheses).
func (e *PlanExpr) String() string {
	if e.Op == BasePlan {
		return e.Name
	}
	op := " or "
	if e.Op == ModPlan {
		op = " mod "
	}
	return e.L.String() + op + e.R.operand()
}

func (e *PlanExpr) operand() string {
	if e.Op == BasePlan {
		return e.Name
	}
	return "(" + e.String() + ")"
}

// Bases returns the base plans of e, sorted, without duplicates.
func (e *PlanExpr) Bases() []string {
	var out []string
	var walk func(*PlanExpr)
	walk = func(x *PlanExpr) {
		if x.Op == BasePlan {
			out = append(out, x.Name)
			return
		}
		walk(x.L)
		walk(x.R)
	}
	walk(e)
	slices.Sort(out)
	return slices.Compact(out)
}

// SucKey is the key of suc(p).
func SucKey(p *PlanExpr) string { return "suc(" + p.String() + ")" }

// RefKey is the key of ref(r, p).
func RefKey(r, p *PlanExpr) string { return "ref(" + r.String() + ", " + p.String() + ")" }

// PlanDecl is a base plan and its side (meta-plan MOD combines plans of one
// side).
type PlanDecl struct {
	Name string
	Side game.Side
}

// Consequence is a relation `suc(P) -> C` of the knowledge base: meta-plan
// MOD copies it as `suc(P mod Q) -> C` by renaming the key Suc in the
// clause form of its negation.
type Consequence struct {
	Suc         string
	NotRelation []target.RawLine
	// Relation is the clause form of the relation itself and Text the
	// relation as written, for the justification (both optional).
	Relation []target.RawLine
	Text     string
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
	// Relation is the clause form of the relation itself (kb's
	// Lines(false)) and Text the relation as written with hypothesis keys;
	// the justification derives values through them (both optional).
	Relation []target.RawLine
	Text     string
}

// Problem is what the cycle works on.
type Problem struct {
	Query   string
	Observe []string
	// Hypotheses declares the kinds of hypotheses, in declaration order;
	// a key not declared is Plain.
	Hypotheses []Hypothesis
	Methods    []Method
	// Plans and Consequences feed the meta-plans (DESIGN.md point 6).
	Plans        []PlanDecl
	Consequences []Consequence
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

// Options are the limits of Run and its tracer.
type Options struct {
	// MaxCycles bounds the cycles (0: DefaultMaxCycles).
	MaxCycles int
	// Timeout bounds the time of the whole run (0: none). Running out
	// answers undetermined with the reason "time budget of D spent".
	Timeout time.Duration
	// Tracer receives the run's events as they happen (nil: none).
	Tracer Tracer
}

// Tracer receives the events of a run, in order (the model is OPA's
// topdown tracer: the engine calls it, it never prints).
type Tracer interface {
	Trace(e Event)
}

// EventKind says what an Event reports.
type EventKind uint8

const (
	EventObserve EventKind = iota // an observation evaluated before the first cycle
	EventStep                     // one cycle: hypothesis, procedure, result
	EventImplied                  // a value implied by the targets
	EventAnswer                   // the answer (Result: the reason when undetermined)
)

// Event is one event of a run.
type Event struct {
	Kind       EventKind
	Cycle      int
	Hypothesis string
	Procedure  string
	Result     string
}

func (e Event) String() string {
	switch e.Kind {
	case EventObserve:
		return fmt.Sprintf("observe %s: %s", e.Hypothesis, e.Result)
	case EventStep:
		return Step{Cycle: e.Cycle, Hypothesis: e.Hypothesis, Procedure: e.Procedure, Result: e.Result}.String()
	case EventImplied:
		return fmt.Sprintf("implied %s: %s", e.Hypothesis, e.Result)
	}
	if e.Result != "" {
		return fmt.Sprintf("answer %s (%s)", e.Procedure, e.Result)
	}
	return "answer " + e.Procedure
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
	// Cycles is the number of cycles run.
	Cycles int
	// Chain derives the answer from the needed facts through the
	// relations applied, the query first, each derived value before the
	// values it came from (nil when unit propagation over the relations
	// does not reach the query, or the answer is undetermined).
	Chain []Link
	// Derived are the values the relations applied give to hypotheses
	// no fact decides, from all the facts (the thesis's justification
	// lists them as facts).
	Derived []Link
}

// Link is one value in a derivation: a fact (Fact set) or a value derived
// through the relation of a method or meta-plan from the values of From.
type Link struct {
	Key    string
	Value  bool
	Fact   *Fact
	Method string // the method or meta-plan whose relation gave it
	Text   string // that relation, as written
	From   []string
}

type run struct {
	p        Problem
	ev       Evaluator
	names    *target.Names
	hyps     map[string]Hypothesis
	declared map[string]int
	side     map[string]game.Side // sides of the base plans
	metaDone map[string]bool      // meta-plans run (by the key they open)
	created  map[target.ID]int    // creation order of open hypotheses
	facts    target.Facts
	res      Result
	pos, neg target.Target // with the facts substituted
	rawPos   target.Target // without facts: for justifications
	rawNeg   target.Target
	used     []bool
	tried    map[target.ID]bool // evaluated without a result
	unknown  []string           // why evaluations ran out, for the reason
	rels     []appliedRelation
	tracer   Tracer
}

// appliedRelation is the relation of an applied method or meta-plan.
type appliedRelation struct {
	name  string
	text  string
	lines []target.RawLine
}

func (r *run) trace(e Event) {
	if r.tracer != nil {
		r.tracer.Trace(e)
	}
}

// Run executes the cycle on p.
func Run(ctx context.Context, p Problem, ev Evaluator, opt Options) (Result, error) {
	if opt.MaxCycles <= 0 {
		opt.MaxCycles = DefaultMaxCycles
	}
	if p.Query == "" {
		return Result{}, fmt.Errorf("cycle: no query")
	}
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	r := &run{p: p, ev: ev, names: target.NewNames(), hyps: map[string]Hypothesis{}, declared: map[string]int{},
		side: map[string]game.Side{}, metaDone: map[string]bool{},
		created: map[target.ID]int{}, facts: target.Facts{}, used: make([]bool, len(p.Methods)),
		tried: map[target.ID]bool{}, tracer: opt.Tracer}
	for i, h := range p.Hypotheses {
		if _, dup := r.hyps[h.Key]; dup {
			return Result{}, fmt.Errorf("cycle: hypothesis %s declared twice", h.Key)
		}
		if (h.Kind == Plan && h.Plan == nil) || (h.Kind == Refutation && (h.Plan == nil || h.Refuter == nil)) {
			return Result{}, fmt.Errorf("cycle: %s hypothesis %s without its plans", h.Kind, h.Key)
		}
		r.hyps[h.Key] = h
		r.declared[h.Key] = i
	}
	for _, pl := range p.Plans {
		r.side[pl.Name] = pl.Side
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
			r.trace(Event{Kind: EventObserve, Hypothesis: key, Result: fmt.Sprint(e.Value)})
		} else {
			r.trace(Event{Kind: EventObserve, Hypothesis: key, Result: "unknown (" + e.Why + ")"})
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
		if err := ctx.Err(); err != nil {
			r.res.Reason = "cancelled"
			if errors.Is(err, context.DeadlineExceeded) && opt.Timeout > 0 {
				r.res.Reason = fmt.Sprintf("time budget of %s spent", opt.Timeout)
			}
			break
		}
		ok, err := r.step(ctx, cycle)
		if err != nil {
			return r.res, err
		}
		if !ok {
			r.res.Reason = "no candidate left"
			if len(r.unknown) > 0 {
				r.res.Reason += "; not decided: " + strings.Join(r.unknown, "; ")
			}
			break
		}
		r.res.Cycles = cycle
		if err := r.settle(); err != nil {
			return r.res, err
		}
	}
	r.res.Positive = r.pos.String(r.names)
	r.res.Negative = r.neg.String(r.names)
	r.res.Needed = r.needed()
	r.derive()
	r.trace(Event{Kind: EventAnswer, Procedure: r.res.Answer.String(), Result: r.res.Reason})
	return r.res, nil
}

// derive fills Chain and Derived by unit propagation over the relations
// applied: a line with every literal false but one undecided decides it.
func (r *run) derive() {
	propagate := func(facts []Fact) map[string]Link {
		val := map[string]Link{}
		for i := range facts {
			f := &r.res.Facts[slices.IndexFunc(r.res.Facts, func(g Fact) bool { return g.Key == facts[i].Key })]
			val[f.Key] = Link{Key: f.Key, Value: f.Value, Fact: f}
		}
		var order []string
		for changed := true; changed; {
			changed = false
			for _, rel := range r.rels {
				for _, l := range rel.lines {
					open, from, sat := "", []string(nil), false
					openValue := false
					lit := func(k string, want bool) bool { // false: stop
						v, ok := val[k]
						switch {
						case !ok && open == "":
							open, openValue = k, want
						case !ok:
							return false
						case v.Value == want:
							sat = true
							return false
						default:
							from = append(from, k)
						}
						return true
					}
					ok := true
					for _, k := range l.If {
						if ok = lit(k, false); !ok {
							break
						}
					}
					for _, k := range l.Then {
						if !ok {
							break
						}
						ok = lit(k, true)
					}
					if !ok || sat || open == "" {
						continue
					}
					if _, done := val[open]; done {
						continue
					}
					val[open] = Link{Key: open, Value: openValue, Method: rel.name, Text: rel.text, From: from}
					order = append(order, open)
					changed = true
				}
			}
		}
		val[""] = Link{From: order} // the derivation order
		return val
	}
	all := propagate(r.res.Facts)
	for _, k := range all[""].From {
		r.res.Derived = append(r.res.Derived, all[k])
	}
	if r.res.Answer == Undetermined {
		return
	}
	var needed []Fact
	for _, f := range r.res.Facts {
		if slices.Contains(r.res.Needed, f.Key) {
			needed = append(needed, f)
		}
	}
	val := propagate(needed)
	q, ok := val[r.p.Query]
	if !ok || q.Value != (r.res.Answer == Yes) {
		return
	}
	seen := map[string]bool{}
	var walk func(k string)
	walk = func(k string) {
		if seen[k] {
			return
		}
		seen[k] = true
		l := val[k]
		r.res.Chain = append(r.res.Chain, l)
		for _, f := range l.From {
			walk(f)
		}
	}
	walk(r.p.Query)
}

func (r *run) hyp(key string) Hypothesis {
	if h, ok := r.hyps[key]; ok {
		return h
	}
	return Hypothesis{Key: key}
}

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
	r.res.Facts = append(r.res.Facts, Fact{Key: key, Value: v, Kind: r.hyp(key).Kind, Source: src, Why: why})
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
			r.trace(Event{Kind: EventImplied, Hypothesis: r.names.Name(iv.H), Result: fmt.Sprint(iv.Value)})
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
	method int // -1 for an evaluation or a meta-plan
	meta   *meta
}

// meta is a meta-plan ready to run: the hypothesis it opens and the clause
// form of the negation of its relation(s).
type meta struct {
	name        string // "or" or "mod"
	hyp         Hypothesis
	notRelation []target.RawLine
	relation    []target.RawLine // the relation itself, for the justification
	text        string
	order       int // generation order, the last tie-break
}

// metaPlans lists the meta-plans the facts allow (DESIGN.md point 6) that
// have not run yet.
func (r *run) metaPlans(occ map[target.ID]int) []candidate {
	var out []candidate
	add := func(h target.ID, m *meta) {
		m.order = len(out)
		out = append(out, candidate{class: 3, h: h, method: -1, meta: m})
	}
	// OR: two refutations of the same plan that failed.
	var failed []Hypothesis
	for _, f := range r.res.Facts {
		if h := r.hyp(f.Key); h.Kind == Refutation && !f.Value {
			failed = append(failed, h)
		}
	}
	for i, a := range failed {
		for _, b := range failed[i+1:] {
			if a.Plan.String() != b.Plan.String() || a.Refuter.String() == b.Refuter.String() {
				continue
			}
			ba, bb := a.Refuter.Bases(), b.Refuter.Bases()
			if isSubset(ba, bb) || isSubset(bb, ba) {
				continue
			}
			or := &PlanExpr{Op: OrPlan, L: a.Refuter, R: b.Refuter}
			key := RefKey(or, a.Plan)
			suc := SucKey(a.Plan)
			id, ok := r.names.Lookup(suc)
			if r.metaDone[key] || !ok || occ[id] == 0 {
				continue
			}
			if _, decided := r.facts[id]; decided {
				continue
			}
			add(id, &meta{name: "or", hyp: Hypothesis{Key: key, Kind: Refutation, Plan: a.Plan, Refuter: or},
				notRelation: []target.RawLine{{Then: []string{key}}, {Then: []string{suc}}},
				relation:    []target.RawLine{{If: []string{key, suc}}},
				text:        key + " -> ~" + suc})
		}
	}
	// MOD: a plan refuted, modified by each other plan of its side.
	for _, f := range r.res.Facts {
		h := r.hyp(f.Key)
		if h.Kind != Refutation || !f.Value {
			continue
		}
		bases := h.Plan.Bases()
		side, ok := r.side[bases[0]]
		if !ok {
			continue
		}
		suc := SucKey(h.Plan)
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
			if q.Side != side || slices.Contains(bases, q.Name) {
				continue
			}
			mod := &PlanExpr{Op: ModPlan, L: h.Plan, R: Base(q.Name)}
			key := SucKey(mod)
			if r.metaDone[key] {
				continue
			}
			var notRel, rel []target.RawLine
			var texts []string
			for _, c := range cons {
				for _, l := range c.NotRelation {
					notRel = append(notRel, target.RawLine{If: rename(l.If, suc, key), Then: rename(l.Then, suc, key)})
				}
				for _, l := range c.Relation {
					rel = append(rel, target.RawLine{If: rename(l.If, suc, key), Then: rename(l.Then, suc, key)})
				}
				if c.Text != "" {
					texts = append(texts, strings.ReplaceAll(c.Text, suc, key))
				}
			}
			add(r.names.ID(suc), &meta{name: "mod", hyp: Hypothesis{Key: key, Kind: Plan, Plan: mod}, notRelation: notRel,
				relation: rel, text: strings.Join(texts, "; ")})
		}
	}
	return out
}

func rename(keys []string, from, to string) []string {
	out := slices.Clone(keys)
	for i, k := range out {
		if k == from {
			out[i] = to
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

// runMeta opens the meta-plan's hypothesis and adds its relation to both
// targets, like a method.
func (r *run) runMeta(m *meta) {
	r.metaDone[m.hyp.Key] = true
	if _, ok := r.hyps[m.hyp.Key]; !ok {
		r.hyps[m.hyp.Key] = m.hyp
	}
	r.res.Applied = append(r.res.Applied, "meta-plan "+m.name+" "+m.hyp.Key)
	r.rels = append(r.rels, appliedRelation{name: "meta-plan " + m.name, text: m.text, lines: m.relation})
	r.product(m.hyp.Key, nil, m.notRelation)
}

// createdOrder is the creation number of id, after every created one when
// it was never opened.
func (r *run) createdOrder(id target.ID) int {
	if c, ok := r.created[id]; ok {
		return c
	}
	return len(r.created)
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
		if r.createdOrder(c.h) != r.createdOrder(best.h) {
			return r.createdOrder(c.h) < r.createdOrder(best.h)
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
		switch r.hyp(r.names.Name(id)).Kind {
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
	for _, c := range r.metaPlans(occ) {
		consider(c)
	}
	if best == nil {
		return false, nil
	}
	key := r.names.Name(best.h)
	st := Step{Cycle: cycle, Hypothesis: key}
	if best.meta != nil {
		st.Procedure = "meta-plan " + best.meta.name
		r.runMeta(best.meta)
		st.Result = "opens " + best.meta.hyp.Key
	} else if best.method >= 0 {
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
			why := e.Why
			if why == "" {
				why = "its evaluation ran out"
			}
			r.unknown = append(r.unknown, key+" ("+why+")")
		}
		if e.Why != "" {
			st.Result += " (" + e.Why + ")"
		}
	}
	r.res.Steps = append(r.res.Steps, st)
	r.trace(Event{Kind: EventStep, Cycle: st.Cycle, Hypothesis: st.Hypothesis, Procedure: st.Procedure, Result: st.Result})
	return true, nil
}

func (r *run) declOrder(c candidate) int {
	if c.meta != nil {
		return c.meta.order
	}
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
	r.rels = append(r.rels, appliedRelation{name: m.Name, text: m.Text, lines: m.Relation})
	r.product("", append(slices.Clone(m.Actions), m.Pre...), m.NotRelation)
}

// product opens first, then the hypotheses of notRelation in order, and
// makes both targets T | ~R.
func (r *run) product(first string, opens []string, notRelation []target.RawLine) {
	if first != "" {
		r.open(first)
	}
	for _, a := range opens {
		r.open(a)
	}
	for _, l := range notRelation {
		for _, k := range l.If {
			r.open(k)
		}
		for _, k := range l.Then {
			r.open(k)
		}
	}
	notR := r.names.Target(notRelation)
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

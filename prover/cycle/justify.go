package cycle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/advicelang/al/prover/target"
)

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
	// Evidence is the evaluation's, in parts (lines, the doc comment).
	Evidence
}

// Open is a hypothesis an undetermined answer still needs: it is in the
// final targets and was not decided, with why not.
type Open struct {
	Key string
	Why string
}

// Step is one cycle, for --trace: the interesting hypothesis, the procedure
// chosen and its result.
type Step struct {
	Cycle      int
	Hypothesis string
	Procedure  string
	// Result is an evaluation's value (true, false, unknown), the sizes
	// of the targets after a method, or what a meta-plan opened.
	Result string
	// Detail is an evaluation's reason (a principal line, the predicate,
	// why it ran out).
	Detail string
}

func (s Step) String() string {
	res := s.Result
	if s.Detail != "" {
		res += " (" + s.Detail + ")"
	}
	return fmt.Sprintf("cycle %d: %s: %s: %s", s.Cycle, s.Hypothesis, s.Procedure, res)
}

// Result is the outcome of Run. Hypotheses appear in it by their keys, as
// a justification prints them.
type Result struct {
	Answer Answer
	// Reason says why the answer is undetermined.
	Reason string
	// Open are the hypotheses an undetermined answer still needs, in the
	// order they were opened, each with why it is still open.
	Open []Open
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
	Detail     string // an evaluation's reason (EventStep)
}

func (e Event) String() string {
	switch e.Kind {
	case EventObserve:
		return fmt.Sprintf("observe %s: %s", e.Hypothesis, e.Result)
	case EventStep:
		return Step{Cycle: e.Cycle, Hypothesis: e.Hypothesis, Procedure: e.Procedure, Result: e.Result, Detail: e.Detail}.String()
	case EventImplied:
		return fmt.Sprintf("implied %s: %s", e.Hypothesis, e.Result)
	}
	if e.Result != "" {
		return fmt.Sprintf("answer %s (%s)", e.Procedure, e.Result)
	}
	return "answer " + e.Procedure
}

func (r *run) trace(e Event) {
	if r.tracer != nil {
		r.tracer.Trace(e)
	}
}

// derive fills Chain and Derived by unit propagation over the relations
// applied: a line with every literal false but one undecided decides it.
func (r *run) derive() {
	// propagate starts from the facts of the given indices; it returns the
	// values, the hypotheses each derived value came from, and the order
	// in which the relations derived them.
	propagate := func(facts []int) (map[target.ID]Link, map[target.ID][]target.ID, []target.ID) {
		val := map[target.ID]Link{}
		src := map[target.ID][]target.ID{}
		for _, i := range facts {
			f := &r.res.Facts[i]
			val[r.factIDs[i]] = Link{Key: f.Key, Value: f.Value, Fact: f}
		}
		var order []target.ID
		for changed := true; changed; {
			changed = false
			for _, rel := range r.rels {
				for _, l := range rel.lines {
					var open target.ID
					hasOpen, openValue, sat := false, false, false
					var from []string
					var fromIDs []target.ID
					lit := func(id target.ID, want bool) bool { // false: stop
						v, ok := val[id]
						switch {
						case !ok && !hasOpen:
							open, openValue, hasOpen = id, want, true
						case !ok:
							return false
						case v.Value == want:
							sat = true
							return false
						default:
							from = append(from, v.Key)
							fromIDs = append(fromIDs, id)
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
					if !ok || sat || !hasOpen {
						continue
					}
					if _, done := val[open]; done {
						continue
					}
					val[open] = Link{Key: r.hyps.Name(open), Value: openValue, Method: rel.name, Text: rel.text, From: from}
					src[open] = fromIDs
					order = append(order, open)
					changed = true
				}
			}
		}
		return val, src, order
	}
	all := make([]int, len(r.res.Facts))
	for i := range all {
		all[i] = i
	}
	val, _, order := propagate(all)
	for _, id := range order {
		r.res.Derived = append(r.res.Derived, val[id])
	}
	if r.res.Answer == Undetermined {
		return
	}
	var needed []int
	for i, f := range r.res.Facts {
		if slices.Contains(r.res.Needed, f.Key) {
			needed = append(needed, i)
		}
	}
	val, src, _ := propagate(needed)
	q, ok := val[r.p.Query]
	if !ok || q.Value != (r.res.Answer == Yes) {
		return
	}
	seen := map[target.ID]bool{}
	var walk func(id target.ID)
	walk = func(id target.ID) {
		if seen[id] {
			return
		}
		seen[id] = true
		l := val[id]
		r.res.Chain = append(r.res.Chain, l)
		for _, f := range src[id] {
			walk(f)
		}
	}
	walk(r.p.Query)
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
				fs[r.factIDs[i]] = r.res.Facts[i].Value
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

// stillOpen lists the undecided hypotheses of the final targets, in the order
// they were opened, each with why it is open: its evaluation ran out, no
// procedure can decide it, or the run stopped before its turn.
func (r *run) stillOpen() []Open {
	occ := target.Occurrences(r.pos, r.neg)
	ids := make([]target.ID, 0, len(occ))
	for id := range occ {
		if _, decided := r.facts[id]; !decided {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b target.ID) int { return r.createdOrder(a) - r.createdOrder(b) })
	out := make([]Open, 0, len(ids))
	for _, id := range ids {
		h := r.hyps.Get(id)
		why, ok := r.whyOpen[id]
		switch {
		case ok:
			why = "its evaluation ran out: " + why
		case r.res.Reason == "no candidate left" || strings.HasPrefix(r.res.Reason, "no candidate left;"):
			if h.Kind == Plain {
				why = "no procedure decides it: it is not a lemma, and no method left applies to it"
			} else {
				why = "no procedure decides it"
			}
		default:
			why = "not reached: " + r.res.Reason
		}
		out = append(out, Open{Key: h.Key(), Why: why})
	}
	return out
}

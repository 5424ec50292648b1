package cycle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

// table is an Evaluator with fixed answers by key; a key missing is
// unknown.
type table map[string]Evaluation

func (t table) Evaluate(_ context.Context, h Hypothesis) (Evaluation, error) {
	e, ok := t[h.Key()]
	if !ok {
		return Evaluation{}, nil
	}
	e.Known = true
	return e, nil
}

// term reads a key of these tests: NAME, suc(P) or ref(R, P) over plan
// names.
func term(key string) kb.Term {
	if p, ok := strings.CutPrefix(key, "suc("); ok {
		return kb.SucTerm(kb.PlanName(strings.TrimSuffix(p, ")")))
	}
	if p, ok := strings.CutPrefix(key, "ref("); ok {
		r, p, _ := strings.Cut(strings.TrimSuffix(p, ")"), ", ")
		return kb.RefTerm(kb.PlanName(r), kb.PlanName(p))
	}
	return kb.NameTerm(key)
}

// problem builds a Problem over keys: the query is interned first, then
// the lemmas, then the hypotheses in the order the test mentions them
// (suc and ref keys are plans and refutations, other names plain).
type problem struct{ Problem }

func newProblem(query string, lemmas ...string) *problem {
	p := &problem{Problem{Hyps: NewHypotheses()}}
	p.Query = p.id(query)
	for _, l := range lemmas {
		p.Hyps.Lemma(l)
	}
	return p
}

func (p *problem) id(key string) target.ID { return p.Hyps.Intern(term(key)) }

// ids interns the keys of s, separated by commas outside parentheses.
func (p *problem) ids(s string) []target.ID {
	var out []target.ID
	for _, k := range splitKeys(s) {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, p.id(k))
		}
	}
	return out
}

// declare interns the keys of s in order.
func (p *problem) declare(s string) *problem {
	p.ids(s)
	return p
}

// method adds a method: pre and actions are lists of keys, notRelation
// the clause form of its negated relation (see lines).
func (p *problem) method(name string, hard bool, pre, actions, notRelation string, when ...Condition) *problem {
	p.Methods = append(p.Methods, Method{Name: name, Hard: hard, Pre: p.ids(pre), When: when,
		Actions: p.ids(actions), NotRelation: p.lines(notRelation)})
	return p
}

// cond is the fact condition key = v.
func (p *problem) cond(key string, v bool) Condition { return Condition{H: p.id(key), Value: v} }

// lines parses "A, B -> C; -> D": lines separated by ';', hypotheses by
// commas outside parentheses; "" is no line.
func (p *problem) lines(s string) []Clause {
	if s == "" {
		return nil
	}
	var out []Clause
	for _, part := range strings.Split(s, ";") {
		l, r, _ := strings.Cut(part, "->")
		out = append(out, Clause{If: p.ids(l), Then: p.ids(r)})
	}
	return out
}

// splitKeys splits at commas outside parentheses.
func splitKeys(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s + "," {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return out
}

func TestYesThroughAMethodAndAPlan(t *testing.T) {
	// M1 (easy): pre GANA, action A, B, relation A | B -> GANA; its negation
	// (A | B) & ~GANA has the clause form {-> A, B; GANA ->}.
	p := newProblem("GANA", "A").declare("suc(B)").
		method("M1", false, "GANA", "A, suc(B)", "-> A, suc(B); GANA ->")
	res, err := Run(context.Background(), p.Problem, table{"A": {Value: false}, "suc(B)": {Value: true, Why: "Kc5"}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	var steps []string
	for _, s := range res.Steps {
		steps = append(steps, s.String())
	}
	require.Equal(t, []string{
		"cycle 1: GANA: easy method M1: targets 1 and 1 lines",
		"cycle 2: A: evaluate lemma: false",
		"cycle 3: suc(B): evaluate plan: true (Kc5)",
	}, steps)
	require.Equal(t, []string{"suc(B)"}, res.Needed)
	require.Equal(t, []string{"M1"}, res.Applied)
	require.Equal(t, "answer: yes\n  A = false: evaluation\n* suc(B) = true: evaluation, Kc5\n", res.Justification())
}

func TestNoThroughAnEquivalence(t *testing.T) {
	// relation GANA <-> A; ~R = (GANA | A) & (~GANA | ~A).
	p := newProblem("GANA", "A").method("M", false, "GANA", "A", "-> GANA, A; GANA, A ->")
	res, err := Run(context.Background(), p.Problem, table{"A": {Value: false}}, Options{})
	require.NoError(t, err)
	require.Equal(t, No, res.Answer)
	require.Equal(t, []string{"A"}, res.Needed)
}

func TestImpliedValue(t *testing.T) {
	// relation A: ~R = ~A = {A ->}. Both targets get A on the left of every
	// line: A is implied true; then the lemma B = GANA decides.
	p := newProblem("GANA", "B")
	p.method("M", false, "GANA", "A", "A ->").
		method("N", true, "GANA", "B", "-> B, GANA; GANA, B ->", p.cond("A", true))
	res, err := Run(context.Background(), p.Problem, table{"B": {Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, "A", res.Facts[0].Key)
	require.Equal(t, Implied, res.Facts[0].Source)
	require.True(t, res.Facts[0].Value)
	require.Equal(t, []string{"M"}, res.Facts[0].Methods)
	require.Equal(t, []string{"M", "N"}, res.Applied)
}

func TestUndetermined(t *testing.T) {
	p := newProblem("GANA").declare("suc(P)").method("M", false, "GANA", "suc(P)", "-> suc(P); GANA ->")
	// The plan's search runs out: nothing else to do.
	res, err := Run(context.Background(), p.Problem, table{}, Options{})
	require.NoError(t, err)
	require.Equal(t, Undetermined, res.Answer)
	require.Equal(t, "no candidate left; not decided: suc(P) (its evaluation ran out)", res.Reason)
	require.Equal(t, "cycle 2: suc(P): evaluate plan: unknown", res.Steps[1].String())
	// One cycle only.
	res, err = Run(context.Background(), p.Problem, table{"suc(P)": {Value: true}}, Options{MaxCycles: 1})
	require.NoError(t, err)
	require.Equal(t, Undetermined, res.Answer)
	require.Contains(t, res.Reason, "cycle budget")
	// A method whose condition does not hold does not apply.
	p.Methods[0].When = []Condition{p.cond("X", true)}
	res, err = Run(context.Background(), p.Problem, table{}, Options{})
	require.NoError(t, err)
	require.Equal(t, "no candidate left", res.Reason)
	require.Empty(t, res.Steps)
}

func TestObservationsAndInconsistency(t *testing.T) {
	p := newProblem("GANA", "T")
	p.Observe = p.ids("T")
	p.method("M", false, "GANA", "", "-> T; GANA ->", p.cond("T", true))
	res, err := Run(context.Background(), p.Problem, table{"T": {Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, Observed, res.Facts[0].Source)
	// relation false (~R = true, no lines) makes both targets hold.
	p.Methods[0].NotRelation = nil
	_, err = Run(context.Background(), p.Problem, table{"T": {Value: true}}, Options{})
	require.ErrorContains(t, err, "inconsistent")
}

func TestClassOrder(t *testing.T) {
	// Every procedure class is available at once on hypotheses of the same
	// interest: lemma, easy method, refutation, plan, hard method in turn.
	p := newProblem("Q", "L").declare("ref(R, P), suc(P)").
		method("HARD", true, "Q", "H", "-> H; Q ->").
		method("OPEN", false, "Q", "L, ref(R, P), suc(P)", "-> L, ref(R, P), suc(P), E; Q ->").
		method("EASY", false, "E", "E2", "-> E2; E ->")
	res, err := Run(context.Background(), p.Problem, table{"L": {Value: false}, "ref(R, P)": {Value: false}, "suc(P)": {Value: false}}, Options{})
	require.NoError(t, err)
	var procs []string
	for _, s := range res.Steps {
		procs = append(procs, s.Procedure)
	}
	require.Equal(t, []string{"easy method OPEN", "evaluate lemma", "easy method EASY", "evaluate refutation", "evaluate plan", "hard method HARD"}, procs)
	require.Equal(t, Undetermined, res.Answer)
}

// TestThesisPolicy: the problem of TestClassOrder under the thesis's
// prototype's rule. Applying OPEN lists its actions first, then E (of its
// relation only), then the old list reversed (Q): every class is tried on
// L, then on ref(R, P), suc(P), E in turn, whatever the classes' costs;
// EASY then lists E2 first, and the hard method on Q comes last.
func TestThesisPolicy(t *testing.T) {
	p := newProblem("Q", "L").declare("ref(R, P), suc(P)").
		method("HARD", true, "Q", "H", "-> H; Q ->").
		method("OPEN", false, "Q", "L, ref(R, P), suc(P)", "-> L, ref(R, P), suc(P), E; Q ->").
		method("EASY", false, "E", "E2", "-> E2; E ->").
		method("PLAIN", true, "ref(R, P)", "F", "-> F; Q ->")
	ev := table{"L": {Value: false}, "ref(R, P)": {Value: false}, "suc(P)": {Value: false}}
	steps := func(pol Policy) []string {
		res, err := Run(context.Background(), p.Problem, ev, Options{Policy: pol})
		require.NoError(t, err)
		var out []string
		for _, s := range res.Steps {
			out = append(out, s.Hypothesis+": "+s.Procedure)
		}
		return out
	}
	require.Equal(t, []string{"Q: easy method OPEN", "L: evaluate lemma", "ref(R, P): evaluate refutation",
		"suc(P): evaluate plan", "E: easy method EASY", "Q: hard method HARD"}, steps(ThesisPolicy))
	require.Equal(t, []string{"Q: easy method OPEN", "L: evaluate lemma", "E: easy method EASY",
		"ref(R, P): evaluate refutation", "suc(P): evaluate plan", "Q: hard method HARD"}, steps(CostPolicy))
}

// TestRelist: the agenda is the new hypotheses, then the old list
// reversed; decided hypotheses and repeats drop out.
func TestRelist(t *testing.T) {
	p := newProblem("Q").declare("A, B, C, D, E")
	r := &run{hyps: p.Hyps, facts: target.Facts{}, agenda: p.ids("Q, A, B")}
	r.facts[p.id("A")] = true
	r.relist(p.ids("C, B, D, C"), p.ids("Q, E"))
	require.Equal(t, p.ids("C, B, D, E, Q"), r.agenda)
}

func TestPolicies(t *testing.T) {
	var names []string
	for _, pol := range Policies() {
		names = append(names, pol.String())
		require.NotEmpty(t, pol.Doc())
		got, err := ParsePolicy(pol.String())
		require.NoError(t, err)
		require.Equal(t, pol, got)
	}
	require.Equal(t, []string{"cost", "thesis"}, names)
	_, err := ParsePolicy("cheap")
	require.EqualError(t, err, `unknown policy "cheap" (one of cost, thesis)`)
	_, err = Run(context.Background(), newProblem("Q").Problem, table{}, Options{Policy: Policy(len(policies))})
	require.Error(t, err)
}

// TestClasses: the procedure classes in their order of cost, as DESIGN.md
// point 2 lists them, each evaluation class for its kind of hypothesis.
func TestClasses(t *testing.T) {
	var names []string
	for _, c := range Classes() {
		names = append(names, c.String())
		require.NotEmpty(t, c.AppliesTo())
	}
	require.Equal(t, []string{"evaluate lemma", "easy method", "meta-plan", "evaluate refutation", "evaluate plan", "hard method"}, names)
	for k, want := range map[Kind]Class{Lemma: LemmaClass, Refutation: RefutationClass, Plan: PlanClass} {
		c, ok := evaluationClass(k)
		require.True(t, ok)
		require.Equal(t, want, c)
		require.Equal(t, "evaluate "+k.String(), c.String())
	}
	_, ok := evaluationClass(Plain)
	require.False(t, ok)
	require.Equal(t, EasyClass, methodClass(false))
	require.Equal(t, HardClass, methodClass(true))
}

// TestRandomProblemsAreSound: on random problems, a yes (no) answer is
// entailed by the applied relations and the evaluated facts, and so is
// every implied fact.
func TestRandomProblemsAreSound(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const n = 6
	answers := map[Answer]int{}
	for iter := range 3000 {
		// Hypothesis i (0 the query) is Hi when plain or a lemma, suc(Pi)
		// when a plan, ref(Ri, Pi) when a refutation.
		keys := []string{"H0"}
		p := newProblem(keys[0])
		for i := 1; i < n; i++ {
			switch Kind(r.IntN(4)) {
			case Plain:
				keys = append(keys, fmt.Sprint("H", i))
				p.id(keys[i])
			case Lemma:
				keys = append(keys, fmt.Sprint("H", i))
				p.Hyps.Lemma(keys[i])
			case Refutation:
				keys = append(keys, fmt.Sprintf("ref(R%d, P%d)", i, i))
				p.id(keys[i])
			case Plan:
				keys = append(keys, fmt.Sprintf("suc(P%d)", i))
				p.id(keys[i])
			}
		}
		index := map[string]int{}
		for i, k := range keys {
			index[k] = i
		}
		ev := table{}
		for i := 1; i < n; i++ {
			if r.IntN(4) > 0 {
				ev[keys[i]] = Evaluation{Value: r.IntN(2) == 0}
			}
		}
		for m := range 1 + r.IntN(4) {
			meth := Method{Name: fmt.Sprintf("M%d", m), Hard: r.IntN(3) == 0}
			meth.Pre = []target.ID{p.id(keys[r.IntN(n)])}
			if r.IntN(3) > 0 {
				meth.Pre[0] = p.Query
			}
			for range r.IntN(3) {
				meth.Actions = append(meth.Actions, p.id(keys[1+r.IntN(n-1)]))
			}
			for range 1 + r.IntN(3) {
				var l Clause
				for i := range n {
					switch r.IntN(6) {
					case 0:
						l.If = append(l.If, p.id(keys[i]))
					case 1:
						l.Then = append(l.Then, p.id(keys[i]))
					}
				}
				meth.NotRelation = append(meth.NotRelation, l)
			}
			p.Methods = append(p.Methods, meth)
		}
		// Every policy in turn: the choice must not matter to soundness.
		res, err := Run(context.Background(), p.Problem, ev, Options{Policy: Policy(iter % len(policies))})
		// entailed reports whether the applied relations and the evaluated
		// facts entail hypothesis k = v.
		var rels []target.Target
		for _, m := range res.Applied {
			for _, meth := range p.Methods {
				if meth.Name == m {
					var rel target.Target
					for _, c := range meth.NotRelation {
						rel.Lines = append(rel.Lines, c.line())
					}
					rels = append(rels, rel)
				}
			}
		}
		bit := func(bits int, k string) bool { return bits>>index[k]&1 == 1 }
		entailed := func(k string, v bool) bool {
			for bits := range 1 << n {
				val := func(id target.ID) bool { return bit(bits, p.Hyps.Name(id)) }
				ok := true
				for _, f := range res.Facts {
					if f.Source != Implied {
						ok = ok && bit(bits, f.Key) == f.Value
					}
				}
				for _, rel := range rels {
					ok = ok && !rel.Eval(val)
				}
				if ok && bit(bits, k) != v {
					return false
				}
			}
			return true
		}
		if err != nil {
			require.ErrorContains(t, err, "inconsistent")
			require.True(t, entailed(keys[0], true) && entailed(keys[0], false), "iteration %d", iter)
			continue
		}
		answers[res.Answer]++
		switch res.Answer {
		case Yes:
			require.True(t, entailed(keys[0], true), "iteration %d: yes not entailed", iter)
		case No:
			require.True(t, entailed(keys[0], false), "iteration %d: no not entailed", iter)
		}
		for _, f := range res.Facts {
			if f.Source == Implied {
				require.True(t, entailed(f.Key, f.Value), "iteration %d: implied %s = %v", iter, f.Key, f.Value)
			}
		}
	}
	require.Greater(t, answers[Yes], 100)
	require.Greater(t, answers[No], 100)
	require.Greater(t, answers[Undetermined], 100)
}

// funcEval is an Evaluator from a function; it records what it was asked.
type funcEval struct {
	f     func(h Hypothesis) Evaluation
	asked []Hypothesis
}

func (e *funcEval) Evaluate(_ context.Context, h Hypothesis) (Evaluation, error) {
	e.asked = append(e.asked, h)
	return e.f(h), nil
}

func TestMetaPlanOr(t *testing.T) {
	// GANA <-> suc(P); ref(R1, P) | ref(R2, P) -> ~suc(P). Both refutations
	// fail alone, suc(P) cannot be searched, R1 or R2 refutes P: no.
	p := newProblem("GANA").declare("suc(P), ref(R1, P), ref(R2, P)").
		method("M1", false, "GANA", "suc(P)", "-> GANA, suc(P); GANA, suc(P) ->").
		method("M2", false, "suc(P)", "ref(R1, P), ref(R2, P)", "-> ref(R1, P), ref(R2, P); -> suc(P)")
	p.Plans = []PlanDecl{{"P", game.White}, {"R1", game.Black}, {"R2", game.Black}}
	ev := &funcEval{f: func(h Hypothesis) Evaluation {
		switch h.Key() {
		case "ref(R1, P)", "ref(R2, P)":
			return Evaluation{Known: true, Value: false}
		case "ref(R1 or R2, P)":
			return Evaluation{Known: true, Value: true}
		}
		return Evaluation{}
	}}
	hyps := p.Hyps.Len()
	res, err := Run(context.Background(), p.Problem, ev, Options{})
	require.NoError(t, err)
	require.Equal(t, No, res.Answer)
	var procs []string
	for _, s := range res.Steps {
		procs = append(procs, s.Procedure)
	}
	require.Equal(t, []string{"easy method M1", "easy method M2", "evaluate refutation", "evaluate refutation",
		"meta-plan or", "evaluate refutation"}, procs)
	last := ev.asked[len(ev.asked)-1]
	require.Equal(t, "ref(R1 or R2, P)", last.Key())
	require.Equal(t, Refutation, last.Kind)
	require.Equal(t, kb.PlanOr, last.Term.By.Op)
	require.Equal(t, []string{"R1", "R2"}, last.Term.By.Leaves())
	require.Equal(t, []string{"ref(R1 or R2, P)"}, res.Needed)
	require.Equal(t, "meta-plan or ref(R1 or R2, P)", res.Applied[2])
	require.Equal(t, hyps, p.Hyps.Len(), "the run leaves the problem's table as it was")
	_, ok := p.Hyps.Lookup(last.Term)
	require.False(t, ok)
}

func TestMetaPlanMod(t *testing.T) {
	// suc(P) -> GANA; ref(R, P) -> ~suc(P). R refutes P, so suc(P) is
	// implied false; MOD opens suc(P mod Q) -> GANA, and P mod Q succeeds.
	p := newProblem("GANA").declare("suc(P), ref(R, P)").
		method("M1", false, "GANA", "suc(P)", "-> suc(P); GANA ->").
		method("M2", false, "suc(P)", "ref(R, P)", "-> ref(R, P); -> suc(P)")
	p.Plans = []PlanDecl{{"P", game.White}, {"R", game.Black}, {"Q", game.White}, {"S", game.Black}}
	p.Consequences = []Consequence{{Method: 0, Suc: p.id("suc(P)")}}
	ev := &funcEval{f: func(h Hypothesis) Evaluation {
		switch h.Key() {
		case "ref(R, P)", "suc(P mod Q)":
			return Evaluation{Known: true, Value: true}
		}
		return Evaluation{}
	}}
	res, err := Run(context.Background(), p.Problem, ev, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	var steps []string
	for _, s := range res.Steps {
		steps = append(steps, s.String())
	}
	require.Equal(t, []string{
		"cycle 1: GANA: easy method M1: targets 1 and 1 lines",
		"cycle 2: suc(P): easy method M2: targets 1 and 2 lines",
		"cycle 3: ref(R, P): evaluate refutation: true",
		"cycle 4: suc(P): meta-plan mod: opens suc(P mod Q)",
		"cycle 5: suc(P mod Q): evaluate plan: true",
	}, steps)
	require.Equal(t, "suc(P)", res.Facts[1].Key)
	require.Equal(t, Implied, res.Facts[1].Source)
	require.False(t, res.Facts[1].Value)
	last := ev.asked[len(ev.asked)-1]
	require.Equal(t, Plan, last.Kind)
	require.Equal(t, kb.PlanMod, last.Term.Plan.Op)
	require.Equal(t, "P mod Q", last.Term.Plan.Key())
}

// TestHypotheses: the table interns terms in order, gives kinds by their
// form, builds clause forms over IDs, and a run's table over it leaves it
// as it is.
func TestHypotheses(t *testing.T) {
	h := NewHypotheses()
	gana := h.Intern(kb.NameTerm("GANA"))
	suc := h.Intern(kb.SucTerm(kb.PlanName("P")))
	ref := h.Intern(kb.RefTerm(kb.PlanName("R"), kb.PlanName("P")))
	lem := h.Lemma("L")
	require.Equal(t, []target.ID{0, 1, 2, 3}, []target.ID{gana, suc, ref, lem})
	require.Equal(t, suc, h.Intern(kb.SucTerm(kb.PlanName("P"))), "interned once")
	var kinds []string
	for _, x := range h.All() {
		kinds = append(kinds, x.Key()+" "+x.Kind.String())
	}
	require.Equal(t, []string{"GANA plain", "suc(P) plan", "ref(R, P) refutation", "L lemma"}, kinds)
	// ref(R, P) -> ~suc(P) | NEW: the clause form of its negation.
	atom := func(t kb.Term) *kb.Prop { return &kb.Prop{Op: kb.OpAtom, Term: t} }
	rel := &kb.Prop{Op: kb.OpImplies, L: atom(kb.RefTerm(kb.PlanName("R"), kb.PlanName("P"))),
		R: &kb.Prop{Op: kb.OpOr, L: &kb.Prop{Op: kb.OpNot, L: atom(kb.SucTerm(kb.PlanName("P")))}, R: atom(kb.NameTerm("NEW"))}}
	not := h.Clauses(rel, true)
	newID, ok := h.LookupKey("NEW")
	require.True(t, ok)
	require.Equal(t, target.ID(4), newID)
	require.Equal(t, []Clause{{Then: []target.ID{ref}}, {Then: []target.ID{suc}}, {If: []target.ID{newID}}}, not)
	require.Equal(t, Clause{If: []target.ID{9}, Then: []target.ID{ref}}, Clause{If: []target.ID{suc}, Then: []target.ID{ref}}.substitute(suc, 9))
	// A run's table: new hypotheses after the problem's, which keeps its own.
	x := h.extend()
	mod := x.Intern(kb.SucTerm(kb.PlanModOf(kb.PlanName("P"), kb.PlanName("Q"))))
	require.Equal(t, target.ID(5), mod)
	require.Equal(t, "suc(P mod Q)", x.Name(mod))
	require.Equal(t, Plan, x.Get(mod).Kind)
	require.Equal(t, suc, x.Intern(kb.SucTerm(kb.PlanName("P"))))
	require.Equal(t, 5, h.Len())
	require.Equal(t, 6, x.Len())
	// No table, or a query it does not hold: an error, not a panic.
	_, err := Run(context.Background(), Problem{}, table{}, Options{})
	require.Error(t, err)
	_, err = Run(context.Background(), Problem{Hyps: h, Query: 7}, table{}, Options{})
	require.Error(t, err)
}

// TestChain: the chain derives the answer by unit propagation through the
// relations applied; when that is not enough (the answer needs a case
// split), the chain is empty and only Needed says what the answer rests on.
func TestChain(t *testing.T) {
	p := newProblem("Q", "A", "B").method("M", false, "Q", "A", "-> A; Q ->")
	p.Methods[0].Text = "A -> Q"
	p.Methods[0].Relation = p.lines("A -> Q")
	res, err := Run(context.Background(), p.Problem, table{"A": {Known: true, Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Len(t, res.Chain, 2)
	require.Equal(t, Link{Key: "Q", Value: true, Method: "M", Text: "A -> Q", From: []string{"A"}}, res.Chain[0])
	require.Equal(t, "A", res.Chain[1].Fact.Key)
	require.Equal(t, []Link{res.Chain[0]}, res.Derived)

	// (A -> Q | R) & (A & R -> Q): Q follows from A, but no line is a unit.
	p.Methods[0].Relation = p.lines("A -> Q, R; A, R -> Q")
	p.Methods[0].Text = "(A -> Q | R) & (A & R -> Q)"
	res, err = Run(context.Background(), p.Problem, table{"A": {Known: true, Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, []string{"A"}, res.Needed)
	require.Nil(t, res.Chain)
	require.Nil(t, res.Derived)
}

// TestTargetBudget: methods whose relations each multiply the targets'
// lines (H <- H0 & ... & H7, for H and each of its eight parts, and so
// on) would make targets of 8^k lines; the run stops at MaxTargetLines
// with the reason, before the product is built (issue 22).
func TestTargetBudget(t *testing.T) {
	p := newProblem("G")
	names := []string{"G"}
	for len(names) < 600 {
		h := names[len(p.Methods)]
		var parts, lines []string
		for j := range 8 {
			parts = append(parts, fmt.Sprintf("%s%d", h, j))
			lines = append(lines, fmt.Sprintf("-> %s%d", h, j))
		}
		lines = append(lines, h+" ->")
		p.method("M"+h, false, h, strings.Join(parts, ", "), strings.Join(lines, "; "))
		names = append(names, parts...)
	}
	res, err := Run(context.Background(), p.Problem, table{}, Options{})
	require.NoError(t, err)
	require.Equal(t, Undetermined, res.Answer)
	require.Contains(t, res.Reason, fmt.Sprintf("target budget of %d lines spent", MaxTargetLines))
	require.Less(t, len(res.Steps), 20)
}

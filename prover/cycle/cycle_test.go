package cycle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

// table is an Evaluator with fixed answers; a key missing is unknown.
type table map[string]Evaluation

func (t table) Evaluate(_ context.Context, h Hypothesis) (Evaluation, error) {
	e, ok := t[h.Key]
	if !ok {
		return Evaluation{}, nil
	}
	e.Known = true
	return e, nil
}

func lem(k string) Hypothesis { return Hypothesis{Key: k, Kind: Lemma} }
func suc(p string) Hypothesis { return Hypothesis{Key: SucKey(Base(p)), Kind: Plan, Plan: Base(p)} }
func ref(r, p string) Hypothesis {
	return Hypothesis{Key: RefKey(Base(r), Base(p)), Kind: Refutation, Plan: Base(p), Refuter: Base(r)}
}

// lines parses "A, B -> C; -> D": lines separated by ';', hypotheses by
// spaces or commas outside parentheses.
func lines(s string) []target.RawLine {
	var out []target.RawLine
	for _, part := range strings.Split(s, ";") {
		l, r, _ := strings.Cut(part, "->")
		var raw target.RawLine
		for _, k := range splitKeys(l) {
			if k = strings.TrimSpace(k); k != "" {
				raw.If = append(raw.If, k)
			}
		}
		for _, k := range splitKeys(r) {
			if k = strings.TrimSpace(k); k != "" {
				raw.Then = append(raw.Then, k)
			}
		}
		out = append(out, raw)
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
	p := Problem{
		Query:      "GANA",
		Hypotheses: []Hypothesis{lem("A"), suc("B")},
		Methods: []Method{{Name: "M1", Pre: []string{"GANA"}, Actions: []string{"A", "suc(B)"},
			NotRelation: lines("-> A, suc(B); GANA ->")}},
	}
	res, err := Run(context.Background(), p, table{"A": {Value: false}, "suc(B)": {Value: true, Why: "Kc5"}}, Options{})
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
	p := Problem{Query: "GANA", Hypotheses: []Hypothesis{lem("A")},
		Methods: []Method{{Name: "M", Pre: []string{"GANA"}, Actions: []string{"A"}, NotRelation: lines("-> GANA, A; GANA, A ->")}}}
	res, err := Run(context.Background(), p, table{"A": {Value: false}}, Options{})
	require.NoError(t, err)
	require.Equal(t, No, res.Answer)
	require.Equal(t, []string{"A"}, res.Needed)
}

func TestImpliedValue(t *testing.T) {
	// relation A: ~R = ~A = {A ->}. Both targets get A on the left of every
	// line: A is implied true; then the lemma B = GANA decides.
	p := Problem{Query: "GANA", Hypotheses: []Hypothesis{lem("B")},
		Methods: []Method{
			{Name: "M", Pre: []string{"GANA"}, Actions: []string{"A"}, NotRelation: lines("A ->")},
			{Name: "N", Hard: true, Pre: []string{"GANA"}, When: []Condition{{"A", true}}, Actions: []string{"B"},
				NotRelation: lines("-> B, GANA; GANA, B ->")}}}
	res, err := Run(context.Background(), p, table{"B": {Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, "A", res.Facts[0].Key)
	require.Equal(t, Implied, res.Facts[0].Source)
	require.True(t, res.Facts[0].Value)
	require.Equal(t, []string{"M"}, res.Facts[0].Methods)
	require.Equal(t, []string{"M", "N"}, res.Applied)
}

func TestUndetermined(t *testing.T) {
	p := Problem{Query: "GANA", Hypotheses: []Hypothesis{suc("P")},
		Methods: []Method{{Name: "M", Pre: []string{"GANA"}, Actions: []string{"suc(P)"}, NotRelation: lines("-> suc(P); GANA ->")}}}
	// The plan's search runs out: nothing else to do.
	res, err := Run(context.Background(), p, table{}, Options{})
	require.NoError(t, err)
	require.Equal(t, Undetermined, res.Answer)
	require.Equal(t, "no candidate left; not decided: suc(P) (its evaluation ran out)", res.Reason)
	require.Equal(t, "cycle 2: suc(P): evaluate plan: unknown", res.Steps[1].String())
	// One cycle only.
	res, err = Run(context.Background(), p, table{"suc(P)": {Value: true}}, Options{MaxCycles: 1})
	require.NoError(t, err)
	require.Equal(t, Undetermined, res.Answer)
	require.Contains(t, res.Reason, "cycle budget")
	// A method whose condition does not hold does not apply.
	p.Methods[0].When = []Condition{{"X", true}}
	res, err = Run(context.Background(), p, table{}, Options{})
	require.NoError(t, err)
	require.Equal(t, "no candidate left", res.Reason)
	require.Empty(t, res.Steps)
}

func TestObservationsAndInconsistency(t *testing.T) {
	p := Problem{Query: "GANA", Observe: []string{"T"}, Hypotheses: []Hypothesis{lem("T")},
		Methods: []Method{{Name: "M", Pre: []string{"GANA"}, When: []Condition{{"T", true}}, NotRelation: lines("-> T; GANA ->")}}}
	res, err := Run(context.Background(), p, table{"T": {Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, Observed, res.Facts[0].Source)
	// relation false (~R = true, no lines) makes both targets hold.
	p.Methods[0].NotRelation = nil
	_, err = Run(context.Background(), p, table{"T": {Value: true}}, Options{})
	require.ErrorContains(t, err, "inconsistent")
}

func TestClassOrder(t *testing.T) {
	// Every procedure class is available at once on hypotheses of the same
	// interest: lemma, easy method, refutation, plan, hard method in turn.
	p := Problem{Query: "Q",
		Hypotheses: []Hypothesis{lem("L"), ref("R", "P"), suc("P")},
		Methods: []Method{
			{Name: "HARD", Hard: true, Pre: []string{"Q"}, Actions: []string{"H"}, NotRelation: lines("-> H; Q ->")},
			{Name: "OPEN", Pre: []string{"Q"}, Actions: []string{"L", "ref(R, P)", "suc(P)"},
				NotRelation: lines("-> L, ref(R, P), suc(P), E; Q ->")},
			{Name: "EASY", Pre: []string{"E"}, Actions: []string{"E2"}, NotRelation: lines("-> E2; E ->")},
		}}
	res, err := Run(context.Background(), p, table{"L": {Value: false}, "ref(R, P)": {Value: false}, "suc(P)": {Value: false}}, Options{})
	require.NoError(t, err)
	var procs []string
	for _, s := range res.Steps {
		procs = append(procs, s.Procedure)
	}
	require.Equal(t, []string{"easy method OPEN", "evaluate lemma", "easy method EASY", "evaluate refutation", "evaluate plan", "hard method HARD"}, procs)
	require.Equal(t, Undetermined, res.Answer)
}

// TestRandomProblemsAreSound: on random problems, a yes (no) answer is
// entailed by the applied relations and the evaluated facts, and so is
// every implied fact.
func TestRandomProblemsAreSound(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const n = 6
	key := func(i int) string { return fmt.Sprintf("H%d", i) }
	answers := map[Answer]int{}
	for iter := range 3000 {
		p := Problem{Query: key(0)}
		for i := 1; i < n; i++ {
			h := Hypothesis{Key: key(i), Kind: Kind(r.IntN(4))}
			h.Plan, h.Refuter = Base(fmt.Sprint("P", i)), Base(fmt.Sprint("R", i))
			p.Hypotheses = append(p.Hypotheses, h)
		}
		ev := table{}
		for i := 1; i < n; i++ {
			if r.IntN(4) > 0 {
				ev[key(i)] = Evaluation{Value: r.IntN(2) == 0}
			}
		}
		for m := range 1 + r.IntN(4) {
			meth := Method{Name: fmt.Sprintf("M%d", m), Hard: r.IntN(3) == 0}
			meth.Pre = []string{key(r.IntN(n))}
			if r.IntN(3) > 0 {
				meth.Pre[0] = key(0)
			}
			for range r.IntN(3) {
				meth.Actions = append(meth.Actions, key(1+r.IntN(n-1)))
			}
			for range 1 + r.IntN(3) {
				var l target.RawLine
				for i := range n {
					switch r.IntN(6) {
					case 0:
						l.If = append(l.If, key(i))
					case 1:
						l.Then = append(l.Then, key(i))
					}
				}
				meth.NotRelation = append(meth.NotRelation, l)
			}
			p.Methods = append(p.Methods, meth)
		}
		res, err := Run(context.Background(), p, ev, Options{})
		// entailed reports whether the applied relations and the evaluated
		// facts entail hypothesis k = v.
		names := target.NewNames()
		index := func(k string) int { return int(k[1] - '0') }
		var rels []target.Target
		for _, m := range res.Applied {
			for _, meth := range p.Methods {
				if meth.Name == m {
					rels = append(rels, names.Target(meth.NotRelation))
				}
			}
		}
		idx := make([]int, 0, n)
		entailed := func(k string, v bool) bool {
			idx = idx[:0]
			for i := range names.Len() {
				idx = append(idx, index(names.Name(target.ID(i))))
			}
			for bits := range 1 << n {
				val := func(id target.ID) bool { return bits>>idx[id]&1 == 1 }
				ok := true
				for _, f := range res.Facts {
					if f.Source != Implied {
						ok = ok && (bits>>index(f.Key)&1 == 1) == f.Value
					}
				}
				for _, rel := range rels {
					ok = ok && !rel.Eval(val)
				}
				if ok && (bits>>index(k)&1 == 1) != v {
					return false
				}
			}
			return true
		}
		if err != nil {
			require.ErrorContains(t, err, "inconsistent")
			require.True(t, entailed(key(0), true) && entailed(key(0), false), "iteration %d", iter)
			continue
		}
		answers[res.Answer]++
		switch res.Answer {
		case Yes:
			require.True(t, entailed(key(0), true), "iteration %d: yes not entailed", iter)
		case No:
			require.True(t, entailed(key(0), false), "iteration %d: no not entailed", iter)
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
	p := Problem{Query: "GANA",
		Hypotheses: []Hypothesis{suc("P"), ref("R1", "P"), ref("R2", "P")},
		Plans:      []PlanDecl{{"P", game.White}, {"R1", game.Black}, {"R2", game.Black}},
		Methods: []Method{
			{Name: "M1", Pre: []string{"GANA"}, Actions: []string{"suc(P)"}, NotRelation: lines("-> GANA, suc(P); GANA, suc(P) ->")},
			{Name: "M2", Pre: []string{"suc(P)"}, Actions: []string{"ref(R1, P)", "ref(R2, P)"},
				NotRelation: lines("-> ref(R1, P), ref(R2, P); -> suc(P)")},
		}}
	ev := &funcEval{f: func(h Hypothesis) Evaluation {
		switch h.Key {
		case "ref(R1, P)", "ref(R2, P)":
			return Evaluation{Known: true, Value: false}
		case "ref(R1 or R2, P)":
			return Evaluation{Known: true, Value: true}
		}
		return Evaluation{}
	}}
	res, err := Run(context.Background(), p, ev, Options{})
	require.NoError(t, err)
	require.Equal(t, No, res.Answer)
	var procs []string
	for _, s := range res.Steps {
		procs = append(procs, s.Procedure)
	}
	require.Equal(t, []string{"easy method M1", "easy method M2", "evaluate refutation", "evaluate refutation",
		"meta-plan or", "evaluate refutation"}, procs)
	last := ev.asked[len(ev.asked)-1]
	require.Equal(t, "ref(R1 or R2, P)", last.Key)
	require.Equal(t, OrPlan, last.Refuter.Op)
	require.Equal(t, []string{"R1", "R2"}, last.Refuter.Bases())
	require.Equal(t, []string{"ref(R1 or R2, P)"}, res.Needed)
	require.Equal(t, "meta-plan or ref(R1 or R2, P)", res.Applied[2])
}

func TestMetaPlanMod(t *testing.T) {
	// suc(P) -> GANA; ref(R, P) -> ~suc(P). R refutes P, so suc(P) is
	// implied false; MOD opens suc(P mod Q) -> GANA, and P mod Q succeeds.
	p := Problem{Query: "GANA",
		Hypotheses:   []Hypothesis{suc("P"), ref("R", "P")},
		Plans:        []PlanDecl{{"P", game.White}, {"R", game.Black}, {"Q", game.White}, {"S", game.Black}},
		Consequences: []Consequence{{Suc: "suc(P)", NotRelation: lines("-> suc(P); GANA ->")}},
		Methods: []Method{
			{Name: "M1", Pre: []string{"GANA"}, Actions: []string{"suc(P)"}, NotRelation: lines("-> suc(P); GANA ->")},
			{Name: "M2", Pre: []string{"suc(P)"}, Actions: []string{"ref(R, P)"}, NotRelation: lines("-> ref(R, P); -> suc(P)")},
		}}
	ev := &funcEval{f: func(h Hypothesis) Evaluation {
		switch h.Key {
		case "ref(R, P)", "suc(P mod Q)":
			return Evaluation{Known: true, Value: true}
		}
		return Evaluation{}
	}}
	res, err := Run(context.Background(), p, ev, Options{})
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
	require.Equal(t, ModPlan, last.Plan.Op)
	require.Equal(t, "P mod Q", last.Plan.String())
}

func TestPlanExprString(t *testing.T) {
	e := &PlanExpr{Op: ModPlan, L: &PlanExpr{Op: OrPlan, L: Base("A"), R: Base("B")}, R: Base("C")}
	require.Equal(t, "A or B mod C", e.String()) // left associative, as kb's PlanRef.Key
	require.Equal(t, "A mod (B or C)", (&PlanExpr{Op: ModPlan, L: Base("A"), R: &PlanExpr{Op: OrPlan, L: Base("B"), R: Base("C")}}).String())
	require.Equal(t, []string{"A", "B", "C"}, e.Bases())
	require.Equal(t, "ref(C, A or B mod C)", RefKey(Base("C"), e))
	_, err := Run(context.Background(), Problem{Query: "Q", Hypotheses: []Hypothesis{{Key: "suc(P)", Kind: Plan}}}, table{}, Options{})
	require.Error(t, err)
}

// TestChain: the chain derives the answer by unit propagation through the
// relations applied; when that is not enough (the answer needs a case
// split), the chain is empty and only Needed says what the answer rests on.
func TestChain(t *testing.T) {
	p := Problem{Query: "Q", Hypotheses: []Hypothesis{lem("A"), lem("B")},
		Methods: []Method{{Name: "M", Pre: []string{"Q"}, Actions: []string{"A"}, Text: "A -> Q",
			Relation: lines("A -> Q"), NotRelation: lines("-> A; Q ->")}}}
	res, err := Run(context.Background(), p, table{"A": {Known: true, Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Len(t, res.Chain, 2)
	require.Equal(t, Link{Key: "Q", Value: true, Method: "M", Text: "A -> Q", From: []string{"A"}}, res.Chain[0])
	require.Equal(t, "A", res.Chain[1].Fact.Key)
	require.Equal(t, []Link{res.Chain[0]}, res.Derived)

	// (A -> Q | R) & (A & R -> Q): Q follows from A, but no line is a unit.
	p.Methods[0].Relation = lines("A -> Q, R; A, R -> Q")
	p.Methods[0].Text = "(A -> Q | R) & (A & R -> Q)"
	res, err = Run(context.Background(), p, table{"A": {Known: true, Value: true}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Yes, res.Answer)
	require.Equal(t, []string{"A"}, res.Needed)
	require.Nil(t, res.Chain)
	require.Nil(t, res.Derived)
}

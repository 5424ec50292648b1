package al3

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

func nimPlans() map[string]*kb.Advice[nim] {
	win := nimWin(6)
	win.Name = "WIN"
	take2 := nimWin(6)
	take2.Name = "TAKE2"
	take2.Moves = kb.Order[nim]{kb.Rel(nimTook2, kb.P1, kb.P2)}
	return map[string]*kb.Advice[nim]{
		"WIN":   win,
		"TAKE2": take2,
		"BLOCK": {Name: "BLOCK", Side: game.Black, Depth: 6, Better: kb.False[nim](), Moves: kb.Order[nim]{kb.Rel(nimTook1, kb.P1, kb.P2)}},
		"ANY":   {Name: "ANY", Side: game.Black, Depth: 6, Better: kb.False[nim]()},
	}
}

func nimEvaluator(heap int) *Evaluator[nim, int] {
	return &Evaluator[nim, int]{Search: prover.NewSearcher[nim, int](nimGame{}, prover.Options{}), Pos: nim{heap: heap},
		Plans: nimPlans(), Lemmas: map[string]*kb.Formula[nim]{"EMPTY": kb.Pos(nimEmpty, kb.P2)}}
}

// hyp is the hypothesis of a term, as the cycle hands it to the
// evaluator.
func hyp(t kb.Term, kind cycle.Kind) cycle.Hypothesis { return cycle.Hypothesis{Term: t, Kind: kind} }

func TestEvaluatorPlansAndRefutations(t *testing.T) {
	ctx := context.Background()
	b := kb.PlanName
	suc := func(p *kb.PlanRef) cycle.Hypothesis { return hyp(kb.SucTerm(p), cycle.Plan) }
	ref := func(r, p *kb.PlanRef) cycle.Hypothesis { return hyp(kb.RefTerm(r, p), cycle.Refutation) }
	ev := nimEvaluator(3)
	eval := func(h cycle.Hypothesis) cycle.Evaluation {
		t.Helper()
		e, err := ev.Evaluate(ctx, h)
		require.NoError(t, err)
		require.True(t, e.Known)
		return e
	}
	require.False(t, eval(suc(b("WIN"))).Value)
	// Black restricted to taking one stone loses: BLOCK does not refute WIN.
	e := eval(ref(b("BLOCK"), b("WIN")))
	require.False(t, e.Value)
	require.Equal(t, "WIN still succeeds against BLOCK: 1 1 1", e.Why)
	// With any reply Black refutes WIN at a multiple of three.
	require.True(t, eval(ref(b("ANY"), b("WIN"))).Value)
	require.False(t, eval(hyp(kb.NameTerm("EMPTY"), cycle.Lemma)).Value)

	ev = nimEvaluator(4)
	e = eval(suc(b("WIN")))
	require.True(t, e.Value)
	require.Equal(t, "principal line 1 1 2", e.Why)
	// TAKE2 alone cannot win from 4 (4 -2-> 2 and Black takes 2); TAKE2 mod
	// WIN may take one stone too.
	require.False(t, eval(suc(b("TAKE2"))).Value)
	require.True(t, eval(suc(kb.PlanModOf(b("TAKE2"), b("WIN")))).Value)
	require.True(t, eval(suc(kb.PlanOrOf(b("TAKE2"), b("WIN")))).Value)

	_, err := ev.Evaluate(ctx, suc(b("NONE")))
	require.Error(t, err)
	_, err = ev.Evaluate(ctx, hyp(kb.NameTerm("X"), cycle.Lemma))
	require.Error(t, err)
	_, err = ev.Evaluate(ctx, ref(b("WIN"), b("TAKE2")))
	require.Error(t, err, "plans of the same side")
}

// TestCycleOnNim runs the whole AL3 cycle on nim: GANA <-> suc(WIN).
func TestCycleOnNim(t *testing.T) {
	h := cycle.NewHypotheses()
	gana, win := h.Intern(kb.NameTerm("GANA")), h.Intern(kb.SucTerm(kb.PlanName("WIN")))
	p := cycle.Problem{Hyps: h, Query: gana,
		Methods: []cycle.Method{{Name: "M", Pre: []target.ID{gana}, Actions: []target.ID{win},
			NotRelation: []cycle.Clause{{Then: []target.ID{gana, win}}, {If: []target.ID{gana, win}}}}}}
	for heap := 1; heap <= 9; heap++ {
		res, err := cycle.Run(context.Background(), p, nimEvaluator(heap), cycle.Options{})
		require.NoError(t, err)
		want := cycle.Yes
		if heap%3 == 0 {
			want = cycle.No
		}
		require.Equal(t, want, res.Answer, "heap %d", heap)
		require.Equal(t, []string{"suc(WIN)"}, res.Needed)
	}
}

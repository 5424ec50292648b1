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

func TestEvaluatorPlansAndRefutations(t *testing.T) {
	ctx := context.Background()
	b := cycle.Base
	ev := nimEvaluator(3)
	eval := func(h cycle.Hypothesis) cycle.Evaluation {
		t.Helper()
		e, err := ev.Evaluate(ctx, h)
		require.NoError(t, err)
		require.True(t, e.Known)
		return e
	}
	require.False(t, eval(cycle.Hypothesis{Key: "suc(WIN)", Kind: cycle.Plan, Plan: b("WIN")}).Value)
	// Black restricted to taking one stone loses: BLOCK does not refute WIN.
	e := eval(cycle.Hypothesis{Key: "ref(BLOCK, WIN)", Kind: cycle.Refutation, Plan: b("WIN"), Refuter: b("BLOCK")})
	require.False(t, e.Value)
	require.Equal(t, "WIN still succeeds against BLOCK: 1 1 1", e.Why)
	// With any reply Black refutes WIN at a multiple of three.
	require.True(t, eval(cycle.Hypothesis{Key: "ref(ANY, WIN)", Kind: cycle.Refutation, Plan: b("WIN"), Refuter: b("ANY")}).Value)
	require.False(t, eval(cycle.Hypothesis{Key: "EMPTY", Kind: cycle.Lemma}).Value)

	ev = nimEvaluator(4)
	e = eval(cycle.Hypothesis{Key: "suc(WIN)", Kind: cycle.Plan, Plan: b("WIN")})
	require.True(t, e.Value)
	require.Equal(t, "principal line 1 1 2", e.Why)
	// TAKE2 alone cannot win from 4 (4 -2-> 2 and Black takes 2); TAKE2 mod
	// WIN may take one stone too.
	require.False(t, eval(cycle.Hypothesis{Key: "suc(TAKE2)", Kind: cycle.Plan, Plan: b("TAKE2")}).Value)
	mod := &cycle.PlanExpr{Op: cycle.ModPlan, L: b("TAKE2"), R: b("WIN")}
	require.True(t, eval(cycle.Hypothesis{Key: cycle.SucKey(mod), Kind: cycle.Plan, Plan: mod}).Value)
	or := &cycle.PlanExpr{Op: cycle.OrPlan, L: b("TAKE2"), R: b("WIN")}
	require.True(t, eval(cycle.Hypothesis{Key: cycle.SucKey(or), Kind: cycle.Plan, Plan: or}).Value)

	_, err := ev.Evaluate(ctx, cycle.Hypothesis{Key: "suc(NONE)", Kind: cycle.Plan, Plan: b("NONE")})
	require.Error(t, err)
	_, err = ev.Evaluate(ctx, cycle.Hypothesis{Key: "X", Kind: cycle.Lemma})
	require.Error(t, err)
	_, err = ev.Evaluate(ctx, cycle.Hypothesis{Key: "ref(WIN, TAKE2)", Kind: cycle.Refutation, Plan: b("TAKE2"), Refuter: b("WIN")})
	require.Error(t, err, "plans of the same side")
}

// TestCycleOnNim runs the whole AL3 cycle on nim: GANA <-> suc(WIN).
func TestCycleOnNim(t *testing.T) {
	p := cycle.Problem{Query: "GANA",
		Hypotheses: []cycle.Hypothesis{{Key: "suc(WIN)", Kind: cycle.Plan, Plan: cycle.Base("WIN")}},
		Methods: []cycle.Method{{Name: "M", Pre: []string{"GANA"}, Actions: []string{"suc(WIN)"},
			NotRelation: []target.RawLine{{Then: []string{"GANA", "suc(WIN)"}}, {If: []string{"GANA", "suc(WIN)"}}}}}}
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

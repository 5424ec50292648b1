package chesssolve

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/stretchr/testify/require"
)

// The thesis's meta-plan examples (seed 002, section 3.1.4), shipped as
// knowledge/meta-or.al3 and knowledge/meta-mod.al3.
const (
	retiFEN      = "7K/8/k1P5/7p/8/8/8/8 w - - 0 1"          // OR: Réti's study, White draws
	modFEN       = "1kr5/p1p5/2n5/1BQ5/3B4/8/8/K7 w - - 0 1" // MOD: the thesis's diagram without Black's b-pawn
	modThesisFEN = "1kr5/ppp5/2n5/1BQ5/3B4/8/8/K7 w - - 0 1" // MOD: the thesis's diagram as transcribed
)

// metaRun solves a shipped meta-plan base at fen, with its trace and
// justification's text, and indexes its facts.
func metaRun(t *testing.T, file, fen string) (*kb.Base[chess.Position], *Report, map[string]Fact, string, string) {
	t.Helper()
	b, diags := knowledge.Load(predicates.Library(), file)
	require.Empty(t, diags, "%s compiles with no diagnostic", file)
	pos, err := chess.Parse(fen)
	require.NoError(t, err)
	var tr lines
	rep, err := Solve(context.Background(), b, pos, nil, Options{Tracer: &tr})
	require.NoError(t, err)
	facts := map[string]Fact{}
	for _, f := range rep.Facts() {
		facts[f.Hypothesis] = f
	}
	var text bytes.Buffer
	rep.WriteJustification(&text)
	return b, rep, facts, strings.Join(tr, "\n"), text.String()
}

// TestMetaPlanOR: in Réti's study plan A (CORONA) and plan B (CAPTURA)
// each fail to refute Black's plan, A by the black king taking the pawn in
// two moves, B because the white king stays outside the pawn's square;
// meta-plan OR opens ref(CORONA or CAPTURA, P_NEGRO), which holds with the
// diagonal king move 1. Kg7, and the answer is the draw.
func TestMetaPlanOR(t *testing.T) {
	b, rep, facts, trace, text := metaRun(t, "meta-or.al3", retiFEN)
	require.Equal(t, cycle.Yes, rep.Result.Answer, text)
	require.Equal(t, "TABLAS", rep.Query)

	a := facts["ref(CORONA, P_NEGRO)"]
	require.False(t, a.Value)
	require.Regexp(t, `^P_NEGRO still succeeds against CORONA: 1\. \S+ Kb6 2\. \S+ Kxc6$`, a.Detail, "the black king takes the pawn in two moves")
	bb := facts["ref(CAPTURA, P_NEGRO)"]
	require.False(t, bb.Value)
	require.Regexp(t, `h1=Q$`, bb.Detail, "the black pawn queens")

	or := facts["ref(CORONA or CAPTURA, P_NEGRO)"]
	require.True(t, or.Value)
	require.True(t, or.Needed)
	require.Equal(t, []DefenceLine{{Line: []string{"Kg7"}}}, or.Defence)
	require.Contains(t, trace, "suc(P_NEGRO): meta-plan or: opens ref(CORONA or CAPTURA, P_NEGRO)")
	require.Contains(t, text, "TABLAS = true: by method M0 (TABLAS <-> ~suc(P_NEGRO)), from\n"+
		"    suc(P_NEGRO) = false: by meta-plan or ref(CORONA or CAPTURA, P_NEGRO) -> ~suc(P_NEGRO), from\n"+
		"      ref(CORONA or CAPTURA, P_NEGRO) = true: refutation")
	require.Contains(t, text, "      defence: 1. Kg7 (the refuting side moves first)\n")

	// 1. Kg7 is the one first move after which Black's plan fails against
	// the combination: after any other, Black queens alone.
	corona, _ := b.Plan("CORONA")
	captura, _ := b.Plan("CAPTURA")
	negro, _ := b.Plan("P_NEGRO")
	both, err := prover.Or(corona, captura)
	require.NoError(t, err)
	ref, err := prover.RefutationAdvice(both, negro)
	require.NoError(t, err)
	pos, _ := chess.Parse(retiFEN)
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	var holds []string
	for _, m := range pos.LegalMoves(nil) {
		after := pos.Play(m)
		r, err := s.Solve(context.Background(), ref, &after)
		require.NoError(t, err)
		require.NotEqual(t, prover.Unknown, r.Value)
		if r.Value == prover.Unsat {
			holds = append(holds, pos.SAN(m))
		}
	}
	require.Equal(t, []string{"Kg7"}, holds)
}

// TestMetaPlanMOD: the queen's mate on a7 is refuted by the knight
// (1. Qxa7+ Nxa7), so suc(MATE_DAMA) is false; meta-plan MOD corrects the
// plan with ELIMINA_DEFENSOR's bishop moves, MATE_DAMA mod
// ELIMINA_DEFENSOR mates starting 1. Bxc6, and the relation copied for it
// answers yes. On the thesis's diagram as transcribed (a black pawn on b7
// too) 1... b6 defends and the answer is undetermined.
func TestMetaPlanMOD(t *testing.T) {
	_, rep, facts, trace, text := metaRun(t, "meta-mod.al3", modFEN)
	require.Equal(t, cycle.Yes, rep.Result.Answer, text)
	ref := facts["ref(CAPTURA_DAMA, MATE_DAMA)"]
	require.True(t, ref.Value)
	require.Contains(t, ref.Detail, "1. Qxa7+ Nxa7;")
	require.False(t, facts["suc(MATE_DAMA)"].Value)
	mod := facts["suc(MATE_DAMA mod ELIMINA_DEFENSOR)"]
	require.True(t, mod.Value)
	require.True(t, mod.Needed)
	require.Equal(t, "Bxc6", mod.Line[0])
	require.True(t, strings.HasSuffix(mod.Line[len(mod.Line)-1], "#"), "the line ends in mate: %v", mod.Line)
	require.Contains(t, trace, "suc(MATE_DAMA): meta-plan mod: opens suc(MATE_DAMA mod ELIMINA_DEFENSOR)")
	require.Contains(t, text, "GANA = true: by meta-plan mod (suc(MATE_DAMA mod ELIMINA_DEFENSOR) -> GANA), from\n"+
		"    suc(MATE_DAMA mod ELIMINA_DEFENSOR) = true: plan, principal line 1. Bxc6")

	// The thesis's idea: the knight gone, the queen mates on a7.
	after, _ := chess.Parse(modFEN)
	for _, san := range []string{"Bxc6", "a6", "Qa7"} {
		m, err := after.ParseMove(san)
		require.NoError(t, err)
		after = after.Play(m)
	}
	require.True(t, after.Mate())

	_, rep, facts, _, text = metaRun(t, "meta-mod.al3", modThesisFEN)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer, text)
	mod = facts["suc(MATE_DAMA mod ELIMINA_DEFENSOR)"]
	require.False(t, mod.Value)
	require.Contains(t, mod.Defence, DefenceLine{Line: []string{"Bxc6", "b6"}})
}

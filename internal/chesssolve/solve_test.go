package chesssolve

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover/cycle"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const thesisFEN = "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"

func kpkBase(t testing.TB) *kb.Base[chess.Position] {
	b, diags := knowledge.Load(predicates.Library(), "kpk.al3")
	require.False(t, diags.HasErrors(), "%v", diags)
	return b
}

type lines []string

func (l *lines) Trace(e cycle.Event) { *l = append(*l, e.String()) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
}

// TestThesisRun is the run of seed 002, section 3.2.3: White Kb5, Pd3,
// Black Ke5, White to move. The answer is yes because P_BLANCO_NT succeeds
// with Kc5, and the facts are those of the thesis's justification.
func TestThesisRun(t *testing.T) {
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	var tr lines
	rep, err := Solve(context.Background(), kpkBase(t), pos, nil, Options{Tracer: &tr})
	require.NoError(t, err)
	require.Equal(t, cycle.Yes, rep.Result.Answer)
	facts := map[string]Fact{}
	for _, f := range rep.Facts() {
		facts[f.Hypothesis] = f
	}
	suc := facts["suc(P_BLANCO_NT)"]
	require.True(t, suc.Value)
	require.Equal(t, "plan", suc.Source)
	require.Equal(t, "principal line 1. Kc5", suc.Detail)
	require.True(t, suc.Needed)
	// The thesis's justification: every fact it lists, with its value.
	for key, v := range map[string]bool{"TABLAS": false, "GANA_PEON_NT": true, "GANA": true, "suc(P_BLANCO_NT)": true,
		"ref(P_NEGRO, P_BLANCO_NT)": false, "PEON_BLOQUEADO": false, "PIERDE_PEON": false,
		"CASILLAS_CRITICAS": false, "CORRE_PEON": false, "PEON_T": false} {
		f, ok := facts[key]
		require.True(t, ok, "no fact %s", key)
		require.Equal(t, v, f.Value, key)
	}
	var j bytes.Buffer
	rep.WriteJustification(&j)
	golden(t, "thesis.justification", j.Bytes())
	golden(t, "thesis.trace", []byte(strings.Join(tr, "\n")+"\n"))
}

// TestThesisPolicyRun is the thesis's own run, cycle for cycle: with
// cycle.ThesisPolicy the prover chooses what the appendix's Micro-Prolog
// prototype chose on the same position (seed 002, appendix, the lines
// "HIPOTESIS INTERESANTE" / "ELECCION" / "RESULTO"), then gives the same
// answer and facts as the default policy.
func TestThesisPolicyRun(t *testing.T) {
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	var tr lines
	rep, err := Solve(context.Background(), kpkBase(t), pos, nil, Options{Tracer: &tr, Policy: cycle.ThesisPolicy})
	require.NoError(t, err)
	require.Equal(t, cycle.Yes, rep.Result.Answer)
	// The appendix's sequence: the hypothesis of each ELECCION, the
	// procedure chosen, and for evaluations what RESULTO printed.
	appendix := []struct{ hypothesis, procedure, result string }{
		{"GANA", "easy method M0", ""},
		{"GANA_PEON_NT", "easy method M2", ""},
		{"CORRE_PEON", "evaluate lemma", ""},
		{"CASILLAS_CRITICAS", "evaluate lemma", ""},
		{"GANA", "easy method M3", ""},
		{"TABLAS", "easy method M4", ""},
		{"PIERDE_PEON", "evaluate lemma", ""},
		{"PEON_BLOQUEADO", "evaluate lemma", ""},
		{"GANA_PEON_NT", "hard method M5", ""},
		{"suc(P_BLANCO_NT)", "easy method M7", ""},
		{"ref(P_NEGRO, P_BLANCO_NT)", "evaluate refutation", "false"},
		{"TABLAS", "hard method M9", ""},
		{"suc(P_NEGRO)", "evaluate plan", "false"},
		{"suc(P_BLANCO_NT)", "evaluate plan", "true"},
	}
	steps := rep.Result.Steps
	require.Len(t, steps, len(appendix), "%v", steps)
	for i, want := range appendix {
		st := steps[i]
		require.Equal(t, i+1, st.Cycle)
		require.Equal(t, want.hypothesis, st.Hypothesis, "cycle %d", i+1)
		require.Equal(t, want.procedure, st.Procedure, "cycle %d", i+1)
		if want.result != "" {
			require.Equal(t, want.result, st.Result, "cycle %d", i+1)
		}
	}
	// The thesis's justification lists the same facts either way.
	def, err := Solve(context.Background(), kpkBase(t), pos, nil, Options{})
	require.NoError(t, err)
	keys := func(r *Report) map[string]bool {
		m := map[string]bool{}
		for _, f := range r.Facts() {
			m[f.Hypothesis] = f.Value
		}
		return m
	}
	require.Equal(t, keys(def), keys(rep))
	golden(t, "thesis-policy.trace", []byte(strings.Join(tr, "\n")+"\n"))
}

func TestBudgets(t *testing.T) {
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	b := kpkBase(t)
	rep, err := Solve(context.Background(), b, pos, nil, Options{MaxCycles: 1})
	require.NoError(t, err)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer)
	require.Equal(t, "cycle budget of 1 spent", rep.Reason())
	require.Equal(t, 1, rep.Result.Cycles)
	// Too few nodes for any plan: the searches are left open, and the
	// reason says so.
	rep, err = Solve(context.Background(), b, pos, nil, Options{MaxNodes: 1})
	require.NoError(t, err)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer)
	require.Contains(t, rep.Reason(), "no candidate left; not decided: ")
	require.Contains(t, rep.Reason(), "(node budget of 1 spent)")
	// No time at all.
	rep, err = Solve(context.Background(), b, pos, nil, Options{Timeout: time.Nanosecond})
	require.NoError(t, err)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer)
	require.Equal(t, "time budget of 1ns spent", rep.Reason())
}

func TestQueryAndJSON(t *testing.T) {
	b := kpkBase(t)
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	q, err := b.ParseTerm("GANA_PEON_NT")
	require.NoError(t, err)
	rep, err := Solve(context.Background(), b, pos, &q, Options{})
	require.NoError(t, err)
	j := rep.JSON()
	require.Equal(t, "yes", j.Answer)
	require.Equal(t, "GANA_PEON_NT", j.Query)
	require.Equal(t, thesisFEN, j.FEN)
	require.Positive(t, j.Cycles)
	require.Positive(t, j.Nodes)
	require.NotEmpty(t, j.Facts)
	require.Equal(t, "GANA_PEON_NT is true because suc(P_BLANCO_NT) = true (through M5)", j.Reason)

	// A draw: the black king in front of the pawn, White to move.
	pos, err = chess.Parse("Kd3 Pd4 / Kd5 w")
	require.NoError(t, err)
	rep, err = Solve(context.Background(), b, pos, nil, Options{})
	require.NoError(t, err)
	require.Equal(t, "no", rep.JSON().Answer)
	require.Contains(t, rep.Reason(), "PEON_BLOQUEADO = true")
}

// sample returns every step-th KPK position of the tablebase with its
// value for White (win or not).
func sample(t testing.TB, step int) ([]chess.Position, []bool) {
	tab, err := tablebase.New(tablebase.Options{NoCache: true}).Table(tablebase.MustEndgame("kpk"))
	require.NoError(t, err)
	var ps []chess.Position
	var wins []bool
	i := 0
	for p, v := range tab.Positions() {
		i++
		if i%step != 0 {
			continue
		}
		win := v.Outcome == tablebase.Win
		if p.SideToMove() == chess.Black {
			win = v.Outcome == tablebase.Loss
		}
		ps = append(ps, p)
		wins = append(wins, win)
	}
	return ps, wins
}

var sampleStep = flag.Int("kpk-sample", 0, "check the thesis's base on every N-th KPK position against the tablebase and report")

// TestThesisBaseAgainstTablebase measures the thesis's base: over a
// sample of KPK positions, how many answers are right, wrong and
// undetermined. It is a measurement (the base is a heuristic, wrong
// answers are possible), run with -kpk-sample N.
func TestThesisBaseAgainstTablebase(t *testing.T) {
	step := *sampleStep
	if step <= 0 {
		t.Skip("run with -kpk-sample N")
	}
	b := kpkBase(t)
	ps, wins := sample(t, step)
	var right, wrong, undetermined, yesWrong int
	start := time.Now()
	for i, p := range ps {
		rep, err := Solve(context.Background(), b, p, nil, Options{})
		require.NoError(t, err)
		switch rep.Result.Answer {
		case cycle.Undetermined:
			undetermined++
		case cycle.Yes:
			if wins[i] {
				right++
			} else {
				wrong++
				yesWrong++
			}
		default:
			if !wins[i] {
				right++
			} else {
				wrong++
			}
		}
	}
	t.Logf("%d positions (every %d-th): %d right, %d wrong (%d of them yes on a draw), %d undetermined; %v",
		len(ps), step, right, wrong, yesWrong, undetermined, time.Since(start).Round(time.Millisecond))
}

func BenchmarkSolveKPK(b *testing.B) {
	base := kpkBase(b)
	ps, _ := sample(b, 997)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		if _, err := Solve(context.Background(), base, p, nil, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveThesis(b *testing.B) {
	base := kpkBase(b)
	pos, _ := chess.Parse(thesisFEN)
	for i := 0; i < b.N; i++ {
		if _, err := Solve(context.Background(), base, pos, nil, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRefutationDefence: when P_NEGRO refutes P_BLANCO_NT, the fact says
// how: a reply to every move the plan allows.
func TestRefutationDefence(t *testing.T) {
	pos, err := chess.Parse("8/8/8/8/8/5k2/3P4/K7 w - - 0 1")
	require.NoError(t, err)
	var tr lines
	rep, err := Solve(context.Background(), kpkBase(t), pos, nil, Options{Tracer: &tr})
	require.NoError(t, err)
	// The refutation makes suc(P_BLANCO_NT) false, and meta-plan MOD tries
	// P_BLANCO_NT mod P_BLANCO_T.
	golden(t, "refuted.trace", []byte(strings.Join(tr, "\n")+"\n"))
	var ref *Fact
	for _, f := range rep.Facts() {
		if f.Hypothesis == "ref(P_NEGRO, P_BLANCO_NT)" {
			ref = &f
		}
	}
	require.NotNil(t, ref)
	require.True(t, ref.Value)
	require.Equal(t, "P_BLANCO_NT has no forcing tree within 1 move against P_NEGRO; defence: 1. Kb1 Ke4; 1. Ka2 Ke4; 1. Kb2 Ke4", ref.Detail)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer)
	require.Equal(t, "no candidate left", rep.Reason())
}

// TestJustificationInWords: on the thesis's run every lemma fact carries
// its predicate's definition without the thesis's name, the plan that
// succeeds its line in SAN, the FEN it reaches and the goal that holds
// there, Black's plan that fails the move that refutes it; the JSON
// carries them as lists. Without --terse explanations the node count is
// that of the proof alone.
func TestJustificationInWords(t *testing.T) {
	b := kpkBase(t)
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	rep, err := Solve(context.Background(), b, pos, nil, Options{})
	require.NoError(t, err)
	facts := map[string]Fact{}
	for _, f := range rep.JSON().Facts {
		facts[f.Hypothesis] = f
	}
	require.Regexp(t, `^the white king stands two ranks ahead of the pawn`, facts["CASILLAS_CRITICAS"].Doc)
	p := facts["suc(P_BLANCO_NT)"]
	require.Equal(t, []string{"Kc5"}, p.Line)
	require.Equal(t, "8/8/8/2K1k3/8/3P4/8/8 b - - 1 1", p.Reached)
	require.Equal(t, []string{"CASILLAS_CRITICAS"}, p.Reaches)
	require.NotEmpty(t, p.Doc)
	n := facts["suc(P_NEGRO)"]
	require.False(t, n.Value)
	require.Equal(t, []DefenceLine{{Line: []string{"Kc4"}}}, n.Defence)
	// After the refuting move, Black's plan indeed has no forcing tree:
	// P_NEGRO asks for the pawn lost or blocked in one black move.
	after, err := chess.Parse("8/8/8/4k3/2K5/3P4/8/8 b - - 1 1")
	require.NoError(t, err)
	q, err := b.ParseTerm("suc(P_NEGRO)")
	require.NoError(t, err)
	again, err := Solve(context.Background(), b, after, &q, Options{})
	require.NoError(t, err)
	require.Equal(t, cycle.No, again.Result.Answer)
	var text bytes.Buffer
	rep.WriteJustification(&text)
	require.Contains(t, text.String(), "principal line 1. Kc5, reaching CASILLAS_CRITICAS\n")
	require.Contains(t, text.String(), "      refuted by: 1. Kc4\n")
	terse, err := Solve(context.Background(), b, pos, nil, Options{Terse: true})
	require.NoError(t, err)
	require.Equal(t, rep.Nodes, terse.Nodes)
	require.Equal(t, rep.Reason(), terse.Reason())
}

// TestUndeterminedSaysWhatIsOpen: an undetermined answer lists the
// hypotheses still needed and why each is open.
func TestUndeterminedSaysWhatIsOpen(t *testing.T) {
	b := kpkBase(t)
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	rep, err := Solve(context.Background(), b, pos, nil, Options{MaxNodes: 1})
	require.NoError(t, err)
	require.Equal(t, cycle.Undetermined, rep.Result.Answer)
	open := map[string]string{}
	for _, o := range rep.JSON().Open {
		open[o.Hypothesis] = o.Why
	}
	require.Equal(t, "its evaluation ran out: node budget of 1 spent", open["suc(P_BLANCO_NT)"])
	require.Contains(t, open, "GANA")
	rep, err = Solve(context.Background(), b, pos, nil, Options{MaxCycles: 1})
	require.NoError(t, err)
	require.Equal(t, "not reached: cycle budget of 1 spent", rep.Open()[0].Why)
	var text bytes.Buffer
	rep.WriteJustification(&text)
	require.Contains(t, text.String(), "\nstill open:\n  GANA: not reached: cycle budget of 1 spent\n")
	yes, err := Solve(context.Background(), b, pos, nil, Options{})
	require.NoError(t, err)
	require.Empty(t, yes.JSON().Open)
}

// TestSANsPass: a semi-static line's pass is "--", numbered as a move.
func TestSANsPass(t *testing.T) {
	p, err := chess.ParseFEN("8/8/4k3/8/8/1K1P4/8/8 w - - 0 1")
	require.NoError(t, err)
	kb4, err := p.ParseMove("Kb4")
	require.NoError(t, err)
	after := p.Play(kb4)
	passed, ok := after.Pass()
	require.True(t, ok)
	kc5, err := passed.ParseMove("Kc5")
	require.NoError(t, err)
	sans := SANs(&p, []chess.Move{kb4, chess.NoMove, kc5})
	require.Equal(t, []string{"Kb4", "--", "Kc5"}, sans)
	require.Equal(t, "1. Kb4 -- 2. Kc5", Numbered(&p, sans))
}

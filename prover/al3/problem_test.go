package al3

import (
	"context"
	"strings"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

func nimLibrary() *kb.Library[nim] {
	lib := kb.NewLibrary[nim]()
	lib.MustRegister(*nimEmpty, *nimBlack, *nimTook1, *nimTook2)
	return lib
}

// solveNim compiles src and runs the cycle in a nim position.
func solveNim(t *testing.T, src string, heap int, opt cycle.Options) (cycle.Result, *Evaluator[nim, int]) {
	t.Helper()
	b, diags := kb.Load(nimLibrary(), "nim.al3", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	p, err := Problem(b, nil)
	require.NoError(t, err)
	ev := NewEvaluator(b, prover.NewSearcher[nim, int](nimGame{}, prover.Options{}), nim{heap: heap})
	res, err := cycle.Run(context.Background(), p, ev, opt)
	require.NoError(t, err)
	return res, ev
}

const nimBase = `
query GANA
pattern done = empty & black_to_move
pattern EMPTY = empty
observe EMPTY
method M0 easy
  pre H1: GANA, EMPTY = false
  action H2: WINS
  relation H1 <-> H2
method M1 hard
  pre H1: WINS
  action H2: suc(WIN)
  relation H1 <-> H2
plan WIN white depth 6
  better done
`

// TestProblemFromBase runs a base written in the language on nim: White
// wins exactly off the multiples of three.
func TestProblemFromBase(t *testing.T) {
	for heap := 1; heap <= 7; heap++ {
		res, ev := solveNim(t, nimBase, heap, cycle.Options{})
		want := cycle.Yes
		if heap%3 == 0 {
			want = cycle.No
		}
		require.Equal(t, want, res.Answer, "heap %d", heap)
		require.Equal(t, []string{"suc(WIN)"}, res.Needed)
		require.Positive(t, ev.Nodes)
		if want == cycle.Yes {
			var chain []string
			for _, l := range res.Chain {
				chain = append(chain, l.Key+" by "+l.Method+" "+l.Text)
			}
			require.Equal(t, []string{"GANA by M0 (GANA <-> WINS)", "WINS by M1 (WINS <-> suc(WIN))", "suc(WIN) by  "}, chain)
			require.NotNil(t, res.Chain[2].Fact)
		}
	}
	p, err := Problem(mustLoad(t, nimBase), nil)
	require.NoError(t, err)
	name := func(ids ...target.ID) []string {
		var out []string
		for _, id := range ids {
			out = append(out, p.Hyps.Name(id))
		}
		return out
	}
	require.Equal(t, []string{"EMPTY"}, name(p.Observe...))
	require.Equal(t, "(GANA <-> WINS)", p.Methods[0].Text)
	require.Equal(t, []cycle.Condition{{H: p.Observe[0], Value: false}}, p.Methods[0].When)
	// Declaration order: the observation, the query, then the methods'
	// hypotheses in order of appearance.
	var kinds []string
	for _, h := range p.Hyps.All() {
		kinds = append(kinds, h.Key()+" "+h.Kind.String())
	}
	require.Equal(t, []string{"EMPTY lemma", "GANA plain", "WINS plain", "suc(WIN) plan"}, kinds)
	require.Equal(t, []string{"GANA"}, name(p.Methods[0].Relation[0].If...))
	require.Equal(t, []string{"WINS"}, name(p.Methods[0].Relation[0].Then...))
}

func mustLoad(t *testing.T, src string) *kb.Base[nim] {
	b, diags := kb.Load(nimLibrary(), "nim.al3", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	return b
}

func TestProblemQuery(t *testing.T) {
	b := mustLoad(t, nimBase)
	q, err := b.ParseTerm("suc(WIN)")
	require.NoError(t, err)
	p, err := Problem(b, &q)
	require.NoError(t, err)
	require.Equal(t, "suc(WIN)", p.Hyps.Name(p.Query))
	require.Equal(t, cycle.Plan, p.Hyps.Get(p.Query).Kind)
	nb := &kb.Base[nim]{}
	_, err = Problem(nb, nil)
	require.Error(t, err)
}

// TestMetaPlanOrOnABase: Black's plans ONE (take one) and TWO (take two)
// each fail to refute WIN from a heap of three; together they refute it.
func TestMetaPlanOrOnABase(t *testing.T) {
	src := `
query GANA
pattern done = empty & black_to_move
method M1 easy
  pre H1: GANA
  action H2: suc(WIN)
  relation H1 <-> H2
method M2 easy
  pre H1: suc(WIN)
  action H2: ref(ONE, WIN), H3: ref(TWO, WIN)
  relation H2 | H3 -> ~H1
plan WIN white depth 3
  better done
plan ONE black depth 3
  better false
  moves took1
plan TWO black depth 3
  better false
  moves took2
`
	res, _ := solveNim(t, src, 3, cycle.Options{})
	require.Equal(t, cycle.No, res.Answer)
	var steps []string
	for _, s := range res.Steps {
		res := s.Result
		if s.Detail != "" {
			res += " (" + s.Detail + ")"
		}
		steps = append(steps, s.Procedure+" "+s.Hypothesis+": "+res)
	}
	require.Equal(t, []string{
		"easy method M1 GANA: targets 1 and 1 lines",
		"easy method M2 suc(WIN): targets 1 and 1 lines",
		"evaluate refutation ref(ONE, WIN): false (WIN still succeeds against ONE: 1 1 1)",
		"evaluate refutation ref(TWO, WIN): false (WIN still succeeds against TWO: 2)",
		"meta-plan or suc(WIN): opens ref(ONE or TWO, WIN)",
		"evaluate refutation ref(ONE or TWO, WIN): true (WIN has no forcing tree within 3 moves against ONE or TWO; defence: 1 2; 2 1)",
	}, steps)
	require.Equal(t, []string{"ref(ONE or TWO, WIN)"}, res.Needed)
	require.Equal(t, "GANA", res.Chain[0].Key)
	require.Equal(t, "meta-plan or", res.Chain[1].Method)
}

// TestMetaPlanModOnABase: TAKE2 (always take two) is refuted from a heap
// of four; TAKE2 mod WIN may take one too and wins, and M1's relation
// suc(TAKE2) -> GANA is copied for it.
func TestMetaPlanModOnABase(t *testing.T) {
	src := `
query GANA
pattern done = empty & black_to_move
method M1 easy
  pre H1: GANA
  action H2: suc(TAKE2)
  relation H2 -> H1
method M2 easy
  pre H1: suc(TAKE2)
  action H2: ref(ANY, TAKE2)
  relation H2 -> ~H1
plan TAKE2 white depth 4
  better done
  moves took2
plan WIN white depth 4
  better done
plan ANY black depth 4
  better false
`
	b := mustLoad(t, src)
	p, err := Problem(b, nil)
	require.NoError(t, err)
	require.Len(t, p.Consequences, 1)
	require.Equal(t, "suc(TAKE2)", p.Hyps.Name(p.Consequences[0].Suc))
	require.Equal(t, "M1", p.Methods[p.Consequences[0].Method].Name)
	res, _ := solveNim(t, src, 4, cycle.Options{})
	require.Equal(t, cycle.Yes, res.Answer)
	last := res.Steps[len(res.Steps)-1]
	require.Equal(t, "suc(TAKE2 mod WIN)", last.Hypothesis)
	require.Equal(t, "true", last.Result)
	require.True(t, strings.HasPrefix(last.Detail, "principal line 1"), last.Detail)
	require.Equal(t, []string{"suc(TAKE2 mod WIN)"}, res.Needed)
	require.Equal(t, "meta-plan mod", res.Chain[0].Method)
	require.Equal(t, "(suc(TAKE2 mod WIN) -> GANA)", res.Chain[0].Text)
}

type recorder []string

func (r *recorder) Trace(e cycle.Event) { *r = append(*r, e.String()) }

func TestBudgetsAndTracer(t *testing.T) {
	var tr recorder
	res, _ := solveNim(t, nimBase, 4, cycle.Options{Tracer: &tr})
	require.Equal(t, cycle.Yes, res.Answer)
	require.Equal(t, []string{
		"observe EMPTY: false",
		"cycle 1: GANA: easy method M0: targets 1 and 1 lines",
		"cycle 2: WINS: hard method M1: targets 1 and 1 lines",
		"cycle 3: suc(WIN): evaluate plan: true (principal line 1 1 2)",
		"answer yes",
	}, []string(tr))
	require.Equal(t, 3, res.Cycles)

	res, _ = solveNim(t, nimBase, 4, cycle.Options{MaxCycles: 1})
	require.Equal(t, cycle.Undetermined, res.Answer)
	require.Equal(t, "cycle budget of 1 spent", res.Reason)

	b := mustLoad(t, nimBase)
	p, err := Problem(b, nil)
	require.NoError(t, err)
	ev := NewEvaluator(b, prover.NewSearcher[nim, int](nimGame{}, prover.Options{}), nim{heap: 7})
	ev.MaxNodes = 3
	res, err = cycle.Run(context.Background(), p, ev, cycle.Options{})
	require.NoError(t, err)
	require.Equal(t, cycle.Undetermined, res.Answer)
	require.Equal(t, "no candidate left; not decided: suc(WIN) (node budget of 3 spent)", res.Reason)
}

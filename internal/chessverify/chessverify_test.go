package chessverify

import (
	"context"
	"encoding/json"
	"github.com/advicelang/al/prover/verify"
	"math"
	randv2 "math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/internal/testenv"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

var (
	tbOnce sync.Once
	tbase  *tablebase.Tablebase
)

func oracle(t *testing.T, eg tablebase.Endgame) (*tablebase.Tablebase, *tablebase.Table) {
	t.Helper()
	tbOnce.Do(func() { tbase = tablebase.New(tablebase.Options{NoCache: true}) })
	tab, err := tbase.Table(eg)
	require.NoError(t, err)
	return tbase, tab
}

func load(t *testing.T, name string) *kb.Base[chess.Position] { return loadB(t, name) }

func loadB(t testing.TB, name string) *kb.Base[chess.Position] {
	t.Helper()
	b, diags := knowledge.Load(predicates.Library(), name)
	require.False(t, diags.HasErrors(), "%v", diags)
	return b
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func TestSample(t *testing.T) {
	s := Sample(1000, 50, 7)
	require.Len(t, s, 50)
	require.True(t, slices.IsSorted(s))
	require.Equal(t, s, Sample(1000, 50, 7))
	require.NotEqual(t, s, Sample(1000, 50, 8))
	seen := map[int]bool{}
	for _, i := range s {
		require.False(t, seen[i])
		require.True(t, i >= 0 && i < 1000)
		seen[i] = true
	}
	require.Len(t, Sample(10, 0, 1), 10)
	require.Len(t, Sample(10, 20, 1), 10)
}

func TestRefereeHasNoFiftyMoveRule(t *testing.T) {
	p, err := chess.ParseFEN("8/8/8/3k4/8/8/8/K6R w - - 120 90")
	require.NoError(t, err)
	_, _, over := Referee{}.Over(&p)
	require.False(t, over)
	p, err = chess.ParseFEN("8/8/8/3k4/8/8/8/K7 w - - 0 1")
	require.NoError(t, err)
	o, why, over := Referee{}.Over(&p)
	require.True(t, over)
	require.Equal(t, game.Draw, o)
	require.Contains(t, why, "material lost")
}

// TestTableSample verifies the thesis's KRK table on a sample: the same
// bytes for 1 and 2 workers, and no proved start faster than the
// tablebase's optimum.
func TestTableSample(t *testing.T) {
	_, tab := oracle(t, tablebase.MustEndgame("krk"))
	b := load(t, "krk.al1")
	o := Options{Sample: 150, Seed: 3, Examples: 3}
	starts := TableStarts(tab, b.Tables[0].Side, o)
	require.Len(t, starts, 150)
	var first string
	for _, w := range []int{1, 2} {
		o.Workers = w
		rep, err := Table(context.Background(), b.Tables[0], tablebase.MustEndgame("krk"), starts, o)
		require.NoError(t, err)
		require.Equal(t, 150, rep.Positions)
		require.Equal(t, rep.Positions, rep.Proved+rep.Failed)
		for i, r := range rep.Results {
			require.Equal(t, starts[i].Optimal, int(r.Optimal))
			if r.Proved {
				require.GreaterOrEqual(t, int(r.Moves), int(r.Optimal), starts[i].Pos.FEN())
			}
		}
		for _, f := range rep.Failures {
			require.NotEmpty(t, f.FEN)
			require.NotEmpty(t, f.Reason)
		}
		js := jsonOf(t, rep)
		if first == "" {
			first = js
		}
		require.Equal(t, first, js, "workers %d", w)
	}
}

// TestTableStarts: every start is a win with the table's side to move.
func TestTableStarts(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("krk"))
	starts := TableStarts(tab, game.White, Options{Sample: 40, Seed: 1})
	for _, s := range starts {
		require.Equal(t, chess.White, s.Pos.SideToMove())
		v, err := tb.Value(s.Pos)
		require.NoError(t, err)
		require.Equal(t, tablebase.Win, v.Outcome)
		require.Equal(t, v.DTM, s.Optimal)
	}
	require.Empty(t, TableStarts(tab, game.Black, Options{}))
}

// TestBaseSample verifies the thesis's KPK base on a sample: the same
// bytes for 1 and 2 workers, the tallies add up, and every wrong example
// is wrong according to the tablebase.
func TestBaseSample(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	b := load(t, "kpk.al3")
	o := Options{Sample: 40, Seed: 5, Examples: 2}
	cases := BaseCases(tab, o)
	truth, err := ParseTruth(b, []string{"TABLAS=draw"})
	require.NoError(t, err)
	var first string
	for _, w := range []int{1, 2} {
		o.Workers = w
		rep, err := Base(context.Background(), tb, b, nil, truth, tablebase.MustEndgame("kpk"), cases, o)
		require.NoError(t, err)
		require.Equal(t, "GANA", rep.Query)
		require.Equal(t, 40, rep.Positions)
		require.Equal(t, rep.Positions, rep.Right+rep.Wrong+rep.Undetermined)
		require.Equal(t, rep.Positions, rep.White.Positions+rep.Black.Positions)
		for _, x := range rep.WrongExamples {
			p, err := chess.ParseFEN(x.FEN)
			require.NoError(t, err)
			v, err := tb.Value(p)
			require.NoError(t, err)
			require.Equal(t, x.Truth, whiteWins(&p, v))
			require.NotEqual(t, x.Truth, x.Answer == "yes")
		}
		require.Len(t, rep.Methods, len(b.Methods))
		for _, m := range rep.Methods {
			require.Equal(t, m.Applies, m.Holds+m.Violated+m.Undetermined, m.Name)
		}
		js := jsonOf(t, rep)
		if first == "" {
			first = js
		}
		require.Equal(t, first, js, "workers %d", w)
	}
}

// TestMethodCounterexample: a relation that is false where White wins
// (GANA -> TABLAS, GANA the oracle's win and TABLAS its draw) is violated
// at exactly the won positions where its conditions hold.
func TestMethodCounterexample(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	src := `
query GANA
method WRONG easy
  pre H1: GANA
  action H2: TABLAS
  relation H1 -> H2
`
	b, diags := kb.Load(predicates.Library(), "wrong.al3", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	cases := BaseCases(tab, Options{Sample: 30, Seed: 2})
	rep, err := Base(context.Background(), tb, b, nil, Truth{"TABLAS": false}, tablebase.MustEndgame("kpk"), cases, Options{Examples: 100})
	require.NoError(t, err)
	wins := 0
	for _, c := range cases {
		if c.Truth {
			wins++
		}
	}
	require.Positive(t, wins)
	m := rep.Methods[0]
	require.Equal(t, 30, m.Applies)
	require.Equal(t, wins, m.Violated)
	require.Equal(t, 30-wins, m.Holds)
	require.Len(t, m.Counterexamples, wins)
}

func TestParseTruth(t *testing.T) {
	b := load(t, "kpk.al3")
	tr, err := ParseTruth(b, []string{"GANA=win", "TABLAS = draw"})
	require.NoError(t, err)
	require.Equal(t, Truth{"GANA": true, "TABLAS": false}, tr)
	for _, bad := range []string{"GANA", "GANA=lose", "suc(NOPLAN)=win"} {
		_, err := ParseTruth(b, []string{bad})
		require.Error(t, err, bad)
	}
	// A query the oracle cannot know needs a truth.
	q, err := b.ParseTerm("suc(P_BLANCO_NT)")
	require.NoError(t, err)
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	_, err = Base(context.Background(), tb, b, &q, nil, tablebase.MustEndgame("kpk"), BaseCases(tab, Options{Sample: 2}), Options{})
	require.ErrorContains(t, err, "--truth")
}

// TestCompareTables: the thesis's table against Bratko's on a sample;
// every difference has a proof on one side and a failure on the other.
func TestCompareTables(t *testing.T) {
	_, tab := oracle(t, tablebase.MustEndgame("krk"))
	a, b := load(t, "krk.al1"), load(t, "bratko.al1")
	o := Options{Sample: 60, Seed: 11, Examples: 3}
	starts := TableStarts(tab, game.White, o)
	c, err := CompareTables(context.Background(), a.Tables[0], b.Tables[0], tablebase.MustEndgame("krk"), starts, o)
	require.NoError(t, err)
	require.Equal(t, c.OnlyA+c.OnlyB, c.Differ)
	require.Equal(t, c.A.Proved-c.B.Proved, c.OnlyA-c.OnlyB)
	require.LessOrEqual(t, len(c.Diffs), 3)
	require.Equal(t, min(3, c.Differ), len(c.Diffs))
	for _, d := range c.Diffs {
		require.NotEqual(t, d.A.Proved, d.B.Proved)
		for _, v := range []Verdict{d.A, d.B} {
			if !v.Proved {
				require.NotEmpty(t, v.Reason)
			}
		}
	}
}

// TestCompareBases: a base compared with itself does not differ; with a
// base that answers yes everywhere it differs where the first is not
// judged as that one is (right, wrong, undetermined); two bases whose
// queries are opposite (GANA yes everywhere, TABLAS no everywhere) answer
// differently everywhere and are right at the same positions: they do
// not differ.
func TestCompareBases(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	eg := tablebase.MustEndgame("kpk")
	a := load(t, "kpk.al3")
	yes, diags := kb.Load(predicates.Library(), "yes.al3", []byte("query GANA\nlemma T = ~rook_pawn | rook_pawn\nmethod Y easy\n  pre H1: GANA\n  action H2: T\n  relation H2 -> H1\n"))
	require.False(t, diags.HasErrors(), "%v", diags)
	no, diags := kb.Load(predicates.Library(), "no.al3", []byte("query TABLAS\nlemma T = ~rook_pawn | rook_pawn\nmethod N easy\n  pre H1: TABLAS\n  action H2: T\n  relation H2 -> ~H1\n"))
	require.False(t, diags.HasErrors(), "%v", diags)
	o := Options{Sample: 30, Seed: 4, Examples: 2}
	cases := BaseCases(tab, o)
	c, err := CompareBases(context.Background(), tb, a, a, nil, eg, cases, o)
	require.NoError(t, err)
	require.Zero(t, c.Differ)
	c, err = CompareBases(context.Background(), tb, a, yes, nil, eg, cases, o)
	require.NoError(t, err)
	want := 0
	for i, x := range c.A.Answers {
		if judge(x.Value, cases[i].Truth) != judge(cycle.Yes, cases[i].Truth) {
			want++
		}
	}
	require.Positive(t, want)
	require.Equal(t, want, c.Differ)
	require.Equal(t, c.B.Right, c.B.White.Right+c.B.Black.Right)
	for _, d := range c.Diffs {
		require.Equal(t, "yes", d.B.Answer)
		require.NotEmpty(t, d.A.Reason)
		require.Equal(t, *d.WhiteWins, d.B.Judgement == Right)
	}
	c, err = CompareBases(context.Background(), tb, yes, no, Truth{"TABLAS": false}, eg, cases, o)
	require.NoError(t, err)
	require.Zero(t, c.Differ)
	require.Equal(t, c.A.Right, c.B.Right)
	require.Positive(t, c.A.Right)
	require.Positive(t, c.A.Wrong)
	for i := range cases {
		require.NotEqual(t, c.A.Answers[i].Value, c.B.Answers[i].Value)
	}
}

// TestProvedStartsMateInPlay: a start the verifier proves is mated by the
// table in an actual game against the tablebase's defender (al play), in
// no more moves than the worst case; the game's line is one of those the
// verifier explored.
func TestProvedStartsMateInPlay(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("krk"))
	table := load(t, "bratko.al1").Tables[0]
	o := Options{Sample: 25, Seed: 13}
	starts := TableStarts(tab, table.Side, o)
	rep, err := Table(context.Background(), table, tablebase.MustEndgame("krk"), starts, o)
	require.NoError(t, err)
	require.Positive(t, rep.Proved)
	for i, r := range rep.Results {
		if !r.Proved {
			continue
		}
		g, err := chessplay.Play(context.Background(), table, chessplay.Optimal{TB: tb}, starts[i].Pos, chessplay.Options{MaxMoves: 1000})
		require.NoError(t, err)
		require.Equal(t, "mate", g.Outcome, starts[i].Pos.FEN())
		require.LessOrEqual(t, len(g.Moves), int(r.Plies), starts[i].Pos.FEN())
		require.LessOrEqual(t, (len(g.Moves)+1)/2, int(r.Moves), starts[i].Pos.FEN())
	}
}

// TestProgress: each stage reports its progress, ending with all done.
func TestProgress(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	b := load(t, "kpk.al3")
	last := map[string][2]int{}
	o := Options{Sample: 300, Seed: 1, Workers: 2}
	o.Progress = func(stage string, done, total int) { last[stage] = [2]int{done, total} }
	_, err := Base(context.Background(), tb, b, nil, nil, tablebase.MustEndgame("kpk"), BaseCases(tab, o), o)
	require.NoError(t, err)
	require.Equal(t, map[string][2]int{"query": {300, 300}, "methods": {300, 300}}, last)
}

// denseSample is Sample as it was first written, with the whole
// permutation in memory: the sparse one must draw exactly the same.
func denseSample(n, k int, seed uint64) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if k <= 0 || k >= n {
		return idx
	}
	r := randv2.New(randv2.NewPCG(seed, 0))
	for i := range k {
		j := i + r.IntN(n-i)
		idx[i], idx[j] = idx[j], idx[i]
	}
	idx = idx[:k]
	sort.Ints(idx)
	return idx
}

func TestSampleSparse(t *testing.T) {
	for n := range 40 {
		for k := -1; k <= n+1; k++ {
			for seed := range uint64(3) {
				require.Equal(t, denseSample(n, k, seed), Sample(n, k, seed), "n=%d k=%d seed=%d", n, k, seed)
			}
		}
	}
	require.Equal(t, denseSample(2_500_000, 50, 7), Sample(2_500_000, 50, 7))
}

// TestSampleStartsBounded: a sample of the starts is Pick's sample of
// all of them, drawn without holding them all (issue 22: a sample of 50
// KBBK starts built all 2.5 million first).
func TestSampleStartsBounded(t *testing.T) {
	_, tab := oracle(t, tablebase.MustEndgame("krk"))
	all := TableStarts(tab, game.White, Options{})
	got, n := SampleTableStarts(tab, game.White, 25, 9)
	require.Equal(t, len(all), n)
	require.Equal(t, Pick(all, 25, 9), got)
	allCases := BaseCases(tab, Options{})
	cases, m := SampleBaseCases(tab, 25, 9)
	require.Equal(t, len(allCases), m)
	require.Equal(t, Pick(allCases, 25, 9), cases)
	allocs := testing.AllocsPerRun(1, func() { SampleTableStarts(tab, game.White, 25, 9) })
	require.Less(t, allocs, 100.0, "a sample of 25 starts allocates per start of the endgame")
}

// TestAL0KRKStalemates: the book's AL0 table as its program runs it
// (al0-krk.al1, option al0) stalemates from these starts through
// keeproom, whose better goal holds in a stalemate; bratko.al1, the
// corrected table, mates from each.
func TestAL0KRKStalemates(t *testing.T) {
	var starts []verify.Start[chess.Position]
	for _, fen := range []string{
		"8/8/8/8/8/8/1R6/k1K5 w - - 0 1",
		"8/8/8/8/8/8/6R1/4K2k w - - 0 1",
		"8/8/8/8/8/8/1R1K4/k7 w - - 0 1",
	} {
		p, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		starts = append(starts, verify.Start[chess.Position]{Pos: p})
	}
	al0 := load(t, "al0-krk.al1").Tables[0]
	require.True(t, al0.AL0)
	rep, err := Table(context.Background(), al0, tablebase.MustEndgame("krk"), starts, Options{Examples: 5})
	require.NoError(t, err)
	require.Equal(t, len(starts), rep.Failed)
	for _, f := range rep.Failures {
		require.Equal(t, "stalemate", f.Reason, f.FEN)
		require.Len(t, f.Line, 1, f.FEN)
	}
	rep, err = Table(context.Background(), load(t, "bratko.al1").Tables[0], tablebase.MustEndgame("krk"), starts, Options{})
	require.NoError(t, err)
	require.Equal(t, len(starts), rep.Proved)
}

// TestTableSameForWorkersAndMemo: a table's report is the same bytes for
// 1, 2 and 3 workers, with the memo of explored positions at its default
// and smaller than the nodes explored, so that it evicts (--max-memo), with and without
// the fifty-move rule (bratko.al1's with AL_SLOW=1): a table that
// proves every start (the worst line) and one that fails most (the
// examples and the tally by reason). Small chunks make the workers take
// and steal many runs.
func TestTableSameForWorkersAndMemo(t *testing.T) {
	eg := tablebase.MustEndgame("krk")
	_, tab := oracle(t, eg)
	for _, c := range []struct {
		file string
		memo int // slots: fewer than the nodes explored
	}{{"bratko.al1", 8192}, {"krk.al1", 512}} {
		file := c.file
		table := load(t, file).Tables[0]
		starts := TableStarts(tab, table.Side, Options{Sample: 150, Seed: 11})
		for _, fifty := range []bool{false, true} {
			if fifty && file == "bratko.al1" && !testenv.Slow() {
				continue
			}
			var first string
			var nodes int64
			for _, memo := range []int{0, c.memo} {
				for _, w := range []int{1, 2, 3} {
					o := Options{Workers: w, MaxMemo: memo, FiftyMove: fifty, Chunk: 40, Examples: 4}
					rep, err := Table(context.Background(), table, eg, starts, o)
					require.NoError(t, err)
					js := jsonOf(t, rep)
					if first == "" {
						first, nodes = js, rep.Stats.Nodes
					}
					require.Equal(t, first, js, "%s, fifty-move %v, memo %d, workers %d", file, fifty, memo, w)
					if memo > 0 && w == 1 {
						// The tiny memo forgot results and explored again.
						require.Greater(t, rep.Stats.Nodes, nodes, "%s: no eviction", file)
					}
				}
			}
		}
	}
}

// TestCountIsTheWalks: the number of starts and positions read from the
// table's counts is the number the walk over the legal positions finds,
// and a slice of a sample's starts, whose walk stops at its last start, is
// the same slice of every start drawn.
func TestCountIsTheWalks(t *testing.T) {
	for _, name := range []string{"krk", "kpk"} {
		_, tab := oracle(t, tablebase.MustEndgame(name))
		for _, f := range []filter{winsOf(game.White), winsOf(game.Black), anyPosition} {
			require.Equal(t, countWalk(tab, f), count(tab, f), "%s %d", name, f.id)
		}
		for _, n := range []int{0, 300} {
			var all []verify.Start[chess.Position]
			keep, _ := sampled(tab, winsOf(game.White), n, 7)
			for p, v := range tab.Select(keep) {
				all = append(all, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
			}
			require.Equal(t, all, SampleTableStartsIn(tab, game.White, n, 7, 0, math.MaxInt), "%s %d", name, n)
			require.Equal(t, all[100:250], SampleTableStartsIn(tab, game.White, n, 7, 100, 250), "%s %d", name, n)
			require.Equal(t, all[len(all)-5:], SampleTableStartsIn(tab, game.White, n, 7, len(all)-5, len(all)+10), "%s %d", name, n)
		}
	}
}

// TestStartsWalkIsTheSlices: a walk's consecutive slices are
// SampleTableStartsIn's, of every start or a sample's, up to and past the
// last start; a slice that does not follow on, or asked after Close, is
// too.
func TestStartsWalkIsTheSlices(t *testing.T) {
	_, tab := oracle(t, tablebase.MustEndgame("krk"))
	for _, n := range []int{0, 300} {
		items, _ := CountTableStarts(tab, game.White, n)
		w := NewStartsWalk(tab, game.White, n, 7)
		cuts := []int{0, 1, 1, 100, items / 3, items - 2, items, items + 10}
		for i := 1; i < len(cuts); i++ {
			lo, hi := cuts[i-1], cuts[i]
			require.Equal(t, SampleTableStartsIn(tab, game.White, n, 7, lo, hi), w.Next(lo, hi), "n %d: %d..%d", n, lo, hi)
		}
		require.Equal(t, SampleTableStartsIn(tab, game.White, n, 7, 50, 60), w.Next(50, 60), "n %d: again", n)
		w.Close()
		require.Equal(t, SampleTableStartsIn(tab, game.White, n, 7, 5, 9), w.Next(5, 9), "n %d: closed", n)
	}
	w := NewStartsWalk(tab, game.White, 0, 1)
	require.Len(t, w.Next(0, 10), 10)
	w.Close() // stops the walk inside the table
	// Every start, each slice built in the memory of the one before it.
	items, _ := CountTableStarts(tab, game.White, 0)
	w = NewStartsWalk(tab, game.White, 0, 1)
	cuts := []int{0, 70000, 140000, items}
	var prev []verify.Start[chess.Position]
	for i := 1; i < len(cuts); i++ {
		w.Reuse(prev)
		got := w.Next(cuts[i-1], cuts[i])
		if i > 1 && cuts[i]-cuts[i-1] <= cap(prev) {
			require.Same(t, &prev[:1][0], &got[0], "slice %d built in the last one's memory", i)
		}
		require.Equal(t, SampleTableStartsIn(tab, game.White, 0, 1, cuts[i-1], cuts[i]), got, "%d..%d", cuts[i-1], cuts[i])
		prev = got
	}
	w.Close()
}

// countWalk is count by walking the legal positions: the reference
// TestCountIsTheWalks checks count against.
func countWalk(t *tablebase.Table, f filter) int {
	n := 0
	for stm, v := range t.Values() {
		if f.keep(stm, v) {
			n++
		}
	}
	return n
}

// TestRuleStarts: the starts of each rule of krk-proved.al1 (al verify
// --rule) are those where it is the first rule that applies: they part the
// won starts (every start in exactly one), and in each the rule applies
// and no earlier one does.
func TestRuleStarts(t *testing.T) {
	_, tab := oracle(t, tablebase.MustEndgame("krk"))
	table, ok := load(t, "krk-proved.al1").Table("KRK_PROVED")
	require.True(t, ok)
	all, total := SampleTableStarts(tab, table.Side, 0, 0)
	seen := map[string]int{}
	sum := 0
	for r := range table.Rules {
		starts := RuleStarts(tab, table, r)
		require.NotEmpty(t, starts, "rule %d", r+1)
		sum += len(starts)
		for _, s := range starts {
			require.Equal(t, r, FirstRule(table, &s.Pos), s.Pos.FEN())
			seen[s.Pos.FEN()]++
		}
	}
	require.Equal(t, total, sum)
	require.Len(t, seen, len(all))
	require.Empty(t, RuleStarts(tab, table, len(table.Rules)))
}

// TestBuildStartsIsTheWalk: the starts built in parts at once (every
// start, or a slice of them) are those of the walk of the table on one
// core, in its order, for any number of parts (GOMAXPROCS 1, 2 and 3, the
// starts by White's king's squares counted in as many parts), and the
// count by White's king's squares sums to the count.
func TestBuildStartsIsTheWalk(t *testing.T) {
	for _, name := range []string{"krk", "kqk"} {
		_, tab := oracle(t, tablebase.MustEndgame(name))
		f := winsOf(game.White)
		var all []verify.Start[chess.Position]
		for p, v := range tab.Select(f.keep) {
			all = append(all, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
		}
		require.Equal(t, len(all), kingStarts(tab, game.White)[64], name)
		require.Equal(t, count(tab, f), len(all), name)
		n := len(all)
		cuts := [][2]int{{0, n}, {0, 1}, {1, 2}, {0, 9000}, {n / 3, n/3 + 8193}, {n / 2, n}, {n - 5, n}, {n - 5, n + 10}, {n, n + 1}, {-3, 4}}
		for _, procs := range []int{1, 2, 3} {
			old := runtime.GOMAXPROCS(procs)
			kingCounts.Clear() // counted again, in as many parts
			require.Equal(t, len(all), kingStarts(tab, game.White)[64], "%s, GOMAXPROCS %d", name, procs)
			for _, c := range cuts {
				lo, hi := max(c[0], 0), min(c[1], n)
				want := all[min(lo, hi):hi]
				got := SampleTableStartsIn(tab, game.White, 0, 1, c[0], c[1])
				if len(want) == 0 {
					require.Empty(t, got, "%s %v", name, c)
					continue
				}
				require.Equal(t, want, got, "%s %v, GOMAXPROCS %d", name, c, procs)
			}
			runtime.GOMAXPROCS(old)
		}
		// A table's side with no starts (Black wins nothing here).
		require.Empty(t, SampleTableStartsIn(tab, game.Black, 0, 1, 0, 10), name)
	}
}

// TestBuildStartsTwoSided: in an endgame both sides win (KQKR), slices of
// either side's starts built in parts are the walk's (Black's starts come
// after every position with White to move in the walk).
func TestBuildStartsTwoSided(t *testing.T) {
	fourMen(t)
	_, tab := oracle(t, tablebase.MustEndgame("kqkr"))
	for _, side := range []game.Side{game.White, game.Black} {
		f := winsOf(side)
		n := count(tab, f)
		require.Equal(t, n, kingStarts(tab, side)[64], "%v", side)
		for _, c := range [][2]int{{0, 9000}, {n / 3, n/3 + 9001}, {n - 8200, n}} {
			var want []verify.Start[chess.Position]
			for p, v := range tab.Select(within(f.keep, c[0], c[1])) {
				want = append(want, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
				if len(want) == c[1]-c[0] {
					break
				}
			}
			require.Equal(t, want, SampleTableStartsIn(tab, side, 0, 1, c[0], c[1]), "%v %v", side, c)
		}
	}
}

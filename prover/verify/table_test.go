package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

func nimStarts(from, to int, skipMult3 bool) []Start[nim] {
	var out []Start[nim]
	for h := from; h <= to; h++ {
		if skipMult3 && h%3 == 0 {
			continue
		}
		out = append(out, Start[nim]{Pos: nim{heap: h}, Optimal: 1 + h/3})
	}
	return out
}

// nimOptimal takes heap mod 3 stones: the winning strategy.
var nimOptimal = fnStrategy[nim, int]{side: game.White, move: func(p *nim) (int, bool) {
	return p.heap % 3, p.heap%3 != 0
}}

func TestNimOptimalStrategyIsProved(t *testing.T) {
	g := nimGame{}
	rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
		Starts: nimStarts(1, 30, true)})
	require.NoError(t, err)
	require.Equal(t, 20, rep.Positions)
	require.Equal(t, 20, rep.Proved)
	require.Zero(t, rep.Failed)
	require.Empty(t, rep.Failures)
	// Heap 3k+r: White takes r, then completes each of Black's moves to
	// three: 1+k moves of White, 2k+1 plies, whatever Black does.
	for i, r := range rep.Results {
		heap := nimStarts(1, 30, true)[i].Pos.heap
		require.True(t, r.Proved)
		require.EqualValues(t, 1+heap/3, r.Moves, "heap %d", heap)
		require.EqualValues(t, 2*(heap/3)+1, r.Plies, "heap %d", heap)
	}
	require.Equal(t, 10, rep.Worst) // heap 29
	require.Equal(t, 10, rep.OptimalWorst)
	require.InDelta(t, rep.OptimalMean, rep.Mean, 1e-12)
	// (1+2+...): heaps 1,2 -> 1; 4,5 -> 2; ... 28,29 -> 10: mean 5.5.
	require.InDelta(t, 5.5, rep.Mean, 1e-12)
}

func TestNimFailures(t *testing.T) {
	g := nimGame{}
	takeOne := fnStrategy[nim, int]{side: game.White, move: func(p *nim) (int, bool) { return 1, true }}
	rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, takeOne),
		Starts: nimStarts(1, 4, false), Pos: func(p *nim) string { return fmt.Sprintf("heap %d", p.heap) }})
	require.NoError(t, err)
	// Heap 1: White takes the last stone. Heap 2: 1, 1 and White has lost.
	// Heap 3: 1, then Black's first reply (1) loses, its second (2) wins.
	// Heap 4: 1, 1, 1, 1 would win, but Black takes 2.
	require.Equal(t, 1, rep.Proved)
	require.Equal(t, 3, rep.Failed)
	require.Equal(t, []Failure{
		{Index: 1, FEN: "heap 2", Reason: "lost: no legal move", Line: []string{"1", "1"}},
		{Index: 2, FEN: "heap 3", Reason: "lost: no legal move", Line: []string{"1", "2"}},
		{Index: 3, FEN: "heap 4", Reason: "lost: no legal move", Line: []string{"1", "1", "1", "1"}},
	}, rep.Failures)
	require.Equal(t, 1, rep.Worst)

	// A strategy without a move is stuck; the examples are bounded.
	rep, err = Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
		Starts: nimStarts(1, 12, false), TableOptions: TableOptions{Options: Options{Examples: 2}}})
	require.NoError(t, err)
	require.Equal(t, 8, rep.Proved)
	require.Equal(t, 4, rep.Failed)
	require.Len(t, rep.Failures, 2)
	require.Equal(t, "3", rep.Failures[0].FEN[1:2])
	require.Equal(t, "stuck: no move", rep.Failures[0].Reason)
	require.Equal(t, []string{}, rep.Failures[0].Line)
	rep, err = Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
		Starts: nimStarts(1, 12, false), TableOptions: TableOptions{Options: Options{Examples: -1}}})
	require.NoError(t, err)
	require.Empty(t, rep.Failures)
}

// explicit builds a graph from lines "node side kids..." (side w or b).
func explicit(spec string, end map[int]game.Outcome) *graph {
	lines := strings.Split(strings.TrimSpace(spec), "\n")
	g := &graph{side: make([]game.Side, len(lines)), kids: make([][]int, len(lines)), end: end}
	for _, l := range lines {
		var n int
		var side string
		f := strings.Fields(l)
		fmt.Sscan(f[0], &n)
		side = f[1]
		if side == "b" {
			g.side[n] = game.Black
		}
		for _, k := range f[2:] {
			var j int
			fmt.Sscan(k, &j)
			g.kids[n] = append(g.kids[n], j)
		}
	}
	return g
}

func TestGraphOutcomes(t *testing.T) {
	// 0 (W) -> 1 (B) -> {2 (W, mated: no move, so White lost), 3 (W)}.
	// 3 -> 4 (B) -> {5 (B no move: mate, a win), 6 (W)}; 6 -> 7 (B) -> 5.
	// 8 (W) -> 9 (B) -> 8: a cycle. 10 (W) -> 11 (B, stalemate).
	// 12 (W) -> 13 (B, draw). 14 (W, stuck: no choice) -> 5.
	spec := `
0 w 1
1 b 3 4
2 w
3 w 4
4 b 5 6
5 b
6 w 7
7 b 5
8 w 9
9 b 8
10 w 11
11 b
12 w 13
13 b 5
14 w 5`
	g := explicit(spec, map[int]game.Outcome{11: game.Stalemate, 13: game.Draw})
	choice := map[int]int{0: 0, 3: 0, 6: 0, 8: 0, 10: 0, 12: 0}
	var starts []Start[int]
	for _, s := range []int{0, 3, 4, 6, 8, 10, 12, 14, 9} {
		starts = append(starts, Start[int]{Pos: s, Optimal: 1})
	}
	rep, err := Table(context.Background(), TableConfig[int, int]{Game: g, NewPlayer: graphPlayer(g, choice), Starts: starts,
		TableOptions: TableOptions{Options: Options{Examples: 10}}})
	require.NoError(t, err)
	// From 0: Black's longest defence 1-3-4-6-7-5: White moves 0->1, 3->4,
	// 6->7: 3 moves, 6 plies... 1 -> 4 directly is shorter.
	res := func(i int) StartResult { return rep.Results[i] }
	require.Equal(t, StartResult{Proved: true, Moves: 3, Plies: 6, Optimal: 1}, res(0))
	require.Equal(t, StartResult{Proved: true, Moves: 2, Plies: 4, Optimal: 1}, res(1)) // 3
	require.Equal(t, StartResult{Proved: true, Moves: 1, Plies: 3, Optimal: 1}, res(2)) // 4 (Black to move)
	require.Equal(t, StartResult{Proved: true, Moves: 1, Plies: 2, Optimal: 1}, res(3)) // 6
	require.Equal(t, 4, rep.Proved)
	require.Equal(t, 3, rep.Worst)
	require.Equal(t, 1, rep.OptimalWorst)
	require.InDelta(t, (3+2+1+1)/4.0, rep.Mean, 1e-12)
	reasons := map[string][]string{}
	for _, f := range rep.Failures {
		reasons[f.FEN] = append([]string{f.Reason}, f.Line...)
	}
	require.Equal(t, map[string][]string{
		"8":  {"cycle: the defence can repeat a position forever", "9", "8"},
		"10": {"stalemate", "11"},
		"12": {"draw: the game ends without a win", "13"},
		"14": {"stuck: no move"},
		"9":  {"cycle: the defence can repeat a position forever", "8", "9"},
	}, reasons)
}

func TestMaxPlies(t *testing.T) {
	g := nimGame{}
	starts := nimStarts(1, 30, true)
	rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
		Starts: starts, TableOptions: TableOptions{MaxPlies: 9}})
	require.NoError(t, err)
	// 2k+1 <= 9 plies: k <= 4, heaps below 15.
	require.Equal(t, 10, rep.Proved)
	require.Equal(t, 10, rep.Failed)
	require.Equal(t, 5, rep.Worst)
	require.Contains(t, rep.Failures[0].Reason, "limit")
	require.Len(t, rep.Failures[0].Line, 10)
	// The same with shared memo and without, on any number of workers.
	for _, w := range []int{1, 2, 4} {
		for _, ns := range []bool{false, true} {
			r2, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
				Starts: starts, TableOptions: TableOptions{MaxPlies: 9, NoShare: ns, Options: Options{Workers: w}}})
			require.NoError(t, err)
			r2.Stats = rep.Stats
			require.Equal(t, rep, r2)
		}
	}
}

// TestRandomGraphsAgreeWithBruteForce checks the memoised exploration,
// shared across starts or not, against a brute force over paths on random
// graphs with cycles and failing terminals.
func TestRandomGraphsAgreeWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := range 300 {
		g, choice := randomGraph(r, 4+r.IntN(14))
		var starts []Start[int]
		for i := range g.side {
			starts = append(starts, Start[int]{Pos: i})
		}
		var reps []TableReport
		for _, w := range []int{1, 3} {
			for _, ns := range []bool{false, true} {
				// A tiny memo (one bucket of four) replaces entries all the time.
				memo := 0
				if w == 3 && !ns {
					memo = 3
				}
				rep, err := Table(context.Background(), TableConfig[int, int]{Game: g, NewPlayer: graphPlayer(g, choice),
					Starts: starts, TableOptions: TableOptions{NoShare: ns, MaxMemo: memo, Options: Options{Workers: w, Examples: 100}}})
				require.NoError(t, err)
				rep.Stats = TableStats{}
				reps = append(reps, rep)
			}
		}
		for _, rep := range reps[1:] {
			require.Equal(t, reps[0], rep, "iteration %d", iter)
		}
		for i, s := range starts {
			ok, m, p := naive(g, choice, s.Pos, map[int]bool{})
			want := StartResult{Proved: ok}
			if ok {
				want.Moves, want.Plies = m, p
			}
			require.Equal(t, want, reps[0].Results[i], "iteration %d start %d: %v %v", iter, i, g.kids, choice)
		}
	}
}

// TestChaseOracleStrategy: the strategy playing the oracle's best move is
// proved everywhere, with its worst case the oracle's distance.
func TestChaseOracleStrategy(t *testing.T) {
	c := chaseGame{n: 5}
	dist := chaseOracle(c)
	starts := chaseStarts(c, dist)
	require.NotEmpty(t, starts)
	rep, err := Table(context.Background(), TableConfig[chase, int8]{Game: c,
		NewPlayer: player[chase, int8](c, chaseBest(c, dist)), Starts: starts})
	require.NoError(t, err)
	require.Equal(t, len(starts), rep.Proved)
	for i, r := range rep.Results {
		require.Equal(t, r.Optimal, r.Moves, "start %d", i)
	}
	require.Equal(t, rep.OptimalWorst, rep.Worst)
	require.InDelta(t, rep.OptimalMean, rep.Mean, 1e-12)
	// The worst line: from the first start with the worst case, Worst moves
	// of the chaser (the defence's in between, one fewer or as many).
	for i, r := range rep.Results {
		if int(r.Moves) == rep.Worst {
			require.Equal(t, fmt.Sprint(starts[i].Pos), rep.WorstFEN)
			break
		}
	}
	require.GreaterOrEqual(t, len(rep.WorstLine), 2*rep.Worst-1)
	require.LessOrEqual(t, len(rep.WorstLine), 2*rep.Worst)
}

// TestChaseGreedyDeterministic: the greedy walkers (one is optimal on a
// 6x6 board, the other moving straight fails from many starts) get the
// same report on 1, 2 and 4 workers, with and without sharing
// the memo table, and never beats the oracle.
func TestChaseGreedyDeterministic(t *testing.T) {
	c := chaseGame{n: 6}
	dist := chaseOracle(c)
	starts := chaseStarts(c, dist)
	for _, straight := range []bool{false, true} {
		first := chaseDeterministic(t, c, starts, straight)
		require.Positive(t, first.Proved)
		for _, r := range first.Results {
			if r.Proved {
				require.GreaterOrEqual(t, r.Moves, r.Optimal)
			}
		}
		if straight {
			require.Positive(t, first.Failed)
			require.Len(t, first.Failures, DefaultExamples)
		} else {
			require.Zero(t, first.Failed)
			require.Equal(t, first.OptimalWorst, first.Worst)
		}
		t.Logf("greedy (straight %v) on 6x6: %d proved, %d failed, worst %d (optimal %d), mean %.2f (optimal %.2f), e.g. %v",
			straight, first.Proved, first.Failed, first.Worst, first.OptimalWorst, first.Mean, first.OptimalMean, first.Failures[:min(2, len(first.Failures))])
	}
}

func chaseDeterministic(t *testing.T, c chaseGame, starts []Start[chase], straight bool) TableReport {
	var first TableReport
	for k, w := range []int{1, 2, 4} {
		for _, ns := range []bool{false, true} {
			var calls, last int
			rep, err := Table(context.Background(), TableConfig[chase, int8]{Game: c,
				NewPlayer: player[chase, int8](c, chaseGreedy(c, straight)), Starts: starts, Pos: c.String,
				TableOptions: TableOptions{NoShare: ns, Options: Options{Workers: w, Progress: func(done, total int) {
					require.GreaterOrEqual(t, done, last)
					require.Equal(t, len(starts), total)
					calls, last = calls+1, done
				}}}})
			require.NoError(t, err)
			require.Positive(t, calls)
			require.Equal(t, len(starts), last)
			rep.Stats = TableStats{}
			if k == 0 && !ns {
				first = rep
				continue
			}
			require.Equal(t, first, rep, "workers %d noshare %v", w, ns)
		}
	}
	return first
}

func TestTableErrorsAndCancel(t *testing.T) {
	g := nimGame{}
	_, err := Table(context.Background(), TableConfig[nim, int]{Game: g})
	require.Error(t, err)
	_, err = Table(context.Background(), TableConfig[nim, int]{Game: g, Starts: nimStarts(1, 3, false),
		NewPlayer: func() (Player[nim, int], error) { return Player[nim, int]{}, fmt.Errorf("boom") }})
	require.ErrorContains(t, err, "boom")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Table(ctx, TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal), Starts: nimStarts(1, 300, true)})
	require.ErrorIs(t, err, context.Canceled)
	rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal)})
	require.NoError(t, err)
	require.Zero(t, rep.Positions)
	require.NotNil(t, rep.Failures)
}

func TestTableJSON(t *testing.T) {
	g := nimGame{}
	takeOne := fnStrategy[nim, int]{side: game.White, move: func(p *nim) (int, bool) { return 1, true }}
	rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, takeOne),
		Starts: nimStarts(1, 2, false), Pos: func(p *nim) string { return fmt.Sprintf("heap %d", p.heap) },
		Line: func(_ *nim, ms []int) []string {
			var out []string
			for _, m := range ms {
				out = append(out, fmt.Sprintf("-%d", m))
			}
			return out
		}})
	require.NoError(t, err)
	js, err := json.Marshal(rep)
	require.NoError(t, err)
	require.Equal(t, `{"positions":2,"proved":1,"failed":1,"worst":1,"mean":1,"optimal_worst":1,"optimal_mean":1,`+
		`"worst_fen":"heap 1","worst_line":["-1"],"reasons":[{"reason":"lost","starts":1}],"failures":[{"fen":"heap 2","reason":"lost: no legal move","line":["-1","-1"]}]}`, string(js))
}

// TestReasonsReplay: the tally of failed starts by reason read from the
// first pass's paths (replay) is the one found by exploring every failed
// start again with the chunk's memo, reason by reason (the group is the
// whole reason), on random graphs with cycles, failing terminals and
// stuck strategies, with small chunks (their memo then holds the failures
// of earlier starts), a ply limit, several workers and a tiny shared memo.
func TestReasonsReplay(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	whole := func(reason string) string { return reason }
	replayed := 0
	for iter := range 400 {
		g, choice := randomGraph(r, 4+r.IntN(40))
		for i := range g.kids {
			// More cycles: an edge back to any node from a third of the
			// defence's nodes.
			if g.side[i] == game.Black && len(g.kids[i]) > 0 && r.IntN(3) == 0 {
				g.kids[i] = append(g.kids[i], r.IntN(len(g.kids)))
			}
		}
		var starts []Start[int]
		for i := range g.side {
			starts = append(starts, Start[int]{Pos: i})
		}
		plies := []int{0, 3 + r.IntN(6)}[r.IntN(2)]
		chunk := 1 + r.IntN(12)
		var reps []TableReport
		for _, c := range []struct {
			noReplay bool
			workers  int
			memo     int
		}{{true, 1, 0}, {false, 1, 0}, {false, 3, 0}, {false, 2, 3}} {
			rep, err := Table(context.Background(), TableConfig[int, int]{Game: g, NewPlayer: graphPlayer(g, choice),
				Starts: starts, Group: whole, TableOptions: TableOptions{noReplay: c.noReplay, MaxMemo: c.memo, MaxPlies: plies,
					Options: Options{Workers: c.workers, Chunk: chunk, Examples: 100}}})
			require.NoError(t, err)
			rep.Stats = TableStats{}
			reps = append(reps, rep)
		}
		for _, rc := range reps[0].Reasons {
			require.NotEqual(t, "reaches a failing position", rc.Reason)
		}
		for _, rep := range reps[1:] {
			require.Equal(t, reps[0], rep, "iteration %d", iter)
		}
		replayed += reps[0].Failed
	}
	require.Greater(t, replayed, 1000)
}

// onceFailing is nim's optimal strategy that fails the first time it is
// asked at heap 7 (with outcome and reason): a strategy whose move depends
// on what happened before, as a search out of its node budget with one
// memo and not with another, not on the position alone.
type onceFailing struct {
	outcome game.Outcome
	reason  string
	asked   map[int]int
}

func (s *onceFailing) Side() game.Side { return game.White }
func (s *onceFailing) Move(ctx context.Context, p *nim, st prover.State[nim, int]) (prover.Decision[nim, int], error) {
	s.asked[p.heap]++
	if p.heap == 7 && s.asked[p.heap] == 1 {
		return prover.Decision[nim, int]{Outcome: s.outcome, Rule: -1, Advice: 0, Reason: s.reason, Next: prover.NoAdvice[nim, int]()}, nil
	}
	return nimOptimal.Move(ctx, p, st)
}

func TestNotAFunctionIsAnError(t *testing.T) {
	g := nimGame{}
	for _, s := range []*onceFailing{
		{outcome: game.Undetermined, reason: "advice TAKE: search stopped (node budget)"},
		{outcome: game.Stuck, reason: "no rule applies"},
	} {
		s.asked = map[int]int{}
		_, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, s),
			Starts: nimStarts(7, 7, false), TableOptions: TableOptions{Options: Options{Workers: 1}}})
		var nf *NotAFunctionError
		require.ErrorAs(t, err, &nf, s.reason)
		require.Equal(t, 0, nf.Start)
		budget := s.outcome == game.Undetermined
		require.Equal(t, budget, nf.Budget())
		require.Contains(t, err.Error(), "start 0 failed once ("+s.outcome.String()+": "+s.reason+") and was proved when explored again")
		require.Contains(t, err.Error(), "not a function of (position, state key)")
		require.Equal(t, budget, strings.Contains(err.Error(), "ran out of its node budget with one memo and not with another"))
	}
}

// TestStopAtBudget: with TableOptions.StopAtBudget a decision undetermined
// for its search's node budget stops the run with ErrBudget (the caller
// verifies again with exact budgets); any other failure does not.
func TestStopAtBudget(t *testing.T) {
	g := nimGame{}
	for _, s := range []*onceFailing{
		{outcome: game.Undetermined, reason: "advice TAKE: search stopped (node budget)"},
		{outcome: game.Undetermined, reason: "advice TAKE: search stopped (ply limit)"},
		{outcome: game.Stuck, reason: "no rule applies"},
	} {
		s.asked = map[int]int{}
		_, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, s),
			Starts: nimStarts(7, 7, false), TableOptions: TableOptions{Options: Options{Workers: 1}, StopAtBudget: true}})
		budget := strings.Contains(s.reason, "node budget")
		require.Equal(t, budget, errors.Is(err, ErrBudget), s.reason)
		var nf *NotAFunctionError
		require.Equal(t, !budget, errors.As(err, &nf), s.reason)
	}
}

package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// nimCases: every heap up to n, both sides to move, with the truth of
// "White wins".
func nimCases(n int) []Case[nim] {
	var out []Case[nim]
	for h := 0; h <= n; h++ {
		for _, side := range []game.Side{game.White, game.Black} {
			out = append(out, Case[nim]{Pos: nim{heap: h, side: side}, Side: side, Truth: (h%3 != 0) == (side == game.White)})
		}
	}
	return out
}

func nimFEN(p *nim) string { return fmt.Sprintf("%d%c", p.heap, "wb"[p.side]) }

// sloppy answers yes off multiples of three, whoever is to move (wrong
// with Black to move), and gives up above 25 stones.
func sloppy(_ context.Context, p *nim, _ bool) (Answer, error) {
	a := Answer{Value: cycle.No, Cycles: p.heap, Nodes: int64(2 * p.heap)}
	switch {
	case p.heap > 25:
		a.Value = cycle.Undetermined
	case p.heap%3 != 0:
		a.Value = cycle.Yes
	}
	return a, nil
}

func TestQuery(t *testing.T) {
	cases := nimCases(30)
	var first QueryReport
	for k, w := range []int{1, 2, 4} {
		rep, err := Query(context.Background(), QueryConfig[nim]{
			NewAnswerer: func() (Answerer[nim], error) { return sloppy, nil },
			Cases:       cases, Pos: nimFEN, Options: Options{Workers: w, Examples: 3}})
		require.NoError(t, err)
		if k == 0 {
			first = rep
		}
		require.Equal(t, first, rep)
	}
	// Heaps 0..25: White to move always right (26); Black to move wrong
	// everywhere (a no on a multiple of three is wrong too). 26..30:
	// undetermined on both sides.
	require.Equal(t, 62, first.Positions)
	require.Equal(t, 26, first.Right)
	require.Equal(t, 26, first.Wrong)
	require.Equal(t, 10, first.Undetermined)
	require.Equal(t, 26, first.White.Right)
	require.Zero(t, first.White.Wrong)
	require.Equal(t, 26, first.Black.Wrong)
	require.Equal(t, 5, first.Black.Undetermined)
	require.InDelta(t, 15.0, first.MeanCycles, 1e-12)
	require.InDelta(t, 30.0, first.MeanNodes, 1e-12)
	require.InDelta(t, 15.0, first.Black.MeanCycles, 1e-12)
	// Three of each kind, in order: wrong no on 0b, 3b, 6b; wrong yes on
	// 1b, 2b, 4b.
	var got []string
	for _, w := range first.WrongExamples {
		got = append(got, w.FEN+" "+w.Answer)
	}
	require.Equal(t, []string{"0b no", "1b yes", "2b yes", "3b no", "4b yes", "6b no"}, got)
	// The first three undetermined, in case order.
	require.Equal(t, []string{"26w", "26b", "27w"}, first.UndeterminedExamples)
	// One answer per case, in case order.
	require.Len(t, first.Answers, len(cases))
	for i, c := range cases {
		want, _ := sloppy(context.Background(), &c.Pos, false)
		require.Equal(t, want, first.Answers[i])
	}
	js, err := json.Marshal(first)
	require.NoError(t, err)
	require.Contains(t, string(js), `{"positions":62,"right":26,"wrong":26,"undetermined":10,"mean_cycles":15,"mean_nodes":30,"white":{`)
	require.Contains(t, string(js), `"wrong_examples":[{"fen":"0b","answer":"no","truth":true}`)

	var last int
	_, err = Query(context.Background(), QueryConfig[nim]{NewAnswerer: func() (Answerer[nim], error) { return sloppy, nil },
		Cases: cases, Options: Options{Progress: func(done, total int) { require.Equal(t, len(cases), total); last = done }}})
	require.NoError(t, err)
	require.Equal(t, len(cases), last)
	_, err = Query(context.Background(), QueryConfig[nim]{Cases: cases})
	require.Error(t, err)
	_, err = Query(context.Background(), QueryConfig[nim]{Cases: cases, NewAnswerer: func() (Answerer[nim], error) {
		return func(context.Context, *nim, bool) (Answer, error) { return Answer{}, fmt.Errorf("broken") }, nil
	}})
	require.ErrorContains(t, err, "broken")
}

func atom(k string) *kb.Prop         { return &kb.Prop{Op: kb.OpAtom, Term: kb.NameTerm(k)} }
func not(p *kb.Prop) *kb.Prop        { return &kb.Prop{Op: kb.OpNot, L: p} }
func and(l, r *kb.Prop) *kb.Prop     { return &kb.Prop{Op: kb.OpAnd, L: l, R: r} }
func implies(l, r *kb.Prop) *kb.Prop { return &kb.Prop{Op: kb.OpImplies, L: l, R: r} }

// nimDecider decides MULT3 and WTM by evaluation, WINS by the oracle, BIG
// only up to 20 stones, and counts its calls.
func nimDecider(calls *atomic.Int64) Decider[nim] {
	return func(_ context.Context, p *nim, key string, _ bool) (bool, bool, error) {
		calls.Add(1)
		switch key {
		case "MULT3":
			return p.heap%3 == 0, true, nil
		case "WTM":
			return p.side == game.White, true, nil
		case "WINS":
			return (p.heap%3 != 0) == (p.side == game.White), true, nil
		case "BIG":
			return p.heap > 10, p.heap <= 20, nil
		}
		return false, false, nil
	}
}

func TestMethods(t *testing.T) {
	var positions []nim
	for _, c := range nimCases(30) {
		positions = append(positions, c.Pos)
	}
	methods := []Method{
		{Name: "sound", Relation: implies(and(atom("WTM"), not(atom("MULT3"))), atom("WINS"))},
		{Name: "wrong", Relation: implies(atom("MULT3"), not(atom("WINS")))},
		{Name: "guarded", When: []Condition{{"WTM", true}}, Relation: implies(atom("MULT3"), not(atom("WINS")))},
		{Name: "open", Relation: implies(atom("BIG"), atom("WINS"))},
		{Name: "unknown", Relation: implies(atom("NOPE"), atom("WINS"))},
	}
	var first MethodsReport
	for k, w := range []int{1, 2, 4} {
		var calls atomic.Int64
		rep, err := Methods(context.Background(), MethodsConfig[nim]{Methods: methods, Positions: positions, Pos: nimFEN,
			NewDecider: func() (Decider[nim], error) { return nimDecider(&calls), nil }, Options: Options{Workers: w, Examples: 2}})
		require.NoError(t, err)
		if k == 0 {
			first = rep
		}
		require.Equal(t, first, rep)
	}
	r := first.Methods
	require.Equal(t, 62, first.Positions)
	require.Equal(t, MethodReport{Name: "sound", Relation: r[0].Relation, Applies: 62, Holds: 62, Counterexamples: []Counterexample{}}, r[0])
	// MULT3 -> ~WINS is false with Black to move on a multiple of three:
	// heaps 0, 3, ..., 30.
	require.Equal(t, 11, r[1].Violated)
	require.Equal(t, 51, r[1].Holds)
	require.Equal(t, []Counterexample{{Index: 1, FEN: "0b", Values: map[string]bool{"MULT3": true, "WINS": true}},
		{Index: 7, FEN: "3b", Values: map[string]bool{"MULT3": true, "WINS": true}}}, r[1].Counterexamples)
	// Under WTM = true it holds.
	require.Equal(t, MethodReport{Name: "guarded", Relation: r[2].Relation, Applies: 31, Holds: 31, Counterexamples: []Counterexample{}}, r[2])
	// BIG -> WINS: BIG unknown above 20 stones; where WINS is false there
	// (21..30: 4 White to move on multiples of 3, 6 Black to move off
	// them) the relation is undetermined; 11..20 with WINS false violate
	// it (3 + 7).
	require.Equal(t, 10, r[3].Undetermined)
	require.Equal(t, 10, r[3].Violated)
	require.Equal(t, 42, r[3].Holds)
	// NOPE is never known: undetermined exactly where WINS is false.
	require.Equal(t, 31, r[4].Undetermined)
	require.Equal(t, 31, r[4].Holds)

	// Lazy: with the premise false the conclusion is not asked.
	var calls atomic.Int64
	_, err := Methods(context.Background(), MethodsConfig[nim]{Positions: []nim{{heap: 4}},
		Methods:    []Method{{Name: "lazy", Relation: implies(and(atom("MULT3"), atom("WINS")), atom("BIG"))}},
		NewDecider: func() (Decider[nim], error) { return nimDecider(&calls), nil }})
	require.NoError(t, err)
	require.EqualValues(t, 1, calls.Load())

	// Cheapest first: BIG -> WINS with both true at heap 16 White to move;
	// in order of occurrence BIG is asked first, with WINS ranked cheaper
	// only WINS is.
	asked := func(cost func(string) int) []string {
		var got []string
		_, err := Methods(context.Background(), MethodsConfig[nim]{Positions: []nim{{heap: 16, side: game.White}},
			Methods: []Method{{Name: "order", Relation: implies(atom("BIG"), atom("WINS"))}}, Cost: cost,
			NewDecider: func() (Decider[nim], error) {
				var n atomic.Int64
				d := nimDecider(&n)
				return func(ctx context.Context, p *nim, key string, fresh bool) (bool, bool, error) {
					got = append(got, key)
					return d(ctx, p, key, fresh)
				}, nil
			}})
		require.NoError(t, err)
		return got
	}
	require.Equal(t, []string{"BIG", "WINS"}, asked(nil))
	// A value known from the query's run is not asked again.
	var got []string
	_, err = Methods(context.Background(), MethodsConfig[nim]{Positions: []nim{{heap: 16, side: game.White}},
		Methods: []Method{{Name: "known", Relation: implies(atom("BIG"), atom("WINS"))}},
		Known:   [][]Known{{{Key: "BIG", Value: true}}},
		NewDecider: func() (Decider[nim], error) {
			return func(_ context.Context, _ *nim, key string, _ bool) (bool, bool, error) {
				got = append(got, key)
				return true, true, nil
			}, nil
		}})
	require.NoError(t, err)
	require.Equal(t, []string{"WINS"}, got)
	require.Equal(t, []string{"WINS"}, asked(func(k string) int {
		if k == "WINS" {
			return 0
		}
		return 1
	}))

	js, err := json.Marshal(first)
	require.NoError(t, err)
	require.Contains(t, string(js), `{"name":"wrong","relation":"`)
	require.Contains(t, string(js), `"counterexamples":[{"fen":"0b","values":{"MULT3":true,"WINS":true}}`)
	_, err = Methods(context.Background(), MethodsConfig[nim]{Methods: []Method{{Name: "x"}}})
	require.Error(t, err)
}

func TestEvaluatedFacts(t *testing.T) {
	res := cycle.Result{Facts: []cycle.Fact{
		{Key: "OBS", Value: true, Source: cycle.Observed},
		{Key: "suc(P)", Value: false, Source: cycle.Evaluated},
		{Key: "GANA", Value: true, Source: cycle.Implied},
	}}
	require.Equal(t, []Known{{"OBS", true}, {"suc(P)", false}}, EvaluatedFacts(res))
	require.Empty(t, EvaluatedFacts(cycle.Result{}))
}

// TestQueryWorkersStats: what each worker did (QueryConfig.Workers,
// MethodsConfig.Workers, al verify --worker-stats) adds up to the whole
// run: every position taken by one worker, every answer's nodes counted.
func TestQueryWorkersStats(t *testing.T) {
	cases := nimCases(200)
	for _, w := range []int{1, 2, 3} {
		var ws []WorkerStats
		rep, err := Query(context.Background(), QueryConfig[nim]{NewAnswerer: nimAnswerer, Cases: cases, Pos: nimFEN,
			Workers: &ws, Options: Options{Workers: w, Chunk: 50}})
		require.NoError(t, err)
		require.Len(t, ws, w)
		positions, nodes := 0, int64(0)
		for _, s := range ws {
			positions += s.Starts
			nodes += s.SearchNodes
			require.False(t, s.Began.IsZero())
		}
		require.Equal(t, len(cases), positions)
		var want int64
		for _, a := range rep.Answers {
			want += a.Nodes
		}
		require.Equal(t, want, nodes)

		var mws []WorkerStats
		positionsOf := make([]nim, len(cases))
		for i, c := range cases {
			positionsOf[i] = c.Pos
		}
		_, err = Methods(context.Background(), MethodsConfig[nim]{Methods: []Method{{Name: "M", Relation: atom("A")}},
			NewDecider: func() (Decider[nim], error) {
				return func(context.Context, *nim, string, bool) (bool, bool, error) { return true, true, nil }, nil
			}, Positions: positionsOf, Workers: &mws, Options: Options{Workers: w, Chunk: 50}})
		require.NoError(t, err)
		require.Len(t, mws, w)
		positions = 0
		for _, s := range mws {
			positions += s.Starts
		}
		require.Equal(t, len(cases), positions)
	}
}

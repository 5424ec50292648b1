package verify

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

// The AL3 cycle over nim as Query will be wired to it: GANA <-> suc(WIN),
// with WIN a plan of depth 4, so that large heaps are answered wrong (the
// bound is too small to see the win).

func nimProblem() cycle.Problem {
	return cycle.Problem{Query: "GANA",
		Hypotheses: []cycle.Hypothesis{{Key: "suc(WIN)", Kind: cycle.Plan, Plan: cycle.Base("WIN")}},
		Methods: []cycle.Method{{Name: "M", Pre: []string{"GANA"}, Actions: []string{"suc(WIN)"},
			NotRelation: []target.RawLine{{Then: []string{"GANA", "suc(WIN)"}}, {If: []string{"GANA", "suc(WIN)"}}}}}}
}

func nimAnswerer() (Answerer[nim], error) {
	search := prover.NewSearcher[nim, int](nimGame{}, prover.Options{})
	return func(ctx context.Context, p *nim) (Answer, error) {
		search.ClearMemo() // nodes per position, whatever came before
		before := search.Stats().Nodes
		ev := &prover.Evaluator[nim, int]{Search: search, Pos: *p, Plans: map[string]*kb.Advice[nim]{"WIN": nimWin(4)}}
		res, err := cycle.Run(ctx, nimProblem(), ev, cycle.Options{})
		if err != nil {
			return Answer{}, err
		}
		return Answer{Value: res.Answer, Cycles: len(res.Steps), Nodes: search.Stats().Nodes - before}, nil
	}, nil
}

func TestQueryWithTheCycle(t *testing.T) {
	cases := nimCases(16)
	var first QueryReport
	for k, w := range []int{1, 2, 4} {
		rep, err := Query(context.Background(), QueryConfig[nim]{NewAnswerer: nimAnswerer, Cases: cases, Pos: nimFEN,
			Options: Options{Workers: w}})
		require.NoError(t, err)
		if k == 0 {
			first = rep
		}
		require.Equal(t, first, rep)
	}
	// WIN within 4 moves of White: White to move wins in 1 + heap/3, so
	// 13, 14 and 16 are answered no, wrongly; with Black to move on a
	// multiple of three White needs heap/3 moves: 15 is the one wrong.
	require.Zero(t, first.Undetermined)
	require.Equal(t, first.Positions, first.Right+first.Wrong)
	require.Equal(t, 3, first.White.Wrong)
	require.Equal(t, 1, first.Black.Wrong)
	for _, w := range first.WrongExamples {
		require.Equal(t, "no", w.Answer)
		require.True(t, w.Truth)
	}
	require.Equal(t, "13w", first.WrongExamples[0].FEN)
	require.Positive(t, first.MeanNodes)
	require.Positive(t, first.MeanCycles)
}

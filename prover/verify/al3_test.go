package verify

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/al3"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/target"
	"github.com/stretchr/testify/require"
)

// The AL3 cycle over nim as Query will be wired to it: GANA <-> suc(WIN),
// with WIN a plan of depth 4, so that large heaps are answered wrong (the
// bound is too small to see the win).

func nimProblem() cycle.Problem {
	h := cycle.NewHypotheses()
	gana, win := h.Intern(kb.NameTerm("GANA")), h.Intern(kb.SucTerm(kb.PlanName("WIN")))
	return cycle.Problem{Hyps: h, Query: gana,
		Methods: []cycle.Method{{Name: "M", Pre: []target.ID{gana}, Actions: []target.ID{win},
			NotRelation: []cycle.Clause{{Then: []target.ID{gana, win}}, {If: []target.ID{gana, win}}}}}}
}

func nimAnswerer() (Answerer[nim], error) {
	search := prover.NewSearcher[nim, int](nimGame{}, prover.Options{})
	win := nimWin(4) // one advice, so the memo serves it across cases
	return func(ctx context.Context, p *nim, fresh bool) (Answer, error) {
		if fresh {
			search.ClearMemo() // what it learnt is the chunk's alone
		}
		before := search.Stats().Nodes
		ev := &al3.Evaluator[nim, int]{Search: search, Pos: *p, Plans: map[string]*kb.Advice[nim]{"WIN": win}}
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

// TestQueryChunksShareTheMemo: with more cases than a chunk, the memo kept
// within a chunk and forgotten at the next makes the nodes the same for
// any number of workers; a memo never forgotten would not (it saves more,
// by the schedule).
func TestQueryChunksShareTheMemo(t *testing.T) {
	cases := nimCases(200) // 402 cases: five chunks of 100
	report := func(w int, newAnswerer func() (Answerer[nim], error)) QueryReport {
		rep, err := Query(context.Background(), QueryConfig[nim]{NewAnswerer: newAnswerer, Cases: cases, Pos: nimFEN,
			Options: Options{Workers: w, Chunk: 100}})
		require.NoError(t, err)
		rep.Answers = nil
		return rep
	}
	one := report(1, nimAnswerer)
	require.Equal(t, one, report(2, nimAnswerer))
	require.Equal(t, one, report(4, nimAnswerer))

	forgetful := func() (Answerer[nim], error) {
		a, err := nimAnswerer()
		return func(ctx context.Context, p *nim, _ bool) (Answer, error) { return a(ctx, p, true) }, err
	}
	fresh := report(1, forgetful)
	require.Equal(t, fresh.Right, one.Right)
	require.Less(t, one.MeanNodes, fresh.MeanNodes, "the memo kept within a chunk saves nodes")
	stubborn := func() (Answerer[nim], error) {
		a, err := nimAnswerer()
		first := true
		return func(ctx context.Context, p *nim, _ bool) (Answer, error) {
			f := first
			first = false
			return a(ctx, p, f)
		}, err
	}
	// One worker keeping its memo across chunks saves more than the chunks
	// do: which chunks share a memo would then depend on the schedule
	// (with several workers, on which worker steals which chunk).
	require.Less(t, report(1, stubborn).MeanNodes, one.MeanNodes)
}

package verify

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// An AL1 table over nim, played by prover.Strategy: its state (the active
// advice and its forcing tree) is part of every node the verifier explores.

var _ Strategy[nim, int] = (*prover.Strategy[nim, int])(nil)

var (
	nimEmpty = &kb.Predicate[nim]{Name: "empty", Kind: kb.PositionKind, Doc: "no stones",
		Pos: func(p *nim) bool { return p.heap == 0 }}
	nimBlack = &kb.Predicate[nim]{Name: "black_to_move", Kind: kb.PositionKind, Doc: "black to move",
		Pos: func(p *nim) bool { return p.side == game.Black }}
	nimBig = &kb.Predicate[nim]{Name: "big", Kind: kb.PositionKind, Doc: "more than six stones",
		Pos: func(p *nim) bool { return p.heap > 6 }}
	nimMult3 = &kb.Predicate[nim]{Name: "mult3", Kind: kb.PositionKind, Doc: "a multiple of three",
		Pos: func(p *nim) bool { return p.heap%3 == 0 }}
)

func nimWin(depth int) *kb.Advice[nim] {
	return &kb.Advice[nim]{Name: "WIN", Side: game.White, Depth: depth,
		Better: kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2))}
}

// nimTable: with more than six stones, reach a multiple of three no larger
// than six with Black to move (SHRINK); then take the last stone (WIN).
func nimTable() *kb.Table[nim] {
	shrink := &kb.Advice[nim]{Name: "SHRINK", Side: game.White, Depth: 6,
		Better: kb.And(kb.Pos(nimMult3, kb.P2), kb.And(kb.Not(kb.Pos(nimBig, kb.P2)), kb.Pos(nimBlack, kb.P2)))}
	return &kb.Table[nim]{Name: "NIM", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "big", Cond: kb.Pos(nimBig, kb.P2), Advice: []*kb.Advice[nim]{shrink}},
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{nimWin(2), nimWin(6)}},
	}}
}

func tablePlayer(t testing.TB, table *kb.Table[nim]) func() (Player[nim, int], error) {
	g := nimGame{}
	return TablePlayer(g, table, prover.Options{}, func() game.Referee[nim] { return game.NoMoveLoses[nim, int]{G: g} })
}

// everyDefence plays the strategy against every sequence of replies, with
// no memo: the worst case in moves of White, or false when a line fails.
func everyDefence(t *testing.T, s *prover.Strategy[nim, int], p nim, st prover.State[nim, int], plies int) (bool, int32) {
	require.Less(t, plies, 200)
	g := nimGame{}
	if p.heap == 0 {
		return p.side == game.Black, 0
	}
	if p.side == game.Black {
		worst := int32(0)
		for _, m := range g.Moves(&p, nil) {
			ok, w := everyDefence(t, s, g.Play(&p, m), st, plies+1)
			if !ok {
				return false, 0
			}
			worst = max(worst, w)
		}
		return true, worst
	}
	d, err := s.Move(context.Background(), &p, st)
	require.NoError(t, err)
	if d.Outcome != game.Ongoing {
		return false, 0
	}
	ok, w := everyDefence(t, s, g.Play(&p, d.Move), d.Next, plies+1)
	return ok, w + 1
}

func TestAL1TableOnNim(t *testing.T) {
	starts := nimStarts(1, 24, false)
	var first TableReport
	var pl Player[nim, int]
	for k, w := range []int{1, 2, 4} {
		for _, ns := range []bool{false, true} {
			rep, err := Table(context.Background(), TableConfig[nim, int]{Game: nimGame{}, NewPlayer: tablePlayer(t, nimTable()),
				Starts: starts, TableOptions: TableOptions{NoShare: ns, Options: Options{Workers: w}}})
			require.NoError(t, err)
			rep.Stats = TableStats{}
			if k == 0 && !ns {
				first = rep
			}
			require.Equal(t, first, rep)
		}
	}
	// Multiples of three: no advice of the table is satisfiable.
	_, err := TablePlayer(nimGame{}, &kb.Table[nim]{Name: "B", Side: game.White, Rules: []kb.Rule[nim]{{Name: "r"}}},
		prover.Options{}, func() game.Referee[nim] { return nil })()
	require.Error(t, err, "a rule without a condition")
	require.Equal(t, 16, first.Proved)
	require.Equal(t, 8, first.Failed)
	require.Equal(t, "stuck: no advice of rule big is satisfiable with a move", first.Failures[2].Reason) // heap 9
	pl, err = tablePlayer(t, nimTable())()
	require.NoError(t, err)
	for i, r := range first.Results {
		ok, worst := everyDefence(t, pl.Strategy.(*prover.Strategy[nim, int]), starts[i].Pos, prover.NoAdvice[nim, int](), 0)
		require.Equal(t, ok, r.Proved, "heap %d", starts[i].Pos.heap)
		if ok {
			require.Equal(t, worst, r.Moves, "heap %d", starts[i].Pos.heap)
			require.GreaterOrEqual(t, r.Moves, r.Optimal)
		}
	}
}

// chaseCatch is the AL1 table of the chase: one rule, one advice, catch
// the black king within depth moves. Its forcing trees are shortest, so
// the strategy is optimal where depth reaches.
func chaseCatch(depth int) *kb.Table[chase] {
	caught := &kb.Predicate[chase]{Name: "caught", Kind: kb.PositionKind, Doc: "the kings on one square",
		Pos: func(p *chase) bool { return p.w == p.b }}
	catch := &kb.Advice[chase]{Name: "CATCH", Side: game.White, Depth: depth, Better: kb.Pos(caught, kb.P2)}
	return &kb.Table[chase]{Name: "CHASE", Side: game.White, Rules: []kb.Rule[chase]{
		{Name: "true", Cond: kb.True[chase](), Advice: []*kb.Advice[chase]{catch}}}}
}

func chaseTablePlayer(c chaseGame, depth int) func() (Player[chase, int8], error) {
	return TablePlayer(c, chaseCatch(depth), prover.Options{}, func() game.Referee[chase] { return chaseReferee{} })
}

// TestChaseTable: with a depth as large as the oracle's longest mate the
// table's worst case is the oracle's distance from every start; with a
// smaller one the starts further away are stuck.
func TestChaseTable(t *testing.T) {
	c := chaseGame{n: 6}
	dist := chaseOracle(c)
	starts := chaseStarts(c, dist)
	rep, err := Table(context.Background(), TableConfig[chase, int8]{Game: c, NewPlayer: chaseTablePlayer(c, 5), Starts: starts})
	require.NoError(t, err)
	require.Equal(t, 5, rep.OptimalWorst)
	require.Equal(t, len(starts), rep.Proved)
	for i, r := range rep.Results {
		require.Equal(t, r.Optimal, r.Moves, "start %d", i)
	}
	var first TableReport
	for k, w := range []int{1, 2} {
		for _, ns := range []bool{false, true} {
			rep, err = Table(context.Background(), TableConfig[chase, int8]{Game: c, NewPlayer: chaseTablePlayer(c, 3), Starts: starts,
				Pos: c.String, TableOptions: TableOptions{NoShare: ns, Options: Options{Workers: w}}})
			require.NoError(t, err)
			rep.Stats = TableStats{}
			if k == 0 && !ns {
				first = rep
			}
			require.Equal(t, first, rep)
		}
	}
	far := 0
	for _, s := range starts {
		if s.Optimal > 3 {
			far++
		}
	}
	require.Equal(t, far, first.Failed)
	require.Equal(t, "stuck: no advice of rule true is satisfiable with a move", first.Failures[0].Reason)
}

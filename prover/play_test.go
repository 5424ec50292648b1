package prover

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

var (
	nimBig = &kb.Predicate[nim]{Name: "big", Kind: kb.PositionKind, Doc: "more than six stones",
		Pos: func(p *nim) bool { return p.heap > 6 }}
	nimMult3 = &kb.Predicate[nim]{Name: "mult3", Kind: kb.PositionKind, Doc: "a multiple of three",
		Pos: func(p *nim) bool { return p.heap%3 == 0 }}
)

// nimTable: with more than six stones, reach a multiple of three no larger
// than six with Black to move (advice SHRINK); then take the last stone
// (WIN).
func nimTable() *kb.Table[nim] {
	shrink := &kb.Advice[nim]{Name: "SHRINK", Side: game.White, Depth: 6,
		Better: kb.And(kb.Pos(nimMult3, kb.P2), kb.And(kb.Not(kb.Pos(nimBig, kb.P2)), kb.Pos(nimBlack, kb.P2)))}
	return &kb.Table[nim]{Name: "NIM", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "big", Cond: kb.Pos(nimBig, kb.P2), Advice: []*kb.Advice[nim]{shrink}},
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{nimWin(2), nimWin(6)}},
	}}
}

func newNimStrategy(t *testing.T, table *kb.Table[nim], opt Options) *Strategy[nim, int] {
	t.Helper()
	s, err := NewStrategy[nim, int](nimGame{}, table, NewSearcher[nim, int](nimGame{}, opt))
	require.NoError(t, err)
	return s
}

func TestNimTableWins(t *testing.T) {
	g := nimGame{}
	for heap := 0; heap <= 20; heap++ {
		for seed := range 4 {
			var def Defender[nim, int] = FirstMove[nim, int]{G: g}
			if seed > 0 {
				def = RandomMove[nim, int]{G: g, Rand: rand.New(rand.NewPCG(uint64(seed), 9))}
			}
			rec, err := PlayGame(context.Background(), g, newNimStrategy(t, nimTable(), Options{}), def,
				game.NoMoveLoses[nim, int]{G: g}, nim{heap: heap}, PlayOptions{})
			require.NoError(t, err)
			if heap%3 == 0 {
				if heap == 0 {
					require.Equal(t, game.Mate, rec.Outcome)
					require.Equal(t, game.White, rec.Loser)
				} else {
					require.Equal(t, game.Stuck, rec.Outcome, "heap %d", heap)
				}
				continue
			}
			require.Equal(t, game.Mate, rec.Outcome, "heap %d", heap)
			require.Equal(t, game.Black, rec.Loser)
			require.Equal(t, 0, rec.Final.heap)
		}
	}
}

func TestNimTableRecordsRulesAndAdvice(t *testing.T) {
	g := nimGame{}
	rec, err := PlayGame(context.Background(), g, newNimStrategy(t, nimTable(), Options{}), FirstMove[nim, int]{G: g},
		game.NoMoveLoses[nim, int]{G: g}, nim{heap: 11}, PlayOptions{})
	require.NoError(t, err)
	// 11 -W2-> 9 -B1-> 8 -W2-> 6 (SHRINK done) -B1-> 5 -W2-> 3 -B1-> 2 -W2-> 0.
	var moves []int
	for _, p := range rec.Moves {
		moves = append(moves, p.Move)
	}
	require.Equal(t, []int{2, 1, 2, 1, 2, 1, 2}, moves)
	type row struct {
		rule, advice string
		fromTree     bool
	}
	var rows []row
	for _, p := range rec.Moves {
		if p.ByTable {
			rows = append(rows, row{p.RuleName, p.AdviceName, p.FromTree})
		}
	}
	require.Equal(t, []row{
		{"big", "SHRINK", false}, {"big", "SHRINK", true},
		{"true", "win", false}, {"true", "win", true},
	}, rows)
	require.Equal(t, game.Mate, rec.Outcome)
	require.Positive(t, rec.Nodes)
}

func TestStrategyLeavesTheTreeWhenYDoes(t *testing.T) {
	// WIN with replies restricted to taking one stone: when Black takes two
	// the position is outside the tree and the table is consulted again.
	g := nimGame{}
	a := nimWin(6)
	a.Name = "WIN1"
	a.Replies = kb.Order[nim]{kb.Rel(nimTook1, kb.P1, kb.P2)}
	table := &kb.Table[nim]{Name: "T", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{a, nimWin(6)}}}}
	s := newNimStrategy(t, table, Options{})
	pos := nim{heap: 8}
	d, err := s.Move(context.Background(), &pos, NoAdvice[nim, int]())
	require.NoError(t, err)
	require.Equal(t, "WIN1", d.AdviceName)
	require.False(t, d.FromTree)
	require.Equal(t, 2, d.Move)
	pos = g.Play(&pos, d.Move) // 6
	pos = g.Play(&pos, 1)      // 5: inside the tree
	d, err = s.Move(context.Background(), &pos, d.Next)
	require.NoError(t, err)
	require.True(t, d.FromTree)
	require.Equal(t, 2, d.Move)
	pos = g.Play(&pos, d.Move) // 3
	pos = g.Play(&pos, 2)      // 1: Black took two, outside MCy
	d, err = s.Move(context.Background(), &pos, d.Next)
	require.NoError(t, err)
	require.False(t, d.FromTree)
	require.Equal(t, "WIN1", d.AdviceName)
	require.Equal(t, 1, d.Move)
	// Calling Move with X not to move is an error.
	_, err = s.Move(context.Background(), &nim{heap: 3, side: game.Black}, d.Next)
	require.Error(t, err)
}

func TestStrategyIsAFunctionOfPositionAndState(t *testing.T) {
	// Two strategies with their own searchers, one warmed on other
	// positions, give the same decision for the same (position, state).
	g := nimGame{}
	warm := newNimStrategy(t, nimTable(), Options{})
	for h := 1; h <= 20; h++ {
		_, err := warm.Move(context.Background(), &nim{heap: h}, NoAdvice[nim, int]())
		require.NoError(t, err)
	}
	for h := 1; h <= 20; h++ {
		cold := newNimStrategy(t, nimTable(), Options{NoMemo: h%2 == 0})
		pos := nim{heap: h}
		stW, stC := NoAdvice[nim, int](), NoAdvice[nim, int]()
		for pos.heap > 0 {
			dw, err := warm.Move(context.Background(), &pos, stW)
			require.NoError(t, err)
			dc, err := cold.Move(context.Background(), &pos, stC)
			require.NoError(t, err)
			require.Equal(t, dw.Outcome, dc.Outcome)
			require.Equal(t, dw.Move, dc.Move)
			require.Equal(t, dw.Next.Key(), dc.Next.Key())
			if dw.Outcome != game.Ongoing {
				break
			}
			stW, stC = dw.Next, dc.Next
			pos = g.Play(&pos, dw.Move)
			if pos.heap == 0 {
				break
			}
			pos = g.Play(&pos, 1)
		}
	}
}

func TestStuckAndUndetermined(t *testing.T) {
	g := nimGame{}
	none := &kb.Table[nim]{Name: "NONE", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "false", Cond: kb.False[nim](), Advice: []*kb.Advice[nim]{nimWin(3)}}}}
	rec, err := PlayGame(context.Background(), g, newNimStrategy(t, none, Options{}), FirstMove[nim, int]{G: g},
		game.NoMoveLoses[nim, int]{G: g}, nim{heap: 4}, PlayOptions{})
	require.NoError(t, err)
	require.Equal(t, game.Stuck, rec.Outcome)
	require.Contains(t, rec.Reason, "no rule")

	// A goal that holds already gives no move: stuck, not a loop.
	done := &kb.Table[nim]{Name: "DONE", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{{Name: "T", Side: game.White, Depth: 2, Better: kb.True[nim]()}}}}}
	rec, err = PlayGame(context.Background(), g, newNimStrategy(t, done, Options{}), FirstMove[nim, int]{G: g},
		game.NoMoveLoses[nim, int]{G: g}, nim{heap: 4}, PlayOptions{})
	require.NoError(t, err)
	require.Equal(t, game.Stuck, rec.Outcome)

	big := &kb.Table[nim]{Name: "BIG", Side: game.White, Rules: []kb.Rule[nim]{
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{nimWin(40)}}}}
	rec, err = PlayGame(context.Background(), g, newNimStrategy(t, big, Options{MaxNodes: 20}), FirstMove[nim, int]{G: g},
		game.NoMoveLoses[nim, int]{G: g}, nim{heap: 20}, PlayOptions{})
	require.NoError(t, err)
	require.Equal(t, game.Undetermined, rec.Outcome)
	require.Contains(t, rec.Reason, "node budget")

	_, err = NewStrategy[nim, int](g, &kb.Table[nim]{Name: "B", Side: game.Black, Rules: []kb.Rule[nim]{
		{Name: "true", Cond: kb.True[nim](), Advice: []*kb.Advice[nim]{nimWin(1)}}}}, NewSearcher[nim, int](g, Options{}))
	require.Error(t, err, "advice for the wrong side")
}

// cycleGame: 0 (White) -> 1 (Black) -> 0, and 1 -> 2 (White, stalemate).
func cycleGame() *tgame {
	return &tgame{nodes: []tnode{
		{side: game.White, label: 0, kids: []int{1}},
		{side: game.Black, label: 1, kids: []int{0, 2}},
		{side: game.White, label: 0},
	}}
}

type stalemateRef struct{ g *tgame }

func (r stalemateRef) Over(p *int) (game.Outcome, string, bool) {
	if len(r.g.nodes[*p].kids) == 0 {
		return game.Stalemate, "no legal move", true
	}
	return game.Ongoing, "", false
}

func TestRepetitionLimitAndReferee(t *testing.T) {
	g := cycleGame()
	ps := treeLib(g)
	table := &kb.Table[int]{Name: "C", Side: game.White, Rules: []kb.Rule[int]{{Name: "true", Cond: kb.True[int](),
		Advice: []*kb.Advice[int]{{Name: "STEP", Side: game.White, Depth: 1, Better: kb.Pos(ps[0], kb.P2)}}}}}
	strat, err := NewStrategy[int, int](g, table, NewSearcher[int, int](g, Options{}))
	require.NoError(t, err)
	first := FirstMove[int, int]{G: g}
	rec, err := PlayGame(context.Background(), g, strat, first, stalemateRef{g}, 0, PlayOptions{})
	require.NoError(t, err)
	require.Equal(t, game.Repetition, rec.Outcome)
	require.Len(t, rec.Moves, 4) // 0 1 0 1 0: the third 0
	rec, err = PlayGame(context.Background(), g, strat, first, stalemateRef{g}, 0, PlayOptions{MaxMoves: 3, Repetitions: 10})
	require.NoError(t, err)
	require.Equal(t, game.Limit, rec.Outcome)
	require.Len(t, rec.Moves, 3)
	last := lastMove{g}
	rec, err = PlayGame(context.Background(), g, strat, last, stalemateRef{g}, 0, PlayOptions{})
	require.NoError(t, err)
	require.Equal(t, game.Stalemate, rec.Outcome)
	require.Equal(t, 2, rec.Final)
	rec, err = PlayGame(context.Background(), g, strat, illegal{}, stalemateRef{g}, 0, PlayOptions{})
	require.Error(t, err)
	_ = rec
}

// neverOver is a broken referee: no game ends.
type neverOver struct{}

func (neverOver) Over(*int) (game.Outcome, string, bool) { return game.Ongoing, "", false }

// TestPlayGameNoLegalMove: a referee that lets a game go on where the side
// to move has no legal move is an error, whether that side is the
// strategy's (whose moves are listed only when it gives none) or the
// defender's.
func TestPlayGameNoLegalMove(t *testing.T) {
	g := cycleGame()
	ps := treeLib(g)
	table := &kb.Table[int]{Name: "C", Side: game.White, Rules: []kb.Rule[int]{{Name: "true", Cond: kb.True[int](),
		Advice: []*kb.Advice[int]{{Name: "STEP", Side: game.White, Depth: 1, Better: kb.Pos(ps[0], kb.P2)}}}}}
	strat, err := NewStrategy[int, int](g, table, NewSearcher[int, int](g, Options{}))
	require.NoError(t, err)
	// White to move at 2, which has no move.
	_, err = PlayGame(context.Background(), g, strat, lastMove{g}, neverOver{}, 0, PlayOptions{})
	require.ErrorContains(t, err, "the referee lets the game go on but white has no legal move")
	// Black to move without a move: a game of one Black node.
	b := &tgame{nodes: []tnode{{side: game.Black, label: 0}}}
	bs, err := NewStrategy[int, int](b, table, NewSearcher[int, int](b, Options{}))
	require.NoError(t, err)
	_, err = PlayGame(context.Background(), b, bs, lastMove{b}, neverOver{}, 0, PlayOptions{})
	require.ErrorContains(t, err, "the referee lets the game go on but black has no legal move")
}

type lastMove struct{ g *tgame }

func (d lastMove) Reply(_ context.Context, p *int) (int, error) {
	k := d.g.nodes[*p].kids
	return k[len(k)-1], nil
}

type illegal struct{}

func (illegal) Reply(context.Context, *int) (int, error) { return 7, nil }

// TestStrategyAgainstEveryDefence explores the nim table against every
// reply of Black, the way a verifier will, memoising on (position, state
// key): every line ends with White taking the last stone.
func TestStrategyAgainstEveryDefence(t *testing.T) {
	g := nimGame{}
	type key struct {
		h  uint64
		st StateKey
	}
	for heap := 1; heap <= 20; heap++ { // SHRINK (depth 6) reaches 6 from 20
		if heap%3 == 0 {
			continue
		}
		s := newNimStrategy(t, nimTable(), Options{})
		seen := map[key]bool{}
		var explore func(pos nim, st State[nim, int], plies int)
		explore = func(pos nim, st State[nim, int], plies int) {
			require.Less(t, plies, 100)
			if pos.heap == 0 {
				require.Equal(t, game.Black, pos.side, "heap %d: White lost", heap)
				return
			}
			if pos.side == game.Black {
				for _, m := range g.Moves(&pos, nil) {
					explore(g.Play(&pos, m), st, plies+1)
				}
				return
			}
			k := key{g.Hash(&pos), st.Key()}
			if seen[k] {
				return
			}
			seen[k] = true
			d, err := s.Move(context.Background(), &pos, st)
			require.NoError(t, err)
			require.Equal(t, game.Ongoing, d.Outcome, "heap %d at %d: %s", heap, pos.heap, d.Reason)
			explore(g.Play(&pos, d.Move), d.Next, plies+1)
		}
		explore(nim{heap: heap}, NoAdvice[nim, int](), 0)
		require.NotEmpty(t, seen)
	}
}

package verify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// clocked is a node of a graph with the plies since the last irreversible
// move, the way a chess position carries its halfmove clock: the clock is
// not part of the hash.
type clocked struct{ n, clock int }

// clockGraph is a graph whose edges in reset are irreversible (they set the
// clock to 0).
type clockGraph struct {
	g     *graph
	reset map[[2]int]bool
}

func (c *clockGraph) ToMove(p *clocked) game.Side { return c.g.side[p.n] }
func (c *clockGraph) Moves(p *clocked, buf []int) []int {
	return append(buf[:0], c.g.kids[p.n]...)
}
func (c *clockGraph) Play(p *clocked, m int) clocked {
	if c.reset[[2]int{p.n, m}] {
		return clocked{m, 0}
	}
	return clocked{m, p.clock + 1}
}
func (c *clockGraph) Hash(p *clocked) uint64 { return c.g.Hash(&p.n) }
func (c *clockGraph) Over(p *clocked) (game.Outcome, string, bool) {
	return c.g.Over(&p.n)
}

func (c *clockGraph) player(choice map[int]int) func() (Player[clocked, int], error) {
	s := fnStrategy[clocked, int]{side: game.White, move: func(p *clocked) (int, bool) {
		k, ok := choice[p.n]
		if !ok || k < 0 {
			return 0, false
		}
		return c.g.kids[p.n][k], true
	}}
	return func() (Player[clocked, int], error) { return Player[clocked, int]{Strategy: s, Referee: c}, nil }
}

// naiveFifty is the referee of a real game, game by game: it plays every
// line from p with its clock, and a position whose clock has reached fifty
// that is not over is a draw. No memo: the reference the verifier's
// argument (a start fails iff its longest run without a reset exceeds the
// rule) is compared with.
func naiveFifty(c *clockGraph, choice map[int]int, p clocked, fifty int, path map[int]bool) bool {
	if path[p.n] {
		return false
	}
	if o, _, over := c.Over(&p); over {
		return o == game.Mate && c.g.side[p.n] == game.Black
	}
	if p.clock >= fifty {
		return false
	}
	path[p.n] = true
	defer delete(path, p.n)
	if c.g.side[p.n] == game.White {
		k, ok := choice[p.n]
		if !ok || k < 0 {
			return false
		}
		return naiveFifty(c, choice, c.Play(&p, c.g.kids[p.n][k]), fifty, path)
	}
	for _, m := range c.g.kids[p.n] {
		if !naiveFifty(c, choice, c.Play(&p, m), fifty, path) {
			return false
		}
	}
	return true
}

// TestFiftyMoveAgainstTheReferee: on random graphs with cycles, failing
// terminals and irreversible edges, starts with random clocks, the
// verifier under a fifty-move rule of a few plies agrees start by start
// with the game-by-game referee, and without the rule with the brute force
// over paths; the report is the same for 1 and 3 workers, a tiny memo and
// a memo per start; every fifty-move example's line is a line of the game
// that ends, not mated, with the clock at the rule's plies; the failures
// by reason add up to the failed starts.
func TestFiftyMoveAgainstTheReferee(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 17))
	fiftyFails := 0
	for iter := range 400 {
		g, choice := randomGraph(r, 4+r.IntN(14))
		c := &clockGraph{g: g, reset: map[[2]int]bool{}}
		for i, ks := range g.kids {
			for _, k := range ks {
				if r.IntN(5) == 0 {
					c.reset[[2]int{i, k}] = true
				}
			}
		}
		fifty := 1 + r.IntN(6)
		var starts []Start[clocked]
		for i := range g.side {
			starts = append(starts, Start[clocked]{Pos: clocked{i, r.IntN(fifty + 1)}})
		}
		var reps []TableReport
		for _, w := range []int{1, 3} {
			for _, ns := range []bool{false, true} {
				memo := 0
				if w == 3 && !ns {
					memo = 3
				}
				rep, err := Table(context.Background(), TableConfig[clocked, int]{Game: c, NewPlayer: c.player(choice),
					Starts: starts, Clock: func(p *clocked) int { return p.clock },
					Pos:          func(p *clocked) string { return fmt.Sprintf("%d@%d", p.n, p.clock) },
					TableOptions: TableOptions{FiftyMove: fifty, NoShare: ns, MaxMemo: memo, Options: Options{Workers: w, Examples: 100}}})
				require.NoError(t, err)
				rep.Stats = TableStats{}
				reps = append(reps, rep)
			}
		}
		for _, rep := range reps[1:] {
			require.Equal(t, reps[0], rep, "iteration %d", iter)
		}
		rep := reps[0]
		for i, s := range starts {
			want := naiveFifty(c, choice, s.Pos, fifty, map[int]bool{})
			got := rep.Results[i]
			require.Equal(t, want, got.Proved, "iteration %d start %v: %v %v resets %v", iter, s.Pos, g.kids, choice, c.reset)
			ok, m, p := naive(g, choice, s.Pos.n, map[int]bool{})
			require.Equal(t, ok, got.Proved || got.Fifty, "iteration %d start %v", iter, s.Pos)
			if ok {
				require.Equal(t, [2]int32{m, p}, [2]int32{got.Moves, got.Plies})
			}
			if got.Fifty {
				fiftyFails++
			}
		}
		n := 0
		for _, rc := range rep.Reasons {
			n += rc.Starts
		}
		require.Equal(t, rep.Failed, n, "iteration %d: %v", iter, rep.Reasons)
		require.Equal(t, rep.Failed, rep.WithoutRule.Failed+count(rep.Results, func(s StartResult) bool { return s.Fifty }))
		for _, f := range rep.Failures {
			if f.Reason != fiftyReason(fifty) {
				continue
			}
			// Replay the line: legal, not over before its end, and drawn
			// by the rule at its end.
			p := starts[f.Index].Pos
			for _, mv := range f.Line {
				m, err := strconv.Atoi(mv)
				require.NoError(t, err)
				require.Contains(t, g.kids[p.n], m)
				require.Less(t, p.clock, fifty)
				p = c.Play(&p, m)
				_, _, over := c.Over(&p)
				require.False(t, over)
			}
			require.Equal(t, fifty, p.clock, "iteration %d: %v", iter, f)
		}
	}
	require.Greater(t, fiftyFails, 50, "the rule should fail some starts the brute force proves")
}

func count[T any](xs []T, keep func(T) bool) int {
	n := 0
	for _, x := range xs {
		if keep(x) {
			n++
		}
	}
	return n
}

// TestFiftyMoveWithoutClock: without a clock no move is irreversible, so a
// start fails under the rule exactly when its worst case in plies exceeds
// it.
func TestFiftyMoveWithoutClock(t *testing.T) {
	g := nimGame{}
	for fifty := 1; fifty < 8; fifty++ {
		rep, err := Table(context.Background(), TableConfig[nim, int]{Game: g, NewPlayer: player[nim, int](g, nimOptimal),
			Starts: nimStarts(1, 20, true), TableOptions: TableOptions{FiftyMove: fifty}})
		require.NoError(t, err)
		for _, s := range rep.Results {
			require.Equal(t, int(s.Plies) > fifty, s.Fifty)
			require.Equal(t, int(s.Plies) <= fifty, s.Proved)
		}
		require.Equal(t, 20-6, rep.WithoutRule.Proved)
	}
}

package chessverify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

// directKey is a node of a real game: the position with its halfmove
// clock, and the strategy's state.
type directKey struct {
	h     uint64
	st    prover.StateKey
	clock int
}

// direct is the referee of real games, game by game: from pos with its
// own halfmove clock, the table's move and every reply, until
// chessplay.Referee (which applies the fifty-move rule to the position's
// clock) or the verifier's material rule ends the game. It memoises on
// the position with its clock (the verdict of a node is a function of
// both), and a node met again on its own path is a cycle. It shares no
// code with the verifier's argument (the longest run of plies without a
// capture or pawn move against the rule).
func direct(ctx context.Context, t *testing.T, s *prover.Strategy[chess.Position, chess.Move], ref Referee,
	pos chess.Position, st prover.State[chess.Position, chess.Move], memo map[directKey]bool, path map[directKey]bool) bool {
	k := directKey{pos.Hash(), st.Key(), pos.HalfmoveClock()}
	if v, ok := memo[k]; ok {
		return v
	}
	if path[k] {
		return false
	}
	if o, _, over := (chessplay.Referee{}).Over(&pos); over {
		return o == game.Mate && pos.SideToMove() != ref.Side
	}
	if o, _, over := ref.Over(&pos); over {
		return o == game.Mate && pos.SideToMove() != ref.Side
	}
	path[k] = true
	defer delete(path, k)
	ok := true
	if pos.SideToMove() == ref.Side {
		d, err := s.Move(ctx, &pos, st)
		require.NoError(t, err)
		ok = d.Outcome == game.Ongoing && direct(ctx, t, s, ref, pos.Play(d.Move), d.Next, memo, path)
	} else {
		for _, m := range pos.LegalMoves(nil) {
			if !direct(ctx, t, s, ref, pos.Play(m), st, memo, path) {
				ok = false
				break
			}
		}
	}
	memo[k] = ok
	return ok
}

// withClock returns p with its halfmove clock set to clock.
func withClock(t *testing.T, p chess.Position, clock int) chess.Position {
	f := strings.Fields(p.FEN())
	f[4] = fmt.Sprint(clock)
	q, err := chess.ParseFEN(strings.Join(f, " "))
	require.NoError(t, err)
	return q
}

// fiftyAgainstDirect verifies table over starts under the fifty-move rule
// and checks every start's verdict against the game-by-game referee.
func fiftyAgainstDirect(t *testing.T, table *kb.Table[chess.Position], eg tablebase.Endgame, starts []verify.Start[chess.Position]) TableReport {
	t.Helper()
	rep, err := Table(context.Background(), table, eg, starts, Options{FiftyMove: true, Examples: 1000})
	require.NoError(t, err)
	g := chess.Game{}
	s, err := prover.NewStrategy[chess.Position, chess.Move](g, table, prover.NewSearcher[chess.Position, chess.Move](g, prover.Options{}))
	require.NoError(t, err)
	memo := map[directKey]bool{}
	for i, st := range starts {
		want := direct(context.Background(), t, s, NewReferee(table.Side, eg), st.Pos, prover.NoAdvice[chess.Position, chess.Move](), memo, map[directKey]bool{})
		require.Equal(t, want, rep.Results[i].Proved, "start %s", st.Pos.FEN())
	}
	// Every fifty-move example's line is legal and ends, not mated, with
	// the clock at 100.
	for _, f := range rep.Failures {
		if !strings.HasPrefix(f.Reason, "fifty-move") {
			continue
		}
		p, err := chess.ParseFEN(f.FEN)
		require.NoError(t, err)
		for _, san := range f.Line {
			m, err := p.ParseMove(san)
			require.NoError(t, err, "%s: %v", f.FEN, f.Line)
			p = p.Play(m)
		}
		require.Equal(t, FiftyMovePlies, p.HalfmoveClock(), "%s: %v", f.FEN, f.Line)
		o, _, _ := (chessplay.Referee{}).Over(&p)
		require.Equal(t, game.Draw, o)
	}
	return rep
}

// TestFiftyMoveKRKAgainstDirect: krk-proved.al1 from sampled KRK starts
// given halfmove clocks from 0 to 99 (as a FEN may), under the rule: the
// verifier's verdict is the game-by-game referee's at every start, and
// some starts are drawn by the rule.
func TestFiftyMoveKRKAgainstDirect(t *testing.T) {
	eg := tablebase.MustEndgame("krk")
	_, tab := oracle(t, eg)
	table, ok := load(t, "krk-proved.al1").Table("KRK_PROVED")
	require.True(t, ok)
	starts, _ := SampleTableStarts(tab, game.White, 40, 3)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range starts {
		starts[i].Pos = withClock(t, starts[i].Pos, 40+r.IntN(60))
	}
	rep := fiftyAgainstDirect(t, table, eg, starts)
	require.Positive(t, rep.Proved)
	require.Positive(t, rep.Failed)
	require.Equal(t, []verify.ReasonCount{{Reason: "fifty-move", Starts: rep.Failed}}, rep.Reasons)
	require.Equal(t, len(starts), rep.WithoutRule.Proved)
}

// TestFiftyMoveKQKRAgainstDirect: the rook's table with a rule to win the
// rook, on KQKR starts with clocks: the capture of the rook resets the
// clock, after which the KQK mate has fifty moves of its own; the
// verifier agrees with the game-by-game referee.
func TestFiftyMoveKQKRAgainstDirect(t *testing.T) {
	fourMen(t)
	eg := tablebase.MustEndgame("kqkr")
	_, tab := oracle(t, eg)
	starts, _ := SampleTableStarts(tab, game.White, 20, 5)
	r := rand.New(rand.NewPCG(5, 6))
	for i := range starts {
		starts[i].Pos = withClock(t, starts[i].Pos, 90+r.IntN(10))
	}
	rep := fiftyAgainstDirect(t, kqkrTable(t), eg, starts)
	require.Positive(t, rep.Proved)
}

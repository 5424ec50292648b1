package chessverify

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

// fourMen skips a test that needs a four-man table under the race
// detector (its generation takes minutes there) unless AL_SLOW is set.
func fourMen(t *testing.T) {
	if raceOn && os.Getenv("AL_SLOW") == "" {
		t.Skip("a four-man table under -race: AL_SLOW=1")
	}
}

func TestRefereeMaterialLost(t *testing.T) {
	r := NewReferee(game.White, tablebase.MustEndgame("kqkr"))
	for _, tc := range []struct {
		pos  string
		o    game.Outcome
		why  string
		over bool
	}{
		// The rook took the queen: White, to move, has lost.
		{"Kd2 / Ka6 Rh1 w", game.Mate, "material lost: white has nothing besides the king, the endgame gave it a queen", true},
		// The queen took the rook: KQK goes on.
		{"Kd2 Qh1 / Ka6 w", game.Ongoing, "", false},
		{"Kd2 Qh1 / Ka6 Rb6 b", game.Ongoing, "", false},
		{"Kd2 / Ka6 b", game.Draw, "material lost (material gone)", true},
		{"Kb6 Qb7 / Ka8 Rh1 b", game.Mate, "checkmate, black is mated", true},
	} {
		p, err := chess.Parse(tc.pos)
		require.NoError(t, err)
		o, why, over := r.Over(&p)
		require.Equal(t, tc.o, o, tc.pos)
		require.Equal(t, tc.why, why, tc.pos)
		require.Equal(t, tc.over, over, tc.pos)
	}
	// A table of Black's in KQKR: the rook is its material.
	rb := NewReferee(game.Black, tablebase.MustEndgame("kqkr"))
	p, _ := chess.Parse("Kd2 Qh1 / Ka6 b")
	o, why, _ := rb.Over(&p)
	require.Equal(t, game.Mate, o)
	require.Equal(t, "material lost: black has nothing besides the king, the endgame gave it a rook", why)
	// Promotion keeps the count: KPK to KQK goes on.
	rp := NewReferee(game.White, tablebase.MustEndgame("kpk"))
	p, _ = chess.Parse("Ke6 Qe8 / Ka1 b")
	_, _, over := rp.Over(&p)
	require.False(t, over)
}

// kqkrTable is the rook's table (krk-proved.al1, whose vocabulary's rook
// is White's queen when it has no rook) with a first rule of its own for
// KQKR: win the rook within two moves, keeping the queen.
func kqkrTable(t *testing.T) *kb.Table[chess.Position] {
	src, err := knowledge.Files.ReadFile("krk-proved.al1")
	require.NoError(t, err)
	text, _, ok := strings.Cut(string(src), "table KRK_PROVED")
	require.True(t, ok)
	text += `
advice WIN_ROOK white depth 2
  better THEM_TO_MOVE & black_bare_king & white_has_queen & SAFE

table KQKR white
  rule black_has_rook : WIN_ROOK
  rule bkedge & kingsclose : MATE_IN_3, SQUEEZE, APPROACH, KEEP_ROOM, DIVIDE_IN_2, DIVIDE_IN_3
  rule reyesop : OPPOSITION_CHECK, SQUEEZE, APPROACH, KEEP_ROOM, DIVIDE_IN_2, DIVIDE_IN_3
  rule true : SQUEEZE, APPROACH, KEEP_ROOM, DIVIDE_IN_2, DIVIDE_IN_3
`
	b, diags, _ := kb.LoadAll(predicates.Library(), "kqkr.al1", []byte(text), knowledge.Resolve)
	require.False(t, diags.HasErrors(), "%v", diags)
	tab, ok := b.Table("KQKR")
	require.True(t, ok)
	return tab
}

// TestKQKRIntoKQK: the verifier follows a game out of KQKR into KQK after
// the rook is taken, and the table must mate there: every start it
// proves is mated in an actual game against the tablebase's defender
// (which defends with the rook), through a capture of the rook, within
// the worst case, most of them after taking the rook; the starts where
// the rook cannot be won at once fail as stuck.
func TestKQKRIntoKQK(t *testing.T) {
	fourMen(t)
	tb, tab := oracle(t, tablebase.MustEndgame("kqkr"))
	table := kqkrTable(t)
	starts, total := SampleTableStarts(tab, game.White, 60, 5)
	require.Len(t, starts, 60)
	require.Equal(t, 8863768, total)
	rep, err := Table(context.Background(), table, tab.Endgame(), starts, Options{Examples: 60})
	require.NoError(t, err)
	require.Positive(t, rep.Proved)
	require.Positive(t, rep.Failed)
	for _, f := range rep.Failures {
		require.True(t, strings.HasPrefix(f.Reason, "stuck: no advice of rule black_has_rook"), f.Reason)
	}
	games, intoKQK := 0, 0
	for i, r := range rep.Results {
		if !r.Proved {
			continue
		}
		g, err := chessplay.Play(context.Background(), table, chessplay.Optimal{TB: tb}, starts[i].Pos, chessplay.Options{})
		require.NoError(t, err)
		require.Equal(t, "mate", g.Outcome, starts[i].Pos.FEN())
		require.Equal(t, "white", g.Winner)
		require.LessOrEqual(t, (len(g.Moves)+1)/2, int(r.Moves))
		if g.Final.Pieces(chess.Black, chess.Rook) == 0 {
			intoKQK++
		}
		games++
	}
	require.Equal(t, rep.Proved, games)
	// Most are won by taking the rook and mating in KQK (a few are mates
	// with the rook still on the board).
	require.Greater(t, intoKQK, games/2)
}

// TestMaterialLost: a table that moves its queen about lets the black
// king take it; the start fails, saying so, with the line.
func TestMaterialLost(t *testing.T) {
	fourMen(t)
	_, tab := oracle(t, tablebase.MustEndgame("kqkr"))
	b, diags := kb.Load(predicates.Library(), "queen.al1", []byte(`
advice QUEEN white depth 1
  better black_to_move
  moves rook_move

table QUEEN_MOVES white
  rule true : QUEEN
`))
	require.False(t, diags.HasErrors(), "%v", diags)
	p, err := chess.ParseFEN("4Q3/3r4/8/8/8/2k5/8/K7 w - - 0 1")
	require.NoError(t, err)
	v, err := oracle2(t).Value(p)
	require.NoError(t, err)
	require.Equal(t, tablebase.Win, v.Outcome)
	rep, err := Table(context.Background(), b.Tables[0], tab.Endgame(), []verify.Start[chess.Position]{{Pos: p, Optimal: v.DTM}}, Options{})
	require.NoError(t, err)
	require.Equal(t, 1, rep.Failed)
	require.Equal(t, "lost: material lost: white has nothing besides the king, the endgame gave it a queen", rep.Failures[0].Reason)
	require.Equal(t, []string{"Qe1+", "Kc2", "Qb1+", "Kd2", "Qc1+", "Kxc1"}, rep.Failures[0].Line)
}

func oracle2(t *testing.T) *tablebase.Tablebase {
	tb, _ := oracle(t, tablebase.MustEndgame("krk"))
	return tb
}

package chessverify

import (
	"context"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/testenv"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

// The shipped knowledge that claims to be right everywhere, verified on
// samples (`make verify` runs the whole endgames; docs/verify.md has the
// figures). A sample is drawn afresh with its seed, so these check other
// positions than the ones the knowledge was written against.

// provedSample verifies a table of file on a sample of eg's won starts:
// every one proved, against every defence, never faster than the tablebase.
func provedSample(t *testing.T, file, name string, eg tablebase.Endgame, sample int, seed uint64) TableReport {
	t.Helper()
	_, tab := oracle(t, eg)
	table, ok := load(t, file).Table(name)
	require.True(t, ok)
	o := Options{Sample: sample, Seed: seed}
	starts := TableStarts(tab, table.Side, o)
	rep, err := Table(context.Background(), table, eg, starts, o)
	require.NoError(t, err)
	require.Equal(t, len(starts), rep.Proved, "failures: %v", rep.Failures)
	require.GreaterOrEqual(t, rep.Worst, rep.OptimalWorst)
	require.GreaterOrEqual(t, rep.Mean, rep.OptimalMean)
	return rep
}

// TestKRKProvedSample: krk-proved.al1 mates from every sampled won KRK
// start; the worst line is a mate of the worst case's length.
func TestKRKProvedSample(t *testing.T) {
	rep := provedSample(t, "krk-proved.al1", "KRK_PROVED", tablebase.MustEndgame("krk"), 3000, 21)
	require.NotEmpty(t, rep.WorstFEN)
	require.Equal(t, 2*rep.Worst-1, len(rep.WorstLine))
	require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")
}

// TestKRKShortSample: krk-short.al1, the cage, mates from every sampled
// won KRK start within its proved worst case (25 moves over the whole
// endgame, under the fifty-move rule; docs/verify.md); the worst line ends
// in mate. Its mate within seven moves in the smallest rooms needs more
// than the default budget from an empty memo (up to about three million
// nodes): the base gives that advice al play's budget, ten million
// (`nodes 10000000`), which the default options honour.
func TestKRKShortSample(t *testing.T) {
	eg := tablebase.MustEndgame("krk")
	_, tab := oracle(t, eg)
	table, ok := load(t, "krk-short.al1").Table("KRK_SHORT")
	require.True(t, ok)
	o := Options{Sample: 400, Seed: 27}
	starts := TableStarts(tab, table.Side, o)
	rep, err := Table(context.Background(), table, eg, starts, o)
	require.NoError(t, err)
	require.Equal(t, len(starts), rep.Proved, "failures: %v", rep.Failures)
	require.GreaterOrEqual(t, rep.Worst, rep.OptimalWorst)
	require.LessOrEqual(t, rep.Worst, 25)
	require.Equal(t, 2*rep.Worst-1, len(rep.WorstLine))
	require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")
}

// TestKQKProvedSample: the same table, its queen playing the rook, mates
// from every sampled won KQK start.
func TestKQKProvedSample(t *testing.T) {
	provedSample(t, "krk-proved.al1", "KRK_PROVED", tablebase.MustEndgame("kqk"), 2000, 23)
}

// TestKQKProvedTableSample: kqk-proved.al1, the queen's own table, mates
// from every sampled won KQK start, within its proved worst case (19 moves
// over the whole endgame; docs/verify.md); the worst line ends in mate.
func TestKQKProvedTableSample(t *testing.T) {
	rep := provedSample(t, "kqk-proved.al1", "KQK_PROVED", tablebase.MustEndgame("kqk"), 2000, 25)
	require.LessOrEqual(t, rep.Worst, 19)
	require.Equal(t, 2*rep.Worst-1, len(rep.WorstLine))
	require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")
}

// TestKQKShortTableSample: kqk-short.al1, the queen's short table, mates
// from every sampled won KQK start within its proved worst case (14 moves
// over the whole endgame, under the fifty-move rule; docs/verify.md); the
// worst line ends in mate.
func TestKQKShortTableSample(t *testing.T) {
	rep := provedSample(t, "kqk-short.al1", "KQK_SHORT", tablebase.MustEndgame("kqk"), 500, 26)
	require.LessOrEqual(t, rep.Worst, 14)
	require.Equal(t, 2*rep.Worst-1, len(rep.WorstLine))
	require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")
}

// kbbkTables are the shipped KBBK tables that claim to mate from every won
// start: the box (kbbk-proved.al1) and the same box with its moves
// ordered (kbbk-short.al1, shorter; docs/verify.md).
var kbbkTables = []struct{ file, name string }{
	{"kbbk-proved.al1", "KBBK_PROVED"},
	{"kbbk-short.al1", "KBBK_SHORT"},
}

// TestKBBKProvedSample: each KBBK table mates from every sampled won KBBK
// start. The sample is small: drawn at random, the starts share little,
// and each is a long game against every defence (about 0.7 s a start here;
// the whole endgame in tablebase order shares most of its searches and runs
// at 9,800 starts a second). It takes about 30 s a table, so it runs with
// AL_SLOW=1 (make verify, which also verifies the whole endgame);
// TestKBBKProvedStarts stands in for it in make test. Under the race
// detector, generating the KBBK tablebase alone takes about a minute.
func TestKBBKProvedSample(t *testing.T) {
	testenv.SkipUnlessSlow(t, "about 30 s a table: 40 random KBBK starts, each a long game against every defence")
	if raceOn {
		t.Skip("generating the KBBK tablebase takes about a minute under -race; TestKBBKProvedStarts runs instead")
	}
	for _, c := range kbbkTables {
		t.Run(c.file, func(t *testing.T) {
			rep := provedSample(t, c.file, c.name, tablebase.MustEndgame("kbbk"), 40, 24)
			require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")
		})
	}
}

// TestKBBKProvedStarts: each KBBK table mates against every defence from
// two won starts given by hand, with no tablebase: the bishops in a corner
// with the black king in the centre (the whole drive; its best defence
// makes it last longer than the fifty-move rule allows), and the black king
// already in a corner, which kbbk-short.al1 mates within the rule.
func TestKBBKProvedStarts(t *testing.T) {
	var starts []verify.Start[chess.Position]
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/KBB5 w - - 0 1",
		"7k/8/5K2/8/8/8/2B5/2B5 w - - 0 1",
	} {
		p, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		starts = append(starts, verify.Start[chess.Position]{Pos: p})
	}
	for _, c := range kbbkTables {
		t.Run(c.file, func(t *testing.T) {
			table, ok := load(t, c.file).Table(c.name)
			require.True(t, ok)
			rep, err := Table(context.Background(), table, tablebase.MustEndgame("kbbk"), starts, Options{FiftyMove: true})
			require.NoError(t, err)
			require.Equal(t, len(starts), rep.WithoutRule.Proved, "failures: %v", rep.Failures)
			if c.file == "kbbk-short.al1" {
				require.True(t, rep.Results[1].Proved, "failures: %v", rep.Failures)
			}
		})
	}
}

// TestKPKCompleteSample: kpk-complete.al3 answers rightly in every sampled
// position, both sides to move, with nothing undetermined, and no method
// is false anywhere (TABLAS read from the oracle too).
func TestKPKCompleteSample(t *testing.T) {
	tb, tab := oracle(t, tablebase.MustEndgame("kpk"))
	b := load(t, "kpk-complete.al3")
	truth, err := ParseTruth(b, []string{"TABLAS=draw"})
	require.NoError(t, err)
	o := Options{Sample: 4000, Seed: 22}
	cases := BaseCases(tab, o)
	rep, err := Base(context.Background(), tb, b, nil, truth, tablebase.MustEndgame("kpk"), cases, o)
	require.NoError(t, err)
	require.Equal(t, len(cases), rep.Right, "wrong: %v, undetermined: %v", rep.WrongExamples, rep.UndeterminedExamples)
	require.Positive(t, rep.White.Right)
	require.Positive(t, rep.Black.Right)
	for _, m := range rep.Methods {
		require.Zero(t, m.Violated, "%s: %v", m.Name, m.Counterexamples)
		require.Zero(t, m.Undetermined, m.Name)
		require.Equal(t, m.Applies, m.Holds, m.Name)
	}
}

// TestKQKRBaseSample: kqkr.al3 on a sample of KQKR positions, both sides
// to move: right everywhere, nothing undetermined, and every method true
// wherever it applies (the theorem M4 and the perpetual check M3 are the
// ones a counterexample would break; docs/verify.md has the figures over
// larger samples).
func TestKQKRBaseSample(t *testing.T) {
	fourMen(t)
	eg := tablebase.MustEndgame("kqkr")
	tb, tab := oracle(t, eg)
	b := load(t, "kqkr.al3")
	truth, err := ParseTruth(b, []string{"TABLAS=draw"})
	require.NoError(t, err)
	o := Options{Sample: 400, Seed: 31}
	cases := BaseCases(tab, o)
	rep, err := Base(context.Background(), tb, b, nil, truth, eg, cases, o)
	require.NoError(t, err)
	require.Equal(t, len(cases), rep.Right, "wrong: %v, undetermined: %v", rep.WrongExamples, rep.UndeterminedExamples)
	require.Positive(t, rep.White.Right)
	require.Positive(t, rep.Black.Right)
	for _, m := range rep.Methods {
		require.Zero(t, m.Violated, "%s: %v", m.Name, m.Counterexamples)
		require.Zero(t, m.Undetermined, m.Name)
		require.Equal(t, m.Applies, m.Holds, m.Name)
	}
}

// TestKBNKTableStarts: kbnk.al1 (not proved over the whole endgame:
// docs/verify.md) mates against every defence from two won KBNK starts
// given by hand, with no tablebase: the black king beside the mate corner
// with the white king coming (mate in 6, the tablebase's 6), and the king
// in the mate corner netted by the knight and the bishop (mate in 6).
func TestKBNKTableStarts(t *testing.T) {
	table, ok := load(t, "kbnk.al1").Table("KBNK")
	require.True(t, ok)
	starts := func(fens ...string) []verify.Start[chess.Position] {
		var s []verify.Start[chess.Position]
		for _, fen := range fens {
			p, err := chess.ParseFEN(fen)
			require.NoError(t, err)
			s = append(s, verify.Start[chess.Position]{Pos: p})
		}
		return s
	}
	eg := tablebase.MustEndgame("kbnk")
	rep, err := Table(context.Background(), table, eg, starts("8/8/8/K7/8/3N4/k7/2B5 w - - 0 1", "8/8/8/8/8/2K5/2N5/1kB5 w - - 0 1"), Options{FiftyMove: true})
	require.NoError(t, err)
	require.Equal(t, 2, rep.Proved, "failures: %v", rep.Failures)
	require.Equal(t, 6, rep.Worst)
	require.Contains(t, rep.WorstLine[len(rep.WorstLine)-1], "#")

	// The rule each consults first (0-based): the net (0: the king on b1,
	// the white king on b5, the minors safe); the men placed (2: the white
	// king next to the room and off the edge lines, the knight off them, no
	// minor next to the black king; the second start is one of the 16 dead
	// ends of depth 7, docs/verify.md); the approach (3: the white king on
	// an edge line, or the bishop next to the black king).
	for fen, rule := range map[string]int{
		"8/8/8/BK6/8/8/5N2/1k6 w - - 0 1":   0,
		"8/3B4/3N4/8/8/4k3/1K6/8 w - - 0 1": 2,
		"8/8/8/4B3/1N6/5K2/8/6k1 w - - 0 1": 2,
		"8/8/8/8/8/2K5/2N5/1kB5 w - - 0 1":  3,
		"8/8/8/K7/8/3N4/k7/2B5 w - - 0 1":   3,
		"1B6/8/8/8/1k6/8/3N4/K7 w - - 0 1":  3,
	} {
		p, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		require.Equal(t, rule, FirstRule(table, &p), fen)
	}
}

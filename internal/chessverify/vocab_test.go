package chessverify

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/testenv"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

// The shipped bases are written on the shipped vocabularies
// (knowledge/lib/*.al, definitions in the language); the same bases
// written on the library's Go predicates are kept in
// knowledge/testdata/builtin. TestVocabularyFigures verifies both on the
// same starts (or positions) and requires the same report, figure for
// figure (positions, proved and failed or right, wrong and undetermined,
// worst, mean, the failures and examples): on samples in `make test`, over
// the whole endgame with AL_SLOW=1 (`make verify`; KQKR on 20,000
// positions).

// rewritten is a shipped base rewritten on the vocabularies.
type rewritten struct {
	file, target, endgame string
	truth                 []string // an AL3 base's truth; nil for a table
	sample                int      // starts (a table) or positions (a base) in make test
	slow                  int      // with AL_SLOW: 0 for the whole endgame, else a sample as large
}

var rewrittenBases = []rewritten{
	{"krk.al1", "KRK", "krk", nil, 1000, 0},
	{"bratko.al1", "AL0_KRK", "krk", nil, 150, 0},
	{"al0-krk.al1", "AL0_KRK", "krk", nil, 60, 0},
	{"krk-proved.al1", "KRK_PROVED", "krk", nil, 150, 0},
	{"krk-proved.al1", "KRK_PROVED", "kqk", nil, 100, 0},
	{"kqk-proved.al1", "KQK_PROVED", "kqk", nil, 100, 0},
	{"kpk.al3", "", "kpk", []string{"TABLAS=draw"}, 300, 0},
	{"kpk-complete.al3", "", "kpk", []string{"TABLAS=draw"}, 300, 0},
	// KBBK only with AL_SLOW (its tablebase takes half a minute to build);
	// TestKBBKVocabularyStarts stands in for it in make test.
	{"kbbk.al1", "KBBK", "kbbk", nil, 5000, 0},
	{"kbbk-proved.al1", "KBBK_PROVED", "kbbk", nil, 40, 0},
	{"kqkr.al3", "", "kqkr", []string{"TABLAS=draw"}, 150, 20000},
}

// loadBuiltin compiles the base of knowledge/testdata/builtin written on
// the Go predicates.
func loadBuiltin(t *testing.T, file string) *kb.Base[chess.Position] {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "knowledge", "testdata", "builtin", file))
	require.NoError(t, err)
	b, diags := kb.Load(predicates.Library(), file, src)
	require.False(t, diags.HasErrors(), "%v", diags)
	return b
}

func TestVocabularyFigures(t *testing.T) {
	for _, c := range rewrittenBases {
		t.Run(c.file+"/"+c.endgame, func(t *testing.T) {
			if c.endgame == "kbbk" {
				testenv.SkipUnlessSlow(t, "the KBBK tablebase takes half a minute to build; TestKBBKVocabularyStarts runs instead")
			}
			if c.endgame == "kqkr" {
				fourMen(t)
			}
			o := Options{Sample: c.sample, Seed: 41}
			if testenv.Slow() {
				o.Sample = c.slow // KQKR has 19.7 million positions: a sample
			}
			eg := tablebase.MustEndgame(c.endgame)
			tb, tab := oracle(t, eg)
			var reports [2]string
			for i, b := range []*kb.Base[chess.Position]{loadBuiltin(t, c.file), load(t, c.file)} {
				if c.truth == nil {
					table, ok := b.Table(c.target)
					require.True(t, ok)
					rep, err := Table(context.Background(), table, eg, TableStarts(tab, table.Side, o), o)
					require.NoError(t, err)
					require.Positive(t, rep.Positions)
					reports[i] = jsonOf(t, rep)
					continue
				}
				truth, err := ParseTruth(b, c.truth)
				require.NoError(t, err)
				rep, err := Base(context.Background(), tb, b, nil, truth, eg, BaseCases(tab, o), o)
				require.NoError(t, err)
				require.Positive(t, rep.Positions)
				reports[i] = jsonOf(t, rep)
			}
			require.Equal(t, reports[0], reports[1], "%s on the Go predicates, then on the vocabularies", c.file)
		})
	}
}

// TestKBBKVocabularyStarts: kbbk.al1 and kbbk-proved.al1 on the vocabulary
// and on the Go predicates give the same report from the same starts,
// drawn at random for kbbk.al1 (the bishops on squares of both colours,
// White to move; most fail, the same way), the black king in a corner for
// kbbk-proved.al1, with no tablebase: the stand-in in make test for
// TestVocabularyFigures's KBBK runs (random KBBK starts share little: 300
// of them take most of a minute).
func TestKBBKVocabularyStarts(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	starts := func(n int) []verify.Start[chess.Position] {
		var out []verify.Start[chess.Position]
		for len(out) < n {
			sq := [4]chess.Square{}
			for i := range sq {
				sq[i] = chess.Square(r.IntN(64))
			}
			if (int(sq[2])&7+int(sq[2])>>3)%2 == (int(sq[3])&7+int(sq[3])>>3)%2 {
				continue // both bishops on one colour: no win
			}
			p, err := chess.NewPosition(chess.White,
				chess.Placement{Piece: chess.NewPiece(chess.White, chess.King), Square: sq[0]},
				chess.Placement{Piece: chess.NewPiece(chess.Black, chess.King), Square: sq[1]},
				chess.Placement{Piece: chess.NewPiece(chess.White, chess.Bishop), Square: sq[2]},
				chess.Placement{Piece: chess.NewPiece(chess.White, chess.Bishop), Square: sq[3]})
			if err != nil || p.Stalemate() {
				continue
			}
			out = append(out, verify.Start[chess.Position]{Pos: p})
		}
		return out
	}
	eg := tablebase.MustEndgame("kbbk")
	corner, err := chess.ParseFEN("7k/8/5K2/8/8/8/2B5/2B5 w - - 0 1")
	require.NoError(t, err)
	for _, c := range []struct {
		file, table string
		starts      []verify.Start[chess.Position]
	}{
		{"kbbk.al1", "KBBK", starts(40)},
		// One start: a random one is a long game against every defence.
		{"kbbk-proved.al1", "KBBK_PROVED", []verify.Start[chess.Position]{{Pos: corner}}},
	} {
		st := c.starts
		var reports [2]string
		for i, b := range []*kb.Base[chess.Position]{loadBuiltin(t, c.file), load(t, c.file)} {
			table, ok := b.Table(c.table)
			require.True(t, ok)
			rep, err := Table(context.Background(), table, eg, st, Options{})
			require.NoError(t, err)
			reports[i] = jsonOf(t, rep)
		}
		require.Equal(t, reports[0], reports[1], "%s on the Go predicates, then on the vocabulary", c.file)
	}
}

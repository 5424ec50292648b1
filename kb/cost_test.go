package kb

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// costLibrary is a library with chess's men and their most moves, whose
// positions each have two successors.
func costLibrary(moves bool) *Library[toy] {
	lib := NewLibrary[toy]()
	lib.SetSuccessors(func(p *toy, buf []toy) []toy { return append(buf[:0], toy{p.n + 1}, toy{p.n + 2}) })
	lib.SetPieceLetters("KQRBNP")
	if moves {
		lib.SetPieceMoves(8, 27, 14, 13, 8, 27)
	}
	return lib
}

// TestMoveQuantifierCost: a move quantifier counts the most legal moves of
// the base's declared endgames (the larger side's men's sum), 256 where it
// declares none or the library does not say its men's moves.
func TestMoveQuantifierCost(t *testing.T) {
	for _, c := range []struct {
		endgame string
		moves   bool
		domain  int64
	}{
		{"", true, 256},
		{"endgame KRK", true, 22},                // White 8 + 14, Black 8
		{"endgame white K R, black K", true, 22}, // the same, by material
		{"endgame KRK", false, 256},              // the library does not say
		{"endgame KQK", true, 35},
		{"endgame KBNK", true, 29},
		{"endgame KBBK", true, 34},
		{"endgame KPK", true, 35},  // a pawn counts as the queen it may become
		{"endgame KRKQ", true, 35}, // Black's side the larger
		{"endgame KRK or KQKR", true, 35},
		{"endgame KQQQQQQQQQK", true, 251},  // 8 + 9 × 27
		{"endgame KQQQQQQQQQQK", true, 256}, // 8 + 10 × 27, capped
	} {
		src := c.endgame + "\ndefine ONE = count move A: true\ndefine TWO = count move A: some move B of A: true\n"
		b, diags := Load(costLibrary(c.moves), "cost.al1", []byte(src))
		require.False(t, diags.HasErrors(), "%s: %s", c.endgame, diags)
		one, ok1 := b.Definition("ONE")
		two, ok2 := b.Definition("TWO")
		require.True(t, ok1 && ok2, c.endgame)
		// A quantifier costs its domain × its body + 1.
		require.Equal(t, int64(0), (one.cost-1)%c.domain, "%s: ONE costs %d", c.endgame, one.cost)
		body := (one.cost - 1) / c.domain
		require.Equal(t, c.domain*(c.domain*body+1)+1, two.cost, "%s: TWO", c.endgame)
	}
}

// TestMoveQuantifierCostLimit: three nested move quantifiers are refused
// where a move counts 256 and allowed in KRK (22 × 22 × 22); a definition
// over the bound with KRK's count is still refused, its message saying
// where the count comes from.
func TestMoveQuantifierCostLimit(t *testing.T) {
	const costly = "define COSTLY = some move A: some move B: some move C: true\n"
	const sq = "define SQ = some move A: some move B: some move C: some square s: some square t: some square u: true\n"
	for _, c := range []struct {
		src, err string
	}{
		{costly, "a square quantifier counts 64, a move quantifier 256; declaring the base's endgame, such as `endgame KRK`, counts its men's moves instead)"},
		{"endgame KRK\n" + costly, ""},
		{"endgame KQK\n" + costly, ""}, // 35³
		{"endgame KRK\n" + sq, "definition SQ could take too long: its quantifiers and calls evaluate its parts more than 8388608 times per position (at most 4194304; a square quantifier counts 64, a move quantifier 22, the most legal moves in the base's endgames)"},
	} {
		_, diags := Load(costLibrary(true), "cost.al1", []byte(c.src))
		if c.err == "" {
			require.False(t, diags.HasErrors(), "%s: %s", c.src, diags)
			continue
		}
		require.True(t, diags.HasErrors(), c.src)
		require.True(t, strings.Contains(diags.Error(), c.err), "%s: %s", c.src, diags)
	}
}

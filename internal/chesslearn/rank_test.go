package chesslearn

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

const rankSrc = `advice CHECK white depth 1
  better black_to_move & check
  holding ~rook_lost & ~stalemate

advice MATE white depth 2
  better mate
  holding ~rook_lost & ~stalemate

table T white
  rule true : CHECK, MATE
  rule black_king_edge : MATE
`

func TestRankMeasuresTermsAgainstTheTablebase(t *testing.T) {
	tb, tab := oracle(t, "krk")
	base, _ := compile(t, rankSrc)
	cfg := RankConfig{Table: base.Tables[0], TB: tb, Tab: tab, Sample: 400, Seed: 3, Workers: 1}
	rep, err := Rank(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, 400, rep.Positions)
	require.Positive(t, rep.Moves)
	byName := map[string]Feature{}
	for _, f := range rep.Features {
		require.GreaterOrEqual(t, f.C, -1.0)
		require.LessOrEqual(t, f.C, 1.0)
		byName[f.Kind+" "+f.Name] = f
	}
	// A mating move is always a correct move: no other move is rated
	// above it, and where there is one every other move is below.
	mate := byName["better MATE"]
	require.Zero(t, mate.H)
	require.Positive(t, mate.L)
	require.Equal(t, 1.0, mate.C)
	require.Less(t, byName["better CHECK"].C, 1.0)
	// MATE goes before CHECK; the default rule stays last.
	require.Equal(t, []int{1, 0}, rep.Order)
	require.Equal(t, [][]string{{"MATE"}, {"MATE", "CHECK"}}, rep.Advice)
	// The same counts whatever the workers.
	cfg.Workers = 3
	rep3, err := Rank(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, rep, rep3)
}

func TestRewriteTable(t *testing.T) {
	src := []byte("# head\nadvice A white depth 1\n  better mate\n\nadvice B white depth 1\n  better check\n\n# the table\ntable T white\n  rule check : A, B\n  rule true : B\n\n# after\n")
	out, err := RewriteTable("t.al1", src, "T", []int{1, 0}, [][]string{{"B"}, {"B", "A"}}, []string{"note"})
	require.NoError(t, err)
	require.Equal(t, "# head\nadvice A white depth 1\n  better mate\n\nadvice B white depth 1\n  better check\n\n# the table\n# note\ntable T white\n  rule true : B\n  rule check : B, A\n\n# after\n", string(out))
	_, err = RewriteTable("t.al1", src, "U", nil, nil, nil)
	require.ErrorContains(t, err, "no table U")
}

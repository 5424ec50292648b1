package main

import (
	"testing"

	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// TestGuessStartsIsTheWalk: the first pass's starts al verify builds
// beside the base's compilation (guessStarts) are the pass's starts of a
// table of White's (StartsWalk.Next), for one pass and for several; none
// are built when the endgame's table is not cached yet, nor for a run
// whose starts depend on more than the table and the slice.
func TestGuessStartsIsTheWalk(t *testing.T) {
	tb := tablebase.New(tablebase.Options{CacheDir: t.TempDir()})
	c := &VerifyCmd{KB: []string{"krk.al1"}}
	c.Endgame, c.Batch = "krk", 1<<20
	require.Nil(t, c.guessStarts(tb, 0), "not cached")
	krk, err := tablebase.ParseEndgame("krk")
	require.NoError(t, err)
	kbbk, err := tablebase.ParseEndgame("kbbk")
	require.NoError(t, err)
	tab, err := tb.Table(krk)
	require.NoError(t, err)
	require.True(t, tb.Cached(krk))
	require.False(t, tb.Cached(kbbk))
	for _, batch := range []int{1 << 20, 60000} {
		c.Batch = batch
		ch := c.guessStarts(tb, 0)
		require.NotNil(t, ch)
		g := <-ch
		require.True(t, g.ok)
		require.Same(t, tab, g.tab)
		items, _ := chessverify.CountTableStarts(tab, game.White, 0)
		var o chessverify.Options
		passes, err := runSlices(items, 0, 0, batch, &o)
		require.NoError(t, err)
		require.Equal(t, passes[0], pass{g.lo, g.hi})
		want := chessverify.NewStartsWalk(tab, game.White, 0, 1).Next(g.lo, g.hi)
		require.Equal(t, want, g.starts, "batch %d", batch)
	}
	for _, f := range []func(c *VerifyCmd){
		func(c *VerifyCmd) { c.Sample = 10 },
		func(c *VerifyCmd) { c.Rule = 1 },
		func(c *VerifyCmd) { c.Query = "GANA" },
		func(c *VerifyCmd) { c.KB = []string{"kpk.al3"} },
	} {
		d := *c
		f(&d)
		require.Nil(t, d.guessStarts(tb, 0))
	}
	require.Nil(t, c.guessStarts(tb, 2), "a shard")
}

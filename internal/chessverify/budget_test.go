package chessverify

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

// TestInexactBudgetRedoneExactly: issue 21's kbnk.al1 report that
// changed from run to run with two workers. At the default budget a
// table's searches were not exact (prover.Options.ExactBudget off) and
// the workers shared one search memo, so whether a search ran out of its
// budget depended on what the memo held (which starts the other worker
// had searched, and when): the line and the advice of an undetermined
// start's failure changed. Here the same at a small budget made Table's
// default one (Options.exactBelow): searching inexactly, the order of the
// starts (what the memo holds when each is searched) changes a KBNK
// failure's line (kbnk.al1's starts of the 40-start sample, budget
// 3,000), or stops the verification (bratko.al1 on 40 KRK starts, budget
// 300: a start fails with one memo and is proved with another). Table now
// stops at the first search that runs out and verifies again with exact
// budgets: its report is that of exact searches, for either order and
// any number of workers.
func TestInexactBudgetRedoneExactly(t *testing.T) {
	kbnk, ok := load(t, "kbnk.al1").Table("KBNK")
	require.True(t, ok)
	var kbnkStarts []verify.Start[chess.Position]
	for _, fen := range []string{"4k3/8/8/8/4N3/8/8/B2K4 w - - 0 1", "8/5N2/2k5/8/8/8/8/2B2K2 w - - 0 1",
		"8/8/4N3/k7/8/8/4B3/6K1 w - - 0 1", "8/4N3/3k4/8/8/8/8/4B1K1 w - - 0 1", "6k1/8/8/8/8/7B/8/N5K1 w - - 0 1",
		"8/7N/7k/8/8/8/K4B2/8 w - - 0 1", "5k2/8/8/5N2/8/1K6/2B5/8 w - - 0 1", "8/8/3N4/6K1/8/6Bk/8/8 w - - 0 1",
		"8/8/2K5/6N1/2B5/8/7k/8 w - - 0 1", "4N3/8/1B3K2/8/8/5k2/8/8 w - - 0 1"} {
		p, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		kbnkStarts = append(kbnkStarts, verify.Start[chess.Position]{Pos: p})
	}
	krk := tablebase.MustEndgame("krk")
	_, tab := oracle(t, krk)
	bratko := load(t, "bratko.al1").Tables[0]
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		table  *kb.Table[chess.Position]
		eg     tablebase.Endgame
		starts []verify.Start[chess.Position]
		budget int64
	}{
		{"kbnk.al1", kbnk, tablebase.MustEndgame("kbnk"), kbnkStarts, 3000},
		{"bratko.al1", bratko, krk, TableStarts(tab, bratko.Side, Options{Sample: 40, Seed: 3}), 300},
	} {
		rev := slices.Clone(c.starts)
		slices.Reverse(rev)
		o := Options{Workers: 1, MaxNodes: c.budget, Examples: len(c.starts)}

		// The flaw: inexact budgets, the starts in two orders.
		a, errA := table1(ctx, c.table, c.eg, c.starts, o, false, false)
		b, errB := table1(ctx, c.table, c.eg, rev, o, false, false)
		var naf *verify.NotAFunctionError
		flawed := errors.As(errA, &naf) || errors.As(errB, &naf)
		if !flawed {
			require.NoError(t, errA, c.name)
			require.NoError(t, errB, c.name)
			flawed = !sameReports(a, b)
		}
		require.True(t, flawed, "%s: inexact budgets no longer show the flaw here: find another budget", c.name)

		// Exact budgets throughout, and Table with the budget as its
		// default: the same report for either order and any workers.
		ox := o
		ox.ExactBudget = true
		want, err := Table(ctx, c.table, c.eg, c.starts, ox)
		require.NoError(t, err, c.name)
		require.NotEmpty(t, want.Failures, c.name)
		o.exactBelow = c.budget
		for _, w := range []int{1, 2} {
			o.Workers = w
			for _, s := range [][]verify.Start[chess.Position]{c.starts, rev} {
				got, err := Table(ctx, c.table, c.eg, s, o)
				require.NoError(t, err, "%s, workers %d", c.name, w)
				require.True(t, sameReports(want, got), "%s, workers %d:\n%s\n%s", c.name, w, jsonOf(t, want), jsonOf(t, got))
			}
		}

		// In two passes of one session (al verify over a large
		// endgame): the pass that meets a run-out is verified again
		// with new players, and so is the next.
		o.Workers, o.Session = 2, &verify.TableSession[chess.Position, chess.Move]{}
		half := len(c.starts) / 2
		var got TableReport
		for _, s := range [][]verify.Start[chess.Position]{c.starts[:half], c.starts[half:]} {
			r, err := Table(ctx, c.table, c.eg, s, o)
			require.NoError(t, err, "%s, session", c.name)
			got.Proved, got.Failed = got.Proved+r.Proved, got.Failed+r.Failed
			got.Failures = append(got.Failures, r.Failures...)
			for _, rc := range r.Reasons {
				k := slices.IndexFunc(got.Reasons, func(x verify.ReasonCount) bool { return x.Reason == rc.Reason })
				if k < 0 {
					got.Reasons = append(got.Reasons, rc)
				} else {
					got.Reasons[k].Starts += rc.Starts
				}
			}
		}
		o.Session.Close()
		require.True(t, sameReports(want, got), "%s, session:\n%s\n%s", c.name, jsonOf(t, want), jsonOf(t, got))
	}
}

// sameReports reports whether a and b, verifications of the same starts
// in any order with every failure an example, agree: the counts, the
// reasons and each start's failure.
func sameReports(a, b TableReport) bool {
	byFEN := func(r TableReport) map[string]verify.Failure {
		m := map[string]verify.Failure{}
		for _, f := range r.Failures {
			f.Index = 0
			m[f.FEN] = f
		}
		return m
	}
	fa, fb := byFEN(a), byFEN(b)
	if a.Proved != b.Proved || a.Failed != b.Failed || !slices.Equal(a.Reasons, b.Reasons) || len(fa) != len(fb) {
		return false
	}
	for k, f := range fa {
		g, ok := fb[k]
		if !ok || f.Reason != g.Reason || !slices.Equal(f.Line, g.Line) {
			return false
		}
	}
	return true
}

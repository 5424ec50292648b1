package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/internal/chessverify"
)

// CompareCmd is `al compare`: two knowledge bases verified over the same
// positions, side by side, with the positions where they differ.
type CompareCmd struct {
	tbFlags
	verifyFlags
	KB1    string `arg:"" name:"kb1" help:"The first knowledge base (a file or a shipped base)."`
	KB2    string `arg:"" name:"kb2" help:"The second knowledge base."`
	Table1 string `name:"table1" help:"The first base's table (default: its only table)." placeholder:"NAME"`
	Table2 string `name:"table2" help:"The second base's table (default: its only table)." placeholder:"NAME"`
}

// Help is the long help of `al compare`.
func (CompareCmd) Help() string {
	return `Verifies two knowledge bases as al verify does, over the same positions (the
same --sample and --seed), and prints the two reports side by side, then the
positions where they differ with both justifications: for two advice tables
the starts one proves and the other does not (the proof's worst case, the
failure's reason and line), for two AL3 bases the positions answered
differently (each answer with the reason al solve gives). Both must be
tables, or both AL3 bases (each asked its own query).
--json prints {"a": report, "b": report, "differ", ..., "differences":
[{"fen", "a": {...}, "b": {...}}]}.

Without --sample every position of the endgame is verified (seconds for
KRK, minutes for KBBK).

Example:
  al compare krk.al1 bratko.al1 --endgame krk --sample 2000
  al compare krk.al1 bratko.al1 --endgame krk --sample 500 --json
  al compare kpk.al3 kpk-complete.al3 --endgame kpk --truth TABLAS=draw --sample 1000`
}

// Run compares.
func (c *CompareCmd) Run(env *Env) error {
	o, done, err := c.options(env)
	if err != nil {
		return err
	}
	a, nameA, err := loadBase(env, c.KB1)
	if err != nil {
		return err
	}
	b, nameB, err := loadBase(env, c.KB2)
	if err != nil {
		return err
	}
	ta, err := resolveTarget(a, nameA, c.Table1, "")
	if err != nil {
		return err
	}
	tb2, err := resolveTarget(b, nameB, c.Table2, "")
	if err != nil {
		return err
	}
	if (ta.table == nil) != (tb2.table == nil) {
		return usageError{fmt.Sprintf("%s and %s are not of one kind: compare two advice tables or two AL3 bases", nameA, nameB)}
	}
	if c.FiftyMove && ta.table == nil {
		return usageError{"--fifty-move applies to advice tables' games, not to AL3 bases' answers"}
	}
	truth, err := chessverify.ParseTruth(a, c.Truth)
	if err != nil {
		return usageError{err.Error()}
	}
	if _, err := chessverify.ParseTruth(b, c.Truth); err != nil {
		return usageError{err.Error()}
	}
	tb, eg, tab, err := c.oracleTable(env, &c.tbFlags)
	if err != nil {
		return err
	}
	ctx := env.Context()
	var out strings.Builder
	if ta.table != nil {
		if ta.table.Side != tb2.table.Side {
			return usageError{"the two tables play different sides"}
		}
		starts, all := chessverify.SampleTableStarts(tab, ta.table.Side, c.Sample, c.Seed)
		cmp, err := chessverify.CompareTables(ctx, ta.table, tb2.table, eg, starts, o)
		done()
		if err != nil {
			return err
		}
		if env.JSON {
			return env.WriteJSON(cmp)
		}
		fmt.Fprintf(&out, "A: %s, table %s\nB: %s, table %s\non %s, %d starts%s\n", nameA, cmp.A.Table, nameB, cmp.B.Table, eg, len(starts), sampleNote(len(starts), all, c.Seed))
		row := func(name, x, y string) { out.WriteString(compareRow(name, x, y, 16)) }
		row("", "A", "B")
		row("proved", fmt.Sprint(cmp.A.Proved), fmt.Sprint(cmp.B.Proved))
		row("failed", fmt.Sprint(cmp.A.Failed), fmt.Sprint(cmp.B.Failed))
		row("worst", fmt.Sprintf("%d (tb %d)", cmp.A.Worst, cmp.A.OptimalWorst), fmt.Sprintf("%d (tb %d)", cmp.B.Worst, cmp.B.OptimalWorst))
		row("mean", fmt.Sprintf("%.2f (tb %.2f)", cmp.A.Mean, cmp.A.OptimalMean), fmt.Sprintf("%.2f (tb %.2f)", cmp.B.Mean, cmp.B.OptimalMean))
		if wa, wb := cmp.A.WithoutRule, cmp.B.WithoutRule; wa != nil && wb != nil {
			out.WriteString("without the rule:\n")
			row("  proved", fmt.Sprint(wa.Proved), fmt.Sprint(wb.Proved))
			row("  worst", fmt.Sprintf("%d (tb %d)", wa.Worst, wa.OptimalWorst), fmt.Sprintf("%d (tb %d)", wb.Worst, wb.OptimalWorst))
			row("  mean", fmt.Sprintf("%.2f (tb %.2f)", wa.Mean, wa.OptimalMean), fmt.Sprintf("%.2f (tb %.2f)", wb.Mean, wb.OptimalMean))
		}
		if len(cmp.A.Reasons)+len(cmp.B.Reasons) > 0 {
			fmt.Fprintf(&out, "failures by reason: A: %s; B: %s\n", orNone(reasonsText(cmp.A.Reasons)), orNone(reasonsText(cmp.B.Reasons)))
		}
		fmt.Fprintf(&out, "differ on %d starts: %d proved by A only, %d by B only; of those both prove, A is faster on %d, B on %d\n",
			cmp.Differ, cmp.OnlyA, cmp.OnlyB, cmp.FasterA, cmp.FasterB)
		for _, d := range cmp.Diffs {
			fmt.Fprintf(&out, "  %s (tablebase: mate in %d)\n", d.FEN, d.Optimal)
			for _, s := range []struct {
				n string
				v chessverify.Verdict
			}{{"A", d.A}, {"B", d.B}} {
				if s.v.Proved {
					fmt.Fprintf(&out, "    %s: proved, mate in at most %d against every defence\n", s.n, s.v.Moves)
				} else {
					fmt.Fprintf(&out, "    %s: fails, %s\n", s.n, s.v.Reason)
					if len(s.v.Line) > 0 {
						fmt.Fprintf(&out, "       line: %s\n", strings.Join(s.v.Line, " "))
					}
				}
			}
		}
		_, err = fmt.Fprint(env.Stdout, out.String())
		return err
	}
	cases, all := chessverify.SampleBaseCases(tab, c.Sample, c.Seed)
	cmp, err := chessverify.CompareBases(ctx, tb, a, b, truth, eg, cases, o)
	done()
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(cmp)
	}
	fmt.Fprintf(&out, "A: %s, query %s\nB: %s, query %s\non %s, %d positions%s\n", nameA, cmp.A.Query, nameB, cmp.B.Query, eg, len(cases), sampleNote(len(cases), all, c.Seed))
	row := func(name, x, y string) { out.WriteString(compareRow(name, x, y, 12)) }
	row("", "A", "B")
	row("right", fmt.Sprint(cmp.A.Right), fmt.Sprint(cmp.B.Right))
	row("wrong", fmt.Sprint(cmp.A.Wrong), fmt.Sprint(cmp.B.Wrong))
	row("undetermined", fmt.Sprint(cmp.A.Undetermined), fmt.Sprint(cmp.B.Undetermined))
	row("mean cycles", fmt.Sprintf("%.2f", cmp.A.MeanCycles), fmt.Sprintf("%.2f", cmp.B.MeanCycles))
	row("mean nodes", fmt.Sprintf("%.1f", cmp.A.MeanNodes), fmt.Sprintf("%.1f", cmp.B.MeanNodes))
	fmt.Fprintf(&out, "differ on %d positions: A right on %d, B right on %d\n", cmp.Differ, cmp.RightA, cmp.RightB)
	for _, d := range cmp.Diffs {
		fmt.Fprintf(&out, "  %s (tablebase: %v)\n", d.FEN, *d.Truth)
		fmt.Fprintf(&out, "    A: %s: %s\n", d.A.Answer, d.A.Reason)
		fmt.Fprintf(&out, "    B: %s: %s\n", d.B.Answer, d.B.Reason)
	}
	_, err = fmt.Fprint(env.Stdout, out.String())
	return err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// compareRow is a line of al compare's side-by-side table: the name, then
// A's and B's values right-aligned in columns of width w, always apart.
func compareRow(name, a, b string, w int) string {
	return fmt.Sprintf("%-14s %*s %*s\n", name, w, a, w, b)
}

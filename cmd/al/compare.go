package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/internal/chessverify"
	"github.com/fatih/color"
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
failure's reason and line), for two AL3 bases the positions judged
differently: each base is asked its own query and judged right, wrong or
undetermined against that query's truth (--truth maps both), so two bases
whose queries are opposite (GANA, TABLAS) differ only where one is right
and the other is not; each answer comes with the reason al solve gives.
Both must be tables, or both AL3 bases.
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
	if c.ExactBudget && ta.table == nil {
		return usageError{"--exact-budget applies to advice tables' searches, not to AL3 bases' answers (their --max-nodes bounds a whole run)"}
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
	if ta.table != nil {
		if ta.table.Side != tb2.table.Side {
			return usageError{"the two tables play different sides"}
		}
		starts, all := chessverify.SampleTableStarts(tab, ta.table.Side, c.Sample, c.Seed)
		cmp, err := chessverify.CompareTables(ctx, ta.table, tb2.table, eg, starts, o)
		done()
		if err != nil {
			return notAFunction(err, starts, c.ExactBudget)
		}
		return env.renderWithHTML(tableComparison{nameA: nameA, nameB: nameB, endgame: eg.String(), n: len(starts), of: all, seed: c.Seed, cmp: cmp}, c.htmlFlag)
	}
	cases, all := chessverify.SampleBaseCases(tab, c.Sample, c.Seed)
	cmp, err := chessverify.CompareBases(ctx, tb, a, b, truth, eg, cases, o)
	done()
	if err != nil {
		return err
	}
	return env.renderWithHTML(baseComparison{nameA: nameA, nameB: nameB, endgame: eg.String(), n: len(cases), of: all, seed: c.Seed, cmp: cmp}, c.htmlFlag)
}

// tableComparison is al compare's report of two advice tables: its JSON
// is the chessverify comparison.
type tableComparison struct {
	nameA, nameB, endgame string
	n, of                 int
	seed                  uint64
	cmp                   chessverify.TableComparison
}

func (r tableComparison) jsonValue() any { return r.cmp }

func (r tableComparison) writeText(env *Env, out io.Writer) error {
	cmp := r.cmp
	fmt.Fprintf(out, "A: %s, table %s\nB: %s, table %s\non %s, %d starts%s\n", r.nameA, cmp.A.Table, r.nameB, cmp.B.Table, r.endgame, r.n, sampleNote(r.n, r.of, r.seed))
	t := compareTable(16)
	t.row("", "A", "B")
	t.row("proved", fmt.Sprint(cmp.A.Proved), fmt.Sprint(cmp.B.Proved))
	t.row("failed", fmt.Sprint(cmp.A.Failed), fmt.Sprint(cmp.B.Failed))
	t.row("worst", fmt.Sprintf("%d (tb %d)", cmp.A.Worst, cmp.A.OptimalWorst), fmt.Sprintf("%d (tb %d)", cmp.B.Worst, cmp.B.OptimalWorst))
	t.row("mean", fmt.Sprintf("%.2f (tb %.2f)", cmp.A.Mean, cmp.A.OptimalMean), fmt.Sprintf("%.2f (tb %.2f)", cmp.B.Mean, cmp.B.OptimalMean))
	if wa, wb := cmp.A.WithoutRule, cmp.B.WithoutRule; wa != nil && wb != nil {
		// The same starts without the fifty-move rule.
		t.row("no-rule proved", fmt.Sprint(wa.Proved), fmt.Sprint(wb.Proved))
		t.row("no-rule worst", fmt.Sprintf("%d (tb %d)", wa.Worst, wa.OptimalWorst), fmt.Sprintf("%d (tb %d)", wb.Worst, wb.OptimalWorst))
		t.row("no-rule mean", fmt.Sprintf("%.2f (tb %.2f)", wa.Mean, wa.OptimalMean), fmt.Sprintf("%.2f (tb %.2f)", wb.Mean, wb.OptimalMean))
	}
	if err := t.write(env, out); err != nil {
		return err
	}
	if len(cmp.A.Reasons)+len(cmp.B.Reasons) > 0 {
		fmt.Fprintf(out, "failures by reason: A: %s; B: %s\n", orNone(reasonsText(cmp.A.Reasons)), orNone(reasonsText(cmp.B.Reasons)))
	}
	fmt.Fprintf(out, "differ on %d starts: %d proved by A only, %d by B only; of those both prove, A is faster on %d, B on %d\n",
		cmp.Differ, cmp.OnlyA, cmp.OnlyB, cmp.FasterA, cmp.FasterB)
	for _, d := range cmp.Diffs {
		fmt.Fprintf(out, "  %s (tablebase: mate in %d)\n", d.FEN, d.Optimal)
		for _, s := range []struct {
			n string
			v chessverify.Verdict
		}{{"A", d.A}, {"B", d.B}} {
			if s.v.Proved {
				fmt.Fprintf(out, "    %s: proved, mate in at most %d against every defence\n", s.n, s.v.Moves)
			} else {
				fmt.Fprintf(out, "    %s: fails, %s\n", s.n, s.v.Reason)
				if len(s.v.Line) > 0 {
					fmt.Fprintf(out, "       line: %s\n", strings.Join(s.v.Line, " "))
				}
			}
		}
	}
	return nil
}

// baseComparison is al compare's report of two AL3 bases: its JSON is the
// chessverify comparison.
type baseComparison struct {
	nameA, nameB, endgame string
	n, of                 int
	seed                  uint64
	cmp                   chessverify.BaseComparison
}

func (r baseComparison) jsonValue() any { return r.cmp }

func (r baseComparison) writeText(env *Env, out io.Writer) error {
	cmp := r.cmp
	fmt.Fprintf(out, "A: %s, query %s\nB: %s, query %s\non %s, %d positions%s\n", r.nameA, cmp.A.Query, r.nameB, cmp.B.Query, r.endgame, r.n, sampleNote(r.n, r.of, r.seed))
	t := compareTable(12)
	t.row("", "A", "B")
	t.row("right", fmt.Sprint(cmp.A.Right), fmt.Sprint(cmp.B.Right))
	t.row("wrong", fmt.Sprint(cmp.A.Wrong), fmt.Sprint(cmp.B.Wrong))
	t.row("undetermined", fmt.Sprint(cmp.A.Undetermined), fmt.Sprint(cmp.B.Undetermined))
	t.row("mean cycles", fmt.Sprintf("%.2f", cmp.A.MeanCycles), fmt.Sprintf("%.2f", cmp.B.MeanCycles))
	t.row("mean nodes", fmt.Sprintf("%.1f", cmp.A.MeanNodes), fmt.Sprintf("%.1f", cmp.B.MeanNodes))
	if err := t.write(env, out); err != nil {
		return err
	}
	fmt.Fprintf(out, "differ on %d positions (right, wrong or undetermined, each against its query's truth): A right on %d, B right on %d\n", cmp.Differ, cmp.RightA, cmp.RightB)
	for _, d := range cmp.Diffs {
		fmt.Fprintf(out, "  %s (tablebase: %s)\n", d.FEN, whiteWinsText(*d.WhiteWins))
		fmt.Fprintf(out, "    A: %s\n", verdictText(env, d.A))
		fmt.Fprintf(out, "    B: %s\n", verdictText(env, d.B))
	}
	return nil
}

// compareTable is al compare's side-by-side table: the name, then A's and
// B's values right-aligned in columns of width w, always apart.
func compareTable(w int) *textTable {
	return newTable("", column{Left: true, Min: 14}, column{Min: w + 1, Gap: 1}, column{Min: w + 1, Gap: 1})
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func whiteWinsText(w bool) string {
	if w {
		return "white wins"
	}
	return "white does not win"
}

// verdictText is an AL3 base's side of a difference: the answer, whether
// it is right or wrong against the truth of the base's own query (an
// undetermined answer is neither), and its reason.
func verdictText(env *Env, v chessverify.Verdict) string {
	j := string(v.Judgement)
	switch v.Judgement {
	case chessverify.Right:
		j = env.Paint(j, color.FgGreen)
	case chessverify.Wrong:
		j = env.Paint(j, color.FgRed)
	}
	if v.Judgement == chessverify.Undetermined {
		return fmt.Sprintf("%s (%s is %v): %s", v.Answer, v.Query, *v.Truth, v.Reason)
	}
	return fmt.Sprintf("%s, %s (%s is %v): %s", v.Answer, j, v.Query, *v.Truth, v.Reason)
}

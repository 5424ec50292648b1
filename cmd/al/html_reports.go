package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chesssolve"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/prover/verify"
)

// The HTML pages of al play, al verify and al compare (al solve's is in
// solve.go): each the report's figures, and its positions as boards.

const thumb = 200 // the side of a small board, in pixels

func (r playReport) writeHTML(p *htmlPage) {
	g := r.game
	p.heading("al play: table "+r.table.Name, fmt.Sprintf("The advice table %s (%s) from %s.", r.table.Name, r.table.Side, g.Start.FEN()))
	outcome := g.Outcome
	if g.Winner != "" {
		outcome += ", " + g.Winner + " wins"
	}
	p.open("div", "head")
	start, _ := boardOf(g.Start.FEN())
	p.board(start, 300, "the start")
	var sans []string
	for _, m := range g.Moves {
		sans = append(sans, m.SAN)
	}
	p.board(afterLine(g.Start, sans), 300, fmt.Sprintf("the end: %s (%s) after %d plies", outcome, g.Reason, len(g.Moves)))
	p.open("div", "summary")
	p.raw("<dl>")
	p.el("dt", "", "table")
	p.el("dd", "", fmt.Sprintf("%s (%s)", r.table.Name, r.table.Side))
	p.el("dt", "", "outcome")
	p.open("dd", "")
	cls := "undetermined"
	switch {
	case g.Outcome == "mate" && g.Winner == strings.ToLower(r.table.Side.String()):
		cls = "proved"
	case g.Outcome != "mate" || g.Winner != "":
		cls = "failed"
	}
	p.el("span", "badge "+cls, outcome)
	p.close("dd")
	p.el("dt", "", "reason")
	p.el("dd", "", g.Reason)
	p.el("dt", "", "plies")
	p.el("dd", "", fmt.Sprint(len(g.Moves)))
	p.raw("</dl>")
	p.close("div")
	p.close("div")
	p.el("h2", "", "The game")
	// One row a move number, as a score sheet: White's move, Black's,
	// and the advice and rule that chose the table's move.
	var rows [][]string
	num, row := g.Start.FullmoveNumber(), []string(nil)
	for i, m := range g.Moves {
		if row == nil {
			row = []string{fmt.Sprintf("%d.", num), "", "", ""}
		}
		if m.Side == "white" {
			row[1] = m.SAN
		} else {
			if i == 0 {
				row[1] = "…"
			}
			row[2] = m.SAN
		}
		if note := moveNote(m); note != "" {
			row[3] = note
		}
		if m.Side == "black" || i == len(g.Moves)-1 {
			rows = append(rows, row)
			row = nil
			num++
		}
	}
	p.table([]string{"move", "white", "black", "the table's advice and rule"}, rows)
}

// startAndLine writes the board of a start and the board its line
// reaches, side by side.
func startAndLine(p *htmlPage, fen string, line []string, first, last string) {
	b, ok := boardOf(fen)
	if !ok {
		p.el("p", "fen", fen)
		return
	}
	p.open("div", "boards")
	p.board(b, thumb, first)
	if len(line) > 0 {
		p.board(afterLine(b.pos, line), thumb, last)
	}
	p.close("div")
}

// numbered is a SAN line from fen with move numbers (the line alone when
// the FEN does not parse).
func numbered(fen string, line []string) string {
	pos, err := chess.Parse(fen)
	if err != nil {
		return strings.Join(line, " ")
	}
	return chesssolve.Numbered(&pos, line)
}

// tableFigures writes a table's verification figures and its worst line.
func tableFigures(p *htmlPage, r *verify.TableReport) {
	rows := [][]string{
		{"starts", fmt.Sprint(r.Positions)},
		{"proved", fmt.Sprintf("%d (%s)", r.Proved, percent(r.Proved, r.Positions))},
		{"failed", fmt.Sprint(r.Failed)},
	}
	if r.Proved > 0 {
		rows = append(rows,
			[]string{"worst case", fmt.Sprintf("mate in %d (tablebase %d)", r.Worst, r.OptimalWorst)},
			[]string{"mean", fmt.Sprintf("%.2f moves (tablebase %.2f)", r.Mean, r.OptimalMean)})
	}
	p.table([]string{"", "value"}, rows, 1)
}

func (v tableVerification) writeHTML(p *htmlPage) {
	run, rep := v.run, v.rep
	p.heading(fmt.Sprintf("al verify: %s, table %s", run.Name, rep.Table),
		fmt.Sprintf("The table %s (%s) played against every defence from %d starts of %s%s.", rep.Table, rep.Side, rep.Positions, rep.Endgame, sampleNote(run.Items, run.Of, run.Seed)))
	tableFigures(p, &rep.TableReport)
	if rep.Proved > 0 && rep.WorstFEN != "" {
		p.el("h2", "", "The worst line")
		p.el("p", "line", numbered(rep.WorstFEN, rep.WorstLine))
		startAndLine(p, rep.WorstFEN, rep.WorstLine, "the start with the worst case", fmt.Sprintf("mate after %d moves", rep.Worst))
	}
	if len(rep.Failures) > 0 {
		p.el("h2", "", fmt.Sprintf("Failures (the first %d, in tablebase order)", len(rep.Failures)))
		for _, f := range rep.Failures {
			p.open("div", "card")
			p.el("div", "", f.Reason)
			if len(f.Line) > 0 {
				p.el("div", "line", "line: "+numbered(f.FEN, f.Line))
			}
			startAndLine(p, f.FEN, f.Line, "the start", "where the line fails")
			p.close("div")
		}
	}
}

func (v baseVerification) writeHTML(p *htmlPage) {
	run, rep := v.run, v.rep
	p.heading(fmt.Sprintf("al verify: %s, query %s", run.Name, rep.Query),
		fmt.Sprintf("The query %s asked in %d positions of %s%s, both sides to move%s.", rep.Query, rep.Positions, rep.Endgame, sampleNote(run.Items, run.Of, run.Seed), truthNote(run.Truth, rep.Query)))
	row := func(name string, f func(t *verify.Tally) string) []string {
		return []string{name, f(&rep.Tally), f(&rep.White), f(&rep.Black)}
	}
	p.table([]string{"", "all", "white to move", "black to move"}, [][]string{
		row("positions", func(t *verify.Tally) string { return fmt.Sprint(t.Positions) }),
		row("right", func(t *verify.Tally) string { return fmt.Sprint(t.Right) }),
		row("wrong", func(t *verify.Tally) string { return fmt.Sprint(t.Wrong) }),
		row("undetermined", func(t *verify.Tally) string { return fmt.Sprint(t.Undetermined) }),
		row("mean cycles", func(t *verify.Tally) string { return fmt.Sprintf("%.2f", t.MeanCycles) }),
		row("mean nodes", func(t *verify.Tally) string { return fmt.Sprintf("%.1f", t.MeanNodes) }),
	}, 1, 2, 3)
	if len(rep.WrongExamples) > 0 {
		p.el("h2", "", "Wrong answers (the first of each kind)")
		p.open("div", "boards")
		for _, w := range rep.WrongExamples {
			if b, ok := boardOf(w.FEN); ok {
				p.board(b, thumb, fmt.Sprintf("answered %s, but by the tablebase %s is %v", w.Answer, rep.Query, w.Truth))
			}
		}
		p.close("div")
	}
	if len(rep.UndeterminedExamples) > 0 {
		p.el("h2", "", "Undetermined (the first)")
		p.open("div", "boards")
		for _, f := range rep.UndeterminedExamples {
			if b, ok := boardOf(f); ok {
				p.board(b, thumb, "undetermined")
			}
		}
		p.close("div")
	}
	if len(rep.Methods) == 0 {
		return
	}
	p.el("h2", "", "Methods: where the conditions hold, is the relation true?")
	var rows [][]string
	for _, m := range rep.Methods {
		rows = append(rows, []string{m.Name, fmt.Sprint(m.Applies), fmt.Sprint(m.Holds), fmt.Sprint(m.Violated), fmt.Sprint(m.Undetermined), m.Relation})
	}
	p.table([]string{"method", "applies", "holds", "violated", "undetermined", "relation"}, rows, 1, 2, 3, 4)
	for _, m := range rep.Methods {
		if len(m.Counterexamples) == 0 {
			continue
		}
		p.el("h3", "", "Counterexamples of "+m.Name)
		p.open("div", "boards")
		for _, c := range m.Counterexamples {
			if b, ok := boardOf(c.FEN); ok {
				p.board(b, thumb, m.Name+" is false here: "+valuesText(c.Values))
			}
		}
		p.close("div")
	}
}

// sides writes A's and B's columns side by side.
func sides(p *htmlPage, nameA, nameB string, a, b func()) {
	p.open("div", "cols")
	for _, s := range []struct {
		name string
		f    func()
	}{{nameA, a}, {nameB, b}} {
		p.open("div", "")
		p.el("h3", "", s.name)
		s.f()
		p.close("div")
	}
	p.close("div")
}

func (r tableComparison) writeHTML(p *htmlPage) {
	cmp := r.cmp
	p.heading(fmt.Sprintf("al compare: %s and %s", r.nameA, r.nameB),
		fmt.Sprintf("A: %s, table %s; B: %s, table %s; on %s, %d starts%s.", r.nameA, cmp.A.Table, r.nameB, cmp.B.Table, r.endgame, r.n, sampleNote(r.n, r.of, r.seed)))
	p.table([]string{"", "A", "B"}, [][]string{
		{"proved", fmt.Sprint(cmp.A.Proved), fmt.Sprint(cmp.B.Proved)},
		{"failed", fmt.Sprint(cmp.A.Failed), fmt.Sprint(cmp.B.Failed)},
		{"worst", fmt.Sprintf("%d (tb %d)", cmp.A.Worst, cmp.A.OptimalWorst), fmt.Sprintf("%d (tb %d)", cmp.B.Worst, cmp.B.OptimalWorst)},
		{"mean", fmt.Sprintf("%.2f (tb %.2f)", cmp.A.Mean, cmp.A.OptimalMean), fmt.Sprintf("%.2f (tb %.2f)", cmp.B.Mean, cmp.B.OptimalMean)},
	}, 1, 2)
	p.el("p", "", fmt.Sprintf("They differ on %d starts: %d proved by A only, %d by B only; of those both prove, A is faster on %d, B on %d.",
		cmp.Differ, cmp.OnlyA, cmp.OnlyB, cmp.FasterA, cmp.FasterB))
	for _, d := range cmp.Diffs {
		p.open("div", "card")
		p.el("h3", "", fmt.Sprintf("%s (tablebase: mate in %d)", d.FEN, d.Optimal))
		verdict := func(v chessverify.Verdict) func() {
			return func() {
				if v.Proved {
					p.badge("proved")
					p.text(fmt.Sprintf(" mate in at most %d against every defence", v.Moves))
					if b, ok := boardOf(d.FEN); ok {
						p.open("div", "boards")
						p.board(b, thumb, "the start")
						p.close("div")
					}
					return
				}
				p.badge("failed")
				p.text(" " + v.Reason)
				if len(v.Line) > 0 {
					p.el("div", "line", "line: "+numbered(d.FEN, v.Line))
				}
				startAndLine(p, d.FEN, v.Line, "the start", "where the line fails")
			}
		}
		sides(p, "A: "+r.nameA, "B: "+r.nameB, verdict(d.A), verdict(d.B))
		p.close("div")
	}
}

func (r baseComparison) writeHTML(p *htmlPage) {
	cmp := r.cmp
	p.heading(fmt.Sprintf("al compare: %s and %s", r.nameA, r.nameB),
		fmt.Sprintf("A: %s, query %s; B: %s, query %s; on %s, %d positions%s. Each base is judged against the truth of its own query.", r.nameA, cmp.A.Query, r.nameB, cmp.B.Query, r.endgame, r.n, sampleNote(r.n, r.of, r.seed)))
	p.table([]string{"", "A", "B"}, [][]string{
		{"right", fmt.Sprint(cmp.A.Right), fmt.Sprint(cmp.B.Right)},
		{"wrong", fmt.Sprint(cmp.A.Wrong), fmt.Sprint(cmp.B.Wrong)},
		{"undetermined", fmt.Sprint(cmp.A.Undetermined), fmt.Sprint(cmp.B.Undetermined)},
		{"mean cycles", fmt.Sprintf("%.2f", cmp.A.MeanCycles), fmt.Sprintf("%.2f", cmp.B.MeanCycles)},
		{"mean nodes", fmt.Sprintf("%.1f", cmp.A.MeanNodes), fmt.Sprintf("%.1f", cmp.B.MeanNodes)},
	}, 1, 2)
	p.el("p", "", fmt.Sprintf("They differ on %d positions: A right on %d, B right on %d.", cmp.Differ, cmp.RightA, cmp.RightB))
	for _, d := range cmp.Diffs {
		p.open("div", "card")
		p.el("h3", "", fmt.Sprintf("%s (tablebase: %s)", d.FEN, whiteWinsText(*d.WhiteWins)))
		b, ok := boardOf(d.FEN)
		if ok {
			p.open("div", "boards")
			p.board(b, 260, "the position")
			p.close("div")
		}
		verdict := func(v chessverify.Verdict) func() {
			return func() {
				p.badge(v.Answer)
				if v.Judgement != chessverify.Undetermined {
					p.text(" ")
					p.badge(string(v.Judgement))
				}
				p.text(fmt.Sprintf(" (%s is %v by the tablebase)", v.Query, *v.Truth))
				p.el("p", "", v.Reason)
				if v.Justification != nil && ok {
					p.justification(b.pos, v.Justification, 160)
				}
			}
		}
		sides(p, "A: "+r.nameA, "B: "+r.nameB, verdict(d.A), verdict(d.B))
		p.close("div")
	}
}

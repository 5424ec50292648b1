package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chesssolve"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/cycle"
	"github.com/fatih/color"
)

// maxEPDLine is the longest line of a position file: an EPD record with
// its operations is well under a kilobyte.
const maxEPDLine = 64 << 10

// parseEPDLine reads one line of a position file: an EPD record (its id
// operation names it), a FEN, or a piece list ("Kb5 Pd3 / Ke5 w").
func parseEPDLine(s string) (chess.Position, string, error) {
	if f := strings.Fields(s); len(f) > 0 && strings.Count(f[0], "/") == 7 {
		p, ops, err := chess.ParseEPD(s)
		return p, ops["id"], err
	}
	p, err := chess.Parse(s)
	if err != nil {
		return p, "", fmt.Errorf("not a position (want EPD, FEN or a piece list such as \"Kb5 Pd3 / Ke5 w\"): %w", err)
	}
	return p, "", nil
}

// epdAnswer is one line of `al solve --epd --json`: where the position
// is, its id, and the answer as `al solve --json` gives it, or the error.
type epdAnswer struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	ID    string `json:"id,omitempty"`
	Error string `json:"error,omitempty"`
	*chesssolve.JSON
}

// runEPD is `al solve KB --epd FILE`: the base's question on every
// position of FILE ("-": standard input), one answer a line. Blank lines
// and lines starting with '#' are skipped; a line that is not a position
// is reported as FILE:LINE: message (on stderr; with --json also as a
// JSON line with "error") and the others are still answered; then the
// exit status is 1. The budgets (--timeout, --max-cycles, --max-nodes)
// are each position's.
func (c *SolveCmd) runEPD(env *Env) error {
	if c.Pos != "" || c.Trace {
		return usageError{"--epd answers every position of a file: it takes neither --pos nor --trace"}
	}
	env.Phase("reading the positions")
	src, err := readInput(env, c.EPD, env.MaxFileSize)
	if err != nil {
		return err
	}
	name := c.EPD
	if name == "-" {
		name = "<stdin>"
	}
	env.Phase("reading the knowledge base")
	b, kbName, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	var query *kb.Term
	if c.Query != "" {
		q, err := b.ParseTerm(c.Query)
		if err != nil {
			return fmt.Errorf("--query: %w", err)
		}
		query = &q
	}
	policy, err := cycle.ParsePolicy(c.Policy)
	if err != nil {
		return usageError{"--policy: " + err.Error()}
	}
	answered, nerr := 0, 0
	prog := newProgressBar(env, "solve")
	defer prog.end()
	fail := func(line int, msg string) error {
		nerr++
		prog.clear()
		fmt.Fprintf(env.Stderr, "%s:%d: %s\n", name, line, msg)
		if env.JSON {
			return writeJSONLine(env, epdAnswer{File: name, Line: line, Error: msg})
		}
		return nil
	}
	lines := strings.Split(string(src), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	mem, err := loadMemory(env, c.KB, c.Memory, b)
	if err != nil {
		return err
	}
	opt := chesssolve.Options{MaxCycles: c.MaxCycles, MaxNodes: c.MaxNodes, Policy: policy, Timeout: c.Timeout, Memory: mem}
	counts := map[string]int{}
	env.Phase("running the prover")
	for i, l := range lines {
		prog.report("", i, len(lines))
		l = strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		if l == "" || l[0] == '#' {
			continue
		}
		var pos chess.Position
		var id string
		err := fmt.Errorf("a line longer than %d bytes: no position is written so", maxEPDLine)
		if len(l) <= maxEPDLine {
			pos, id, err = parseEPDLine(l)
		}
		if err == nil {
			if err = checkMaterial(b, kbName, &pos); err != nil {
				err = errors.New(strings.TrimPrefix(err.Error(), "--pos: "))
			}
		}
		var rep *chesssolve.Report
		if err == nil {
			if err := env.Context().Err(); err != nil {
				return err
			}
			rep, err = chesssolve.Solve(env.Context(), b, pos, query, opt)
		}
		if err != nil {
			if err := fail(i+1, err.Error()); err != nil {
				return err
			}
			continue
		}
		answered++
		j := rep.JSON()
		counts[j.Answer]++
		if env.JSON {
			if err := writeJSONLine(env, epdAnswer{File: name, Line: i + 1, ID: id, JSON: &j}); err != nil {
				return err
			}
			continue
		}
		prog.clear()
		answer := fmt.Sprintf("%-12s", j.Answer)
		answer = strings.Replace(answer, j.Answer, env.Paint(j.Answer, answerColour[rep.Result.Answer]), 1)
		text := fmt.Sprintf("%s:%d: %s %s", name, i+1, answer, pos.FEN())
		if id != "" {
			text += fmt.Sprintf("  id %q", id)
		}
		if j.Reason != "" {
			text += "  (" + j.Reason + ")"
		}
		if _, err := fmt.Fprintln(env.Stdout, text); err != nil {
			return err
		}
	}
	prog.end()
	if !env.JSON {
		fmt.Fprintf(env.Stdout, "%s: %d yes, %d no, %d undetermined; %s\n",
			plural(answered, "position"), counts["yes"], counts["no"], counts["undetermined"], plural(nerr, "error"))
	}
	if nerr > 0 {
		return silentError{exitInput}
	}
	return nil
}

// answerColour is the colour of each answer in text.
var answerColour = map[cycle.Answer]color.Attribute{cycle.Yes: color.FgGreen, cycle.No: color.FgRed, cycle.Undetermined: color.FgYellow}

// writeJSONLine writes v as one line of JSON (JSON Lines).
func writeJSONLine(env *Env, v any) error {
	enc := json.NewEncoder(env.Stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// plural is n and the noun, in the plural unless n is 1.
func plural[T ~int | ~int64](n T, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

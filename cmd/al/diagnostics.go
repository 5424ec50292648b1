package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/lang"
	"github.com/fatih/color"
)

// jsonDiagnostic is one diagnostic as `--json` prints it.
type jsonDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Message  string `json:"message"`
	Severity string `json:"severity"`
}

func toJSON(ds lang.Diagnostics) []jsonDiagnostic {
	out := make([]jsonDiagnostic, 0, len(ds))
	for _, d := range ds {
		out = append(out, jsonDiagnostic{File: d.Pos.Filename, Line: d.Pos.Line, Col: d.Pos.Column, Message: d.Msg, Severity: d.Severity.String()})
	}
	return out
}

// sources caches file contents for showing the line of a diagnostic.
type sources map[string][]byte

// reportDiagnostics is how every command that reads a file reports its errors (al
// check, al fmt's parse errors, al deduce, al tree): with --json the list of
// {"file","line","col","message","severity"} on stdout, else
// printDiagnostics on stderr. It returns silentError{exitInput} when ds
// holds an error, else nil.
func reportDiagnostics(env *Env, src sources, ds lang.Diagnostics) error {
	if env.JSON {
		if err := env.WriteJSON(toJSON(ds)); err != nil {
			return err
		}
	} else {
		printDiagnostics(env, src, ds)
	}
	if ds.HasErrors() {
		return silentError{exitInput}
	}
	return nil
}

// printDiagnostics writes ds to stderr the way a compiler does:
// `file:line:col: message`, then the source line and a caret under the
// column, in colour when colour is on, and a summary line ("2 errors, 0
// warnings") when there is any.
//
// At most --max-errors diagnostics are printed (the first, in file order),
// followed by how many were left out; the summary counts them all.
func printDiagnostics(env *Env, src sources, ds lang.Diagnostics) {
	if len(ds) == 0 {
		return
	}
	w := bufio.NewWriter(env.Stderr)
	defer w.Flush()
	defer fmt.Fprintln(w, summary(ds))
	shown := ds
	if n := env.MaxErrors; n > 0 && len(ds) > n {
		shown = ds[:n]
		defer fmt.Fprintf(w, "... and %d more not shown (--max-errors %d; 0 shows all)\n", len(ds)-n, n)
	}
	lines := lineIndex{}
	for _, d := range shown {
		where := fmt.Sprintf("%s:%d:%d:", d.Pos.Filename, d.Pos.Line, d.Pos.Column)
		if d.Pos.Line == 0 {
			where = d.Pos.Filename + ":"
		}
		msg := env.PaintErr(d.Msg, color.FgRed)
		if d.Severity == lang.Warning {
			msg = env.PaintErr("warning:", color.FgYellow, color.Bold) + " " + d.Msg
		}
		fmt.Fprintf(w, "%s %s\n", env.PaintErr(where, color.Bold), msg)
		line, ok := lines.line(src, d.Pos.Filename, d.Pos.Line)
		if !ok || strings.TrimSpace(line) == "" {
			continue // a caret under a blank line shows nothing
		}
		line, column := clip(line, d.Pos.Column)
		var caret strings.Builder
		col := 1
		for _, r := range line {
			if col >= column {
				break
			}
			if r == '\t' {
				caret.WriteByte('\t')
			} else {
				caret.WriteByte(' ')
			}
			col++
		}
		fmt.Fprintf(w, "    %s\n    %s%s\n", line, caret.String(), env.PaintErr("^", color.FgGreen, color.Bold))
	}
}

// maxShown is the most characters of a source line printed under a
// diagnostic: a longer line (a generated file may hold a whole base on
// one line) is shown as the part around the column, with "..." for the
// rest.
const maxShown = 160

// clip returns the part of line shown for column col, and col in it.
func clip(line string, col int) (string, int) {
	rs := []rune(line)
	if len(rs) <= maxShown {
		return line, col
	}
	from := max(0, min(col-1-maxShown/2, len(rs)-maxShown))
	to := min(len(rs), from+maxShown)
	out := string(rs[from:to])
	if to < len(rs) {
		out += "..."
	}
	if from > 0 {
		return "..." + out, col - from + 3
	}
	return out, col
}

// lineIndex finds source lines by number: the offsets of each file's
// lines are found once, so printing many diagnostics of one file is
// linear in its size.
type lineIndex map[string][]int

// line returns line n (from 1) of file's source without its newline.
func (x lineIndex) line(src sources, file string, n int) (string, bool) {
	b := src[file]
	if n < 1 || b == nil {
		return "", false
	}
	starts, ok := x[file]
	if !ok {
		starts = []int{0}
		for i, c := range b {
			if c == '\n' {
				starts = append(starts, i+1)
			}
		}
		x[file] = starts
	}
	if n > len(starts) {
		return "", false
	}
	end := len(b)
	if n < len(starts) {
		end = starts[n] - 1
	}
	return strings.TrimRight(string(b[starts[n-1]:end]), "\r"), true
}

// summary is "2 errors, 1 warning".
func summary(ds lang.Diagnostics) string {
	var e, w int
	for _, d := range ds {
		if d.Severity == lang.Warning {
			w++
		} else {
			e++
		}
	}
	plural := func(n int, s string) string {
		if n == 1 {
			return fmt.Sprintf("1 %s", s)
		}
		return fmt.Sprintf("%d %ss", n, s)
	}
	return plural(e, "error") + ", " + plural(w, "warning")
}

// readSource reads a file the command was given (readInput: a regular
// file or - for standard input, within --max-file-size); a failure is a
// diagnostic of the file, so that one unreadable file does not hide the
// others' errors.
func readSource(env *Env, name string) ([]byte, *lang.Diagnostic) {
	b, err := readInput(env, name, env.MaxFileSize)
	if err != nil {
		msg := err.Error()
		if ie, ok := err.(*inputError); ok {
			msg = ie.msg
		}
		return nil, &lang.Diagnostic{Pos: lang.Pos{Filename: name}, Severity: lang.Error, Msg: msg}
	}
	return b, nil
}

// readKnowledgeSource is readSource for the commands that take knowledge
// bases by name as play and verify do (check, fmt): when no file of that
// path exists and a shipped base or vocabulary has its name (kqk-short.al1,
// lib/kqk.al), the shipped one is read, under its shipped name.
func readKnowledgeSource(env *Env, name string) (string, []byte, *lang.Diagnostic) {
	b, bad := readSource(env, name)
	if bad == nil || name == "-" {
		return name, b, bad
	}
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		return name, nil, bad
	}
	for _, shipped := range []string{filepath.ToSlash(name), filepath.Base(name)} {
		if eb, err := fs.ReadFile(knowledge.Files, shipped); err == nil {
			return shipped, eb, nil
		}
	}
	bad.Msg = noShippedBase(name)
	return name, nil, bad
}

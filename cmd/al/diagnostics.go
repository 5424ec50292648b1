package main

import (
	"fmt"
	"os"
	"strings"

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
func printDiagnostics(env *Env, src sources, ds lang.Diagnostics) {
	if len(ds) > 0 {
		defer fmt.Fprintln(env.Stderr, summary(ds))
	}
	for _, d := range ds {
		where := fmt.Sprintf("%s:%d:%d:", d.Pos.Filename, d.Pos.Line, d.Pos.Column)
		if d.Pos.Line == 0 {
			where = d.Pos.Filename + ":"
		}
		msg := env.Paint(d.Msg, color.FgRed)
		if d.Severity == lang.Warning {
			msg = env.Paint("warning:", color.FgYellow, color.Bold) + " " + d.Msg
		}
		fmt.Fprintf(env.Stderr, "%s %s\n", env.Paint(where, color.Bold), msg)
		line, ok := sourceLine(src[d.Pos.Filename], d.Pos.Line)
		if !ok || strings.TrimSpace(line) == "" {
			continue // a caret under a blank line shows nothing
		}
		var caret strings.Builder
		col := 1
		for _, r := range line {
			if col >= d.Pos.Column {
				break
			}
			if r == '\t' {
				caret.WriteByte('\t')
			} else {
				caret.WriteByte(' ')
			}
			col++
		}
		fmt.Fprintf(env.Stderr, "    %s\n    %s%s\n", line, caret.String(), env.Paint("^", color.FgGreen, color.Bold))
	}
}

// sourceLine returns line n (from 1) of src without its newline.
func sourceLine(src []byte, n int) (string, bool) {
	if n < 1 || src == nil {
		return "", false
	}
	lines := strings.Split(string(src), "\n")
	if n > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[n-1], "\r"), true
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

// readSource reads a knowledge-base file; a failure is a diagnostic of the
// file, so that one unreadable file does not hide the others' errors.
func readSource(name string) ([]byte, *lang.Diagnostic) {
	b, err := os.ReadFile(name)
	if err != nil {
		msg := err.Error()
		if pe, ok := err.(*os.PathError); ok {
			msg = "cannot read the file: " + pe.Err.Error()
		}
		return nil, &lang.Diagnostic{Pos: lang.Pos{Filename: name}, Severity: lang.Error, Msg: msg}
	}
	return b, nil
}

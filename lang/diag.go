package lang

import (
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Pos is a position in a source file: file name, byte offset, line and
// column (both from 1; the column counts characters, not bytes).
type Pos = lexer.Position

// Severity says whether a diagnostic stops a knowledge base from being used.
type Severity uint8

const (
	// Error makes `al check` fail.
	Error Severity = iota
	// Warning is reported but does not fail a check.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one error or warning about a source file.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
}

// String formats d as `file:line:col: message` (warnings say so).
func (d Diagnostic) String() string {
	if d.Severity == Warning {
		return fmt.Sprintf("%s: warning: %s", posString(d.Pos), d.Msg)
	}
	return fmt.Sprintf("%s: %s", posString(d.Pos), d.Msg)
}

func posString(p Pos) string {
	name := p.Filename
	if name == "" {
		name = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// Diagnostics is the list of every problem found in one run, in the style of
// starlark-go's ErrorList: collected, never just the first.
type Diagnostics []Diagnostic

// Errorf appends an error at pos.
func (ds *Diagnostics) Errorf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// Warnf appends a warning at pos.
func (ds *Diagnostics) Warnf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
}

// HasErrors reports whether ds holds at least one error (not only warnings).
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders ds by file, offset, then message, and drops exact duplicates.
func (ds *Diagnostics) Sort() {
	s := *ds
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i].Pos, s[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return s[i].Msg < s[j].Msg
	})
	out := s[:0]
	for i, d := range s {
		if i > 0 && d == s[i-1] {
			continue
		}
		out = append(out, d)
	}
	*ds = out
}

// Err returns ds as an error when it holds an error, else nil.
func (ds Diagnostics) Err() error {
	if !ds.HasErrors() {
		return nil
	}
	return ds
}

func (ds Diagnostics) Error() string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

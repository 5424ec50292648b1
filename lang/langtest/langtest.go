// Package langtest checks diagnostics against expectations written inline in
// test inputs, the way starlark-go's test files do: a comment
// `### "regexp" ...` on a line says that line has one diagnostic matching
// each regexp (`### warning: "regexp"` for warnings). Every diagnostic must
// be expected and every expectation met.
package langtest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/advicelang/al/lang"
)

type want struct {
	line    int
	warning bool
	re      *regexp.Regexp
	text    string
}

// Expectations parses the `###` comments of src.
func Expectations(t testing.TB, src []byte) []want {
	var ws []want
	for i, line := range strings.Split(string(src), "\n") {
		k := strings.Index(line, "###")
		if k < 0 {
			continue
		}
		rest := strings.TrimSpace(line[k+3:])
		warning := false
		for rest != "" {
			if strings.HasPrefix(rest, "warning:") {
				warning = true
				rest = strings.TrimSpace(rest[len("warning:"):])
				continue
			}
			s, n, ok := quoted(rest)
			if !ok {
				t.Fatalf("line %d: bad expectation %q: want \"regexp\" or `regexp`", i+1, rest)
			}
			re, err := regexp.Compile(s)
			if err != nil {
				t.Fatalf("line %d: bad regexp %q: %v", i+1, s, err)
			}
			ws = append(ws, want{line: i + 1, warning: warning, re: re, text: s})
			rest = strings.TrimSpace(rest[n:])
			warning = false
		}
	}
	return ws
}

// quoted reads a regexp written "like this" (raw, except that \" stands
// for a quote) or `like this`, and returns it and the length it took.
func quoted(s string) (string, int, bool) {
	if s == "" || (s[0] != '"' && s[0] != '`') {
		return "", 0, false
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\' && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case s[i] == q:
			return b.String(), i + 1, true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}

// Check fails t unless diags are exactly what src's `###` comments expect.
func Check(t testing.TB, src []byte, diags lang.Diagnostics) {
	t.Helper()
	ws := Expectations(t, src)
	used := make([]bool, len(diags))
	for _, w := range ws {
		found := false
		for i, d := range diags {
			if !used[i] && d.Pos.Line == w.line && (d.Severity == lang.Warning) == w.warning && w.re.MatchString(d.Msg) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			kind := "error"
			if w.warning {
				kind = "warning"
			}
			t.Errorf("line %d: no %s matching %q", w.line, kind, w.text)
		}
	}
	for i, d := range diags {
		if !used[i] {
			t.Errorf("unexpected diagnostic %s", d)
		}
	}
}

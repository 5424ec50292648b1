package chess

import (
	"strings"
	"testing"
)

func TestParseEPD(t *testing.T) {
	for _, c := range []struct {
		in, fen string
		ops     map[string]string
	}{
		{`8/8/8/1K2k3/8/3P4/8/8 w - - id "the thesis's run";`, "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1", map[string]string{"id": "the thesis's run"}},
		{"8/8/8/1K2k3/8/3P4/8/8 w - -", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1", map[string]string{}},
		{"8/8/8/1K2k3/8/3P4/8/8 b - - hmvc 7; fmvn 40; bm Kd4 Ke4; c0 \"a; b\"", "8/8/8/1K2k3/8/3P4/8/8 b - - 7 40",
			map[string]string{"hmvc": "7", "fmvn": "40", "bm": "Kd4 Ke4", "c0": "a; b"}},
		{"  8/8/8/1K2k3/8/3P4/8/8\tw - -  noop;", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1", map[string]string{"noop": ""}},
		{StartFEN, StartFEN, map[string]string{}},
	} {
		p, ops, err := ParseEPD(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if p.FEN() != c.fen {
			t.Errorf("%q: FEN %s, want %s", c.in, p.FEN(), c.fen)
		}
		if len(ops) != len(c.ops) {
			t.Errorf("%q: operations %q, want %q", c.in, ops, c.ops)
		}
		for k, v := range c.ops {
			if ops[k] != v {
				t.Errorf("%q: %s = %q, want %q", c.in, k, ops[k], v)
			}
		}
	}
	for _, c := range []struct{ in, want string }{
		{"8/8/8/1K2k3/8/3P4/8/8 w", "FEN fields: want 6 fields"},
		{`8/8/8/1K2k3/8/3P4/8/8 w - - id "open`, "EPD operations: a string without its closing quote"},
		{"8/8/8/1K2k3/8/3P4/8/8 w - - ;", "EPD operations: an empty operation"},
		{"8/8/8/1K2k3/8/3P4/8/8 w - - id a; id b;", "EPD operations: the opcode id twice"},
		{"8/8/8/1K2k3/8/3P4/8/8 w - - hmvc x;", "FEN halfmove clock"},
		{"8/8/8/8/8/8/8/8 w - - id a;", "FEN board: white has 0 kings"},
	} {
		_, _, err := ParseEPD(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		`8/8/8/1K2k3/8/3P4/8/8 w - - id "x"; hmvc 3; fmvn 9;`, StartFEN, "8/8/8/1K2k3/8/3P4/8/8 w - - c0 \"a;b\"",
		"8/8/8/1K2k3/8/3P4/8/8 w - - ;;", `k7/8/8/8/8/8/8/K7 w - - "`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ops, err := ParseEPD(s)
		if err != nil {
			if p != (Position{}) || ops != nil {
				t.Errorf("%q: error %v with a position or operations", s, err)
			}
			return
		}
		// The position's FEN reads back as the same position.
		q, _, err := ParseEPD(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q -> %q does not read back: %v", s, p.FEN(), err)
		}
	})
}

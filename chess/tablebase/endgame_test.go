package tablebase

import (
	"slices"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
)

// TestSpecs: every endgame's captures and promotions lead to endgames of
// the list or to material that cannot mate, and what is derived from the
// names is what the names say.
func TestSpecs(t *testing.T) {
	for _, eg := range Endgames() {
		s := &specs[eg]
		if s.missing != "" {
			t.Errorf("%s leads to %s, which is not listed", eg, s.missing)
		}
		if got, err := ParseEndgame(strings.ToUpper(eg.String())); err != nil || got != eg {
			t.Errorf("ParseEndgame(%q) = %v, %v", strings.ToUpper(eg.String()), got, err)
		}
		if s.n != 2+len(eg.Pieces())+len(eg.BlackPieces()) || eg.Men() != s.n {
			t.Errorf("%s: %d men", eg, s.n)
		}
		if s.sym == slices.Contains(eg.Pieces(), chess.Pawn) {
			t.Errorf("%s: symmetry %v", eg, s.sym)
		}
	}
	deps := func(name string) []string {
		var out []string
		for _, d := range MustEndgame(name).Deps() {
			out = append(out, d.String())
		}
		slices.Sort(out)
		return out
	}
	for name, want := range map[string][]string{
		"kqk":  nil,
		"kbbk": nil,
		"kpk":  {"kqk", "krk"},
		"kqkr": {"kqk", "krk"},
		"krkn": {"krk"},
		"kbnk": nil,
		"knnk": nil,
	} {
		if got := deps(name); !slices.Equal(got, want) {
			t.Errorf("%s leads to %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"kqkr": "king and queen against king and rook",
		"kbbk": "king and two bishops against king",
		"kbnk": "king, bishop and knight against king",
	} {
		if got := MustEndgame(name).Describe(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestParseEndgame(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"knbk", "kbnk", ""},
		{"KQKR", "kqkr", ""},
		{"krkq", "", "colours swapped"},
		{"kxk", "", "unknown endgame"},
		{"kqqqk", "", "want one of kqk, krk"},
		{"q", "", "unknown endgame"},
		{"kq", "", "unknown endgame"},
	} {
		e, err := ParseEndgame(tc.in)
		switch {
		case tc.err == "" && (err != nil || e.String() != tc.want):
			t.Errorf("%s: %v, %v; want %s", tc.in, e, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one about %q", tc.in, err, tc.err)
		}
	}
}

// TestMaterial: names and materials, dead draws.
func TestMaterial(t *testing.T) {
	for name, dead := range map[string]bool{"kk": true, "kbk": true, "kkn": true, "kbkb": false, "knnk": false, "kpk": false} {
		m, err := parseMaterial(name)
		if err != nil {
			t.Fatal(err)
		}
		if m.dead() != dead {
			t.Errorf("%s: dead %v", name, m.dead())
		}
		if sw := m.swapped().swapped(); sw != m {
			t.Errorf("%s: swapped twice %v", name, sw.name())
		}
	}
}

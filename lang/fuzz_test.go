package lang_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/lang"
)

func addCorpus(f *testing.F) {
	for _, dir := range []string{"parse", "errors"} {
		for _, ext := range []string{"al", "al1", "al3"} {
			paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*."+ext))
			for _, p := range paths {
				src, err := os.ReadFile(p)
				if err != nil {
					f.Fatal(err)
				}
				// Small seeds keep the engine's minimisation cheap, so
				// that a 5 s run is spent fuzzing: one seed per paragraph.
				for _, para := range strings.Split(string(src), "\n\n") {
					f.Add([]byte(para))
				}
			}
		}
	}
	f.Add([]byte("pattern X = ((((a"))
	f.Add([]byte("plan P white depth 1 moves a then b then c"))
}

// FuzzParse: no input makes the parser panic, and every diagnostic points
// inside the input.
func FuzzParse(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := lang.Parse("f.al", src)
		if file == nil {
			t.Fatal("nil file")
		}
		for _, d := range diags {
			if d.Pos.Offset < 0 || d.Pos.Offset > len(src) || d.Pos.Line < 1 || d.Pos.Column < 1 || d.Msg == "" {
				t.Fatalf("bad diagnostic %v for %q", d, src)
			}
		}
		lang.SExpr(file)
	})
}

// FuzzFormat: for every input that parses, formatting preserves the tree
// and is idempotent.
func FuzzFormat(f *testing.F) {
	addCorpus(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := lang.Parse("f.al", src)
		if len(diags) > 0 {
			return
		}
		out := lang.Format(file)
		file2, diags := lang.Parse("f.al", out)
		if len(diags) > 0 {
			t.Fatalf("formatted output does not parse: %v\ninput:\n%s\noutput:\n%s", diags, src, out)
		}
		if a, b := lang.SExpr(file), lang.SExpr(file2); a != b {
			t.Fatalf("parse(fmt(x)) != parse(x):\n%s\n%s\ninput:\n%s", a, b, src)
		}
		if out2 := lang.Format(file2); string(out2) != string(out) {
			t.Fatalf("fmt not idempotent:\n%s\n---\n%s", out, out2)
		}
	})
}

// FuzzDefine: the body of a definition (the term language: comparisons,
// arithmetic, quantifiers, `in`) never makes the parser panic, and when it
// parses, formatting preserves its tree and is idempotent.
func FuzzDefine(f *testing.F) {
	src, err := os.ReadFile(filepath.Join("testdata", "parse", "definitions.al"))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if body, ok := strings.CutPrefix(line, "define "); ok {
			f.Add([]byte(body))
		}
	}
	f.Add([]byte("x(s: square) = some square s: every move Q of P1: -a - -b in Q < c <= d"))
	f.Add([]byte("y = ~~(a = b) & count square s: (s mod 8) / 2 != 3"))
	f.Fuzz(func(t *testing.T, body []byte) {
		in := append([]byte("define "), body...)
		file, diags := lang.Parse("f.al", in)
		for _, d := range diags {
			if d.Pos.Offset < 0 || d.Pos.Offset > len(in) || d.Pos.Line < 1 || d.Pos.Column < 1 || d.Msg == "" {
				t.Fatalf("bad diagnostic %v for %q", d, in)
			}
		}
		if len(diags) > 0 {
			return
		}
		out := lang.Format(file)
		file2, diags := lang.Parse("f.al", out)
		if len(diags) > 0 {
			t.Fatalf("formatted output does not parse: %v\ninput:\n%s\noutput:\n%s", diags, in, out)
		}
		if a, b := lang.SExpr(file), lang.SExpr(file2); a != b {
			t.Fatalf("parse(fmt(x)) != parse(x):\n%s\n%s\ninput:\n%s", a, b, in)
		}
		if out2 := lang.Format(file2); string(out2) != string(out) {
			t.Fatalf("fmt not idempotent:\n%s\n---\n%s", out, out2)
		}
	})
}

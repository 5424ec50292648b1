package kb

import (
	"os"

	"github.com/advicelang/al/lang"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad: no input makes the compiler panic; a base is returned exactly
// when there is no error, and its methods' clause forms can be built.
func FuzzLoad(f *testing.F) {
	for _, pattern := range []string{"testdata/errors/*.al*", "../lang/testdata/parse/*.al*"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			if strings.HasSuffix(p, ".sexpr") || strings.HasSuffix(p, ".fmt") {
				continue
			}
			src, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			// One seed per paragraph keeps minimisation cheap.
			for _, para := range strings.Split(string(src), "\n\n") {
				f.Add([]byte(para))
			}
		}
	}
	lib := toyLibrary()
	f.Fuzz(func(t *testing.T, src []byte) {
		b, diags := Load(lib, "f.al", src)
		if diags.HasErrors() != (b == nil) {
			t.Fatalf("base %v with diagnostics %v", b != nil, diags)
		}
		if b == nil {
			return
		}
		// Without an error, every declaration made it into the base.
		f, _ := lang.Parse("f.al", src)
		var plans, advice, tables, methods, lemmas, observations int
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *lang.Advice:
				if d.IsPlan() {
					plans++
				} else {
					advice++
				}
			case *lang.Table:
				tables++
			case *lang.Method:
				methods++
			case *lang.Lemma:
				lemmas += len(d.Items)
			case *lang.Observe:
				observations += len(d.Items)
			}
		}
		if len(b.Plans) != plans || len(b.Advice) != advice || len(b.Tables) != tables || len(b.Methods) != methods || len(b.Lemmas) != lemmas || len(b.Observations) != observations {
			t.Fatalf("a declaration is missing from a base compiled without errors:\n%s", src)
		}
		// The compiler refused every relation whose clause form is too
		// large, so the clause forms of the others can be built, and
		// ClauseCount bounds them.
		for _, m := range b.Methods {
			for _, neg := range []bool{false, true} {
				n := m.Relation.ClauseCount(neg)
				if n > MaxClauseLines {
					t.Fatalf("method %s: a relation of %d lines was accepted", m.Name, n)
				}
				if got := len(m.Relation.Lines(neg)); int64(got) > n {
					t.Fatalf("method %s: %d lines, ClauseCount says %d", m.Name, got, n)
				}
			}
		}
	})
}

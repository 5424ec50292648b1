package placedgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlacedUpToDate: every placed read of kb's closures is the
// expansion of its directive, and none is written out without one (but
// leaf.go's read of a leaf, which returns instead of assigning).
func TestPlacedUpToDate(t *testing.T) {
	files, err := filepath.Glob("../../kb/*.go")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, n, err := Expand(f, src)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(src) {
			t.Errorf("%s: a placed read differs from its directive's expansion: run `go generate ./kb`", filepath.Base(f))
		}
		total += n
		reads := strings.Count(string(src), ".ld.op != 0 {")
		if filepath.Base(f) == "leaf.go" {
			reads-- // (*leaf).read
		}
		if reads != n {
			t.Errorf("%s: %d placed reads written out, %d directives", filepath.Base(f), reads, n)
		}
	}
	if total < 100 {
		t.Errorf("%d directives in kb, want the closures' placed reads", total)
	}
}

// TestExpandRefuses: a directive not followed by a placed read is an
// error, not code swallowed.
func TestExpandRefuses(t *testing.T) {
	src := "package kb\n\n\t//kb:placed pv1 x r\n\tfoo()\n\tbar()\n}\n"
	if _, _, err := Expand("x.go", []byte(src)); err == nil {
		t.Error("a directive before other code expanded")
	}
	good := "\t//kb:placed pv1 x r\n" + strings.Join(expansion("\t", "pv1", "y", "g"), "\n") + "\n"
	out, n, err := Expand("x.go", []byte(good))
	if err != nil || n != 1 {
		t.Fatalf("Expand: %d, %v", n, err)
	}
	want := "\t//kb:placed pv1 x r\n" + strings.Join(expansion("\t", "pv1", "x", "r"), "\n") + "\n"
	if string(out) != want {
		t.Errorf("Expand wrote\n%s\nwant\n%s", out, want)
	}
}

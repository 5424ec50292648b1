package knowledge_test

import (
	"io/fs"
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/lang"
)

// TestVocabulariesCompile: every shipped vocabulary (lib/*.al, imported by
// name) compiles on its own (with the vocabularies it imports) with no
// diagnostic, and defines something.
func TestVocabulariesCompile(t *testing.T) {
	paths, err := fs.Glob(knowledge.Files, "lib/*.al")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no shipped vocabulary: %v", err)
	}
	for _, p := range paths {
		base, diags := knowledge.Load(predicates.Library(), p)
		if base == nil || len(diags) > 0 {
			t.Fatalf("%s: %v", p, diags)
		}
		if len(base.Definitions) == 0 {
			t.Errorf("%s defines nothing", p)
		}
	}
}

// TestShippedFilesCanonical: every shipped base and vocabulary compiles,
// with its imports, without an error (the thesis's kpk.al3 keeps the
// warnings its header explains), and every base and vocabulary is in
// the canonical form of `al fmt`.
func TestShippedFilesCanonical(t *testing.T) {
	var paths []string
	for _, pattern := range []string{"*.al1", "*.al3", "lib/*.al"} {
		ps, err := fs.Glob(knowledge.Files, pattern)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, ps...)
	}
	if len(paths) < 10 {
		t.Fatalf("only %d shipped files: %v", len(paths), paths)
	}
	for _, p := range paths {
		src, err := fs.ReadFile(knowledge.Files, p)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := lang.Parse(p, src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", p, diags)
		}
		if got := lang.Format(f); string(got) != string(src) {
			t.Errorf("%s is not in al fmt's canonical form", p)
		}
		if _, diags := knowledge.Load(predicates.Library(), p); diags.HasErrors() {
			t.Errorf("%s: %v", p, diags)
		}
	}
}

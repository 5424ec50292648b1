package knowledge_test

import (
	"io/fs"
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/knowledge"
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

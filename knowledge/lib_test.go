package knowledge_test

import (
	"io/fs"
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/lang"
)

// TestVocabulariesCompile: every shipped vocabulary (lib/*.al, imported by
// name) compiles on its own with no diagnostic, and defines something.
func TestVocabulariesCompile(t *testing.T) {
	paths, err := fs.Glob(knowledge.Files, "lib/*.al")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no shipped vocabulary: %v", err)
	}
	for _, p := range paths {
		src, err := fs.ReadFile(knowledge.Files, p)
		if err != nil {
			t.Fatal(err)
		}
		// A vocabulary may import shipped ones by name.
		resolve := func(_ string, imp *lang.Import) (string, []byte, error) {
			name := "lib/" + imp.Name + ".al"
			b, err := fs.ReadFile(knowledge.Files, name)
			return name, b, err
		}
		base, diags, _ := kb.LoadAll(predicates.Library(), p, src, resolve)
		if base == nil || len(diags) > 0 {
			t.Fatalf("%s: %v", p, diags)
		}
		if len(base.Definitions) == 0 {
			t.Errorf("%s defines nothing", p)
		}
	}
}

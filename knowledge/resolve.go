package knowledge

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
)

// Vocabularies returns the names of the shipped vocabularies (lib/NAME.al,
// imported as `import NAME`), sorted.
func Vocabularies() []string {
	var names []string
	ents, _ := fs.ReadDir(Files, "lib")
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".al"); ok {
			names = append(names, n)
		}
	}
	return names
}

// Resolve is the kb.Resolver of the shipped files: `import NAME` reads the
// shipped vocabulary lib/NAME.al, `import "FILE"` the shipped file FILE
// relative to the importing one.
func Resolve(from string, imp *lang.Import) (string, []byte, error) {
	if imp.Name != "" {
		file := "lib/" + imp.Name + ".al"
		b, err := fs.ReadFile(Files, file)
		if err != nil {
			names := Vocabularies()
			hint := ""
			if near := kb.Nearest(imp.Name, names); near != "" {
				hint = fmt.Sprintf("; did you mean %s?", near)
			}
			return "", nil, fmt.Errorf("no shipped vocabulary %s (shipped: %s%s)", imp.Name, strings.Join(names, ", "), hint)
		}
		return file, b, nil
	}
	file := path.Join(path.Dir(from), imp.Path)
	b, err := fs.ReadFile(Files, file)
	if err != nil {
		return "", nil, fmt.Errorf("no shipped file %s", file)
	}
	return file, b, nil
}

// Load compiles the shipped knowledge base name (krk.al1, or a vocabulary
// lib/krk.al) against lib, with its imports (Resolve).
func Load[P any](lib *kb.Library[P], name string) (*kb.Base[P], lang.Diagnostics) {
	src, err := fs.ReadFile(Files, name)
	if err != nil {
		var d lang.Diagnostics
		d.Errorf(lang.Pos{Filename: name}, "no shipped file %s", name)
		return nil, d
	}
	b, diags, _ := kb.LoadAll(lib, name, src, Resolve)
	return b, diags
}

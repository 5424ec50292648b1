package kb

import (
	"slices"
	"strings"

	"github.com/advicelang/al/lang"
)

// Resolver reads the file an import names: imp.Path relative to the file
// from (which imports it), or imp.Name, a vocabulary shipped with the
// program. It returns the file's name (the same file must always get the
// same name: it is read once however often it is imported) and contents.
type Resolver func(from string, imp *lang.Import) (name string, src []byte, err error)

// maxImports bounds how many files one knowledge base may import in all.
const maxImports = 200

// LoadAll parses src (the contents of file name), reads and parses every
// file it imports, directly or not, with resolve (nil: imports are errors),
// and compiles them all as one knowledge base against lib: the files share
// one namespace, so a name declared in two of them is an error at the
// second. It returns the base (nil when there is an error), the
// diagnostics, and the source of every file read (for printing carets).
func LoadAll[P any](lib *Library[P], name string, src []byte, resolve Resolver) (*Base[P], lang.Diagnostics, map[string][]byte) {
	sources := map[string][]byte{name: src}
	var diags lang.Diagnostics
	var files []*lang.File
	queue := []struct {
		name string
		src  []byte
	}{{name, src}}
	for len(queue) > 0 {
		n, s := queue[0].name, queue[0].src
		queue = queue[1:]
		f, ds := lang.Parse(n, s)
		diags = append(diags, ds...)
		files = append(files, f)
		for _, d := range f.Decls {
			imp, ok := d.(*lang.Import)
			if !ok {
				continue
			}
			what := imp.Name
			if what == "" {
				what = `"` + imp.Path + `"`
			}
			if resolve == nil {
				diags.Errorf(imp.Pos, "cannot import %s: imports are not available here", what)
				continue
			}
			in, isrc, err := resolve(n, imp)
			if err != nil {
				diags.Errorf(imp.Pos, "cannot import %s: %s", what, strings.TrimPrefix(err.Error(), in+": "))
				continue
			}
			if _, seen := sources[in]; seen {
				continue // read already (or the importing file itself)
			}
			if len(sources) > maxImports {
				diags.Errorf(imp.Pos, "cannot import %s: more than %d files are imported in all", what, maxImports)
				continue
			}
			sources[in] = isrc
			queue = append(queue, struct {
				name string
				src  []byte
			}{in, isrc})
		}
	}
	if diags.HasErrors() {
		diags.Sort()
		return nil, diags, sources
	}
	// The imported files are declared first (the last read first), so
	// that a clash is reported in the file that imports the name.
	slices.Reverse(files)
	b, more := Compile(lib, files...)
	diags = append(diags, more...)
	diags.Sort()
	if diags.HasErrors() {
		return nil, diags, sources
	}
	return b, diags, sources
}

// Material is what one endgame of an `endgame` declaration holds: the
// letters of White's men and of Black's, each sorted as the library's
// piece letters are ordered (KRK: White "KR", Black "K").
type Material struct {
	Text         string // as written, in canonical form
	White, Black string
	Pos          lang.Pos
}

// endgames compiles an `endgame` declaration. The library's piece letters
// say which letters exist, the first being the king: `KRK` is read as White
// up to the second king, Black from it.
func (c *compiler[P]) endgames(d *lang.Endgame) {
	letters := c.lib.pieceLetters
	if letters == "" {
		c.errorf(d.Pos, "this game's library has no pieces: endgame cannot be declared")
		return
	}
	canon := func(s string) string {
		var b strings.Builder
		for _, l := range letters {
			for range strings.Count(s, string(l)) {
				b.WriteRune(l)
			}
		}
		return b.String()
	}
	king := string(letters[0])
	for _, sp := range d.Specs {
		m := Material{Text: sp.Text(), Pos: sp.Pos}
		bad := ""
		if sp.Name != nil {
			n := sp.Name.Name
			k := strings.Index(n[min(1, len(n)):], king)
			if !strings.HasPrefix(n, king) || k < 0 {
				c.errorf(sp.Pos, "unknown endgame %s: write each side's men in capital letters, White's first, each side starting with its king (KRK, KPK, KQKR), or the material (white K R, black K)", n)
				continue
			}
			m.White, m.Black = n[:k+1], n[k+1:]
		} else {
			m.White, m.Black = lang.Words(sp.White), lang.Words(sp.Black)
			m.White = strings.ReplaceAll(m.White, " ", "")
			m.Black = strings.ReplaceAll(m.Black, " ", "")
		}
		for _, side := range []string{m.White, m.Black} {
			for _, l := range side {
				if !strings.ContainsRune(letters, l) {
					bad = string(l)
				}
			}
			if strings.Count(side, king) != 1 {
				bad = "king"
			}
		}
		switch {
		case bad == "king":
			c.errorf(sp.Pos, "endgame %s: each side has exactly one king (%s)", m.Text, king)
			continue
		case bad != "":
			c.errorf(sp.Pos, "endgame %s: %s is not a man of this game (the letters are %s)", m.Text, bad, strings.Join(strings.Split(letters, ""), " "))
			continue
		}
		m.White, m.Black = canon(m.White), canon(m.Black)
		c.base.Endgames = append(c.base.Endgames, m)
	}
}

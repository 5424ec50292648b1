package lang

import (
	"sort"
	"strings"
)

// Doc returns the doc comment of the declaration or item at p, as one
// line of text: the `#` comment lines directly above p's line (as
// docComment finds them for definitions, and as Go's doc comments), else
// the comment at the end of p's own line; "" when there is none.
func (f *File) Doc(p Pos) string {
	if f == nil {
		return ""
	}
	d := docComment(f, p.Line)
	if d == "" {
		if c, ok := f.lineComments[p.Line]; ok && c.Pos.Offset > p.Offset {
			d = strings.TrimPrefix(c.Text, "#")
		}
	}
	return strings.Join(strings.Fields(d), " ")
}

// docComment returns the text of the comment lines right above line (no
// blank line between, each alone on its line), without `#` and one space,
// joined by newlines.
func docComment(f *File, line int) string {
	if f.ownComments == nil {
		f.indexComments()
	}
	var lines []string
	for l := line - 1; ; l-- {
		c, ok := f.ownComments[l]
		if !ok {
			break
		}
		t := strings.TrimPrefix(c.Text, "#")
		lines = append(lines, strings.TrimPrefix(t, " "))
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.Join(lines, "\n")
}

// indexComments files the comments by line once, so that a doc comment
// costs its own length, not the file's: those alone on their line, and
// every comment by its line (a line holds one comment at most).
func (f *File) indexComments() {
	f.ownComments, f.lineComments = map[int]Comment{}, map[int]Comment{}
	for _, c := range f.Comments {
		k := sort.Search(len(f.toks), func(k int) bool { return f.toks[k].Offset >= c.Pos.Offset })
		if k == 0 || f.toks[k-1].Line != c.Pos.Line {
			f.ownComments[c.Pos.Line] = c
		}
		f.lineComments[c.Pos.Line] = c
	}
}

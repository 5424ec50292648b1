package lang

import (
	"sort"
	"strings"
)

// Doc returns the doc comment of the declaration or item at p: the `#`
// comment lines directly above p's line, each alone on its line, with no
// blank line between them and p (as Go's doc comments); else the comment
// at the end of p's own line. The `#` and the space after it are dropped
// and the lines joined by spaces; "" when there is none.
func (f *File) Doc(p Pos) string {
	if f == nil {
		return ""
	}
	// codeOn says whether a token of code stands on line l before offset.
	codeOn := func(line, offset int) bool {
		k := sort.Search(len(f.toks), func(k int) bool { return f.toks[k].Offset >= offset })
		return k > 0 && f.toks[k-1].Line == line
	}
	own := map[int]Comment{} // comments alone on their line, by line
	trailing := ""
	for _, c := range f.Comments {
		switch {
		case c.Pos.Line == p.Line && c.Pos.Offset > p.Offset:
			trailing = commentText(c)
		case !codeOn(c.Pos.Line, c.Pos.Offset):
			own[c.Pos.Line] = c
		}
	}
	var lines []string
	for l := p.Line - 1; ; l-- {
		c, ok := own[l]
		if !ok {
			break
		}
		lines = append(lines, commentText(c))
	}
	if len(lines) == 0 {
		return trailing
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
}

func commentText(c Comment) string {
	return strings.TrimSpace(strings.TrimPrefix(c.Text, "#"))
}

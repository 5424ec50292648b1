package lang

import (
	"sort"
	"strings"
)

// Doc returns the doc comment of the declaration or item at p, as one
// line of text: the `#` comment lines directly above p's line (as Go's
// doc comments), else
// the comment at the end of p's own line; "" when there is none.
func (f *File) Doc(p Pos) string {
	if f == nil {
		return ""
	}
	if f.ownComments == nil {
		f.indexComments()
	}
	trailing := ""
	if c, ok := f.lineComments[p.Line]; ok && c.Pos.Offset > p.Offset {
		trailing = commentText(c)
	}
	var lines []string
	for l := p.Line - 1; ; l-- {
		c, ok := f.ownComments[l]
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

// indexComments files the comments by line once, so that Doc costs the
// length of the doc comment, not of the file: those alone on their line,
// and every comment by its line (a line holds one comment at most).
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

func commentText(c Comment) string {
	return strings.TrimSpace(strings.TrimPrefix(c.Text, "#"))
}

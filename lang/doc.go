package lang

import "strings"

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
		for _, c := range f.Comments {
			if c.Pos.Line == p.Line && c.Pos.Offset > p.Offset {
				d = strings.TrimPrefix(c.Text, "#")
			}
		}
	}
	return strings.Join(strings.Fields(d), " ")
}

package chesslearn

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/advicelang/al/lang"
)

// RewriteTable returns src with the table named table replaced by its
// rules in order (indices into its rules), each rule's advice as listed in
// advice, preceded by the comment lines of note, in canonical form
// (lang.Format). Comments inside the old table are dropped (its rules
// move); the rest of the file is kept as it was.
func RewriteTable(name string, src []byte, table string, order []int, advice [][]string, note []string) ([]byte, error) {
	f, diags := lang.Parse(name, src)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: does not parse", name)
	}
	for i, d := range f.Decls {
		t, ok := d.(*lang.Table)
		if !ok || t.Name != table {
			continue
		}
		if len(order) != len(t.Clauses) {
			return nil, fmt.Errorf("table %s has %d rules, not %d", table, len(t.Clauses), len(order))
		}
		nt := &lang.Table{Pos: t.Pos, Name: t.Name, Side: t.Side}
		for k, j := range order {
			rc, ok := t.Clauses[j].(*lang.RuleClause)
			if !ok {
				return nil, fmt.Errorf("table %s: clause %d is no rule", table, j+1)
			}
			nr := &lang.RuleClause{Pos: rc.Pos, Cond: rc.Cond}
			for _, a := range advice[k] {
				nr.Advice = append(nr.Advice, &lang.Ident{Name: a})
			}
			nt.Clauses = append(nt.Clauses, nr)
		}
		// The old table: from its header to the end of the line of its
		// last clause (the layout al fmt writes).
		start := t.Pos.Offset
		last := start
		if n := len(t.Clauses); n > 0 {
			last = t.Clauses[n-1].Position().Offset
		}
		end := len(src)
		if k := bytes.IndexByte(src[last:], '\n'); k >= 0 {
			end = last + k + 1
		}
		if i+1 < len(f.Decls) && f.Decls[i+1].Position().Offset < end {
			return nil, fmt.Errorf("table %s: the next declaration starts on the line of its last rule", table)
		}
		var b bytes.Buffer
		b.Write(src[:start])
		for _, l := range note {
			b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
		b.WriteString(lang.DeclString(nt) + "\n")
		b.Write(src[end:])
		out, diags := lang.Parse(name, b.Bytes())
		if diags.HasErrors() {
			return nil, fmt.Errorf("table %s: its rules span several lines; write it with al fmt first", table)
		}
		return lang.Format(out), nil
	}
	return nil, fmt.Errorf("%s has no table %s", name, table)
}

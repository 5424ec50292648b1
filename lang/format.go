package lang

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Format prints f in canonical form: one declaration header or clause a
// line, clauses indented by two spaces, canonical operators (`<->`, `->`,
// `|`, `&`, `~`) with the fewest parentheses that keep the tree, one space
// around binary operators. Comments stay where they were: a comment on its
// own line stays on its own line before the same declaration or clause; a
// comment at the end of a line stays at the end of the printed line, and
// such comments on consecutive lines are aligned. Runs of blank lines become
// one blank line. Format(Parse(Format(x))) == Format(x).
func Format(f *File) []byte {
	type unit struct {
		start  Pos
		indent string
		text   string
	}
	var units []unit
	for _, d := range f.Decls {
		head, clauses := declLines(d)
		units = append(units, unit{d.Position(), "", head})
		for _, c := range clauses {
			units = append(units, unit{c.Position(), "  ", clauseLine(c)})
		}
	}
	sort.SliceStable(units, func(i, j int) bool { return units[i].start.Offset < units[j].start.Offset })
	// The last source line of each unit: that of its last token.
	endLine := make([]int, len(units))
	for i, u := range units {
		limit := int(^uint(0) >> 1)
		if i+1 < len(units) {
			limit = units[i+1].start.Offset
		}
		k := sort.Search(len(f.toks), func(k int) bool { return f.toks[k].Offset >= limit })
		endLine[i] = u.start.Line
		if k > 0 && f.toks[k-1].Line > endLine[i] {
			endLine[i] = f.toks[k-1].Line
		}
	}
	// Attach comments: trailing (code before it on its line) to the unit that
	// line belongs to, own-line ones before the next unit.
	leading := make([][]Comment, len(units)+1)
	trailing := make([][]Comment, len(units))
	for _, c := range f.Comments {
		k := sort.Search(len(f.toks), func(k int) bool { return f.toks[k].Offset >= c.Pos.Offset })
		u := sort.Search(len(units), func(u int) bool { return units[u].start.Offset > c.Pos.Offset })
		if k > 0 && f.toks[k-1].Line == c.Pos.Line && u > 0 {
			trailing[u-1] = append(trailing[u-1], c)
			continue
		}
		leading[u] = append(leading[u], c)
	}
	// Output lines: code, and the comment at its end (if any).
	type outLine struct{ code, comment string }
	var lines []outLine
	prevEnd := 0 // last source line written; 0 before the first item
	blank := func(line int) {
		if prevEnd > 0 && line > prevEnd+1 {
			lines = append(lines, outLine{})
		}
	}
	writeComments := func(cs []Comment, indent string) {
		for _, c := range cs {
			blank(c.Pos.Line)
			lines = append(lines, outLine{code: indent + c.Text})
			prevEnd = c.Pos.Line
		}
	}
	for i, u := range units {
		writeComments(leading[i], u.indent)
		blank(u.start.Line)
		tr := trailing[i]
		if len(tr) > 1 {
			for _, c := range tr {
				lines = append(lines, outLine{code: u.indent + c.Text})
			}
			tr = nil
		}
		l := outLine{code: u.indent + u.text}
		if len(tr) == 1 {
			l.comment = tr[0].Text
		}
		lines = append(lines, l)
		prevEnd = endLine[i]
	}
	writeComments(leading[len(units)], "")
	// Comments at the end of consecutive lines are aligned, two spaces
	// after the longest line of the run.
	var b strings.Builder
	for i := 0; i < len(lines); {
		j, width := i, 0
		for j < len(lines) && lines[j].comment != "" {
			width = max(width, lastLineWidth(lines[j].code))
			j++
		}
		if j == i {
			b.WriteString(lines[i].code + "\n")
			i++
			continue
		}
		for ; i < j; i++ {
			pad := width - lastLineWidth(lines[i].code) + 2
			b.WriteString(lines[i].code + strings.Repeat(" ", pad) + lines[i].comment + "\n")
		}
	}
	return []byte(b.String())
}

// lastLineWidth is the width of the last line of s (a definition may take
// several).
func lastLineWidth(s string) int {
	return utf8.RuneCountInString(s[strings.LastIndexByte(s, '\n')+1:])
}

func declLines(d Decl) (string, []Clause) {
	switch d := d.(type) {
	case *Query:
		return "query " + TermString(d.Term), nil
	case *Pattern:
		s := "pattern " + d.Name
		if d.Params != nil {
			s += "(" + identList(d.Params.List) + ")"
		}
		return s + " = " + ExprString(d.Body.X), nil
	case *Observe:
		return "observe " + itemList(d.Items), nil
	case *Lemma:
		return "lemma " + itemList(d.Items), nil
	case *Method:
		return "method " + d.Name + " " + d.Cost, d.Clauses
	case *Advice:
		s := d.Kw + " " + d.Name + " " + d.Side
		if d.Depth != nil {
			s += " depth " + d.Depth.Text
		}
		return s, d.Clauses
	case *Table:
		return "table " + d.Name + " " + d.Side, d.Clauses
	case *Define:
		s := "define " + d.Name
		if d.Params != nil {
			ps := make([]string, len(d.Params.List))
			for i, p := range d.Params.List {
				ps[i] = p.Name
				if p.Type != nil {
					ps[i] += ": " + p.Type.Name
				}
			}
			s += "(" + strings.Join(ps, ", ") + ")"
		}
		return defineText(s, d.Body.X), nil
	case *Import:
		if d.Name != "" {
			return "import " + d.Name, nil
		}
		return "import \"" + d.Path + "\"", nil
	case *Endgame:
		specs := make([]string, len(d.Specs))
		for i, sp := range d.Specs {
			specs[i] = sp.Text()
		}
		return "endgame " + strings.Join(specs, " or "), nil
	}
	return "", nil
}

// maxDefineWidth is the width beyond which a definition's body is broken
// over several lines.
const maxDefineWidth = 100

// defineText prints a definition's head and body: on one line when it fits
// in maxDefineWidth, else with the head alone on its line and the body laid
// out by layoutExpr. At the top, each operand of the body's loosest
// left-associative operator is on its own line, the operator first:
//
//	define divides =
//	    file(white king) < file(white rook) < file(black king)
//	  | file(black king) < file(white rook) < file(white king)
//
// Deeper down, an operand that does not fit is broken the same way inside
// its parentheses, the operators under its first operand:
//
//	& (rank(white king) - rank(the_pawn) = 2
//	   | rank(white king) - rank(the_pawn) = 1 & rank(white king) >= 6)
//
// A conditional puts each branch on its line (`if C then A` together when
// that fits), an else-if chain flat:
//
//	define rookexposed =
//	  if side_to_move = white
//	  then dist(white king, the_rook) > dist(black king, the_rook) + 1
//	  else dist(white king, the_rook) > dist(black king, the_rook)
func defineText(head string, body Expr) string {
	one := head + " = " + ExprString(body)
	if utf8.RuneCountInString(one) <= maxDefineWidth {
		return one
	}
	if b, ok := body.(*Binary); ok {
		if p, right := opInfo(b.Op); !right {
			op := b.Op.String()
			parts := chain(b)
			col := 2 + len(op) + 1
			var sb strings.Builder
			sb.WriteString(head + " =\n" + strings.Repeat(" ", col))
			sb.WriteString(layoutExpr(parts[0], col, p))
			for _, x := range parts[1:] {
				sb.WriteString("\n  " + op + " " + layoutExpr(x, col, p+1))
			}
			return sb.String()
		}
	}
	return head + " =\n  " + layoutExpr(body, 2, 0)
}

// chain returns the operands of b's left-associative chain of one
// operator, left to right: a & b & c is ((a & b) & c).
func chain(b *Binary) []Expr {
	var parts []Expr
	for {
		parts = append(parts, b.R)
		l, ok := b.L.(*Binary)
		if !ok || l.Op != b.Op {
			parts = append(parts, b.L)
			break
		}
		b = l
	}
	slices.Reverse(parts)
	return parts
}

// layoutExpr prints e (parenthesised when its precedence is below min)
// starting at column col: on one line when it fits in maxDefineWidth, else
// broken as defineText shows, continuation lines indented from col. The
// text parses to the same tree as ExprString's.
func layoutExpr(e Expr, col, min int) string {
	flat := exprText(e, min)
	if col+utf8.RuneCountInString(flat) <= maxDefineWidth {
		return flat
	}
	if exprPrec(e) < min {
		return "(" + layoutExpr(e, col+1, 0) + ")"
	}
	ind := "\n" + strings.Repeat(" ", col)
	switch e := e.(type) {
	case *Binary:
		p, right := opInfo(e.Op)
		if right {
			break
		}
		op := e.Op.String()
		parts := chain(e)
		var sb strings.Builder
		sb.WriteString(layoutExpr(parts[0], col, p))
		for _, x := range parts[1:] {
			sb.WriteString(ind + op + " " + layoutExpr(x, col+len(op)+1, p+1))
		}
		return sb.String()
	case *Cond:
		var sb strings.Builder
		sb.WriteString("if ")
		for {
			branch := "if " + exprText(e.If, 0) + " then " + exprText(e.Then, 1)
			if col+len("else ")+utf8.RuneCountInString(branch) <= maxDefineWidth {
				sb.WriteString(branch[len("if "):])
			} else {
				sb.WriteString(layoutExpr(e.If, col+3, 0))
				sb.WriteString(ind + "then " + layoutExpr(e.Then, col+5, 1))
			}
			next, ok := e.Else.(*Cond)
			if !ok {
				break
			}
			sb.WriteString(ind + "else if ")
			e = next
		}
		sb.WriteString(ind + "else " + layoutExpr(e.Else, col+5, 0))
		return sb.String()
	case *Quant:
		var sb strings.Builder
		printExpr(&sb, &Quant{Q: e.Q, Sort: e.Sort, Var: e.Var, Of: e.Of, Body: &Const{Value: true}}, 0)
		head := strings.TrimSuffix(sb.String(), "true")
		return head + layoutExpr(e.Body, col+utf8.RuneCountInString(head), 0)
	}
	return flat
}

// exprText is ExprString with the parentheses a context of precedence min
// needs.
func exprText(e Expr, min int) string {
	var b strings.Builder
	printExpr(&b, e, min)
	return b.String()
}

func identList(ids []*Ident) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.Name
	}
	return strings.Join(s, ", ")
}

func itemList(items []*LemmaItem) string {
	s := make([]string, len(items))
	for i, it := range items {
		s[i] = it.Name
		if it.Body != nil {
			s[i] += " = " + ExprString(it.Body.X)
		}
	}
	return strings.Join(s, ", ")
}

func hypList(items []*HypItem) string {
	s := make([]string, len(items))
	for i, it := range items {
		if it.Alias != nil {
			s[i] = it.Alias.Name + ": "
		}
		s[i] += TermString(it.Term)
		if it.Value != "" {
			s[i] += " = " + it.Value
		}
	}
	return strings.Join(s, ", ")
}

func clauseLine(c Clause) string {
	kw := c.Keyword()
	switch c := c.(type) {
	case *PreClause:
		return kw + " " + hypList(c.Items)
	case *ActionClause:
		return kw + " " + hypList(c.Items)
	case *RelationClause:
		return kw + " " + ExprString(c.F.X)
	case *GoalClause:
		return kw + " " + ExprString(c.F.X)
	case *MovesClause:
		s := kw + " " + ExprString(c.F.X)
		for _, f := range c.Next {
			s += ", " + ExprString(f.X)
		}
		return s
	case *OptionClause:
		return kw + " " + identList(c.Options)
	case *NodesClause:
		return kw + " " + c.N.Text
	case *RuleClause:
		s := kw + " " + ExprString(c.Cond.X) + " :"
		if len(c.Advice) > 0 {
			s += " " + identList(c.Advice)
		}
		return s
	}
	return kw
}

// TermString prints a hypothesis term in canonical form; it is also the
// term's key (`GANA`, `suc(P_BLANCO_NT)`, `ref(P_NEGRO, P_BLANCO_T)`).
func TermString(t *Term) string {
	var b strings.Builder
	writeTermText(&b, t)
	return b.String()
}

func writeTermText(b *strings.Builder, t *Term) {
	switch t.Kind {
	case TermSuc:
		b.WriteString("suc(")
		writePlanText(b, t.Plan)
		b.WriteByte(')')
	case TermRef:
		b.WriteString("ref(")
		writePlanText(b, t.By)
		b.WriteString(", ")
		writePlanText(b, t.Plan)
		b.WriteByte(')')
	default:
		b.WriteString(t.Name)
	}
}

// PlanString prints a plan combination; `or` and `mod` are left
// associative, so only a combination on the right is parenthesised.
func PlanString(p PlanExpr) string {
	var b strings.Builder
	writePlanText(&b, p)
	return b.String()
}

// writePlanText writes p into b: linear in p's size (a combination printed by
// concatenating its parts' strings would be quadratic in its depth).
func writePlanText(b *strings.Builder, p PlanExpr) {
	switch p := p.(type) {
	case *PlanName:
		b.WriteString(p.Name)
	case *PlanOp:
		writePlanText(b, p.L)
		b.WriteString(" " + p.Op + " ")
		if _, ok := p.R.(*PlanOp); ok {
			b.WriteByte('(')
			writePlanText(b, p.R)
			b.WriteByte(')')
			return
		}
		writePlanText(b, p.R)
	}
}

// ExprString prints a formula in canonical form with the fewest
// parentheses that keep its tree.
func ExprString(e Expr) string {
	var b strings.Builder
	printExpr(&b, e, 0)
	return b.String()
}

func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		p, _ := opInfo(e.Op)
		return p
	case *Compare:
		return precCmp
	case *Not:
		return precNot
	case *Neg:
		return precNeg
	case *In:
		return precIn
	case *Quant, *Cond:
		return precQuant
	}
	return precAtom
}

// printExpr writes e, parenthesised when its precedence is below min.
func printExpr(b *strings.Builder, e Expr, min int) {
	if exprPrec(e) < min {
		b.WriteByte('(')
		printExpr(b, e, 0)
		b.WriteByte(')')
		return
	}
	switch e := e.(type) {
	case *Atom:
		b.WriteString(e.Name)
		if e.Args != nil {
			b.WriteString("(" + identList(e.Args) + ")")
		}
	case *Const:
		if e.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *Any:
		b.WriteString("any")
	case *Hyp:
		writeTermText(b, e.Term)
	case *Not:
		b.WriteByte('~')
		// A comparison or arithmetic under ~ is parenthesised, though the
		// grammar would not need it: ~(a < b) reads better than ~a < b.
		if _, ok := e.X.(*Not); ok {
			printExpr(b, e.X, precNot)
		} else {
			printExpr(b, e.X, precIn)
		}
	case *Binary:
		p, right := opInfo(e.Op)
		lmin, rmin := p, p+1
		if right {
			lmin, rmin = p+1, p
		}
		printExpr(b, e.L, lmin)
		b.WriteString(" " + e.Op.String() + " ")
		printExpr(b, e.R, rmin)
	case *IntLit:
		b.WriteString(e.Text)
	case *Call:
		b.WriteString(e.Name)
		if e.Paren {
			b.WriteByte('(')
			for i, a := range e.Args {
				if i > 0 {
					b.WriteString(", ")
				}
				printExpr(b, a, 0)
			}
			b.WriteByte(')')
		}
	case *SideLit:
		b.WriteString(e.Side)
	case *PieceSq:
		b.WriteString(e.Side + " " + e.Kind.Name)
	case *Neg:
		b.WriteByte('-')
		printExpr(b, e.X, precNeg+1)
	case *Compare:
		for i, x := range e.Xs {
			if i > 0 {
				b.WriteString(" " + e.Ops[i-1].String() + " ")
			}
			printExpr(b, x, precCmp+1)
		}
	case *In:
		printExpr(b, e.X, precIn)
		b.WriteString(" in " + e.At.Name)
	case *Cond:
		b.WriteString("if ")
		printExpr(b, e.If, 0)
		b.WriteString(" then ")
		printExpr(b, e.Then, 1)
		b.WriteString(" else ")
		printExpr(b, e.Else, 0)
	case *Quant:
		b.WriteString(e.Q + " " + e.Sort + " " + e.Var.Name)
		if e.Of != nil {
			b.WriteString(" of " + e.Of.Name)
		}
		b.WriteString(": ")
		printExpr(b, e.Body, 0)
	}
}

// DeclString prints one declaration in canonical form, without comments:
// its header, then each clause on a line of its own indented by two
// spaces. Two declarations that mean the same print the same (the rote
// learner keys what it learns on it).
func DeclString(d Decl) string {
	head, clauses := declLines(d)
	var b strings.Builder
	b.WriteString(head)
	for _, c := range clauses {
		b.WriteString("\n  ")
		b.WriteString(clauseLine(c))
	}
	return b.String()
}

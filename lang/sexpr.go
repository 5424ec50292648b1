package lang

import (
	"strings"
)

// SExpr renders the parse tree of f as S-expressions, one declaration a
// line, without positions or comments. Two files mean the same thing
// exactly when their S-expressions are equal.
func SExpr(f *File) string {
	var b strings.Builder
	for _, d := range f.Decls {
		writeDecl(&b, d)
		b.WriteByte('\n')
	}
	return b.String()
}

// ExprSExpr renders one formula as an S-expression.
func ExprSExpr(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeDecl(b *strings.Builder, d Decl) {
	switch d := d.(type) {
	case *Query:
		b.WriteString("(query ")
		writeTerm(b, d.Term)
	case *Pattern:
		b.WriteString("(pattern " + d.Name)
		if d.Params != nil {
			b.WriteString(" (params")
			for _, p := range d.Params.List {
				b.WriteString(" " + p.Name)
			}
			b.WriteByte(')')
		}
		b.WriteByte(' ')
		writeExpr(b, d.Body.X)
	case *Observe:
		b.WriteString("(observe")
		writeItems(b, d.Items)
	case *Lemma:
		b.WriteString("(lemma")
		writeItems(b, d.Items)
	case *Method:
		b.WriteString("(method " + d.Name + " " + d.Cost)
		writeClauses(b, d.Clauses)
	case *Advice:
		b.WriteString("(" + d.Kw + " " + d.Name + " " + d.Side)
		if d.Depth != nil {
			b.WriteString(" (depth " + d.Depth.Text + ")")
		}
		writeClauses(b, d.Clauses)
	case *Table:
		b.WriteString("(table " + d.Name + " " + d.Side)
		writeClauses(b, d.Clauses)
	case *Define:
		b.WriteString("(define " + d.Name)
		if d.Params != nil {
			b.WriteString(" (params")
			for _, p := range d.Params.List {
				if p.Type != nil {
					b.WriteString(" (: " + p.Name + " " + p.Type.Name + ")")
				} else {
					b.WriteString(" " + p.Name)
				}
			}
			b.WriteByte(')')
		}
		b.WriteByte(' ')
		writeExpr(b, d.Body.X)
	case *Import:
		if d.Name != "" {
			b.WriteString("(import " + d.Name)
		} else {
			b.WriteString("(import \"" + d.Path + "\"")
		}
	case *Endgame:
		b.WriteString("(endgame")
		for _, sp := range d.Specs {
			b.WriteString(" (" + sp.Text() + ")")
		}
	}
	b.WriteByte(')')
}

func writeItems(b *strings.Builder, items []*LemmaItem) {
	for _, it := range items {
		b.WriteByte(' ')
		if it.Body == nil {
			b.WriteString(it.Name)
			continue
		}
		b.WriteString("(= " + it.Name + " ")
		writeExpr(b, it.Body.X)
		b.WriteByte(')')
	}
}

func writeClauses(b *strings.Builder, cs []Clause) {
	for _, c := range cs {
		b.WriteString(" (" + c.Keyword())
		switch c := c.(type) {
		case *PreClause:
			writeHyps(b, c.Items)
		case *ActionClause:
			writeHyps(b, c.Items)
		case *RelationClause:
			b.WriteByte(' ')
			writeExpr(b, c.F.X)
		case *GoalClause:
			b.WriteByte(' ')
			writeExpr(b, c.F.X)
		case *MovesClause:
			b.WriteByte(' ')
			writeExpr(b, c.F.X)
			for _, f := range c.Next {
				b.WriteByte(' ')
				writeExpr(b, f.X)
			}
		case *OptionClause:
			for _, o := range c.Options {
				b.WriteString(" " + o.Name)
			}
		case *NodesClause:
			b.WriteString(" " + c.N.Text)
		case *RuleClause:
			b.WriteByte(' ')
			writeExpr(b, c.Cond.X)
			b.WriteString(" (advice")
			for _, a := range c.Advice {
				b.WriteString(" " + a.Name)
			}
			b.WriteByte(')')
		}
		b.WriteByte(')')
	}
}

func writeHyps(b *strings.Builder, items []*HypItem) {
	for _, it := range items {
		b.WriteByte(' ')
		switch {
		case it.Alias != nil:
			b.WriteString("(: " + it.Alias.Name + " ")
			writeTerm(b, it.Term)
			b.WriteByte(')')
		default:
			writeTerm(b, it.Term)
		}
		if it.Value != "" {
			b.WriteString("=" + it.Value)
		}
	}
}

func writeTerm(b *strings.Builder, t *Term) {
	switch t.Kind {
	case TermName:
		b.WriteString(t.Name)
	case TermSuc:
		b.WriteString("(suc ")
		writePlan(b, t.Plan)
		b.WriteByte(')')
	case TermRef:
		b.WriteString("(ref ")
		writePlan(b, t.By)
		b.WriteByte(' ')
		writePlan(b, t.Plan)
		b.WriteByte(')')
	}
}

func writePlan(b *strings.Builder, p PlanExpr) {
	switch p := p.(type) {
	case *PlanName:
		b.WriteString(p.Name)
	case *PlanOp:
		b.WriteString("(" + p.Op + " ")
		writePlan(b, p.L)
		b.WriteByte(' ')
		writePlan(b, p.R)
		b.WriteByte(')')
	}
}

func writeExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case *Atom:
		if e.Args == nil {
			b.WriteString(e.Name)
			return
		}
		b.WriteString("(" + e.Name)
		for _, a := range e.Args {
			b.WriteString(" " + a.Name)
		}
		b.WriteByte(')')
	case *Const:
		if e.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *Any:
		b.WriteString("any")
	case *Hyp:
		writeTerm(b, e.Term)
	case *Not:
		b.WriteString("(~ ")
		writeExpr(b, e.X)
		b.WriteByte(')')
	case *Binary:
		b.WriteString("(" + e.Op.String() + " ")
		writeExpr(b, e.L)
		b.WriteByte(' ')
		writeExpr(b, e.R)
		b.WriteByte(')')
	case *IntLit:
		b.WriteString(e.Text)
	case *Call:
		if !e.Paren {
			b.WriteString(e.Name)
			return
		}
		b.WriteString("(call " + e.Name)
		for _, a := range e.Args {
			b.WriteByte(' ')
			writeExpr(b, a)
		}
		b.WriteByte(')')
	case *SideLit:
		b.WriteString(e.Side)
	case *PieceSq:
		b.WriteString("(piece " + e.Side + " " + e.Kind.Name + ")")
	case *Neg:
		b.WriteString("(neg ")
		writeExpr(b, e.X)
		b.WriteByte(')')
	case *Compare:
		b.WriteString("(cmp")
		for i, x := range e.Xs {
			if i > 0 {
				b.WriteString(" " + e.Ops[i-1].String())
			}
			b.WriteByte(' ')
			writeExpr(b, x)
		}
		b.WriteByte(')')
	case *In:
		b.WriteString("(in ")
		writeExpr(b, e.X)
		b.WriteString(" " + e.At.Name + ")")
	case *Cond:
		b.WriteString("(if ")
		writeExpr(b, e.If)
		b.WriteByte(' ')
		writeExpr(b, e.Then)
		b.WriteByte(' ')
		writeExpr(b, e.Else)
		b.WriteByte(')')
	case *Quant:
		b.WriteString("(" + e.Q + " " + e.Sort + " " + e.Var.Name)
		if e.Of != nil {
			b.WriteString(" (of " + e.Of.Name + ")")
		}
		b.WriteByte(' ')
		writeExpr(b, e.Body)
		b.WriteByte(')')
	}
}

package kb

import (
	"regexp"
	"strings"

	"github.com/advicelang/al/lang"
)

// Doc comments: what a pattern, lemma or plan means in words, for the
// justifications of the prover (issue 18). A declaration's own doc
// comment (lang.File.Doc) comes first; a name without one is described
// by what it stands for: a pattern by its body, a library predicate by
// its definition and a definition by its doc comment (each without the
// thesis's name that opens it).

// doc is the doc comment of the declaration at p.
func (c *compiler[P]) doc(p lang.Pos) string {
	return c.files[p.Filename].Doc(p)
}

// maxDocDepth bounds how deeply exprDoc follows patterns (cycles are
// reported elsewhere; this only keeps the description finite).
const maxDocDepth = 8

// exprDoc describes formula e in words.
func (c *compiler[P]) exprDoc(e lang.Expr, depth int) string {
	if depth > maxDocDepth {
		return ""
	}
	switch e := e.(type) {
	case *lang.Atom:
		if x := c.decls[e.Name]; x != nil && x.body != nil {
			// A pattern or an inline lemma.
			if d := c.doc(x.pos); d != "" {
				return d
			}
			return c.exprDoc(x.body, depth+1)
		}
		if x := c.decls[e.Name]; x != nil && x.define != nil {
			// A definition: its doc comment, on one line, without its
			// final full stop (as the library's definitions are written).
			return strings.TrimSuffix(predicateDoc(strings.Join(strings.Fields(x.define.Doc), " ")), ".")
		}
		if p, ok := c.lib.Lookup(e.Name); ok {
			return predicateDoc(p.Doc)
		}
	case *lang.Not:
		if d := c.exprDoc(e.X, depth+1); d != "" {
			return "not: " + d
		}
	case *lang.Binary:
		l, r := c.exprDoc(e.L, depth+1), c.exprDoc(e.R, depth+1)
		if l == "" || r == "" {
			return ""
		}
		word := map[lang.BinOp]string{lang.OpOr: "or", lang.OpAnd: "and", lang.OpImplies: "implies", lang.OpIff: "exactly when"}[e.Op]
		if word == "" {
			return ""
		}
		return l + "; " + word + " " + r
	}
	return ""
}

// thesisName is the name of the thesis that opens many predicate
// definitions ("CASILLAS_CRITICAS: ...", "RB_CERCA(P1, P2), through
// NO_MAS_LEJOS: ...", "PEON_BLOQUEADO (figure 2a): ...").
var thesisName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(\([^)]*\))?( \([^)]*\))?(, through [A-Z_]+)?: `)

// predicateDoc is a library definition without the thesis's name.
func predicateDoc(d string) string {
	return strings.TrimSpace(thesisName.ReplaceAllString(d, ""))
}

// disjuncts are the operands of e's top-level disjunction (e alone when it
// is not one), in the order written.
func disjuncts(e lang.Expr) []lang.Expr { return operands(e, lang.OpOr) }

// operands splits a chain of one binary operator (A | B | C, A then B)
// into its operands, in order.
func operands(e lang.Expr, op lang.BinOp) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == op {
		return append(operands(b.L, op), operands(b.R, op)...)
	}
	return []lang.Expr{e}
}

package lang

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Formula is a formula in a clause or pattern, parsed by the precedence
// parser below and plugged into the participle grammar as a Parseable.
type Formula struct{ X Expr }

// MoveFormula is the formula of a moves or replies clause, where `then`
// (loosest of all) orders the moves.
type MoveFormula struct{ X Expr }

// binOps is the operator table, loosest first (LANGUAGE.md, "Lexical
// structure"): the precedence parser and the printer both read it.
var binOps = []struct {
	tok   string
	op    BinOp
	prec  int
	right bool
}{
	{"then", OpThen, 1, false},
	{"<->", OpIff, 2, false},
	{"<=>", OpIff, 2, false},
	{"->", OpImplies, 3, true},
	{"=>", OpImplies, 3, true},
	{"|", OpOr, 4, false},
	{"+", OpOr, 4, false},
	{"&", OpAnd, 5, false},
}

// precNot is the precedence of prefix `~`, tighter than every binary operator.
const precNot = 6

// opText is the canonical spelling of each operator.
var opText = [...]string{OpThen: "then", OpIff: "<->", OpImplies: "->", OpOr: "|", OpAnd: "&"}

func (o BinOp) String() string { return opText[o] }

func opInfo(op BinOp) (prec int, right bool) {
	for _, b := range binOps {
		if b.op == op {
			return b.prec, b.right
		}
	}
	return 0, false
}

// maxNesting bounds the depth of parentheses and prefix operators, so that
// no input can exhaust the stack.
const maxNesting = 200

// Parse implements participle.Parseable.
func (f *Formula) Parse(lex *lexer.PeekingLexer) error {
	p := &fparser{lex: lex}
	x, err := p.expr(2, false, 0)
	if err == nil {
		err = p.noThen()
	}
	f.X = x
	return err
}

// noThen reports a `then` where moves are not being ordered.
func (p *fparser) noThen() error {
	if t := p.peek(); t.Type == tokKeyword && t.Value == "then" {
		return participle.Errorf(t.Pos, "\"then\" orders moves: it is allowed only at the top of a moves or replies clause")
	}
	return nil
}

// Parse implements participle.Parseable.
func (f *MoveFormula) Parse(lex *lexer.PeekingLexer) error {
	p := &fparser{lex: lex}
	x, err := p.expr(1, true, 0)
	f.X = x
	return err
}

// Parse implements participle.Parseable for a hypothesis term.
func (t *Term) Parse(lex *lexer.PeekingLexer) error {
	p := &fparser{lex: lex}
	tok := lex.Peek()
	switch {
	case tok.Type == tokIdent:
		lex.Next()
		*t = Term{Pos: tok.Pos, Kind: TermName, Name: tok.Value}
		return nil
	case tok.Type == tokKeyword && (tok.Value == "suc" || tok.Value == "ref"):
		h, err := p.hyp()
		if err != nil {
			return err
		}
		*t = *h.Term
		return nil
	}
	return participle.Errorf(tok.Pos, "expected a hypothesis (a name, suc(PLAN) or ref(PLAN, PLAN)), found %s", describe(tok))
}

type fparser struct {
	lex *lexer.PeekingLexer
}

func (p *fparser) peek() *lexer.Token { return p.lex.Peek() }

func isOp(t *lexer.Token, v string) bool {
	return (t.Type == tokPunct || t.Type == tokKeyword) && t.Value == v
}

// describe names a token for an error message.
func describe(t *lexer.Token) string {
	switch t.Type {
	case tokEOF:
		if t.Value != "" {
			return "end of " + t.Value
		}
		return "end of declaration"
	case tokIdent:
		return fmt.Sprintf("name %s", t.Value)
	case tokKeyword:
		return fmt.Sprintf("keyword %q", t.Value)
	case tokInt:
		return fmt.Sprintf("number %s", t.Value)
	}
	return fmt.Sprintf("%q", t.Value)
}

// expr parses operators of precedence minPrec or tighter (precedence
// climbing over the binOps table).
func (p *fparser) expr(minPrec int, allowThen bool, depth int) (Expr, error) {
	lhs, err := p.unary(depth)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		found := -1
		for i, b := range binOps {
			if isOp(t, b.tok) && (t.Type == tokPunct) == (b.tok != "then") {
				found = i
				break
			}
		}
		if found < 0 || binOps[found].prec < minPrec || (binOps[found].op == OpThen && !allowThen) {
			return lhs, nil
		}
		b := binOps[found]
		p.lex.Next()
		next := b.prec + 1
		if b.right {
			next = b.prec
		}
		rhs, err := p.expr(next, false, depth+1)
		if err != nil {
			return nil, err
		}
		lhs = &Binary{Pos: t.Pos, Op: b.op, L: lhs, R: rhs}
	}
}

func (p *fparser) unary(depth int) (Expr, error) {
	t := p.peek()
	if depth > maxNesting {
		return nil, participle.Errorf(t.Pos, "formula nested more than %d levels deep", maxNesting)
	}
	switch {
	case isOp(t, "~") && t.Type == tokPunct:
		p.lex.Next()
		x, err := p.unary(depth + 1)
		if err != nil {
			return nil, err
		}
		return &Not{Pos: t.Pos, X: x}, nil
	case isOp(t, "(") && t.Type == tokPunct:
		p.lex.Next()
		x, err := p.expr(2, false, depth+1)
		if err == nil {
			err = p.noThen()
		}
		if err != nil {
			return nil, err
		}
		if c := p.peek(); !(c.Type == tokPunct && c.Value == ")") {
			return nil, participle.Errorf(c.Pos, "expected \")\" to close the \"(\" at %d:%d, found %s", t.Pos.Line, t.Pos.Column, describe(c))
		}
		p.lex.Next()
		return x, nil
	case t.Type == tokIdent:
		p.lex.Next()
		a := &Atom{Pos: t.Pos, Name: t.Value}
		if c := p.peek(); c.Type == tokPunct && c.Value == "(" {
			p.lex.Next()
			a.Args = []*Ident{}
			for {
				c := p.peek()
				if c.Type != tokIdent {
					return nil, participle.Errorf(c.Pos, "expected a position (P0, P1 or P2) as argument of %s, found %s", a.Name, describe(c))
				}
				p.lex.Next()
				a.Args = append(a.Args, &Ident{Pos: c.Pos, Name: c.Value})
				c = p.peek()
				if c.Type == tokPunct && c.Value == "," {
					p.lex.Next()
					continue
				}
				if c.Type == tokPunct && c.Value == ")" {
					p.lex.Next()
					break
				}
				return nil, participle.Errorf(c.Pos, "expected \",\" or \")\" in the arguments of %s, found %s", a.Name, describe(c))
			}
		}
		return a, nil
	case t.Type == tokKeyword:
		switch t.Value {
		case "true", "false":
			p.lex.Next()
			return &Const{Pos: t.Pos, Value: t.Value == "true"}, nil
		case "any":
			p.lex.Next()
			return &Any{Pos: t.Pos}, nil
		case "suc", "ref":
			return p.hyp()
		}
	}
	return nil, participle.Errorf(t.Pos, "expected a formula (a predicate, pattern or hypothesis name, true, false, ~ or \"(\"), found %s", describe(t))
}

// hyp parses `suc(PLAN)` or `ref(PLAN, PLAN)`.
func (p *fparser) hyp() (*Hyp, error) {
	t := p.lex.Next()
	term := &Term{Pos: t.Pos, Kind: TermSuc}
	if t.Value == "ref" {
		term.Kind = TermRef
	}
	if err := p.expect("(", t.Value); err != nil {
		return nil, err
	}
	first, err := p.planExpr(0)
	if err != nil {
		return nil, err
	}
	if term.Kind == TermSuc {
		term.Plan = first
	} else {
		if err := p.expect(",", "ref: ref(REFUTER, PLAN)"); err != nil {
			return nil, err
		}
		term.By = first
		if term.Plan, err = p.planExpr(0); err != nil {
			return nil, err
		}
	}
	if err := p.expect(")", t.Value); err != nil {
		return nil, err
	}
	return &Hyp{Term: term}, nil
}

func (p *fparser) expect(v, what string) error {
	c := p.peek()
	if c.Type == tokPunct && c.Value == v {
		p.lex.Next()
		return nil
	}
	return participle.Errorf(c.Pos, "expected %q after %s, found %s", v, what, describe(c))
}

// planExpr parses a plan name or a combination with `or` and `mod` (left
// associative, one precedence) and parentheses.
func (p *fparser) planExpr(depth int) (PlanExpr, error) {
	lhs, err := p.planPrimary(depth)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if !(t.Type == tokKeyword && (t.Value == "or" || t.Value == "mod")) {
			return lhs, nil
		}
		p.lex.Next()
		rhs, err := p.planPrimary(depth)
		if err != nil {
			return nil, err
		}
		lhs = &PlanOp{Pos: t.Pos, Op: t.Value, L: lhs, R: rhs}
	}
}

func (p *fparser) planPrimary(depth int) (PlanExpr, error) {
	t := p.peek()
	if depth > maxNesting {
		return nil, participle.Errorf(t.Pos, "plan combination nested more than %d levels deep", maxNesting)
	}
	switch {
	case t.Type == tokIdent:
		p.lex.Next()
		return &PlanName{Pos: t.Pos, Name: t.Value}, nil
	case t.Type == tokPunct && t.Value == "(":
		p.lex.Next()
		x, err := p.planExpr(depth + 1)
		if err != nil {
			return nil, err
		}
		if err := p.expect(")", "a plan combination"); err != nil {
			return nil, err
		}
		return x, nil
	}
	return nil, participle.Errorf(t.Pos, "expected a plan name or a combination (A or B, A mod B), found %s", describe(t))
}

// Params are the parameters of a pattern, `(P1, P2)`.
type Params struct {
	Pos  Pos
	List []*Ident
}

// Parse implements participle.Parseable.
func (ps *Params) Parse(lex *lexer.PeekingLexer) error {
	open := lex.Peek()
	if !(open.Type == tokPunct && open.Value == "(") {
		return nil // no parameters: Parse sets the field to nil
	}
	lex.Next()
	*ps = Params{Pos: open.Pos}
	for {
		t := lex.Peek()
		if t.Type != tokIdent {
			return participle.Errorf(t.Pos, "expected a parameter (P0, P1 or P2), found %s", describe(t))
		}
		lex.Next()
		ps.List = append(ps.List, &Ident{Pos: t.Pos, Name: t.Value})
		t = lex.Peek()
		if t.Type == tokPunct && t.Value == "," {
			lex.Next()
			continue
		}
		if t.Type == tokPunct && t.Value == ")" {
			lex.Next()
			return nil
		}
		return participle.Errorf(t.Pos, "expected \",\" or \")\" in the parameters of the pattern, found %s", describe(t))
	}
}

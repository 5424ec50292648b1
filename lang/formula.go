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

// opMode says where an operator of the table is allowed: in formulas and
// definitions alike, only in formulas (`then`, and `+` as `|`), or only in
// the terms of definitions (comparisons and arithmetic).
type opMode uint8

const (
	inBoth opMode = iota
	inFormulas
	inTerms
)

// opEntry is one operator of the table: its token, what it builds (a
// Binary with op, or a link of a Compare chain with cmp), its precedence
// and associativity, and where it is allowed.
type opEntry struct {
	tok   string
	kw    bool // the token is a keyword (then, mod), not punctuation
	op    BinOp
	isCmp bool
	cmp   CmpOp
	prec  int
	right bool
	mode  opMode
}

// binOps is the operator table, loosest first (LANGUAGE.md, "Lexical
// structure", and docs/reference.md, "Definitions"): the precedence parser
// and the printer both read it. Comparisons chain (`a < b <= c`) instead of
// associating.
var binOps = []opEntry{
	{tok: "then", kw: true, op: OpThen, prec: 1, mode: inFormulas},
	{tok: "<->", op: OpIff, prec: 2},
	{tok: "<=>", op: OpIff, prec: 2},
	{tok: "->", op: OpImplies, prec: 3, right: true},
	{tok: "=>", op: OpImplies, prec: 3, right: true},
	{tok: "|", op: OpOr, prec: 4},
	{tok: "+", op: OpOr, prec: 4, mode: inFormulas},
	{tok: "&", op: OpAnd, prec: 5},
	{tok: "=", isCmp: true, cmp: CmpEq, prec: 7, mode: inTerms},
	{tok: "!=", isCmp: true, cmp: CmpNe, prec: 7, mode: inTerms},
	{tok: "<", isCmp: true, cmp: CmpLt, prec: 7, mode: inTerms},
	{tok: "<=", isCmp: true, cmp: CmpLe, prec: 7, mode: inTerms},
	{tok: ">", isCmp: true, cmp: CmpGt, prec: 7, mode: inTerms},
	{tok: ">=", isCmp: true, cmp: CmpGe, prec: 7, mode: inTerms},
	{tok: "+", op: OpAdd, prec: 8, mode: inTerms},
	{tok: "-", op: OpSub, prec: 8, mode: inTerms},
	{tok: "*", op: OpMul, prec: 9, mode: inTerms},
	{tok: "/", op: OpDiv, prec: 9, mode: inTerms},
	{tok: "mod", kw: true, op: OpMod, prec: 9, mode: inTerms},
}

// The precedences of the prefix and postfix operators and of the other
// nodes, beside the binary ones of binOps: `~` is looser than comparisons
// (`~a < b` is `~(a < b)`), unary minus tighter than every binary
// operator, `X in P` tighter still; a quantifier's body reaches as far
// right as it can, so a quantifier is the loosest of all.
const (
	precQuant = 0
	precNot   = 6
	precCmp   = 7
	precNeg   = 10
	precIn    = 11
	precAtom  = 12
)

// opText is the canonical spelling of each operator.
var opText = [...]string{OpThen: "then", OpIff: "<->", OpImplies: "->", OpOr: "|", OpAnd: "&",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "mod"}

func (o BinOp) String() string { return opText[o] }

func opInfo(op BinOp) (prec int, right bool) {
	for _, b := range binOps {
		if !b.isCmp && b.op == op {
			return b.prec, b.right
		}
	}
	return 0, false
}

// lookupOp returns the entry of the table token t stands for in the mode of
// p (terms or formulas), or nil.
func (p *fparser) lookupOp(t *lexer.Token) *opEntry {
	for i := range binOps {
		b := &binOps[i]
		if t.Value != b.tok || (b.kw && t.Type != tokKeyword) || (!b.kw && t.Type != tokPunct) {
			continue
		}
		if (b.mode == inFormulas && p.terms) || (b.mode == inTerms && !p.terms) {
			continue
		}
		return b
	}
	return nil
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
	// terms is set in the body of a definition: `+` adds, and comparisons,
	// arithmetic, numbers, quantifiers and `in` are allowed.
	terms bool
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
	case tokString:
		return fmt.Sprintf("string %s", t.Value)
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
	var chain *Compare // the comparison chain lhs is, when this loop built it
	for {
		t := p.peek()
		b := p.lookupOp(t)
		if b == nil || b.prec < minPrec || (b.op == OpThen && !b.isCmp && !allowThen) {
			return lhs, nil
		}
		p.lex.Next()
		next := b.prec + 1
		if b.right {
			next = b.prec
		}
		rhs, err := p.expr(next, false, depth+1)
		if err != nil {
			return nil, err
		}
		switch {
		case b.isCmp && chain != nil && chain == lhs:
			chain.Ops = append(chain.Ops, b.cmp)
			chain.Xs = append(chain.Xs, rhs)
		case b.isCmp:
			chain = &Compare{Pos: t.Pos, Ops: []CmpOp{b.cmp}, Xs: []Expr{lhs, rhs}}
			lhs = chain
		default:
			lhs = &Binary{Pos: t.Pos, Op: b.op, L: lhs, R: rhs}
		}
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
		x, err := p.expr(precNot+1, false, depth+1)
		if err != nil {
			return nil, err
		}
		return &Not{Pos: t.Pos, X: x}, nil
	case p.terms && isOp(t, "-") && t.Type == tokPunct:
		p.lex.Next()
		x, err := p.expr(precNeg, false, depth+1)
		if err != nil {
			return nil, err
		}
		return &Neg{Pos: t.Pos, X: x}, nil
	case p.terms && t.Type == tokIdent && t.Value == "if":
		return p.cond(depth)
	case p.terms && t.Type == tokIdent && quantWords[t.Value]:
		if q, ok, err := p.quant(depth); ok || err != nil {
			return q, err
		}
	}
	x, err := p.primary(depth)
	if err != nil || !p.terms {
		return x, err
	}
	// Postfix `in P`.
	for {
		t := p.peek()
		if !(t.Type == tokIdent && t.Value == "in") {
			return x, nil
		}
		p.lex.Next()
		at := p.peek()
		if at.Type != tokIdent {
			return nil, participle.Errorf(at.Pos, "expected a position after \"in\" (such as P1), found %s", describe(at))
		}
		p.lex.Next()
		x = &In{Pos: t.Pos, X: x, At: &Ident{Pos: at.Pos, Name: at.Value}}
	}
}

// cond parses `if C then A else B`.
func (p *fparser) cond(depth int) (Expr, error) {
	t := p.lex.Next()
	x := &Cond{Pos: t.Pos}
	var err error
	if x.If, err = p.expr(2, false, depth+1); err != nil {
		return nil, err
	}
	if c := p.peek(); !(c.Type == tokKeyword && c.Value == "then") {
		return nil, participle.Errorf(c.Pos, "expected \"then\" after the condition of if, found %s", describe(c))
	}
	p.lex.Next()
	if x.Then, err = p.expr(2, false, depth+1); err != nil {
		return nil, err
	}
	if c := p.peek(); !(c.Type == tokIdent && c.Value == "else") {
		return nil, participle.Errorf(c.Pos, "expected \"else\" in if C then A else B, found %s", describe(c))
	}
	p.lex.Next()
	if x.Else, err = p.expr(2, false, depth+1); err != nil {
		return nil, err
	}
	return x, nil
}

// quant parses a quantifier, `some square s: BODY`; ok is false (and
// nothing is consumed) when the words do not start one.
func (p *fparser) quant(depth int) (Expr, bool, error) {
	cp := p.lex.MakeCheckpoint()
	q := p.lex.Next()
	sort := p.peek()
	if !(sort.Type == tokIdent && sortWords[sort.Value]) {
		p.lex.LoadCheckpoint(cp)
		return nil, false, nil
	}
	p.lex.Next()
	v := p.peek()
	if v.Type != tokIdent {
		p.lex.LoadCheckpoint(cp)
		return nil, false, nil
	}
	p.lex.Next()
	x := &Quant{Pos: q.Pos, Q: q.Value, Sort: sort.Value, Var: &Ident{Pos: v.Pos, Name: v.Value}}
	if c := p.peek(); c.Type == tokIdent && c.Value == "of" {
		p.lex.Next()
		at := p.peek()
		if at.Type != tokIdent {
			return nil, true, participle.Errorf(at.Pos, "expected a position after \"of\" (such as P1), found %s", describe(at))
		}
		p.lex.Next()
		x.Of = &Ident{Pos: at.Pos, Name: at.Value}
	}
	if c := p.peek(); !(c.Type == tokPunct && c.Value == ":") {
		return nil, true, participle.Errorf(c.Pos, "expected \":\" after %s %s %s, found %s", x.Q, x.Sort, x.Var.Name, describe(c))
	}
	p.lex.Next()
	body, err := p.expr(2, false, depth+1)
	if err != nil {
		return nil, true, err
	}
	x.Body = body
	return x, true, nil
}

func (p *fparser) primary(depth int) (Expr, error) {
	t := p.peek()
	switch {
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
	case t.Type == tokIdent && p.terms:
		return p.call(depth)
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
	case t.Type == tokInt && p.terms:
		p.lex.Next()
		return &IntLit{Pos: t.Pos, Text: t.Value}, nil
	case t.Type == tokKeyword:
		switch t.Value {
		case "true", "false":
			p.lex.Next()
			return &Const{Pos: t.Pos, Value: t.Value == "true"}, nil
		case "white", "black":
			if !p.terms {
				break
			}
			p.lex.Next()
			if k := p.peek(); k.Type == tokIdent && k.Value != "in" {
				p.lex.Next()
				return &PieceSq{Pos: t.Pos, Side: t.Value, Kind: &Ident{Pos: k.Pos, Name: k.Value}}, nil
			}
			return &SideLit{Pos: t.Pos, Side: t.Value}, nil
		case "any":
			if p.terms {
				break
			}
			p.lex.Next()
			return &Any{Pos: t.Pos}, nil
		case "suc", "ref":
			if p.terms {
				break
			}
			return p.hyp()
		}
	}
	if p.terms {
		return nil, participle.Errorf(t.Pos, "expected a term (a number, a name, a call such as file(s), white rook, true, false, ~, - or \"(\"), found %s", describe(t))
	}
	return nil, participle.Errorf(t.Pos, "expected a formula (a predicate, pattern or hypothesis name, true, false, ~ or \"(\"), found %s", describe(t))
}

// call parses a name in a term, with its arguments when a "(" follows.
func (p *fparser) call(depth int) (Expr, error) {
	t := p.lex.Next()
	c := &Call{Pos: t.Pos, Name: t.Value}
	if o := p.peek(); !(o.Type == tokPunct && o.Value == "(") {
		return c, nil
	}
	p.lex.Next()
	c.Paren = true
	if o := p.peek(); o.Type == tokPunct && o.Value == ")" {
		p.lex.Next()
		return c, nil
	}
	for {
		x, err := p.expr(2, false, depth+1)
		if err != nil {
			return nil, err
		}
		c.Args = append(c.Args, x)
		o := p.peek()
		if o.Type == tokPunct && o.Value == "," {
			p.lex.Next()
			continue
		}
		if o.Type == tokPunct && o.Value == ")" {
			p.lex.Next()
			return c, nil
		}
		return nil, participle.Errorf(o.Pos, "expected \",\" or \")\" in the arguments of %s, found %s", c.Name, describe(o))
	}
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

package lang

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Define is `define NAME = TERM` or `define NAME(PARAM, ...) = TERM`: a
// predicate, relation or measure of the knowledge base's own vocabulary,
// written over the primitives of the library (docs/reference.md,
// "Definitions").
type Define struct {
	Pos    Pos
	Name   string     `parser:"'define' @Ident"`
	Params *DefParams `parser:"@@"` // nil when there are none
	Body   *TermBody  `parser:"'=' @@"`
	// Doc is the definition's doc comment (File.Doc).
	Doc string
}

// DefParams are the parameters of a definition, `(P1, P2)` or `(s: square,
// n: int)`.
type DefParams struct {
	Pos  Pos
	List []*DefParam
}

// DefParam is a parameter: `NAME` (a position) or `NAME: TYPE`.
type DefParam struct {
	Pos  Pos
	Name string
	Type *Ident // nil for a position
}

// Import is `import "FILE"` (a path relative to the importing file) or
// `import NAME` (a vocabulary shipped with al).
type Import struct {
	Pos  Pos
	Path string `parser:"'import' ( @String"`
	Name string `parser:"| @Ident )"`
}

// Endgame is `endgame SPEC or SPEC ...`: the material the knowledge base is
// written for; each SPEC is an endgame's name (`KRK`) or the material of
// both sides (`white K R, black K`).
type Endgame struct {
	Pos   Pos
	Specs []*EndgameSpec `parser:"'endgame' @@ ( 'or' @@ )*"`
}

// EndgameSpec is one endgame of an Endgame declaration.
type EndgameSpec struct {
	Pos   Pos
	Name  *Ident   `parser:"( @@"`
	White []*Ident `parser:"| 'white' @@+"`
	Black []*Ident `parser:"  ',' 'black' @@+ )"`
}

func (d *Define) Position() Pos  { return d.Pos }
func (d *Import) Position() Pos  { return d.Pos }
func (d *Endgame) Position() Pos { return d.Pos }
func (*Define) decl()            {}
func (*Import) decl()            {}
func (*Endgame) decl()           {}

// Text returns the spec as written in canonical form: `KRK` or `white K R,
// black K`.
func (s *EndgameSpec) Text() string {
	if s.Name != nil {
		return s.Name.Name
	}
	return "white " + identWords(s.White) + ", black " + identWords(s.Black)
}

// Words joins the names of ids with spaces.
func Words(ids []*Ident) string { return identWords(ids) }

func identWords(ids []*Ident) string {
	w := make([]string, len(ids))
	for i, id := range ids {
		w[i] = id.Name
	}
	return strings.Join(w, " ")
}

// TermBody is the body of a definition: a term of the definition language,
// parsed by the precedence parser in term mode (formula.go), where `+` adds
// and comparisons, arithmetic, quantifiers and `in` are allowed.
type TermBody struct{ X Expr }

// Parse implements participle.Parseable.
func (b *TermBody) Parse(lex *lexer.PeekingLexer) error {
	p := &fparser{lex: lex, terms: true}
	x, err := p.expr(2, false, 0)
	if err == nil {
		err = p.noThen()
	}
	b.X = x
	return err
}

// Parse implements participle.Parseable.
func (ps *DefParams) Parse(lex *lexer.PeekingLexer) error {
	open := lex.Peek()
	if !(open.Type == tokPunct && open.Value == "(") {
		return nil // no parameters: Parse sets the field to nil
	}
	lex.Next()
	*ps = DefParams{Pos: open.Pos}
	for {
		t := lex.Peek()
		if t.Type != tokIdent {
			return participle.Errorf(t.Pos, "expected a parameter (a position such as P1, or NAME: TYPE), found %s", describe(t))
		}
		lex.Next()
		prm := &DefParam{Pos: t.Pos, Name: t.Value}
		if c := lex.Peek(); c.Type == tokPunct && c.Value == ":" {
			lex.Next()
			ty := lex.Peek()
			if ty.Type != tokIdent {
				return participle.Errorf(ty.Pos, "expected the type of parameter %s (square, int, bool, side or piece), found %s", prm.Name, describe(ty))
			}
			lex.Next()
			prm.Type = &Ident{Pos: ty.Pos, Name: ty.Value}
		}
		ps.List = append(ps.List, prm)
		t = lex.Peek()
		if t.Type == tokPunct && t.Value == "," {
			lex.Next()
			continue
		}
		if t.Type == tokPunct && t.Value == ")" {
			lex.Next()
			return nil
		}
		return participle.Errorf(t.Pos, "expected \",\" or \")\" in the parameters of the definition, found %s", describe(t))
	}
}

// The nodes of terms (definition bodies only).

// IntLit is an integer literal, kept as written (the checker reads its
// value and range).
type IntLit struct {
	Pos  Pos
	Text string
}

// Call is a name, with arguments when written with parentheses: `mate`,
// `file(s)`, `room_smaller(P1, P2)`, `a1`, `rook`.
type Call struct {
	Pos   Pos
	Name  string
	Args  []Expr
	Paren bool // written with parentheses (`f()` has Paren and no Args)
}

// SideLit is `white` or `black` as a value of type side.
type SideLit struct {
	Pos  Pos
	Side string
}

// PieceSq is `white rook`, `black king`: the square of that side's piece of
// that kind (docs/reference.md says which when there are none or several).
type PieceSq struct {
	Pos  Pos
	Side string
	Kind *Ident
}

// Neg is `-X`.
type Neg struct {
	Pos Pos
	X   Expr
}

// CmpOp is a comparison operator.
type CmpOp uint8

const (
	CmpEq CmpOp = iota // =
	CmpNe              // !=
	CmpLt              // <
	CmpLe              // <=
	CmpGt              // >
	CmpGe              // >=
)

var cmpText = [...]string{CmpEq: "=", CmpNe: "!=", CmpLt: "<", CmpLe: "<=", CmpGt: ">", CmpGe: ">="}

func (o CmpOp) String() string { return cmpText[o] }

// Compare is a comparison or a chain of them: `a < b`, `a < b <= c` (which
// is `a < b & b <= c`, each operand evaluated once). Its position is that
// of the first operator.
type Compare struct {
	Pos Pos
	Ops []CmpOp
	Xs  []Expr // len(Ops)+1 operands
}

// In is `X in P`: X read in position P instead of the default one.
type In struct {
	Pos Pos // of `in`
	X   Expr
	At  *Ident
}

// Quant is a bounded quantifier: `some square s: BODY`, `every move Q of
// P1: BODY`, `count square s: BODY` (the number of squares or moves for
// which BODY holds), `least move Q: BODY` and `most move Q: BODY` (the
// least and the greatest value of an integer BODY). The body extends as far
// right as possible.
type Quant struct {
	Pos  Pos
	Q    string // some, every, count, least, most
	Sort string // square, move
	Var  *Ident
	Of   *Ident // move quantifiers: the position whose moves are counted; nil for the default
	Body Expr
}

// Cond is `if C then A else B`: A where C holds, else B. The else part
// extends as far right as possible.
type Cond struct {
	Pos            Pos
	If, Then, Else Expr
}

func (e *Cond) Position() Pos    { return e.Pos }
func (*Cond) expr()              {}
func (e *IntLit) Position() Pos  { return e.Pos }
func (e *Call) Position() Pos    { return e.Pos }
func (e *SideLit) Position() Pos { return e.Pos }
func (e *PieceSq) Position() Pos { return e.Pos }
func (e *Neg) Position() Pos     { return e.Pos }
func (e *Compare) Position() Pos { return e.Pos }
func (e *In) Position() Pos      { return e.Pos }
func (e *Quant) Position() Pos   { return e.Pos }
func (*IntLit) expr()            {}
func (*Call) expr()              {}
func (*SideLit) expr()           {}
func (*PieceSq) expr()           {}
func (*Neg) expr()               {}
func (*Compare) expr()           {}
func (*In) expr()                {}
func (*Quant) expr()             {}

// Quantifiers and sorts, the words a quantifier starts with.
var (
	quantWords = map[string]bool{"some": true, "every": true, "count": true, "least": true, "most": true}
	sortWords  = map[string]bool{"square": true, "move": true}
)

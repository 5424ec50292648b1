package lang

// The AST. Declaration and clause nodes are participle grammar structs (the
// struct tags are the grammar); formulas are built by the hand-written
// precedence parser in formula.go. Every node carries its position.

// File is one parsed source file.
type File struct {
	Name     string
	Decls    []Decl
	Comments []Comment

	// toks are the positions of the file's non-comment tokens, in order;
	// the formatter uses them to find where each line of output came from.
	toks []Pos
	// ownComments and lineComments index the comments for Doc (doc.go).
	ownComments, lineComments map[int]Comment
}

// Comment is a `#` comment; Text includes the `#`.
type Comment struct {
	Pos  Pos
	Text string
}

// Decl is a top-level declaration: *Query, *Pattern, *Observe, *Lemma,
// *Method, *Advice (plans and advice), *Table, *Define, *Import or
// *Endgame.
type Decl interface {
	Position() Pos
	decl()
}

// Clause is a clause of a method, plan, advice or table: *PreClause,
// *ActionClause, *RelationClause, *GoalClause, *MovesClause, *OptionClause,
// *NodesClause or *RuleClause.
type Clause interface {
	Position() Pos
	Keyword() string
}

// Ident is a name with its position.
type Ident struct {
	Pos  Pos
	Name string `parser:"@Ident"`
}

// Int is an integer literal, kept as written (the compiler checks its range).
type Int struct {
	Pos  Pos
	Text string `parser:"@Int"`
}

// Query is `query TERM`.
type Query struct {
	Pos  Pos
	Term *Term `parser:"'query' @@"`
}

// Pattern is `pattern NAME = FORMULA` or `pattern NAME(P1, P2) = FORMULA`.
type Pattern struct {
	Pos    Pos
	Name   string   `parser:"'pattern' @Ident"`
	Params *Params  `parser:"@@"` // nil when there are none
	Body   *Formula `parser:"'=' @@"`
}

// Observe is `observe ITEM, ...`: hypotheses evaluated once, before the
// first cycle.
type Observe struct {
	Pos   Pos
	Items []*LemmaItem `parser:"'observe' @@ ( ',' @@ )*"`
}

// Lemma is `lemma ITEM, ...`.
type Lemma struct {
	Pos   Pos
	Items []*LemmaItem `parser:"'lemma' @@ ( ',' @@ )*"`
}

// LemmaItem is `NAME` (decided by the pattern or predicate of that name) or
// `NAME = FORMULA` (defined inline).
type LemmaItem struct {
	Pos  Pos
	Name string   `parser:"@Ident"`
	Body *Formula `parser:"( '=' @@ )?"`
}

// Method is `method NAME easy|hard` and its pre, action and relation clauses.
type Method struct {
	Pos     Pos
	Name    string   `parser:"'method' @Ident"`
	Cost    string   `parser:"@( 'easy' | 'hard' )"`
	Clauses []Clause `parser:"@@*"`
}

// Advice is a plan (`plan NAME SIDE depth N`) or a piece of AL1 advice
// (`advice NAME SIDE depth N`) and its clauses.
type Advice struct {
	Pos     Pos
	Kw      string   `parser:"@( 'plan' | 'advice' )"`
	Name    string   `parser:"@Ident"`
	Side    string   `parser:"@( 'white' | 'black' )"`
	Depth   *Int     `parser:"( 'depth' @@ )?"`
	Clauses []Clause `parser:"@@*"`
}

// IsPlan reports whether a is a plan rather than AL1 advice.
func (a *Advice) IsPlan() bool { return a.Kw == "plan" }

// Table is `table NAME SIDE` and its rules.
type Table struct {
	Pos     Pos
	Name    string   `parser:"'table' @Ident"`
	Side    string   `parser:"@( 'white' | 'black' )"`
	Clauses []Clause `parser:"@@*"`
}

// PreClause is `pre ITEM, ...`.
type PreClause struct {
	Pos   Pos
	Items []*HypItem `parser:"'pre' @@ ( ',' @@ )*"`
}

// ActionClause is `action ITEM, ...`.
type ActionClause struct {
	Pos   Pos
	Items []*HypItem `parser:"'action' @@ ( ',' @@ )*"`
}

// HypItem is a hypothesis in a pre or action list: `ALIAS: TERM`, `TERM`, or
// (in pre) a fact condition `TERM = true|false`.
type HypItem struct {
	Pos   Pos
	Alias *Ident `parser:"( @@ ':' )?"`
	Term  *Term  `parser:"@@"`
	Value string `parser:"( '=' @( 'true' | 'false' ) )?"`
}

// RelationClause is `relation FORMULA`.
type RelationClause struct {
	Pos Pos
	F   *Formula `parser:"'relation' @@"`
}

// GoalClause is `better FORMULA`, `holding FORMULA` or `otherwise
// FORMULA` (AL1.5's exit: what an X node concludes when no allowed move
// keeps the holding goal).
type GoalClause struct {
	Pos Pos
	Kw  string   `parser:"@( 'better' | 'holding' | 'otherwise' )"`
	F   *Formula `parser:"@@"`
}

// MovesClause is `moves FORMULA` or `replies FORMULA`; only these allow
// `then`. `moves F1, F2, ..., Fk` (AL1.5) constrains each move on its own:
// the first move by F1, the second by F2, ..., every later one by Fk; Next
// holds F2..Fk.
type MovesClause struct {
	Pos  Pos
	Kw   string         `parser:"@( 'moves' | 'replies' )"`
	F    *MoveFormula   `parser:"@@"`
	Next []*MoveFormula `parser:"( ',' @@ )*"`
}

// OptionClause is `option NAME, ...`.
type OptionClause struct {
	Pos     Pos
	Options []*Ident `parser:"'option' @@ ( ',' @@ )*"`
}

// NodesClause is `nodes N`: the most nodes one search of the plan or
// advice may visit (its node budget).
type NodesClause struct {
	Pos Pos
	N   *Int `parser:"'nodes' @@"`
}

// RuleClause is `rule FORMULA : ADVICE, ...`.
type RuleClause struct {
	Pos    Pos
	Cond   *Formula `parser:"'rule' @@"`
	Advice []*Ident `parser:"':' ( @@ ( ',' @@ )* )?"`
}

func (d *Query) Position() Pos   { return d.Pos }
func (d *Pattern) Position() Pos { return d.Pos }
func (d *Observe) Position() Pos { return d.Pos }
func (d *Lemma) Position() Pos   { return d.Pos }
func (d *Method) Position() Pos  { return d.Pos }
func (d *Advice) Position() Pos  { return d.Pos }
func (d *Table) Position() Pos   { return d.Pos }
func (*Query) decl()             {}
func (*Pattern) decl()           {}
func (*Observe) decl()           {}
func (*Lemma) decl()             {}
func (*Method) decl()            {}
func (*Advice) decl()            {}
func (*Table) decl()             {}

func (c *PreClause) Position() Pos      { return c.Pos }
func (c *ActionClause) Position() Pos   { return c.Pos }
func (c *RelationClause) Position() Pos { return c.Pos }
func (c *GoalClause) Position() Pos     { return c.Pos }
func (c *MovesClause) Position() Pos    { return c.Pos }
func (c *OptionClause) Position() Pos   { return c.Pos }
func (c *NodesClause) Position() Pos    { return c.Pos }
func (c *RuleClause) Position() Pos     { return c.Pos }
func (*PreClause) Keyword() string      { return "pre" }
func (*ActionClause) Keyword() string   { return "action" }
func (*RelationClause) Keyword() string { return "relation" }
func (c *GoalClause) Keyword() string   { return c.Kw }
func (c *MovesClause) Keyword() string  { return c.Kw }
func (*OptionClause) Keyword() string   { return "option" }
func (*NodesClause) Keyword() string    { return "nodes" }
func (*RuleClause) Keyword() string     { return "rule" }

// Expr is a formula node: *Atom, *Const, *Any, *Hyp, *Not or *Binary; in
// the body of a definition also *IntLit, *Call, *SideLit, *PieceSq, *Neg,
// *Compare, *In and *Quant (define.go).
type Expr interface {
	Position() Pos
	expr()
}

// BinOp is a binary formula operator.
type BinOp uint8

const (
	OpThen    BinOp = iota // orders moves: moves and replies only
	OpIff                  // <-> (also <=>), left associative
	OpImplies              // -> (also =>), right associative
	OpOr                   // | (also +)
	OpAnd                  // &
	OpAdd                  // + (terms only; in formulas + is |)
	OpSub                  // -
	OpMul                  // *
	OpDiv                  // /
	OpMod                  // mod
)

// Atom is a library predicate, pattern or hypothesis name, with optional
// position arguments: `mate`, `room_smaller(P0, P2)`.
type Atom struct {
	Pos  Pos
	Name string
	Args []*Ident // nil when written without parentheses
}

// Const is `true` or `false`.
type Const struct {
	Pos   Pos
	Value bool
}

// Any is `any`: every legal move.
type Any struct{ Pos Pos }

// Hyp is a `suc(..)` or `ref(.., ..)` hypothesis term inside a formula.
type Hyp struct{ Term *Term }

// Not is `~X`.
type Not struct {
	Pos Pos
	X   Expr
}

// Binary is `L op R`; its position is that of the operator.
type Binary struct {
	Pos  Pos
	Op   BinOp
	L, R Expr
}

func (e *Atom) Position() Pos   { return e.Pos }
func (e *Const) Position() Pos  { return e.Pos }
func (e *Any) Position() Pos    { return e.Pos }
func (e *Hyp) Position() Pos    { return e.Term.Pos }
func (e *Not) Position() Pos    { return e.Pos }
func (e *Binary) Position() Pos { return e.Pos }
func (*Atom) expr()             {}
func (*Const) expr()            {}
func (*Any) expr()              {}
func (*Hyp) expr()              {}
func (*Not) expr()              {}
func (*Binary) expr()           {}

// Start returns the position of the first token of e.
func Start(e Expr) Pos {
	for {
		switch x := e.(type) {
		case *Binary:
			e = x.L
		case *Compare:
			e = x.Xs[0]
		case *In:
			e = x.X
		default:
			return e.Position()
		}
	}
}

// TermKind says which form a hypothesis term has.
type TermKind uint8

const (
	TermName TermKind = iota // NAME
	TermSuc                  // suc(PLAN)
	TermRef                  // ref(PLAN, PLAN)
)

// Term is a hypothesis term: `NAME`, `suc(PLAN)` or `ref(BY, PLAN)`.
type Term struct {
	Pos  Pos
	Kind TermKind
	Name string   // TermName
	By   PlanExpr // TermRef: the refuting plan
	Plan PlanExpr // TermSuc, TermRef: the plan
}

// PlanExpr is a plan name (*PlanName) or a combination (*PlanOp).
type PlanExpr interface {
	Position() Pos
	planExpr()
}

// PlanName names a plan.
type PlanName struct {
	Pos  Pos
	Name string
}

// PlanOp is `L or R` or `L mod R` (left associative, one precedence).
type PlanOp struct {
	Pos  Pos // of the operator
	Op   string
	L, R PlanExpr
}

func (p *PlanName) Position() Pos { return p.Pos }
func (p *PlanOp) Position() Pos   { return p.Pos }
func (*PlanName) planExpr()       {}
func (*PlanOp) planExpr()         {}

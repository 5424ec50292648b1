package kb

import (
	"sync/atomic"

	"github.com/advicelang/al/prover/game"
)

// Arg names a position of a forcing tree that a predicate reads
// (LANGUAGE.md, "Formulas and positions").
type Arg uint8

const (
	P0 Arg = iota // the root of the forcing tree
	P1            // the position before the last move
	P2            // the current position (after the last move)
)

func (a Arg) String() string { return [...]string{"P0", "P1", "P2"}[a] }

// Env holds the positions a formula is evaluated against. At the root of a
// forcing tree, and wherever no move has been made yet, P1 == P2. Calls
// decides the calls of advice in a goal (AL1.5's `suc(A)`); without it a
// call is false.
type Env[P any] struct {
	P0, P1, P2 *P
	Calls      Caller[P]
	// Cache, when set, keeps the values of definitions per position
	// between evaluations (cache.go): the searcher's own, used by one
	// goroutine at a time.
	Cache *Cache
}

// Caller decides a call `suc(A)` in a goal: whether A is satisfiable at
// pos (its own forcing-tree search, pos its root). The forcing-tree
// searcher is the one Caller.
type Caller[P any] interface {
	Sat(a *Advice[P], pos *P) bool
}

// Call is the advice a call names; Advice is set once every piece of
// advice is compiled (calls may be recursive).
type Call[P any] struct {
	Name   string
	Advice *Advice[P]
}

func (e *Env[P]) at(a Arg) *P {
	switch a {
	case P0:
		return e.P0
	case P1:
		return e.P1
	}
	return e.P2
}

// Op is the operator of a formula node.
type Op uint8

const (
	OpTrue Op = iota
	OpFalse
	OpAtom // a library predicate applied to positions
	OpNot
	OpAnd
	OpOr
	OpImplies
	OpIff
	OpCall // a call suc(A) of advice A at P2 (Formula.Call)
	OpMemo // L evaluated with a memo of its shared nodes (memo.go)
)

// Formula is the evaluable form of a formula over positions of type P: a
// tree of nodes built once by the compiler, which also compiles the
// formulas of a base into closures (fcompile.go). Eval runs those, or
// walks the tree (a formula built by hand, or holding a call), and
// allocates nothing.
type Formula[P any] struct {
	Op   Op
	Pred *Predicate[P] // OpAtom
	A, B Arg           // OpAtom: the positions read (B only for relations)
	L, R *Formula[P]   // operands (L only for OpNot)
	Call *Call[P]      // OpCall
	// memo: in an OpMemo node, the size of its memo; in a node shared
	// under one, 1 + its index in the memo; else 0 (memo.go).
	memo int32
	// fn is the formula compiled (fcompile.go), nil when it is not. It
	// takes the positions, not the Env: an Env passed to a function value
	// would escape to the heap.
	fn func(p0, p1, p2 *P, m *Cache) bool
	// gen: fn is a goal compiled ahead of time (gogen.go).
	gen bool
	// flags caches what f and the nodes below it read and call
	// (formulaFlags), 0 until first asked: a searcher asks it of every
	// advice it meets, and often lives for one game.
	flags uint32
	// mt keeps the move test of the constraints this formula is the
	// first part of (a *moveBox; movetest.go).
	mt atomic.Value
}

// The bits of Formula.flags.
const (
	flagsDone  uint32 = 1 << iota // computed
	flagsReads                    // reads P0, P1, P2: this bit shifted by the Arg
	_
	_
	flagsCalls // holds a call (OpCall)
)

// formulaFlags returns f's flags, computing them once for each node (f is
// a DAG: a node shared below several is computed once). Concurrent first
// calls compute the same value; the stores are atomic.
func (f *Formula[P]) formulaFlags() uint32 {
	if f == nil {
		return flagsDone
	}
	if v := atomic.LoadUint32(&f.flags); v != 0 {
		return v
	}
	v := flagsDone
	switch f.Op {
	case OpAtom:
		v |= readBit(f.A)
		if f.Pred != nil && f.Pred.Kind == RelationKind {
			v |= readBit(f.B)
		}
	case OpTrue, OpFalse:
	default:
		if f.Op == OpCall {
			v |= flagsCalls
		}
		v |= f.L.formulaFlags() | f.R.formulaFlags()
	}
	atomic.StoreUint32(&f.flags, v)
	return v
}

func readBit(a Arg) uint32 {
	if a > P2 {
		return 0
	}
	return flagsReads << a
}

// Reads reports whether f reads position a (a nil f reads none). The
// answer is computed at the first call and kept in f's nodes.
func (f *Formula[P]) Reads(a Arg) bool { return f.formulaFlags()&readBit(a) != 0 }

// Calls reports whether f holds a call (suc(A)), kept as Reads is.
func (f *Formula[P]) Calls() bool { return f.formulaFlags()&flagsCalls != 0 }

// Compiled returns f's compiled evaluator, nil when f is walked (or nil):
// what Eval runs, for a caller that evaluates f again and again with the
// positions at hand (the forcing-tree searcher's goals), which then
// builds no Env. m is the cache Env.Cache would be.
func (f *Formula[P]) Compiled() func(p0, p1, p2 *P, m *Cache) bool {
	if f == nil {
		return nil
	}
	return f.fn
}

// Eval reports whether f holds in env: by its compiled evaluator when the
// compiler made one, else by walking it.
func (f *Formula[P]) Eval(env *Env[P]) bool {
	if f.fn != nil {
		return f.fn(env.P0, env.P1, env.P2, env.Cache)
	}
	switch f.Op {
	case OpTrue:
		return true
	case OpFalse:
		return false
	case OpAtom:
		if f.Pred.Kind == RelationKind {
			return f.Pred.Rel(env.at(f.A), env.at(f.B))
		}
		return f.Pred.Pos(env.at(f.A))
	case OpNot:
		return !f.L.Eval(env)
	case OpAnd:
		return f.L.Eval(env) && f.R.Eval(env)
	case OpOr:
		return f.L.Eval(env) || f.R.Eval(env)
	case OpImplies:
		return !f.L.Eval(env) || f.R.Eval(env)
	case OpIff:
		return f.L.Eval(env) == f.R.Eval(env)
	case OpCall:
		if env.Calls == nil || f.Call.Advice == nil {
			return false
		}
		return env.Calls.Sat(f.Call.Advice, env.P2)
	case OpMemo:
		return f.evalMemoRoot(env)
	}
	panic("kb: formula with an unknown operator")
}

// True returns the formula that always holds.
func True[P any]() *Formula[P] { return &Formula[P]{Op: OpTrue} }

// False returns the formula that never holds.
func False[P any]() *Formula[P] { return &Formula[P]{Op: OpFalse} }

// Pos applies a position predicate to position a.
func Pos[P any](pred *Predicate[P], a Arg) *Formula[P] {
	return &Formula[P]{Op: OpAtom, Pred: pred, A: a}
}

// Rel applies a relation predicate to positions (a, b).
func Rel[P any](pred *Predicate[P], a, b Arg) *Formula[P] {
	return &Formula[P]{Op: OpAtom, Pred: pred, A: a, B: b}
}

// Not returns ~f.
func Not[P any](f *Formula[P]) *Formula[P] { return &Formula[P]{Op: OpNot, L: f} }

// And returns l & r.
func And[P any](l, r *Formula[P]) *Formula[P] { return &Formula[P]{Op: OpAnd, L: l, R: r} }

// Or returns l | r.
func Or[P any](l, r *Formula[P]) *Formula[P] { return &Formula[P]{Op: OpOr, L: l, R: r} }

// Implies returns l -> r.
func Implies[P any](l, r *Formula[P]) *Formula[P] { return &Formula[P]{Op: OpImplies, L: l, R: r} }

// Iff returns l <-> r.
func Iff[P any](l, r *Formula[P]) *Formula[P] { return &Formula[P]{Op: OpIff, L: l, R: r} }

// Order is a move constraint: an ordered list of parts, `A then B then C`.
// A move satisfies the constraint when it satisfies some part; moves are
// offered part by part (those satisfying A, then those satisfying B and not
// A, ...). An empty Order is `any`. Each part is evaluated with P1 the
// position before the move and P2 the position after it.
type Order[P any] []*Formula[P]

// Allows reports whether the move from env.P1 to env.P2 satisfies some part
// of o, and the index of the first part it satisfies (0 for `any`).
func (o Order[P]) Allows(env *Env[P]) (part int, ok bool) {
	if len(o) == 0 {
		return 0, true
	}
	for i, f := range o {
		if f.Eval(env) {
			return i, true
		}
	}
	return 0, false
}

// AllowsAt is Allows in the Env of positions p0, p1, p2 and cache m
// with no Caller: the compiled parts are called with the positions, and
// an Env is built only for a part that is walked (the forcing-tree
// searcher's move constraints, at every move it tests).
func (o Order[P]) AllowsAt(p0, p1, p2 *P, m *Cache) (part int, ok bool) {
	if len(o) == 1 && o[0].fn != nil {
		// One compiled part (SQUEEZE's `rookmove`): called without the
		// loop, whose call kept the positions on the stack (inlined).
		return 0, o[0].fn(p0, p1, p2, m)
	}
	return o.allowsAt(p0, p1, p2, m)
}

// allowsAt is AllowsAt's loop over the parts.
func (o Order[P]) allowsAt(p0, p1, p2 *P, m *Cache) (part int, ok bool) {
	for i, f := range o {
		var v bool
		if f.fn != nil {
			v = f.fn(p0, p1, p2, m)
		} else {
			env := Env[P]{P0: p0, P1: p1, P2: p2, Cache: m}
			v = f.Eval(&env)
		}
		if v {
			return i, true
		}
	}
	return 0, len(o) == 0
}

// Advice is a compiled piece of advice (an AL1 `advice`, or a `plan`, which
// is advice with `replies any`): side X, better goal, holding goal, X's move
// constraint, Y's move constraint, the depth bound in moves of X, and the
// options (LANGUAGE.md, "Semantics").
type Advice[P any] struct {
	Name    string
	Side    game.Side
	Depth   int
	Better  *Formula[P]
	Holding *Formula[P]
	// Otherwise is the exit (AL1.5, `otherwise F`): at an X node where no
	// move the constraint allows keeps the holding goal, the node ends
	// the tree successfully when Otherwise holds there (read with P1 = P2
	// = the node), and fails when it does not or is nil.
	Otherwise *Formula[P]
	Moves     Order[P]
	Replies   Order[P]
	// MovesNext and RepliesNext are the constraints of the later moves
	// (AL1.5, `moves F1, F2, ..., Fk`): Moves constrains the first move of
	// X, MovesNext[0] the second, ..., the last one every later move; empty,
	// Moves constrains every move. Likewise for Y's replies. MovesAt and
	// RepliesAt read them.
	MovesNext, RepliesNext []Order[P]
	Sacrifice              bool
	// Calls are the advice its goals call (AL1.5's `suc(A)` in a goal),
	// each once, in the order of the text.
	Calls []*Advice[P]
	// AL0: searched as Bratko's AL0 program does (`option al0`): depth
	// first to the full depth, the first tree in the move constraint's
	// order, and a node where Y has no allowed reply fails unless the
	// better goal holds there (docs/prover.md, "AL0 mode").
	AL0 bool
	// Semistatic: only X's moves are considered (AL1.5's semi-static
	// search, `option semistatic`): at Y's turn Y passes.
	Semistatic bool
	// MaxNodes is the node budget the base states for one search of this
	// advice (`nodes N`; 0: none, the command's budget). The commands
	// honour it unless their --max-nodes is given (prover.Options).
	MaxNodes int64
	// Goals are the disjuncts of the better goal as written (one when it
	// is not a disjunction), each compiled alone: a justification names
	// the ones a line reaches. Doc is the declaration's doc comment.
	Goals []Goal[P]
	Doc   string
}

// Goal is one disjunct of a better goal: its text as written, what it
// means in words (as a Lemma's Doc) and its formula.
type Goal[P any] struct {
	Text string
	Doc  string
	F    *Formula[P]
}

// MovesAt is the constraint of move i of X (0 the first).
func (a *Advice[P]) MovesAt(i int) Order[P] { return orderAt(a.Moves, a.MovesNext, i) }

// RepliesAt is the constraint of reply i of Y (0 the first).
func (a *Advice[P]) RepliesAt(i int) Order[P] { return orderAt(a.Replies, a.RepliesNext, i) }

func orderAt[P any](first Order[P], next []Order[P], i int) Order[P] {
	if i <= 0 || len(next) == 0 {
		return first
	}
	return next[min(i, len(next))-1]
}

// Orders lists every constraint of a: Moves, MovesNext, Replies,
// RepliesNext.
func (a *Advice[P]) Orders() []Order[P] {
	out := append([]Order[P]{a.Moves}, a.MovesNext...)
	out = append(out, a.Replies)
	return append(out, a.RepliesNext...)
}

// Rule is one rule of an advice table: when Cond holds in a position with the
// table's side to move, its advice are tried in order.
type Rule[P any] struct {
	Name   string // a label for traces: the rule's condition as written
	Cond   *Formula[P]
	Advice []*Advice[P]
}

// Table is a compiled AL1 advice table: ordered rules for one side.
type Table[P any] struct {
	Name  string
	Side  game.Side
	Rules []Rule[P]
	// AL0: the table was declared with `option al0`; its rules name AL0
	// copies of their advice (Advice.AL0).
	AL0 bool
}

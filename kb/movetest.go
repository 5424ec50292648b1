package kb

import (
	"strconv"

	"github.com/advicelang/al/lang"
)

// Move constraints told by the move (MoveTest). A move constraint is
// evaluated with P1 the position before a move and P2 the position after
// it, so a searcher makes every move it tests, and evaluates the
// constraint on the two positions, before it knows whether the move is
// allowed (for a refused move, only to throw the position away). When
// every primitive a constraint reads in P2 can tell its value there from
// P1 and the move (Func.Move: which man moved, to where, what stands
// where after it), the constraint is a function of P1 and the move: its
// test here reads P2 through those forms, and the move is made only when
// the constraint allows it. The test is compiled from the definitions'
// bodies, term by term, with the language's rules (nothing, comparisons,
// arithmetic, if); anything else (a library predicate or a primitive
// without a move form read in P2, a quantifier, a call of advice, a
// definition of value parameters) leaves the constraint without a test,
// evaluated on the positions as before. The terms are pure, so the test
// and the evaluation on the made move agree wherever the move forms
// agree with the primitives (TestMoveTests in knowledge/ compares them
// on every move of random positions of the shipped bases' endgames).

// defNames resolves the names a definition's body calls, as the compiler
// did: the base's definitions, then the library's.
type defNames[P any] struct {
	lib  *Library[P]
	defs map[string]*Definition[P]
}

// mctx is the position a term is read in: the root (P0), the position
// before the move (P1) or after it (P2).
type mctx uint8

const (
	mP0 mctx = iota
	mP1
	mP2
)

// The test is staged: the terms that read no P2 (`the_rook in P1`, the
// side to move in P1) are the same for every move of a position, so the
// searcher computes them once per position (prep, into a MoveEnv), and
// the test of each move computes the rest.

// MoveEnv holds the values a move test computes once for the position
// its moves leave (MoveTest's prep), which its test of each move reads.
type MoveEnv struct{ v [maxMoveVals]int32 }

// maxMoveVals bounds the values a move test computes per position.
const maxMoveVals = 8

// nfn is a term of the position before the move (and the root); pfn a
// term of the move.
type (
	nfn[P any]               func(p0, p1 *P) int32
	pfn[P any, M comparable] func(p1 *P, m M, e *MoveEnv) int32
)

// mt is a compiled term of a move test: a constant, a term of the
// position (nf) or a term of the move (pf).
type mt[P any, M comparable] struct {
	konst bool
	c     int32
	nf    nfn[P]
	pf    pfn[P, M]
	// mv: pf is mv(p1, m, x, y, z), a primitive's move form with
	// constant arguments, which its callers call in place.
	mv      func(p *P, m M, x, y, z int32) int32
	x, y, z int32
	fn      *Func[P] // mv's primitive
	// cnt: the term is `cnt(x, y, z) > 0` read in P2 (cnt's move form
	// called in place), a count of what the primitive cnt.Counts
	// finds (the_rook's `pieces(white, rook) > 0`).
	cnt *Func[P]
}

func (t mt[P, M]) ofMove() bool { return t.pf != nil }

// mscope is what a definition's body sees: its position variables and
// its default position.
type mvar struct {
	name string
	ctx  mctx
}

type mscope struct {
	vars []mvar
	def  mctx
}

func (s *mscope) lookup(name string) (mctx, bool) {
	for i := len(s.vars) - 1; i >= 0; i-- {
		if s.vars[i].name == name {
			return s.vars[i].ctx, true
		}
	}
	return 0, false
}

// mcomp compiles a move test: names are those of the definition being
// compiled, depth how deep in definitions it is, prep the terms of the
// position the test reads (shared by the definitions it compiles).
type mcomp[P any, M comparable] struct {
	names *defNames[P]
	depth int
	prep  *[]nfn[P]
}

// lift is t as a term of the move: a term of the position is computed
// once per position, into a slot of the MoveEnv.
func (c *mcomp[P, M]) lift(t mt[P, M]) (pfn[P, M], bool) {
	switch {
	case t.pf != nil:
		return t.pf, true
	case t.konst:
		v := t.c
		return func(*P, M, *MoveEnv) int32 { return v }, true
	}
	i, ok := c.slot(t.nf)
	if !ok {
		return nil, false
	}
	return func(_ *P, _ M, e *MoveEnv) int32 { return e.v[i&(maxMoveVals-1)] }, true
}

// slot gives f a slot of the MoveEnv.
func (c *mcomp[P, M]) slot(f nfn[P]) (int, bool) {
	i := len(*c.prep)
	if i >= maxMoveVals {
		return 0, false
	}
	*c.prep = append(*c.prep, f)
	return i, true
}

// moveBox is a move test kept in the first part of its constraint, with
// the parts it was made for (a part may begin other constraints too).
type moveBox struct {
	parts      []any
	prep, test any // nil when there is none
}

// MoveTest returns o as a test of the move itself, M the game's move
// type: with prep(p0, p1, e) called once for p1 (prep may be nil: then
// nothing to prepare), test(p1, m, e) gives for each legal move m of p1
// the part and ok that o.AllowsAt(p0, p1, p2, cache) gives with p2 the
// position after m. test is nil when o is empty or some part cannot be
// told by the move (see above). The test is made once and kept with the
// constraint's first part.
func MoveTest[P any, M comparable](o Order[P]) (prep func(p0, p1 *P, e *MoveEnv), test func(p1 *P, m M, e *MoveEnv) (int, bool)) {
	if len(o) == 0 || o[0] == nil {
		return nil, nil
	}
	if b, _ := o[0].mt.Load().(*moveBox); b != nil && sameParts(b.parts, o) {
		prep, _ = b.prep.(func(p0, p1 *P, e *MoveEnv))
		test, _ = b.test.(func(p1 *P, m M, e *MoveEnv) (int, bool))
		return prep, test
	}
	prep, test = moveTest[P, M](o)
	if test != nil {
		if g := generatedMove[P, M](o); g != nil {
			// Compiled ahead of time (gogen.go): what the staging
			// computes once per position, the generated test reads in
			// place.
			prep, test = nil, g
		}
	}
	b := &moveBox{}
	for _, f := range o {
		b.parts = append(b.parts, f)
	}
	if test != nil {
		b.test = test
		if prep != nil {
			b.prep = prep
		}
	}
	o[0].mt.Store(b)
	return prep, test
}

func sameParts[P any](parts []any, o Order[P]) bool {
	if len(parts) != len(o) {
		return false
	}
	for i, f := range o {
		if g, _ := parts[i].(*Formula[P]); g != f {
			return false
		}
	}
	return true
}

func moveTest[P any, M comparable](o Order[P]) (func(p0, p1 *P, e *MoveEnv), func(p1 *P, m M, e *MoveEnv) (int, bool)) {
	var prep []nfn[P]
	fs := make([]pfn[P, M], len(o))
	for i, f := range o {
		c := mcomp[P, M]{prep: &prep}
		t, ok := c.formula(f)
		if !ok {
			return nil, nil
		}
		if fs[i], ok = c.lift(t); !ok {
			return nil, nil
		}
	}
	var pf func(p0, p1 *P, e *MoveEnv)
	switch len(prep) {
	case 0:
	case 1:
		f0 := prep[0]
		pf = func(p0, p1 *P, e *MoveEnv) { e.v[0] = f0(p0, p1) }
	case 2:
		f0, f1 := prep[0], prep[1]
		pf = func(p0, p1 *P, e *MoveEnv) { e.v[0], e.v[1] = f0(p0, p1), f1(p0, p1) }
	default:
		pf = func(p0, p1 *P, e *MoveEnv) {
			for i, f := range prep {
				e.v[i&(maxMoveVals-1)] = f(p0, p1)
			}
		}
	}
	switch len(fs) {
	case 1:
		f0 := fs[0]
		return pf, func(p1 *P, m M, e *MoveEnv) (int, bool) { return 0, f0(p1, m, e) != 0 }
	case 2:
		f0, f1 := fs[0], fs[1]
		return pf, func(p1 *P, m M, e *MoveEnv) (int, bool) {
			if f0(p1, m, e) != 0 {
				return 0, true
			}
			if f1(p1, m, e) != 0 {
				return 1, true
			}
			return 0, false
		}
	}
	return pf, func(p1 *P, m M, e *MoveEnv) (int, bool) {
		for i, f := range fs {
			if f(p1, m, e) != 0 {
				return i, true
			}
		}
		return 0, false
	}
}

func argCtx(a Arg) (mctx, bool) {
	switch a {
	case P0:
		return mP0, true
	case P1:
		return mP1, true
	case P2:
		return mP2, true
	}
	return 0, false
}

func pickPos[P any](x mctx, p0, p1 *P) *P {
	if x == mP0 {
		return p0
	}
	return p1
}

// formula compiles a formula (a part of a constraint).
func (c *mcomp[P, M]) formula(f *Formula[P]) (mt[P, M], bool) {
	if f == nil {
		return mt[P, M]{}, false
	}
	switch f.Op {
	case OpTrue:
		return mconst[P, M](1), true
	case OpFalse:
		return mconst[P, M](0), true
	case OpNot:
		x, ok := c.formula(f.L)
		if !ok {
			return mt[P, M]{}, false
		}
		return c.not(x), true
	case OpAnd, OpOr, OpImplies, OpIff:
		l, ok1 := c.formula(f.L)
		r, ok2 := c.formula(f.R)
		if !ok1 || !ok2 {
			return mt[P, M]{}, false
		}
		return c.logic(f.Op, l, r)
	case OpAtom:
		return c.atom(f)
	}
	return mt[P, M]{}, false // calls of advice, memos
}

// atom compiles a predicate applied to positions: a definition's body,
// or a library predicate read outside P2.
func (c *mcomp[P, M]) atom(f *Formula[P]) (mt[P, M], bool) {
	if f.Pred == nil {
		return mt[P, M]{}, false
	}
	a, ok := argCtx(f.A)
	if !ok {
		return mt[P, M]{}, false
	}
	ctxs := []mctx{a}
	if f.Pred.Kind == RelationKind {
		b, ok := argCtx(f.B)
		if !ok {
			return mt[P, M]{}, false
		}
		ctxs = append(ctxs, b)
	}
	if d := f.Pred.def; d != nil {
		return c.definition(d, ctxs, TBool)
	}
	return c.predicate(f.Pred, ctxs)
}

// predicate is a library predicate, read in P0 or P1 only.
func (c *mcomp[P, M]) predicate(p *Predicate[P], ctxs []mctx) (mt[P, M], bool) {
	for _, x := range ctxs {
		if x == mP2 {
			return mt[P, M]{}, false
		}
	}
	if p.Kind == RelationKind {
		if p.Rel == nil || len(ctxs) != 2 {
			return mt[P, M]{}, false
		}
		rel, a, b := p.Rel, ctxs[0], ctxs[1]
		return mt[P, M]{nf: func(p0, p1 *P) int32 { return b2i(rel(pickPos(a, p0, p1), pickPos(b, p0, p1))) }}, true
	}
	if p.Pos == nil || len(ctxs) != 1 {
		return mt[P, M]{}, false
	}
	pos, a := p.Pos, ctxs[0]
	return mt[P, M]{nf: func(p0, p1 *P) int32 { return b2i(pos(pickPos(a, p0, p1))) }}, true
}

// definition compiles the body of d (a definition without value
// parameters, of type want) with its positions read in ctxs: its
// position parameters name them, or it reads the one.
func (c *mcomp[P, M]) definition(d *Definition[P], ctxs []mctx, want Type) (mt[P, M], bool) {
	if d == nil || d.names == nil || d.loops || d.body == nil || len(d.values) > 0 || d.Result != want || c.depth > 32 || len(ctxs) == 0 {
		return mt[P, M]{}, false
	}
	// The default position of the body is its last position parameter,
	// or the one it reads.
	sc := &mscope{def: ctxs[len(ctxs)-1]}
	i := 0
	for _, p := range d.Params {
		if p.Type != TPosition || i >= len(ctxs) {
			return mt[P, M]{}, false
		}
		sc.vars = append(sc.vars, mvar{name: p.Name, ctx: ctxs[i]})
		i++
	}
	if (i > 0 && i != len(ctxs)) || (i == 0 && len(ctxs) != 1) {
		return mt[P, M]{}, false
	}
	sub := &mcomp[P, M]{names: d.names, depth: c.depth + 1, prep: c.prep}
	t, typ, ok := sub.term(d.body, sc)
	if !ok || typ != want {
		return mt[P, M]{}, false
	}
	return t, true
}

// term compiles e in scope sc, with its type.
func (c *mcomp[P, M]) term(e lang.Expr, sc *mscope) (mt[P, M], Type, bool) {
	bad := func() (mt[P, M], Type, bool) { return mt[P, M]{}, 0, false }
	with := func(t mt[P, M], ok bool, typ Type) (mt[P, M], Type, bool) {
		if !ok {
			return bad()
		}
		return t, typ, true
	}
	switch e := e.(type) {
	case *lang.Const:
		return mconst[P, M](b2i(e.Value)), TBool, true
	case *lang.IntLit:
		n, err := strconv.ParseInt(e.Text, 10, 32)
		if err != nil {
			return bad()
		}
		return mconst[P, M](int32(n)), TInt, true
	case *lang.SideLit:
		if e.Side == "black" {
			return mconst[P, M](Black), TSide, true
		}
		return mconst[P, M](White), TSide, true
	case *lang.PieceSq:
		return c.call(pieceCall(e), sc)
	case *lang.Not:
		x, t, ok := c.term(e.X, sc)
		if !ok || t != TBool {
			return bad()
		}
		return c.not(x), TBool, true
	case *lang.Neg:
		x, t, ok := c.term(e.X, sc)
		if !ok || t != TInt {
			return bad()
		}
		r, ok := c.arith(aSub, mconst[P, M](0), x)
		return with(r, ok, TInt)
	case *lang.Binary:
		l, lt, ok1 := c.term(e.L, sc)
		r, rt, ok2 := c.term(e.R, sc)
		if !ok1 || !ok2 || lt != rt {
			return bad()
		}
		switch e.Op {
		case lang.OpAnd, lang.OpOr, lang.OpImplies, lang.OpIff:
			if lt != TBool {
				return bad()
			}
			op := OpAnd
			switch e.Op {
			case lang.OpOr:
				op = OpOr
			case lang.OpImplies:
				op = OpImplies
			case lang.OpIff:
				op = OpIff
			}
			t, ok := c.logic(op, l, r)
			return with(t, ok, TBool)
		}
		code := arithOf(e.Op)
		if code == aNone || lt != TInt {
			return bad()
		}
		t, ok := c.arith(code, l, r)
		return with(t, ok, TInt)
	case *lang.Compare:
		if len(e.Xs) != len(e.Ops)+1 {
			return bad()
		}
		xs := make([]mt[P, M], len(e.Xs))
		var typ Type
		for i, x := range e.Xs {
			t, tt, ok := c.term(x, sc)
			if !ok || (i > 0 && tt != typ) {
				return bad()
			}
			xs[i], typ = t, tt
		}
		for _, op := range e.Ops {
			if op != lang.CmpEq && op != lang.CmpNe && typ != TInt {
				return bad()
			}
		}
		t, ok := c.compare(append([]lang.CmpOp(nil), e.Ops...), xs)
		return with(t, ok, TBool)
	case *lang.In:
		x, ok := sc.lookup(e.At.Name)
		if !ok {
			return bad()
		}
		inner := *sc
		inner.def = x
		return c.term(e.X, &inner)
	case *lang.Cond:
		cond, ct, ok1 := c.term(e.If, sc)
		a, at, ok2 := c.term(e.Then, sc)
		b, bt, ok3 := c.term(e.Else, sc)
		if !ok1 || !ok2 || !ok3 || ct != TBool || at != bt {
			return bad()
		}
		t, ok := c.cond(cond, a, b)
		return with(t, ok, at)
	case *lang.Call:
		return c.call(e, sc)
	}
	return bad() // quantifiers
}

// call compiles a call: a constant, a definition, a primitive or a
// library predicate, resolved as the compiler resolves it (call0,
// callee).
func (c *mcomp[P, M]) call(e *lang.Call, sc *mscope) (mt[P, M], Type, bool) {
	bad := func() (mt[P, M], Type, bool) { return mt[P, M]{}, 0, false }
	if c.names == nil {
		return bad()
	}
	lib := c.names.lib
	if !e.Paren {
		if _, ok := sc.lookup(e.Name); ok {
			return bad() // a position used as a value
		}
		if k, ok := lib.LookupConst(e.Name); ok {
			return mconst[P, M](k.Value), k.Type, true
		}
	}
	// The arguments: positions first, then values.
	split := func(positions, values int) ([]mctx, []lang.Expr, bool) {
		args := e.Args
		np := 0
		switch {
		case positions == 2:
			np = 2
		case positions == 1 && len(args) == 1+values:
			np = 1
		}
		if len(args) != np+values {
			return nil, nil, false
		}
		var ctxs []mctx
		for i := 0; i < np; i++ {
			call, ok := args[i].(*lang.Call)
			if !ok || call.Paren {
				return nil, nil, false
			}
			x, ok := sc.lookup(call.Name)
			if !ok {
				return nil, nil, false
			}
			ctxs = append(ctxs, x)
		}
		if positions == 1 && np == 0 {
			ctxs = []mctx{sc.def}
		}
		return ctxs, args[np:], true
	}
	if d, ok := c.names.defs[e.Name]; ok {
		if len(d.values) > 0 {
			return bad()
		}
		ctxs, _, ok := split(d.positions, 0)
		if !ok {
			return bad()
		}
		t, ok := c.definition(d, ctxs, d.Result)
		return t, d.Result, ok
	}
	if f, ok := lib.LookupFunc(e.Name); ok {
		ctxs, vals, ok := split(f.Reads, len(f.Params))
		if !ok || len(vals) > 3 {
			return bad()
		}
		xs := make([]mt[P, M], len(vals))
		for i, v := range vals {
			t, typ, ok := c.term(v, sc)
			if !ok || typ != f.Params[i] {
				return bad()
			}
			xs[i] = t
		}
		t, ok := c.prim(f, ctxs, xs)
		return t, f.Result, ok
	}
	if p, ok := lib.Lookup(e.Name); ok {
		n := 1
		if p.Kind == RelationKind {
			n = 2
		}
		ctxs, _, ok := split(n, 0)
		if !ok {
			return bad()
		}
		t, ok := c.predicate(p, ctxs)
		return t, TBool, ok
	}
	return bad()
}

// mconst is a constant term.
func mconst[P any, M comparable](v int32) mt[P, M] { return mt[P, M]{konst: true, c: v} }

// node is t as a term of the position (t is not one of the move).
func (t mt[P, M]) node() nfn[P] {
	if t.konst {
		v := t.c
		return func(*P, *P) int32 { return v }
	}
	return t.nf
}

func (c *mcomp[P, M]) not(x mt[P, M]) mt[P, M] {
	switch {
	case x.konst:
		return mconst[P, M](1 - x.c)
	case x.pf != nil:
		f := x.pf
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return 1 - f(p1, m, e) }}
	}
	f := x.nf
	return mt[P, M]{nf: func(p0, p1 *P) int32 { return 1 - f(p0, p1) }}
}

// logic is a junction of two conditions (their operands are pure: the
// short cut changes no value).
func (c *mcomp[P, M]) logic(op Op, l, r mt[P, M]) (mt[P, M], bool) {
	eval := func(a, b int32) int32 {
		switch op {
		case OpAnd:
			return a & b
		case OpOr:
			return a | b
		case OpImplies:
			return (1 - a) | b
		}
		return b2i(a == b)
	}
	if l.konst && r.konst {
		return mconst[P, M](eval(l.c, r.c)), true
	}
	if !l.ofMove() && !r.ofMove() {
		a, b := l.node(), r.node()
		return mt[P, M]{nf: func(p0, p1 *P) int32 { return eval(a(p0, p1), b(p0, p1)) }}, true
	}
	if (op == OpAnd || op == OpOr) && (!l.ofMove() && !l.konst || !r.ofMove() && !r.konst) {
		// A term of the position and one of the move (kingmove's
		// `moved(P1, P2) = king & side_to_move in P1 = white`): the
		// first read in place, from its slot.
		if r.ofMove() {
			l, r = r, l
		}
		i, ok := c.slot(r.nf)
		if !ok {
			return mt[P, M]{}, false
		}
		i &= maxMoveVals - 1
		a := l.pf
		if op == OpAnd {
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
				if e.v[i] == 0 {
					return 0
				}
				return a(p1, m, e)
			}}, true
		}
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
			if e.v[i] != 0 {
				return 1
			}
			return a(p1, m, e)
		}}, true
	}
	a, ok1 := c.lift(l)
	b, ok2 := c.lift(r)
	if !ok1 || !ok2 {
		return mt[P, M]{}, false
	}
	var f pfn[P, M]
	switch op {
	case OpAnd:
		f = func(p1 *P, m M, e *MoveEnv) int32 {
			if a(p1, m, e) == 0 {
				return 0
			}
			return b(p1, m, e)
		}
	case OpOr:
		f = func(p1 *P, m M, e *MoveEnv) int32 {
			if a(p1, m, e) != 0 {
				return 1
			}
			return b(p1, m, e)
		}
	case OpImplies:
		f = func(p1 *P, m M, e *MoveEnv) int32 {
			if a(p1, m, e) == 0 {
				return 1
			}
			return b(p1, m, e)
		}
	default:
		f = func(p1 *P, m M, e *MoveEnv) int32 { return b2i(a(p1, m, e) == b(p1, m, e)) }
	}
	return mt[P, M]{pf: f}, true
}

// arith is arithmetic on two integers: nothing when one is nothing.
func (c *mcomp[P, M]) arith(op arithCode, l, r mt[P, M]) (mt[P, M], bool) {
	eval := func(x, y int32) int32 {
		if x == None || y == None {
			return None
		}
		return arith(op, x, y)
	}
	if l.konst && r.konst {
		return mconst[P, M](eval(l.c, r.c)), true
	}
	if !l.ofMove() && !r.ofMove() {
		a, b := l.node(), r.node()
		return mt[P, M]{nf: func(p0, p1 *P) int32 { return eval(a(p0, p1), b(p0, p1)) }}, true
	}
	a, ok1 := c.lift(l)
	b, ok2 := c.lift(r)
	if !ok1 || !ok2 {
		return mt[P, M]{}, false
	}
	return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return eval(a(p1, m, e), b(p1, m, e)) }}, true
}

// cond is `if C then A else B`.
func (c *mcomp[P, M]) cond(cond, a, b mt[P, M]) (mt[P, M], bool) {
	if cond.konst {
		if cond.c != 0 {
			return a, true
		}
		return b, true
	}
	if !cond.ofMove() && !a.ofMove() && !b.ofMove() {
		cf, af, bf := cond.node(), a.node(), b.node()
		return mt[P, M]{nf: func(p0, p1 *P) int32 {
			if cf(p0, p1) != 0 {
				return af(p0, p1)
			}
			return bf(p0, p1)
		}}, true
	}
	cf, ok1 := c.lift(cond)
	af, ok2 := c.lift(a)
	bf, ok3 := c.lift(b)
	if !ok1 || !ok2 || !ok3 {
		return mt[P, M]{}, false
	}
	if cond.cnt != nil && a.mv != nil && a.fn != nil && b.mv != nil && cond.cnt.Counts == a.fn.Name &&
		cond.x == a.x && cond.y == a.y && cond.z == a.z {
		// if pieces(white, rook) > 0 then white rook else ...: the
		// rook's square, or the other when there is none (Func.Counts).
		amv, ax, ay, az := a.mv, a.x, a.y, a.z
		bmv, bx, by, bz := b.mv, b.x, b.y, b.z
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
			if v := amv(p1, m, ax, ay, az); v != None {
				return v
			}
			return bmv(p1, m, bx, by, bz)
		}}, true
	}
	if a.mv != nil && b.mv != nil {
		// if ... then white rook else white queen: the move forms
		// called in place.
		amv, ax, ay, az := a.mv, a.x, a.y, a.z
		bmv, bx, by, bz := b.mv, b.x, b.y, b.z
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
			if cf(p1, m, e) != 0 {
				return amv(p1, m, ax, ay, az)
			}
			return bmv(p1, m, bx, by, bz)
		}}, true
	}
	return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
		if cf(p1, m, e) != 0 {
			return af(p1, m, e)
		}
		return bf(p1, m, e)
	}}, true
}

// compare is a comparison or a chain of them: false when an operand is
// nothing. A comparison of a term of the move with a constant or a term
// of the position reads the other side in place.
func (c *mcomp[P, M]) compare(ops []lang.CmpOp, xs []mt[P, M]) (mt[P, M], bool) {
	chain := func(vs []int32) int32 {
		for i, op := range ops {
			if cmpVal(op, vs[i], vs[i+1]) == 0 {
				return 0
			}
		}
		return 1
	}
	move := false
	allConst := true
	for _, x := range xs {
		move = move || x.ofMove()
		allConst = allConst && x.konst
	}
	if allConst {
		vs := make([]int32, len(xs))
		for i, x := range xs {
			vs[i] = x.c
		}
		return mconst[P, M](chain(vs)), true
	}
	if len(ops) == 1 {
		op, l, r := ops[0], xs[0], xs[1]
		if !move {
			a, b := l.node(), r.node()
			return mt[P, M]{nf: func(p0, p1 *P) int32 { return cmpVal(op, a(p0, p1), b(p0, p1)) }}, true
		}
		if !l.ofMove() {
			// x op T is T op' x.
			l, r = r, l
			op = map[lang.CmpOp]lang.CmpOp{lang.CmpEq: lang.CmpEq, lang.CmpNe: lang.CmpNe, lang.CmpLt: lang.CmpGt, lang.CmpLe: lang.CmpGe, lang.CmpGt: lang.CmpLt, lang.CmpGe: lang.CmpLe}[op]
		}
		if l.mv != nil && (r.konst || !r.ofMove()) {
			// The move form called in place.
			mv, x, y, z := l.mv, l.x, l.y, l.z
			if r.konst {
				k := r.c
				if k == None {
					return mconst[P, M](0), true
				}
				if (op == lang.CmpGt && k == 0 || op == lang.CmpGe && k == 1) && l.fn != nil && l.fn.Counts != "" {
					// (v > 0 is v >= 1; nothing is below both.)
					return mt[P, M]{pf: func(p1 *P, m M, _ *MoveEnv) int32 { return b2i(mv(p1, m, x, y, z) > 0) },
						cnt: l.fn, x: x, y: y, z: z}, true
				}
				switch op {
				case lang.CmpEq:
					return mt[P, M]{pf: func(p1 *P, m M, _ *MoveEnv) int32 { return b2i(mv(p1, m, x, y, z) == k) }}, true
				case lang.CmpNe:
					return mt[P, M]{pf: func(p1 *P, m M, _ *MoveEnv) int32 {
						v := mv(p1, m, x, y, z)
						return b2i(v != None && v != k)
					}}, true
				}
				return mt[P, M]{pf: func(p1 *P, m M, _ *MoveEnv) int32 { return cmpVal(op, mv(p1, m, x, y, z), k) }}, true
			}
			i, ok := c.slot(r.nf)
			if !ok {
				return mt[P, M]{}, false
			}
			i &= maxMoveVals - 1
			switch op {
			case lang.CmpEq:
				return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
					v := mv(p1, m, x, y, z)
					return b2i(v != None && v == e.v[i])
				}}, true
			case lang.CmpNe:
				return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
					v, w := mv(p1, m, x, y, z), e.v[i]
					return b2i(v != None && w != None && v != w)
				}}, true
			}
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return cmpVal(op, mv(p1, m, x, y, z), e.v[i]) }}, true
		}
		a := l.pf
		switch {
		case r.konst:
			k := r.c
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return cmpVal(op, a(p1, m, e), k) }}, true
		case !r.ofMove():
			i, ok := c.slot(r.nf)
			if !ok {
				return mt[P, M]{}, false
			}
			i &= maxMoveVals - 1
			if op == lang.CmpNe {
				return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
					v, w := a(p1, m, e), e.v[i]
					return b2i(v != None && w != None && v != w)
				}}, true
			}
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return cmpVal(op, a(p1, m, e), e.v[i]) }}, true
		}
		b := r.pf
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 { return cmpVal(op, a(p1, m, e), b(p1, m, e)) }}, true
	}
	if !move {
		fs := make([]nfn[P], len(xs))
		for i, x := range xs {
			fs[i] = x.node()
		}
		return mt[P, M]{nf: func(p0, p1 *P) int32 {
			var vs [8]int32
			for i, f := range fs {
				vs[i&7] = f(p0, p1)
			}
			return chain(vs[:len(fs)])
		}}, len(fs) <= 8
	}
	fs := make([]pfn[P, M], len(xs))
	for i, x := range xs {
		f, ok := c.lift(x)
		if !ok {
			return mt[P, M]{}, false
		}
		fs[i] = f
	}
	return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
		var vs [8]int32
		for i, f := range fs {
			vs[i&7] = f(p1, m, e)
		}
		return chain(vs[:len(fs)])
	}}, len(fs) <= 8
}

// prim is a primitive's call: given nothing it gives nothing (false for
// a condition); read in P2 through its move form (Func.Move), a
// primitive of two positions only as (P1, P2).
func (c *mcomp[P, M]) prim(f *Func[P], ctxs []mctx, xs []mt[P, M]) (mt[P, M], bool) {
	if f.arith != aNone {
		switch len(xs) {
		case 1:
			return c.arith(f.arith, xs[0], mconst[P, M](0))
		case 2:
			return c.arith(f.arith, xs[0], xs[1])
		}
		return mt[P, M]{}, false
	}
	miss := None
	if f.Result == TBool {
		miss = 0
	}
	var cx [3]int32
	allConst, move := true, false
	for i, x := range xs {
		allConst = allConst && x.konst
		move = move || x.ofMove()
		cx[i] = x.c
	}
	if allConst {
		for _, v := range cx[:len(xs)] {
			if v == None {
				return mconst[P, M](miss), true
			}
		}
	}
	eval := f.Eval
	x0, y0, z0 := cx[0], cx[1], cx[2]
	// Where it reads: a, b the positions given to Eval, or mv the move
	// form for P2.
	var mv func(p *P, m M, x, y, z int32) int32
	var a, b mctx
	switch f.Reads {
	case 0:
		if allConst {
			return mconst[P, M](eval(nil, nil, x0, y0, z0)), true
		}
	case 1:
		if len(ctxs) != 1 {
			return mt[P, M]{}, false
		}
		a = ctxs[0]
		if a == mP2 {
			if mv, _ = f.Move.(func(p *P, m M, x, y, z int32) int32); mv == nil {
				return mt[P, M]{}, false
			}
		}
	case 2:
		if len(ctxs) != 2 {
			return mt[P, M]{}, false
		}
		a, b = ctxs[0], ctxs[1]
		if a == mP1 && b == mP2 {
			if mv, _ = f.Move.(func(p *P, m M, x, y, z int32) int32); mv == nil {
				return mt[P, M]{}, false
			}
		} else if a == mP2 || b == mP2 {
			return mt[P, M]{}, false
		}
	default:
		return mt[P, M]{}, false
	}
	reads := f.Reads
	at := func(p0, p1 *P, x, y, z int32) int32 {
		switch reads {
		case 0:
			return eval(nil, nil, x, y, z)
		case 1:
			return eval(pickPos(a, p0, p1), nil, x, y, z)
		}
		return eval(pickPos(a, p0, p1), pickPos(b, p0, p1), x, y, z)
	}
	if mv == nil && !move {
		// A term of the position.
		if allConst {
			return mt[P, M]{nf: func(p0, p1 *P) int32 { return at(p0, p1, x0, y0, z0) }}, true
		}
		var fs [3]nfn[P]
		for i, x := range xs {
			fs[i] = x.node()
		}
		n := len(xs)
		return mt[P, M]{nf: func(p0, p1 *P) int32 {
			var v [3]int32
			for i := 0; i < n; i++ {
				if v[i] = fs[i](p0, p1); v[i] == None {
					return miss
				}
			}
			return at(p0, p1, v[0], v[1], v[2])
		}}, true
	}
	// A term of the move: it reads P2, or one of its arguments does.
	if mv == nil && (a == mP0 && reads > 0 || b == mP0 && reads > 1) {
		return mt[P, M]{}, false // (a term of the move reads no P0)
	}
	if allConst {
		return mt[P, M]{pf: func(p1 *P, m M, _ *MoveEnv) int32 { return mv(p1, m, x0, y0, z0) }, mv: mv, x: x0, y: y0, z: z0, fn: f}, true
	}
	var fs [3]pfn[P, M]
	for i, x := range xs {
		g, ok := c.lift(x)
		if !ok {
			return mt[P, M]{}, false
		}
		fs[i] = g
	}
	n := len(xs)
	if mv == nil {
		if n == 1 && reads == 0 && xs[0].mv != nil {
			// file(white king) in P2: the move form called in place.
			mv, ax, ay, az := xs[0].mv, xs[0].x, xs[0].y, xs[0].z
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
				x := mv(p1, m, ax, ay, az)
				if x == None {
					return miss
				}
				return eval(nil, nil, x, 0, 0)
			}}, true
		}
		if n == 1 && reads == 0 {
			g := fs[0]
			return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
				x := g(p1, m, e)
				if x == None {
					return miss
				}
				return eval(nil, nil, x, 0, 0)
			}}, true
		}
		return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
			var v [3]int32
			for i := 0; i < n; i++ {
				if v[i] = fs[i](p1, m, e); v[i] == None {
					return miss
				}
			}
			return at(p1, p1, v[0], v[1], v[2])
		}}, true
	}
	return mt[P, M]{pf: func(p1 *P, m M, e *MoveEnv) int32 {
		var v [3]int32
		for i := 0; i < n; i++ {
			if v[i] = fs[i](p1, m, e); v[i] == None {
				return miss
			}
		}
		return mv(p1, m, v[0], v[1], v[2])
	}}, true
}

// cmpVal is a comparison of two values: false when one is nothing.
func cmpVal(op lang.CmpOp, x, y int32) int32 {
	return b2i(x != None && y != None && cmpHolds(op, x, y))
}

package kb

import (
	"unsafe"

	"github.com/advicelang/al/lang"
)

// Leaves: the terms of a definition that are read in place, without a
// closure of their own. A compiled term has an evaluator (fn) and, when it
// is cheap, a leaf saying how to read it directly: a constant, a value
// slot, a table of a pure primitive looked up by slots and constants, or a
// primitive of the position with constant arguments (square_of(white,
// king)). The closures of comparisons, arithmetic, conditions and calls
// read their operands through get, so a comparison of two files is one
// closure, not five.

type leafKind uint8

const (
	lFn    leafKind = iota // call fn
	lConst                 // c
	lSlot                  // the value in slot a
	lTab                   // a pure primitive tabulated (see table), on slots or constants
	lPrim                  // eval(position a, nil, x, y, z): a primitive of a position with constant arguments
)

// leaf is how a term's value is read. Its fn is always set; the closures
// of the compiler read a leaf in place only where they know its kind when
// they are made (a call of fn is cheaper than a test of the kind).
type leaf[P any] struct {
	kind leafKind
	a    uint8 // lSlot: the slot; lPrim: the position's slot
	c    int32 // lConst
	// lTab: the table and its arguments (one or two): each a slot (when
	// isSlot) or a constant.
	tab       *table
	n         uint8
	args      [2]uint8
	argConst  [2]bool
	argValues [2]int32
	x, y, z   int32                              // lPrim's arguments
	eval      func(a, b *P, x, y, z int32) int32 // lPrim
	fun       *Func[P]                           // lPrim: the primitive
	ld        place                              // lPrim: its value read in place, when op != 0 (load.go)
	fn        evalFn[P]                          // lFn
	// An lFn whose work its caller may do in place (fused.go): a range
	// test of a primitive (pieces(white, rook) > 0), or an if of such a
	// test between two primitives (the_rook).
	cond *primCond[P]
	ifp  *ifPrim[P]
	// An lFn that is a range test of a value slot (`pieces(white, rook)
	// > 0` with the count computed on entry), which an if between two
	// primitives reads in place.
	scond *slotCond
	// An lFn that is `if c then a else b` of such a range test and two
	// primitives (the_rook with pieces(white, rook) computed on entry),
	// which the computation on entry reads in place.
	sif *slotIf[P]
	// An lFn that is a position predicate of the library called on a
	// position slot, which ~ calls in place (notTerm).
	pp  func(*P) bool
	ppa uint8
	// An lFn that is the negation of such a predicate (~stalemate),
	// which a junction calls in place (position slot ppa).
	npp func(*P) bool
	// An lFn that is a primitive of the position of two value slots
	// (in_pawn_square(white pawn, black king) with the squares computed
	// on entry), which a table reads in place.
	ps *primSlots[P]
}

// table is a pure primitive (one that reads no position) of one or two
// arguments of small domains, evaluated once for every argument: squares
// (64 values), sides and booleans (2), integers from -8 to 23. An argument
// outside its domain calls the primitive (slow); nothing gives miss. A
// table is exact when its arguments can hold nothing outside their domain
// but nothing (squares, sides, booleans): its last entry is then miss,
// and a lookup is one load.
type table struct {
	lo    [2]int32
	n     [2]int32
	vals  []int32
	miss  int32
	exact bool
	slow  func(u, v int32) int32
}

// domain is the tabulated range of a type: its least value and how many,
// and whether a value of the type is always in it (or nothing).
func domain(t Type) (lo, n int32, exact, ok bool) {
	switch t {
	case TSquare:
		return 0, 64, true, true
	case TSide, TBool:
		return 0, 2, true, true
	case TInt:
		return -8, 32, false, true
	}
	return 0, 0, false, false
}

// tabulate returns the table of f, or nil when f reads a position or its
// arguments are not tabulable.
func tabulate[P any](f *Func[P]) *table {
	if f.Reads != 0 || len(f.Params) == 0 || len(f.Params) > 2 {
		return nil
	}
	eval := f.Eval
	t := &table{exact: true, slow: func(u, v int32) int32 { return eval(nil, nil, u, v, 0) }}
	if f.Result == TBool {
		t.miss = 0
	} else {
		t.miss = None
	}
	size := int32(1)
	for i, p := range f.Params {
		lo, n, exact, ok := domain(p)
		if !ok {
			return nil
		}
		t.lo[i], t.n[i] = lo, n
		t.exact = t.exact && exact
		size *= n
	}
	if len(f.Params) == 1 {
		t.n[1] = 1
	}
	t.vals = make([]int32, size, size+1)
	for i := int32(0); i < t.n[0]; i++ {
		for j := int32(0); j < t.n[1]; j++ {
			y := int32(0)
			if len(f.Params) == 2 {
				y = t.lo[1] + j
			}
			t.vals[i*t.n[1]+j] = f.Eval(nil, nil, t.lo[0]+i, y, 0)
		}
	}
	if len(f.Params) == 1 && t.exact {
		t.vals = append(t.vals, t.miss) // vals[n]: nothing
	}
	return t
}

// at1 is the primitive of one argument at u.
func (t *table) at1(u int32) int32 {
	if i := uint32(u - t.lo[0]); i < uint32(t.n[0]) {
		return t.vals[i]
	}
	if u == None {
		return t.miss
	}
	return t.slow(u, 0)
}

// exact1 is at1 of an exact table: one load (vals[n] is nothing's).
func (t *table) exact1(u int32) int32 {
	return t.vals[min(uint32(u-t.lo[0]), uint32(t.n[0]))]
}

// at2 is the primitive of two arguments at (u, v).
func (t *table) at2(u, v int32) int32 {
	i, j := uint32(u-t.lo[0]), uint32(v-t.lo[1])
	if i < uint32(t.n[0]) && j < uint32(t.n[1]) {
		return t.vals[int32(i)*t.n[1]+int32(j)]
	}
	if u == None || v == None {
		return t.miss
	}
	return t.slow(u, v)
}

// get reads the leaf's value: in place, or by its closure.
func (l *leaf[P]) get(r *regs[P]) int32 {
	if l.kind == lFn {
		return l.fn(r)
	}
	return l.read(r)
}

// read reads a leaf that is not a closure.
func (l *leaf[P]) read(r *regs[P]) int32 {
	switch l.kind {
	case lConst:
		return l.c
	case lSlot:
		return r.val(l.a)
	case lPrim:
		if l.ld.op != 0 {
			return l.ld.get(unsafe.Pointer(r.pos(l.a)))
		}
		return l.eval(r.pos(l.a), nil, l.x, l.y, l.z)
	}
	u := l.argValues[0]
	if !l.argConst[0] {
		u = r.val(l.args[0])
	}
	if l.n == 1 {
		return l.tab.at1(u)
	}
	v := l.argValues[1]
	if !l.argConst[1] {
		v = r.val(l.args[1])
	}
	return l.tab.at2(u, v)
}

// isConst reports whether the term is a constant; isSlot whether it reads
// a slot.
func (t *term[P]) isConst() bool { return t.leaf.kind == lConst }
func (t *term[P]) isSlot() bool  { return t.leaf.kind == lSlot }

// simple reports whether the term is a slot or a constant (a table's
// argument).
func (t *term[P]) simple() bool { return t.isConst() || t.isSlot() }

// leafTerm makes a term of a leaf, with an evaluator that reads it.
func leafTerm[P any](l leaf[P], typ Type, cost int64) term[P] {
	var fn evalFn[P]
	switch l.kind {
	case lConst:
		v := l.c
		fn = func(*regs[P]) int32 { return v }
	case lSlot:
		s := l.a
		fn = func(r *regs[P]) int32 { return r.val(s) }
	case lPrim:
		eval, a, x, y, z := l.eval, l.a, l.x, l.y, l.z
		if ld := l.ld; ld.op != 0 {
			fn = func(r *regs[P]) int32 { return ld.get(unsafe.Pointer(r.pos(a))) }
		} else {
			fn = func(r *regs[P]) int32 { return eval(r.pos(a), nil, x, y, z) }
		}
	case lTab:
		if l.n == 1 && !l.argConst[0] && l.tab.exact {
			// (edge(black king) with the king's square on entry: one
			// load.)
			vals, lo, n, s := l.tab.vals, l.tab.lo[0], uint32(l.tab.n[0]), l.args[0]
			fn = func(r *regs[P]) int32 { return vals[min(uint32(r.val(s)-lo), n)] }
		} else if l.n == 1 && !l.argConst[0] {
			t, s := l.tab, l.args[0]
			fn = func(r *regs[P]) int32 { return t.at1(r.val(s)) }
		} else if l.n == 2 && !l.argConst[0] && !l.argConst[1] {
			// (dist(white king, the_rook) with both squares on entry:
			// the table read in place, not through read's switch.)
			t, s0, s1 := l.tab, l.args[0], l.args[1]
			lo0, lo1, n0, n1, vals := t.lo[0], t.lo[1], uint32(t.n[0]), uint32(t.n[1]), t.vals
			fn = func(r *regs[P]) int32 {
				u, v := r.val(s0), r.val(s1)
				if i, j := uint32(u-lo0), uint32(v-lo1); i < n0 && j < n1 {
					return vals[i*n1+j]
				}
				return t.at2(u, v)
			}
		} else {
			lf := l
			fn = func(r *regs[P]) int32 { return lf.read(r) }
		}
	default:
		fn = l.fn
	}
	l.fn = fn
	return term[P]{fn: fn, typ: typ, cost: cost, leaf: l}
}

// fnTerm makes a term of an evaluator.
func fnTerm[P any](fn evalFn[P], typ Type, cost int64) term[P] {
	return term[P]{fn: fn, typ: typ, cost: cost, leaf: leaf[P]{kind: lFn, fn: fn}}
}

// arithCode is an arithmetic operator computed in place: the binary
// operators and the library's abs, min and max.
type arithCode uint8

const (
	aNone arithCode = iota
	aAdd
	aSub
	aMul
	aDiv
	aMod
	aAbs
	aMin
	aMax
)

func arithOf(op lang.BinOp) arithCode {
	switch op {
	case lang.OpAdd:
		return aAdd
	case lang.OpSub:
		return aSub
	case lang.OpMul:
		return aMul
	case lang.OpDiv:
		return aDiv
	case lang.OpMod:
		return aMod
	}
	return aNone
}

// arith applies an arithmetic code to values that are not nothing (nothing
// for a division by zero).
func arith(op arithCode, a, b int32) int32 {
	switch op {
	case aAdd:
		return a + b
	case aSub:
		return a - b
	case aMul:
		return a * b
	case aDiv:
		return divMod(lang.OpDiv, a, b)
	case aMod:
		return divMod(lang.OpMod, a, b)
	case aAbs:
		if a < 0 {
			return -a
		}
		return a
	case aMin:
		return min(a, b)
	}
	return max(a, b)
}

// arithTerm compiles an arithmetic operation of one or two operands,
// nothing when an operand is nothing; constant operands fold.
func arithTerm[P any](op arithCode, l, r term[P], unary bool, cost int64) term[P] {
	if l.isConst() && (unary || r.isConst()) {
		a, b := l.leaf.c, int32(0)
		if !unary {
			b = r.leaf.c
		}
		v := None
		if a != None && b != None {
			v = arith(op, a, b)
		}
		return leafTerm(leaf[P]{kind: lConst, c: v}, TInt, 1)
	}
	x := l.leaf
	if unary {
		return fnTerm(func(g *regs[P]) int32 {
			a := x.fn(g)
			if a == None {
				return None
			}
			return arith(op, a, 0)
		}, TInt, cost)
	}
	y := r.leaf
	t, s, ok1 := x.tab1()
	u, w, ok2 := y.tab1()
	if op == aSub && ok1 && ok2 {
		// file(a) - file(b): the commonest arithmetic of a chess book.
		return fnTerm(func(g *regs[P]) int32 {
			a, b := t.exact1(g.val(s)), u.exact1(g.val(w))
			if a == None || b == None {
				return None
			}
			return a - b
		}, TInt, cost)
	}
	return fnTerm(func(g *regs[P]) int32 {
		a := x.fn(g)
		if a == None {
			return None
		}
		b := y.fn(g)
		if b == None {
			return None
		}
		return arith(op, a, b)
	}, TInt, cost)
}

// tab1 reports whether the leaf is an exact table of one argument read
// from a slot, and returns the table and the slot.
func (l *leaf[P]) tab1() (*table, uint8, bool) {
	if l.kind == lTab && l.n == 1 && !l.argConst[0] && l.tab.exact {
		return l.tab, l.args[0], true
	}
	return nil, 0, false
}

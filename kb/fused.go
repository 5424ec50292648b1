package kb

import (
	"math"
	"slices"
)

// Fused evaluators (issue 14's fourth session). A closure call costs some
// 15 instructions and a call of a primitive 25 to 30 (Go's calling
// convention saves no register across a call, so every closure spills and
// reloads what it holds); the commonest shapes of the shipped
// vocabularies are therefore compiled into one closure each, their parts
// read in place:
//   - a range test of a primitive of the position (`pieces(white, rook) >
//     0`), kept beside its closure (primCond), so that
//   - an `if` of such a test between two primitives (`the_rook`: if
//     pieces(white, rook) > 0 then white rook else white queen) is one
//     closure calling the three primitives (ifPrim), and is computed on
//     entry in place;
//   - when the primitive tested counts what the `then` finds
//     (Func.Counts: `if pieces(white, rook) > 0 then white rook else
//     ...`), the `if` is the `then`, or the `else` when it is nothing:
//     one call where there were two;
//   - a table (tab.go) whose inputs are the subterms computed on entry
//     (divides: the kings and the_rook; critical: the king and the pawn)
//     is read in the closure that computes them (entryTable), not by a
//     closure of its own after them, its reads specialised by their
//     counts when they are all primitives; such a table may have 19
//     bits (tab.go, maxWideBits: `runs`, the side to move and three
//     squares);
//   - a junction of a range test of a primitive and such a table
//     (`pieces(white, pawn) = 1 & T`) is the test's closure around the
//     table's (guardedEntry, issue 14's fifth session).

// pread is a primitive of a position with constant arguments, called in
// place.
type pread[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	fun     *Func[P] // the primitive (for Func.Counts)
	x, y, z int32
	a       uint8
}

func preadOf[P any](l *leaf[P]) pread[P] {
	return pread[P]{eval: l.eval, fun: l.fun, x: l.x, y: l.y, z: l.z, a: l.a}
}

func (p *pread[P]) get(r *regs[P]) int32 {
	return p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
}

// primCond is the condition uint32(p - lo) <= span (cmpRange: nothing is
// never in it).
type primCond[P any] struct {
	p    pread[P]
	lo   int32
	span uint32
}

// slotCond is a range test of a value slot: the slot's value v
// satisfies it when uint32(v-lo) <= span.
type slotCond struct {
	s    uint8
	lo   int32
	span uint32
}

// slotIf is `if c then t else e` of a slotCond and two primitives.
type slotIf[P any] struct {
	c    slotCond
	t, e pread[P]
}

// ifPrim is `if c then t else e` of a primCond and two primitives; or:
// c holds exactly when t is something (`if pieces(white, rook) > 0 then
// white rook else ...`: Func.Counts), so it is t, or e when t is nothing.
type ifPrim[P any] struct {
	c    primCond[P]
	t, e pread[P]
	or   bool
}

func (f *ifPrim[P]) value(r *regs[P]) int32 {
	if f.or {
		if v := f.t.get(r); v != None {
			return v
		}
		return f.e.get(r)
	}
	if uint32(f.c.p.get(r)-f.c.lo) <= f.c.span {
		return f.t.get(r)
	}
	return f.e.get(r)
}

// ifPrimTerm compiles `if c then a else b` when c is a primCond and a and
// b primitives in place; ok is false otherwise.
func ifPrimTerm[P any](c, a, b *leaf[P], typ Type, cost int64) (term[P], bool) {
	if c.cond == nil || a.kind != lPrim || b.kind != lPrim {
		return term[P]{}, false
	}
	f := &ifPrim[P]{c: *c.cond, t: preadOf(a), e: preadOf(b)}
	cp, tp := &f.c.p, &f.t
	if cp.fun != nil && tp.fun != nil && cp.fun.Counts != "" && cp.fun.Counts == tp.fun.Name &&
		f.c.lo == 1 && f.c.span == math.MaxInt32-1 && cp.a == tp.a && cp.x == tp.x && cp.y == tp.y && cp.z == tp.z {
		// if pieces(white, rook) > 0 then white rook else ...: the
		// rook's square, or the other when there is none.
		f.or = true
		t := fnTerm(func(r *regs[P]) int32 {
			if v := f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z); v != None {
				return v
			}
			return f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
		}, typ, cost)
		t.leaf.ifp = f
		return t, true
	}
	t := fnTerm(func(r *regs[P]) int32 {
		if uint32(f.c.p.eval(r.p[f.c.p.a&(maxSlots-1)], nil, f.c.p.x, f.c.p.y, f.c.p.z)-f.c.lo) <= f.c.span {
			return f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
		}
		return f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
	}, typ, cost)
	t.leaf.ifp = f
	return t, true
}

// inPlace reports whether the item is computed without a closure: a
// primitive or an ifPrim.
func (it *entryItem[P]) inPlace() bool { return it.eval != nil || it.ifp != nil }

// tabInfo is what a table's evaluator reads (tabTerm), kept on its term
// so that the computation on entry may read the table in place.
type tabInfo[P any] struct {
	ins  []tabIn[P]
	bits []uint64
	lz   *tabLazy
	fb   evalFn[P]
}

// entryTable is the computation on entry of its items followed by the
// lookup of a table of conditions whose inputs are slots (the items' or
// others) and primitives in place: one closure, with at most four reads
// (each an item, an input, or both: an item that is an input is read
// once). ok is false for another shape.
//
// g, when not nil, is a guard read first, in place: a range test of a
// primitive (`pieces(white, pawn) = 1`) that decides the junction it
// leads (a value of gstop ends it: false for &, true for |) before the
// items are computed; only the specialised shapes take one.
func entryTable[P any](tb *tabInfo[P], its []entryItem[P], g *primCond[P], gstop int32) (evalFn[P], bool) {
	if tb == nil || tb.bits == nil {
		return nil, false
	}
	var xs []entryRead[P]
	for _, it := range its {
		if !it.inPlace() {
			return nil, false
		}
		x := entryRead[P]{item: true, slot: it.slot, lim: ^uint32(0), ifp: it.ifp, eval: it.eval, a: it.a, x: it.x, y: it.y, z: it.z}
		if it.ifp != nil {
			x.eval, x.a, x.x, x.y, x.z = nil, 0, 0, 0, 0
			if it.ifp.or {
				x.or, x.e = true, it.ifp.e
				x.eval, x.a, x.x, x.y, x.z = it.ifp.t.eval, it.ifp.t.a, it.ifp.t.x, it.ifp.t.y, it.ifp.t.z
			} else {
				x.eval = func(_, _ *P, _, _, _ int32) int32 { return 0 } // unused: ifp is read
			}
		}
		xs = append(xs, x)
	}
	for _, in := range tb.ins {
		lim, sh := uint32(1)<<in.w, in.sh
		mask := lim - 1
		switch in.l.kind {
		case lSlot:
			k := slices.IndexFunc(xs, func(x entryRead[P]) bool { return x.slot == in.l.a })
			if k < 0 {
				// A slot computed before (a parameter): read, written back.
				xs = append(xs, entryRead[P]{slot: in.l.a, lim: lim, mask: mask, sh: sh})
				continue
			}
			if xs[k].mask != 0 {
				return nil, false // one slot twice
			}
			xs[k].lim, xs[k].mask, xs[k].sh = lim, mask, sh
		case lPrim:
			// Read in place, after the items, into no slot.
			xs = append(xs, entryRead[P]{eval: in.l.eval, a: in.l.a, x: in.l.x, y: in.l.y, z: in.l.z, lim: lim, mask: mask, sh: sh})
		default:
			return nil, false
		}
	}
	if len(xs) == 0 || len(xs) > 4 {
		return nil, false
	}
	// The commonest shape, specialised by its counts: every item a
	// primitive, or a primitive or else another (the_rook), and an input
	// of the table; the other inputs primitives. Each read is one call
	// (two for a missing piece), no test of its kind; the bounds are
	// tested once all the items are in their slots, so the term as
	// compiled can read them.
	fast, ni, no := true, 0, 0
	for _, x := range xs {
		switch {
		case x.item && (x.ifp == nil || x.or) && x.mask != 0 && no == 0:
			ni++
		case !x.item && x.eval != nil:
			no++
		default:
			fast = false
		}
	}
	if fast {
		none := pread[P]{eval: func(_, _ *P, _, _, _ int32) int32 { return None }}
		for k := range xs[:ni] {
			if !xs[k].or {
				xs[k].e = none
			}
		}
		tf := entryTableFast(xs, ni, no, tb)
		if tf == nil || g == nil {
			return tf, tf != nil
		}
		// The guard, then the table: two closures (the guard in each of
		// the specialised closures above, even behind a test, costs the
		// tables without one some instructions of their registers).
		gp, glo, gspan := g.p, g.lo, g.span
		return func(r *regs[P]) int32 {
			if b2i(uint32(gp.eval(r.p[gp.a&(maxSlots-1)], nil, gp.x, gp.y, gp.z)-glo) <= gspan) == gstop {
				return gstop
			}
			return tf(r)
		}, true
	}
	if g != nil {
		return nil, false
	}
	return entryTableAny(xs, tb)
}

// entryTableFast is entryTable's closure specialised by its counts: ni
// items that are inputs (each a primitive, or a primitive or else
// another), then no primitives; nil for another shape.
func entryTableFast[P any](xs []entryRead[P], ni, no int, tb *tabInfo[P]) evalFn[P] {
	{
		var a [4]entryRead[P]
		copy(a[:], xs)
		x0, x1, x2, x3 := a[0], a[1], a[2], a[3]
		bits, lz, f := tb.bits, tb.lz, tb.fb
		switch ni*8 + no {
		case 0*8 + 1:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if uint32(v0) >= x0.lim {
					return f(r)
				}
				i := uint32(v0) << (x0.sh & 31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 1*8 + 0:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				if uint32(v0) >= x0.lim {
					return f(r)
				}
				i := uint32(v0) << (x0.sh & 31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 0*8 + 2:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 1*8 + 1:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 2*8 + 0:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 0*8 + 3:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 1*8 + 2:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 2*8 + 1:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 3*8 + 0:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if v2 == None {
					v2 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
				}
				r.v[x2.slot&(maxVals-1)] = v2
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 0*8 + 4:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				v3 := x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim || uint32(v3) >= x3.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31) | uint32(v3)<<(x3.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 1*8 + 3:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				v3 := x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim || uint32(v3) >= x3.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31) | uint32(v3)<<(x3.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 2*8 + 2:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				v3 := x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim || uint32(v3) >= x3.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31) | uint32(v3)<<(x3.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 3*8 + 1:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if v2 == None {
					v2 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
				}
				r.v[x2.slot&(maxVals-1)] = v2
				v3 := x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim || uint32(v3) >= x3.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31) | uint32(v3)<<(x3.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		case 4*8 + 0:
			return func(r *regs[P]) int32 {
				v0 := x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				if v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				r.v[x0.slot&(maxVals-1)] = v0
				v1 := x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				if v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				r.v[x1.slot&(maxVals-1)] = v1
				v2 := x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				if v2 == None {
					v2 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
				}
				r.v[x2.slot&(maxVals-1)] = v2
				v3 := x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				if v3 == None {
					v3 = x3.e.eval(r.p[x3.e.a&(maxSlots-1)], nil, x3.e.x, x3.e.y, x3.e.z)
				}
				r.v[x3.slot&(maxVals-1)] = v3
				if uint32(v0) >= x0.lim || uint32(v1) >= x1.lim || uint32(v2) >= x2.lim || uint32(v3) >= x3.lim {
					return f(r)
				}
				i := uint32(v0)<<(x0.sh&31) | uint32(v1)<<(x1.sh&31) | uint32(v2)<<(x2.sh&31) | uint32(v3)<<(x3.sh&31)
				wd := i >> 6
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>(i&63)) & 1
			}
		}
	}
	return nil
}

// entryTableAny is entryTable's closure for any mix of reads, each
// tested for its kind.
func entryTableAny[P any](xs []entryRead[P], tb *tabInfo[P]) (evalFn[P], bool) {
	var a [4]entryRead[P]
	copy(a[:], xs)
	x0, x1, x2, x3 := a[0], a[1], a[2], a[3]
	bits, lz, f := tb.bits, tb.lz, tb.fb
	// slow computes every item (an input was outside the table), then
	// the term as compiled.
	slow := func(r *regs[P]) int32 {
		for k := range xs {
			x := &xs[k]
			if !x.item {
				continue
			}
			var v int32
			switch {
			case x.or:
				if v = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z); v == None {
					v = x.e.eval(r.p[x.e.a&(maxSlots-1)], nil, x.e.x, x.e.y, x.e.z)
				}
			case x.ifp != nil:
				v = x.ifp.value(r)
			default:
				v = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
			}
			r.v[x.slot&(maxVals-1)] = v
		}
		return f(r)
	}
	switch len(xs) {
	case 1:
		return func(r *regs[P]) int32 {
			var v0 int32
			switch {
			case x0.eval == nil:
				v0 = r.v[x0.slot&(maxVals-1)]
			case x0.or:
				if v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z); v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
			}
			if x0.item {
				r.v[x0.slot&(maxVals-1)] = v0
			}
			if uint32(v0) >= x0.lim {
				return slow(r)
			}
			i := (uint32(v0) & x0.mask) << (x0.sh & 31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, true
	case 2:
		return func(r *regs[P]) int32 {
			var v0 int32
			switch {
			case x0.eval == nil:
				v0 = r.v[x0.slot&(maxVals-1)]
			case x0.or:
				if v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z); v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
			}
			if x0.item {
				r.v[x0.slot&(maxVals-1)] = v0
			}
			if uint32(v0) >= x0.lim {
				return slow(r)
			}
			var v1 int32
			switch {
			case x1.eval == nil:
				v1 = r.v[x1.slot&(maxVals-1)]
			case x1.or:
				if v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z); v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
			case x1.ifp != nil:
				v1 = x1.ifp.value(r)
			default:
				v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
			}
			if x1.item {
				r.v[x1.slot&(maxVals-1)] = v1
			}
			if uint32(v1) >= x1.lim {
				return slow(r)
			}
			i := (uint32(v0)&x0.mask)<<(x0.sh&31) | (uint32(v1)&x1.mask)<<(x1.sh&31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, true
	case 3:
		return func(r *regs[P]) int32 {
			var v0 int32
			switch {
			case x0.eval == nil:
				v0 = r.v[x0.slot&(maxVals-1)]
			case x0.or:
				if v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z); v0 == None {
					v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
			}
			if x0.item {
				r.v[x0.slot&(maxVals-1)] = v0
			}
			if uint32(v0) >= x0.lim {
				return slow(r)
			}
			var v1 int32
			switch {
			case x1.eval == nil:
				v1 = r.v[x1.slot&(maxVals-1)]
			case x1.or:
				if v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z); v1 == None {
					v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
			case x1.ifp != nil:
				v1 = x1.ifp.value(r)
			default:
				v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
			}
			if x1.item {
				r.v[x1.slot&(maxVals-1)] = v1
			}
			if uint32(v1) >= x1.lim {
				return slow(r)
			}
			var v2 int32
			switch {
			case x2.eval == nil:
				v2 = r.v[x2.slot&(maxVals-1)]
			case x2.or:
				if v2 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z); v2 == None {
					v2 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
				}
			case x2.ifp != nil:
				v2 = x2.ifp.value(r)
			default:
				v2 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
			}
			if x2.item {
				r.v[x2.slot&(maxVals-1)] = v2
			}
			if uint32(v2) >= x2.lim {
				return slow(r)
			}
			i := (uint32(v0)&x0.mask)<<(x0.sh&31) | (uint32(v1)&x1.mask)<<(x1.sh&31) | (uint32(v2)&x2.mask)<<(x2.sh&31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, true
	}
	return func(r *regs[P]) int32 {
		var v0 int32
		switch {
		case x0.eval == nil:
			v0 = r.v[x0.slot&(maxVals-1)]
		case x0.or:
			if v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z); v0 == None {
				v0 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
			}
		case x0.ifp != nil:
			v0 = x0.ifp.value(r)
		default:
			v0 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
		}
		if x0.item {
			r.v[x0.slot&(maxVals-1)] = v0
		}
		if uint32(v0) >= x0.lim {
			return slow(r)
		}
		var v1 int32
		switch {
		case x1.eval == nil:
			v1 = r.v[x1.slot&(maxVals-1)]
		case x1.or:
			if v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z); v1 == None {
				v1 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
			}
		case x1.ifp != nil:
			v1 = x1.ifp.value(r)
		default:
			v1 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
		}
		if x1.item {
			r.v[x1.slot&(maxVals-1)] = v1
		}
		if uint32(v1) >= x1.lim {
			return slow(r)
		}
		var v2 int32
		switch {
		case x2.eval == nil:
			v2 = r.v[x2.slot&(maxVals-1)]
		case x2.or:
			if v2 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z); v2 == None {
				v2 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
			}
		case x2.ifp != nil:
			v2 = x2.ifp.value(r)
		default:
			v2 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
		}
		if x2.item {
			r.v[x2.slot&(maxVals-1)] = v2
		}
		if uint32(v2) >= x2.lim {
			return slow(r)
		}
		var v3 int32
		switch {
		case x3.eval == nil:
			v3 = r.v[x3.slot&(maxVals-1)]
		case x3.or:
			if v3 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z); v3 == None {
				v3 = x3.e.eval(r.p[x3.e.a&(maxSlots-1)], nil, x3.e.x, x3.e.y, x3.e.z)
			}
		case x3.ifp != nil:
			v3 = x3.ifp.value(r)
		default:
			v3 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
		}
		if x3.item {
			r.v[x3.slot&(maxVals-1)] = v3
		}
		if uint32(v3) >= x3.lim {
			return slow(r)
		}
		i := (uint32(v0)&x0.mask)<<(x0.sh&31) | (uint32(v1)&x1.mask)<<(x1.sh&31) | (uint32(v2)&x2.mask)<<(x2.sh&31) | (uint32(v3)&x3.mask)<<(x3.sh&31)
		wd := i >> 6
		if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
			lz.fillWord(wd)
		}
		return int32(bits[wd]>>(i&63)) & 1
	}, true
}

// entryRead is one read of entryTable: an item computed on entry into its
// slot (a primitive in place, an ifPrim, or a primitive or else another:
// or), or a slot computed before (eval and ifp nil); when it is an input
// of the table, its bound (lim: a value at or above it is outside the
// table) and its bits in the index (mask, shift).
type entryRead[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	ifp     *ifPrim[P]
	e       pread[P]
	x, y, z int32
	lim     uint32
	mask    uint32
	or      bool
	item    bool // computed on entry: written into its slot
	a, slot uint8
	sh      uint8
}

// primSlots is a primitive of position a applied to value slots s0 and
// s1: miss when either holds nothing.
type primSlots[P any] struct {
	eval   func(a, b *P, x, y, z int32) int32
	miss   int32
	a      uint8
	s0, s1 uint8
}

package kb

import (
	"math"
	"slices"
	"unsafe"
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
// place, or read in place when it has a place (ld): its users write out
// `if ld.op != 0 { ld.get(...) } else { eval(...) }` (a method doing
// both, a call and the read, is not inlined: Go's budget is 80).
type pread[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	fun     *Func[P] // the primitive (for Func.Counts)
	x, y, z int32
	a       uint8
	ld      place // read in place when ld.op != 0 (place.go)
}

func preadOf[P any](l *leaf[P]) pread[P] {
	return pread[P]{eval: l.eval, fun: l.fun, x: l.x, y: l.y, z: l.z, a: l.a, ld: l.ld}
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
		//kb:placed pv38 f.t r
		var pv38 int32
		if f.t.ld.op != 0 {
			pv38 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
		} else {
			pv38 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
		}
		if v := pv38; v != None {
			return v
		}
		//kb:placed pv39 f.e r
		var pv39 int32
		if f.e.ld.op != 0 {
			pv39 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
		} else {
			pv39 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
		}
		return pv39
	}
	//kb:placed pv40 f.c.p r
	var pv40 int32
	if f.c.p.ld.op != 0 {
		pv40 = f.c.p.ld.get(unsafe.Pointer(r.p[f.c.p.a&(maxSlots-1)]))
	} else {
		pv40 = f.c.p.eval(r.p[f.c.p.a&(maxSlots-1)], nil, f.c.p.x, f.c.p.y, f.c.p.z)
	}
	if uint32(pv40-f.c.lo) <= f.c.span {
		//kb:placed pv41 f.t r
		var pv41 int32
		if f.t.ld.op != 0 {
			pv41 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
		} else {
			pv41 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
		}
		return pv41
	}
	//kb:placed pv42 f.e r
	var pv42 int32
	if f.e.ld.op != 0 {
		pv42 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
	} else {
		pv42 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
	}
	return pv42
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
			//kb:placed pv43 f.t r
			var pv43 int32
			if f.t.ld.op != 0 {
				pv43 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
			} else {
				pv43 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
			}
			if v := pv43; v != None {
				return v
			}
			//kb:placed pv44 f.e r
			var pv44 int32
			if f.e.ld.op != 0 {
				pv44 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
			} else {
				pv44 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
			}
			return pv44
		}, typ, cost)
		t.leaf.ifp = f
		return t, true
	}
	t := fnTerm(func(r *regs[P]) int32 {
		//kb:placed pv45 f.c.p r
		var pv45 int32
		if f.c.p.ld.op != 0 {
			pv45 = f.c.p.ld.get(unsafe.Pointer(r.p[f.c.p.a&(maxSlots-1)]))
		} else {
			pv45 = f.c.p.eval(r.p[f.c.p.a&(maxSlots-1)], nil, f.c.p.x, f.c.p.y, f.c.p.z)
		}
		if uint32(pv45-f.c.lo) <= f.c.span {
			//kb:placed pv46 f.t r
			var pv46 int32
			if f.t.ld.op != 0 {
				pv46 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
			} else {
				pv46 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
			}
			return pv46
		}
		//kb:placed pv47 f.e r
		var pv47 int32
		if f.e.ld.op != 0 {
			pv47 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
		} else {
			pv47 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
		}
		return pv47
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
		x := entryRead[P]{item: true, slot: it.slot, lim: ^uint32(0), ifp: it.ifp, eval: it.eval, a: it.a, x: it.x, y: it.y, z: it.z, ld: it.ld}
		if it.ifp != nil {
			x.eval, x.a, x.x, x.y, x.z, x.ld = nil, 0, 0, 0, 0, place{}
			if it.ifp.or {
				x.or, x.e = true, it.ifp.e
				x.eval, x.a, x.x, x.y, x.z, x.ld = it.ifp.t.eval, it.ifp.t.a, it.ifp.t.x, it.ifp.t.y, it.ifp.t.z, it.ifp.t.ld
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
			xs = append(xs, entryRead[P]{eval: in.l.eval, a: in.l.a, x: in.l.x, y: in.l.y, z: in.l.z, lim: lim, mask: mask, sh: sh, ld: in.l.ld})
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
			//kb:placed pv48 gp r
			var pv48 int32
			if gp.ld.op != 0 {
				pv48 = gp.ld.get(unsafe.Pointer(r.p[gp.a&(maxSlots-1)]))
			} else {
				pv48 = gp.eval(r.p[gp.a&(maxSlots-1)], nil, gp.x, gp.y, gp.z)
			}
			if b2i(uint32(pv48-glo) <= gspan) == gstop {
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
				//kb:placed pv49 x0 r
				var pv49 int32
				if x0.ld.op != 0 {
					pv49 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv49 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv49
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
				//kb:placed pv50 x0 r
				var pv50 int32
				if x0.ld.op != 0 {
					pv50 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv50 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv50
				if v0 == None {
					//kb:placed pv51 x0.e r
					var pv51 int32
					if x0.e.ld.op != 0 {
						pv51 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv51 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv51
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
				//kb:placed pv52 x0 r
				var pv52 int32
				if x0.ld.op != 0 {
					pv52 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv52 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv52
				//kb:placed pv53 x1 r
				var pv53 int32
				if x1.ld.op != 0 {
					pv53 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv53 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv53
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
				//kb:placed pv54 x0 r
				var pv54 int32
				if x0.ld.op != 0 {
					pv54 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv54 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv54
				if v0 == None {
					//kb:placed pv55 x0.e r
					var pv55 int32
					if x0.e.ld.op != 0 {
						pv55 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv55 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv55
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv56 x1 r
				var pv56 int32
				if x1.ld.op != 0 {
					pv56 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv56 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv56
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
				//kb:placed pv57 x0 r
				var pv57 int32
				if x0.ld.op != 0 {
					pv57 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv57 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv57
				if v0 == None {
					//kb:placed pv58 x0.e r
					var pv58 int32
					if x0.e.ld.op != 0 {
						pv58 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv58 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv58
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv59 x1 r
				var pv59 int32
				if x1.ld.op != 0 {
					pv59 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv59 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv59
				if v1 == None {
					//kb:placed pv60 x1.e r
					var pv60 int32
					if x1.e.ld.op != 0 {
						pv60 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv60 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv60
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
				//kb:placed pv61 x0 r
				var pv61 int32
				if x0.ld.op != 0 {
					pv61 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv61 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv61
				//kb:placed pv62 x1 r
				var pv62 int32
				if x1.ld.op != 0 {
					pv62 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv62 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv62
				//kb:placed pv63 x2 r
				var pv63 int32
				if x2.ld.op != 0 {
					pv63 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv63 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv63
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
				//kb:placed pv64 x0 r
				var pv64 int32
				if x0.ld.op != 0 {
					pv64 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv64 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv64
				if v0 == None {
					//kb:placed pv65 x0.e r
					var pv65 int32
					if x0.e.ld.op != 0 {
						pv65 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv65 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv65
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv66 x1 r
				var pv66 int32
				if x1.ld.op != 0 {
					pv66 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv66 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv66
				//kb:placed pv67 x2 r
				var pv67 int32
				if x2.ld.op != 0 {
					pv67 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv67 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv67
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
				//kb:placed pv68 x0 r
				var pv68 int32
				if x0.ld.op != 0 {
					pv68 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv68 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv68
				if v0 == None {
					//kb:placed pv69 x0.e r
					var pv69 int32
					if x0.e.ld.op != 0 {
						pv69 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv69 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv69
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv70 x1 r
				var pv70 int32
				if x1.ld.op != 0 {
					pv70 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv70 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv70
				if v1 == None {
					//kb:placed pv71 x1.e r
					var pv71 int32
					if x1.e.ld.op != 0 {
						pv71 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv71 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv71
				}
				r.v[x1.slot&(maxVals-1)] = v1
				//kb:placed pv72 x2 r
				var pv72 int32
				if x2.ld.op != 0 {
					pv72 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv72 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv72
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
				//kb:placed pv73 x0 r
				var pv73 int32
				if x0.ld.op != 0 {
					pv73 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv73 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv73
				if v0 == None {
					//kb:placed pv74 x0.e r
					var pv74 int32
					if x0.e.ld.op != 0 {
						pv74 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv74 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv74
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv75 x1 r
				var pv75 int32
				if x1.ld.op != 0 {
					pv75 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv75 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv75
				if v1 == None {
					//kb:placed pv76 x1.e r
					var pv76 int32
					if x1.e.ld.op != 0 {
						pv76 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv76 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv76
				}
				r.v[x1.slot&(maxVals-1)] = v1
				//kb:placed pv77 x2 r
				var pv77 int32
				if x2.ld.op != 0 {
					pv77 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv77 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv77
				if v2 == None {
					//kb:placed pv78 x2.e r
					var pv78 int32
					if x2.e.ld.op != 0 {
						pv78 = x2.e.ld.get(unsafe.Pointer(r.p[x2.e.a&(maxSlots-1)]))
					} else {
						pv78 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
					}
					v2 = pv78
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
				//kb:placed pv79 x0 r
				var pv79 int32
				if x0.ld.op != 0 {
					pv79 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv79 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv79
				//kb:placed pv80 x1 r
				var pv80 int32
				if x1.ld.op != 0 {
					pv80 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv80 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv80
				//kb:placed pv81 x2 r
				var pv81 int32
				if x2.ld.op != 0 {
					pv81 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv81 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv81
				//kb:placed pv82 x3 r
				var pv82 int32
				if x3.ld.op != 0 {
					pv82 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv82 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v3 := pv82
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
				//kb:placed pv83 x0 r
				var pv83 int32
				if x0.ld.op != 0 {
					pv83 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv83 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv83
				if v0 == None {
					//kb:placed pv84 x0.e r
					var pv84 int32
					if x0.e.ld.op != 0 {
						pv84 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv84 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv84
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv85 x1 r
				var pv85 int32
				if x1.ld.op != 0 {
					pv85 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv85 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv85
				//kb:placed pv86 x2 r
				var pv86 int32
				if x2.ld.op != 0 {
					pv86 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv86 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv86
				//kb:placed pv87 x3 r
				var pv87 int32
				if x3.ld.op != 0 {
					pv87 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv87 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v3 := pv87
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
				//kb:placed pv88 x0 r
				var pv88 int32
				if x0.ld.op != 0 {
					pv88 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv88 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv88
				if v0 == None {
					//kb:placed pv89 x0.e r
					var pv89 int32
					if x0.e.ld.op != 0 {
						pv89 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv89 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv89
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv90 x1 r
				var pv90 int32
				if x1.ld.op != 0 {
					pv90 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv90 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv90
				if v1 == None {
					//kb:placed pv91 x1.e r
					var pv91 int32
					if x1.e.ld.op != 0 {
						pv91 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv91 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv91
				}
				r.v[x1.slot&(maxVals-1)] = v1
				//kb:placed pv92 x2 r
				var pv92 int32
				if x2.ld.op != 0 {
					pv92 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv92 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv92
				//kb:placed pv93 x3 r
				var pv93 int32
				if x3.ld.op != 0 {
					pv93 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv93 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v3 := pv93
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
				//kb:placed pv94 x0 r
				var pv94 int32
				if x0.ld.op != 0 {
					pv94 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv94 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv94
				if v0 == None {
					//kb:placed pv95 x0.e r
					var pv95 int32
					if x0.e.ld.op != 0 {
						pv95 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv95 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv95
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv96 x1 r
				var pv96 int32
				if x1.ld.op != 0 {
					pv96 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv96 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv96
				if v1 == None {
					//kb:placed pv97 x1.e r
					var pv97 int32
					if x1.e.ld.op != 0 {
						pv97 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv97 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv97
				}
				r.v[x1.slot&(maxVals-1)] = v1
				//kb:placed pv98 x2 r
				var pv98 int32
				if x2.ld.op != 0 {
					pv98 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv98 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv98
				if v2 == None {
					//kb:placed pv99 x2.e r
					var pv99 int32
					if x2.e.ld.op != 0 {
						pv99 = x2.e.ld.get(unsafe.Pointer(r.p[x2.e.a&(maxSlots-1)]))
					} else {
						pv99 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
					}
					v2 = pv99
				}
				r.v[x2.slot&(maxVals-1)] = v2
				//kb:placed pv100 x3 r
				var pv100 int32
				if x3.ld.op != 0 {
					pv100 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv100 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v3 := pv100
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
				//kb:placed pv101 x0 r
				var pv101 int32
				if x0.ld.op != 0 {
					pv101 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv101 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 := pv101
				if v0 == None {
					//kb:placed pv102 x0.e r
					var pv102 int32
					if x0.e.ld.op != 0 {
						pv102 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv102 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv102
				}
				r.v[x0.slot&(maxVals-1)] = v0
				//kb:placed pv103 x1 r
				var pv103 int32
				if x1.ld.op != 0 {
					pv103 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv103 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 := pv103
				if v1 == None {
					//kb:placed pv104 x1.e r
					var pv104 int32
					if x1.e.ld.op != 0 {
						pv104 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv104 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv104
				}
				r.v[x1.slot&(maxVals-1)] = v1
				//kb:placed pv105 x2 r
				var pv105 int32
				if x2.ld.op != 0 {
					pv105 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv105 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 := pv105
				if v2 == None {
					//kb:placed pv106 x2.e r
					var pv106 int32
					if x2.e.ld.op != 0 {
						pv106 = x2.e.ld.get(unsafe.Pointer(r.p[x2.e.a&(maxSlots-1)]))
					} else {
						pv106 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
					}
					v2 = pv106
				}
				r.v[x2.slot&(maxVals-1)] = v2
				//kb:placed pv107 x3 r
				var pv107 int32
				if x3.ld.op != 0 {
					pv107 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv107 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v3 := pv107
				if v3 == None {
					//kb:placed pv108 x3.e r
					var pv108 int32
					if x3.e.ld.op != 0 {
						pv108 = x3.e.ld.get(unsafe.Pointer(r.p[x3.e.a&(maxSlots-1)]))
					} else {
						pv108 = x3.e.eval(r.p[x3.e.a&(maxSlots-1)], nil, x3.e.x, x3.e.y, x3.e.z)
					}
					v3 = pv108
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
				//kb:placed pv109 x r
				var pv109 int32
				if x.ld.op != 0 {
					pv109 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
				} else {
					pv109 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
				}
				if v = pv109; v == None {
					//kb:placed pv110 x.e r
					var pv110 int32
					if x.e.ld.op != 0 {
						pv110 = x.e.ld.get(unsafe.Pointer(r.p[x.e.a&(maxSlots-1)]))
					} else {
						pv110 = x.e.eval(r.p[x.e.a&(maxSlots-1)], nil, x.e.x, x.e.y, x.e.z)
					}
					v = pv110
				}
			case x.ifp != nil:
				v = x.ifp.value(r)
			default:
				//kb:placed pv111 x r
				var pv111 int32
				if x.ld.op != 0 {
					pv111 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
				} else {
					pv111 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
				}
				v = pv111
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
				//kb:placed pv112 x0 r
				var pv112 int32
				if x0.ld.op != 0 {
					pv112 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv112 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				if v0 = pv112; v0 == None {
					//kb:placed pv113 x0.e r
					var pv113 int32
					if x0.e.ld.op != 0 {
						pv113 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv113 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv113
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				//kb:placed pv114 x0 r
				var pv114 int32
				if x0.ld.op != 0 {
					pv114 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv114 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 = pv114
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
				//kb:placed pv115 x0 r
				var pv115 int32
				if x0.ld.op != 0 {
					pv115 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv115 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				if v0 = pv115; v0 == None {
					//kb:placed pv116 x0.e r
					var pv116 int32
					if x0.e.ld.op != 0 {
						pv116 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv116 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv116
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				//kb:placed pv117 x0 r
				var pv117 int32
				if x0.ld.op != 0 {
					pv117 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv117 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 = pv117
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
				//kb:placed pv118 x1 r
				var pv118 int32
				if x1.ld.op != 0 {
					pv118 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv118 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				if v1 = pv118; v1 == None {
					//kb:placed pv119 x1.e r
					var pv119 int32
					if x1.e.ld.op != 0 {
						pv119 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv119 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv119
				}
			case x1.ifp != nil:
				v1 = x1.ifp.value(r)
			default:
				//kb:placed pv120 x1 r
				var pv120 int32
				if x1.ld.op != 0 {
					pv120 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv120 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 = pv120
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
				//kb:placed pv121 x0 r
				var pv121 int32
				if x0.ld.op != 0 {
					pv121 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv121 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				if v0 = pv121; v0 == None {
					//kb:placed pv122 x0.e r
					var pv122 int32
					if x0.e.ld.op != 0 {
						pv122 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
					} else {
						pv122 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
					}
					v0 = pv122
				}
			case x0.ifp != nil:
				v0 = x0.ifp.value(r)
			default:
				//kb:placed pv123 x0 r
				var pv123 int32
				if x0.ld.op != 0 {
					pv123 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv123 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				v0 = pv123
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
				//kb:placed pv124 x1 r
				var pv124 int32
				if x1.ld.op != 0 {
					pv124 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv124 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				if v1 = pv124; v1 == None {
					//kb:placed pv125 x1.e r
					var pv125 int32
					if x1.e.ld.op != 0 {
						pv125 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
					} else {
						pv125 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
					}
					v1 = pv125
				}
			case x1.ifp != nil:
				v1 = x1.ifp.value(r)
			default:
				//kb:placed pv126 x1 r
				var pv126 int32
				if x1.ld.op != 0 {
					pv126 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv126 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v1 = pv126
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
				//kb:placed pv127 x2 r
				var pv127 int32
				if x2.ld.op != 0 {
					pv127 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv127 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				if v2 = pv127; v2 == None {
					//kb:placed pv128 x2.e r
					var pv128 int32
					if x2.e.ld.op != 0 {
						pv128 = x2.e.ld.get(unsafe.Pointer(r.p[x2.e.a&(maxSlots-1)]))
					} else {
						pv128 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
					}
					v2 = pv128
				}
			case x2.ifp != nil:
				v2 = x2.ifp.value(r)
			default:
				//kb:placed pv129 x2 r
				var pv129 int32
				if x2.ld.op != 0 {
					pv129 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv129 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v2 = pv129
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
			//kb:placed pv130 x0 r
			var pv130 int32
			if x0.ld.op != 0 {
				pv130 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
			} else {
				pv130 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
			}
			if v0 = pv130; v0 == None {
				//kb:placed pv131 x0.e r
				var pv131 int32
				if x0.e.ld.op != 0 {
					pv131 = x0.e.ld.get(unsafe.Pointer(r.p[x0.e.a&(maxSlots-1)]))
				} else {
					pv131 = x0.e.eval(r.p[x0.e.a&(maxSlots-1)], nil, x0.e.x, x0.e.y, x0.e.z)
				}
				v0 = pv131
			}
		case x0.ifp != nil:
			v0 = x0.ifp.value(r)
		default:
			//kb:placed pv132 x0 r
			var pv132 int32
			if x0.ld.op != 0 {
				pv132 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
			} else {
				pv132 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
			}
			v0 = pv132
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
			//kb:placed pv133 x1 r
			var pv133 int32
			if x1.ld.op != 0 {
				pv133 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
			} else {
				pv133 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
			}
			if v1 = pv133; v1 == None {
				//kb:placed pv134 x1.e r
				var pv134 int32
				if x1.e.ld.op != 0 {
					pv134 = x1.e.ld.get(unsafe.Pointer(r.p[x1.e.a&(maxSlots-1)]))
				} else {
					pv134 = x1.e.eval(r.p[x1.e.a&(maxSlots-1)], nil, x1.e.x, x1.e.y, x1.e.z)
				}
				v1 = pv134
			}
		case x1.ifp != nil:
			v1 = x1.ifp.value(r)
		default:
			//kb:placed pv135 x1 r
			var pv135 int32
			if x1.ld.op != 0 {
				pv135 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
			} else {
				pv135 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
			}
			v1 = pv135
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
			//kb:placed pv136 x2 r
			var pv136 int32
			if x2.ld.op != 0 {
				pv136 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
			} else {
				pv136 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
			}
			if v2 = pv136; v2 == None {
				//kb:placed pv137 x2.e r
				var pv137 int32
				if x2.e.ld.op != 0 {
					pv137 = x2.e.ld.get(unsafe.Pointer(r.p[x2.e.a&(maxSlots-1)]))
				} else {
					pv137 = x2.e.eval(r.p[x2.e.a&(maxSlots-1)], nil, x2.e.x, x2.e.y, x2.e.z)
				}
				v2 = pv137
			}
		case x2.ifp != nil:
			v2 = x2.ifp.value(r)
		default:
			//kb:placed pv138 x2 r
			var pv138 int32
			if x2.ld.op != 0 {
				pv138 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
			} else {
				pv138 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
			}
			v2 = pv138
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
			//kb:placed pv139 x3 r
			var pv139 int32
			if x3.ld.op != 0 {
				pv139 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
			} else {
				pv139 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
			}
			if v3 = pv139; v3 == None {
				//kb:placed pv140 x3.e r
				var pv140 int32
				if x3.e.ld.op != 0 {
					pv140 = x3.e.ld.get(unsafe.Pointer(r.p[x3.e.a&(maxSlots-1)]))
				} else {
					pv140 = x3.e.eval(r.p[x3.e.a&(maxSlots-1)], nil, x3.e.x, x3.e.y, x3.e.z)
				}
				v3 = pv140
			}
		case x3.ifp != nil:
			v3 = x3.ifp.value(r)
		default:
			//kb:placed pv141 x3 r
			var pv141 int32
			if x3.ld.op != 0 {
				pv141 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
			} else {
				pv141 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
			}
			v3 = pv141
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
	ld      place // with eval: read in place when ld.op != 0 (place.go)
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

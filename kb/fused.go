package kb

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
//   - a table (tab.go) whose inputs are the subterms computed on entry
//     (divides: the kings and the_rook; critical: the king and the pawn)
//     is read in the closure that computes them (entryTable), not by a
//     closure of its own after them.

// pread is a primitive of a position with constant arguments, called in
// place.
type pread[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	x, y, z int32
	a       uint8
}

func preadOf[P any](l *leaf[P]) pread[P] {
	return pread[P]{eval: l.eval, x: l.x, y: l.y, z: l.z, a: l.a}
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

func (c *primCond[P]) holds(r *regs[P]) bool {
	return uint32(c.p.get(r)-c.lo) <= c.span
}

// ifPrim is `if c then t else e` of a primCond and two primitives.
type ifPrim[P any] struct {
	c    primCond[P]
	t, e pread[P]
}

func (f *ifPrim[P]) value(r *regs[P]) int32 {
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

// entryTable is the computation on entry of its (at most four) items
// followed by the lookup of a table of conditions whose inputs are slots
// (the items' or others) and primitives in place: one closure. ok is
// false for another shape.
func entryTable[P any](tb *tabInfo[P], its []entryItem[P]) (evalFn[P], bool) {
	if tb == nil || tb.bits == nil || len(its) > 3 || len(tb.ins) > 4 {
		return nil, false
	}
	for _, x := range tb.ins {
		if x.l.kind != lSlot && x.l.kind != lPrim {
			return nil, false
		}
	}
	bits, lz, f := tb.bits, tb.lz, tb.fb
	var it [3]entryItem[P]
	copy(it[:], its)
	n := len(its)
	i0, i1, i2 := it[0], it[1], it[2]
	squares := len(tb.ins) <= 3
	for _, x := range tb.ins {
		squares = squares && x.l.kind == lSlot && x.w == 6
	}
	inPlace := true
	for _, x := range its {
		inPlace = inPlace && x.inPlace()
	}
	if squares && n == len(tb.ins) && inPlace {
		// divides: the items are the table's squares, in order.
		same := true
		for k, x := range tb.ins {
			same = same && x.l.a == its[k].slot && x.sh == uint8(6*k)
		}
		if same {
			switch n {
			case 2:
				return func(r *regs[P]) int32 {
					if !lz.ready.Load() {
						lz.build()
					}
					var a int32
					if i0.ifp == nil {
						a = i0.eval(r.p[i0.a&(maxSlots-1)], nil, i0.x, i0.y, i0.z)
					} else {
						a = i0.ifp.value(r)
					}
					r.v[i0.slot&(maxVals-1)] = a
					var b int32
					if i1.ifp == nil {
						b = i1.eval(r.p[i1.a&(maxSlots-1)], nil, i1.x, i1.y, i1.z)
					} else {
						b = i1.ifp.value(r)
					}
					r.v[i1.slot&(maxVals-1)] = b
					if uint32(a)|uint32(b) >= 64 {
						return f(r)
					}
					return int32(bits[b&63]>>uint32(a)) & 1
				}, true
			case 3:
				return func(r *regs[P]) int32 {
					if !lz.ready.Load() {
						lz.build()
					}
					var a int32
					if i0.ifp == nil {
						a = i0.eval(r.p[i0.a&(maxSlots-1)], nil, i0.x, i0.y, i0.z)
					} else {
						a = i0.ifp.value(r)
					}
					r.v[i0.slot&(maxVals-1)] = a
					var b int32
					if i1.ifp == nil {
						b = i1.eval(r.p[i1.a&(maxSlots-1)], nil, i1.x, i1.y, i1.z)
					} else {
						b = i1.ifp.value(r)
					}
					r.v[i1.slot&(maxVals-1)] = b
					var c int32
					if i2.ifp == nil {
						c = i2.eval(r.p[i2.a&(maxSlots-1)], nil, i2.x, i2.y, i2.z)
					} else {
						c = i2.ifp.value(r)
					}
					r.v[i2.slot&(maxVals-1)] = c
					if uint32(a)|uint32(b)|uint32(c) >= 64 {
						return f(r)
					}
					return int32(bits[uint32(b|c<<6)&4095]>>uint32(a)) & 1
				}, true
			}
		}
	}
	if !inPlace {
		return nil, false
	}
	// Any slots and primitives: each input read in place, unrolled.
	var xs [4]tabRead[P]
	for k, x := range tb.ins {
		xs[k] = tabRead[P]{kind: x.l.kind, a: x.l.a, lim: 1 << x.w, sh: x.sh}
		if x.l.kind == lPrim {
			xs[k].eval, xs[k].x, xs[k].y, xs[k].z = x.l.eval, x.l.x, x.l.y, x.l.z
		}
	}
	x0, x1, x2, x3 := xs[0], xs[1], xs[2], xs[3]
	m := len(tb.ins)
	return func(r *regs[P]) int32 {
		if !lz.ready.Load() {
			lz.build()
		}
		if n > 0 {
			if i0.ifp == nil {
				r.v[i0.slot&(maxVals-1)] = i0.eval(r.p[i0.a&(maxSlots-1)], nil, i0.x, i0.y, i0.z)
			} else {
				r.v[i0.slot&(maxVals-1)] = i0.ifp.value(r)
			}
			if n > 1 {
				if i1.ifp == nil {
					r.v[i1.slot&(maxVals-1)] = i1.eval(r.p[i1.a&(maxSlots-1)], nil, i1.x, i1.y, i1.z)
				} else {
					r.v[i1.slot&(maxVals-1)] = i1.ifp.value(r)
				}
				if n > 2 {
					if i2.ifp == nil {
						r.v[i2.slot&(maxVals-1)] = i2.eval(r.p[i2.a&(maxSlots-1)], nil, i2.x, i2.y, i2.z)
					} else {
						r.v[i2.slot&(maxVals-1)] = i2.ifp.value(r)
					}
				}
			}
		}
		var i uint32
		if x0.eval == nil {
			i = uint32(r.v[x0.a&(maxVals-1)])
		} else {
			i = uint32(x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z))
		}
		if i >= x0.lim {
			return f(r)
		}
		if m > 1 {
			var v uint32
			if x1.eval == nil {
				v = uint32(r.v[x1.a&(maxVals-1)])
			} else {
				v = uint32(x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z))
			}
			if v >= x1.lim {
				return f(r)
			}
			i |= v << (x1.sh & 31)
			if m > 2 {
				var v uint32
				if x2.eval == nil {
					v = uint32(r.v[x2.a&(maxVals-1)])
				} else {
					v = uint32(x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z))
				}
				if v >= x2.lim {
					return f(r)
				}
				i |= v << (x2.sh & 31)
				if m > 3 {
					var v uint32
					if x3.eval == nil {
						v = uint32(r.v[x3.a&(maxVals-1)])
					} else {
						v = uint32(x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z))
					}
					if v >= x3.lim {
						return f(r)
					}
					i |= v << (x3.sh & 31)
				}
			}
		}
		return int32(bits[i>>6]>>(i&63)) & 1
	}, true
}

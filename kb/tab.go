package kb

import (
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/advicelang/al/lang"
)

// Tabulated terms. A part of a definition that is a pure function of a
// few values of small domains (the squares of pieces, the side to move,
// a count of pieces, a cheap condition of the position) is evaluated,
// when the base is compiled, for every combination of those values, and
// read at run time from the table: its inputs are read (a slot, a
// primitive of the position, the closure of a cheap condition), packed
// into an index and looked up. `file(white king) < file(the_rook) <
// file(black king) | ...` over three squares is one load from a table of
// 2^18 bits, however many comparisons it has. A value outside the
// table's domain (nothing: an absent piece; an integer beyond 15) takes
// the compiled term instead, so the table changes nothing but the time.
// This generalises the tables of the pure primitives (leaf.go) from
// one primitive to whole expressions, and folds an expression of no
// input at all into a constant.

// Limits of a table: its index has at most maxTabBits bits for a
// condition (a bit each: 2^18 bits are 32 KiB) and maxTabValBits for a
// value (an int32 each: 16 KiB). A condition of maxWideBits (64 KiB,
// filled at its first reading by 524,288 evaluations of the term) is
// made only for the computation on entry to read in place (fused.go):
// elsewhere the part is compiled as without it, in tables of
// maxTabBits, so that a run does not fill a wide table that saves it
// no call.
const (
	maxTabBits    = 18
	maxWideBits   = 19
	maxTabValBits = 12
	// atomCost bounds the cost of an input that is a condition or value
	// of the position computed by its own closure (attacks_from(a, b),
	// in_pawn_square(p, k)): it is evaluated whenever the table is read,
	// where the term it stands in might have skipped it.
	atomCost = 8
)

// tabWidth is the number of bits of an input of type t: its values from
// 0 to 2^width - 1 are in the table; other values take the compiled term.
func tabWidth(t Type) (uint8, bool) {
	switch t {
	case TBool, TSide:
		return 1, true
	case TSquare:
		return 6, true
	case TPiece:
		return 3, true
	case TInt:
		return 4, true
	}
	return 0, false
}

// tabInput is an input of a table: a value slot (a parameter, a
// quantified square, a subterm computed on entry) or a call read by its
// own compiled term (a primitive of the position, a cheap predicate).
type tabInput struct {
	key  string
	typ  Type
	slot uint8 // a slot input's slot
	call *lang.Call
	sc   dscope // a call input's scope
}

// tabInputs collects the inputs of an expression, each once.
type tabInputs struct {
	list []tabInput
	ops  int // operators seen: a table is worth making for two or more
}

func (in *tabInputs) add(x tabInput) bool {
	for _, y := range in.list {
		if y.key == x.key {
			return true
		}
	}
	if _, ok := tabWidth(x.typ); !ok {
		return false
	}
	in.list = append(in.list, x)
	return true
}

// ints counts the integer inputs read from value slots (computed there,
// of any size, where a table holds the values from 0 to 15 only; a
// primitive's count of pieces is read by its call).
func (in *tabInputs) ints() int {
	n := 0
	for _, x := range in.list {
		if x.typ == TInt && x.call == nil {
			n++
		}
	}
	return n
}

func (in *tabInputs) bits() int {
	n := 0
	for _, x := range in.list {
		w, _ := tabWidth(x.typ)
		n += int(w)
	}
	return n
}

// tabOK reports whether tables may be made now: not while a definition's
// repeated subterms are counted (its body is compiled again after), nor
// inside the compilation of a table.
func (c *compiler[P]) tabOK() bool {
	return c.noTab == 0 && (c.cse == nil || c.cse.second)
}

// tabShape reports whether e is an operator whose value a table may hold.
func tabShape(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.Not, *lang.Neg, *lang.Compare, *lang.Cond:
		return true
	case *lang.Binary:
		return e.Op != lang.OpThen
	}
	return false
}

// inlineScope is the scope a definition without parameters is compiled
// in where it is called, reading position slot pos.
func inlineScope(sc *dscope, pos uint8) dscope {
	inner := dscope{npos: sc.npos, nval: sc.nval, def: pos, where: sc.where}
	inner.defBound = posBound(sc, pos)
	return inner
}

// posBound reports whether position slot pos of scope sc holds a move
// variable (bound by a quantifier): what reads it is not computed on entry.
func posBound(sc *dscope, pos uint8) bool {
	b := sc.defBound && pos == sc.def
	for _, v := range sc.vars {
		if v.isPos && v.slot == pos {
			b = v.bound
		}
	}
	return b
}

// pureInputs reports whether e is a function of inputs only (no
// quantifier, no costly read of the position) and collects them in in.
func (c *compiler[P]) pureInputs(e lang.Expr, sc *dscope, in *tabInputs) bool {
	switch e := e.(type) {
	case *lang.Const, *lang.IntLit, *lang.SideLit:
		return true
	case *lang.PieceSq:
		return c.pureCall(pieceCall(e), sc, in)
	case *lang.Not:
		in.ops++
		return c.pureInputs(e.X, sc, in)
	case *lang.Neg:
		in.ops++
		return c.pureInputs(e.X, sc, in)
	case *lang.Binary:
		in.ops++
		return e.Op != lang.OpThen && c.pureInputs(e.L, sc, in) && c.pureInputs(e.R, sc, in)
	case *lang.Compare:
		in.ops += len(e.Ops)
		for _, x := range e.Xs {
			if !c.pureInputs(x, sc, in) {
				return false
			}
		}
		return true
	case *lang.Cond:
		in.ops++
		return c.pureInputs(e.If, sc, in) && c.pureInputs(e.Then, sc, in) && c.pureInputs(e.Else, sc, in)
	case *lang.In:
		v, ok := sc.lookup(e.At.Name)
		if !ok || !v.isPos {
			return false
		}
		inner := *sc
		inner.def, inner.defBound = v.slot, v.bound
		return c.pureInputs(e.X, &inner, in)
	case *lang.Call:
		return c.pureCall(e, sc, in)
	}
	return false
}

// pieceCall is `white rook` as the call it stands for.
func pieceCall(e *lang.PieceSq) *lang.Call {
	side := &lang.SideLit{Pos: e.Pos, Side: e.Side}
	return &lang.Call{Pos: e.Pos, Name: "square_of", Paren: true, Args: []lang.Expr{side, &lang.Call{Pos: e.Kind.Pos, Name: e.Kind.Name}}}
}

func (c *compiler[P]) pureCall(e *lang.Call, sc *dscope, in *tabInputs) bool {
	if !e.Paren {
		if v, ok := sc.lookup(e.Name); ok {
			if v.isPos {
				return false
			}
			return in.add(tabInput{key: "v" + strconv.Itoa(int(v.slot)), typ: v.typ, slot: v.slot})
		}
		if _, ok := c.lib.LookupConst(e.Name); ok {
			return true
		}
	}
	key := cseKey(e, sc)
	if h := c.cse; h != nil && h.second {
		if slot, ok := h.hoist[key]; ok && freeIn(e, sc) && !c.unhoisted(e, sc, key) {
			return in.add(tabInput{key: "v" + strconv.Itoa(int(slot)), typ: h.first[key].typ, slot: slot})
		}
	}
	atom := func(t Type) bool { return in.add(tabInput{key: key, typ: t, call: e, sc: *sc}) }
	if x, ok := c.decls[e.Name]; ok {
		d := x.compiled
		if x.define == nil || d == nil {
			return false
		}
		if d.inline != nil {
			pos := sc.def
			switch {
			case len(e.Args) == 1 && c.isPosArg(e.Args[0], sc):
				v, _ := sc.lookup(e.Args[0].(*lang.Call).Name)
				pos = v.slot
			case len(e.Args) != 0:
				return false
			}
			inner := inlineScope(sc, pos)
			w, _ := tabWidth(d.Result)
			if w == 0 || d.cost > atomCost || !freeOfBound(e, sc) {
				return c.pureInputs(d.inline, &inner, in)
			}
			// A cheap definition is read as one input (the_rook: a
			// square) when its own inputs are wider (the rook's and the
			// queen's squares and a count), so that box(P1), the_rook
			// not computed on entry in P1, is a table of two squares.
			trial := tabInputs{list: slices.Clone(in.list), ops: in.ops}
			if !c.pureInputs(d.inline, &inner, &trial) {
				return false
			}
			if trial.bits()-in.bits() > int(w) {
				return atom(d.Result)
			}
			*in = trial
			return true
		}
		if len(d.values) > 0 {
			return c.pureFunction(d, e, sc, in)
		}
		if c.unhoistInts && len(e.Args) == 0 && len(d.Params) == 0 && !d.loops && d.body != nil && freeOfBound(e, sc) {
			// An integer computed on entry read from its inputs (box,
			// too costly to be compiled in place elsewhere).
			inner := inlineScope(sc, sc.def)
			return c.pureInputs(d.body, &inner, in)
		}
		if d.cost > atomCost || !freeOfBound(e, sc) {
			return false
		}
		return atom(d.Result)
	}
	if f, ok := c.lib.LookupFunc(e.Name); ok {
		if f.Reads == 0 {
			in.ops++
			for _, a := range e.Args {
				if !c.pureInputs(a, sc, in) {
					return false
				}
			}
			return true
		}
		if f.Cost > atomCost {
			return false
		}
		return atom(f.Result)
	}
	if p, ok := c.lib.Lookup(e.Name); ok && p.Cost <= atomCost {
		return atom(TBool)
	}
	return false
}

// pureFunction reports whether e, a call of d, a definition of value
// parameters only, is a pure function of its arguments' inputs (collected
// in in): d's body reads nothing but its parameters (no position, no
// quantifier), so that `beyond(file(black king), file(the_rook))` is a
// function of two squares and `box`, the product of two such calls, a
// table of them instead of two calls with their arguments computed into
// slots (some 470 instructions an evaluation).
func (c *compiler[P]) pureFunction(d *Definition[P], e *lang.Call, sc *dscope, in *tabInputs) bool {
	if d.loops || d.body == nil || len(e.Args) != len(d.values) || len(d.Params) != len(d.values) {
		return false
	}
	// The body in a scope of its own whose only variables are its
	// parameters (their slots are never read: only whether an input is
	// one of them), without the caller's hoisted subterms (their keys
	// are the caller's scope's).
	if len(d.Params) > int(maxVals) {
		return false
	}
	bsc := dscope{npos: sc.npos, def: sc.def, where: "definition " + d.Name}
	for _, p := range d.Params {
		bsc.vars = append(bsc.vars, dvar{name: p.Name, slot: bsc.nval, typ: p.Type, bound: true})
		bsc.nval++
	}
	var bin tabInputs
	h, un := c.cse, c.unhoist
	c.cse, c.unhoist = nil, false
	pure := c.pureInputs(d.body, &bsc, &bin)
	c.cse, c.unhoist = h, un
	if !pure {
		return false
	}
	for _, x := range bin.list {
		if x.call != nil {
			return false
		}
	}
	for _, a := range e.Args {
		if !c.pureInputs(a, sc, in) {
			return false
		}
	}
	in.ops += 1 + bin.ops
	return true
}

// unhoisted reports whether the hoisted subterm e (of key) is read, in
// the table being made, from its own inputs rather than its slot: in
// unhoist mode, when it is an expression (an operator, a definition)
// pure in its inputs. `square_rank = max(rank(white pawn), 3) - (if
// side_to_move = black then 1 else 0)`, written twice, is computed on
// entry; read from its slot by a table, it costs the table 4 bits (an
// integer), and from its inputs 1 (the side to move; the pawn's square
// being an input already).
func (c *compiler[P]) unhoisted(e *lang.Call, sc *dscope, key string) bool {
	h := c.cse
	if !c.unhoist || h == nil || c.unhoistInts && h.first[key].typ != TInt {
		return false
	}
	pure, ok := h.pure[key]
	if !ok {
		if h.pure == nil {
			h.pure = map[string]bool{}
		}
		h.pure[key] = false // while its own inputs are found
		c.unhoist = false
		var in tabInputs
		slot := h.hoist[key]
		delete(h.hoist, key)
		pure = c.pureCall(e, sc, &in) && in.ops > 0
		h.hoist[key] = slot
		c.unhoist = true
		h.pure[key] = pure
	}
	return pure
}

// freeOfBound reports whether a call names no position bound by a move
// quantifier (a definition called there gets regs of its own).
func freeOfBound(e *lang.Call, sc *dscope) bool {
	for _, a := range e.Args {
		if call, ok := a.(*lang.Call); ok && !call.Paren {
			if v, found := sc.lookup(call.Name); found && v.isPos && v.bound {
				return false
			}
		}
	}
	return true
}

// tabGroups groups the operands of a junction that are pure functions of
// few inputs, first fit: group[i] is the group of operand i (from 1; 0
// for none), and groups the operands of each group of two or more.
func (c *compiler[P]) tabGroups(parts []lang.Expr, sc *dscope) ([]int, [][]lang.Expr) {
	group, groups := c.tabGroups1(parts, sc)
	if c.cse == nil || len(c.cse.hoist) == 0 {
		return group, groups
	}
	// The same with the pure hoisted subterms read from their inputs
	// (unhoisted), when it puts more operands in tables.
	old := c.unhoist
	c.unhoist = true
	g2, gs2 := c.tabGroups1(parts, sc)
	c.unhoist = old
	in := func(gs [][]lang.Expr) int {
		n := 0
		for _, g := range gs {
			n += len(g)
		}
		return n
	}
	if in(gs2) > in(groups) {
		return g2, gs2
	}
	return group, groups
}

func (c *compiler[P]) tabGroups1(parts []lang.Expr, sc *dscope) ([]int, [][]lang.Expr) {
	group := make([]int, len(parts))
	ins := make([]tabInputs, len(parts))
	var order []int
	for i, x := range parts {
		if c.pureInputs(x, sc, &ins[i]) && ins[i].bits() <= c.tabMax() {
			order = append(order, i)
		}
	}
	// Widest first, each into the group it widens least (best fit): the
	// operands that share most inputs end in one table.
	sort.SliceStable(order, func(a, b int) bool { return ins[order[a]].bits() > ins[order[b]].bits() })
	var sets []tabInputs
	var members [][]int
	for _, i := range order {
		in := ins[i]
		best, bestBits := -1, 0
		var bestSet tabInputs
		for g := range sets {
			u := tabInputs{list: slices.Clone(sets[g].list), ops: sets[g].ops + in.ops + 1}
			fits := true
			for _, y := range in.list {
				fits = fits && u.add(y)
			}
			if fits && u.bits() <= c.tabMax() && (best < 0 || u.bits()-sets[g].bits() < bestBits) {
				best, bestBits, bestSet = g, u.bits()-sets[g].bits(), u
			}
		}
		if best >= 0 {
			sets[best], members[best] = bestSet, append(members[best], i)
		} else {
			sets, members = append(sets, in), append(members, []int{i})
		}
	}
	for _, m := range members {
		slices.Sort(m) // each group in the junction's order
	}
	slices.SortFunc(members, func(a, b []int) int { return a[0] - b[0] })
	var groups [][]lang.Expr
	for _, m := range members {
		if len(m) < 2 {
			continue
		}
		var xs []lang.Expr
		for _, i := range m {
			xs = append(xs, parts[i])
			group[i] = len(groups) + 1
		}
		groups = append(groups, xs)
	}
	return group, groups
}

// tabulate compiles e as a table of its inputs when it is a pure function
// of few of them; done is false when it is not (compile it as usual).
func (c *compiler[P]) tabulate(e lang.Expr, sc *dscope) (t term[P], done, ok bool) {
	var in tabInputs
	fits := func() bool {
		in = tabInputs{}
		return c.pureInputs(e, sc, &in) && (in.ops >= 2 || len(in.list) == 0) && in.bits() <= c.tabMax()
	}
	if !fits() {
		// Perhaps with the pure hoisted subterms read from their inputs.
		if c.unhoist || c.cse == nil || len(c.cse.hoist) == 0 {
			return t, false, false
		}
		c.unhoist = true
		if !fits() {
			c.unhoist = false
			return t, false, false
		}
		defer func() { c.unhoist = false }()
	} else if n := in.ints(); n > 0 && !c.unhoist && c.cse != nil && len(c.cse.hoist) > 0 {
		// An integer computed on entry is read by the table through
		// its 4 bits (0 to 15): broom, `if box = 0 then 64 else box`
		// with box (up to 49) on entry, took the compiled term for
		// most boxes. Read from its own inputs (the squares box is a
		// table of) when they fit with fewer integers.
		hoisted := in
		c.unhoist, c.unhoistInts = true, true
		if fits() && in.ints() < n {
			defer func() { c.unhoist, c.unhoistInts = false, false }()
		} else {
			c.unhoist, c.unhoistInts, in = false, false, hoisted
		}
	}
	// A wide table: the part as compiled without it, its tables
	// narrow, which carries it for the computation on entry (alt.tab).
	var alt term[P]
	wide := in.bits() > maxTabBits
	if wide {
		var ok bool
		if alt, ok = c.narrowTerm(e, sc); !ok || alt.isConst() || alt.typ != TBool {
			return alt, true, ok
		}
		n := len(c.diags)
		defer func() { c.diags = c.diags[:n] }() // reported with alt
	}
	c.noTab++
	defer func() { c.noTab-- }()
	fb, ok := c.dterm0(e, sc)
	if !ok || fb.isConst() {
		return fb, true, ok
	}
	if fb.typ != TBool && in.bits() > maxTabValBits {
		return fb, true, true
	}
	// Compile e again with every call input read from a slot of its own.
	used := make([]bool, maxVals)
	for _, x := range in.list {
		if x.call == nil {
			used[x.slot] = true
		}
	}
	subst := map[string]uint8{}
	slots := make([]uint8, len(in.list))
	for i, x := range in.list {
		if x.call == nil {
			slots[i] = x.slot
			continue
		}
		s := slices.Index(used, false)
		if s < 0 {
			return fb, true, true // no free slot: keep the compiled term
		}
		used[s] = true
		subst[x.key] = uint8(s)
		slots[i] = uint8(s)
	}
	old := c.subst
	c.subst = subst
	n := len(c.diags)
	// What the term computes into slots of its own (a definition of
	// value parameters: inlinedValues) goes above the inputs' slots.
	ssc := *sc
	for _, s := range slots {
		ssc.nval = max(ssc.nval, s+1)
	}
	st, good := c.dterm0(e, &ssc)
	c.subst = old
	if !good || st.typ != fb.typ {
		c.diags = c.diags[:n]
		return fb, true, true
	}
	// The inputs at run time, and the table.
	ins := make([]tabIn[P], len(in.list))
	sh := uint8(0)
	for i, x := range in.list {
		w, _ := tabWidth(x.typ)
		var it term[P]
		if x.call == nil {
			it = slotTerm[P](x.slot, x.typ)
		} else {
			xsc := x.sc
			var good bool
			if it, good = c.call(x.call, &xsc); !good {
				return fb, true, true
			}
		}
		ins[i] = tabIn[P]{l: it.leaf, w: w, sh: sh}
		sh += w
	}
	size := 1 << sh
	var zero P
	var r regs[P]
	for i := range r.p {
		r.p[i] = &zero
	}
	var bits []uint64
	var vals []int32
	if fb.typ == TBool {
		bits = make([]uint64, (size+63)/64)
	} else {
		vals = make([]int32, size)
	}
	if len(ins) == 0 {
		return constTerm[P](fb.typ, enter(st.fn, &r)), true, true
	}
	// The table is filled as it is read, not here: a command that
	// compiles a base and never evaluates it (al check, al fmt's callers,
	// every test that loads a base) does not pay for the 2^18 entries of
	// each table (bratko.al1 builds 33 of them: a third of a second of CPU,
	// ten times that under the race detector), and one that evaluates a
	// few thousand positions (al play: one game) pays for the words of
	// the tables it reads, not for the whole (tabLazy).
	lz := &tabLazy{size: size, fill: func(lo, hi int) {
		for idx := lo; idx < hi; idx++ {
			for i, x := range ins {
				r.setVal(slots[i], int32((idx>>x.sh)&(1<<x.w-1)))
			}
			v := enter(st.fn, &r)
			if bits != nil {
				bits[idx>>6] |= uint64(v&1) << (idx & 63)
			} else {
				vals[idx] = v
			}
		}
	}}
	if bits != nil {
		lz.done = make([]atomic.Uint64, (len(bits)+63)/64)
	}
	out := tabTerm(ins, bits, vals, fb, lz)
	out.typ, out.cost, out.looked = fb.typ, fb.cost, true
	out.tab = &tabInfo[P]{ins: ins, bits: bits, lz: lz, fb: fb.fn}
	if wide {
		alt.tab = out.tab
		return alt, true, true
	}
	return out, true, true
}

// tabMax is the most bits of a table made now: maxWideBits, or
// maxTabBits while a wide table's part is compiled without it.
func (c *compiler[P]) tabMax() int {
	if c.narrow > 0 {
		return maxTabBits
	}
	return maxWideBits
}

// narrowTerm compiles e with tables of at most maxTabBits.
func (c *compiler[P]) narrowTerm(e lang.Expr, sc *dscope) (term[P], bool) {
	c.narrow++
	defer func() { c.narrow-- }()
	return c.dterm0(e, sc)
}

// tabLazy fills a table as it is read, whichever goroutines read it. A
// table of values (vals, at most 2^maxTabValBits entries) is filled whole
// at its first reading: its evaluators check ready first (one load). A
// table of conditions (bits) is filled a word of 64 entries at a time,
// the first time an entry of the word is read (fillWord). One game of bratko.al1 (al play) reads a few hundred words of
// its 33 tables of 2^18 entries; filling them whole cost that game 1.16
// G instructions, a thousand times what its search costs.
type tabLazy struct {
	ready atomic.Bool
	mu    sync.Mutex
	// fill fills entries lo to hi (excluded); size is how many there are.
	fill func(lo, hi int)
	size int
	// done: for a table of conditions, the words of bits filled (bit w
	// of done[w/64] for word w). A word is written, under mu, before its
	// bit is set, and read only after its bit is seen set.
	done []atomic.Uint64
}

// build fills a table of values unless it is filled.
func (l *tabLazy) build() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.ready.Load() {
		l.fill(0, l.size)
		l.ready.Store(true)
	}
}

// fillWord fills word w of a table of conditions unless it is filled.
// The evaluators test the word's bit in done before they read it (one
// load, one test: written out in each, a method would not be inlined):
//
//	if lz.done[w>>6].Load()>>(w&63)&1 == 0 {
//		lz.fillWord(w)
//	}
func (l *tabLazy) fillWord(w uint32) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d := &l.done[w>>6]
	if d.Load()&(1<<(w&63)) == 0 {
		lo := int(w) * 64
		l.fill(lo, min(lo+64, l.size))
		d.Or(1 << (w & 63))
	}
}

// tabIn is an input of a table at run time: how to read it, its width
// and its shift in the index.
type tabIn[P any] struct {
	l     leaf[P]
	w, sh uint8
}

// tabRead is an input of a table read at run time: a slot, a primitive
// of the position in place, or a closure; lim bounds the table's values
// (an input of none reads the constant 0).
type tabRead[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	ld      place // with eval: read in place when ld.op != 0 (place.go)
	fn      evalFn[P]
	ps      *primSlots[P]
	x, y, z int32
	lim     uint32
	kind    leafKind
	a, sh   uint8
}

func (x *tabRead[P]) get(r *regs[P]) uint32 {
	if x.kind == lSlot {
		return uint32(r.v[x.a&(maxVals-1)])
	}
	if x.eval != nil {
		//kb:placed pv142 x r
		var pv142 int32
		if x.ld.op != 0 {
			pv142 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
		} else {
			pv142 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
		}
		return uint32(pv142)
	}
	return uint32(x.fn(r))
}

// tabTerm is the evaluator of a table: bits for a condition, vals for a
// value; fb for an input outside the table.
func tabTerm[P any](ins []tabIn[P], bits []uint64, vals []int32, fb term[P], lz *tabLazy) term[P] {
	f := fb.fn
	allSlots, squares := true, true
	for _, x := range ins {
		allSlots = allSlots && x.l.kind == lSlot
		squares = squares && x.w == 6
	}
	if bits != nil && allSlots && squares && len(ins) <= 3 {
		// Squares in slots, the commonest table: the index is their
		// bits side by side, and one test finds nothing among them.
		var s [3]uint8
		for i, x := range ins {
			s[i] = x.l.a
		}
		s0, s1, s2 := s[0], s[1], s[2]
		switch len(ins) {
		case 1:
			return fnTerm(func(r *regs[P]) int32 {
				a := uint32(r.val(s0))
				if a >= 64 {
					return f(r)
				}
				wd := uint32(0)
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>a) & 1
			}, TBool, 0)
		case 2:
			return fnTerm(func(r *regs[P]) int32 {
				a, b := uint32(r.val(s0)), uint32(r.val(s1))
				if a|b >= 64 {
					return f(r)
				}
				wd := b & 63
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>a) & 1
			}, TBool, 0)
		case 3:
			return fnTerm(func(r *regs[P]) int32 {
				a, b, c := uint32(r.val(s0)), uint32(r.val(s1)), uint32(r.val(s2))
				if a|b|c >= 64 {
					return f(r)
				}
				wd := (b | c<<6) & 4095
				if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
					lz.fillWord(wd)
				}
				return int32(bits[wd]>>a) & 1
			}, TBool, 0)
		}
	}
	if bits != nil && allSlots && len(ins) <= 4 {
		// Slots of any widths (squares, sides, conditions).
		var s [4]uint8
		var lim [4]uint32
		var sh [4]uint8
		for i, x := range ins {
			s[i], lim[i], sh[i] = x.l.a, 1<<x.w, x.sh
		}
		n := len(ins)
		return fnTerm(func(r *regs[P]) int32 {
			i := uint32(0)
			for k := 0; k < n; k++ {
				v := uint32(r.v[s[k]&(maxVals-1)])
				if v >= lim[k] {
					return f(r)
				}
				i |= v << (sh[k] & 31)
			}
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	}
	if bits == nil && allSlots && len(ins) == 2 {
		// A table of values of two slots (box: the black king's and
		// the rook's squares computed on entry).
		s0, s1 := ins[0].l.a, ins[1].l.a
		l0, l1 := uint32(1)<<ins[0].w, uint32(1)<<ins[1].w
		h0, h1 := ins[0].sh&31, ins[1].sh&31
		mask := uint32(len(vals) - 1)
		return fnTerm(func(r *regs[P]) int32 {
			if !lz.ready.Load() {
				lz.build()
			}
			a, b := uint32(r.v[s0&(maxVals-1)]), uint32(r.v[s1&(maxVals-1)])
			if a >= l0 || b >= l1 {
				return f(r)
			}
			return vals[(a<<h0|b<<h1)&mask]
		}, TBool, 0)
	}
	// Any inputs: each read in place (a slot, a primitive of the
	// position) or by its closure, unrolled up to four.
	xs := make([]tabRead[P], max(4, len(ins)))
	for i, x := range ins {
		xs[i] = tabRead[P]{kind: x.l.kind, a: x.l.a, fn: x.l.fn, ps: x.l.ps, lim: 1 << x.w, sh: x.sh}
		if x.l.kind == lPrim {
			xs[i].eval, xs[i].x, xs[i].y, xs[i].z, xs[i].ld = x.l.eval, x.l.x, x.l.y, x.l.z, x.l.ld
		}
	}
	x0, x1, x2, x3 := xs[0], xs[1], xs[2], xs[3]
	if bits == nil && len(ins) == 2 {
		// A value of two inputs read in place (broom in P1: the black
		// king's square and the_rook's closure), get's switch written
		// out: the loop's two calls of get cost some 40 instructions.
		mask := uint32(len(vals) - 1)
		return fnTerm(func(r *regs[P]) int32 {
			if !lz.ready.Load() {
				lz.build()
			}
			var i uint32
			switch {
			case x0.kind == lSlot:
				i = uint32(r.v[x0.a&(maxVals-1)])
			case x0.eval != nil:
				//kb:placed pv143 x0 r
				var pv143 int32
				if x0.ld.op != 0 {
					pv143 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv143 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				i = uint32(pv143)
			default:
				i = uint32(x0.fn(r))
			}
			if i >= x0.lim {
				return f(r)
			}
			var v uint32
			switch {
			case x1.kind == lSlot:
				v = uint32(r.v[x1.a&(maxVals-1)])
			case x1.eval != nil:
				//kb:placed pv144 x1 r
				var pv144 int32
				if x1.ld.op != 0 {
					pv144 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv144 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v = uint32(pv144)
			default:
				v = uint32(x1.fn(r))
			}
			if v >= x1.lim {
				return f(r)
			}
			return vals[(i<<(x0.sh&31)|v<<(x1.sh&31))&mask]
		}, TBool, 0)
	}
	if bits == nil && len(ins) <= 4 {
		return fnTerm(func(r *regs[P]) int32 {
			if !lz.ready.Load() {
				lz.build()
			}
			i := uint32(0)
			for k := range xs[:len(ins)] {
				v := xs[k].get(r)
				if v >= xs[k].lim {
					return f(r)
				}
				i |= v << (xs[k].sh & 31)
			}
			return vals[i&uint32(len(vals)-1)]
		}, TBool, 0)
	}
	// The commonest mixes, by kind at compile time (no switch at run
	// time): a slot and a primitive (`pieces(white, rook) +
	// pieces(white, queen) = 0` with the rooks counted on entry), two
	// slots and a primitive (the rook's and the black king's squares on
	// entry, the white king's read).
	isSlot := func(x *tabRead[P]) bool { return x.kind == lSlot }
	isPrim := func(x *tabRead[P]) bool { return x.kind != lSlot && x.eval != nil }
	if bits != nil && len(ins) == 2 && isSlot(&xs[0]) && isPrim(&xs[1]) {
		s0, l0 := xs[0].a, xs[0].lim
		x1 := &xs[1]
		l1, h1 := xs[1].lim, xs[1].sh&31
		return fnTerm(func(r *regs[P]) int32 {
			i := uint32(r.v[s0&(maxVals-1)])
			if i >= l0 {
				return f(r)
			}
			//kb:placed pv145 x1 r
			var pv145 int32
			if x1.ld.op != 0 {
				pv145 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
			} else {
				pv145 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
			}
			v := uint32(pv145)
			if v >= l1 {
				return f(r)
			}
			i |= v << h1
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	}
	if bits != nil && len(ins) == 3 && isSlot(&xs[0]) && isSlot(&xs[1]) && isPrim(&xs[2]) {
		s0, l0, s1, l1, h1 := xs[0].a, xs[0].lim, xs[1].a, xs[1].lim, xs[1].sh&31
		x2 := &xs[2]
		l2, h2 := xs[2].lim, xs[2].sh&31
		return fnTerm(func(r *regs[P]) int32 {
			i, v := uint32(r.v[s0&(maxVals-1)]), uint32(r.v[s1&(maxVals-1)])
			if i >= l0 || v >= l1 {
				return f(r)
			}
			i |= v << h1
			//kb:placed pv146 x2 r
			var pv146 int32
			if x2.ld.op != 0 {
				pv146 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
			} else {
				pv146 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
			}
			w := uint32(pv146)
			if w >= l2 {
				return f(r)
			}
			i |= w << h2
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	}
	// Each input read in place (get's switch written out: Go does not
	// inline a function of two calls).
	switch len(ins) {
	case 1:
		return fnTerm(func(r *regs[P]) int32 {
			var i uint32
			switch {
			case x0.kind == lSlot:
				i = uint32(r.v[x0.a&(maxVals-1)])
			case x0.eval != nil:
				//kb:placed pv147 x0 r
				var pv147 int32
				if x0.ld.op != 0 {
					pv147 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv147 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				i = uint32(pv147)
			case x0.ps != nil:
				i = uint32(x0.ps.miss)
				if u, w := r.v[x0.ps.s0&(maxVals-1)], r.v[x0.ps.s1&(maxVals-1)]; u != None && w != None {
					i = uint32(x0.ps.eval(r.p[x0.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				i = uint32(x0.fn(r))
			}
			if i >= x0.lim {
				return f(r)
			}
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	case 2:
		return fnTerm(func(r *regs[P]) int32 {
			var i uint32
			switch {
			case x0.kind == lSlot:
				i = uint32(r.v[x0.a&(maxVals-1)])
			case x0.eval != nil:
				//kb:placed pv148 x0 r
				var pv148 int32
				if x0.ld.op != 0 {
					pv148 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv148 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				i = uint32(pv148)
			case x0.ps != nil:
				i = uint32(x0.ps.miss)
				if u, w := r.v[x0.ps.s0&(maxVals-1)], r.v[x0.ps.s1&(maxVals-1)]; u != None && w != None {
					i = uint32(x0.ps.eval(r.p[x0.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				i = uint32(x0.fn(r))
			}
			if i >= x0.lim {
				return f(r)
			}
			var v uint32
			switch {
			case x1.kind == lSlot:
				v = uint32(r.v[x1.a&(maxVals-1)])
			case x1.eval != nil:
				//kb:placed pv149 x1 r
				var pv149 int32
				if x1.ld.op != 0 {
					pv149 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv149 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v = uint32(pv149)
			case x1.ps != nil:
				v = uint32(x1.ps.miss)
				if u, w := r.v[x1.ps.s0&(maxVals-1)], r.v[x1.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x1.ps.eval(r.p[x1.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x1.fn(r))
			}
			if v >= x1.lim {
				return f(r)
			}
			i |= v << (x1.sh & 31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	case 3:
		return fnTerm(func(r *regs[P]) int32 {
			var i uint32
			switch {
			case x0.kind == lSlot:
				i = uint32(r.v[x0.a&(maxVals-1)])
			case x0.eval != nil:
				//kb:placed pv150 x0 r
				var pv150 int32
				if x0.ld.op != 0 {
					pv150 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv150 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				i = uint32(pv150)
			case x0.ps != nil:
				i = uint32(x0.ps.miss)
				if u, w := r.v[x0.ps.s0&(maxVals-1)], r.v[x0.ps.s1&(maxVals-1)]; u != None && w != None {
					i = uint32(x0.ps.eval(r.p[x0.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				i = uint32(x0.fn(r))
			}
			if i >= x0.lim {
				return f(r)
			}
			var v uint32
			switch {
			case x1.kind == lSlot:
				v = uint32(r.v[x1.a&(maxVals-1)])
			case x1.eval != nil:
				//kb:placed pv151 x1 r
				var pv151 int32
				if x1.ld.op != 0 {
					pv151 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv151 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v = uint32(pv151)
			case x1.ps != nil:
				v = uint32(x1.ps.miss)
				if u, w := r.v[x1.ps.s0&(maxVals-1)], r.v[x1.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x1.ps.eval(r.p[x1.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x1.fn(r))
			}
			if v >= x1.lim {
				return f(r)
			}
			i |= v << (x1.sh & 31)
			switch {
			case x2.kind == lSlot:
				v = uint32(r.v[x2.a&(maxVals-1)])
			case x2.eval != nil:
				//kb:placed pv152 x2 r
				var pv152 int32
				if x2.ld.op != 0 {
					pv152 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv152 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v = uint32(pv152)
			case x2.ps != nil:
				v = uint32(x2.ps.miss)
				if u, w := r.v[x2.ps.s0&(maxVals-1)], r.v[x2.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x2.ps.eval(r.p[x2.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x2.fn(r))
			}
			if v >= x2.lim {
				return f(r)
			}
			i |= v << (x2.sh & 31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	case 4:
		return fnTerm(func(r *regs[P]) int32 {
			var i uint32
			switch {
			case x0.kind == lSlot:
				i = uint32(r.v[x0.a&(maxVals-1)])
			case x0.eval != nil:
				//kb:placed pv153 x0 r
				var pv153 int32
				if x0.ld.op != 0 {
					pv153 = x0.ld.get(unsafe.Pointer(r.p[x0.a&(maxSlots-1)]))
				} else {
					pv153 = x0.eval(r.p[x0.a&(maxSlots-1)], nil, x0.x, x0.y, x0.z)
				}
				i = uint32(pv153)
			case x0.ps != nil:
				i = uint32(x0.ps.miss)
				if u, w := r.v[x0.ps.s0&(maxVals-1)], r.v[x0.ps.s1&(maxVals-1)]; u != None && w != None {
					i = uint32(x0.ps.eval(r.p[x0.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				i = uint32(x0.fn(r))
			}
			if i >= x0.lim {
				return f(r)
			}
			var v uint32
			switch {
			case x1.kind == lSlot:
				v = uint32(r.v[x1.a&(maxVals-1)])
			case x1.eval != nil:
				//kb:placed pv154 x1 r
				var pv154 int32
				if x1.ld.op != 0 {
					pv154 = x1.ld.get(unsafe.Pointer(r.p[x1.a&(maxSlots-1)]))
				} else {
					pv154 = x1.eval(r.p[x1.a&(maxSlots-1)], nil, x1.x, x1.y, x1.z)
				}
				v = uint32(pv154)
			case x1.ps != nil:
				v = uint32(x1.ps.miss)
				if u, w := r.v[x1.ps.s0&(maxVals-1)], r.v[x1.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x1.ps.eval(r.p[x1.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x1.fn(r))
			}
			if v >= x1.lim {
				return f(r)
			}
			i |= v << (x1.sh & 31)
			switch {
			case x2.kind == lSlot:
				v = uint32(r.v[x2.a&(maxVals-1)])
			case x2.eval != nil:
				//kb:placed pv155 x2 r
				var pv155 int32
				if x2.ld.op != 0 {
					pv155 = x2.ld.get(unsafe.Pointer(r.p[x2.a&(maxSlots-1)]))
				} else {
					pv155 = x2.eval(r.p[x2.a&(maxSlots-1)], nil, x2.x, x2.y, x2.z)
				}
				v = uint32(pv155)
			case x2.ps != nil:
				v = uint32(x2.ps.miss)
				if u, w := r.v[x2.ps.s0&(maxVals-1)], r.v[x2.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x2.ps.eval(r.p[x2.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x2.fn(r))
			}
			if v >= x2.lim {
				return f(r)
			}
			i |= v << (x2.sh & 31)
			switch {
			case x3.kind == lSlot:
				v = uint32(r.v[x3.a&(maxVals-1)])
			case x3.eval != nil:
				//kb:placed pv156 x3 r
				var pv156 int32
				if x3.ld.op != 0 {
					pv156 = x3.ld.get(unsafe.Pointer(r.p[x3.a&(maxSlots-1)]))
				} else {
					pv156 = x3.eval(r.p[x3.a&(maxSlots-1)], nil, x3.x, x3.y, x3.z)
				}
				v = uint32(pv156)
			case x3.ps != nil:
				v = uint32(x3.ps.miss)
				if u, w := r.v[x3.ps.s0&(maxVals-1)], r.v[x3.ps.s1&(maxVals-1)]; u != None && w != None {
					v = uint32(x3.ps.eval(r.p[x3.ps.a&(maxSlots-1)], nil, u, w, 0))
				}
			default:
				v = uint32(x3.fn(r))
			}
			if v >= x3.lim {
				return f(r)
			}
			i |= v << (x3.sh & 31)
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}, TBool, 0)
	}
	return fnTerm(func(r *regs[P]) int32 {
		i := uint32(0)
		for k := range ins {
			x := &ins[k]
			v := uint32(x.l.get(r))
			if v>>(x.w&31) != 0 {
				return f(r)
			}
			i |= v << (x.sh & 31)
		}
		if bits != nil {
			wd := i >> 6
			if lz.done[wd>>6].Load()>>(wd&63)&1 == 0 {
				lz.fillWord(wd)
			}
			return int32(bits[wd]>>(i&63)) & 1
		}
		return vals[i&uint32(len(vals)-1)]
	}, TBool, 0)
}

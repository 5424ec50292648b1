package kb

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/advicelang/al/lang"
)

// Definitions (`define NAME(PARAMS) = TERM`): a knowledge base's own
// predicates, relations and measures, written over the primitives of the
// library (Func, Constant, the library's predicates and the legal moves).
// Each definition is checked (names, types, arities, cycles, cost) and
// compiled once, at load time, into a tree of Go closures over
// pre-resolved slots: evaluating it walks no AST and allocates nothing
// (move quantifiers take their buffers from a pool). A definition that is
// boolean and takes only positions is a predicate like the library's, and
// formulas use it unchanged.

// Type is a type of the definition language.
type Type uint8

const (
	TBool     Type = iota // true or false
	TInt                  // a 32-bit integer
	TSquare               // a square of the board
	TSide                 // white or black
	TPiece                // a kind of piece
	TPosition             // a position (parameters and move variables only)
)

var typeNames = [...]string{TBool: "bool", TInt: "int", TSquare: "square", TSide: "side", TPiece: "piece", TPosition: "position"}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// typeNamed returns the value type a parameter declaration names.
func typeNamed(name string) (Type, bool) {
	for t, n := range typeNames {
		if n == name && Type(t) != TPosition {
			return Type(t), true
		}
	}
	return 0, false
}

// None is nothing: the value of a square-valued primitive about an absent
// piece, of arithmetic on nothing, of a division by zero. Every comparison
// with nothing is false; a primitive given nothing gives nothing (false
// when it is a condition).
const None int32 = math.MinInt32

// The values of the sides.
const (
	White int32 = 0
	Black int32 = 1
)

// maxSlots is how many positions can be in scope in a definition at once
// (parameters and move variables), and maxVals how many values
// (parameters, quantified squares, and the subterms computed once).
const (
	maxSlots = 4
	maxVals  = 8
)

// maxCost bounds the work of one evaluation of a definition, in units of
// one node evaluated, counting a square quantifier as 64 evaluations of its
// body, a move quantifier as the most legal moves a position can have
// (moveDomain: 256, or fewer in a base that declares its endgames, see
// endgameMoves) and a call as the work of the definition called. A
// definition that could cost more (quantifiers nested too deeply,
// definitions that call definitions twice over many levels) is refused:
// it could run for minutes per position.
const maxCost = 1 << 22

// Domain sizes of the quantifiers, for the cost: moveDomain is a move
// quantifier's where the base does not say its endgame (no chess position
// has more than 218 legal moves).
const (
	squareDomain = 64
	moveDomain   = 256
)

// domainWhy says where a move quantifier's count in the cost comes from.
func (c *compiler[P]) domainWhy() string {
	if c.moveDomain < moveDomain {
		return ", the most legal moves in the base's endgames"
	}
	if len(c.base.Endgames) == 0 && len(c.lib.pieceLetters) > 0 && len(c.lib.pieceMoves) == len(c.lib.pieceLetters) {
		return "; declaring the base's endgame, such as `endgame KRK`, counts its men's moves instead"
	}
	return ""
}

// endgameMoves is the cost of a move quantifier in the base: the most
// legal moves a position of its declared endgames can have, the larger of
// the two sides' sums of their men's most moves (Library.SetPieceMoves:
// in KRK 8 for the black king, 8 + 14 for White), since a quantifier's
// side to move is not known when it is compiled; moveDomain when the base
// declares no endgame or the library gives no men's moves. The men of a
// position the search reaches are those of the start or fewer (a capture),
// or a pawn's promotion, which the pawn's count includes.
func (c *compiler[P]) endgameMoves() int64 {
	lib := c.lib
	if len(c.base.Endgames) == 0 || len(lib.pieceMoves) != len(lib.pieceLetters) {
		return moveDomain
	}
	most := 0
	for _, m := range c.base.Endgames {
		for _, side := range []string{m.White, m.Black} {
			n := 0
			for _, l := range side {
				n += lib.pieceMoves[strings.IndexRune(lib.pieceLetters, l)]
			}
			most = max(most, n)
		}
	}
	return int64(min(most, moveDomain))
}

// regs are the slots of one evaluation of a definition: the positions and
// the values in scope, and the cache of a formula's evaluation. An
// evaluation's regs live on the stack of its entry (a predicate's call, a
// formula's, Eval) and the compiled closures are passed a pointer to them
// (see enter); a definition called gets a copy of its own.
type regs[P any] struct {
	p [maxSlots]*P
	v [maxVals]int32
	// m is the cache of values per position of a formula's evaluation
	// (cache.go; nil outside formulas, or when the caller has none).
	m *Cache
}

func (r *regs[P]) pos(i uint8) *P          { return r.p[i&(maxSlots-1)] }
func (r *regs[P]) setPos(i uint8, p *P)    { r.p[i&(maxSlots-1)] = p }
func (r *regs[P]) val(i uint8) int32       { return r.v[i&(maxVals-1)] }
func (r *regs[P]) setVal(i uint8, v int32) { r.v[i&(maxVals-1)] = v }

// enter evaluates fn on r, which is on the caller's stack. The closures a
// definition compiles into keep no pointer to their regs beyond the call,
// so r is hidden from escape analysis (as the runtime's noescape hides a
// pointer), and an evaluation allocates nothing.
func enter[P any](fn evalFn[P], r *regs[P]) int32 {
	u := *(*uintptr)(unsafe.Pointer(&r))
	return fn(*(**regs[P])(unsafe.Pointer(&u)))
}

// evalFn is a compiled term: booleans are 0 and 1.
type evalFn[P any] func(r *regs[P]) int32

// Param is a parameter of a definition.
type Param struct {
	Name string
	Type Type // TPosition for a position
}

// Definition is a compiled definition.
type Definition[P any] struct {
	Name string
	Doc  string // its doc comment
	Pos  lang.Pos
	// Params are its parameters as written; a definition without position
	// parameters reads one position, the one it is used in.
	Params []Param
	Result Type
	// Text is the definition as written, in canonical form.
	Text string

	fn   evalFn[P]
	cost int64
	// inline is the body of a definition without parameters that is
	// cheap and has no quantifier: its callers compile it in place (what
	// it computes twice, they compute once).
	inline lang.Expr
	// body is the definition's body, for formulas that compile it in
	// place (fcompile.go) when it does not loop (has no quantifier, nor
	// calls a definition that has one).
	body      lang.Expr
	loops     bool
	writes    bool // its evaluation writes slots (quantifiers, values computed on entry)
	positions int  // positions it reads: its position parameters, or 1
	values    []Type
	pred      *Predicate[P] // when it is a predicate or relation
	// names resolves the names its body calls (move tests, movetest.go).
	names *defNames[P]
}

// Kind says how formulas see the definition: "position" or "relation"
// for a predicate, else "measure" (an integer, square, side or kind of
// piece) or "function" (it takes values).
func (d *Definition[P]) Kind() string {
	switch {
	case len(d.values) > 0:
		return "function"
	case d.Result != TBool:
		return "measure"
	case d.positions == 2:
		return "relation"
	}
	return "position"
}

// Predicate returns the definition as a predicate of the library's kind
// (nil when it is not boolean or takes values or more than two positions).
func (d *Definition[P]) Predicate() *Predicate[P] { return d.pred }

// Signature prints the definition's parameters and result: `(P1, P2) bool`,
// `(s: square) int`.
func (d *Definition[P]) Signature() string {
	ps := make([]string, len(d.Params))
	for i, p := range d.Params {
		if p.Type == TPosition {
			ps[i] = p.Name
		} else {
			ps[i] = p.Name + ": " + p.Type.String()
		}
	}
	s := ""
	if len(ps) > 0 {
		s = "(" + strings.Join(ps, ", ") + ") "
	}
	return s + d.Result.String()
}

// Eval evaluates a definition that takes no values, on its positions (one
// or two), and returns its value (0 or 1 for a boolean; None for nothing).
func (d *Definition[P]) Eval(ps ...*P) int32 {
	var r regs[P]
	for i, p := range ps {
		if i < maxSlots {
			r.setPos(uint8(i), p)
		}
	}
	return enter(d.fn, &r)
}

// dvar is a variable in scope: a parameter or a quantified variable.
type dvar struct {
	name  string
	isPos bool
	slot  uint8
	typ   Type
	bound bool // bound by a quantifier (not a parameter)
}

// dscope is what a term is compiled in: the variables in scope (innermost
// last) and the slot of the default position.
type dscope struct {
	vars       []dvar
	npos, nval uint8
	def        uint8
	defBound   bool   // the default position is a move variable
	where      string // "definition NAME", for messages
}

func (s *dscope) lookup(name string) (dvar, bool) {
	for i := len(s.vars) - 1; i >= 0; i-- {
		if s.vars[i].name == name {
			return s.vars[i], true
		}
	}
	return dvar{}, false
}

// term is a compiled term: its evaluator, type and cost, and how to read
// it in place when it is cheap (leaf.go).
type term[P any] struct {
	fn   evalFn[P]
	typ  Type
	cost int64
	leaf leaf[P]
	// tabbed: a pure primitive read from a table (as cheap as its
	// arguments).
	tabbed bool
	// jparts: a junction's operands, read in order until one is jstop
	// (implications too, as ~A | B); usesHoist: the term reads a subterm
	// computed on entry (set on junctions' operands). So the operands
	// before the first that reads one are evaluated before the entry's
	// computation (see hoist): `black_to_move & ...` costs nothing more
	// when White is to move.
	jparts    []term[P]
	jstop     int32
	usesHoist bool
	// tab: a table's inputs and bits (tab.go), for the computation on
	// entry to read it in place (fused.go).
	tab *tabInfo[P]
	// looked: the term is one table lookup, with the computation on
	// entry of its inputs: its cost is that of the expression the table
	// stands for, not of reading it, so no cache is worth it (cache.go).
	looked bool
}

// hoistUses counts the reads of hoisted slots compiled so far.
func (c *compiler[P]) hoistUses() int {
	if c.cse == nil {
		return 0
	}
	return c.cse.used
}

func slotTerm[P any](slot uint8, t Type) term[P] {
	return leafTerm(leaf[P]{kind: lSlot, a: slot}, t, 1)
}

func constTerm[P any](t Type, v int32) term[P] {
	return leafTerm(leaf[P]{kind: lConst, c: v}, t, 1)
}

func addCost(a, b int64) int64 { return min(a+b, maxCost*2) }
func mulCost(a, b int64) int64 {
	if a > 0 && b > (maxCost*2)/a {
		return maxCost * 2
	}
	return min(a*b, maxCost*2)
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// walkExpr calls visit on e and every expression inside it, parents
// first.
func walkExpr(e lang.Expr, visit func(lang.Expr)) {
	visit(e)
	switch e := e.(type) {
	case *lang.Call:
		for _, a := range e.Args {
			walkExpr(a, visit)
		}
	case *lang.Not:
		walkExpr(e.X, visit)
	case *lang.Neg:
		walkExpr(e.X, visit)
	case *lang.Binary:
		walkExpr(e.L, visit)
		walkExpr(e.R, visit)
	case *lang.Compare:
		for _, x := range e.Xs {
			walkExpr(x, visit)
		}
	case *lang.In:
		walkExpr(e.X, visit)
	case *lang.Quant:
		walkExpr(e.Body, visit)
	case *lang.Cond:
		walkExpr(e.If, visit)
		walkExpr(e.Then, visit)
		walkExpr(e.Else, visit)
	}
}

// defRefs lists the names a definition's body calls (for the cycle check).
func defRefs(e lang.Expr) []string {
	var out []string
	walkExpr(e, func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Call:
			out = append(out, e.Name)
		case *lang.PieceSq:
			out = append(out, e.Kind.Name)
		}
	})
	return out
}

// loops reports whether a definition's body has a quantifier, or calls a
// definition that has one.
func (c *compiler[P]) loops(e lang.Expr) bool {
	found := false
	walkExpr(e, func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Quant:
			found = true
		case *lang.Call:
			if x, ok := c.decls[e.Name]; ok && x.compiled != nil && x.compiled.loops {
				found = true
			}
		}
	})
	return found
}

// compileDefinitions checks and compiles every definition, callees before
// callers; a definition in a cycle is reported and not compiled.
func (c *compiler[P]) compileDefinitions() {
	c.visitCycles(
		func(x *declared[P]) bool { return x.define != nil },
		func(x *declared[P]) []string { return defRefs(x.define.Body.X) },
		func(y *declared[P], name, cycle string) {
			c.errorf(y.pos, "definition %s refers to itself: %s (definitions cannot be recursive)", name, cycle)
		},
		func(x *declared[P]) {
			if !x.cyclic {
				c.compileDefinition(x)
			}
		})
}

// compileDefinition checks and compiles one definition whose callees are
// compiled (or known bad).
func (c *compiler[P]) compileDefinition(x *declared[P]) {
	d := x.define
	def := &Definition[P]{Name: d.Name, Doc: d.Doc, Pos: d.Pos}
	sc := &dscope{where: "definition " + d.Name}
	ok := true
	if d.Params != nil {
		seen := map[string]bool{}
		for _, p := range d.Params.List {
			if seen[p.Name] {
				c.errorf(p.Pos, "definition %s names parameter %s twice", d.Name, p.Name)
				ok = false
				continue
			}
			seen[p.Name] = true
			if p.Type == nil {
				if sc.npos == 2 {
					c.errorf(p.Pos, "definition %s has more than two position parameters; a definition reads one position or compares two", d.Name)
					ok = false
					continue
				}
				sc.vars = append(sc.vars, dvar{name: p.Name, isPos: true, slot: sc.npos, typ: TPosition})
				sc.npos++
				def.Params = append(def.Params, Param{Name: p.Name, Type: TPosition})
				continue
			}
			t, good := typeNamed(p.Type.Name)
			if !good {
				c.errorf(p.Type.Pos, "unknown type %s of parameter %s (the types are square, int, bool, side and piece; a parameter without a type is a position)%s", p.Type.Name, p.Name, c.suggest(p.Type.Name, []string{"square", "int", "bool", "side", "piece"}))
				ok = false
				continue
			}
			if int(sc.nval) == maxVals {
				c.errorf(p.Pos, "definition %s has more than %d value parameters", d.Name, maxVals)
				ok = false
				continue
			}
			sc.vars = append(sc.vars, dvar{name: p.Name, slot: sc.nval, typ: t})
			sc.nval++
			def.Params = append(def.Params, Param{Name: p.Name, Type: t})
			def.values = append(def.values, t)
		}
	}
	def.positions = int(sc.npos)
	if sc.npos == 0 {
		def.positions = 1
		sc.npos = 1 // the implicit position, slot 0
	} else {
		sc.def = sc.npos - 1 // the last position parameter, as for patterns
	}
	if !ok {
		c.markBad(d.Name)
		return
	}
	c.cse = newCSE[P](sc.nval)
	t, good := c.dterm(d.Body.X, sc)
	if !good {
		c.cse = nil
		c.markBad(d.Name)
		return
	}
	t = c.hoist(func(sc *dscope) (term[P], bool) { return c.dterm(d.Body.X, sc) }, sc, t)
	def.writes = c.cse.hoist != nil
	walkExpr(d.Body.X, func(e lang.Expr) {
		if _, ok := e.(*lang.Quant); ok {
			def.writes = true
		}
	})
	c.cse = nil
	def.loops = c.loops(d.Body.X)
	if !def.loops && len(def.Params) == 0 && t.cost <= inlineCost {
		def.inline = d.Body.X
	}
	if t.cost > maxCost {
		c.errorf(d.Pos, "definition %s could take too long: its quantifiers and calls evaluate its parts %s times per position (at most %d; a square quantifier counts 64, a move quantifier %d%s)", d.Name, costText(t.cost), maxCost, c.moveDomain, c.domainWhy())
		c.markBad(d.Name)
		return
	}
	def.Result, def.fn, def.cost, def.body = t.typ, t.fn, t.cost, d.Body.X
	def.Text = strings.TrimPrefix(lang.ExprString(d.Body.X), "")
	if def.Result == TBool && len(def.values) == 0 {
		fn := def.fn
		if def.positions == 2 {
			def.pred = &Predicate[P]{Name: d.Name, Kind: RelationKind, Doc: d.Doc, Rel: func(a, b *P) bool {
				r := regs[P]{p: [maxSlots]*P{a, b}}
				return enter(fn, &r) != 0
			}}
		} else {
			def.pred = &Predicate[P]{Name: d.Name, Kind: PositionKind, Doc: d.Doc, Pos: func(p *P) bool {
				r := regs[P]{p: [maxSlots]*P{p}}
				return enter(fn, &r) != 0
			}}
		}
	}
	if c.names == nil {
		c.names = &defNames[P]{lib: c.lib, defs: map[string]*Definition[P]{}}
	}
	def.names = c.names
	c.names.defs[d.Name] = def
	if def.pred != nil {
		def.pred.def = def
		if c.defOf == nil {
			c.defOf = map[*Predicate[P]]*Definition[P]{}
		}
		c.defOf[def.pred] = def
	}
	x.compiled = def
	c.base.Definitions = append(c.base.Definitions, def)
	c.base.byName["definition:"+d.Name] = def
}

// hoist compiles the body (a definition's, or a formula's) again with
// its repeated subterms (see cse) evaluated once, on entry, into the
// value slots the body leaves free.
func (c *compiler[P]) hoist(body func(*dscope) (term[P], bool), sc *dscope, t term[P]) term[P] {
	h := c.cse
	free := int(maxVals) - int(h.maxVal)
	var keys []string
	for _, k := range h.order {
		if h.count[k] >= 2 && !h.covered(k) && !c.rootCovered(k) {
			keys = append(keys, k)
		}
	}
	if free <= 0 || len(keys) == 0 {
		// Nothing to compute on entry: compile it again only for its
		// tables (tab.go), which the first compilation does not make.
		h.second, h.hoist = true, map[string]uint8{}
		nt, ok := body(sc)
		if !ok {
			return t
		}
		nt.cost = t.cost
		return nt
	}
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		return int64(h.count[a]-1)*h.first[a].cost > int64(h.count[b]-1)*h.first[b].cost
	})
	if len(keys) > free {
		keys = keys[:free]
	}
	// Keep the order of first occurrence: a later key may use an earlier.
	sort.SliceStable(keys, func(i, j int) bool { return slices.Index(h.order, keys[i]) < slices.Index(h.order, keys[j]) })
	h.second = true
	h.hoist = map[string]uint8{}
	items := make([]leaf[P], len(keys))
	base := sc.nval
	// itemReads[i]: the reads of each slot that item i's own
	// computation makes.
	itemReads := make([][maxVals]int, len(keys))
	for i, k := range keys {
		before := h.reads
		// Each subterm is compiled with the earlier ones in their slots,
		// and with the hoisted slots taken: what it
		// computes into slots of its own (inlinedValues) goes above them.
		n := h.node[k]
		nsc := n.sc
		nsc.nval = max(nsc.nval, base+uint8(len(keys)))
		ft, ok := c.callCached(n.e, &nsc)
		if !ok {
			ft = h.first[k]
		}
		items[i] = ft.leaf
		h.hoist[k] = base + uint8(i)
		for s := range h.reads {
			itemReads[i][s] = h.reads[s] - before[s]
		}
	}
	inner := *sc
	inner.nval = base + uint8(len(keys))
	before := h.reads
	nt, ok := body(&inner)
	if !ok {
		return t // cannot happen: the body compiled once already
	}
	// An item nothing reads (a table reads its inputs instead:
	// unhoisted) is not computed; the last first, as a later item may
	// read an earlier one.
	var live [maxVals]int
	for s := range h.reads {
		live[s] = h.reads[s] - before[s]
	}
	keep := make([]bool, len(items))
	for i := len(items) - 1; i >= 0; i-- {
		if keep[i] = live[base+uint8(i)] > 0; keep[i] {
			for s := range live {
				live[s] += itemReads[i][s]
			}
		}
	}
	var kept []leaf[P]
	var slots []uint8
	for i := range items {
		if keep[i] {
			kept, slots = append(kept, items[i]), append(slots, base+uint8(i))
		}
	}
	if len(kept) == 0 {
		nt.cost = t.cost
		return nt
	}
	items = kept
	out := placeEntry(nt, func(t term[P]) term[P] { return entryTerm(t, items, slots) },
		func(t term[P], g *primCond[P], stop int32) (term[P], bool) {
			return guardedEntry(t, items, slots, g, stop)
		})
	out.cost = t.cost
	return out
}

// placeEntry puts the computation on entry (wrap) as deep in t as it can:
// into the one operand of a junction that reads hoisted subterms, level
// after level (rooklost's `... | side_to_move = black & dist(the_rook,
// black king) = 1 & ...` computes the_rook only when Black is to move).
//
// A junction of two operands whose first is a range test of a primitive
// and whose second alone reads them (`pieces(white, pawn) = 1 & T`, T a
// table of the hoisted squares) is one closure when guarded can fuse it
// (fused.go: the test, the computation on entry and the table's lookup).
func placeEntry[P any](t term[P], wrap func(term[P]) term[P], guarded func(term[P], *primCond[P], int32) (term[P], bool)) term[P] {
	if len(t.jparts) > 1 {
		at, n := -1, 0
		for i, p := range t.jparts {
			if p.usesHoist {
				at, n = i, n+1
			}
		}
		if n == 1 && at == 1 && len(t.jparts) == 2 && t.jparts[0].leaf.cond != nil && guarded != nil {
			if out, ok := guarded(t.jparts[1], t.jparts[0].leaf.cond, t.jstop); ok {
				out.cost = t.cost
				return out
			}
		}
		if n == 1 {
			parts := slices.Clone(t.jparts)
			parts[at] = placeEntry(parts[at], wrap, guarded)
			out := junctionFn(t.jstop, parts, t.cost)
			out.jparts, out.jstop, out.usesHoist = parts, t.jstop, true
			return out
		}
	}
	return wrap(t)
}

// entryTerm is t with the hoisted subterms (items, each into its slot)
// computed on entry, after the operands of t that read none of
// them, when t is a junction.
func entryTerm[P any](t term[P], items []leaf[P], slots []uint8) term[P] {
	bf := t.fn
	var guards []evalFn[P]
	stop := t.jstop
	if k := leadingFree(t.jparts); k > 0 && k < len(t.jparts) {
		for _, g := range t.jparts[:k] {
			guards = append(guards, g.fn)
		}
		if rest := t.jparts[k:]; len(rest) == 1 {
			bf = rest[0].fn
		} else {
			bf = junctionFn(stop, rest, t.cost).fn
		}
	}
	its := entryItems(items, slots)
	allPrim := len(guards) == 0
	for _, it := range its {
		allPrim = allPrim && it.eval != nil
	}
	var fn evalFn[P]
	if len(guards) == 0 {
		// The whole of t is a table of the items (divides): read in
		// the same closure.
		if tf, ok := entryTable(t.tab, its, nil, 0); ok {
			out := fnTerm(tf, t.typ, t.cost)
			out.usesHoist, out.looked = true, true
			return out
		}
	}
	switch {
	case allPrim && len(its) == 2:
		// The squares of two pieces, the commonest: called in place.
		it := (*[2]entryItem[P])(its)
		fn = func(r *regs[P]) int32 {
			//kb:placed pv1 it[0] r
			var pv1 int32
			if it[0].ld.op != 0 {
				pv1 = it[0].ld.get(unsafe.Pointer(r.p[it[0].a&(maxSlots-1)]))
			} else {
				pv1 = it[0].eval(r.p[it[0].a&(maxSlots-1)], nil, it[0].x, it[0].y, it[0].z)
			}
			r.setVal(it[0].slot, pv1)
			//kb:placed pv2 it[1] r
			var pv2 int32
			if it[1].ld.op != 0 {
				pv2 = it[1].ld.get(unsafe.Pointer(r.p[it[1].a&(maxSlots-1)]))
			} else {
				pv2 = it[1].eval(r.p[it[1].a&(maxSlots-1)], nil, it[1].x, it[1].y, it[1].z)
			}
			r.setVal(it[1].slot, pv2)
			return bf(r)
		}
	case allPrim && len(its) == 3:
		it := (*[3]entryItem[P])(its)
		fn = func(r *regs[P]) int32 {
			//kb:placed pv3 it[0] r
			var pv3 int32
			if it[0].ld.op != 0 {
				pv3 = it[0].ld.get(unsafe.Pointer(r.p[it[0].a&(maxSlots-1)]))
			} else {
				pv3 = it[0].eval(r.p[it[0].a&(maxSlots-1)], nil, it[0].x, it[0].y, it[0].z)
			}
			r.setVal(it[0].slot, pv3)
			//kb:placed pv4 it[1] r
			var pv4 int32
			if it[1].ld.op != 0 {
				pv4 = it[1].ld.get(unsafe.Pointer(r.p[it[1].a&(maxSlots-1)]))
			} else {
				pv4 = it[1].eval(r.p[it[1].a&(maxSlots-1)], nil, it[1].x, it[1].y, it[1].z)
			}
			r.setVal(it[1].slot, pv4)
			//kb:placed pv5 it[2] r
			var pv5 int32
			if it[2].ld.op != 0 {
				pv5 = it[2].ld.get(unsafe.Pointer(r.p[it[2].a&(maxSlots-1)]))
			} else {
				pv5 = it[2].eval(r.p[it[2].a&(maxSlots-1)], nil, it[2].x, it[2].y, it[2].z)
			}
			r.setVal(it[2].slot, pv5)
			return bf(r)
		}
	case len(guards) == 0 && len(its) == 1:
		it := &its[0]
		fn = func(r *regs[P]) int32 {
			if it.eval != nil {
				//kb:placed pv6 it r
				var pv6 int32
				if it.ld.op != 0 {
					pv6 = it.ld.get(unsafe.Pointer(r.p[it.a&(maxSlots-1)]))
				} else {
					pv6 = it.eval(r.p[it.a&(maxSlots-1)], nil, it.x, it.y, it.z)
				}
				r.setVal(it.slot, pv6)
			} else {
				r.setVal(it.slot, it.fn(r))
			}
			return bf(r)
		}
	case len(guards) == 0 && len(its) == 2:
		// As for three items (below), set in place.
		it := (*[2]entryItem[P])(its)
		fn = func(r *regs[P]) int32 {
			if it[0].eval != nil {
				//kb:placed pv7 it[0] r
				var pv7 int32
				if it[0].ld.op != 0 {
					pv7 = it[0].ld.get(unsafe.Pointer(r.p[it[0].a&(maxSlots-1)]))
				} else {
					pv7 = it[0].eval(r.p[it[0].a&(maxSlots-1)], nil, it[0].x, it[0].y, it[0].z)
				}
				r.setVal(it[0].slot, pv7)
			} else {
				r.setVal(it[0].slot, it[0].fn(r))
			}
			if it[1].eval != nil {
				//kb:placed pv8 it[1] r
				var pv8 int32
				if it[1].ld.op != 0 {
					pv8 = it[1].ld.get(unsafe.Pointer(r.p[it[1].a&(maxSlots-1)]))
				} else {
					pv8 = it[1].eval(r.p[it[1].a&(maxSlots-1)], nil, it[1].x, it[1].y, it[1].z)
				}
				r.setVal(it[1].slot, pv8)
			} else {
				r.setVal(it[1].slot, it[1].fn(r))
			}
			return bf(r)
		}
	case len(guards) == 0 && len(its) == 3:
		// Read through a pointer where they are used: captured one by
		// one, the items' 21 fields were loaded and spilled to the
		// stack on every entry (the calls between them clobber every
		// register), some 40 instructions of a call.
		it := (*[3]entryItem[P])(its)
		fn = func(r *regs[P]) int32 {
			if it[0].eval != nil {
				//kb:placed pv9 it[0] r
				var pv9 int32
				if it[0].ld.op != 0 {
					pv9 = it[0].ld.get(unsafe.Pointer(r.p[it[0].a&(maxSlots-1)]))
				} else {
					pv9 = it[0].eval(r.p[it[0].a&(maxSlots-1)], nil, it[0].x, it[0].y, it[0].z)
				}
				r.setVal(it[0].slot, pv9)
			} else if f := it[0].sif; f != nil {
				p := &f.e
				if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
					p = &f.t
				}
				//kb:placed pv10 p r
				var pv10 int32
				if p.ld.op != 0 {
					pv10 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
				} else {
					pv10 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
				}
				r.setVal(it[0].slot, pv10)
			} else {
				r.setVal(it[0].slot, it[0].fn(r))
			}
			if it[1].eval != nil {
				//kb:placed pv11 it[1] r
				var pv11 int32
				if it[1].ld.op != 0 {
					pv11 = it[1].ld.get(unsafe.Pointer(r.p[it[1].a&(maxSlots-1)]))
				} else {
					pv11 = it[1].eval(r.p[it[1].a&(maxSlots-1)], nil, it[1].x, it[1].y, it[1].z)
				}
				r.setVal(it[1].slot, pv11)
			} else if f := it[1].sif; f != nil {
				p := &f.e
				if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
					p = &f.t
				}
				//kb:placed pv12 p r
				var pv12 int32
				if p.ld.op != 0 {
					pv12 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
				} else {
					pv12 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
				}
				r.setVal(it[1].slot, pv12)
			} else {
				r.setVal(it[1].slot, it[1].fn(r))
			}
			if it[2].eval != nil {
				//kb:placed pv13 it[2] r
				var pv13 int32
				if it[2].ld.op != 0 {
					pv13 = it[2].ld.get(unsafe.Pointer(r.p[it[2].a&(maxSlots-1)]))
				} else {
					pv13 = it[2].eval(r.p[it[2].a&(maxSlots-1)], nil, it[2].x, it[2].y, it[2].z)
				}
				r.setVal(it[2].slot, pv13)
			} else if f := it[2].sif; f != nil {
				p := &f.e
				if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
					p = &f.t
				}
				//kb:placed pv14 p r
				var pv14 int32
				if p.ld.op != 0 {
					pv14 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
				} else {
					pv14 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
				}
				r.setVal(it[2].slot, pv14)
			} else {
				r.setVal(it[2].slot, it[2].fn(r))
			}
			return bf(r)
		}
	case len(guards) <= 1 && len(its) <= 4:
		// A guard at most (`black_to_move & ...`: a predicate called in
		// place) and four items, each computed in place (a primitive,
		// or the_rook's primitive or else another): the loop below
		// costs some 100 instructions more a call.
		var g evalFn[P]
		var gp func(*P) bool
		var ga uint8
		if len(guards) == 1 {
			if l := &t.jparts[0].leaf; l.pp != nil {
				gp, ga = l.pp, l.ppa
			} else {
				g = guards[0]
			}
		}
		it := new([4]entryItem[P])
		copy(it[:], its)
		n := len(its)
		fn = func(r *regs[P]) int32 {
			if gp != nil {
				if b2i(gp(r.p[ga&(maxSlots-1)])) == stop {
					return stop
				}
			} else if g != nil && g(r) == stop {
				return stop
			}
			if n > 0 {
				x := &it[0]
				var v int32
				switch {
				case x.eval != nil:
					//kb:placed pv15 x r
					var pv15 int32
					if x.ld.op != 0 {
						pv15 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
					} else {
						pv15 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
					}
					v = pv15
				case x.ifp != nil && x.ifp.or:
					f := x.ifp
					//kb:placed pv16 f.t r
					var pv16 int32
					if f.t.ld.op != 0 {
						pv16 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
					} else {
						pv16 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
					}
					if v = pv16; v == None {
						//kb:placed pv17 f.e r
						var pv17 int32
						if f.e.ld.op != 0 {
							pv17 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
						} else {
							pv17 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
						}
						v = pv17
					}
				case x.sif != nil:
					f := x.sif
					p := &f.e
					if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
						p = &f.t
					}
					//kb:placed pv18 p r
					var pv18 int32
					if p.ld.op != 0 {
						pv18 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
					} else {
						pv18 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
					}
					v = pv18
				default:
					v = x.fn(r)
				}
				r.v[x.slot&(maxVals-1)] = v
			}
			if n > 1 {
				x := &it[1]
				var v int32
				switch {
				case x.eval != nil:
					//kb:placed pv19 x r
					var pv19 int32
					if x.ld.op != 0 {
						pv19 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
					} else {
						pv19 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
					}
					v = pv19
				case x.ifp != nil && x.ifp.or:
					f := x.ifp
					//kb:placed pv20 f.t r
					var pv20 int32
					if f.t.ld.op != 0 {
						pv20 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
					} else {
						pv20 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
					}
					if v = pv20; v == None {
						//kb:placed pv21 f.e r
						var pv21 int32
						if f.e.ld.op != 0 {
							pv21 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
						} else {
							pv21 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
						}
						v = pv21
					}
				case x.sif != nil:
					f := x.sif
					p := &f.e
					if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
						p = &f.t
					}
					//kb:placed pv22 p r
					var pv22 int32
					if p.ld.op != 0 {
						pv22 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
					} else {
						pv22 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
					}
					v = pv22
				default:
					v = x.fn(r)
				}
				r.v[x.slot&(maxVals-1)] = v
			}
			if n > 2 {
				x := &it[2]
				var v int32
				switch {
				case x.eval != nil:
					//kb:placed pv23 x r
					var pv23 int32
					if x.ld.op != 0 {
						pv23 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
					} else {
						pv23 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
					}
					v = pv23
				case x.ifp != nil && x.ifp.or:
					f := x.ifp
					//kb:placed pv24 f.t r
					var pv24 int32
					if f.t.ld.op != 0 {
						pv24 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
					} else {
						pv24 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
					}
					if v = pv24; v == None {
						//kb:placed pv25 f.e r
						var pv25 int32
						if f.e.ld.op != 0 {
							pv25 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
						} else {
							pv25 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
						}
						v = pv25
					}
				case x.sif != nil:
					f := x.sif
					p := &f.e
					if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
						p = &f.t
					}
					//kb:placed pv26 p r
					var pv26 int32
					if p.ld.op != 0 {
						pv26 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
					} else {
						pv26 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
					}
					v = pv26
				default:
					v = x.fn(r)
				}
				r.v[x.slot&(maxVals-1)] = v
			}
			if n > 3 {
				x := &it[3]
				var v int32
				switch {
				case x.eval != nil:
					//kb:placed pv27 x r
					var pv27 int32
					if x.ld.op != 0 {
						pv27 = x.ld.get(unsafe.Pointer(r.p[x.a&(maxSlots-1)]))
					} else {
						pv27 = x.eval(r.p[x.a&(maxSlots-1)], nil, x.x, x.y, x.z)
					}
					v = pv27
				case x.ifp != nil && x.ifp.or:
					f := x.ifp
					//kb:placed pv28 f.t r
					var pv28 int32
					if f.t.ld.op != 0 {
						pv28 = f.t.ld.get(unsafe.Pointer(r.p[f.t.a&(maxSlots-1)]))
					} else {
						pv28 = f.t.eval(r.p[f.t.a&(maxSlots-1)], nil, f.t.x, f.t.y, f.t.z)
					}
					if v = pv28; v == None {
						//kb:placed pv29 f.e r
						var pv29 int32
						if f.e.ld.op != 0 {
							pv29 = f.e.ld.get(unsafe.Pointer(r.p[f.e.a&(maxSlots-1)]))
						} else {
							pv29 = f.e.eval(r.p[f.e.a&(maxSlots-1)], nil, f.e.x, f.e.y, f.e.z)
						}
						v = pv29
					}
				case x.sif != nil:
					f := x.sif
					p := &f.e
					if uint32(r.v[f.c.s&(maxVals-1)]-f.c.lo) <= f.c.span {
						p = &f.t
					}
					//kb:placed pv30 p r
					var pv30 int32
					if p.ld.op != 0 {
						pv30 = p.ld.get(unsafe.Pointer(r.p[p.a&(maxSlots-1)]))
					} else {
						pv30 = p.eval(r.p[p.a&(maxSlots-1)], nil, p.x, p.y, p.z)
					}
					v = pv30
				default:
					v = x.fn(r)
				}
				r.v[x.slot&(maxVals-1)] = v
			}
			return bf(r)
		}
	default:
		fn = func(r *regs[P]) int32 {
			for _, g := range guards {
				if g(r) == stop {
					return stop
				}
			}
			for i := range its {
				// set, in place (a call of it costs more than its work).
				it := &its[i]
				if it.eval != nil {
					//kb:placed pv31 it r
					var pv31 int32
					if it.ld.op != 0 {
						pv31 = it.ld.get(unsafe.Pointer(r.p[it.a&(maxSlots-1)]))
					} else {
						pv31 = it.eval(r.p[it.a&(maxSlots-1)], nil, it.x, it.y, it.z)
					}
					r.setVal(it.slot, pv31)
				} else {
					r.setVal(it.slot, it.fn(r))
				}
			}
			return bf(r)
		}
	}
	out := fnTerm(fn, t.typ, t.cost)
	out.usesHoist, out.looked = true, len(guards) == 0 && t.looked
	return out
}

// guardedEntry is `g & t` (stop 0) or `g | t` (stop 1) with the items
// computed on entry for t, as one closure (entryTable); ok is false when
// t is not a table that it reads in place.
func guardedEntry[P any](t term[P], items []leaf[P], slots []uint8, g *primCond[P], stop int32) (term[P], bool) {
	if t.tab == nil {
		return term[P]{}, false
	}
	its := entryItems(items, slots)
	tf, ok := entryTable(t.tab, its, g, stop)
	if !ok {
		return term[P]{}, false
	}
	out := fnTerm(tf, TBool, t.cost)
	out.usesHoist = true
	return out, true
}

// entryItem is a subterm computed on entry into its slot: a primitive
// of the position called in place (eval set), or a closure.
type entryItem[P any] struct {
	eval    func(a, b *P, x, y, z int32) int32
	ld      place // with eval: read in place when ld.op != 0 (place.go)
	fn      evalFn[P]
	ifp     *ifPrim[P]
	sif     *slotIf[P]
	x, y, z int32
	a, slot uint8
}

// entryItems are the items computed on entry, each into its slot.
func entryItems[P any](items []leaf[P], slots []uint8) []entryItem[P] {
	its := make([]entryItem[P], len(items))
	for i, it := range items {
		its[i] = entryItem[P]{fn: it.fn, slot: slots[i]}
		if it.kind == lPrim {
			// A primitive of the position (white king) is called in
			// place; an if of primitives (the_rook) too (fused.go);
			// anything else through its closure.
			its[i].eval, its[i].a, its[i].x, its[i].y, its[i].z, its[i].ld = it.eval, it.a, it.x, it.y, it.z, it.ld
		} else if it.kind == lFn {
			its[i].ifp, its[i].sif = it.ifp, it.sif
		}
	}
	return its
}

// leadingFree is how many of a junction's first operands read no
// hoisted subterm.
func leadingFree[P any](parts []term[P]) int {
	for i, p := range parts {
		if p.usesHoist {
			return i
		}
	}
	return len(parts)
}

func costText(n int64) string {
	if n >= maxCost*2 {
		return "more than " + strconv.Itoa(maxCost*2)
	}
	return "about " + strconv.FormatInt(n, 10)
}

// dterm compiles e in scope sc: as a table (tab.go) when it is a pure
// function of few inputs.
func (c *compiler[P]) dterm(e lang.Expr, sc *dscope) (term[P], bool) {
	if tabShape(e) && c.tabOK() {
		if t, done, ok := c.tabulate(e, sc); done {
			return t, ok
		}
	}
	return c.dterm0(e, sc)
}

// dterm0 compiles e in scope sc, node by node.
func (c *compiler[P]) dterm0(e lang.Expr, sc *dscope) (term[P], bool) {
	switch e := e.(type) {
	case *lang.Const:
		return constTerm[P](TBool, b2i(e.Value)), true
	case *lang.IntLit:
		n, err := strconv.ParseInt(e.Text, 10, 32)
		if err != nil {
			c.errorf(e.Pos, "number %s is too large (at most %d)", e.Text, math.MaxInt32)
			return term[P]{}, false
		}
		return constTerm[P](TInt, int32(n)), true
	case *lang.SideLit:
		if e.Side == "black" {
			return constTerm[P](TSide, Black), true
		}
		return constTerm[P](TSide, White), true
	case *lang.PieceSq:
		return c.call(pieceCall(e), sc)
	case *lang.Not:
		x, ok := c.typed(e.X, sc, TBool, "~")
		if !ok {
			return term[P]{}, false
		}
		return notTerm(x), true
	case *lang.Neg:
		x, ok := c.typed(e.X, sc, TInt, "-")
		if !ok {
			return term[P]{}, false
		}
		zero := constTerm[P](TInt, 0)
		return arithTerm(aSub, zero, x, false, addCost(x.cost, 1)), true
	case *lang.Binary:
		return c.binary(e, sc)
	case *lang.Compare:
		return c.compare(e, sc)
	case *lang.In:
		v, ok := sc.lookup(e.At.Name)
		if !ok || !v.isPos {
			c.errorf(e.At.Pos, "%s is not a position of %s: after in comes one of its position parameters or move variables%s", e.At.Name, sc.where, c.suggest(e.At.Name, posNames(sc)))
			return term[P]{}, false
		}
		inner := *sc
		inner.def, inner.defBound = v.slot, v.bound
		return c.dterm(e.X, &inner)
	case *lang.Quant:
		return c.quant(e, sc)
	case *lang.Cond:
		cond, ok1 := c.typed(e.If, sc, TBool, "if")
		a, ok2 := c.dterm(e.Then, sc)
		b, ok3 := c.dterm(e.Else, sc)
		if !ok1 || !ok2 || !ok3 {
			return term[P]{}, false
		}
		if a.typ != b.typ {
			c.errorf(lang.Start(e.Else), "the two branches of if must have one type, but then gives %s and else %s", aType(a.typ), aType(b.typ))
			return term[P]{}, false
		}
		cost := addCost(cond.cost, max(a.cost, b.cost))
		if cond.isConst() {
			if cond.leaf.c != 0 {
				return a, true
			}
			return b, true
		}
		cl, al, bl := cond.leaf, a.leaf, b.leaf
		if t, ok := ifPrimTerm(&cl, &al, &bl, a.typ, cost); ok {
			return t, true
		}
		if al.kind == lPrim && bl.kind == lPrim {
			// if ... then white rook else white queen: the primitives
			// called in place.
			pa, pb := preadOf(&al), preadOf(&bl)
			if sc := cl.scond; sc != nil {
				// The condition a range test of a value slot (the_rook
				// where pieces(white, rook) is computed on entry): read
				// in place too.
				s, lo, span := sc.s, sc.lo, sc.span
				t := fnTerm(func(r *regs[P]) int32 {
					if uint32(r.val(s)-lo) <= span {
						//kb:placed pv32 pa r
						var pv32 int32
						if pa.ld.op != 0 {
							pv32 = pa.ld.get(unsafe.Pointer(r.p[pa.a&(maxSlots-1)]))
						} else {
							pv32 = pa.eval(r.p[pa.a&(maxSlots-1)], nil, pa.x, pa.y, pa.z)
						}
						return pv32
					}
					//kb:placed pv33 pb r
					var pv33 int32
					if pb.ld.op != 0 {
						pv33 = pb.ld.get(unsafe.Pointer(r.p[pb.a&(maxSlots-1)]))
					} else {
						pv33 = pb.eval(r.p[pb.a&(maxSlots-1)], nil, pb.x, pb.y, pb.z)
					}
					return pv33
				}, a.typ, cost)
				t.leaf.sif = &slotIf[P]{c: *sc, t: pa, e: pb}
				return t, true
			}
			cf := cl.fn
			return fnTerm(func(r *regs[P]) int32 {
				if cf(r) != 0 {
					//kb:placed pv34 pa r
					var pv34 int32
					if pa.ld.op != 0 {
						pv34 = pa.ld.get(unsafe.Pointer(r.p[pa.a&(maxSlots-1)]))
					} else {
						pv34 = pa.eval(r.p[pa.a&(maxSlots-1)], nil, pa.x, pa.y, pa.z)
					}
					return pv34
				}
				//kb:placed pv35 pb r
				var pv35 int32
				if pb.ld.op != 0 {
					pv35 = pb.ld.get(unsafe.Pointer(r.p[pb.a&(maxSlots-1)]))
				} else {
					pv35 = pb.eval(r.p[pb.a&(maxSlots-1)], nil, pb.x, pb.y, pb.z)
				}
				return pv35
			}, a.typ, cost), true
		}
		return fnTerm(func(r *regs[P]) int32 {
			if cl.fn(r) != 0 {
				return al.fn(r)
			}
			return bl.fn(r)
		}, a.typ, cost), true
	case *lang.Call:
		return c.call(e, sc)
	case *lang.Atom, *lang.Any, *lang.Hyp:
		c.errorf(e.Position(), "this cannot appear in a definition")
		return term[P]{}, false
	}
	return term[P]{}, false
}

// typed compiles e and checks that it has type want (what names the
// operator or place, for the message).
func (c *compiler[P]) typed(e lang.Expr, sc *dscope, want Type, what string) (term[P], bool) {
	t, ok := c.dterm(e, sc)
	if !ok {
		return t, false
	}
	if t.typ != want {
		c.errorf(lang.Start(e), "%s needs %s, but this is %s", what, aType(want), aType(t.typ))
		return t, false
	}
	return t, true
}

// aType is a type with its article: "a square", "an int".
func aType(t Type) string {
	switch t {
	case TInt:
		return "an integer"
	case TBool:
		return "a condition (bool)"
	}
	return "a " + t.String()
}

func posNames(sc *dscope) []string {
	var out []string
	for _, v := range sc.vars {
		if v.isPos {
			out = append(out, v.name)
		}
	}
	return out
}

func (c *compiler[P]) binary(e *lang.Binary, sc *dscope) (term[P], bool) {
	want, name := TBool, e.Op.String()
	switch e.Op {
	case lang.OpAdd, lang.OpSub, lang.OpMul, lang.OpDiv, lang.OpMod:
		want = TInt
	case lang.OpThen:
		c.errorf(e.Pos, "then can only order the parts of a moves or replies clause")
		return term[P]{}, false
	case lang.OpAnd, lang.OpOr:
		return c.junction(e, sc)
	}
	used := c.hoistUses()
	l, ok1 := c.typed(e.L, sc, want, name)
	mid := c.hoistUses()
	r, ok2 := c.typed(e.R, sc, want, name)
	l.usesHoist, r.usesHoist = mid != used, c.hoistUses() != mid
	if !ok1 || !ok2 {
		return term[P]{}, false
	}
	cost := addCost(addCost(l.cost, r.cost), 1)
	if want == TInt {
		return arithTerm(arithOf(e.Op), l, r, false, cost), true
	}
	return logicTerm(e.Op, l, r), true
}

// logicTerm is l -> r or l <-> r.
func logicTerm[P any](op lang.BinOp, l, r term[P]) term[P] {
	cost := addCost(addCost(l.cost, r.cost), 1)
	x, y := l.fn, r.fn
	if op == lang.OpImplies {
		t := fnTerm(func(g *regs[P]) int32 {
			if x(g) == 0 {
				return 1
			}
			return y(g)
		}, TBool, cost)
		nl := notTerm(l)
		nl.usesHoist = l.usesHoist
		t.jparts, t.jstop, t.usesHoist = []term[P]{nl, r}, 1, l.usesHoist || r.usesHoist
		return t
	}
	return fnTerm(func(g *regs[P]) int32 { return b2i(x(g) == y(g)) }, TBool, cost)
}

// notTerm is ~x.
func notTerm[P any](x term[P]) term[P] {
	if x.isConst() {
		return constTerm[P](TBool, 1-x.leaf.c)
	}
	f := x.fn
	var fn evalFn[P]
	switch {
	case x.leaf.pp != nil:
		// ~stalemate: the predicate called in place.
		pos, a := x.leaf.pp, x.leaf.ppa
		fn = func(r *regs[P]) int32 { return 1 - b2i(pos(r.pos(a))) }
		t := fnTerm(fn, TBool, addCost(x.cost, 1))
		t.leaf.npp, t.leaf.ppa = pos, a
		t.usesHoist = x.usesHoist
		return t
	case len(x.jparts) == 2 && x.jstop == 0:
		// ~(A & B), x being that junction of its jparts: one closure.
		a, b := x.jparts[0].fn, x.jparts[1].fn
		fn = func(r *regs[P]) int32 {
			if a(r) == 0 {
				return 1
			}
			return 1 - b(r)
		}
	case len(x.jparts) == 2 && len(x.jparts[1].jparts) == 2 && x.jparts[1].jstop == 0 && x.jparts[1].jparts[0].leaf.cond != nil:
		// ~(A | c & B), c a range test of a primitive (rooklost's
		// `... | side_to_move = black & ...`): c read in place, B's
		// closure called from this one.
		a, c, b := x.jparts[0].fn, x.jparts[1].jparts[0].leaf.cond, x.jparts[1].jparts[1].fn
		cp, lo, span := &c.p, c.lo, c.span
		fn = func(r *regs[P]) int32 {
			if a(r) != 0 {
				return 0
			}
			//kb:placed pv36 cp r
			var pv36 int32
			if cp.ld.op != 0 {
				pv36 = cp.ld.get(unsafe.Pointer(r.p[cp.a&(maxSlots-1)]))
			} else {
				pv36 = cp.eval(r.p[cp.a&(maxSlots-1)], nil, cp.x, cp.y, cp.z)
			}
			if uint32(pv36-lo) > span {
				return 1
			}
			return 1 - b(r)
		}
	case len(x.jparts) == 2:
		// ~(A | B).
		a, b := x.jparts[0].fn, x.jparts[1].fn
		fn = func(r *regs[P]) int32 {
			if a(r) != 0 {
				return 0
			}
			return 1 - b(r)
		}
	default:
		fn = func(r *regs[P]) int32 { return 1 - f(r) }
	}
	t := fnTerm(fn, TBool, addCost(x.cost, 1))
	if len(x.jparts) > 1 {
		// ~(A | B) is ~A & ~B: its operands, for placeEntry.
		t.jparts, t.jstop = make([]term[P], len(x.jparts)), 1-x.jstop
		for i, p := range x.jparts {
			t.jparts[i] = notTerm(p)
			t.jparts[i].usesHoist = p.usesHoist
		}
	}
	t.usesHoist = x.usesHoist
	return t
}

// junction compiles a chain of & or of | (A & B & C) as one node that
// reads its operands in order and stops at the first that decides it.
func (c *compiler[P]) junction(e *lang.Binary, sc *dscope) (term[P], bool) {
	parts := operands(e, e.Op)
	// stop is the operand value that decides the junction: false for &,
	// true for |.
	stop := int32(0)
	if e.Op == lang.OpOr {
		stop = 1
	}
	// Operands that are pure functions of few inputs together are one
	// table (tab.go), where the first of them stands.
	group := make([]int, len(parts))
	var groups [][]lang.Expr
	if c.tabOK() && len(parts) > 2 {
		group, groups = c.tabGroups(parts, sc)
	}
	var ts []term[P]
	ok := true
	for i, x := range parts {
		g := group[i]
		if g > 0 && groups[g-1] == nil {
			continue // compiled with its group
		}
		if g > 0 {
			xs := groups[g-1]
			x = xs[0]
			for _, y := range xs[1:] {
				x = &lang.Binary{Pos: e.Pos, Op: e.Op, L: x, R: y}
			}
			groups[g-1] = nil
		}
		used := c.hoistUses()
		t, good := c.typed(x, sc, TBool, e.Op.String())
		t.usesHoist = c.hoistUses() != used
		ok = ok && good
		ts = append(ts, t)
	}
	if !ok {
		return term[P]{}, false
	}
	return junctionTerm(stop, ts), true
}

// junctionTerm is the & (stop 0) or | (stop 1) of conditions: one node
// that reads them in order and stops at the first that decides it;
// constants fold.
func junctionTerm[P any](stop int32, ts []term[P]) term[P] {
	var rest []term[P]
	cost := int64(1)
	for _, t := range ts {
		cost = addCost(cost, t.cost)
		if t.isConst() {
			if t.leaf.c == stop {
				return constTerm[P](TBool, stop)
			}
			continue // true in &, false in |: nothing
		}
		rest = append(rest, t)
	}
	switch len(rest) {
	case 0:
		return constTerm[P](TBool, 1-stop)
	case 1:
		t := rest[0]
		t.cost = cost
		return t
	}
	t := junctionFn(stop, rest, cost)
	t.jparts, t.jstop = rest, stop
	for _, p := range rest {
		t.usesHoist = t.usesHoist || p.usesHoist
	}
	return t
}

// junctionFn is the evaluator of a junction of two operands or more.
func junctionFn[P any](stop int32, rest []term[P], cost int64) term[P] {
	if len(rest) == 2 && rest[0].leaf.cond != nil {
		// A range test of a primitive first (`side_to_move = black &
		// ...`): read in place.
		c, y := rest[0].leaf.cond, rest[1].fn
		cp, lo, span := &c.p, c.lo, c.span
		return fnTerm(func(g *regs[P]) int32 {
			//kb:placed pv37 cp g
			var pv37 int32
			if cp.ld.op != 0 {
				pv37 = cp.ld.get(unsafe.Pointer(g.p[cp.a&(maxSlots-1)]))
			} else {
				pv37 = cp.eval(g.p[cp.a&(maxSlots-1)], nil, cp.x, cp.y, cp.z)
			}
			if b2i(uint32(pv37-lo) <= span) == stop {
				return stop
			}
			return y(g)
		}, TBool, cost)
	}
	if k := len(rest); k >= 2 && k <= 3 && rest[k-1].leaf.npp != nil {
		// `... & ~stalemate`, the predicate called in place; after
		// `bkedge`'s table of a slot read in place (MATE_IN_2's holding
		// goal `~rooklost & bkedge & ~stalemate`) or nothing (`~rooklost
		// & ~stalemate`, the other advice's).
		x, np, na := rest[0].fn, rest[k-1].leaf.npp, rest[k-1].leaf.ppa
		if k == 2 {
			return fnTerm(func(g *regs[P]) int32 {
				if x(g) == stop {
					return stop
				}
				return 1 - b2i(np(g.p[na&(maxSlots-1)]))
			}, TBool, cost)
		}
		if vals, lo, n, s, ok := exactTab1(&rest[1]); ok {
			return fnTerm(func(g *regs[P]) int32 {
				if x(g) == stop || vals[min(uint32(g.v[s&(maxVals-1)]-lo), n)] == stop {
					return stop
				}
				return 1 - b2i(np(g.p[na&(maxSlots-1)]))
			}, TBool, cost)
		}
	}
	if len(rest) == 2 {
		x, y := rest[0].fn, rest[1].fn
		if stop == 0 {
			return fnTerm(func(g *regs[P]) int32 {
				if x(g) == 0 {
					return 0
				}
				return y(g)
			}, TBool, cost)
		}
		return fnTerm(func(g *regs[P]) int32 {
			if x(g) != 0 {
				return 1
			}
			return y(g)
		}, TBool, cost)
	}
	if len(rest) == 3 {
		// Unrolled (MATE_IN_2's holding goal `~rooklost & bkedge &
		// ~stalemate`).
		x, y, z := rest[0].fn, rest[1].fn, rest[2].fn
		return fnTerm(func(g *regs[P]) int32 {
			if x(g) == stop || y(g) == stop {
				return stop
			}
			return z(g)
		}, TBool, cost)
	}
	fns := make([]evalFn[P], len(rest))
	for i, t := range rest {
		fns[i] = t.fn
	}
	if stop == 0 {
		return fnTerm(func(g *regs[P]) int32 {
			for _, f := range fns {
				if f(g) == 0 {
					return 0
				}
			}
			return 1
		}, TBool, cost)
	}
	return fnTerm(func(g *regs[P]) int32 {
		for _, f := range fns {
			if f(g) != 0 {
				return 1
			}
		}
		return 0
	}, TBool, cost)
}

func divMod(op lang.BinOp, a, b int32) int32 {
	if b == 0 || (a == math.MinInt32+1 && b == -1) {
		return None
	}
	q := floorDiv(a, b)
	if op == lang.OpDiv {
		return q
	}
	return a - b*q
}

// floorDiv divides rounding toward minus infinity (so that `x mod 2` is 0
// or 1 for any x, and `x / 8` of a negative x is the row below).
func floorDiv(a, b int32) int32 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (c *compiler[P]) compare(e *lang.Compare, sc *dscope) (term[P], bool) {
	terms := make([]term[P], len(e.Xs))
	ok := true
	for i, x := range e.Xs {
		t, good := c.dterm(x, sc)
		terms[i] = t
		ok = ok && good
	}
	if !ok {
		return term[P]{}, false
	}
	cost := int64(1)
	for i, op := range e.Ops {
		a, b := terms[i], terms[i+1]
		cost = addCost(cost, addCost(a.cost, b.cost))
		switch {
		case op != lang.CmpEq && op != lang.CmpNe && (a.typ != TInt || b.typ != TInt):
			bad, x := a, e.Xs[i]
			if a.typ == TInt {
				bad, x = b, e.Xs[i+1]
			}
			c.errorf(lang.Start(x), "%s compares integers, but this is %s", op, aType(bad.typ))
			ok = false
		case a.typ != b.typ:
			c.errorf(lang.Start(e.Xs[i+1]), "%s compares %s with %s: both sides must have one type", op, aType(a.typ), aType(b.typ))
			ok = false
		}
	}
	if !ok {
		return term[P]{}, false
	}
	if len(e.Ops) == 1 {
		return cmpTerms(e.Ops[0], terms[0], terms[1], cost), true
	}
	// A chain evaluates each operand once: a < b <= c is a < b & b <= c
	// with b computed once.
	ls := make([]leaf[P], len(terms))
	for i, t := range terms {
		ls[i] = t.leaf
	}
	ops := append([]lang.CmpOp(nil), e.Ops...)
	if len(ops) == 2 {
		t0, s0, ok0 := ls[0].tab1()
		t1, s1, ok1 := ls[1].tab1()
		t2, s2, ok2 := ls[2].tab1()
		if ok0 && ok1 && ok2 {
			// file(a) < file(b) < file(c): "between" on squares in slots.
			o1, o2 := ops[0], ops[1]
			return fnTerm(func(r *regs[P]) int32 {
				a, b, c := t0.exact1(r.val(s0)), t1.exact1(r.val(s1)), t2.exact1(r.val(s2))
				return b2i(a != None && b != None && c != None && cmpHolds(o1, a, b) && cmpHolds(o2, b, c))
			}, TBool, cost), true
		}
		// a op b op c: the shape of "between".
		x, y, z, o1, o2 := ls[0], ls[1], ls[2], ops[0], ops[1]
		return fnTerm(func(r *regs[P]) int32 {
			a := x.fn(r)
			if a == None {
				return 0
			}
			b := y.fn(r)
			if b == None || !cmpHolds(o1, a, b) {
				return 0
			}
			c := z.fn(r)
			return b2i(c != None && cmpHolds(o2, b, c))
		}, TBool, cost), true
	}
	return fnTerm(func(r *regs[P]) int32 {
		a := ls[0].fn(r)
		if a == None {
			return 0
		}
		for i, op := range ops {
			b := ls[i+1].fn(r)
			if b == None || !cmpHolds(op, a, b) {
				return 0
			}
			a = b
		}
		return 1
	}, TBool, cost), true
}

func cmpHolds(op lang.CmpOp, a, b int32) bool {
	switch op {
	case lang.CmpEq:
		return a == b
	case lang.CmpNe:
		return a != b
	case lang.CmpLt:
		return a < b
	case lang.CmpLe:
		return a <= b
	case lang.CmpGt:
		return a > b
	}
	return a >= b
}

// cmpTerms compiles one comparison of two terms, reading their leaves in
// place; a comparison with nothing is false, of constants a constant.
func cmpTerms[P any](op lang.CmpOp, l, r term[P], cost int64) term[P] {
	if l.isConst() && r.isConst() {
		a, b := l.leaf.c, r.leaf.c
		return constTerm[P](TBool, b2i(a != None && b != None && cmpHolds(op, a, b)))
	}
	if l.isConst() {
		// 3 < x is x > 3.
		l, r, op = r, l, mirror(op)
	}
	x, y := l.leaf, r.leaf
	if y.kind == lConst {
		v := y.c
		if v == None {
			return constTerm[P](TBool, 0)
		}
		lo, span, empty := cmpRange(op, v)
		if empty {
			return constTerm[P](TBool, 0)
		}
		if op == lang.CmpNe {
			// Neither v nor nothing.
			f := x.fn
			return fnTerm(func(g *regs[P]) int32 {
				u := f(g)
				return b2i(u != v && u != None)
			}, TBool, cost)
		}
		switch x.kind {
		case lSlot:
			s := x.a
			t := fnTerm(func(g *regs[P]) int32 { return b2i(uint32(g.val(s)-lo) <= span) }, TBool, cost)
			t.leaf.scond = &slotCond{s: s, lo: lo, span: span}
			return t
		case lPrim:
			pr := preadOf(&x)
			var t term[P]
			if ld, a := pr.ld, pr.a; ld.op != 0 {
				// (The place read in place: pread.get, a call and
				// the read, is not inlined.)
				t = fnTerm(func(g *regs[P]) int32 {
					return b2i(uint32(ld.get(unsafe.Pointer(g.p[a&(maxSlots-1)]))-lo) <= span)
				}, TBool, cost)
			} else {
				eval, a, p, q, z := pr.eval, pr.a, pr.x, pr.y, pr.z
				t = fnTerm(func(g *regs[P]) int32 { return b2i(uint32(eval(g.pos(a), nil, p, q, z)-lo) <= span) }, TBool, cost)
			}
			t.leaf.cond = &primCond[P]{p: pr, lo: lo, span: span}
			return t
		}
		if t, s, ok := x.tab1(); ok {
			return fnTerm(func(g *regs[P]) int32 { return b2i(uint32(t.exact1(g.val(s))-lo) <= span) }, TBool, cost)
		}
		f := x.fn
		return fnTerm(func(g *regs[P]) int32 { return b2i(uint32(f(g)-lo) <= span) }, TBool, cost)
	}
	t, s, ok1 := x.tab1()
	u, w, ok2 := y.tab1()
	if ok1 && ok2 {
		// file(a) = file(b)
		return fnTerm(func(g *regs[P]) int32 {
			a, b := t.exact1(g.val(s)), u.exact1(g.val(w))
			return b2i(a != None && b != None && cmpHolds(op, a, b))
		}, TBool, cost)
	}
	if x.kind == lSlot && y.kind == lSlot {
		a, b := x.a, y.a
		return fnTerm(func(g *regs[P]) int32 {
			u, v := g.val(a), g.val(b)
			return b2i(u != None && v != None && cmpHolds(op, u, v))
		}, TBool, cost)
	}
	return fnTerm(func(g *regs[P]) int32 {
		u := x.fn(g)
		if u == None {
			return 0
		}
		v := y.fn(g)
		return b2i(v != None && cmpHolds(op, u, v))
	}, TBool, cost)
}

// mirror is the comparison with its operands swapped: a < b is b > a.
func mirror(op lang.CmpOp) lang.CmpOp {
	switch op {
	case lang.CmpLt:
		return lang.CmpGt
	case lang.CmpGt:
		return lang.CmpLt
	case lang.CmpLe:
		return lang.CmpGe
	case lang.CmpGe:
		return lang.CmpLe
	}
	return op
}

// cmpRange gives the values u for which u op v holds (v a constant, not
// nothing) as a range: uint32(u - lo) <= span, which nothing (the least
// int32) is never in; empty when no value is. != is the complement of
// v's range, less nothing.
func cmpRange(op lang.CmpOp, v int32) (lo int32, span uint32, empty bool) {
	const least = math.MinInt32 + 1 // nothing is MinInt32
	switch op {
	case lang.CmpEq, lang.CmpNe:
		return v, 0, false
	case lang.CmpLt:
		if v <= least {
			return 0, 0, true
		}
		return least, uint32(v - 1 - least), false
	case lang.CmpLe:
		return least, uint32(v - least), false
	case lang.CmpGt:
		if v == math.MaxInt32 {
			return 0, 0, true
		}
		return v + 1, uint32(math.MaxInt32 - (v + 1)), false
	}
	return v, uint32(math.MaxInt32 - v), false // >=
}

// moveBuf holds the positions after the legal moves of one position, for
// one evaluation of a move quantifier.
type moveBuf[P any] struct{ list []P }

func (c *compiler[P]) quant(e *lang.Quant, sc *dscope) (term[P], bool) {
	inner := *sc
	inner.vars = append([]dvar(nil), sc.vars...)
	var slot, of uint8
	domain := int64(squareDomain)
	if e.Sort == "square" {
		if e.Of != nil {
			c.errorf(e.Of.Pos, "of names the position whose moves a move quantifier ranges over; a square quantifier ranges over the 64 squares")
			return term[P]{}, false
		}
		if int(inner.nval) == maxVals {
			c.errorf(e.Pos, "too many variables in scope in %s (at most %d values: parameters and quantified squares)", sc.where, maxVals)
			return term[P]{}, false
		}
		slot = inner.nval
		inner.nval++
		inner.vars = append(inner.vars, dvar{name: e.Var.Name, slot: slot, typ: TSquare, bound: true})
		if c.cse != nil {
			c.cse.maxVal = max(c.cse.maxVal, inner.nval)
		}
	} else {
		domain = c.moveDomain
		if c.lib.successors == nil {
			c.errorf(e.Pos, "this game's library has no moves to quantify over")
			return term[P]{}, false
		}
		of = sc.def
		if e.Of != nil {
			v, ok := sc.lookup(e.Of.Name)
			if !ok || !v.isPos {
				c.errorf(e.Of.Pos, "%s is not a position of %s: after of comes one of its position parameters or move variables%s", e.Of.Name, sc.where, c.suggest(e.Of.Name, posNames(sc)))
				return term[P]{}, false
			}
			of = v.slot
		}
		if int(inner.npos) == maxSlots {
			c.errorf(e.Pos, "too many positions in scope in %s (at most %d: parameters and move variables)", sc.where, maxSlots)
			return term[P]{}, false
		}
		slot = inner.npos
		inner.npos++
		inner.vars = append(inner.vars, dvar{name: e.Var.Name, isPos: true, slot: slot, typ: TPosition, bound: true})
	}
	body, ok := c.dterm(e.Body, &inner)
	if !ok {
		return term[P]{}, false
	}
	want := TBool
	extreme := e.Q == "least" || e.Q == "most"
	if extreme {
		want = TInt
	}
	if body.typ != want {
		c.errorf(lang.Start(e.Body), "the body of %s %s needs %s, but this is %s", e.Q, e.Sort, aType(want), aType(body.typ))
		return term[P]{}, false
	}
	out := term[P]{typ: TBool, cost: addCost(mulCost(domain, body.cost), 1)}
	if e.Q == "count" || extreme {
		out.typ = TInt
	}
	f := body.fn
	if extreme {
		return c.extremeQuant(e, f, slot, of, out), true
	}
	// stop: the body value that ends the loop; at it the result is hit,
	// else miss. count never stops.
	stop, hit, miss := int32(1), int32(1), int32(0)
	if e.Q == "every" {
		stop, hit, miss = 0, 0, 1
	}
	count := e.Q == "count"
	if e.Sort == "square" {
		return fnTerm(func(r *regs[P]) int32 {
			n := int32(0)
			for s := int32(0); s < 64; s++ {
				r.setVal(slot, s)
				v := f(r)
				if count {
					n += v
				} else if v == stop {
					return hit
				}
			}
			if count {
				return n
			}
			return miss
		}, out.typ, out.cost), true
	}
	succ := c.lib.successors
	pool := &sync.Pool{New: func() any { return &moveBuf[P]{} }}
	return fnTerm(func(r *regs[P]) int32 {
		b := pool.Get().(*moveBuf[P])
		b.list = succ(r.pos(of), b.list[:0])
		res, n := miss, int32(0)
		for i := range b.list {
			r.setPos(slot, &b.list[i])
			v := f(r)
			if count {
				n += v
			} else if v == stop {
				res = hit
				break
			}
		}
		pool.Put(b)
		if count {
			return n
		}
		return res
	}, out.typ, out.cost), true
}

// extremeQuant is `least` or `most` over squares or moves: the least (the
// greatest) value of the integer body, values that are nothing left out;
// nothing when every value is nothing or there is no move.
func (c *compiler[P]) extremeQuant(e *lang.Quant, f func(*regs[P]) int32, slot, of uint8, out term[P]) term[P] {
	most := e.Q == "most"
	better := func(v, b int32) bool {
		if v == None {
			return false
		}
		if b == None {
			return true
		}
		if most {
			return v > b
		}
		return v < b
	}
	if e.Sort == "square" {
		return fnTerm(func(r *regs[P]) int32 {
			b := None
			for s := int32(0); s < 64; s++ {
				r.setVal(slot, s)
				if v := f(r); better(v, b) {
					b = v
				}
			}
			return b
		}, out.typ, out.cost)
	}
	succ := c.lib.successors
	pool := &sync.Pool{New: func() any { return &moveBuf[P]{} }}
	return fnTerm(func(r *regs[P]) int32 {
		mb := pool.Get().(*moveBuf[P])
		mb.list = succ(r.pos(of), mb.list[:0])
		b := None
		for i := range mb.list {
			r.setPos(slot, &mb.list[i])
			if v := f(r); better(v, b) {
				b = v
			}
		}
		pool.Put(mb)
		return b
	}, out.typ, out.cost)
}

// callee is what a call may name: a definition, a primitive or a library
// predicate, seen as a signature.
type callee[P any] struct {
	kind      string // "definition", "primitive", "predicate"
	positions int    // positions it reads: 0, 1 (may default) or 2 (explicit)
	values    []Type
	result    Type
	def       *Definition[P]
	fn        *Func[P]
	pred      *Predicate[P]
}

// cse is the common-subexpression state of the definition being compiled:
// a subterm written several times that reads no quantified variable (white
// king, file(the_rook), room in P1) is evaluated once, on entry, into a
// free value slot (it is pure, so computing it early changes nothing but
// the time).
type cse[P any] struct {
	second bool                 // the second compilation, with hoist
	count  map[string]int       // first: how often each key occurs
	first  map[string]term[P]   // first: each key's term
	order  []string             // first: keys in order of first occurrence
	node   map[string]hoistNode // first: where each key was first written
	hoist  map[string]uint8     // second: the slot of each hoisted key
	maxVal uint8                // value slots the body uses at most
	used   int                  // second: how many reads of hoisted slots were compiled
	// reads: second, the reads compiled of each slot (a hoisted subterm
	// nothing reads is not computed on entry); pure: second, whether each
	// hoisted key is a pure expression of inputs (tab.go, unhoisted).
	reads [maxVals]int
	pure  map[string]bool
	// within: first, the keys of the calls being compiled (innermost
	// last); inside: for each key, the keys around each of its
	// occurrences (a part of the_rook is not worth a slot of its own when
	// the_rook has one).
	within []string
	inside map[string][][]string
}

// covered reports whether every occurrence of key k is inside a call that
// occurs twice or more (and is computed once for all its parts).
func (h *cse[P]) covered(k string) bool {
	for _, around := range h.inside[k] {
		if !slices.ContainsFunc(around, func(a string) bool { return h.count[a] >= 2 }) {
			return false
		}
	}
	return true
}

func newCSE[P any](maxVal uint8) *cse[P] {
	return &cse[P]{count: map[string]int{}, first: map[string]term[P]{}, node: map[string]hoistNode{}, maxVal: maxVal,
		inside: map[string][][]string{}}
}

// hoistNode is a subterm and the scope it was first compiled in.
type hoistNode struct {
	e  *lang.Call
	sc dscope
}

// hoistCost bounds the cost of a subterm hoisted: a quantifier is never
// evaluated early.
const hoistCost = squareDomain

// freeIn reports whether e reads no quantified variable of sc (and no
// quantifier of its own).
func freeIn(e lang.Expr, sc *dscope) bool {
	if sc.defBound {
		return false
	}
	free := true
	bound := func(name string) bool {
		v, ok := sc.lookup(name)
		return ok && v.bound
	}
	walkExpr(e, func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Call:
			if !e.Paren && bound(e.Name) {
				free = false
			}
		case *lang.In:
			if bound(e.At.Name) {
				free = false
			}
		case *lang.Quant:
			free = false
		}
	})
	return free
}

func (c *compiler[P]) call(e *lang.Call, sc *dscope) (term[P], bool) {
	h := c.cse
	if c.subst != nil && (e.Paren || !c.isValueName(e.Name, sc)) {
		key := cseKey(e, sc)
		if slot, ok := c.subst[key]; ok {
			t, good := c.call0(e, sc) // for its type (and its errors)
			return slotTerm[P](slot, t.typ), good
		}
	}
	if h == nil || (!e.Paren && c.isValueName(e.Name, sc)) {
		return c.call0(e, sc)
	}
	key := cseKey(e, sc)
	if h.second {
		if slot, ok := h.hoist[key]; ok && freeIn(e, sc) && !c.unhoisted(e, sc, key) {
			h.used++
			h.reads[slot]++
			return slotTerm[P](slot, h.first[key].typ), true
		}
		return c.callCached(e, sc)
	}
	h.within = append(h.within, key)
	t, ok := c.callCached(e, sc)
	h.within = h.within[:len(h.within)-1]
	// Constants, slots and the pure primitives read from a table are as
	// cheap as a slot: they are not worth one.
	cheap := t.leaf.kind == lConst || t.leaf.kind == lSlot || t.tabbed
	if ok && !cheap && t.cost < hoistCost && freeIn(e, sc) {
		if h.count[key] == 0 {
			h.order = append(h.order, key)
			h.first[key] = t
			h.node[key] = hoistNode{e, *sc}
		}
		h.count[key]++
		h.inside[key] = append(h.inside[key], slices.Clone(h.within))
	}
	return t, ok
}

// cseKey is the key of a call for common subexpressions: its text, with
// the slot of the default position and the slots of the variables it
// names (the same text may name other variables, or a constant, in
// another definition compiled in place).
func cseKey(e *lang.Call, sc *dscope) string {
	key := strconv.Itoa(int(sc.def))
	slot := func(name string) {
		if v, ok := sc.lookup(name); ok {
			key += "," + name + "=" + strconv.Itoa(int(v.slot))
			if v.isPos {
				key += "p"
			}
		}
	}
	walkExpr(e, func(x lang.Expr) {
		switch x := x.(type) {
		case *lang.Call:
			if !x.Paren {
				slot(x.Name)
			}
		case *lang.In:
			slot(x.At.Name)
		}
	})
	return key + "|" + lang.ExprString(e)
}

// isValueName reports whether name, without parentheses, is a variable or
// a constant.
func (c *compiler[P]) isValueName(name string, sc *dscope) bool {
	if _, ok := sc.lookup(name); ok {
		return true
	}
	_, ok := c.lib.LookupConst(name)
	return ok
}

func (c *compiler[P]) call0(e *lang.Call, sc *dscope) (term[P], bool) {
	if !e.Paren {
		if v, ok := sc.lookup(e.Name); ok {
			if v.isPos {
				c.errorf(e.Pos, "%s is a position: use it as an argument (mate(%s)) or after in (room in %s)", e.Name, e.Name, e.Name)
				return term[P]{}, false
			}
			return slotTerm[P](v.slot, v.typ), true
		}
		if k, ok := c.lib.LookupConst(e.Name); ok {
			return constTerm[P](k.Type, k.Value), true
		}
	}
	ce, ok := c.callee(e)
	if !ok {
		return term[P]{}, false
	}
	// Sort the arguments into positions and values.
	args := e.Args
	var posSlots []uint8
	switch {
	case ce.positions == 2:
		if len(args) != 2+len(ce.values) {
			c.errorf(e.Pos, "%s %s takes two positions%s, but is given %d argument%s", ce.kind, e.Name, valuesText(ce.values), len(args), plural(len(args)))
			return term[P]{}, false
		}
	case ce.positions == 1 && len(args) == 1+len(ce.values) && c.isPosArg(args[0], sc):
	case ce.positions == 1 && len(args) == 1+len(ce.values):
		// One argument more than its values: the first is meant as the
		// position; say why it is not one (posArg reports it).
		c.posArg(args[0], sc, e.Name)
		return term[P]{}, false
	case len(args) != len(ce.values):
		c.errorf(e.Pos, "%s %s takes %s, but is given %d argument%s", ce.kind, e.Name, argsText(ce), len(args), plural(len(args)))
		return term[P]{}, false
	}
	np := len(args) - len(ce.values)
	for i := 0; i < np; i++ {
		v, ok := c.posArg(args[i], sc, e.Name)
		if !ok {
			return term[P]{}, false
		}
		posSlots = append(posSlots, v)
	}
	if ce.positions == 1 && np == 0 {
		posSlots = []uint8{sc.def}
	}
	vals := make([]term[P], len(ce.values))
	ok = true
	for i, want := range ce.values {
		t, good := c.dterm(args[np+i], sc)
		if good && t.typ != want {
			c.errorf(lang.Start(args[np+i]), "argument %d of %s must be %s, but this is %s", np+i+1, e.Name, aType(want), aType(t.typ))
			good = false
		}
		vals[i] = t
		ok = ok && good
	}
	if !ok {
		return term[P]{}, false
	}
	cost := int64(1)
	for _, v := range vals {
		cost = addCost(cost, v.cost)
	}
	switch ce.kind {
	case "definition":
		c.used[e.Name] = true
		cost = addCost(cost, ce.def.cost)
		if ce.def.inline != nil {
			return c.inlined(ce.def, posSlots[0], sc, cost), true
		}
		if t, ok := c.inlinedValues(ce.def, posSlots, vals, sc, cost); ok {
			return t, true
		}
		return defCall(ce.def, posSlots, vals, ce.result, cost), true
	case "predicate":
		cost = addCost(cost, int64(max(ce.pred.Cost-1, 0)))
		if ce.pred.Kind == RelationKind {
			f, a, b := ce.pred.Rel, posSlots[0], posSlots[1]
			return fnTerm(func(r *regs[P]) int32 { return b2i(f(r.pos(a), r.pos(b))) }, TBool, cost), true
		}
		f, a := ce.pred.Pos, posSlots[0]
		return fnTerm(func(r *regs[P]) int32 { return b2i(f(r.pos(a))) }, TBool, cost), true
	}
	return c.funcCall(ce.fn, posSlots, vals, addCost(cost, int64(max(ce.fn.Cost-1, 0)))), true
}

// inlineCost bounds the cost of a definition compiled in place where it is
// called (see Definition.inline).
const inlineCost = 48

// inlined compiles the body of d, a definition without parameters, in
// place, reading position slot pos: its parts become leaves of the
// caller's terms instead of a call.
func (c *compiler[P]) inlined(d *Definition[P], pos uint8, sc *dscope, cost int64) term[P] {
	inner := inlineScope(sc, pos)
	t, ok := c.dterm(d.inline, &inner)
	if !ok { // cannot happen: the body compiled where it is written
		return defCall(d, []uint8{pos}, nil, d.Result, cost)
	}
	t.cost = cost
	return t
}

// inlineValuesCost bounds the cost of a definition with value
// parameters compiled in place (see inlinedValues).
const inlineValuesCost = 256

// inlinedValues compiles a call of d, a definition with value
// parameters, or of two positions, and no quantifier, in place: each
// position parameter names the caller's position slot its argument
// reads, each value parameter the caller's slot its argument reads, or a
// free slot the argument is computed into first. So the parts of d's
// body are parts of the caller's terms (bishop_safe(bishop_a, bishop_b)
// reads the caller's slots, and its pure parts are tables of them;
// bishop_moved(P1, P2, 1) and mreyb(P1, P2) in one move constraint read
// moved(P1, P2) once) instead of a call with regs of its own. The value
// parameters count as bound: nothing that reads them is computed on
// entry.
func (c *compiler[P]) inlinedValues(d *Definition[P], posSlots []uint8, vals []term[P], sc *dscope, cost int64) (term[P], bool) {
	if d.loops || d.body == nil || len(posSlots) != d.positions || len(vals) != len(d.values) || d.cost > inlineValuesCost {
		return term[P]{}, false
	}
	// The default position of the body is its last position parameter
	// (as compileDefinition reads it), or the one it reads.
	inner := inlineScope(sc, posSlots[len(posSlots)-1])
	type let struct {
		slot uint8
		fn   evalFn[P]
	}
	var lets []let
	np, nv := 0, 0
	for _, p := range d.Params {
		if p.Type == TPosition {
			slot := posSlots[np]
			np++
			inner.vars = append(inner.vars, dvar{name: p.Name, isPos: true, slot: slot, typ: TPosition, bound: posBound(sc, slot)})
			continue
		}
		v := vals[nv]
		nv++
		if v.isSlot() {
			inner.vars = append(inner.vars, dvar{name: p.Name, slot: v.leaf.a, typ: p.Type, bound: true})
			continue
		}
		if int(inner.nval) == maxVals {
			return term[P]{}, false
		}
		inner.vars = append(inner.vars, dvar{name: p.Name, slot: inner.nval, typ: p.Type, bound: true})
		lets = append(lets, let{inner.nval, v.fn})
		inner.nval++
	}
	if c.cse != nil {
		c.cse.maxVal = max(c.cse.maxVal, inner.nval)
	}
	n := len(c.diags)
	t, ok := c.dterm(d.body, &inner)
	if !ok || t.typ != d.Result {
		c.diags = c.diags[:n]
		return term[P]{}, false
	}
	t.cost = cost
	switch len(lets) {
	case 0:
		return t, true
	case 1:
		s0, f0, bf := lets[0].slot, lets[0].fn, t.fn
		out := fnTerm(func(r *regs[P]) int32 {
			r.setVal(s0, f0(r))
			return bf(r)
		}, t.typ, cost)
		out.usesHoist = t.usesHoist
		return out, true
	}
	bf := t.fn
	out := fnTerm(func(r *regs[P]) int32 {
		for _, l := range lets {
			r.setVal(l.slot, l.fn(r))
		}
		return bf(r)
	}, t.typ, cost)
	out.usesHoist = t.usesHoist
	return out, true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func valuesText(ts []Type) string {
	if len(ts) == 0 {
		return ""
	}
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = aType(t)
	}
	return " and " + strings.Join(s, ", ")
}

func argsText[P any](ce callee[P]) string {
	if len(ce.values) == 0 {
		if ce.positions == 1 {
			return "no argument (or one position)"
		}
		return "no argument"
	}
	s := make([]string, len(ce.values))
	for i, t := range ce.values {
		s[i] = aType(t)
	}
	return strings.Join(s, ", ")
}

// isPosArg reports whether e names a position in scope.
func (c *compiler[P]) isPosArg(e lang.Expr, sc *dscope) bool {
	call, ok := e.(*lang.Call)
	if !ok || call.Paren {
		return false
	}
	v, ok := sc.lookup(call.Name)
	return ok && v.isPos
}

func (c *compiler[P]) posArg(e lang.Expr, sc *dscope, of string) (uint8, bool) {
	call, ok := e.(*lang.Call)
	if ok && !call.Paren {
		if v, found := sc.lookup(call.Name); found && v.isPos {
			return v.slot, true
		}
	}
	name := lang.ExprString(e)
	c.errorf(lang.Start(e), "%s is not a position: %s takes positions first (the parameters of %s and its move variables)%s", name, of, sc.where, c.suggest(name, posNames(sc)))
	return 0, false
}

// callee resolves the name a call names.
func (c *compiler[P]) callee(e *lang.Call) (callee[P], bool) {
	if x, ok := c.decls[e.Name]; ok {
		if x.define == nil {
			c.errorf(e.Pos, "%s is %s; a definition can use only definitions, primitives and library predicates", e.Name, aKind(x.kind))
			return callee[P]{}, false
		}
		d := x.compiled
		if d == nil {
			return callee[P]{}, false // its error is reported where it is written
		}
		return callee[P]{kind: "definition", positions: d.positions, values: d.values, result: d.Result, def: d}, true
	}
	if f, ok := c.lib.LookupFunc(e.Name); ok {
		return callee[P]{kind: "primitive", positions: f.Reads, values: f.Params, result: f.Result, fn: f}, true
	}
	if p, ok := c.lib.Lookup(e.Name); ok {
		n := 1
		if p.Kind == RelationKind {
			n = 2
		}
		return callee[P]{kind: "predicate", positions: n, result: TBool, pred: p}, true
	}
	if k, ok := c.lib.LookupConst(e.Name); ok {
		c.errorf(e.Pos, "%s is %s, not a function: write it without parentheses", e.Name, aType(k.Type))
		return callee[P]{}, false
	}
	c.errorf(e.Pos, "unknown name %s%s", e.Name, c.suggestFrom("term", e.Name, c.termNames))
	return callee[P]{}, false
}

// termNames are the names a definition may call: definitions, primitives,
// predicates and constants.
func (c *compiler[P]) termNames() []string {
	names := c.lib.Names()
	for _, f := range c.lib.Funcs() {
		names = append(names, f.Name)
	}
	for _, k := range c.lib.Consts() {
		names = append(names, k.Name)
	}
	for _, x := range c.declOrder {
		if x.define != nil {
			names = append(names, x.name)
		}
	}
	sort.Strings(names)
	return names
}

// defCall compiles a call of a definition: the callee gets regs of its
// own, its positions and values filled from the caller's; a callee that
// takes the caller's positions in place and writes no slot (has no
// quantifier and computes nothing on entry) is passed the caller's.
func defCall[P any](d *Definition[P], posSlots []uint8, vals []term[P], typ Type, cost int64) term[P] {
	fn := d.fn
	var ps [2]uint8
	copy(ps[:], posSlots)
	np := len(posSlots)
	if len(vals) == 0 && ps[0] == 0 && (np == 1 || ps[1] == 1) && !d.writes {
		return fnTerm(fn, typ, cost) // the caller's positions, in place
	}
	var vs [maxVals]leaf[P]
	for i, v := range vals {
		vs[i] = v.leaf
	}
	nv := len(vals)
	return fnTerm(func(r *regs[P]) int32 {
		var q regs[P]
		q.p[0] = r.pos(ps[0])
		if np == 2 {
			q.p[1] = r.pos(ps[1])
		}
		for i := 0; i < nv; i++ {
			q.v[i] = vs[i].fn(r)
		}
		return enter(fn, &q)
	}, typ, cost)
}

// funcCall compiles a call of a primitive. Arguments that are nothing make
// the call nothing (false for a condition) without calling the primitive.
// Pure primitives of constants are folded, of small domains read from a
// table; abs, min and max are computed in place; a primitive of the
// position with constant arguments is a leaf.
func (c *compiler[P]) funcCall(f *Func[P], posSlots []uint8, vals []term[P], cost int64) term[P] {
	eval := f.Eval
	miss := None
	if f.Result == TBool {
		miss = 0
	}
	allConst := true
	for _, v := range vals {
		allConst = allConst && v.isConst()
	}
	if f.arith != aNone {
		zero := constTerm[P](TInt, 0)
		r := zero
		if len(vals) > 1 {
			r = vals[1]
		}
		return arithTerm(f.arith, vals[0], r, len(vals) == 1, cost)
	}
	if f.Reads == 0 {
		if allConst {
			var x [3]int32
			for i, v := range vals {
				if x[i] = v.leaf.c; x[i] == None {
					return constTerm[P](f.Result, miss)
				}
			}
			return constTerm[P](f.Result, eval(nil, nil, x[0], x[1], x[2]))
		}
		if tab := c.tabled(f); tab != nil {
			return tabCall(tab, vals, f.Result, cost)
		}
	}
	var a, b uint8
	np := len(posSlots)
	if np > 0 {
		a = posSlots[0]
	}
	if np > 1 {
		b = posSlots[1]
	}
	if allConst {
		var x [3]int32
		for i, v := range vals {
			if x[i] = v.leaf.c; x[i] == None {
				return constTerm[P](f.Result, miss)
			}
		}
		if np == 1 {
			return leafTerm(leaf[P]{kind: lPrim, a: a, eval: eval, fun: f, x: x[0], y: x[1], z: x[2], ld: placeOf(f, x[0], x[1], x[2])}, f.Result, cost)
		}
		x0, x1, x2 := x[0], x[1], x[2]
		return fnTerm(func(r *regs[P]) int32 { return eval(r.pos(a), r.pos(b), x0, x1, x2) }, f.Result, cost)
	}
	var ls [3]leaf[P]
	for i, v := range vals {
		ls[i] = v.leaf
	}
	l0, l1 := ls[0], ls[1]
	switch {
	case len(vals) == 1 && l0.kind == lSlot && np == 1:
		s0 := l0.a
		return fnTerm(func(r *regs[P]) int32 {
			v := r.val(s0)
			if v == None {
				return miss
			}
			return eval(r.pos(a), nil, v, 0, 0)
		}, f.Result, cost)
	case len(vals) == 2 && l0.kind == lSlot && l1.kind == lSlot && np == 1:
		s0, s1 := l0.a, l1.a
		t := fnTerm(func(r *regs[P]) int32 {
			v, w := r.val(s0), r.val(s1)
			if v == None || w == None {
				return miss
			}
			return eval(r.pos(a), nil, v, w, 0)
		}, f.Result, cost)
		t.leaf.ps = &primSlots[P]{eval: eval, a: a, s0: s0, s1: s1, miss: miss}
		return t
	}
	n := len(vals)
	return fnTerm(func(r *regs[P]) int32 {
		var v [3]int32
		for i := 0; i < n; i++ {
			if v[i] = ls[i].fn(r); v[i] == None {
				return miss
			}
		}
		var pa, pb *P
		if np > 0 {
			pa = r.pos(a)
		}
		if np > 1 {
			pb = r.pos(b)
		}
		return eval(pa, pb, v[0], v[1], v[2])
	}, f.Result, cost)
}

// tabled returns the table of the pure primitive f (made once per
// compilation), or nil when it has none.
func (c *compiler[P]) tabled(f *Func[P]) *table {
	if t, ok := c.tables[f]; ok {
		return t
	}
	if c.tables == nil {
		c.tables = map[*Func[P]]*table{}
	}
	t := tabulate(f)
	c.tables[f] = t
	return t
}

// tabCall compiles a call of a tabulated primitive: a leaf when its
// arguments are slots or constants.
func tabCall[P any](tab *table, vals []term[P], typ Type, cost int64) term[P] {
	l := leaf[P]{kind: lTab, tab: tab, n: uint8(len(vals))}
	simple := true
	for i, v := range vals {
		switch v.leaf.kind {
		case lSlot:
			l.args[i] = v.leaf.a
		case lConst:
			l.argConst[i], l.argValues[i] = true, v.leaf.c
		default:
			simple = false
		}
	}
	if simple {
		t := leafTerm(l, typ, cost)
		t.tabbed = true
		return t
	}
	x := vals[0].leaf
	var t term[P]
	if len(vals) == 1 {
		t = fnTerm(func(r *regs[P]) int32 { return tab.at1(x.fn(r)) }, typ, cost)
	} else {
		y := vals[1].leaf
		t = fnTerm(func(r *regs[P]) int32 {
			u := x.fn(r)
			if u == None {
				return tab.miss
			}
			return tab.at2(u, y.fn(r))
		}, typ, cost)
	}
	t.tabbed = true
	return t
}

// exactTab1 reads t in place when it is an exact table of one slot
// (edge(black king) with the king's square on entry): vals[min(uint32(slot
// s - lo), n)].
func exactTab1[P any](t *term[P]) (vals []int32, lo int32, n uint32, s uint8, ok bool) {
	l := &t.leaf
	if l.kind == lTab && l.n == 1 && !l.argConst[0] && l.tab.exact && t.typ == TBool {
		return l.tab.vals, l.tab.lo[0], uint32(l.tab.n[0]), l.args[0], true
	}
	return nil, 0, 0, 0, false
}

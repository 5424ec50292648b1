package kb

//go:generate go run ../internal/placedgen/cmd
//go:generate go run ../internal/gengoals/cmd -o goals_gen.go

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/bits"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/advicelang/al/lang"
)

// Goals compiled ahead of time (issue 21, the twentieth session). The
// closures a formula compiles into (fcompile.go) cost about three times
// the work they do: a goal such as MATE_IN_2's holding `~rooklost & bkedge
// & ~stalemate` is six closures calling each other around some 120
// instructions of work. For the formulas of the shipped bases, a
// generator (go generate, kb/gengoals) writes each one as Go source, one
// function of straight-line code (goals_gen.go): the same reading of the
// formula the closures make (its definitions without quantifiers in place,
// what it reads twice read once, the primitives of the position with
// constant arguments read in place, the pure primitives from their
// tables), compiled by Go.
//
// A formula's Go source is a pure function of the formula, the base's
// definitions it reads, the library's places and the position type: the
// compiler writes it again for every formula it compiles (emitGoal) and
// looks its hash up among the generated ones (generatedGoal): the same
// source means the same function, so a user's base that writes a goal of
// the shipped vocabulary gets it too, and any other formula the closures.
// The library's predicates, primitives that are called and tables are
// bound by name when the function is taken (genEnv), so a generated
// function reads what the base's library says. TestGeneratedGoalsUpToDate
// (knowledge/) regenerates the file and compares;
// TestGeneratedGoalsAgree compares every generated goal with its closures
// at every child of random positions.

// genEnv is what a generated goal reads of its library, bound by name
// when the compiler takes it.
type genEnv[P any] struct {
	tabs  []*table
	preds []func(*P) bool
	rels  []func(a, b *P) bool
	fns   []func(a, b *P, x, y, z int32) int32
}

// GenGoal is one formula's Go source (Source, a function of a *genEnv[P]
// returning the goal's evaluator) and its key (Key, the hash of the
// source and the position type).
type GenGoal struct {
	Key    string
	Source string
	Text   string // the formula, for the generated file's comment
	// Move: a move test (a function of a *genEnv[P] and the move forms
	// returning the test of a move, as MoveTest's).
	Move bool
}

// genWriter writes one formula as Go source.
type genWriter[P any] struct {
	lib    *Library[P]
	defs   map[string]*Definition[P] // the base's definitions, by name
	tabled func(*Func[P]) *table
	// move: a move test (P2 the position after the move m of p1, read
	// through the primitives' move forms; no P0).
	move bool
	mvs  []string
	mvFn []any
	// mp: how the game writes a plain move, when the move test reads
	// the placed primitives after it in place (MovePlace); mw, stm:
	// whether the source reads the move's word and the side to move
	// (declared at the top of the test).
	mp      *MovePlace
	mw, stm bool
	// fills are the sources of the tables of terms over one or two
	// inputs (tabulated); subst, in the writer of such a source, the
	// inputs' Go names by key.
	fills  []string
	subst  map[string]gval
	noTab  bool
	body   strings.Builder
	depth  int
	n      int
	scopes []map[string]gval
	// the library's names the source reads, in order of first use
	tabs, preds, rels, fns []string
	bad                    bool
}

// gval is a Go expression of the source: an identifier or a literal, a
// Go bool for TBool and an int32 otherwise.
type gval struct {
	s string
	t Type
	// bound: the value is never nothing and less than bound in
	// absolute value (a count, a byte, a literal); 0 when it may be
	// nothing. Comparisons and sums of such values test no nothing.
	bound int64
}

// sure reports whether v is never nothing (a bound, or a bool read as 0
// or 1).
func (v gval) sure() bool { return v.bound > 0 || v.t == TBool }

// boundOf is v's bound, 2 for a bool.
func boundOf(v gval) int64 {
	if v.t == TBool {
		return 2
	}
	return v.bound
}

// litBound is the bound of the constant n (0 for nothing).
func litBound(n int32) int64 {
	if n == None {
		return 0
	}
	if n < 0 {
		return -int64(n) + 1
	}
	return int64(n) + 1
}

// gscope is the scope of a definition's body: its variables (Go
// identifiers) and its default position.
type gscope struct {
	vars map[string]gvar
	def  string
}

type gvar struct {
	s     string
	isPos bool
	t     Type
}

func (g *genWriter[P]) line(format string, args ...any) {
	g.body.WriteString(strings.Repeat("\t", g.depth+2))
	fmt.Fprintf(&g.body, format, args...)
	g.body.WriteByte('\n')
}

func (g *genWriter[P]) fresh() string {
	g.n++
	return "v" + strconv.Itoa(g.n)
}

// open and close a block of the source (CSE values live in their block).
func (g *genWriter[P]) open(format string, args ...any) {
	g.line(format, args...)
	g.depth++
	g.scopes = append(g.scopes, map[string]gval{})
}

func (g *genWriter[P]) close(s string) {
	g.depth--
	g.scopes = g.scopes[:len(g.scopes)-1]
	g.line("%s", s)
}

func (g *genWriter[P]) seen(key string) (gval, bool) {
	for i := len(g.scopes) - 1; i >= 0; i-- {
		if v, ok := g.scopes[i][key]; ok {
			return v, true
		}
	}
	return gval{}, false
}

func (g *genWriter[P]) remember(key string, v gval) {
	g.scopes[len(g.scopes)-1][key] = v
}

func index(list *[]string, name string) int {
	for i, n := range *list {
		if n == name {
			return i
		}
	}
	*list = append(*list, name)
	return len(*list) - 1
}

// asBool and asInt convert a value between Go's bool and the int32 0 or 1.
func (g *genWriter[P]) asInt(v gval) string {
	if v.t == TBool {
		return "b2i(" + v.s + ")"
	}
	return v.s
}

// emitGoal writes formula f as Go source; ok false when it holds what the
// generator does not write (quantifiers, calls of advice, memos).
func (c *compiler[P]) emitGoal(f *Formula[P]) (gg GenGoal, w *genWriter[P], ok bool) {
	defer func() {
		// A formula the writer does not foresee is left to the closures,
		// never a crash of the compiler.
		if recover() != nil {
			gg, w, ok = GenGoal{}, nil, false
		}
	}()
	g := c.writer()
	v := g.formula(f)
	if g.bad {
		return GenGoal{}, nil, false
	}
	g.line("return %s", v)
	var src strings.Builder
	src.WriteString("(e *genEnv[P]) func(p0, p1, p2 *P, _ *Cache) bool {\n")
	g.header(&src)
	src.WriteString("\treturn func(p0, p1, p2 *P, _ *Cache) bool {\n")
	src.WriteString(g.body.String())
	src.WriteString("\t}\n}\n")
	var zero P
	ty := reflect.TypeOf(zero)
	h := sha256.Sum256([]byte(ty.PkgPath() + "." + ty.Name() + " " + strconv.Itoa(int(unsafe.Sizeof(zero))) + "\n" + src.String()))
	return GenGoal{Key: hex.EncodeToString(h[:8]), Source: src.String(), Text: formulaText(f)}, g, true
}

// header writes the names the source reads of its environment.
func (g *genWriter[P]) header(src *strings.Builder) {
	// What the goal reads of its environment, in one struct the closure
	// holds a pointer to: its fields are loaded where they are read, not
	// all on entry and spilled around every call.
	src.WriteString("\tc := &struct {\n")
	// A table's values are read through an array pointer of its length,
	// so that Go proves the index in bounds where the read tests it (or
	// clamps it) against the table's own sizes: no bounds check of its
	// own per read.
	for i, n := range g.tabs {
		fmt.Fprintf(src, "\t\tt%d *table\n\t\tt%dv *[%d]int32\n", i, i, g.tabLen(n))
	}
	for i := range g.preds {
		fmt.Fprintf(src, "\t\tq%d func(*P) bool\n", i)
	}
	for i := range g.rels {
		fmt.Fprintf(src, "\t\tr%d func(a, b *P) bool\n", i)
	}
	for i := range g.fns {
		fmt.Fprintf(src, "\t\tf%d func(a, b *P, x, y, z int32) int32\n", i)
	}
	for i := range g.mvs {
		fmt.Fprintf(src, "\t\tmv%d func(p *P, m M, x, y, z int32) int32\n", i)
	}
	for i, f := range g.fills {
		n := 65
		if strings.HasPrefix(f, "gFill2(") {
			n = 65 * 65
		}
		fmt.Fprintf(src, "\t\ttb%d *[%d]int32\n", i, n)
	}
	src.WriteString("\t}{}\n\t_ = c\n")
	for i := range g.tabs {
		fmt.Fprintf(src, "\tc.t%d = e.tabs[%d] // %s\n\tc.t%dv = (*[%d]int32)(c.t%d.vals)\n", i, i, g.tabs[i], i, g.tabLen(g.tabs[i]), i)
	}
	for i := range g.preds {
		fmt.Fprintf(src, "\tc.q%d = e.preds[%d] // %s\n", i, i, g.preds[i])
	}
	for i := range g.rels {
		fmt.Fprintf(src, "\tc.r%d = e.rels[%d] // %s\n", i, i, g.rels[i])
	}
	for i := range g.fns {
		fmt.Fprintf(src, "\tc.f%d = e.fns[%d] // %s\n", i, i, g.fns[i])
	}
	for i := range g.mvs {
		fmt.Fprintf(src, "\tc.mv%d = mvs[%d].(func(p *P, m M, x, y, z int32) int32) // %s\n", i, i, g.mvs[i])
	}
	for i, f := range g.fills {
		fmt.Fprintf(src, "\tc.tb%d = %s\n", i, f)
	}
}

// tabLen is the length of the table of the library's primitive name.
func (g *genWriter[P]) tabLen(name string) int {
	fn, _ := g.lib.LookupFunc(name)
	return len(g.tabled(fn).vals)
}

// writer is a writer of the compiler's formulas.
func (c *compiler[P]) writer() *genWriter[P] {
	var defs map[string]*Definition[P]
	if c.names != nil {
		defs = c.names.defs
	}
	return &genWriter[P]{lib: c.lib, defs: defs, tabled: c.tabled, scopes: []map[string]gval{{}}}
}

// argVar is the Go name of a formula's position.
func argVar(a Arg) string { return [...]string{P0: "p0", P1: "p1", P2: "p2"}[a] }

// formula writes f and returns its Go bool.
func (g *genWriter[P]) formula(f *Formula[P]) string {
	if g.bad {
		return "false"
	}
	switch f.Op {
	case OpTrue:
		return "true"
	case OpFalse:
		return "false"
	case OpNot:
		x := g.formula(f.L)
		v := g.fresh()
		g.line("%s := !%s", v, x)
		return v
	case OpAnd, OpOr:
		var parts []*Formula[P]
		var split func(h *Formula[P])
		split = func(h *Formula[P]) {
			if h.Op == f.Op && h.memo == 0 {
				split(h.L)
				split(h.R)
				return
			}
			parts = append(parts, h)
		}
		split(f)
		fs := make([]func() string, len(parts))
		for i, p := range parts {
			fs[i] = func() string { return g.formula(p) }
		}
		return g.junction(f.Op == OpAnd, fs)
	case OpImplies:
		return g.junction(false, []func() string{
			func() string {
				x := g.formula(f.L)
				v := g.fresh()
				g.line("%s := !%s", v, x)
				return v
			},
			func() string { return g.formula(f.R) },
		})
	case OpIff:
		a, b := g.formula(f.L), g.formula(f.R)
		v := g.fresh()
		g.line("%s := %s == %s", v, a, b)
		return v
	case OpAtom:
		return g.atom(f)
	}
	g.bad = true
	return "false"
}

// junction writes the operands in order, each only when those before it
// did not decide (and: all true; or: one true).
func (g *genWriter[P]) junction(and bool, parts []func() string) string {
	v := g.fresh()
	g.line("%s := %v", v, !and)
	for i, p := range parts {
		x := p()
		if i == len(parts)-1 {
			g.line("%s = %s", v, x)
			break
		}
		if and {
			g.open("if %s {", x)
		} else {
			g.open("if !%s {", x)
		}
	}
	for range parts[1:] {
		g.close("}")
	}
	return v
}

// atom writes a predicate applied to the formula's positions.
func (g *genWriter[P]) atom(f *Formula[P]) string {
	pa, pb := argVar(f.A), argVar(f.B)
	if p, ok := g.lib.Lookup(f.Pred.Name); f.Pred.def == nil && (!ok || p != f.Pred) {
		g.bad = true
		return "false"
	}
	if d := f.Pred.def; d != nil {
		if d.loops || d.body == nil {
			g.bad = true
			return "false"
		}
		sc := gscope{vars: map[string]gvar{}, def: pa}
		ps := []string{pa, pb}
		i := 0
		for _, p := range d.Params {
			if p.Type != TPosition {
				g.bad = true
				return "false"
			}
			sc.vars[p.Name] = gvar{s: ps[i], isPos: true, t: TPosition}
			sc.def = ps[i]
			i++
		}
		v := g.expr(d.body, sc)
		if v.t != TBool {
			g.bad = true
			return "false"
		}
		return v.s
	}
	if g.move && (pa != "p1" || (f.Pred.Kind == RelationKind && pb != "p1")) {
		g.bad = true // a library predicate after the move
		return "false"
	}
	v := g.fresh()
	if f.Pred.Kind == RelationKind {
		g.line("%s := c.r%d(%s, %s)", v, index(&g.rels, f.Pred.Name), pa, pb)
	} else if r, ok := g.placedPred(f.Pred, pa); ok {
		g.line("%s := %s", v, r)
	} else {
		g.line("%s := c.q%d(%s)", v, index(&g.preds, f.Pred.Name), pa)
	}
	return v
}

// placedPred is the Go bool of library predicate pr of position pos read
// in place (Predicate.Place), ok false when it has no place.
func (g *genWriter[P]) placedPred(pr *Predicate[P], pos string) (string, bool) {
	l, ok := pr.placed()
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%s == %d", placedRead(pos, l), pr.Is), true
}

// placedRead is the Go int32 of the value at place l of position pos.
func placedRead(pos string, l place) string {
	w := fmt.Sprintf("gw(unsafe.Pointer(%s), %d, %d)", pos, l.a, l.b)
	switch l.op {
	case PlaceFirst:
		return "gFirst(" + w + ")"
	case PlaceLast:
		return "gLast(" + w + ")"
	case PlaceCount:
		return "gCount(" + w + ")"
	}
	return fmt.Sprintf("int32(uint8(%s >> %d))", w, l.shift)
}

// cseKey is the key of e in scope sc for the values written once.
func (sc gscope) key(e lang.Expr) string {
	names := make([]string, 0, len(sc.vars))
	for n, v := range sc.vars {
		names = append(names, n+"="+v.s)
	}
	sort.Strings(names)
	return sc.def + "|" + strings.Join(names, ",") + "|" + lang.ExprString(e)
}

// expr writes e in scope sc.
func (g *genWriter[P]) expr(e lang.Expr, sc gscope) gval {
	if g.bad {
		return gval{s: "false", t: TBool}
	}
	switch e := e.(type) {
	case *lang.Const:
		return gval{s: strconv.FormatBool(e.Value), t: TBool}
	case *lang.IntLit:
		n, err := strconv.ParseInt(e.Text, 10, 32)
		if err != nil {
			g.bad = true
			return gval{s: "0", t: TInt}
		}
		return gval{s: "int32(" + strconv.FormatInt(n, 10) + ")", t: TInt, bound: litBound(int32(n))}
	case *lang.SideLit:
		if e.Side == "black" {
			return gval{s: "int32(1)", t: TSide, bound: 2}
		}
		return gval{s: "int32(0)", t: TSide, bound: 2}
	case *lang.PieceSq:
		return g.expr(pieceCall(e), sc)
	case *lang.Not:
		x := g.expr(e.X, sc)
		v := g.fresh()
		g.line("%s := !%s", v, x.s)
		return gval{s: v, t: TBool}
	case *lang.Neg:
		x := g.expr(e.X, sc)
		v := g.fresh()
		g.line("%s := None", v)
		g.line("if %s != None { %s = -%s }", x.s, v, x.s)
		return gval{s: v, t: TInt}
	case *lang.Binary:
		return g.binary(e, sc)
	case *lang.Compare:
		return g.compare(e, sc)
	case *lang.In:
		v, ok := sc.vars[e.At.Name]
		if !ok || !v.isPos {
			g.bad = true
			return gval{s: "false", t: TBool}
		}
		inner := sc
		inner.def = v.s
		return g.expr(e.X, inner)
	case *lang.Cond:
		if v, ok := g.counted(e, sc); ok {
			return v
		}
		c := g.expr(e.If, sc)
		v := g.fresh()
		g.line("var %s %s", v, "int32")
		g.open("if %s {", c.s)
		a := g.expr(e.Then, sc)
		g.line("%s = %s", v, g.asInt(a))
		g.close("} else {")
		g.scopes = append(g.scopes, map[string]gval{})
		g.depth++
		b := g.expr(e.Else, sc)
		g.line("%s = %s", v, g.asInt(b))
		g.close("}")
		if a.t == TBool {
			return gval{s: "(" + v + " != 0)", t: TBool}
		}
		return gval{s: v, t: a.t}
	case *lang.Call:
		return g.call(e, sc)
	}
	g.bad = true
	return gval{s: "false", t: TBool}
}

func (g *genWriter[P]) binary(e *lang.Binary, sc gscope) gval {
	var op string
	switch e.Op {
	case lang.OpAnd, lang.OpOr:
		parts := operands(e, e.Op)
		fs := make([]func() string, len(parts))
		for i, p := range parts {
			fs[i] = func() string { return g.expr(p, sc).s }
		}
		return gval{s: g.junction(e.Op == lang.OpAnd, fs), t: TBool}
	case lang.OpImplies:
		return gval{s: g.junction(false, []func() string{
			func() string {
				x := g.expr(e.L, sc)
				v := g.fresh()
				g.line("%s := !%s", v, x.s)
				return v
			},
			func() string { return g.expr(e.R, sc).s },
		}), t: TBool}
	case lang.OpIff:
		a, b := g.expr(e.L, sc), g.expr(e.R, sc)
		v := g.fresh()
		g.line("%s := %s == %s", v, a.s, b.s)
		return gval{s: v, t: TBool}
	case lang.OpAdd:
		op = "+"
	case lang.OpSub:
		op = "-"
	case lang.OpMul:
		op = "*"
	case lang.OpDiv, lang.OpMod:
	default:
		g.bad = true
		return gval{s: "0", t: TInt}
	}
	a, b := g.expr(e.L, sc), g.expr(e.R, sc)
	v := g.fresh()
	if ba, bb := boundOf(a), boundOf(b); op != "" && ba > 0 && bb > 0 && (op != "*" || ba*bb < 1<<30) {
		// Never nothing, and far from overflowing: no test.
		bound := ba + bb
		if op == "*" {
			bound = ba * bb
		}
		g.line("%s := %s %s %s", v, g.asInt(a), op, g.asInt(b))
		return gval{s: v, t: TInt, bound: bound}
	}
	g.line("%s := None", v)
	if op != "" {
		g.line("if %s != None && %s != None { %s = %s %s %s }", a.s, b.s, v, a.s, op, b.s)
	} else {
		g.line("if %s != None && %s != None { %s = divMod(%d, %s, %s) }", a.s, b.s, v, e.Op, a.s, b.s)
	}
	return gval{s: v, t: TInt}
}

var goCmp = map[lang.CmpOp]string{lang.CmpEq: "==", lang.CmpNe: "!=", lang.CmpLt: "<", lang.CmpLe: "<=", lang.CmpGt: ">", lang.CmpGe: ">="}

// compare writes a comparison (a chain reads each operand once, and the
// next only when the comparisons before it hold); with nothing it is
// false.
func (g *genWriter[P]) compare(e *lang.Compare, sc gscope) gval {
	v := g.fresh()
	g.line("%s := false", v)
	a := g.expr(e.Xs[0], sc)
	as := g.asInt(a)
	opened := 0
	for i, op := range e.Ops {
		b := g.expr(e.Xs[i+1], sc)
		bs := g.asInt(b)
		// Nothing (None, the least int32) compares false with a value
		// that is never nothing by =, and as the greater by > and >=:
		// the Go comparison says so without the test.
		var tests []string
		if !a.sure() && !(b.sure() && (op == lang.CmpEq || op == lang.CmpGt || op == lang.CmpGe)) {
			tests = append(tests, as+" != None")
		}
		if !b.sure() && !(a.sure() && (op == lang.CmpEq || op == lang.CmpLt || op == lang.CmpLe)) {
			tests = append(tests, bs+" != None")
		}
		cond := strings.Join(append(tests, fmt.Sprintf("%s %s %s", as, goCmp[op], bs)), " && ")
		if i == len(e.Ops)-1 {
			g.line("%s = %s", v, cond)
			break
		}
		g.open("if %s {", cond)
		opened++
		a, as = b, bs
	}
	for ; opened > 0; opened-- {
		g.close("}")
	}
	return gval{s: v, t: TBool}
}

// call writes a call: a variable, a constant, a definition in place, a
// library predicate or a primitive.
func (g *genWriter[P]) call(e *lang.Call, sc gscope) gval {
	if !e.Paren {
		if v, ok := sc.vars[e.Name]; ok {
			if v.isPos {
				g.bad = true
				return gval{s: "0", t: TInt}
			}
			return gval{s: v.s, t: v.t}
		}
		if k, ok := g.lib.LookupConst(e.Name); ok {
			return gval{s: "int32(" + strconv.Itoa(int(k.Value)) + ")", t: k.Type, bound: litBound(k.Value)}
		}
	}
	key := sc.key(e)
	if v, ok := g.subst[key]; ok {
		return v
	}
	if v, ok := g.seen(key); ok {
		return v
	}
	if v, ok := g.tabulated(e, sc); ok {
		g.remember(key, v)
		return v
	}
	v := g.call0(e, sc)
	if !g.bad && v.s != "" && !strings.HasPrefix(v.s, "int32(") && v.s != "true" && v.s != "false" {
		if strings.ContainsAny(v.s, " (") {
			w := g.fresh()
			g.line("%s := %s", w, v.s)
			v.s = w
		}
		g.remember(key, v)
	}
	return v
}

func (g *genWriter[P]) call0(e *lang.Call, sc gscope) gval {
	d, ok := g.defs[e.Name]
	var ce callee[P]
	switch {
	case ok:
		ce = callee[P]{kind: "definition", positions: d.positions, values: d.values, result: d.Result, def: d}
	default:
		if f, ok := g.lib.LookupFunc(e.Name); ok {
			ce = callee[P]{kind: "primitive", positions: f.Reads, values: f.Params, result: f.Result, fn: f}
		} else if p, ok := g.lib.Lookup(e.Name); ok {
			n := 1
			if p.Kind == RelationKind {
				n = 2
			}
			ce = callee[P]{kind: "predicate", positions: n, result: TBool, pred: p}
		} else {
			g.bad = true
			return gval{s: "0", t: TInt}
		}
	}
	args := e.Args
	np := len(args) - len(ce.values)
	if np < 0 || np > 2 || (ce.positions == 2 && np != 2) || (np > ce.positions) {
		g.bad = true
		return gval{s: "0", t: TInt}
	}
	var pos []string
	for i := 0; i < np; i++ {
		a, ok := args[i].(*lang.Call)
		if !ok || a.Paren {
			g.bad = true
			return gval{s: "0", t: TInt}
		}
		v, ok := sc.vars[a.Name]
		if !ok || !v.isPos {
			g.bad = true
			return gval{s: "0", t: TInt}
		}
		pos = append(pos, v.s)
	}
	if ce.positions == 1 && np == 0 {
		pos = []string{sc.def}
	}
	vals := make([]gval, len(ce.values))
	for i := range ce.values {
		vals[i] = g.expr(args[np+i], sc)
	}
	if g.bad {
		return gval{s: "0", t: TInt}
	}
	switch ce.kind {
	case "definition":
		d := ce.def
		if d.loops || d.body == nil || len(pos) != d.positions {
			g.bad = true
			return gval{s: "0", t: TInt}
		}
		inner := gscope{vars: map[string]gvar{}, def: pos[len(pos)-1]}
		ip, iv := 0, 0
		for _, p := range d.Params {
			if p.Type == TPosition {
				inner.vars[p.Name] = gvar{s: pos[ip], isPos: true, t: TPosition}
				ip++
				continue
			}
			a := vals[iv]
			iv++
			s := a.s
			if strings.ContainsAny(s, " (") {
				w := g.fresh()
				g.line("%s := %s", w, s)
				g.line("_ = %s", w)
				s = w
			}
			inner.vars[p.Name] = gvar{s: s, t: p.Type}
		}
		return g.expr(d.body, inner)
	case "predicate":
		if g.move && (pos[0] != "p1" || (len(pos) > 1 && pos[1] != "p1")) {
			g.bad = true // a library predicate after the move
			return gval{s: "false", t: TBool}
		}
		v := g.fresh()
		if ce.pred.Kind == RelationKind {
			g.line("%s := c.r%d(%s, %s)", v, index(&g.rels, ce.pred.Name), pos[0], pos[1])
		} else if r, ok := g.placedPred(ce.pred, pos[0]); ok {
			g.line("%s := %s", v, r)
		} else {
			g.line("%s := c.q%d(%s)", v, index(&g.preds, ce.pred.Name), pos[0])
		}
		return gval{s: v, t: TBool}
	}
	return g.prim(ce.fn, pos, vals)
}

// prim writes a call of primitive f (nothing when an argument is
// nothing, false for a condition).
func (g *genWriter[P]) prim(f *Func[P], pos []string, vals []gval) gval {
	if g.move {
		for _, p := range pos {
			if p == "p0" {
				g.bad = true // the root: not read by a move test
				return gval{s: "0", t: TInt}
			}
		}
	}
	res := func(s string) gval {
		if f.Result == TBool {
			return gval{s: "(" + s + " != 0)", t: TBool}
		}
		return gval{s: s, t: f.Result}
	}
	miss := "None"
	if f.Result == TBool {
		miss = "0"
	}
	allConst := true
	var x [3]int32
	for i, v := range vals {
		n, ok := constOf(v)
		allConst = allConst && ok
		x[i] = n
	}
	if f.arith != aNone {
		a := g.asInt(vals[0])
		v := g.fresh()
		g.line("%s := None", v)
		switch f.arith {
		case aAbs:
			g.line("if %s != None { %s = %s; if %s < 0 { %s = -%s } }", a, v, a, v, v, v)
		default:
			b := g.asInt(vals[1])
			fn := "min"
			if f.arith == aMax {
				fn = "max"
			}
			g.line("if %s != None && %s != None { %s = %s(%s, %s) }", a, b, v, fn, a, b)
		}
		return gval{s: v, t: TInt}
	}
	if allConst {
		for i := range vals {
			if x[i] == None {
				return res(miss)
			}
		}
		if f.Reads == 0 {
			return res("int32(" + strconv.Itoa(int(f.Eval(nil, nil, x[0], x[1], x[2]))) + ")")
		}
		if f.Reads == 1 && (!g.move || pos[0] == "p1") {
			if l := placeOf(f, x[0], x[1], x[2]); l.op != 0 {
				w := fmt.Sprintf("gw(unsafe.Pointer(%s), %d, %d)", pos[0], l.a, l.b)
				switch l.op {
				case PlaceFirst:
					return res("gFirst(" + w + ")")
				case PlaceLast:
					return res("gLast(" + w + ")")
				case PlaceCount:
					v := res("gCount(" + w + ")")
					v.bound = 65
					return v
				}
				v := res(fmt.Sprintf("int32(uint8(%s >> %d))", w, l.shift))
				v.bound = 256
				return v
			}
		}
	}
	args := make([]string, 3)
	for i := range args {
		args[i] = "0"
	}
	var checks []string
	for i, v := range vals {
		args[i] = g.asInt(v)
		if _, ok := constOf(v); !ok && v.t != TBool {
			checks = append(checks, args[i]+" == None")
		}
	}
	if f.Reads == 0 && g.tabled(f) != nil {
		tab := g.tabled(f)
		t := index(&g.tabs, f.Name)
		if len(vals) == 1 {
			if tab.exact {
				return res(fmt.Sprintf("gExact1(c.t%dv[:], %d, %d, %s)", t, tab.lo[0], tab.n[0], args[0]))
			}
			return res(fmt.Sprintf("gTab1(c.t%dv[:], %d, %d, %s, c.t%d)", t, tab.lo[0], tab.n[0], args[0], t))
		}
		return res(fmt.Sprintf("gTab2(c.t%dv[:], uint32(%s-(%d)), uint32(%s-(%d)), %d, %d, c.t%d, %s, %s)", t, args[0], tab.lo[0], args[1], tab.lo[1], tab.n[0], tab.n[1], t, args[0], args[1]))
	}
	pa, pb := "nil", "nil"
	if len(pos) > 0 && f.Reads > 0 {
		pa = pos[0]
	}
	if len(pos) > 1 && f.Reads > 1 {
		pb = pos[1]
	}
	call := ""
	if g.move && f.Reads > 0 {
		switch {
		case f.Reads == 1 && pa == "p1", f.Reads == 2 && pa == "p1" && pb == "p1":
		case f.Move != nil && (f.Reads == 1 && pa == "p2" || f.Reads == 2 && pa == "p1" && pb == "p2"):
			// The primitive after the move: its move form.
			if v, ok := g.placedAfter(f, allConst, x); ok {
				return v
			}
			i := index(&g.mvs, f.Name)
			if i == len(g.mvFn) {
				g.mvFn = append(g.mvFn, f.Move)
			}
			call = fmt.Sprintf("c.mv%d(p1, m, %s, %s, %s)", i, args[0], args[1], args[2])
		default:
			g.bad = true
			return gval{s: "0", t: TInt}
		}
	}
	if call == "" {
		call = fmt.Sprintf("c.f%d(%s, %s, %s, %s, %s)", index(&g.fns, f.Name), pa, pb, args[0], args[1], args[2])
	}
	if len(checks) == 0 {
		return res(call)
	}
	v := g.fresh()
	g.line("%s := int32(%s)", v, miss)
	g.line("if !(%s) { %s = %s }", strings.Join(checks, " || "), v, call)
	return res(v)
}

// placedAfter writes the value of placed primitive f (Place.Men) with
// constant arguments x in the position after the move m of p1, read in
// place from p1 and the move's word for a plain move (MovePlace), call
// (its move form) for any other; ok false when f has no such place.
func (g *genWriter[P]) placedAfter(f *Func[P], allConst bool, x [3]int32) (gval, bool) {
	if g.mp == nil {
		return gval{}, false
	}
	if f.Reads == 2 {
		// The move's own primitives (MovePlace.Moved...): its fields.
		mp := g.mp
		g.mw = true
		switch f.Name {
		case "":
		case mp.Moved:
			return gval{s: fmt.Sprintf("int32(mw >> %d & %d)", mp.KindShift, uint32(1)<<mp.KindBits-1), t: f.Result, bound: 1 << mp.KindBits}, true
		case mp.MovedFrom:
			return gval{s: fmt.Sprintf("int32(mw >> %d & 63)", mp.From), t: f.Result, bound: 64}, true
		case mp.MovedTo:
			return gval{s: fmt.Sprintf("int32(mw >> %d & 63)", mp.To), t: f.Result, bound: 64}, true
		}
		return gval{}, false
	}
	if !allConst || f.Reads != 1 {
		return gval{}, false
	}
	l := placeOf(f, x[0], x[1], x[2])
	if !l.men || l.op != PlaceFirst && l.op != PlaceLast && l.op != PlaceCount {
		return gval{}, false
	}
	g.mw, g.stm = true, true
	mp := g.mp
	w := fmt.Sprintf("gAfter(gw(unsafe.Pointer(p1), %d, %d), mw, stm, %d, %d, %d, %d, %d, %d)",
		l.a, l.b, l.side, l.kind, mp.From, mp.To, mp.KindShift, uint32(1)<<mp.KindBits-1)
	v := g.fresh()
	switch l.op {
	case PlaceFirst:
		g.line("%s := gFirst(%s)", v, w)
	case PlaceLast:
		g.line("%s := gLast(%s)", v, w)
	default:
		g.line("%s := gCount(%s)", v, w)
	}
	r := gval{s: v, t: f.Result}
	if l.op == PlaceCount {
		r.bound = 65
	}
	return r, true
}

// gAfter is the word w of side's men of kind (Place.Men) after the
// plain move mw of a position whose side to move is stm (MovePlace:
// from, to and the kind's shift, kmask its mask).
func gAfter(w uint64, mw uint32, stm, side, kind int32, from, to, kshift uint8, kmask uint32) uint64 {
	t := uint64(1) << (mw >> to & 63)
	if stm != side {
		return w &^ t
	}
	if int32(mw>>kshift&kmask) == kind {
		w ^= uint64(1)<<(mw>>from&63) | t
	}
	return w
}

// constOf reports the constant a Go value is, when it is one.
func constOf(v gval) (int32, bool) {
	if s, ok := strings.CutPrefix(v.s, "int32("); ok {
		if n, err := strconv.ParseInt(strings.TrimSuffix(s, ")"), 10, 32); err == nil {
			return int32(n), true
		}
	}
	switch v.s {
	case "true":
		return 1, true
	case "false":
		return 0, true
	}
	return 0, false
}

// The generated sources' helpers: the placed reads (place.get by op).

func gw(p unsafe.Pointer, a, b uintptr) uint64 {
	return *(*uint64)(unsafe.Add(p, a)) & *(*uint64)(unsafe.Add(p, b))
}

func gFirst(w uint64) int32 {
	if w == 0 {
		return None
	}
	return int32(bits.TrailingZeros64(w))
}

func gLast(w uint64) int32 {
	if w == 0 {
		return None
	}
	return int32(63 - bits.LeadingZeros64(w))
}

func gCount(w uint64) int32 { return int32(bits.OnesCount64(w)) }

// gExact1 reads an exact table of one argument (exact1), gTab1 and gTab2
// any table of one and two arguments (at1, at2): the common way in
// place, the rest (nothing, an integer outside the table) called.
func gExact1(vals []int32, lo, n, u int32) int32 {
	return vals[min(uint32(u-lo), uint32(n))]
}

func gTab1(vals []int32, lo, n, u int32, t *table) int32 {
	if i := uint32(u - lo); i < uint32(n) {
		return vals[i]
	}
	return t.off(u, 0)
}

func gTab2(vals []int32, i, j, n0, n1 uint32, t *table, u, v int32) int32 {
	if i < n0 && j < n1 {
		return vals[i*n1+j]
	}
	return t.off(u, v)
}

// off is the table's primitive outside its table: nothing of nothing,
// else computed.
//
//go:noinline
func (t *table) off(u, v int32) int32 {
	if u == None || v == None {
		return t.miss
	}
	return t.slow(u, v)
}

// generated returns the generated evaluator of f when there is one for
// its source, bound to the base's library; nil otherwise.
func (c *compiler[P]) generated(f *Formula[P]) func(p0, p1, p2 *P, m *Cache) bool {
	if !generatedFor[P]() {
		return nil
	}
	gg, w, ok := c.emitGoal(f)
	if !ok {
		return nil
	}
	c.base.goalSources = append(c.base.goalSources, gg)
	if !useGenerated.Load() {
		return nil
	}
	mk, _ := generatedFn(gg.Key).(func(e *genEnv[P]) func(p0, p1, p2 *P, _ *Cache) bool)
	if mk == nil {
		return nil
	}
	return mk(w.env())
}

// env binds the names the source read to its library.
func (w *genWriter[P]) env() *genEnv[P] {
	e := &genEnv[P]{}
	for _, n := range w.tabs {
		fn, _ := w.lib.LookupFunc(n)
		e.tabs = append(e.tabs, w.tabled(fn))
	}
	for _, n := range w.preds {
		p, _ := w.lib.Lookup(n)
		e.preds = append(e.preds, p.Pos)
	}
	for _, n := range w.rels {
		p, _ := w.lib.Lookup(n)
		e.rels = append(e.rels, p.Rel)
	}
	for _, n := range w.fns {
		fn, _ := w.lib.LookupFunc(n)
		e.fns = append(e.fns, fn.Eval)
	}
	return e
}

// formulaText is f written out, for the generated file's comments.
func formulaText[P any](f *Formula[P]) string {
	switch f.Op {
	case OpTrue:
		return "true"
	case OpFalse:
		return "false"
	case OpNot:
		return "~" + formulaText(f.L)
	case OpAnd, OpOr, OpImplies, OpIff:
		op := map[Op]string{OpAnd: " & ", OpOr: " | ", OpImplies: " -> ", OpIff: " <-> "}[f.Op]
		return "(" + formulaText(f.L) + op + formulaText(f.R) + ")"
	case OpAtom:
		if f.Pred.Kind == RelationKind {
			return f.Pred.Name + "(" + f.A.String() + ", " + f.B.String() + ")"
		}
		return f.Pred.Name + "(" + f.A.String() + ")"
	}
	return "?"
}

// useGenerated says whether the compiler takes the generated goals
// (UseGeneratedGoals).
var useGenerated = func() *atomic.Bool {
	var b atomic.Bool
	b.Store(true)
	return &b
}()

// UseGeneratedGoals says whether the bases compiled from now on take the
// generated goals where they have them (the default) or compile every
// formula into closures, and returns what it said before: for tests that
// compare the two.
func UseGeneratedGoals(on bool) bool { return useGenerated.Swap(on) }

// GoalSources are the Go sources of the base's formulas that the
// generator writes (for the generator and its test).
func (b *Base[P]) GoalSources() []GenGoal { return b.goalSources }

// GoalsFile is the Go file of the generated goals (goals_gen.go) for
// the given sources of positions of type typeName (package path and
// name), each written once, by key.
func GoalsFile(goals []GenGoal) []byte {
	byKey := map[string]GenGoal{}
	texts := map[string][]string{}
	for _, g := range goals {
		byKey[g.Key] = g
		if !slices.Contains(texts[g.Key], g.Text) {
			texts[g.Key] = append(texts[g.Key], g.Text)
		}
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("// Code generated by go run ./gengoals; DO NOT EDIT.\n\n")
	b.WriteString("package kb\n\nimport \"unsafe\"\n\nvar _ = unsafe.Pointer(nil)\n\n")
	b.WriteString("// registerGenerated files every generated goal and move test, for\n")
	b.WriteString("// positions of type P and moves of type M.\n")
	b.WriteString("func registerGenerated[P any, M comparable](reg func(key string, fn any)) {\n")
	for _, k := range keys {
		if byKey[k].Move {
			fmt.Fprintf(&b, "\treg(%q, genMove_%s[P, M])\n", k, k)
		} else {
			fmt.Fprintf(&b, "\treg(%q, genGoal_%s[P])\n", k, k)
		}
	}
	b.WriteString("}\n")
	for _, k := range keys {
		ts := texts[k]
		sort.Strings(ts)
		b.WriteString("\n")
		for _, t := range ts {
			fmt.Fprintf(&b, "// %s\n", t)
		}
		// (Not inlined into registerGenerated, which would hold every
		// goal's closure: Go inlines little into a function that large.)
		if byKey[k].Move {
			fmt.Fprintf(&b, "//go:noinline\nfunc genMove_%s[P any, M comparable]%s", k, byKey[k].Source)
			continue
		}
		fmt.Fprintf(&b, "//go:noinline\nfunc genGoal_%s[P any]%s", k, byKey[k].Source)
	}
	return []byte(b.String())
}

// Generated reports whether f is evaluated by a goal compiled ahead of
// time (gogen.go) rather than by closures.
func (f *Formula[P]) Generated() bool { return f != nil && f.gen }

// emitMoveTest writes the move test of constraint o (MoveTest's: the
// index of the first part that allows the move m of p1, read through the
// move forms of the primitives it reads after the move) as Go source, for
// moves of type M.
func emitMoveTest[P any, M comparable](o Order[P]) (gg GenGoal, w *genWriter[P], ok bool) {
	defer func() {
		if recover() != nil {
			gg, w, ok = GenGoal{}, nil, false
		}
	}()
	var names *defNames[P]
	var find func(f *Formula[P])
	find = func(f *Formula[P]) {
		if f == nil || names != nil {
			return
		}
		if f.Op == OpAtom && f.Pred.def != nil {
			names = f.Pred.def.names
		}
		find(f.L)
		find(f.R)
	}
	for _, f := range o {
		find(f)
	}
	if names == nil || len(o) == 0 {
		return GenGoal{}, nil, false
	}
	tables := map[*Func[P]]*table{}
	var zm M
	g := &genWriter[P]{lib: names.lib, defs: names.defs, move: true, scopes: []map[string]gval{{}}, mp: movePlaceOf(names.lib, unsafe.Sizeof(zm)),
		tabled: func(f *Func[P]) *table {
			t, ok := tables[f]
			if !ok {
				t = tabulate(f)
				tables[f] = t
			}
			return t
		}}
	var texts []string
	write := func() {
		for i, f := range o {
			v := g.formula(f)
			g.line("if %s {", v)
			g.line("\treturn %d, true", i)
			g.line("}")
		}
		g.line("return 0, false")
	}
	for _, f := range o {
		texts = append(texts, formulaText(f))
	}
	// With the library's MovePlace, the test is written twice: for the
	// plain moves, the men after the move read in place (no call, so
	// nothing is spilled); for the others (castling, promotions...), the
	// move forms called, in a closure of its own.
	mp := g.mp
	g.mp = nil
	write()
	var slow string
	if mp != nil && !g.bad {
		slow = g.body.String()
		g.body.Reset()
		g.scopes = []map[string]gval{{}}
		g.mp = mp
		write()
		if !g.mw && !g.stm {
			// Nothing read after the move in place: one test.
			g.body.Reset()
			g.body.WriteString(slow)
			slow = ""
		}
	}
	if g.bad {
		return GenGoal{}, nil, false
	}
	var src strings.Builder
	src.WriteString("(e *genEnv[P], mvs []any) func(p1 *P, m M, _ *MoveEnv) (int, bool) {\n")
	g.header(&src)
	if slow != "" {
		src.WriteString("\tslow := func(p1 *P, m M) (int, bool) {\n")
		src.WriteString(slow)
		src.WriteString("\t}\n")
	}
	src.WriteString("\treturn func(p1 *P, m M, _ *MoveEnv) (int, bool) {\n")
	if slow != "" {
		src.WriteString("\t\tmw := *(*uint32)(unsafe.Pointer(&m))\n")
		fmt.Fprintf(&src, "\t\tif mw&%#x != 0 {\n\t\t\treturn slow(p1, m)\n\t\t}\n", mp.Special)
		if g.stm {
			s := mp.Side
			fmt.Fprintf(&src, "\t\tstm := int32(uint8(gw(unsafe.Pointer(p1), %d, %d) >> %d))\n", s.A, s.A, s.Shift)
		}
	}
	src.WriteString(g.body.String())
	src.WriteString("\t}\n}\n")
	var zp P
	tp, tm := reflect.TypeOf(zp), reflect.TypeOf(zm)
	h := sha256.Sum256([]byte("move " + tp.PkgPath() + "." + tp.Name() + " " + strconv.Itoa(int(unsafe.Sizeof(zp))) + " " + tm.PkgPath() + "." + tm.Name() + "\n" + src.String()))
	return GenGoal{Key: hex.EncodeToString(h[:8]), Source: src.String(), Text: "moves " + strings.Join(texts, " then "), Move: true}, g, true
}

// MoveTestSource is the Go source of the move test of o, when the
// generator writes one (for the generator).
func MoveTestSource[P any, M comparable](o Order[P]) (GenGoal, bool) {
	if _, test := moveTest[P, M](o); test == nil {
		return GenGoal{}, false
	}
	gg, _, ok := emitMoveTest[P, M](o)
	return gg, ok
}

// generatedMove is the generated move test of o, bound to its library,
// when there is one; nil otherwise.
func generatedMove[P any, M comparable](o Order[P]) func(p1 *P, m M, e *MoveEnv) (int, bool) {
	if !generatedFor[P]() || !useGenerated.Load() {
		return nil
	}
	gg, w, ok := emitMoveTest[P, M](o)
	if !ok {
		return nil
	}
	mk, _ := generatedFn(gg.Key).(func(e *genEnv[P], mvs []any) func(p1 *P, m M, _ *MoveEnv) (int, bool))
	if mk == nil {
		return nil
	}
	return mk(w.env(), w.mvFn)
}

// A term of one or two inputs (tabulated): a term that reads its
// positions only through one or two squares or sides (broom: the black
// king's square and the_rook's) is a table of them, filled when the goal
// is bound by the term's own source evaluated at every value of its
// inputs (a square 0 to 63 or nothing), as kb's tables are (tab.go):
// `if box = 0 then 64 else box` of two reads and two tables of files and
// ranks is one load.

// genInput is an input of a tabulated term: a call of a square or a
// side that reads a position, in its scope.
type genInput struct {
	e   *lang.Call
	sc  gscope
	key string
}

// tabMinLines is the least code (lines) worth a table.
const tabMinLines = 5

// tabulated writes e as a table of its inputs when it has one or two and
// its code is worth it.
func (g *genWriter[P]) tabulated(e *lang.Call, sc gscope) (gval, bool) {
	if g.noTab {
		return gval{}, false
	}
	for _, v := range sc.vars {
		if !v.isPos {
			return gval{}, false
		}
	}
	var ins []genInput
	if g.inputOf(e, sc) || !g.inputs(e, sc, &ins) || len(ins) == 0 || len(ins) > 2 {
		return gval{}, false
	}
	sub := &genWriter[P]{lib: g.lib, defs: g.defs, tabled: g.tabled, move: g.move, noTab: true,
		scopes: []map[string]gval{{}}, tabs: g.tabs, subst: map[string]gval{}}
	names := []string{"a", "b"}
	for i, in := range ins {
		sub.subst[in.key] = gval{s: names[i], t: TSquare}
	}
	v := sub.expr(e, sc)
	body := sub.body.String()
	if sub.bad || len(sub.preds)+len(sub.rels)+len(sub.fns)+len(sub.mvs) > 0 || strings.Contains(body, "unsafe.") ||
		strings.Count(body, "\n") < tabMinLines {
		return gval{}, false
	}
	g.tabs = sub.tabs
	var fill string
	if len(ins) == 1 {
		fill = "gFill1(func(a int32) int32 {\n" + body + "\t\treturn " + sub.asInt(v) + "\n\t})"
	} else {
		fill = "gFill2(func(a, b int32) int32 {\n" + body + "\t\treturn " + sub.asInt(v) + "\n\t})"
	}
	i := slices.Index(g.fills, fill)
	if i < 0 {
		i = len(g.fills)
		g.fills = append(g.fills, fill)
	}
	var args []string
	for _, in := range ins {
		args = append(args, g.asInt(g.expr(in.e, in.sc)))
	}
	w := g.fresh()
	if len(ins) == 1 {
		g.line("%s := gIn1(c.tb%d, %s)", w, i, args[0])
	} else {
		g.line("%s := gIn2(c.tb%d, %s, %s)", w, i, args[0], args[1])
	}
	if v.t == TBool {
		return gval{s: "(" + w + " != 0)", t: TBool}, true
	}
	return gval{s: w, t: v.t}, true
}

// inputOf reports whether call e is an input: a primitive of the position
// with constant arguments, or a definition without value parameters, of
// a square or a side.
func (g *genWriter[P]) inputOf(e *lang.Call, sc gscope) bool {
	if !e.Paren {
		if _, ok := sc.vars[e.Name]; ok {
			return false
		}
		if _, ok := g.lib.LookupConst(e.Name); ok {
			return false
		}
	}
	small := func(t Type) bool { return t == TSquare || t == TSide }
	if d, ok := g.defs[e.Name]; ok {
		return small(d.Result) && len(d.values) == 0 && len(e.Args) == 0
	}
	if f, ok := g.lib.LookupFunc(e.Name); ok && f.Reads == 1 && small(f.Result) && f.arith == aNone {
		for _, a := range e.Args {
			if !g.constArg(a, sc) {
				return false
			}
		}
		return len(e.Args) == len(f.Params)
	}
	return false
}

// constArg reports whether a is a constant (a literal or a named one).
func (g *genWriter[P]) constArg(a lang.Expr, sc gscope) bool {
	switch a := a.(type) {
	case *lang.IntLit, *lang.SideLit, *lang.Const:
		return true
	case *lang.Call:
		if a.Paren || len(a.Args) > 0 {
			return false
		}
		if _, ok := sc.vars[a.Name]; ok {
			return false
		}
		_, ok := g.lib.LookupConst(a.Name)
		return ok
	}
	return false
}

// inputs collects the inputs of e in scope sc, and reports whether e
// reads its positions only through them (no predicate, no other
// primitive of a position, no input where a value parameter is in scope).
func (g *genWriter[P]) inputs(e lang.Expr, sc gscope, out *[]genInput) bool {
	switch e := e.(type) {
	case *lang.Const, *lang.IntLit, *lang.SideLit:
		return true
	case *lang.PieceSq:
		return g.inputs(pieceCall(e), sc, out)
	case *lang.Not:
		return g.inputs(e.X, sc, out)
	case *lang.Neg:
		return g.inputs(e.X, sc, out)
	case *lang.Binary:
		return g.inputs(e.L, sc, out) && g.inputs(e.R, sc, out)
	case *lang.Compare:
		for _, x := range e.Xs {
			if !g.inputs(x, sc, out) {
				return false
			}
		}
		return true
	case *lang.Cond:
		return g.inputs(e.If, sc, out) && g.inputs(e.Then, sc, out) && g.inputs(e.Else, sc, out)
	case *lang.In:
		v, ok := sc.vars[e.At.Name]
		if !ok || !v.isPos {
			return false
		}
		inner := sc
		inner.def = v.s
		return g.inputs(e.X, inner, out)
	case *lang.Call:
		return g.callInputs(e, sc, out)
	}
	return false
}

func (g *genWriter[P]) callInputs(e *lang.Call, sc gscope, out *[]genInput) bool {
	if !e.Paren {
		if v, ok := sc.vars[e.Name]; ok {
			return !v.isPos // a value parameter: a function of its argument
		}
		if _, ok := g.lib.LookupConst(e.Name); ok {
			return true
		}
	}
	if g.inputOf(e, sc) {
		for _, v := range sc.vars {
			if !v.isPos {
				return false
			}
		}
		key := sc.key(e)
		for _, in := range *out {
			if in.key == key {
				return true
			}
		}
		*out = append(*out, genInput{e: e, sc: sc, key: key})
		return true
	}
	if d, ok := g.defs[e.Name]; ok {
		if d.loops || d.body == nil {
			return false
		}
		np := len(e.Args) - len(d.values)
		if np < 0 || np > 2 {
			return false
		}
		var pos []string
		for i := 0; i < np; i++ {
			a, ok := e.Args[i].(*lang.Call)
			if !ok || a.Paren {
				return false
			}
			v, ok := sc.vars[a.Name]
			if !ok || !v.isPos {
				return false
			}
			pos = append(pos, v.s)
		}
		if np == 0 {
			pos = []string{sc.def}
		}
		if len(pos) != d.positions {
			return false
		}
		for _, a := range e.Args[np:] {
			if !g.inputs(a, sc, out) {
				return false
			}
		}
		inner := gscope{vars: map[string]gvar{}, def: pos[len(pos)-1]}
		ip := 0
		for _, p := range d.Params {
			if p.Type == TPosition {
				inner.vars[p.Name] = gvar{s: pos[ip], isPos: true, t: TPosition}
				ip++
				continue
			}
			inner.vars[p.Name] = gvar{s: "?", t: p.Type}
		}
		return g.inputs(d.body, inner, out)
	}
	if f, ok := g.lib.LookupFunc(e.Name); ok && (f.Reads == 0 || f.arith != aNone) {
		for _, a := range e.Args {
			if !g.inputs(a, sc, out) {
				return false
			}
		}
		return true
	}
	return false
}

// gFill1 and gFill2 fill the table of a term of one and two inputs (each
// a square, a side or nothing: nothing at index 64); gIn1 and gIn2 read
// them.
func gFill1(f func(a int32) int32) *[65]int32 {
	t := new([65]int32)
	for i := range int32(65) {
		t[i] = f(gInput(i))
	}
	return t
}

func gFill2(f func(a, b int32) int32) *[65 * 65]int32 {
	t := new([65 * 65]int32)
	for i := range int32(65) {
		for j := range int32(65) {
			t[i*65+j] = f(gInput(i), gInput(j))
		}
	}
	return t
}

func gInput(i int32) int32 {
	if i == 64 {
		return None
	}
	return i
}

func gIn1(t *[65]int32, a int32) int32 { return t[min(uint32(a), 64)] }

func gIn2(t *[65 * 65]int32, a, b int32) int32 { return t[min(uint32(a), 64)*65+min(uint32(b), 64)] }

// counted writes `if c(x) > 0 then f(x) else E`, c counting what f finds
// (Func.Counts: the_rook's `if pieces(white, rook) > 0 then white rook
// else ...`), as f(x), or E when it is nothing: one read where there
// were two.
func (g *genWriter[P]) counted(e *lang.Cond, sc gscope) (gval, bool) {
	cmp, ok := e.If.(*lang.Compare)
	if !ok || len(cmp.Ops) != 1 || cmp.Ops[0] != lang.CmpGt {
		return gval{}, false
	}
	n, ok := cmp.Xs[1].(*lang.IntLit)
	c, ok2 := cmp.Xs[0].(*lang.Call)
	if !ok || !ok2 || n.Text != "0" || !c.Paren {
		return gval{}, false
	}
	var then *lang.Call
	switch t := e.Then.(type) {
	case *lang.Call:
		then = t
	case *lang.PieceSq:
		then = pieceCall(t)
	default:
		return gval{}, false
	}
	if _, ok := g.defs[c.Name]; ok {
		return gval{}, false
	}
	if _, ok := g.defs[then.Name]; ok {
		return gval{}, false
	}
	cf, ok := g.lib.LookupFunc(c.Name)
	if !ok || cf.Counts == "" || cf.Counts != then.Name || !then.Paren || len(c.Args) != len(then.Args) {
		return gval{}, false
	}
	if tf, ok := g.lib.LookupFunc(then.Name); !ok || tf.Result == TBool {
		return gval{}, false
	}
	for i := range c.Args {
		if lang.ExprString(c.Args[i]) != lang.ExprString(then.Args[i]) {
			return gval{}, false
		}
	}
	a := g.expr(then, sc)
	v := g.fresh()
	g.line("%s := %s", v, a.s)
	g.open("if %s == None {", v)
	b := g.expr(e.Else, sc)
	g.line("%s = %s", v, g.asInt(b))
	g.close("}")
	return gval{s: v, t: a.t}, true
}

// The generated goals are filed by key for the position and move types a
// library registers them for (RegisterGeneratedGoals): so they are
// compiled once, for those types, not for every type of position kb's
// generic code is compiled for (nim's, kalah's, the tests' own).
var genReg struct {
	sync.RWMutex
	fns   map[string]any
	types map[string]bool
}

// typeName is the package path and name of type T.
func typeName[T any]() string {
	var zero T
	ty := reflect.TypeOf(zero)
	if ty == nil {
		return ""
	}
	return ty.PkgPath() + "." + ty.Name()
}

// RegisterGeneratedGoals makes the goals and move tests compiled ahead of
// time (goals_gen.go) available to the bases compiled for positions of
// type P and moves of type M (the chess library registers them for its
// positions and moves when it is made). A formula whose Go source is one
// of them is evaluated by it, any other by its closures.
func RegisterGeneratedGoals[P any, M comparable]() {
	name := typeName[P]()
	genReg.Lock()
	defer genReg.Unlock()
	if genReg.types[name] {
		return
	}
	if genReg.fns == nil {
		genReg.fns, genReg.types = map[string]any{}, map[string]bool{}
	}
	registerGenerated[P, M](func(key string, fn any) { genReg.fns[key] = fn })
	genReg.types[name] = true
}

// generatedFor reports whether goals were registered for positions of
// type P (the compiler writes the sources of their formulas only then).
func generatedFor[P any]() bool {
	name := typeName[P]()
	genReg.RLock()
	defer genReg.RUnlock()
	return genReg.types[name]
}

// generatedFn is the registered constructor of key, nil when none.
func generatedFn(key string) any {
	genReg.RLock()
	defer genReg.RUnlock()
	return genReg.fns[key]
}

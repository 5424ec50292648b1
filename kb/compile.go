package kb

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/game"
)

// Load parses src (the contents of file name) and compiles it against lib.
// The diagnostics are the syntax errors, or when there are none the
// compiler's, sorted (a declaration that does not parse would make the
// compiler report its uses as unknown names). The base is nil when there is
// an error.
//
// A file that imports others is loaded with LoadAll; here an import is an
// error.
func Load[P any](lib *Library[P], name string, src []byte) (*Base[P], lang.Diagnostics) {
	b, diags, _ := LoadAll(lib, name, src, nil)
	return b, diags
}

// Compile resolves the declarations of files (one knowledge base, which may
// be split over several files) against lib and compiles them. It reports
// every error and warning it finds; the base it returns is complete only
// when there is no error.
func Compile[P any](lib *Library[P], files ...*lang.File) (*Base[P], lang.Diagnostics) {
	c := &compiler[P]{
		lib:   lib,
		base:  &Base[P]{byName: map[string]any{}},
		decls: map[string]*declared[P]{},
		used:  map[string]bool{},
		files: map[string]*lang.File{},
	}
	for _, f := range files {
		c.files[f.Name] = f
		for _, d := range f.Decls {
			c.declare(d)
		}
	}
	c.checkCycles()
	// The endgames first: they bound the moves a move quantifier of a
	// definition ranges over, for the definitions' cost (define.go).
	for _, f := range files {
		for _, d := range f.Decls {
			if e, ok := d.(*lang.Endgame); ok {
				c.endgames(e)
			}
		}
	}
	c.moveDomain = c.endgameMoves()
	c.compileDefinitions()
	// Patterns and advice first: lemmas, methods and tables refer to them.
	for pass := 0; pass < 2; pass++ {
		for _, f := range files {
			for _, d := range f.Decls {
				switch d.(type) {
				case *lang.Pattern, *lang.Advice:
					if pass == 0 {
						c.compile(d)
					}
				default:
					if pass == 1 {
						c.compile(d)
					}
				}
			}
		}
	}
	c.resolveCalls()
	if !c.diags.HasErrors() {
		c.unused()
		c.trivial()
		c.memoize()
		c.compileFormulas()
	}
	c.diags.Sort()
	return c.base, c.diags
}

// declared is a name declared by the knowledge base.
type declared[P any] struct {
	kind string // pattern, lemma, observation, method, plan, advice, table
	name string
	pos  lang.Pos
	decl any

	// Patterns (and inline lemmas, which are patterns too).
	params []string
	body   lang.Expr
	refs   []string // patterns the body mentions
	cyclic bool
	// badParams says the parameter list has an error (reported at the
	// declaration): the pattern is not expanded where it is used.
	badParams bool

	// Definitions: the declaration, and what it compiled to (nil when it
	// has an error).
	define   *lang.Define
	compiled *Definition[P]
}

type compiler[P any] struct {
	lib       *Library[P]
	base      *Base[P]
	diags     lang.Diagnostics
	decls     map[string]*declared[P]
	declOrder []*declared[P]
	used      map[string]bool // declared names referred to
	query     *lang.Query
	// expansions caches pattern bodies compiled for one context (see expansion).
	expansions map[string]expansion[P]
	// badDef holds the patterns (and inline lemmas) whose definition has an
	// error, so that their uses are not reported again.
	badDef map[string]bool
	// preOf and actionOf: where plain hypotheses appear in methods.
	preOf, actionOf map[string]hypUse
	lemmaAt         map[string]lang.Pos
	lemmaItem       map[string]*lang.LemmaItem
	// suggestLeft is what is left of the suggestions' budget; names
	// caches the candidate lists of suggestions (the declarations do not
	// change after they are declared).
	suggestLeft *int64
	nameSets    map[string]*nameSet
	// files by name, for the doc comments of declarations.
	files map[string]*lang.File
	// al0 holds the AL0 copies of advice named by tables with option al0.
	al0 map[*Advice[P]]*Advice[P]
	// cse is the state of the definition being compiled (define.go).
	cse *cse[P]
	// names are the definitions compiled, by name (movetest.go).
	names *defNames[P]
	// noTab > 0 while a table's own terms are compiled; subst are the
	// slots of a table's inputs while it is made (tab.go).
	noTab int
	subst map[string]uint8
	// unhoist: while a table is made of the inputs of the hoisted
	// subterms that are themselves pure expressions (tab.go, unhoisted),
	// not of their slots.
	unhoist bool
	// unhoistInts: in unhoist mode, only the integers (tab.go, ints).
	unhoistInts bool
	// narrow > 0 while a part is compiled with tables of at most
	// maxTabBits (tab.go, maxWideBits).
	narrow int
	// defOf is the definition of each predicate a definition makes.
	defOf map[*Predicate[P]]*Definition[P]
	// tables are the pure primitives tabulated (leaf.go).
	tables map[*Func[P]]*table
	// moveDomain is the most legal moves a position of the base's
	// endgames can have, for the cost of a move quantifier (endgameMoves).
	moveDomain int64
	// callSites are the calls suc(A) in goals, resolved once every piece
	// of advice is compiled (resolveCalls).
	callSites []callSite[P]
	// The cache of values per position (cache.go): inFormula while a
	// formula is compiled (its terms may be cached), fcached when one of
	// them is; cacheIDs numbers the values cached, owner the base.
	inFormula, fcached bool
	cacheIDs           map[string]uint16
	owner              uint64
	around             [3]int // calls being compiled that may be cached, by slot
	// dry: the first pass over the formulas, which records in p2readers
	// the formulas (dryRoot, the one compiled) that read each term of P2
	// the cache may keep (fcompile.go, compileFormulas).
	dry      bool
	dryRoot  *Formula[P]
	dryGroup any
	// groupOf: the group of each formula of the first pass; curGroup,
	// the group of the formula being compiled.
	groupOf   map[*Formula[P]]any
	curGroup  any
	p2readers map[string]map[dryReader[P]]bool
}

func (c *compiler[P]) errorf(pos lang.Pos, format string, args ...any) {
	c.diags.Errorf(pos, format, args...)
}

// declare records the names d declares, reporting duplicates.
func (c *compiler[P]) declare(d lang.Decl) {
	add := func(kind, name string, pos lang.Pos, decl any) *declared[P] {
		if prev, ok := c.decls[name]; ok {
			c.errorf(pos, "%s is already declared as %s at %s", name, aKind(prev.kind), at(prev.pos, pos))
			return nil
		}
		if _, ok := c.lib.Lookup(name); ok {
			c.errorf(pos, "%s %s has the name of a library predicate; choose another name", kind, name)
			return nil
		}
		if _, ok := c.lib.LookupFunc(name); ok {
			c.errorf(pos, "%s %s has the name of a library primitive; choose another name", kind, name)
			return nil
		}
		if k, ok := c.lib.LookupConst(name); ok {
			c.errorf(pos, "%s %s has the name of %s of the library (%s); choose another name", kind, name, aType(k.Type), name)
			return nil
		}
		x := &declared[P]{kind: kind, name: name, pos: pos, decl: decl}
		c.decls[name] = x
		c.declOrder = append(c.declOrder, x)
		return x
	}
	switch d := d.(type) {
	case *lang.Query:
		if c.query != nil {
			c.errorf(d.Pos, "a second query (the first is at %s)", at(c.query.Pos, d.Pos))
			return
		}
		c.query = d
	case *lang.Pattern:
		x := add("pattern", d.Name, d.Pos, d)
		if x == nil {
			return
		}
		x.body = d.Body.X
		if d.Params != nil {
			x.params = c.params(d)
			x.badParams = len(x.params) != len(d.Params.List) || len(x.params) > 2
		}
		x.refs = c.patternRefs(d.Body.X)
	case *lang.Lemma, *lang.Observe:
		kind, items := "lemma", []*lang.LemmaItem(nil)
		if l, ok := d.(*lang.Lemma); ok {
			items = l.Items
		} else {
			kind, items = "observation", d.(*lang.Observe).Items
		}
		if c.lemmaAt == nil {
			c.lemmaAt, c.lemmaItem = map[string]lang.Pos{}, map[string]*lang.LemmaItem{}
		}
		for _, it := range items {
			if prev, dup := c.lemmaAt[it.Name]; dup {
				c.errorf(it.Pos, "%s is already a lemma or observation (at %s)", it.Name, at(prev, it.Pos))
				continue
			}
			c.lemmaAt[it.Name] = it.Pos
			c.lemmaItem[it.Name] = it
			if it.Body == nil {
				continue
			}
			if x := add(kind, it.Name, it.Pos, it); x != nil {
				x.body = it.Body.X
				x.refs = c.patternRefs(it.Body.X)
			}
		}
	case *lang.Method:
		add("method", d.Name, d.Pos, d)
	case *lang.Advice:
		kind := "advice"
		if d.IsPlan() {
			kind = "plan"
		}
		add(kind, d.Name, d.Pos, d)
	case *lang.Table:
		add("table", d.Name, d.Pos, d)
	case *lang.Define:
		if x := add("definition", d.Name, d.Pos, d); x != nil {
			x.define = d
		}
	}
}

// aKind is a kind of declaration with its article, for messages: "a
// pattern", "an observation", "a piece of advice".
func aKind(kind string) string {
	switch kind {
	case "advice":
		return "a piece of advice"
	case "observation":
		return "an observation"
	}
	return "a " + kind
}

// at formats where a previous declaration is: `line N`, or `file:line:col`
// when it is in another file.
func at(prev, here lang.Pos) string {
	if prev.Filename != here.Filename {
		return fmt.Sprintf("%s:%d:%d", prev.Filename, prev.Line, prev.Column)
	}
	return fmt.Sprintf("line %d", prev.Line)
}

func parseArg(name string) (Arg, bool) {
	switch name {
	case "P0":
		return P0, true
	case "P1":
		return P1, true
	case "P2":
		return P2, true
	}
	return 0, false
}

func (c *compiler[P]) params(d *lang.Pattern) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range d.Params.List {
		if _, ok := parseArg(p.Name); !ok {
			c.errorf(p.Pos, "parameter %s of pattern %s is not a position: parameters are P0, P1 or P2", p.Name, d.Name)
			continue
		}
		if seen[p.Name] {
			c.errorf(p.Pos, "pattern %s names parameter %s twice", d.Name, p.Name)
			continue
		}
		seen[p.Name] = true
		out = append(out, p.Name)
	}
	if len(d.Params.List) > 2 {
		c.errorf(d.Params.List[2].Pos, "pattern %s has %d parameters; a pattern reads one position or two", d.Name, len(d.Params.List))
	}
	return out
}

// patternRefs lists the names an expression mentions (for the cycle check).
func (c *compiler[P]) patternRefs(e lang.Expr) []string {
	var out []string
	var walk func(lang.Expr)
	walk = func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Atom:
			out = append(out, e.Name)
		case *lang.Not:
			walk(e.X)
		case *lang.Binary:
			walk(e.L)
			walk(e.R)
		}
	}
	walk(e)
	return out
}

// checkCycles reports every pattern that refers to itself, directly or
// through other patterns; such patterns are not expanded.
func (c *compiler[P]) checkCycles() {
	c.visitCycles(
		func(x *declared[P]) bool { return x.body != nil },
		func(x *declared[P]) []string { return x.refs },
		func(y *declared[P], name, cycle string) {
			c.errorf(y.pos, "%s %s refers to itself: %s", y.kind, name, cycle)
		},
		func(*declared[P]) {})
}

// visitCycles walks the declarations that in says are nodes, depth first
// along the names refs lists, in declaration order: each cycle is reported
// once (report gets the declaration that closes it, its name and the
// cycle as `a -> b -> a`) and its members marked cyclic; done is called on
// each node after everything it refers to.
func (c *compiler[P]) visitCycles(in func(*declared[P]) bool, refs func(*declared[P]) []string,
	report func(y *declared[P], name, cycle string), done func(*declared[P])) {
	const (
		white = iota
		grey
		black
	)
	colour := map[string]int{}
	var stack []string
	var visit func(x *declared[P])
	visit = func(x *declared[P]) {
		colour[x.name] = grey
		stack = append(stack, x.name)
		for _, r := range refs(x) {
			y, ok := c.decls[r]
			if !ok || !in(y) {
				continue
			}
			switch colour[r] {
			case white:
				visit(y)
			case grey:
				k := len(stack) - 1
				for stack[k] != r {
					k--
				}
				cycle := append(append([]string{}, stack[k:]...), r)
				for _, n := range stack[k:] {
					c.decls[n].cyclic = true
				}
				report(y, r, strings.Join(cycle, " -> "))
			}
		}
		stack = stack[:len(stack)-1]
		colour[x.name] = black
		done(x)
	}
	for _, x := range c.declOrder {
		if in(x) && colour[x.name] == white {
			visit(x)
		}
	}
}

// compile compiles one declaration into the base.
func (c *compiler[P]) compile(d lang.Decl) {
	switch d := d.(type) {
	case *lang.Query:
		if c.query == d {
			t, ok := c.term(d.Term, "the query")
			if ok {
				c.base.Query = &t
			}
		}
	case *lang.Pattern:
		x := c.decls[d.Name]
		if x == nil || x.decl != d {
			return
		}
		if x.badParams {
			c.markBad(d.Name)
			return // a bad parameter, reported
		}
		// Check the body once, where it is written; uses are then quiet.
		ctx := &fctx{where: "pattern " + d.Name, pos: P2, rel: [2]Arg{P0, P2}}
		if len(x.params) > 0 {
			ctx.subst = map[string]Arg{}
			for _, p := range x.params {
				a, _ := parseArg(p)
				ctx.subst[p] = a
			}
			ctx.pos = ctx.subst[x.params[len(x.params)-1]]
			ctx.relOK = len(x.params) == 2
			if ctx.relOK {
				ctx.rel = [2]Arg{ctx.subst[x.params[0]], ctx.subst[x.params[1]]}
			}
		}
		if c.formula(d.Body.X, ctx) == nil {
			c.markBad(d.Name)
		}
	case *lang.Lemma:
		c.lemmas(d.Items, "lemma", &c.base.Lemmas)
	case *lang.Observe:
		c.lemmas(d.Items, "observation", &c.base.Observations)
	case *lang.Method:
		if x := c.decls[d.Name]; x != nil && x.decl == d {
			c.method(d)
		}
	case *lang.Advice:
		if x := c.decls[d.Name]; x != nil && x.decl == d {
			c.advice(d)
		}
	case *lang.Table:
		if x := c.decls[d.Name]; x != nil && x.decl == d {
			c.table(d)
		}
	}
}

func (c *compiler[P]) markBad(name string) {
	if c.badDef == nil {
		c.badDef = map[string]bool{}
	}
	c.badDef[name] = true
}

// lemmas compiles the items of a lemma or observe declaration.
func (c *compiler[P]) lemmas(items []*lang.LemmaItem, kind string, into *[]*Lemma[P]) {
	for _, it := range items {
		if c.lemmaItem[it.Name] != it {
			continue // a duplicate, already reported
		}
		ctx := &fctx{where: kind + " " + it.Name, pos: P2, single: true}
		var f *Formula[P]
		if it.Body != nil {
			if x := c.decls[it.Name]; x == nil || x.decl != it {
				continue // a duplicate, already reported
			}
			f = c.formula(it.Body.X, ctx)
		} else {
			f = c.formula(&lang.Atom{Pos: it.Pos, Name: it.Name}, ctx)
		}
		if f == nil {
			c.markBad(it.Name)
			continue
		}
		l := &Lemma[P]{Name: it.Name, Formula: f, Pos: it.Pos, Text: it.Name}
		if it.Body != nil {
			l.Text = lang.ExprString(it.Body.X)
		} else if x := c.decls[it.Name]; x != nil {
			if pd, ok := x.decl.(*lang.Pattern); ok && pd.Params == nil {
				l.Text = lang.ExprString(pd.Body.X)
			}
		}
		l.Doc = c.exprDoc(&lang.Atom{Pos: it.Pos, Name: it.Name}, 0)
		*into = append(*into, l)
		c.base.byName["lemma:"+it.Name] = l
	}
}

// maxPatternDepth bounds how deeply patterns may use patterns.
const maxPatternDepth = 500

// expansion is a pattern body compiled for one context.
type expansion[P any] struct {
	f       *Formula[P]
	usesRel bool
	err     string // the first error of a failed expansion
}

func substKey(m map[string]Arg) string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		keys = append(keys, k+"="+v.String())
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// fctx is where a formula is compiled: the default positions of its
// predicates and what it may contain.
type fctx struct {
	where  string // for messages: "better goal of plan P"
	pos    Arg    // a position predicate's default position
	rel    [2]Arg // a relation predicate's default positions
	relOK  bool   // relation predicates may take default positions
	single bool   // only one position exists (rules, lemmas): no relations
	// subst maps a parameterised pattern's parameters to positions.
	subst map[string]Arg
	// quiet suppresses errors (a pattern body expanded at a use site: its
	// errors were reported where it is written); usesRel is then set when
	// the expansion reads two positions.
	quiet   bool
	usesRel bool
	depth   int
	// errs receives the first error of a quiet expansion.
	errs *[]string
	// caller is the advice or plan whose goal this is, as its key in
	// Base.byName ("advice:A"): calls suc(A) are allowed (AL1.5), and
	// recorded as its calls.
	caller string
}

func (c *compiler[P]) ferr(ctx *fctx, pos lang.Pos, format string, args ...any) {
	if !ctx.quiet {
		c.errorf(pos, format, args...)
		return
	}
	if ctx.errs != nil && len(*ctx.errs) == 0 {
		*ctx.errs = append(*ctx.errs, fmt.Sprintf(format, args...))
	}
}

// formula compiles e in ctx; nil when e has an error.
func (c *compiler[P]) formula(e lang.Expr, ctx *fctx) *Formula[P] {
	switch e := e.(type) {
	case *lang.Const:
		if e.Value {
			return True[P]()
		}
		return False[P]()
	case *lang.Any:
		c.ferr(ctx, e.Pos, "any (every move) can only be a whole moves or replies clause, or one part of it")
		return nil
	case *lang.Hyp:
		return c.adviceCall(e, ctx)
	case *lang.Not:
		x := c.formula(e.X, ctx)
		if x == nil {
			return nil
		}
		return Not(x)
	case *lang.Binary:
		l, r := c.formula(e.L, ctx), c.formula(e.R, ctx)
		if l == nil || r == nil {
			return nil
		}
		switch e.Op {
		case lang.OpAnd:
			return And(l, r)
		case lang.OpOr:
			return Or(l, r)
		case lang.OpImplies:
			return Implies(l, r)
		case lang.OpIff:
			return Iff(l, r)
		}
		c.ferr(ctx, e.Pos, "then can only order the parts of a moves or replies clause")
		return nil
	case *lang.Atom:
		return c.atom(e, ctx)
	}
	return nil
}

// adviceCall compiles suc(A) in a goal (AL1.5: advice that calls advice).
func (c *compiler[P]) adviceCall(e *lang.Hyp, ctx *fctx) *Formula[P] {
	t := e.Term
	if ctx.caller == "" {
		c.ferr(ctx, t.Pos, "%s is a hypothesis term; it can appear only in a method, or as a call suc(ADVICE) in the better or holding goal of advice or a plan", lang.TermString(t))
		return nil
	}
	name, ok := t.Plan.(*lang.PlanName)
	if t.Kind != lang.TermSuc || !ok {
		c.ferr(ctx, t.Pos, "%s cannot be called in a goal: a call is suc(NAME), one piece of advice or one plan", lang.TermString(t))
		return nil
	}
	x, found := c.decls[name.Name]
	if !found || x.kind != "plan" && x.kind != "advice" {
		what := "unknown"
		if found {
			what = "not advice or a plan: " + name.Name + " is " + aKind(x.kind) + ";"
		}
		if !found {
			c.ferr(ctx, name.Pos, "suc(%s) calls %s advice or plan %s%s", name.Name, what, name.Name, c.suggestFrom("advice", name.Name, func() []string { return c.namesOf("plan", "advice") }))
		} else {
			c.ferr(ctx, name.Pos, "suc(%s) calls %s a call names advice or a plan", name.Name, what)
		}
		return nil
	}
	c.used[name.Name] = true
	call := &Call[P]{Name: name.Name}
	c.callSites = append(c.callSites, callSite[P]{caller: ctx.caller, call: call, pos: t.Pos, kind: x.kind})
	return &Formula[P]{Op: OpCall, Call: call}
}

// callSite is a call suc(A) in a goal of caller (its key in byName).
type callSite[P any] struct {
	caller string
	call   *Call[P]
	pos    lang.Pos
	kind   string // plan or advice
}

// args resolves the explicit positions of an atom.
func (c *compiler[P]) args(e *lang.Atom, ctx *fctx) ([]Arg, bool) {
	out := make([]Arg, 0, len(e.Args))
	ok := true
	for _, a := range e.Args {
		if ctx.subst != nil {
			v, in := ctx.subst[a.Name]
			if !in {
				names := make([]string, 0, len(ctx.subst))
				for n := range ctx.subst {
					names = append(names, n)
				}
				sort.Strings(names)
				c.ferr(ctx, a.Pos, "%s is not a parameter of %s (its parameters are %s)", a.Name, ctx.where, strings.Join(names, ", "))
				ok = false
				continue
			}
			out = append(out, v)
			continue
		}
		v, valid := parseArg(a.Name)
		if !valid {
			c.ferr(ctx, a.Pos, "%s is not a position: the positions are P0 (the root), P1 (before the last move) and P2 (after it)", a.Name)
			ok = false
			continue
		}
		out = append(out, v)
	}
	return out, ok
}

func argList(as []*lang.Ident) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = a.Name
	}
	return strings.Join(s, ", ")
}

func (c *compiler[P]) atom(e *lang.Atom, ctx *fctx) *Formula[P] {
	if x, ok := c.decls[e.Name]; ok && x.define != nil {
		c.used[e.Name] = true
		d := x.compiled
		if d == nil {
			return nil // its error is reported where it is written
		}
		if d.pred == nil {
			c.ferr(ctx, e.Pos, "definition %s is a %s (%s); a formula can use a definition that is a condition (bool) on positions only, so compare it inside another definition", e.Name, d.Kind(), d.Signature())
			return nil
		}
		return c.predicateAtom(e, d.pred, ctx)
	}
	if x, ok := c.decls[e.Name]; ok {
		if x.body == nil {
			c.ferr(ctx, e.Pos, "%s is %s, not a predicate or pattern", e.Name, aKind(x.kind))
			return nil
		}
		c.used[e.Name] = true
		return c.expand(x, e, ctx)
	}
	pred, ok := c.lib.Lookup(e.Name)
	if !ok {
		c.ferr(ctx, e.Pos, "unknown predicate or pattern %s%s", e.Name, c.suggestFrom("formula", e.Name, c.formulaNames))
		return nil
	}
	return c.predicateAtom(e, pred, ctx)
}

// predicateAtom compiles atom e naming predicate pred (of the library, or
// a definition).
func (c *compiler[P]) predicateAtom(e *lang.Atom, pred *Predicate[P], ctx *fctx) *Formula[P] {
	args, ok := c.args(e, ctx)
	if !ok {
		return nil
	}
	if pred.Kind == PositionKind {
		switch len(args) {
		case 0:
			return Pos(pred, ctx.pos)
		case 1:
			return Pos(pred, args[0])
		}
		c.ferr(ctx, e.Pos, "%s is a position predicate: it reads one position, but is given %d (%s)", e.Name, len(args), argList(e.Args))
		return nil
	}
	if ctx.single {
		ctx.usesRel = true
		c.ferr(ctx, e.Pos, "%s is a relation predicate (it compares two positions), but %s reads one position", e.Name, ctx.where)
		return nil
	}
	switch len(args) {
	case 0:
		if ctx.subst != nil && !ctx.relOK {
			c.ferr(ctx, e.Pos, "relation predicate %s needs explicit positions in %s, which has one parameter", e.Name, ctx.where)
			return nil
		}
		return Rel(pred, ctx.rel[0], ctx.rel[1])
	case 2:
		return Rel(pred, args[0], args[1])
	}
	c.ferr(ctx, e.Pos, "%s is a relation predicate: it reads two positions, but is given %d (%s)", e.Name, len(args), argList(e.Args))
	return nil
}

// expand compiles the body of pattern x where atom e uses it.
func (c *compiler[P]) expand(x *declared[P], e *lang.Atom, ctx *fctx) *Formula[P] {
	if x.cyclic || x.badParams {
		return nil // reported by checkCycles, or at the parameters
	}
	if ctx.depth > maxPatternDepth {
		c.errorf(e.Pos, "patterns nested more than %d deep", maxPatternDepth)
		return nil
	}
	inner := &fctx{where: ctx.where, pos: ctx.pos, rel: ctx.rel, relOK: ctx.relOK || ctx.subst == nil, single: ctx.single, quiet: true, depth: ctx.depth + 1}
	inner.errs = &[]string{}
	if len(x.params) == 0 {
		if e.Args != nil {
			c.ferr(ctx, e.Pos, "pattern %s has no parameters: it reads the positions of the place where it is used, so it takes no arguments", x.name)
			return nil
		}
		inner.subst = ctx.subst
	} else {
		var actual []Arg
		switch len(e.Args) {
		case 0:
			if len(x.params) == 1 {
				actual = []Arg{ctx.pos}
			} else {
				if ctx.single {
					c.ferr(ctx, e.Pos, "pattern %s compares two positions (%s), but %s reads one position", x.name, strings.Join(x.params, ", "), ctx.where)
					ctx.usesRel = true
					return nil
				}
				actual = []Arg{ctx.rel[0], ctx.rel[1]}
			}
		case len(x.params):
			var ok bool
			if actual, ok = c.args(e, ctx); !ok {
				return nil
			}
		default:
			c.ferr(ctx, e.Pos, "pattern %s reads %d positions (%s), but is given %d (%s)", x.name, len(x.params), strings.Join(x.params, ", "), len(e.Args), argList(e.Args))
			return nil
		}
		inner.subst = map[string]Arg{}
		for i, p := range x.params {
			inner.subst[p] = actual[i]
		}
		inner.pos = actual[len(actual)-1]
		inner.relOK = len(actual) == 2
		if inner.relOK {
			inner.rel = [2]Arg{actual[0], actual[1]}
		}
	}
	// Expansions are shared (a formula is a DAG; Eval only reads it), so
	// that patterns using patterns twice over cannot blow up.
	key := fmt.Sprintf("%s|%v|%v|%v|%v|%v", x.name, inner.pos, inner.rel, inner.relOK, inner.single, substKey(inner.subst))
	if c.expansions == nil {
		c.expansions = map[string]expansion[P]{}
	}
	exp, done := c.expansions[key]
	if !done {
		exp.f = c.formula(x.body, inner)
		exp.usesRel = inner.usesRel
		if len(*inner.errs) > 0 {
			exp.err = (*inner.errs)[0]
		}
		c.expansions[key] = exp
	}
	f := exp.f
	inner.usesRel = exp.usesRel
	if inner.usesRel {
		ctx.usesRel = true
		if ctx.single {
			c.ferr(ctx, e.Pos, "%s %s compares two positions (it uses a relation predicate), but %s reads one position", x.kind, x.name, ctx.where)
		}
		return nil
	}
	if f == nil && !c.badDef[x.name] {
		// The body is fine where it is written but not here: say why.
		msg := exp.err
		if msg == "" {
			msg = "it cannot be compiled here"
		}
		c.ferr(ctx, e.Pos, "%s %s cannot be used here: %s", x.kind, x.name, msg)
	}
	return f
}

// formulaNames are the names a formula may use: the library's and the
// patterns'.
func (c *compiler[P]) formulaNames() []string {
	names := c.lib.Names()
	for _, x := range c.declOrder {
		if x.body != nil || (x.define != nil && x.compiled != nil && x.compiled.pred != nil) {
			names = append(names, x.name)
		}
	}
	return names
}

// suggest returns ` (did you mean NAME?)` for the nearest of names, or "".
// The suggestions of one compilation share a budget of work (see
// suggestBudget), so that a file of many unknown names stays linear.
func (c *compiler[P]) suggest(name string, names []string) string {
	return c.suggestIn(name, newNameSet(names))
}

// suggestFrom is suggest among the names list gives, indexed once under
// key (for the long lists: every formula name, every plan).
func (c *compiler[P]) suggestFrom(key, name string, list func() []string) string {
	if c.nameSets == nil {
		c.nameSets = map[string]*nameSet{}
	}
	s, ok := c.nameSets[key]
	if !ok {
		s = newNameSet(list())
		c.nameSets[key] = s
	}
	return c.suggestIn(name, s)
}

func (c *compiler[P]) suggestIn(name string, s *nameSet) string {
	if c.suggestLeft == nil {
		left := int64(suggestBudget)
		c.suggestLeft = &left
	}
	if best := s.nearest(name, c.suggestLeft); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

// order compiles a moves or replies formula: its `then` parts, in order.
func (c *compiler[P]) order(e lang.Expr, ctx *fctx) (Order[P], bool) {
	parts := operands(e, lang.OpThen)
	if len(parts) == 1 {
		if _, ok := parts[0].(*lang.Any); ok {
			return Order[P]{}, true
		}
	}
	o := make(Order[P], 0, len(parts))
	ok := true
	for _, p := range parts {
		if _, isAny := p.(*lang.Any); isAny {
			o = append(o, True[P]())
			continue
		}
		f := c.formula(p, ctx)
		if f == nil {
			ok = false
			continue
		}
		o = append(o, f)
	}
	return o, ok
}

// advice compiles a plan or a piece of AL1 advice.
func (c *compiler[P]) advice(d *lang.Advice) {
	kind := d.Kw
	a := &Advice[P]{Name: d.Name, Side: sideOf(d.Side), Holding: True[P](), Moves: Order[P]{}, Replies: Order[P]{}, Doc: c.doc(d.Pos)}
	ok := true
	if d.Depth == nil {
		c.errorf(d.Pos, "%s %s has no depth: write `depth N` after the side (the most moves %s may make)", kind, d.Name, d.Side)
		ok = false
	} else {
		n, err := strconv.Atoi(d.Depth.Text)
		if err != nil || n <= 0 || n > 1000 {
			c.errorf(d.Depth.Pos, "depth must be a positive integer (at most 1000), not %s", d.Depth.Text)
			ok = false
		}
		a.Depth = n
	}
	goal := &fctx{pos: P2, rel: [2]Arg{P0, P2}, relOK: true, caller: kind + ":" + d.Name}
	move := &fctx{pos: P2, rel: [2]Arg{P1, P2}, relOK: true}
	for _, cl := range d.Clauses {
		switch cl := cl.(type) {
		case *lang.GoalClause:
			goal.where = fmt.Sprintf("the %s goal of %s %s", cl.Kw, kind, d.Name)
			f := c.formula(cl.F.X, goal)
			if f == nil {
				ok = false
			} else if cl.Kw == "better" {
				a.Better = f
				for _, x := range disjuncts(cl.F.X) {
					if g := c.formula(x, goal); g != nil {
						a.Goals = append(a.Goals, Goal[P]{Text: lang.ExprString(x), Doc: c.exprDoc(x, 0), F: g})
					}
				}
			} else if cl.Kw == "otherwise" {
				a.Otherwise = f
			} else {
				a.Holding = f
			}
		case *lang.MovesClause:
			move.where = fmt.Sprintf("the %s of %s %s", cl.Kw, kind, d.Name)
			o, good := c.order(cl.F.X, move)
			ok = ok && good
			var next []Order[P]
			for _, f := range cl.Next {
				n, good := c.order(f.X, move)
				ok = ok && good
				next = append(next, n)
			}
			if cl.Kw == "moves" {
				a.Moves, a.MovesNext = o, next
			} else {
				a.Replies, a.RepliesNext = o, next
			}
		case *lang.OptionClause:
			for _, opt := range cl.Options {
				switch opt.Name {
				case "sacrifice":
					a.Sacrifice = true
					continue
				case "al0":
					a.AL0 = true
					continue
				case "semistatic":
					a.Semistatic = true
					continue
				}
				c.errorf(opt.Pos, "unknown option %s (the options are: sacrifice, al0, semistatic)%s", opt.Name, c.suggest(opt.Name, []string{"sacrifice", "al0", "semistatic"}))
				ok = false
			}
		case *lang.NodesClause:
			n, err := strconv.ParseInt(cl.N.Text, 10, 64)
			if err != nil || n <= 0 {
				c.errorf(cl.N.Pos, "nodes must be a positive integer (the most nodes one search of %s %s may visit), not %s", kind, d.Name, cl.N.Text)
				ok = false
			}
			a.MaxNodes = n
		}
	}
	if a.Better == nil && ok {
		c.errorf(d.Pos, "%s %s has no better goal: write `better FORMULA`", kind, d.Name)
		ok = false
	}
	if !ok {
		return
	}
	if d.IsPlan() {
		c.base.Plans = append(c.base.Plans, a)
		c.base.byName["plan:"+d.Name] = a
	} else {
		c.base.Advice = append(c.base.Advice, a)
		c.base.byName["advice:"+d.Name] = a
	}
}

func sideOf(s string) game.Side {
	if s == "black" {
		return game.Black
	}
	return game.White
}

// table compiles an advice table.
func (c *compiler[P]) table(d *lang.Table) {
	t := &Table[P]{Name: d.Name, Side: sideOf(d.Side)}
	ok := true
	for _, cl := range d.Clauses {
		if o, isOpt := cl.(*lang.OptionClause); isOpt {
			for _, opt := range o.Options {
				if opt.Name == "al0" {
					t.AL0 = true
					continue
				}
				c.errorf(opt.Pos, "unknown option %s for a table (a table takes only al0)%s", opt.Name, c.suggest(opt.Name, []string{"al0"}))
				ok = false
			}
		}
	}
	for _, cl := range d.Clauses {
		r, isRule := cl.(*lang.RuleClause)
		if !isRule {
			continue
		}
		ctx := &fctx{where: "a table rule", pos: P2, single: true}
		cond := c.formula(r.Cond.X, ctx)
		rule := Rule[P]{Name: lang.ExprString(r.Cond.X), Cond: cond}
		if cond == nil {
			ok = false
		}
		if len(r.Advice) == 0 {
			c.errorf(r.Pos, "rule names no advice: write `rule CONDITION : ADVICE, ...`")
			ok = false
		}
		for _, id := range r.Advice {
			x, found := c.decls[id.Name]
			if !found {
				c.errorf(id.Pos, "unknown advice %s%s", id.Name, c.suggestFrom("advice", id.Name, func() []string { return c.namesOf("plan", "advice") }))
				ok = false
				continue
			}
			if x.kind != "plan" && x.kind != "advice" {
				c.errorf(id.Pos, "%s is %s; a rule names advice or plans", id.Name, aKind(x.kind))
				ok = false
				continue
			}
			c.used[id.Name] = true
			adv := x.decl.(*lang.Advice)
			if sideOf(adv.Side) != t.Side {
				c.errorf(id.Pos, "%s %s is advice for %s, but table %s is for %s", x.kind, id.Name, adv.Side, d.Name, d.Side)
				ok = false
				continue
			}
			a, compiled := c.base.byName[x.kind+":"+id.Name].(*Advice[P])
			if !compiled {
				ok = false // its errors are reported where it is declared
				continue
			}
			if t.AL0 && !a.AL0 {
				a = c.al0Copy(a)
			}
			rule.Advice = append(rule.Advice, a)
		}
		if n := len(t.Rules); n > 0 && t.Rules[n-1].Cond != nil && t.Rules[n-1].Cond.Op == OpTrue {
			c.diags.Warnf(r.Pos, "this rule is never reached: the rule before it holds in every position")
		}
		t.Rules = append(t.Rules, rule)
	}
	if len(t.Rules) == 0 {
		c.errorf(d.Pos, "table %s has no rules: write `rule CONDITION : ADVICE, ...`", d.Name)
		ok = false
	}
	if !ok {
		return
	}
	c.base.Tables = append(c.base.Tables, t)
	c.base.byName["table:"+d.Name] = t
}

// al0Copy returns the AL0 copy of a (one per advice, shared by the
// tables with option al0 that name it).
func (c *compiler[P]) al0Copy(a *Advice[P]) *Advice[P] {
	if c.al0 == nil {
		c.al0 = map[*Advice[P]]*Advice[P]{}
	}
	if b, ok := c.al0[a]; ok {
		return b
	}
	b := *a
	b.AL0 = true
	c.al0[a] = &b
	return &b
}

// namesOf lists the declared names of the given kinds, in declaration
// order.
func (c *compiler[P]) namesOf(kinds ...string) []string {
	out := []string{}
	for _, x := range c.declOrder {
		for _, k := range kinds {
			if x.kind == k {
				out = append(out, x.name)
			}
		}
	}
	return out
}

package kb

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"
)

// fcompileLibrary is toyLibrary with primitives over n: num (n of the
// position), digit (n mod 10, a pure primitive of an integer, tabulated).
func fcompileLibrary() *Library[toy] {
	lib := toyLibrary()
	lib.MustRegisterFunc(
		Func[toy]{Name: "num", Doc: "n", Reads: 1, Result: TInt, Cost: cacheCost, Eval: func(p, _ *toy, _, _, _ int32) int32 { return int32(p.n) }},
		Func[toy]{Name: "digit", Doc: "x mod 10", Params: []Type{TInt}, Result: TInt, Eval: func(_, _ *toy, x, _, _ int32) int32 { return x % 10 }},
		Func[toy]{Name: "low", Doc: "n mod 8, cheap", Reads: 1, Result: TInt, Eval: func(p, _ *toy, _, _, _ int32) int32 { return int32(p.n % 8) }},
	)
	lib.SetKey(func(p *toy) uint64 { return uint64(p.n) })
	return lib
}

const fcompileBase = `
define small = num < 20
define large = num > 5
define tens = num / 10
define last = digit(num)
define near(P1, P2) = abs(num - num in P1) <= 3 & tens = tens in P1
define grows(P1, P2) = num in P1 < num
define same(P1, P2) = num = num in P1
define odd_last = last mod 2 = 1 & ~small | tens = 2 & last != 5
# bump is compiled in place, its parameter in a slot of its own when its
# argument is not one: above the formula's slots computed on entry (low).
define bump(x: int) = if x > 3 then x - 3 else x + 2
define wob = bump(low + 1) + bump(low + 2) > low + low + 2

pattern CLOSE(P1, P2) = near(P1, P2) & ~grows(P1, P2)

advice A white depth 2
  better (small | odd_last) & CLOSE & ~(even | grew)
  holding mate -> small & odd_last | ~(check | small | same)
  moves grows then near
  replies ~grows | CLOSE

table T white
  rule even & small & large & odd_last | wob & ~even : A
  rule true : A
`

// TestFormulasCompiled: every formula of a base is compiled, gives the
// answer of walking it on every combination of three positions, without a
// cache of values and with one kept across all the evaluations (num is
// costly enough to be cached), and its evaluation allocates nothing.
func TestFormulasCompiled(t *testing.T) {
	b, diags := Load(fcompileLibrary(), "f.al", []byte(fcompileBase))
	require.False(t, diags.HasErrors(), "%v", diags)
	a, _ := b.AdviceNamed("A")
	table, _ := b.Table("T")
	fs := []*Formula[toy]{a.Better, a.Holding, a.Moves[0], a.Moves[1], a.Replies[0], table.Rules[0].Cond}
	var walk func(f *Formula[toy], env *Env[toy]) bool
	walk = func(f *Formula[toy], env *Env[toy]) bool {
		g := *f
		g.fn = nil
		switch f.Op {
		case OpNot, OpAnd, OpOr, OpImplies, OpIff:
			l := walk(f.L, env)
			if f.Op == OpNot {
				return !l
			}
			r := walk(f.R, env)
			return map[Op]bool{OpAnd: l && r, OpOr: l || r, OpImplies: !l || r, OpIff: l == r}[f.Op]
		}
		return g.Eval(env)
	}
	for i, f := range fs {
		require.NotNil(t, f.fn, "formula %d is not compiled", i)
	}
	var ps []toy
	for n := range 40 {
		ps = append(ps, toy{n * 3})
	}
	cache := new(Cache)
	for _, p0 := range ps[:8] {
		for _, p1 := range ps {
			for _, p2 := range ps {
				env := &Env[toy]{P0: &p0, P1: &p1, P2: &p2}
				cached := &Env[toy]{P0: &p0, P1: &p1, P2: &p2, Cache: cache}
				for i, f := range fs {
					want := walk(f, env)
					require.Equal(t, want, f.Eval(env), "formula %d at %d, %d, %d", i, p0.n, p1.n, p2.n)
					require.Equal(t, want, f.Eval(cached), "formula %d at %d, %d, %d with a cache", i, p0.n, p1.n, p2.n)
				}
			}
		}
	}
	kept := 0
	for _, l := range cache.lines {
		for _, w := range l.known {
			kept += bits.OnesCount64(w)
		}
	}
	require.NotZero(t, kept, "no value was cached")
	rootKept := 0
	for _, w := range cache.root.known {
		rootKept += bits.OnesCount64(w)
	}
	require.NotZero(t, rootKept, "no value of P0 was kept in the root line")
	env := &Env[toy]{P0: &ps[1], P1: &ps[2], P2: &ps[3], Cache: cache}
	for i, f := range fs {
		require.Zero(t, testing.AllocsPerRun(100, func() { f.Eval(env) }), "formula %d allocates", i)
	}
}

// TestRootLine: the root line keeps the values of one P0, read again
// while the evaluations' P0 is that position, forgotten when it changes
// (between searches) and when another base's formula is evaluated.
func TestRootLine(t *testing.T) {
	var m Cache
	m.enter(1)
	m.bindRoot(10)
	m.root.vals[5], m.root.known[0] = 42, 1<<5
	m.enter(1)
	require.False(t, m.rootBound, "the root line stays bound after the evaluation")
	m.bindRoot(10)
	require.Equal(t, uint64(1<<5), m.root.known[0], "the same root's values are forgotten")
	m.enter(1)
	m.bindRoot(11)
	require.Zero(t, m.root.known[0], "another root's values are kept")
	m.root.known[0] = 1
	m.enter(2)
	m.bindRoot(11)
	require.Zero(t, m.root.known[0], "another base's values are kept")
}

// TestCacheLines: the lines bound in an evaluation are kept, the least
// recently used other one is replaced, and a base's values are forgotten
// when another base's formula is evaluated.
func TestCacheLines(t *testing.T) {
	var m Cache
	m.enter(1)
	a := m.bind(0, 10)
	a.vals[3], a.known[0] = 7, 1<<3
	b := m.bind(1, 11)
	b.known[0] = 1
	c := m.bind(2, 12)
	require.True(t, a != b && b != c && a != c)
	m.enter(1)
	d := m.bind(0, 13) // the one line never used
	require.True(t, d != a && d != b && d != c)
	m.enter(1)
	require.Equal(t, a, m.bind(0, 10), "a kept line is found by its key")
	require.Equal(t, int32(7), a.vals[3])
	require.Equal(t, b, m.bind(1, 14), "the least recently used line is replaced")
	require.Zero(t, b.known[0], "a replaced line knows nothing")
	require.NotEqual(t, a, m.bind(2, 11), "a line bound in the evaluation is kept")
	require.Equal(t, uint64(1<<3), a.known[0])
	m.enter(2)
	require.Zero(t, m.bind(0, 10).known[0], "another base's formulas forget the values")
}

// TestTwoPositionCallsInPlace: a definition of two positions (with or
// without value parameters) called from another definition or a formula
// is compiled in place (inlinedValues), its position parameters naming
// the caller's slots in the order of the call's arguments, its values
// the arguments: the values are those of the definitions written out by
// hand, for every pair of positions and in a formula evaluated with P1
// and P2 either way round.
func TestTwoPositionCallsInPlace(t *testing.T) {
	const src = `
define shift(P1, P2, k: int) = num - num in P1 = k
define step(P1, P2) = shift(P1, P2, 3) | shift(P1, P2, 6) & low in P1 != low
define back(P1, P2) = shift(P2, P1, 3)
define apart(A, B) = abs(num in A - num in B) + low
define far(P1, P2) = apart(P1, P2) > 10 & apart(P2, P1) < 40

advice A white depth 1
  better step | far
  holding back
  moves step then back

advice B white depth 1
  better far
  moves back
`
	b, diags := Load(fcompileLibrary(), "f.al", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	a, _ := b.AdviceNamed("A")
	ab, _ := b.AdviceNamed("B")
	require.NotNil(t, ab.Moves[0].Compiled(), "B's one part compiled")
	def := func(name string) *Definition[toy] {
		d, ok := b.Definition(name)
		require.True(t, ok, name)
		return d
	}
	abs := func(x int) int { return max(x, -x) }
	for n1 := 0; n1 < 60; n1 += 3 {
		for n2 := 0; n2 < 60; n2 += 3 {
			p1, p2 := toy{n1}, toy{n2}
			step := n2-n1 == 3 || n2-n1 == 6 && n1%8 != n2%8
			back := n1-n2 == 3
			far := abs(n1-n2)+n2%8 > 10 && abs(n2-n1)+n1%8 < 40
			require.Equal(t, b2i(step), def("step").Eval(&p1, &p2), "step(%d, %d)", n1, n2)
			require.Equal(t, b2i(back), def("back").Eval(&p1, &p2), "back(%d, %d)", n1, n2)
			require.Equal(t, b2i(far), def("far").Eval(&p1, &p2), "far(%d, %d)", n1, n2)
			env := &Env[toy]{P0: &p1, P1: &p1, P2: &p2}
			require.Equal(t, step || far, a.Better.Eval(env), "better at %d, %d", n1, n2)
			require.Equal(t, back, a.Holding.Eval(env), "holding at %d, %d", n1, n2)
			part, ok := a.Moves.Allows(env)
			require.Equal(t, step || back, ok, "moves at %d, %d", n1, n2)
			if step {
				require.Equal(t, 0, part)
			} else if back {
				require.Equal(t, 1, part)
			}
			// AllowsAt (the searcher's) is Allows, with two parts and
			// with one (called without the loop).
			pat, okAt := a.Moves.AllowsAt(&p1, &p1, &p2, nil)
			require.Equal(t, ok, okAt, "moves at %d, %d", n1, n2)
			if ok {
				require.Equal(t, part, pat)
			}
			pat, okAt = ab.Moves.AllowsAt(&p1, &p1, &p2, nil)
			require.Equal(t, back, okAt, "B's moves at %d, %d", n1, n2)
			require.Zero(t, pat)
		}
	}
}

// TestValueDefinitionTables: a definition of value parameters whose body
// reads nothing else (gap) is a pure function, so a term of its calls on
// cheap inputs is a table (tab.go's pureFunction); the table gives the
// values of the computation, in a definition (its inputs in the first
// slots, which the calls' arguments must not overwrite) and in a formula.
func TestValueDefinitionTables(t *testing.T) {
	src := `
define gap(a: int, b: int) = if a < b then b - a else a - b
define gaps = gap(low, 5) * gap(if even then 7 else 1, 3)
define wide = gaps > 6
advice A white depth 1
  better wide
`
	b, diags := Load(fcompileLibrary(), "v.al", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	gaps, _ := b.Definition("gaps")
	wide, _ := b.Definition("wide")
	a, _ := b.AdviceNamed("A")
	abs := func(x int32) int32 { return max(x, -x) }
	for n := range 40 {
		p := toy{n}
		low := int32(n % 8)
		e := int32(1)
		if n>>4&1 == 1 { // even is bit 4 of n in toyLibrary
			e = 7
		}
		want := abs(low-5) * abs(e-3)
		require.Equal(t, want, gaps.Eval(&p), "gaps at %d", n)
		require.Equal(t, b2i(want > 6), wide.Eval(&p), "wide at %d", n)
		require.Equal(t, want > 6, a.Better.Eval(&Env[toy]{P0: &p, P1: &p, P2: &p}), "A's better goal at %d", n)
	}
}

// intEntryBase computes an integer of more than 4 bits twice (sq, in
// room): on entry, where a table of room would read it through
// 4 bits, so room's table is made of sq's own input (low) instead
// (tab.go, ints); room in P1 is kept in the root line.
const intEntryBase = `
define part(x: int) = if x < 3 then x + 5 else 12 - x
define sq = part(low) * part(low + 1) + part(low + 2) * part(low + 3) - part(low + 4) * part(low + 5) - part(low + 6) * part(low + 7)
define room = if sq = 0 then 64 else sq
define smaller(P1, P2) = room < room in P1 & ~even
define roomy = room > 30 & room < 50
define twelve = room = 12 | sq = 20
advice A white depth 1
  better smaller & odd | roomy & ~big
  holding ~twelve | even
`

// TestIntegerOnEntryTable: the goals of intEntryBase, compiled, answer as
// walked atom by atom (each definition evaluated alone) for every
// combination of positions, with and without a cache.
func TestIntegerOnEntryTable(t *testing.T) {
	b, diags := Load(fcompileLibrary(), "i.al", []byte(intEntryBase))
	require.False(t, diags.HasErrors(), "%v", diags)
	a, _ := b.AdviceNamed("A")
	var walk func(f *Formula[toy], env *Env[toy]) bool
	walk = func(f *Formula[toy], env *Env[toy]) bool {
		switch f.Op {
		case OpNot:
			return !walk(f.L, env)
		case OpAnd:
			return walk(f.L, env) && walk(f.R, env)
		case OpOr:
			return walk(f.L, env) || walk(f.R, env)
		}
		g := *f
		g.fn = nil
		return g.Eval(env)
	}
	for _, f := range []*Formula[toy]{a.Better, a.Holding} {
		require.NotNil(t, f.fn)
	}
	cache := new(Cache)
	for n0 := range 24 {
		for n1 := range 24 {
			for n2 := range 24 {
				p0, p1, p2 := toy{n0}, toy{n1 * 5}, toy{n2 * 3}
				env := &Env[toy]{P0: &p0, P1: &p1, P2: &p2}
				cached := &Env[toy]{P0: &p0, P1: &p1, P2: &p2, Cache: cache}
				for i, f := range []*Formula[toy]{a.Better, a.Holding} {
					want := walk(f, env)
					require.Equal(t, want, f.Eval(env), "goal %d at %d, %d, %d", i, p0.n, p1.n, p2.n)
					require.Equal(t, want, f.Eval(cached), "goal %d at %d, %d, %d with a cache", i, p0.n, p1.n, p2.n)
				}
			}
		}
	}
}

// sharedBase reads lots in P2 in both goals of S (cached: the goals of a
// node read it twice), few in one goal of U only (not cached: a line's
// search costs more than few).
const sharedBase = `
define lots = num > 20
define few = num < 10
advice S white depth 1
  better lots & even
  holding lots | odd
advice U white depth 1
  better few & even
  holding odd
`

// TestCacheShared: a term of P2 is kept in the cache only when two goals
// of one piece of advice read it (compileFormulas' first pass), and the
// goals answer as walked either way.
func TestCacheShared(t *testing.T) {
	b, diags := Load(fcompileLibrary(), "s.al", []byte(sharedBase))
	require.False(t, diags.HasErrors(), "%v", diags)
	kept := func(name string) int {
		a, _ := b.AdviceNamed(name)
		var m Cache
		for n := range 40 {
			p := toy{n}
			for _, f := range []*Formula[toy]{a.Better, a.Holding} {
				g := *f
				g.fn = nil
				want := g.Eval(&Env[toy]{P0: &p, P1: &p, P2: &p})
				require.Equal(t, want, f.Eval(&Env[toy]{P0: &p, P1: &p, P2: &p, Cache: &m}), "%s at %d", name, n)
			}
		}
		k := 0
		for _, l := range m.lines {
			for _, w := range l.known {
				k += bits.OnesCount64(w)
			}
		}
		return k
	}
	require.NotZero(t, kept("S"), "lots, read by both goals of S, is not cached")
	require.Zero(t, kept("U"), "few, read by one goal of U, is cached")
}

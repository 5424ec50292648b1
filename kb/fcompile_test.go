package kb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// fcompileLibrary is toyLibrary with primitives over n: num (n of the
// position), digit (n mod 10, a pure primitive of an integer, tabulated).
func fcompileLibrary() *Library[toy] {
	lib := toyLibrary()
	lib.MustRegisterFunc(
		Func[toy]{Name: "num", Doc: "n", Reads: 1, Result: TInt, Eval: func(p, _ *toy, _, _, _ int32) int32 { return int32(p.n) }},
		Func[toy]{Name: "digit", Doc: "x mod 10", Params: []Type{TInt}, Result: TInt, Eval: func(_, _ *toy, x, _, _ int32) int32 { return x % 10 }},
	)
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

pattern CLOSE(P1, P2) = near(P1, P2) & ~grows(P1, P2)

advice A white depth 2
  better (small | odd_last) & CLOSE & ~(even | grew)
  holding mate -> small & odd_last | ~(check | small | same)
  moves grows then near
  replies ~grows | CLOSE

table T white
  rule even & small & large & odd_last : A
  rule true : A
`

// TestFormulasCompiled: every formula of a base is compiled, gives the
// answer of walking it on every combination of three positions, and its
// evaluation allocates nothing.
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
	for _, p0 := range ps[:8] {
		for _, p1 := range ps {
			for _, p2 := range ps {
				env := &Env[toy]{P0: &p0, P1: &p1, P2: &p2}
				for i, f := range fs {
					require.Equal(t, walk(f, env), f.Eval(env), "formula %d at %d, %d, %d", i, p0.n, p1.n, p2.n)
				}
			}
		}
	}
	env := &Env[toy]{P0: &ps[1], P1: &ps[2], P2: &ps[3]}
	for i, f := range fs {
		require.Zero(t, testing.AllocsPerRun(100, func() { f.Eval(env) }), "formula %d allocates", i)
	}
}

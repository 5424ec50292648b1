package kb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type toy struct{ n int }

func TestFormulaEval(t *testing.T) {
	lib := NewLibrary[toy]()
	lib.MustRegister(
		Predicate[toy]{Name: "even", Kind: PositionKind, Doc: "n is even", Pos: func(p *toy) bool { return p.n%2 == 0 }},
		Predicate[toy]{Name: "grew", Kind: RelationKind, Doc: "n grew", Rel: func(a, b *toy) bool { return b.n > a.n }},
	)
	even, _ := lib.Lookup("even")
	grew, _ := lib.Lookup("grew")
	a, b := toy{1}, toy{4}
	env := &Env[toy]{P0: &a, P1: &a, P2: &b}
	cases := []struct {
		name string
		f    *Formula[toy]
		want bool
	}{
		{"true", True[toy](), true},
		{"false", False[toy](), false},
		{"even P2", Pos(even, P2), true},
		{"even P0", Pos(even, P0), false},
		{"grew P0 P2", Rel(grew, P0, P2), true},
		{"grew P2 P1", Rel(grew, P2, P1), false},
		{"not", Not(Pos(even, P0)), true},
		{"and", And(Pos(even, P2), Pos(even, P0)), false},
		{"or", Or(Pos(even, P2), Pos(even, P0)), true},
		{"implies", Implies(Pos(even, P0), False[toy]()), true},
		{"iff", Iff(Pos(even, P0), Pos(even, P2)), false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, c.f.Eval(env), c.name)
	}
	allocs := testing.AllocsPerRun(100, func() { cases[8].f.Eval(env) })
	require.Zero(t, allocs)

	part, ok := Order[toy]{Pos(even, P0), Pos(even, P2)}.Allows(env)
	require.True(t, ok)
	require.Equal(t, 1, part)
	_, ok = Order[toy]{Pos(even, P0)}.Allows(env)
	require.False(t, ok)
}

func TestLibraryRegister(t *testing.T) {
	lib := NewLibrary[toy]()
	ok := Predicate[toy]{Name: "x", Kind: PositionKind, Doc: "d", Pos: func(*toy) bool { return true }}
	require.NoError(t, lib.Register(ok))
	require.Error(t, lib.Register(ok), "duplicate")
	require.Error(t, lib.Register(Predicate[toy]{Name: "y", Kind: PositionKind, Pos: ok.Pos}), "no doc")
	require.Error(t, lib.Register(Predicate[toy]{Name: "z", Kind: RelationKind, Doc: "d", Pos: ok.Pos}), "kind mismatch")
	require.Equal(t, []string{"x"}, lib.Names())
}

package kb

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/lang/langtest"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// toyLibrary declares every predicate name the test inputs use. Position
// predicates test bits of n; relation predicates compare n.
func toyLibrary() *Library[toy] {
	lib := NewLibrary[toy]()
	positions := []string{
		// general
		"mate", "stalemate", "check", "not_stalemate", "even", "odd", "big",
		// KPK (thesis)
		"pawn_lost", "pawn_runs", "critical_squares", "critical_squares_rook",
		"pawn_blocked", "pattern_bp6", "rook_pawn",
		// KRK, KBBK (thesis, chapter 2)
		"kings_opposed", "rook_protected", "rook_divides", "rook_divides_close",
		"kings_apart", "kings_knight_apart", "rook_far", "lamp_lights",
		"lamp_lights_edge", "lamp_lights_corner", "white_king_near_lamp",
		"bishops_safe", "shift_field", "reduce_field", "white_king_nearer_lamp",
		"manhattan_smaller",
	}
	for i, name := range positions {
		bit := uint(i % 5)
		lib.MustRegister(Predicate[toy]{Name: name, Kind: PositionKind, Doc: "bit " + name,
			Pos: func(p *toy) bool { return p.n>>bit&1 == 1 }})
	}
	relations := []string{
		"grew", "white_king_move", "white_king_closer", "black_king_closer",
		"room_smaller", "room_equal", "rook_move", "bishop_step1", "bishop_step2",
	}
	for _, name := range relations {
		lib.MustRegister(Predicate[toy]{Name: name, Kind: RelationKind, Doc: "grew " + name,
			Rel: func(a, b *toy) bool { return b.n > a.n }})
	}
	return lib
}

func load(t *testing.T, path string) (*Base[toy], lang.Diagnostics, []byte) {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	b, diags := Load(toyLibrary(), path, src)
	return b, diags, src
}

// TestThesisBases compiles the thesis's knowledge bases without an error or
// warning.
func TestThesisBases(t *testing.T) {
	for _, name := range []string{"kpk_thesis.al3", "krk_ejemplo1.al1", "bishops_ejemplo2.al1"} {
		t.Run(name, func(t *testing.T) {
			b, diags, src := load(t, filepath.Join("..", "lang", "testdata", "parse", name))
			require.NotNil(t, b)
			langtest.Check(t, src, diags)
		})
	}
}

func TestKPKBase(t *testing.T) {
	b, diags, _ := load(t, "../lang/testdata/parse/kpk_thesis.al3")
	require.False(t, diags.HasErrors())
	require.Equal(t, "GANA", b.Query.Key())
	require.Len(t, b.Methods, 10)
	require.Len(t, b.Plans, 3)
	require.Len(t, b.Lemmas, 6)
	require.Len(t, b.Observations, 1)

	m0, _ := b.Method("M0")
	require.False(t, m0.Hard)
	require.Equal(t, []Term{NameTerm("GANA")}, m0.Pre)
	require.Equal(t, []Fact{{Term: NameTerm("PEON_T"), Value: false}}, m0.Facts)
	require.Equal(t, []Line{{If: []string{"GANA_PEON_NT"}, Then: []string{"GANA"}}}, m0.Relation.Lines(false))

	m7, _ := b.Method("M7")
	require.Equal(t, "ref(P_NEGRO, P_BLANCO_NT)", m7.Action[0].Key())
	require.Equal(t, []Line{{If: []string{"ref(P_NEGRO, P_BLANCO_NT)", "suc(P_BLANCO_NT)"}, Then: []string{}}}, m7.Relation.Lines(false))

	nt, ok := b.Plan("P_BLANCO_NT")
	require.True(t, ok)
	require.Equal(t, game.White, nt.Side)
	require.Equal(t, 1, nt.Depth)
	require.Len(t, nt.Moves, 1)
	// Moves read (P1, P2); goals read P2 for positions.
	root, before, after := toy{0}, toy{1}, toy{4}
	env := &Env[toy]{P0: &root, P1: &before, P2: &after}
	require.True(t, nt.Moves[0].Eval(env)) // 4 > 1 for both relations
	env.P1 = &toy{9}
	require.False(t, nt.Moves[0].Eval(env))

	neg, _ := b.Plan("P_NEGRO")
	require.Equal(t, game.Black, neg.Side)
	require.Equal(t, OpTrue, neg.Holding.Op, "holding defaults to true")

	corre, ok := b.Lemma("CORRE_PEON")
	require.True(t, ok)
	require.Equal(t, OpAtom, corre.Formula.Op)
	require.Equal(t, P2, corre.Formula.A)

	// Combinations.
	c, ok := b.Combine(PlanModOf(PlanName("P_BLANCO_T"), PlanName("P_BLANCO_NT")))
	require.True(t, ok)
	require.Equal(t, "P_BLANCO_T mod P_BLANCO_NT", c.Name)
	require.Len(t, c.Moves, 3)
	c, ok = b.Combine(PlanOrOf(PlanName("P_BLANCO_T"), PlanName("P_BLANCO_NT")))
	require.True(t, ok)
	require.Len(t, c.Moves, 2)
	require.Equal(t, OpOr, c.Better.Op)
	_, ok = b.Combine(PlanOrOf(PlanName("P_BLANCO_T"), PlanName("P_NEGRO")))
	require.False(t, ok, "sides differ")
}

func TestDefaultPositions(t *testing.T) {
	src := `
pattern NEAR(P1, P2) = grew(P1, P2)
pattern UP = grew
advice A white depth 1
  better UP & even & even(P0) & grew(P1, P2) & NEAR
  holding NEAR(P0, P2)
  moves UP then NEAR(P0, P1) then any
  replies any
table T white
  rule even & even(P0) & ~odd : A
`
	b, diags := Load(toyLibrary(), "d.al", []byte(src))
	require.Empty(t, diags)
	a, _ := b.AdviceNamed("A")
	s := func(f *Formula[toy]) string { return formulaString(f) }
	require.Equal(t, "((((grew(P0, P2) & even(P2)) & even(P0)) & grew(P1, P2)) & grew(P0, P2))", s(a.Better))
	require.Equal(t, "grew(P0, P2)", s(a.Holding))
	require.Len(t, a.Moves, 3)
	require.Equal(t, "grew(P1, P2)", s(a.Moves[0]))
	require.Equal(t, "grew(P0, P1)", s(a.Moves[1]))
	require.Equal(t, "true", s(a.Moves[2]))
	require.Empty(t, a.Replies)
	tb, _ := b.Table("T")
	require.Equal(t, "even & even(P0) & ~odd", tb.Rules[0].Name)
	require.Same(t, a, tb.Rules[0].Advice[0])
	// Compiled formulas allocate nothing when evaluated.
	x, y := toy{2}, toy{6}
	env := &Env[toy]{P0: &x, P1: &x, P2: &y}
	require.Zero(t, testing.AllocsPerRun(100, func() { a.Better.Eval(env) }))
}

// TestOptionSacrifice: plans take the option as advice do.
func TestOptionSacrifice(t *testing.T) {
	src := `
plan P white depth 1
  better mate
  option sacrifice
plan Q white depth 1
  better mate
advice A white depth 1
  better mate
  option sacrifice
table T white
  rule true : A, P, Q
`
	b, diags := Load(toyLibrary(), "s.al", []byte(src))
	require.Empty(t, diags)
	for name, want := range map[string]bool{"P": true, "Q": false} {
		p, ok := b.Plan(name)
		require.True(t, ok)
		require.Equal(t, want, p.Sacrifice, name)
	}
	a, _ := b.AdviceNamed("A")
	require.True(t, a.Sacrifice)
}

func formulaString(f *Formula[toy]) string {
	switch f.Op {
	case OpTrue:
		return "true"
	case OpFalse:
		return "false"
	case OpAtom:
		if f.Pred.Kind == RelationKind {
			return f.Pred.Name + "(" + f.A.String() + ", " + f.B.String() + ")"
		}
		return f.Pred.Name + "(" + f.A.String() + ")"
	case OpNot:
		return "~" + formulaString(f.L)
	}
	op := map[Op]string{OpAnd: " & ", OpOr: " | ", OpImplies: " -> ", OpIff: " <-> "}[f.Op]
	return "(" + formulaString(f.L) + op + formulaString(f.R) + ")"
}

// TestErrors checks every compiler message against the expectations written
// inline in testdata/errors.
func TestErrors(t *testing.T) {
	paths, err := filepath.Glob("testdata/errors/*.al*")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, diags, src := load(t, path)
			langtest.Check(t, src, diags)
			if diags.HasErrors() {
				require.Nil(t, b)
			}
		})
	}
}

func TestNearest(t *testing.T) {
	names := []string{"pawn_runs", "pawn_lost", "mate", "CASILLAS_CRITICAS"}
	require.Equal(t, "pawn_runs", Nearest("pawn_run", names))
	require.Equal(t, "mate", Nearest("Mate", names))
	require.Equal(t, "CASILLAS_CRITICAS", Nearest("CASILAS_CRITICAS", names))
	require.Equal(t, "", Nearest("zzz", names))
	require.False(t, strings.Contains(Nearest("x", names), "x"))
}

// TestPatternBlowUp: patterns that use patterns twice over compile in
// linear time (their expansions are shared).
func TestPatternBlowUp(t *testing.T) {
	var b strings.Builder
	b.WriteString("pattern X0 = mate\n")
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&b, "pattern X%d = X%d & ~X%d\n", i, i-1, i-1)
	}
	b.WriteString("advice A white depth 1\n  better X60\ntable T white\n  rule X60 : A\n")
	base, diags := Load(toyLibrary(), "x.al", []byte(b.String()))
	require.NotNil(t, base)
	// X1 = mate & ~mate is a contradiction, and so is every X after it:
	// the checker finds it on the shared expansion (2^60 leaves as a tree).
	var msgs []string
	for _, d := range diags {
		require.Equal(t, lang.Warning, d.Severity)
		msgs = append(msgs, d.Msg)
	}
	require.Equal(t, []string{
		"the better goal of advice A never holds: A succeeds only where black has no allowed reply (a mate or a stalemate), never by reaching its goal",
		"this rule never applies: its condition never holds",
	}, msgs)

	// A long chain is fine; a longer one than maxPatternDepth is an error,
	// never a silently missing formula.
	// Declared last first, so that no expansion is shared.
	for _, n := range []int{300, maxPatternDepth + 5} {
		b.Reset()
		for i := n; i >= 1; i-- {
			fmt.Fprintf(&b, "pattern X%d = ~X%d\n", i, i-1)
		}
		b.WriteString("pattern X0 = mate\n")
		fmt.Fprintf(&b, "advice A white depth 1\n  better X%d\ntable T white\n  rule true : A\n", n)
		base, diags = Load(toyLibrary(), "x.al", []byte(b.String()))
		if n <= maxPatternDepth {
			require.Empty(t, diags)
			require.NotNil(t, base)
		} else {
			require.True(t, diags.HasErrors())
			require.Contains(t, diags.Error(), "patterns nested more than 500 deep")
		}
	}
}

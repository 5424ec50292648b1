package kb

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTermKeys(t *testing.T) {
	nt, tt, neg := PlanName("P_BLANCO_NT"), PlanName("P_BLANCO_T"), PlanName("P_NEGRO")
	require.Equal(t, "GANA", NameTerm("GANA").Key())
	require.Equal(t, "suc(P_BLANCO_NT)", SucTerm(nt).Key())
	require.Equal(t, "ref(P_NEGRO, P_BLANCO_T)", RefTerm(neg, tt).Key())
	require.Equal(t, "suc(P_BLANCO_T mod P_BLANCO_NT)", SucTerm(PlanModOf(tt, nt)).Key())
	require.Equal(t, "suc(P_BLANCO_T or P_BLANCO_NT mod P_NEGRO)", SucTerm(PlanModOf(PlanOrOf(tt, nt), neg)).Key())
	require.Equal(t, "suc(P_BLANCO_T or (P_BLANCO_NT mod P_NEGRO))", SucTerm(PlanOrOf(tt, PlanModOf(nt, neg))).Key())
	require.Equal(t, []string{"P_BLANCO_T", "P_BLANCO_NT"}, PlanOrOf(tt, PlanModOf(nt, tt)).Leaves())
}

func atom(k string) *Prop         { return &Prop{Op: OpAtom, Term: NameTerm(k)} }
func bin(op Op, l, r *Prop) *Prop { return &Prop{Op: op, L: l, R: r} }

func TestLines(t *testing.T) {
	h1, h2, h3, h4 := atom("H1"), atom("H2"), atom("H3"), atom("H4")
	// M2: H2 | H3 | H4 -> H1.
	m2 := bin(OpImplies, bin(OpOr, bin(OpOr, h2, h3), h4), h1)
	require.Equal(t, []Line{
		{If: []string{"H2"}, Then: []string{"H1"}},
		{If: []string{"H3"}, Then: []string{"H1"}},
		{If: []string{"H4"}, Then: []string{"H1"}},
	}, m2.Lines(false))
	require.Equal(t, []Line{
		{If: []string{}, Then: []string{"H2", "H3", "H4"}},
		{If: []string{"H1"}, Then: []string{}},
	}, m2.Lines(true))
	// M3: H1 <-> ~H2.
	m3 := bin(OpIff, h1, &Prop{Op: OpNot, L: h2})
	require.Equal(t, []Line{
		{If: []string{}, Then: []string{"H1", "H2"}},
		{If: []string{"H1", "H2"}, Then: []string{}},
	}, m3.Lines(false))
	// Tautologies are dropped: H1 -> H1 has no lines; true has none; false one empty line.
	require.Empty(t, bin(OpImplies, h1, h1).Lines(false))
	require.Empty(t, (&Prop{Op: OpTrue}).Lines(false))
	require.Equal(t, []Line{{If: []string{}, Then: []string{}}}, (&Prop{Op: OpFalse}).Lines(false))
	require.Equal(t, []Line{{If: []string{}, Then: []string{"H1"}}}, bin(OpAnd, h1, h1).Lines(false))
}

func randProp(r *rand.Rand, depth int) *Prop {
	if depth == 0 || r.Intn(4) == 0 {
		switch r.Intn(12) {
		case 0:
			return &Prop{Op: OpTrue}
		case 1:
			return &Prop{Op: OpFalse}
		}
		return atom(string(rune('A' + r.Intn(4))))
	}
	switch r.Intn(5) {
	case 0:
		return &Prop{Op: OpNot, L: randProp(r, depth-1)}
	case 1:
		return bin(OpAnd, randProp(r, depth-1), randProp(r, depth-1))
	case 2:
		return bin(OpOr, randProp(r, depth-1), randProp(r, depth-1))
	case 3:
		return bin(OpImplies, randProp(r, depth-1), randProp(r, depth-1))
	}
	return bin(OpIff, randProp(r, depth-1), randProp(r, depth-1))
}

// TestLinesAgree is the property test: for random formulas and every
// assignment of their hypotheses, the clause form agrees with the formula,
// and the negation's clause form with the negation.
func TestLinesAgree(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		p := randProp(r, 4)
		pos, neg := p.Lines(false), p.Lines(true)
		for _, lines := range [][]Line{pos, neg} {
			for _, l := range lines {
				require.True(t, sortedUnique(l.If) && sortedUnique(l.Then), "%v", l)
				require.False(t, tautology(l))
			}
		}
		for mask := 0; mask < 16; mask++ {
			value := func(k string) bool { return mask>>(k[0]-'A')&1 == 1 }
			want := p.Eval(value)
			require.Equal(t, want, all(pos, value), "%s under %04b: %v", p, mask, pos)
			require.Equal(t, !want, all(neg, value), "~%s under %04b: %v", p, mask, neg)
		}
	}
}

func all(lines []Line, value func(string) bool) bool {
	for _, l := range lines {
		if !l.Holds(value) {
			return false
		}
	}
	return true
}

func sortedUnique(s []string) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] >= s[i] {
			return false
		}
	}
	return true
}

// TestClauseCount: ClauseCount is the number of lines distribution builds
// (before duplicates go), on random relations, and a relation whose clause
// form would be too large is an error of the compiler.
func TestClauseCount(t *testing.T) {
	r := randv2.New(randv2.NewPCG(3, 4))
	var gen func(d int) *Prop
	gen = func(d int) *Prop {
		if d == 0 || r.IntN(4) == 0 {
			switch r.IntN(8) {
			case 0:
				return &Prop{Op: OpTrue}
			case 1:
				return &Prop{Op: OpFalse}
			}
			return &Prop{Op: OpAtom, Term: NameTerm(string(rune('A' + r.IntN(4))))}
		}
		switch op := []Op{OpNot, OpAnd, OpOr, OpImplies, OpIff}[r.IntN(5)]; op {
		case OpNot:
			return &Prop{Op: OpNot, L: gen(d - 1)}
		default:
			return &Prop{Op: op, L: gen(d - 1), R: gen(d - 1)}
		}
	}
	for range 2000 {
		p := gen(4)
		for _, neg := range []bool{false, true} {
			if got, want := p.ClauseCount(neg), int64(len(cnf(p, neg))); got != want {
				t.Fatalf("ClauseCount(%s, %v) = %d, cnf has %d", p, neg, got, want)
			}
		}
	}
	var b strings.Builder
	b.WriteString("query GANA\nmethod M easy\n  pre H: GANA\n  action ")
	for i := range 11 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "A%d, B%d", i, i)
	}
	b.WriteString("\n  relation ")
	for i := range 11 {
		if i > 0 {
			b.WriteString(" | ")
		}
		fmt.Fprintf(&b, "(A%d & B%d)", i, i)
	}
	b.WriteString(" -> H\n")
	_, diags := Load(toyLibrary(), "cnf.al3", []byte(b.String()))
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "the clause form of its negation would have 2049 lines, more than 1024") {
		t.Fatalf("want the clause-form error, got %v", diags)
	}
}

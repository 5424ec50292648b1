package kb

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTruthOf: tautologies and contradictions of propositional logic over
// the formula's atoms, each atom (predicate and positions) independent.
func TestTruthOf(t *testing.T) {
	for _, c := range []struct {
		src  string
		want truth
	}{
		{"mate", sometimes},
		{"true", always},
		{"false", never},
		{"mate | ~mate", always},
		{"mate & ~mate", never},
		{"mate -> mate", always},
		{"(mate <-> check) <-> (check <-> mate)", always},
		{"mate & check & ~(check & mate)", never},
		{"mate(P2) & ~mate(P0)", sometimes}, // different positions, different atoms
		{"grew(P0, P2) | ~grew(P0, P2)", always},
		{"grew(P0, P2) & ~grew(P1, P2)", sometimes},
		{"~(false | mate) & mate", never},
	} {
		b, diags := Load(toyLibrary(), "t.al", []byte("pattern X = "+c.src+"\nadvice A white depth 1\n  better X\ntable T white\n  rule true : A\n"))
		require.False(t, diags.HasErrors(), "%s: %v", c.src, diags)
		a, _ := b.AdviceNamed("A")
		require.Equal(t, c.want, truthOf(a.Better), c.src)
	}
}

// TestTruthOfManyAtoms: beyond maxTruthAtoms only the constants are folded.
func TestTruthOfManyAtoms(t *testing.T) {
	var parts []string
	for _, name := range []string{"mate", "stalemate", "check", "even", "odd", "big", "pawn_lost", "pawn_runs",
		"critical_squares", "rook_pawn", "kings_opposed", "rook_protected", "rook_divides"} {
		parts = append(parts, name)
	}
	many := strings.Join(parts, " & ")
	for src, want := range map[string]truth{
		many:                                   sometimes,
		many + " & false":                      never,
		"(" + many + ") | true":                always,
		"(" + many + ") & ~(" + parts[0] + ")": sometimes, // a contradiction, but too many atoms to see it
		"~((" + many + ") -> (" + many + ")) & false": never,
	} {
		b, diags := Load(toyLibrary(), "t.al", []byte("advice A white depth 1\n  better "+src+"\ntable T white\n  rule true : A\n"))
		require.False(t, diags.HasErrors(), "%v", diags)
		a, _ := b.AdviceNamed("A")
		require.Greater(t, len(parts), maxTruthAtoms)
		require.Equal(t, want, truthOf(a.Better), src)
	}
}

// TestTruthOfIsSound: on random formulas over a few atoms, "always" and
// "never" agree with evaluation in every position of the toy game.
func TestTruthOfIsSound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"mate", "check", "even", "grew"}
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 || r.IntN(3) == 0 {
			switch n := r.IntN(len(names) + 2); {
			case n == len(names):
				return "true"
			case n == len(names)+1:
				return "false"
			default:
				return names[n]
			}
		}
		switch r.IntN(5) {
		case 0:
			return "~" + gen(d-1)
		case 1:
			return "(" + gen(d-1) + " & " + gen(d-1) + ")"
		case 2:
			return "(" + gen(d-1) + " | " + gen(d-1) + ")"
		case 3:
			return "(" + gen(d-1) + " -> " + gen(d-1) + ")"
		}
		return "(" + gen(d-1) + " <-> " + gen(d-1) + ")"
	}
	seen := map[truth]int{}
	for range 500 {
		src := gen(4)
		b, diags := Load(toyLibrary(), "t.al", []byte(fmt.Sprintf("advice A white depth 1\n  better %s\ntable T white\n  rule true : A\n", src)))
		require.False(t, diags.HasErrors(), "%s: %v", src, diags)
		a, _ := b.AdviceNamed("A")
		got := truthOf(a.Better)
		seen[got]++
		for n := range 32 { // every combination of the five bits the position predicates read
			for m := range 32 {
				p, q := toy{n}, toy{m}
				v := a.Better.Eval(&Env[toy]{P0: &p, P1: &p, P2: &q})
				if got == always {
					require.True(t, v, src)
				}
				if got == never {
					require.False(t, v, src)
				}
			}
		}
	}
	require.Positive(t, seen[always])
	require.Positive(t, seen[never])
	require.Positive(t, seen[sometimes])
}

package kb

import (
	"os"
	"testing"
)

func BenchmarkLoadKPK(b *testing.B) {
	src, err := os.ReadFile("../lang/testdata/parse/kpk_thesis.al3")
	if err != nil {
		b.Fatal(err)
	}
	lib := toyLibrary()
	for b.Loop() {
		if base, _ := Load(lib, "kpk.al3", src); base == nil {
			b.Fatal("no base")
		}
	}
}

// BenchmarkEvalBetter evaluates a compiled better goal (three patterns
// over library predicates): the cost the prover pays at every node.
func BenchmarkEvalBetter(b *testing.B) {
	src, err := os.ReadFile("../lang/testdata/parse/kpk_thesis.al3")
	if err != nil {
		b.Fatal(err)
	}
	base, _ := Load(toyLibrary(), "kpk.al3", src)
	plan, _ := base.Plan("P_BLANCO_NT")
	x, y := toy{0}, toy{3}
	env := &Env[toy]{P0: &x, P1: &x, P2: &y}
	b.ReportAllocs()
	for b.Loop() {
		plan.Better.Eval(env)
		plan.Moves.Allows(env)
	}
}

func BenchmarkLinesM2(b *testing.B) {
	h := func(k string) *Prop { return &Prop{Op: OpAtom, Term: NameTerm(k)} }
	p := &Prop{Op: OpImplies, L: &Prop{Op: OpOr, L: &Prop{Op: OpOr, L: h("H2"), R: h("H3")}, R: h("H4")}, R: h("H1")}
	for b.Loop() {
		p.Lines(false)
		p.Lines(true)
	}
}

package knowledge_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// formulasOf lists the formulas of a base the compiler compiles as a
// whole, in a fixed order (so that two loads of one file pair them).
func formulasOf(b *kb.Base[chess.Position]) []*kb.Formula[chess.Position] {
	var fs []*kb.Formula[chess.Position]
	for _, as := range [][]*kb.Advice[chess.Position]{b.Plans, b.Advice} {
		for _, a := range as {
			fs = append(fs, a.Better, a.Holding, a.Otherwise)
			for _, o := range a.Orders() {
				fs = append(fs, o...)
			}
			for _, g := range a.Goals {
				fs = append(fs, g.F)
			}
		}
	}
	for _, t := range b.Tables {
		for _, r := range t.Rules {
			fs = append(fs, r.Cond)
		}
	}
	for _, ls := range [][]*kb.Lemma[chess.Position]{b.Lemmas, b.Observations} {
		for _, l := range ls {
			fs = append(fs, l.Formula)
		}
	}
	return fs
}

// TestGeneratedGoalsAgree: every goal of the shipped bases that is
// compiled ahead of time (kb/goals_gen.go) answers as its closures (the
// base loaded again with kb.UseGeneratedGoals(false)), with and without a
// cache, at every child of random positions of eleven materials, the root
// another random position; and bratko.al1's goals are generated.
func TestGeneratedGoalsAgree(t *testing.T) {
	files, err := filepath.Glob("*.al[13]")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(43, 44))
	ps := randomPositions(r, 400)
	var buf [chess.MaxMoves]chess.Move
	lib := predicates.Library()
	generated, bratko, moves, bratkoMoves := 0, 0, 0, 0
	for _, file := range files {
		gen, diags := knowledge.Load(lib, file)
		if diags.HasErrors() {
			continue
		}
		was := kb.UseGeneratedGoals(false)
		plain, _ := knowledge.Load(lib, file)
		kb.UseGeneratedGoals(was)
		// The move tests: generated against the staged closures.
		for ai, a := range gen.Advice {
			for oi, o := range a.Orders() {
				_, gt := kb.MoveTest[chess.Position, chess.Move](o)
				was := kb.UseGeneratedGoals(false)
				cp, ct := kb.MoveTest[chess.Position, chess.Move](plain.Advice[ai].Orders()[oi])
				kb.UseGeneratedGoals(was)
				if gt == nil || ct == nil {
					if (gt == nil) != (ct == nil) {
						t.Fatalf("%s: advice %s, constraint %d: a generated move test where the closures have none, or none where they have one", file, a.Name, oi)
					}
					continue
				}
				moves++
				if file == "bratko.al1" {
					bratkoMoves++
				}
				var env kb.MoveEnv
				for j := range ps {
					p0, p1 := &ps[(j+5)%len(ps)], &ps[j]
					if cp != nil {
						cp(p0, p1, &env)
					}
					for _, mv := range p1.LegalMoves(buf[:0]) {
						gi, gok := gt(p1, mv, nil)
						ci, cok := ct(p1, mv, &env)
						if gi != ci || gok != cok {
							t.Fatalf("%s: advice %s, constraint %d at %s, move %s: generated (%d, %v), closures (%d, %v)", file, a.Name, oi, p1.FEN(), mv, gi, gok, ci, cok)
						}
					}
				}
			}
		}
		gs, cs := formulasOf(gen), formulasOf(plain)
		if len(gs) != len(cs) {
			t.Fatalf("%s: %d formulas, %d without the generated goals", file, len(gs), len(cs))
		}
		var m1, m2 kb.Cache
		for i, f := range gs {
			if !f.Generated() {
				continue
			}
			if cs[i].Generated() {
				t.Fatalf("%s: formula %d generated with the generated goals off", file, i)
			}
			generated++
			if file == "bratko.al1" {
				bratko++
			}
			g, c := f.Compiled(), cs[i].Compiled()
			for j := range ps {
				p0, p1 := &ps[(j+5)%len(ps)], &ps[j]
				for _, mv := range p1.LegalMoves(buf[:0]) {
					q := p1.Play(mv)
					want := c(p0, p1, &q, &m2)
					if got := g(p0, p1, &q, &m1); got != want {
						t.Fatalf("%s: formula %d at %s after %s (root %s): generated %v, closures %v", file, i, p1.FEN(), mv, p0.FEN(), got, want)
					}
					if got := g(p0, p1, &q, nil); got != want {
						t.Fatalf("%s: formula %d at %s after %s (root %s), no cache: generated %v, closures %v", file, i, p1.FEN(), mv, p0.FEN(), got, want)
					}
				}
			}
		}
	}
	t.Logf("%d generated goals compared (bratko.al1: %d), %d move tests", generated, bratko, moves)
	if bratkoMoves < 3 {
		t.Errorf("bratko.al1: %d move tests generated, want those of rookmove and kingdiag then kingmove", bratkoMoves)
	}
	if bratko < 10 {
		t.Errorf("bratko.al1: %d goals generated, want its advice's better and holding goals", bratko)
	}
}

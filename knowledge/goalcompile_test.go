package knowledge_test

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// plainEval evaluates f by walking it, each atom by its predicate (a
// definition's own evaluator, or the library's Go predicate): no formula
// compiled as a whole, no subterm computed on entry, no value cache.
func plainEval(f *kb.Formula[chess.Position], p0, p1, p2 *chess.Position) bool {
	at := func(a kb.Arg) *chess.Position {
		switch a {
		case kb.P0:
			return p0
		case kb.P1:
			return p1
		}
		return p2
	}
	switch f.Op {
	case kb.OpTrue:
		return true
	case kb.OpFalse:
		return false
	case kb.OpAtom:
		if f.Pred.Kind == kb.RelationKind {
			return f.Pred.Rel(at(f.A), at(f.B))
		}
		return f.Pred.Pos(at(f.A))
	case kb.OpNot:
		return !plainEval(f.L, p0, p1, p2)
	case kb.OpAnd:
		return plainEval(f.L, p0, p1, p2) && plainEval(f.R, p0, p1, p2)
	case kb.OpOr:
		return plainEval(f.L, p0, p1, p2) || plainEval(f.R, p0, p1, p2)
	case kb.OpImplies:
		return !plainEval(f.L, p0, p1, p2) || plainEval(f.R, p0, p1, p2)
	case kb.OpIff:
		return plainEval(f.L, p0, p1, p2) == plainEval(f.R, p0, p1, p2)
	case kb.OpMemo:
		return plainEval(f.L, p0, p1, p2)
	}
	panic("plainEval: an unknown operator")
}

// hasCall reports whether f calls advice (suc(A)), which the plain walk
// does not evaluate.
func hasCall(f *kb.Formula[chess.Position]) bool {
	if f == nil {
		return false
	}
	return f.Op == kb.OpCall || hasCall(f.L) || hasCall(f.R)
}

// TestCompiledGoals: every goal of the shipped bases (better, holding,
// the advice's other goals, the tables' rule conditions), compiled as a
// whole (kb's formula compiler: subterms computed on entry, tables read in
// place, values of P0 and P1 cached per position), answers as the formula
// walked atom by atom, with P0 a random position, P1 another and P2 each
// of P1's children in turn (as the searcher evaluates a node's children,
// the cache kept between them), and again without a cache.
func TestCompiledGoals(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	ps := randomPositions(r, 600)
	var buf [chess.MaxMoves]chess.Move
	tested, bratko := 0, 0
	for _, sb := range chessBases(t) {
		file, base := sb.file, sb.base
		var goals []*kb.Formula[chess.Position]
		seen := map[*kb.Formula[chess.Position]]bool{}
		add := func(f *kb.Formula[chess.Position]) {
			if f != nil && !seen[f] && f.Compiled() != nil && !hasCall(f) {
				seen[f] = true
				goals = append(goals, f)
			}
		}
		for _, as := range [][]*kb.Advice[chess.Position]{base.Advice, base.Plans} {
			for _, a := range as {
				add(a.Better)
				add(a.Holding)
				for _, g := range a.Goals {
					add(g.F)
				}
			}
		}
		for _, tab := range base.Tables {
			for _, rule := range tab.Rules {
				add(rule.Cond)
			}
		}
		var m kb.Cache
		for gi, f := range goals {
			fn := f.Compiled()
			tested++
			if file == "bratko.al1" {
				bratko++
			}
			for i := range ps {
				p0, p1 := &ps[(i+7)%len(ps)], &ps[i]
				for _, mv := range p1.LegalMoves(buf[:0]) {
					q := p1.Play(mv)
					want := plainEval(f, p0, p1, &q)
					if got := fn(p0, p1, &q, &m); got != want {
						t.Fatalf("%s: goal %d at %s after %s (root %s): compiled %v, walked %v", file, gi, p1.FEN(), mv, p0.FEN(), got, want)
					}
					if got := fn(p0, p1, &q, nil); got != want {
						t.Fatalf("%s: goal %d at %s after %s (root %s), no cache: compiled %v, walked %v", file, gi, p1.FEN(), mv, p0.FEN(), got, want)
					}
				}
			}
		}
	}
	t.Logf("%d goals compared (bratko.al1: %d)", tested, bratko)
	if bratko < 10 {
		t.Errorf("bratko.al1: %d goals compared, want its advice's better and holding goals", bratko)
	}
}

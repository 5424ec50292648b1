package knowledge_test

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// BenchmarkGoals evaluates the goals and move constraints of a shipped
// table's advice as the forcing-tree searcher does at a node: for each
// move of White from random positions of the endgame, the move
// constraint with P1 the position before and P2 after, then the better
// and the holding goal at the position after (P0 = P1 the position
// before). It reports nanoseconds per evaluation of each kind, the cost
// of the compiled formulas of kb and the predicates under them without
// the search around them (docs/prover.md, "Speed").
func BenchmarkGoals(b *testing.B) {
	for _, c := range []struct {
		file string
		men  []chess.PieceType
	}{
		{"bratko.al1", []chess.PieceType{chess.Rook}},
		{"kbbk.al1", []chess.PieceType{chess.Bishop, chess.Bishop}},
	} {
		base, diags := knowledge.Load(predicates.Library(), c.file)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		r := rand.New(rand.NewPCG(1, 2))
		type pair struct{ before, after chess.Position }
		var pairs []pair
		for len(pairs) < 4096 {
			p := randomEndgame(r, c.men...)
			if p.SideToMove() != chess.White {
				continue
			}
			for _, m := range p.LegalMoves(nil) {
				pairs = append(pairs, pair{p, p.Play(m)})
			}
		}
		for _, a := range base.Advice {
			for _, kind := range []string{"moves", "better", "holding"} {
				var f *kb.Formula[chess.Position]
				var o kb.Order[chess.Position]
				switch kind {
				case "moves":
					if o = a.Moves; len(o) == 0 {
						continue
					}
				case "better":
					f = a.Better
				case "holding":
					f = a.Holding
				}
				b.Run(c.file+"/"+a.Name+"/"+kind, func(b *testing.B) {
					evals, held := 0, 0
					for b.Loop() {
						for i := range pairs {
							env := kb.Env[chess.Position]{P0: &pairs[i].before, P1: &pairs[i].before, P2: &pairs[i].after}
							ok := false
							if f != nil {
								ok = f.Eval(&env)
							} else {
								_, ok = o.Allows(&env)
							}
							if ok {
								held++
							}
						}
						evals += len(pairs)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evals), "ns/eval")
					b.ReportMetric(float64(held)/float64(evals), "held")
					b.ReportMetric(float64(evals)/float64(b.N), "evals/op")
				})
			}
		}
	}
}

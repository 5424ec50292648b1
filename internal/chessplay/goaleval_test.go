package chessplay

import (
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// BenchmarkGoalEval evaluates one advice's goal or move constraint of
// bratko.al1 at every child of the 200 starts of BenchmarkAL0Games (P0 =
// P1 the start): the cost of the goals, without the search around them
// (callgrind's count of a run minus a run of 1).
func BenchmarkGoalEval(b *testing.B) {
	base, diags := knowledge.Load(predicates.Library(), "bratko.al1")
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	for _, name := range []string{"SQUEEZE", "MATE_IN_2", "APPROACH"} {
		a, _ := base.AdviceNamed(name)
		for _, g := range []struct {
			n string
			f *kb.Formula[chess.Position]
		}{{"better", a.Better}, {"holding", a.Holding}, {"moves", nil}} {
			if g.f == nil && len(a.Moves) == 0 {
				continue
			}
			b.Run(name+"/"+g.n, func(b *testing.B) {
				fn := func(p0, p1, p2 *chess.Position, m *kb.Cache) bool {
					_, ok := a.Moves.AllowsAt(p0, p1, p2, m)
					return ok
				}
				if g.f != nil {
					fn = g.f.Compiled()
				}
				starts := krk200(b, tablebase.New(tablebase.Options{}))
				var kids [][]chess.Position
				for _, p := range starts {
					var ks []chess.Position
					for _, m := range p.LegalMoves(nil) {
						ks = append(ks, p.Play(m))
					}
					kids = append(kids, ks)
				}
				var m kb.Cache
				n := 0
				b.ResetTimer()
				for b.Loop() {
					for i := range starts {
						for j := range kids[i] {
							if fn(&starts[i], &starts[i], &kids[i][j], &m) {
								n++
							}
						}
					}
				}
				b.ReportMetric(float64(n), "held")
			})
		}
	}
}

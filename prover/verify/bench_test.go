package verify

import (
	"context"
	"fmt"
	"testing"

	"github.com/advicelang/al/prover/game"
)

// chaseReferee ends the chase when White has caught Black, without
// allocating.
type chaseReferee struct{}

func (chaseReferee) Over(p *chase) (game.Outcome, string, bool) {
	if p.w == p.b {
		if p.side == game.Black {
			return game.Mate, "caught", true
		}
		return game.Mate, "walked into", true
	}
	return game.Ongoing, "", false
}

// chaseTable returns a best-move strategy that allocates nothing (the
// moves are read from a precomputed table), so the benchmark measures the
// verifier.
func chaseTable(c chaseGame, dist []int) fnStrategy[chase, int8] {
	best := make([]int8, len(dist))
	s := chaseBest(c, dist)
	for w := range c.n * c.n {
		for b := range c.n * c.n {
			p := chase{w, b, game.White}
			if w != b {
				best[c.index(&p)], _ = s.move(&p)
			}
		}
	}
	return fnStrategy[chase, int8]{side: game.White, move: func(p *chase) (int8, bool) { return best[c.index(p)], true }}
}

// BenchmarkChase verifies the best-move strategy of the chase on an 11 x 11
// board from every start it wins (every Black defence explored),
// sharing the memo across the starts of a worker or not.
func BenchmarkChase(b *testing.B) {
	c := chaseGame{n: 11}
	dist := chaseOracle(c)
	starts := chaseStarts(c, dist)
	s := chaseTable(c, dist)
	for _, bc := range []struct {
		name    string
		workers int
		noShare bool
	}{{"shared/1", 1, false}, {"shared/2", 2, false}, {"fresh/1", 1, true}} {
		b.Run(bc.name, func(b *testing.B) {
			var rep TableReport
			for b.Loop() {
				var err error
				rep, err = Table(context.Background(), TableConfig[chase, int8]{Game: c,
					NewPlayer: func() (Player[chase, int8], error) {
						return Player[chase, int8]{Strategy: s, Referee: chaseReferee{}}, nil
					},
					Starts: starts, TableOptions: TableOptions{NoShare: bc.noShare, Options: Options{Workers: bc.workers}}})
				if err != nil {
					b.Fatal(err)
				}
				if rep.Proved != len(starts) {
					b.Fatalf("%d of %d proved", rep.Proved, len(starts))
				}
			}
			b.ReportMetric(float64(len(starts)), "starts")
			b.ReportMetric(float64(rep.Stats.Nodes), "nodes")
		})
	}
}

// BenchmarkChaseTable verifies an AL1 table (prover.Strategy with its
// forcing-tree searches and states) over the 8 x 8 chase: one advice,
// CATCH, as deep as the longest win.
func BenchmarkChaseTable(b *testing.B) {
	c := chaseGame{n: 8}
	dist := chaseOracle(c)
	starts := chaseStarts(c, dist)
	depth := 0
	for _, s := range starts {
		depth = max(depth, s.Optimal)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var rep TableReport
			for b.Loop() {
				var err error
				rep, err = Table(context.Background(), TableConfig[chase, int8]{Game: c, NewPlayer: chaseTablePlayer(c, depth),
					Starts: starts, TableOptions: TableOptions{Options: Options{Workers: workers}}})
				if err != nil {
					b.Fatal(err)
				}
				if rep.Proved != len(starts) || rep.Worst != depth {
					b.Fatalf("%d of %d proved, worst %d", rep.Proved, len(starts), rep.Worst)
				}
			}
			b.ReportMetric(float64(len(starts)), "starts")
			b.ReportMetric(float64(rep.Stats.Nodes), "nodes")
		})
	}
}

package verify

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/advicelang/al/prover"
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

// chaseTableStarts are the chase's won starts and the longest win, the
// depth its table's advice needs.
func chaseTableStarts(c chaseGame) ([]Start[chase], int) {
	starts := chaseStarts(c, chaseOracle(c))
	depth := 0
	for _, s := range starts {
		depth = max(depth, s.Optimal)
	}
	return starts, depth
}

// BenchmarkChaseTable verifies an AL1 table (prover.Strategy with its
// forcing-tree searches and states) over the 8 x 8 chase: one advice,
// CATCH, as deep as the longest win.
func BenchmarkChaseTable(b *testing.B) {
	c := chaseGame{n: 8}
	starts, depth := chaseTableStarts(c)
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

// BenchmarkChaseTablePasses verifies the 8 x 8 chase's AL1 table over its
// starts in four passes, as al verify goes through a run larger than its
// batch: each pass with workers of its own (fresh, as before issue 21's
// tenth session), or the four through one TableSession, whose workers
// and memos go on from pass to pass. search-nodes: the forcing-tree
// nodes of the four passes; cpu-s/op the process's CPU (on a shared
// machine the wall clock says little).
func BenchmarkChaseTablePasses(b *testing.B) {
	c := chaseGame{n: 8}
	starts, depth := chaseTableStarts(c)
	chunk := ChunkSize(len(starts))
	for _, session := range []bool{false, true} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("session=%v/workers=%d", session, workers), func(b *testing.B) {
				var searchers []*prover.Searcher[chase, int8]
				player := TablePlayer(c, chaseCatch(depth), prover.Options{}, func() game.Referee[chase] { return chaseReferee{} },
					func(s *prover.Searcher[chase, int8]) { searchers = append(searchers, s) })
				cpu0 := cpuTime()
				var nodes int64
				for b.Loop() {
					searchers = searchers[:0]
					var sess *TableSession[chase, int8]
					if session {
						sess = &TableSession[chase, int8]{}
					}
					for i := 1; i <= 4; i++ {
						lo, hi, err := Shard(len(starts), chunk, i, 4)
						if err != nil {
							b.Fatal(err)
						}
						rep, err := Table(context.Background(), TableConfig[chase, int8]{Game: c, NewPlayer: player,
							Starts: starts[lo:hi], Session: sess,
							TableOptions: TableOptions{Options: Options{Workers: workers, Chunk: chunk}}})
						if err != nil {
							b.Fatal(err)
						}
						if rep.Proved != hi-lo {
							b.Fatalf("%d of %d proved", rep.Proved, hi-lo)
						}
					}
					if sess != nil {
						sess.Close()
					}
					nodes = 0
					for _, s := range searchers {
						nodes += s.Stats().Nodes
					}
				}
				b.ReportMetric(float64(nodes), "search-nodes")
				b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}

// cpuTime is the user and system time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

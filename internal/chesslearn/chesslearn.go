// Package chesslearn is the learning of seed 002's chapter 4 over chess
// endgames, with the tablebase as the teacher and the judge: rote
// learning into a persistent memory (`al learn memory`, Memory), Samuel's
// generalisation as the thesis adapts it (`al learn rank`, Rank), and the
// induction of an advice table's rule conditions by a decision tree
// (`al learn table`, Induce). It joins chess, the tablebase, the prover
// and the memory store, as the other internal/chess* packages do;
// docs/learning.md records its decisions and figures.
package chesslearn

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel runs work(w, i) for i in [0, n) on workers goroutines (0: all
// cores), each with its worker number w, and calls progress (if set)
// with how many are done. Results must go to per-index slots, so that
// they do not depend on the workers. The first error stops the run.
func parallel(ctx context.Context, n, workers int, work func(w, i int) error, progress func(done, total int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	var next, done atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := work(w, i); err != nil {
					once.Do(func() { firstErr = err })
					next.Store(int64(n))
					return
				}
				d := int(done.Add(1))
				if progress != nil && (d%64 == 0 || d == n) {
					mu.Lock()
					progress(d, n)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

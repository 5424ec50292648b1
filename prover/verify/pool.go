package verify

import (
	"context"
	"runtime"
	"sync"
)

// Options are the limits and switches common to every verification. The
// zero value means the defaults.
type Options struct {
	// Workers is the number of goroutines (0: runtime.GOMAXPROCS(0)).
	Workers int
	// Examples bounds the failures or counterexamples reported of each kind
	// (0: DefaultExamples; negative: none).
	Examples int
	// Progress, when set, is called from one goroutine with the number of
	// items done so far and the total, after each chunk of work.
	Progress func(done, total int)
	// Chunk is the number of consecutive items a worker takes at a time
	// (0: chunk's choice, from the number of items alone).
	Chunk int
}

// DefaultExamples is the default number of examples of each kind a report
// keeps.
const DefaultExamples = 5

func (o Options) workers(n int) int {
	w := o.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	if w > n {
		w = n
	}
	return max(w, 1)
}

func (o Options) examples() int {
	switch {
	case o.Examples == 0:
		return DefaultExamples
	case o.Examples < 0:
		return 0
	}
	return o.Examples
}

// chunk returns the number of consecutive items of n a worker takes at a
// time: consecutive positions share much of their searches, which a
// worker's memo table keeps (across chunks for a table's strategy, within
// one for an AL3 base's answers and decisions). It depends on n alone, never
// on the number of workers, so that what a chunk computes is the same
// whoever runs it: a 32nd of the items, from 128 to 8192.
func (o Options) chunk(n int) int {
	if o.Chunk > 0 {
		return o.Chunk
	}
	return min(max(n/32, 128), 8192)
}

// run calls do(w, i) for i in [0, n) on one goroutine per worker value of ws
// (at most n of them), taking chunks of chunkSize consecutive indices from
// a shared queue. collect receives every result in index order, from the
// calling goroutine, and progress is reported after each chunk collected.
// The first error (of do, or the context's) stops the run.
func run[W, R any](ctx context.Context, n, chunkSize int, ws []W,
	do func(ctx context.Context, w W, i int) (R, error), collect func(i int, r R), progress func(done, total int)) error {
	if n == 0 {
		if progress != nil {
			progress(0, 0)
		}
		return nil
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type chunk struct {
		index int
		res   []R
		err   error
	}
	chunks := (n + chunkSize - 1) / chunkSize
	next := make(chan int, chunks)
	for c := range chunks {
		next <- c
	}
	close(next)
	out := make(chan chunk)
	var wg sync.WaitGroup
	for k, w := range ws {
		if k >= chunks {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				lo, hi := c*chunkSize, min((c+1)*chunkSize, n)
				res := make([]R, 0, hi-lo)
				var err error
				for i := lo; i < hi && err == nil; i++ {
					if err = ctx.Err(); err != nil {
						break
					}
					var r R
					r, err = do(ctx, w, i)
					res = append(res, r)
				}
				select {
				case out <- chunk{index: c, res: res, err: err}:
				case <-ctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
	pending := map[int][]R{}
	flushed, done := 0, 0
	var first error
	for ch := range out {
		if first != nil {
			continue
		}
		if ch.err != nil {
			first = ch.err
			cancel()
			continue
		}
		pending[ch.index] = ch.res
		for {
			res, ok := pending[flushed]
			if !ok {
				break
			}
			delete(pending, flushed)
			for k, r := range res {
				collect(flushed*chunkSize+k, r)
			}
			done += len(res)
			flushed++
		}
		if progress != nil {
			progress(done, n)
		}
	}
	if first == nil && done < n {
		// Workers stopped by the caller's context may not have said so.
		first = parent.Err()
	}
	return first
}

package verify

import (
	"context"
	"runtime"
	"sync"
	"time"
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
	// WorkerCPU measures the CPU time of each worker's thread (the
	// reports' WorkerStats; Linux only), each worker's goroutine then
	// locked to its thread (al verify --worker-stats).
	WorkerCPU bool
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

// Units per chunk of a pass whose results do not depend on how its items
// are grouped (stealUnit).
const unitsPerChunk = 16

// stealUnit is the number of consecutive items a worker takes at a time in
// a pass whose results do not depend on how its items are grouped (a
// table's first pass: each start's verdict is a function of the start; an
// AL3 base's memo lives for a chunk, so its passes take whole chunks): a
// 16th of the chunk, at least 16 items. The runs of consecutive items are
// the same; what changes is the end of the pass, when a worker whose run
// is done takes half of another's: the workers then end at most one unit
// apart instead of one chunk (a 32nd of a whole KRK verification, whose
// chunks cost from 0.2 to 0.9 s of CPU).
func stealUnit(chunk int) int {
	return max(chunk/unitsPerChunk, min(chunk, 16))
}

// workerTime is what run measures of a worker when asked: the CPU time of
// its thread while it worked (Linux only; 0 elsewhere), when its goroutine
// began, and the wall time from the run's start to its last chunk's end.
type workerTime struct {
	cpu, end time.Duration
	began    time.Time
}

// run calls do(w, i) for i in [0, n) on one goroutine per worker value of ws
// (at most one per chunk of chunkSize consecutive indices). The chunks are
// partitioned: worker k starts on the k-th of len(ws) equal runs of
// consecutive chunks and goes through its run in order, so that what its
// memo tables keep from one start serves the next (consecutive positions
// share most of their searches; handing out chunks in turn would break
// every run at each chunk); a worker whose run is done takes the upper half
// of the largest run left. collect receives every result in index order,
// from the calling goroutine, and progress is reported after each chunk
// done (whichever it is). The first error (of do, or the context's) stops
// the run. times, when not nil (as long as ws), receives each worker's
// workerTime, with its thread's CPU time when cpu is set.
//
// With more than one worker, each worker's goroutine is locked to its
// thread, so that it goes on on the core whose caches hold its searcher's
// tables: unlocked, a worker resumed on another of the runtime's threads at
// a quarter of its units (whenever it waited, for the collector or the
// garbage collector's worker), and the kernel then ran it on the other core
// about as often (docs/verify.md, "Workers, memory and CPU", the sixteenth
// session). A worker hands its unit's results on without waiting for the
// collector (out holds one unit per worker).
func run[W, R any](ctx context.Context, n, chunkSize int, ws []W,
	do func(ctx context.Context, w W, i int) (R, error), collect func(i int, r R), progress func(done, total int), times []workerTime, cpu bool) error {
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
	workers := min(len(ws), chunks)
	q := newRuns(chunks, workers)
	out := make(chan chunk, workers)
	t0 := time.Now()
	var wg sync.WaitGroup
	for k := range workers {
		w := ws[k]
		wg.Add(1)
		go func() {
			defer wg.Done()
			if workers > 1 || cpu && times != nil {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			if times != nil {
				times[k].began = time.Now()
				var cpu0 int64
				if cpu {
					cpu0 = threadCPU()
				}
				defer func() {
					times[k].end = time.Since(t0)
					if cpu {
						times[k].cpu = time.Duration(threadCPU() - cpu0)
					}
				}()
			}
			for {
				c, ok := q.next(k)
				if !ok {
					return
				}
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
	flushed, done, collected := 0, 0, 0
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
		done += len(ch.res)
		for {
			res, ok := pending[flushed]
			if !ok {
				break
			}
			delete(pending, flushed)
			for k, r := range res {
				collect(flushed*chunkSize+k, r)
			}
			collected += len(res)
			flushed++
		}
		if progress != nil {
			progress(done, n)
		}
	}
	if first == nil && collected < n {
		// Workers stopped by the caller's context may not have said so.
		first = parent.Err()
	}
	return first
}

// runs hands out chunk indices to workers: each its own run of
// consecutive chunks, in order, then halves of what others have left.
type runs struct {
	mu     sync.Mutex
	lo, hi []int // worker k's chunks left: [lo[k], hi[k])
}

func newRuns(chunks, workers int) *runs {
	r := &runs{lo: make([]int, workers), hi: make([]int, workers)}
	for k := range workers {
		r.lo[k], r.hi[k] = k*chunks/workers, (k+1)*chunks/workers
	}
	return r
}

// next returns worker k's next chunk; ok is false when none is left.
func (r *runs) next(k int) (c int, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lo[k] == r.hi[k] {
		best := -1
		for j := range r.lo {
			if r.hi[j]-r.lo[j] > 0 && (best < 0 || r.hi[j]-r.lo[j] > r.hi[best]-r.lo[best]) {
				best = j
			}
		}
		if best < 0 {
			return 0, false
		}
		mid := r.lo[best] + (r.hi[best]-r.lo[best])/2
		r.lo[k], r.hi[k] = mid, r.hi[best]
		r.hi[best] = mid
	}
	c = r.lo[k]
	r.lo[k]++
	return c, true
}

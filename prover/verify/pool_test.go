package verify

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestRunsHandEveryChunkOnce: whatever order the workers ask in, every
// chunk is handed out exactly once; asked in turn, each worker goes
// through its own run of consecutive chunks before it steals.
func TestRunsHandEveryChunkOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		chunks, workers := 1+r.IntN(60), 1+r.IntN(6)
		workers = min(workers, chunks)
		q := newRuns(chunks, workers)
		seen := make([]bool, chunks)
		done := make([]bool, workers)
		for left := workers; left > 0; {
			k := r.IntN(workers)
			if done[k] {
				continue
			}
			c, ok := q.next(k)
			if !ok {
				done[k] = true
				left--
				continue
			}
			if seen[c] {
				t.Fatalf("chunk %d handed out twice (%d chunks, %d workers)", c, chunks, workers)
			}
			seen[c] = true
		}
		for c, ok := range seen {
			if !ok {
				t.Fatalf("chunk %d never handed out (%d chunks, %d workers)", c, chunks, workers)
			}
		}
	}
}

// TestRunCollectsInOrder: results reach collect in index order and the
// progress ends at the total, for any number of workers.
func TestRunCollectsInOrder(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 7} {
		ws := make([]int, workers)
		n, next, last := 1000, 0, 0
		times := make([]workerTime, workers)
		err := run(context.Background(), n, 37, ws,
			func(_ context.Context, _ int, i int) (int, error) { return i * i, nil },
			func(i, r int) {
				if i != next || r != i*i {
					t.Fatalf("%d workers: got result %d (%d), want %d", workers, i, r, next)
				}
				next++
			},
			func(done, total int) { last = done }, times, true)
		if err != nil || next != n || last != n {
			t.Fatalf("%d workers: %v, collected %d, progress %d", workers, err, next, last)
		}
		for k, tm := range times[:min(workers, (n+36)/37)] {
			if tm.end <= 0 || tm.cpu < 0 {
				t.Fatalf("%d workers: worker %d's times %+v", workers, k, tm)
			}
		}
	}
}

func TestRunsInTurnKeepTheirRuns(t *testing.T) {
	q := newRuns(10, 3) // runs [0,3) [3,6) [6,10)
	var got [3][]int
	for len(got[0])+len(got[1])+len(got[2]) < 10 {
		for k := range 3 {
			if c, ok := q.next(k); ok {
				got[k] = append(got[k], c)
			}
		}
	}
	// In turn: 0,3,6 / 1,4,7 / 2,5,8; then worker 0 steals 9 from worker 2.
	want := [3][]int{{0, 1, 2, 9}, {3, 4, 5}, {6, 7, 8}}
	for k := range 3 {
		if fmt.Sprint(got[k]) != fmt.Sprint(want[k]) {
			t.Fatalf("worker %d took %v, want %v", k, got[k], want[k])
		}
	}
}

// TestStealUnit: a table's first pass takes a 16th of a chunk at a time,
// never less than 16 items (nor more than the chunk).
func TestStealUnit(t *testing.T) {
	for _, c := range []struct{ chunk, want int }{
		{8192, 512}, {5474, 342}, {256, 16}, {156, 16}, {40, 16}, {10, 10}, {1, 1},
	} {
		if got := stealUnit(c.chunk); got != c.want {
			t.Errorf("stealUnit(%d) = %d, want %d", c.chunk, got, c.want)
		}
	}
}

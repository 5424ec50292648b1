//go:build linux

package main

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// entry is a slot of the table, as chess/predicates' room cache holds
// them: a tag and a value, written one after the other.
type entry struct{ tag, set atomic.Uint64 }

// tableCost runs two threads pinned to CPUs a and b that look up n keys
// each in a table of 1<<bits entries, writing the entry at one lookup in
// three (the room cache's miss rate on KBBK), once with one table for
// both and once with a table each, and prints the time a lookup took in
// each case: the difference is what the two cores' traffic over the
// shared table's lines costs. Only the rounds the two threads ran at the
// same moment count (a barrier starts each round; a round whose partner
// was not running throughout is dropped), so a loaded machine gives fewer
// rounds, not other figures.
//
// gap is work between two lookups (a chain of gap multiplications, about
// a nanosecond each): the workers look up a room about every 150 to 250
// ns of their other work on KBBK.
func tableCost(a, b, bits, rounds, gap int) {
	const perRound = 20000
	run := func(shared bool) (time.Duration, int) {
		tables := [2][]entry{make([]entry, 1<<bits), make([]entry, 1<<bits)}
		if shared {
			tables[1] = tables[0]
		}
		var start [2]atomic.Int64 // the round each thread is ready for
		var progress [2]atomic.Int64
		best := make([][]time.Duration, 2)
		var wg sync.WaitGroup
		for k, cpu := range []int{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := pin(cpu); err != nil {
					fmt.Fprintln(os.Stderr, "corelatency:", err)
					os.Exit(1)
				}
				t := tables[k]
				mask := uint64(len(t) - 1)
				x := uint64(k+1) * 0x9e3779b97f4a7c15
				for r := range rounds {
					start[k].Store(int64(r) + 1)
					for start[1-k].Load() < int64(r)+1 {
					}
					p0 := progress[1-k].Load()
					t0 := time.Now()
					for i := range perRound {
						for range gap {
							x = x*0x5851f42d4c957f2d + 1
						}
						x ^= x << 13
						x ^= x >> 7
						x ^= x << 17
						e := &t[(x*0x9e3779b97f4a7c15)>>(64-bits)&mask]
						if e.tag.Load() == x^e.set.Load() {
							continue
						}
						if i%3 == 0 {
							e.set.Store(x)
							e.tag.Store(0)
						}
					}
					d := time.Since(t0)
					progress[k].Add(perRound)
					if progress[1-k].Load()-p0 >= perRound*9/10 {
						best[k] = append(best[k], d)
					}
				}
			}()
		}
		wg.Wait()
		var all []time.Duration
		for k := range best {
			all = append(all, best[k]...)
		}
		if len(all) == 0 {
			return 0, 0
		}
		// The median of the rounds kept.
		for i := 1; i < len(all); i++ {
			for j := i; j > 0 && all[j] < all[j-1]; j-- {
				all[j], all[j-1] = all[j-1], all[j]
			}
		}
		return all[len(all)/2] / perRound, len(all)
	}
	for _, shared := range []bool{false, true, false, true} {
		d, n := run(shared)
		what := "a table each"
		if shared {
			what = "one table   "
		}
		fmt.Printf("%d entries, %s, %d multiplications between lookups: %d ns a lookup and its gap (median of %d rounds run together)\n", 1<<bits, what, gap, d.Nanoseconds(), n)
	}
}

//go:build linux

// Command corelatency measures how long a cache line takes to go from one
// core to another and back: two threads, pinned to CPUs 0 and 1, hand a
// counter to each other through one line, and the best mean round trip
// over blocks of 1,000 hand-offs is printed (the best block, so that a
// loaded machine's preemptions do not count). Two workers of al verify
// share memos (prover.SharedMemo, the memo of results) that both write,
// so their lines go between the cores: on a virtual machine whose two
// CPUs the host places on one core complex (a shared L3) a round trip is
// tens of nanoseconds, across complexes (through the I/O die) several
// times more. Run it beside an idle measurement of al verify --workers 2
// (docs/verify.md, "Workers, memory and CPU", the sixteenth session):
//
//	go run ./scripts/corelatency
//
// With -table N it times instead lookups of two threads in a table of
// 2^N entries of 16 bytes, one in three writing its entry, shared or one
// table each (chess/predicates' room cache is 2^12 entries that both
// workers write):
//
//	go run ./scripts/corelatency -table 12
//
// Linux only (sched_setaffinity).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

func pin(cpu int) error {
	runtime.LockOSThread()
	var s unix.CPUSet
	s.Set(cpu)
	return unix.SchedSetaffinity(0, &s)
}

func main() {
	n := flag.Int("n", 200000, "hand-offs")
	a := flag.Int("a", 0, "the first CPU")
	b := flag.Int("b", 1, "the second CPU")
	table := flag.Int("table", 0, "instead, time the lookups of two threads in a table of 1<<N entries, shared or one each (0: no)")
	rounds := flag.Int("rounds", 400, "rounds of -table")
	gap := flag.Int("gap", 0, "multiplications (about a nanosecond each) between two lookups of -table")
	flag.Parse()
	if *table > 0 {
		tableCost(*a, *b, *table, *rounds, *gap)
		return
	}
	const block = 1000
	var line struct {
		_ [64]byte
		v atomic.Int64
		_ [64]byte
	}
	done := make(chan error)
	go func() {
		if err := pin(*b); err != nil {
			done <- err
			return
		}
		for i := int64(0); i < int64(*n); i++ {
			for line.v.Load() != 2*i+1 {
			}
			line.v.Store(2*i + 2)
		}
		done <- nil
	}()
	if err := pin(*a); err != nil {
		fmt.Fprintln(os.Stderr, "corelatency:", err)
		os.Exit(1)
	}
	best := time.Duration(1 << 62)
	start := time.Now()
	t := start
	for i := int64(0); i < int64(*n); i++ {
		line.v.Store(2*i + 1)
		for line.v.Load() != 2*i+2 {
		}
		if (i+1)%block == 0 {
			now := time.Now()
			best = min(best, now.Sub(t)/block)
			t = now
		}
	}
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "corelatency:", err)
		os.Exit(1)
	}
	fmt.Printf("CPU %d <-> CPU %d: round trip %d ns at best (mean of a block of %d), %d ns over all %d\n",
		*a, *b, best.Nanoseconds(), block, time.Since(start).Nanoseconds()/int64(*n), *n)
}

package main

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parFor runs f(p) for p in [0, n) on every CPU.
func parFor(n int, f func(p int)) {
	w := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var next atomic.Int64
	const chunk = 1 << 14
	for k := 0; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				s := int(next.Add(chunk)) - chunk
				if s >= n {
					return
				}
				for p := s; p < min(n, s+chunk); p++ {
					f(p)
				}
			}
		}()
	}
	wg.Wait()
}

// parForBuf is parFor with a scratch buffer per worker.
func parForBuf(n int, f func(p int, buf *[2][]int)) {
	w := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var next atomic.Int64
	const chunk = 1 << 14
	for k := 0; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf [2][]int
			buf[0] = make([]int, 0, 32)
			buf[1] = make([]int, 0, 32)
			for {
				s := int(next.Add(chunk)) - chunk
				if s >= n {
					return
				}
				for p := s; p < min(n, s+chunk); p++ {
					f(p, &buf)
				}
			}
		}()
	}
	wg.Wait()
}

// dtmW is the depth to mate in moves with White to move (-1: not won),
// dtmB with Black to move (White's moves left; 0: mated).
var dtmW, dtmB []int8

// mated and stalemated placements with Black to move.
var mated, stalemated []bool

func solveDTM() {
	dtmW = make([]int8, N)
	dtmB = make([]int8, N)
	mated = make([]bool, N)
	stalemated = make([]bool, N)
	parForBuf(N, func(p int, buf *[2][]int) {
		dtmW[p], dtmB[p] = -1, -1
		if !valid[p] {
			return
		}
		r, c := blackMoves(p, buf[0])
		if len(r) == 0 && !c {
			if inCheck(p) {
				mated[p] = true
				dtmB[p] = 0
			} else {
				stalemated[p] = true
			}
		}
	})
	for n := 1; ; n++ {
		var changed atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if dtmW[p] >= 0 || !legalW(p) {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if dtmB[j] >= 0 {
					dtmW[p] = int8(n)
					changed.Add(1)
					return
				}
			}
		})
		parForBuf(N, func(p int, buf *[2][]int) {
			if dtmB[p] >= 0 || !valid[p] || stalemated[p] {
				return
			}
			r, c := blackMoves(p, buf[0])
			if c {
				return
			}
			m := int8(0)
			for _, i := range r {
				if dtmW[i] < 0 {
					return
				}
				m = max(m, dtmW[i])
			}
			dtmB[p] = m
		})
		if changed.Load() == 0 {
			return
		}
	}
}

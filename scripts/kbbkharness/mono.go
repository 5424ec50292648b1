package main

import (
	"fmt"
	"sync/atomic"
)

// monoDTM is the depth to mate when White, once the king is boxed, may
// only move to a settled position whose key is no higher (or mate): the
// shortest games any table that never lets the key rise can play, the
// holding goal SAFE at every Black turn. Far from every table's own
// choices, it says whether a key itself leaves room for short games.
func monoDTM(key func(p int) int32, strict bool) {
	w := make([]int8, N)
	b := make([]int8, N)
	parFor(N, func(p int) {
		w[p], b[p] = -1, -1
		if mated[p] {
			b[p] = 0
		}
	})
	allowed := func(i, j int) bool {
		if !fSafe[j] {
			return false
		}
		if mated[j] {
			return true
		}
		if !fBoxed[i] {
			return true
		}
		if fBox[i] <= 2 {
			return fBox[j] <= 2
		}
		if !fBoxed[j] && fBox[j] > 2 {
			return false
		}
		if strict {
			return key(j) < key(i)
		}
		return key(j) <= key(i)
	}
	for n := 1; n < 127; n++ {
		var changed atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if w[p] >= 0 || !legalW(p) {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if b[j] >= 0 && allowed(p, j) {
					w[p] = int8(n)
					changed.Add(1)
					return
				}
			}
		})
		parForBuf(N, func(p int, buf *[2][]int) {
			if b[p] >= 0 || !valid[p] || stalemated[p] {
				return
			}
			r, c := blackMoves(p, buf[0])
			if c {
				return
			}
			m := int8(0)
			for _, i := range r {
				if w[i] < 0 {
					return
				}
				m = max(m, w[i])
			}
			b[p] = m
		})
		if changed.Load() == 0 {
			break
		}
	}
	report(fmt.Sprintf("mono(strict=%v)", strict), func(i int) int { return int(w[i]) })
}

package main

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// A placement of the four men: the white king, the bishop (its index among
// the 32 light squares: a dark-squared bishop is the mirror image, files
// a-h turned round, so the figures of the whole endgame are twice these),
// the knight and the black king: p = wk<<17 | b<<12 | n<<6 | bk.
const N = 1 << 23

var lightSq [32]int
var sqIdx [64]int

// light reports whether square s (a1 = 0, b1 = 1, ..., h8 = 63) is light.
func light(s int) bool { return (s&7+s>>3)%2 == 1 }

var kingAtt, knightAtt [64]uint64
var kingAdj [64][]int
var diagRays [64][4][]int

// The corners of the light bishop's colour, where the mate is given.
const cornerH1, cornerA8 = 7, 56

func init() {
	nl := 0
	for s := 0; s < 64; s++ {
		if light(s) {
			lightSq[nl] = s
			sqIdx[s] = nl
			nl++
		}
		f, r := s&7, s>>3
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 {
					continue
				}
				nf, nr := f+df, r+dr
				if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAdj[s] = append(kingAdj[s], nr*8+nf)
					kingAtt[s] |= 1 << uint(nr*8+nf)
				}
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			nf, nr := f+d[0], r+d[1]
			if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				knightAtt[s] |= 1 << uint(nr*8+nf)
			}
		}
		for k, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			nf, nr := f+d[0], r+d[1]
			for nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				diagRays[s][k] = append(diagRays[s][k], nr*8+nf)
				nf += d[0]
				nr += d[1]
			}
		}
	}
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func dist(a, b int) int { return max(iabs(a&7-b&7), iabs(a>>3-b>>3)) }

func manh(a, b int) int { return iabs(a&7-b&7) + iabs(a>>3-b>>3) }

func dec(p int) (wk, b, n, bk int) {
	return p >> 17, lightSq[p>>12&31], p >> 6 & 63, p & 63
}

func enc(wk, b, n, bk int) int { return wk<<17 | sqIdx[b]<<12 | n<<6 | bk }

// bishopAtt is the set of squares a bishop on s attacks, occ blocking.
func bishopAtt(s int, occ uint64) uint64 {
	var a uint64
	for k := 0; k < 4; k++ {
		for _, t := range diagRays[s][k] {
			a |= 1 << uint(t)
			if occ>>uint(t)&1 != 0 {
				break
			}
		}
	}
	return a
}

// Per placement: valid (distinct squares, kings apart), White's attacks
// with the black king off the board, the black king's room (from the
// king's square and its neighbours through squares White neither attacks
// nor occupies, as the primitive room).
var valid []bool
var attW, roomB []uint64
var defB, defN []bool // the bishop, the knight attacked by a white man (the black king on the board)

// xray: a minor is defended when a white man attacks its square with the
// black king off the board (the king cannot take it), not only as the
// primitive defended sees it (the king on the board shields a line).
var xray bool

func precompute() {
	valid = make([]bool, N)
	attW = make([]uint64, N)
	roomB = make([]uint64, N)
	defB = make([]bool, N)
	defN = make([]bool, N)
	parFor(N, func(p int) {
		wk, b, n, bk := dec(p)
		if wk == b || wk == n || wk == bk || b == n || b == bk || n == bk || dist(wk, bk) <= 1 {
			return
		}
		valid[p] = true
		occ := uint64(1)<<uint(wk) | 1<<uint(b) | 1<<uint(n)
		a := kingAtt[wk] | bishopAtt(b, occ) | knightAtt[n]
		attW[p] = a
		full := kingAtt[wk] | bishopAtt(b, occ|1<<uint(bk)) | knightAtt[n]
		def := full
		if xray {
			def = a
		}
		defB[p] = def>>uint(b)&1 != 0
		defN[p] = def>>uint(n)&1 != 0
		free := ^(full | occ)
		seed := (kingAtt[bk] | 1<<uint(bk)) & free
		roomB[p] = flood(seed, free)
	})
}

func flood(seed, free uint64) uint64 {
	r := seed
	for {
		n := r
		for b := r; b != 0; b &= b - 1 {
			n |= kingAtt[bits.TrailingZeros64(b)]
		}
		n &= free
		if n == r {
			return r
		}
		r = n
	}
}

// inCheck: the black king attacked.
func inCheck(p int) bool { return attW[p]>>uint(p&63)&1 != 0 }

// blackMoves lists the black king's replies from placement p (Black to
// move) as placements with White to move; capture says it can take a
// minor piece.
func blackMoves(p int, out []int) (res []int, capture bool) {
	wk, b, n, bk := dec(p)
	out = out[:0]
	a := attW[p]
	for _, t := range kingAdj[bk] {
		if a>>uint(t)&1 != 0 {
			continue
		}
		if t == b || t == n {
			capture = true
			continue
		}
		out = append(out, enc(wk, b, n, t))
	}
	return out, capture
}

// whiteMoves lists White's moves from placement p (White to move) in the
// game's order (chess.LegalMoves): the king by destination, then the
// knight, then the bishop.
func whiteMoves(p int, out []int) []int {
	wk, b, n, bk := dec(p)
	out = out[:0]
	for _, t := range kingAdj[wk] {
		if t == b || t == n || dist(t, bk) <= 1 {
			continue
		}
		out = append(out, enc(t, b, n, bk))
	}
	occ := uint64(1)<<uint(wk) | 1<<uint(b) | 1<<uint(n) | 1<<uint(bk)
	for m := knightAtt[n] &^ occ; m != 0; m &= m - 1 {
		out = append(out, enc(wk, b, bits.TrailingZeros64(m), bk))
	}
	for m := bishopAtt(b, occ) &^ occ; m != 0; m &= m - 1 {
		out = append(out, enc(wk, bits.TrailingZeros64(m), n, bk))
	}
	return out
}

// legalW: a placement with White to move (the black king not in check).
func legalW(p int) bool { return valid[p] && !inCheck(p) }

// parFor runs f(p) for p in [0, n) on every CPU.
func parFor(n int, f func(p int)) {
	parForBuf(n, func(p int, _ *[2][]int) { f(p) })
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
			buf[0] = make([]int, 0, 40)
			buf[1] = make([]int, 0, 40)
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

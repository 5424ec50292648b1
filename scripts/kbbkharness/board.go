package main

import "math/bits"

// A placement of the four men: the white king, the light-squared bishop
// (its index among the 32 light squares), the dark-squared bishop (among
// the dark ones) and the black king: p = wk<<16 | l<<11 | d<<6 | bk, about
// four million placements. Same-coloured bishops draw and are left out.
const N = 1 << 22

var lightSq, darkSq [32]int

// light reports whether square s (a1 = 0, b1 = 1, ..., h8 = 63) is light.
func light(s int) bool { return (s&7+s>>3)%2 == 1 }

var kingAtt [64]uint64
var kingAdj [64][]int
var diagRays [64][4][]int

func init() {
	nl, nd := 0, 0
	for s := 0; s < 64; s++ {
		if light(s) {
			lightSq[nl] = s
			nl++
		} else {
			darkSq[nd] = s
			nd++
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

func dec(p int) (wk, l, d, bk int) {
	return p >> 16, lightSq[p>>11&31], darkSq[p>>6&31], p & 63
}

var sqIdx [64]int

func init() {
	for i := 0; i < 32; i++ {
		sqIdx[lightSq[i]] = i
		sqIdx[darkSq[i]] = i
	}
}

func enc(wk, l, d, bk int) int { return wk<<16 | sqIdx[l]<<11 | sqIdx[d]<<6 | bk }

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
// with the black king off the board, the black king's room (the flood
// fill of chess/predicates: from the king's square and its neighbours
// through squares White neither attacks nor occupies).
var valid []bool
var attW, roomB []uint64

func precompute() {
	valid = make([]bool, N)
	attW = make([]uint64, N)
	roomB = make([]uint64, N)
	parFor(N, func(p int) {
		wk, l, d, bk := dec(p)
		if wk == l || wk == d || wk == bk || l == bk || d == bk || dist(wk, bk) <= 1 {
			return
		}
		valid[p] = true
		occ := uint64(1)<<uint(wk) | 1<<uint(l) | 1<<uint(d)
		a := kingAtt[wk] | bishopAtt(l, occ) | bishopAtt(d, occ)
		attW[p] = a
		free := ^(a | occ)
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

// inCheck: the black king attacked (the placement with Black to move).
func inCheck(p int) bool { return attW[p]>>uint(p&63)&1 != 0 }

// blackMoves lists the replies of the black king from placement p (Black
// to move) as placements with White to move; capture says it can take a
// bishop.
func blackMoves(p int, out []int) (res []int, capture bool) {
	wk, l, d, bk := dec(p)
	out = out[:0]
	a := attW[p]
	for _, t := range kingAdj[bk] {
		if a>>uint(t)&1 != 0 {
			continue
		}
		if t == l || t == d {
			capture = true
			continue
		}
		out = append(out, enc(wk, l, d, t))
	}
	return out, capture
}

// whiteMoves lists White's moves from placement p (White to move), in the
// game's order: king moves by destination, then the bishop on the lower
// square, then the other, each by destination.
func whiteMoves(p int, out []int) []int {
	wk, l, d, bk := dec(p)
	out = out[:0]
	for _, t := range kingAdj[wk] {
		if t == l || t == d || dist(t, bk) <= 1 {
			continue
		}
		out = append(out, enc(t, l, d, bk))
	}
	occ := uint64(1)<<uint(wk) | 1<<uint(l) | 1<<uint(d) | 1<<uint(bk)
	first, second := l, d
	if d < l {
		first, second = d, l
	}
	for _, b := range [2]int{first, second} {
		m := bishopAtt(b, occ) &^ occ
		for ; m != 0; m &= m - 1 {
			t := bits.TrailingZeros64(m)
			if b == l {
				out = append(out, enc(wk, t, d, bk))
			} else {
				out = append(out, enc(wk, l, t, bk))
			}
		}
	}
	return out
}

// legalW: a placement with White to move (the black king not in check).
func legalW(p int) bool { return valid[p] && !inCheck(p) }

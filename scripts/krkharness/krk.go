package main

// KRK harness: positions idx = wk<<12 | wr<<6 | bk.

const N = 1 << 18

var kingAdj [64][]int
var kingSorted [64][]int
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

func init() {
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 {
					continue
				}
				nf, nr := f+df, r+dr
				if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					kingAdj[s] = append(kingAdj[s], nr*8+nf)
				}
			}
		}
		kingSorted[s] = append([]int(nil), kingAdj[s]...)
		sortInts(kingSorted[s])
	}
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
func imax(a, b int) int {
	if a > b {
		return a
	}
	return b
}
func imin(a, b int) int {
	if a < b {
		return a
	}
	return b
}
func dist(a, b int) int { return imax(iabs(a&7-b&7), iabs(a>>3-b>>3)) }
func manh(a, b int) int { return iabs(a&7-b&7) + iabs(a>>3-b>>3) }

// rookAttacks: does rook on r attack square t, with blockers (occ list)?
func rookAttacks(r, t int, block1, block2 int) bool {
	if r == t {
		return false
	}
	rf, rr, tf, tr := r&7, r>>3, t&7, t>>3
	if rf != tf && rr != tr {
		return false
	}
	df, dr := sign(tf-rf), sign(tr-rr)
	f, k := rf+df, rr+dr
	for {
		s := k*8 + f
		if s == t {
			return true
		}
		if s == block1 || s == block2 {
			return false
		}
		f += df
		k += dr
	}
}
func sign(x int) int {
	if x > 0 {
		return 1
	}
	if x < 0 {
		return -1
	}
	return 0
}

func dec(i int) (wk, wr, bk int) { return i >> 12, i >> 6 & 63, i & 63 }
func enc(wk, wr, bk int) int     { return wk<<12 | wr<<6 | bk }

// legal placement (kings apart, distinct squares)
func placeOK(wk, wr, bk int) bool {
	return wk != wr && wk != bk && wr != bk && dist(wk, bk) > 1
}

func bkInCheck(wk, wr, bk int) bool { return rookAttacks(wr, bk, wk, -1) }

// legal W-to-move position: black not in check
func legalW(i int) bool {
	wk, wr, bk := dec(i)
	return placeOK(wk, wr, bk) && !bkInCheck(wk, wr, bk)
}

// White moves from W-to-move i: returns list of B-to-move positions (idx same encoding), in game order: king moves (a1..h8 dest), then rook moves by dest.
func whiteMoves(i int, out []int) []int {
	wk, wr, bk := dec(i)
	out = out[:0]
	// king moves sorted by destination
	for _, t := range kingSorted[wk] {
		if t == wr || dist(t, bk) <= 1 {
			continue
		}
		out = append(out, enc(t, wr, bk))
	}
	// rook moves, dest ascending
	var rs []int
	for _, d := range dirs {
		f, r := wr&7+d[0], wr>>3+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := r*8 + f
			if s == wk || s == bk {
				break
			}
			rs = append(rs, s)
			f += d[0]
			r += d[1]
		}
	}
	sortInts(rs)
	for _, s := range rs {
		out = append(out, enc(wk, s, bk))
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Black replies from B-to-move position i. capture: black can take the rook. Returns W-to-move positions.
func blackMoves(i int, out []int) (res []int, capture bool) {
	wk, wr, bk := dec(i)
	out = out[:0]
	for _, t := range kingAdj[bk] {
		if dist(t, wk) <= 1 {
			continue
		}
		if t == wr {
			capture = true
			continue
		}
		if rookAttacks(wr, t, wk, bk) {
			// bk itself moves away, so it does not block: pass bk as non-blocker
			if rookAttacksNoBK(wr, t, wk) {
				continue
			}
		}
		if rookAttacksNoBK(wr, t, wk) {
			continue
		}
		out = append(out, enc(wk, wr, t))
	}
	return out, capture
}

func rookAttacksNoBK(r, t, wk int) bool { return rookAttacks(r, t, wk, -1) }

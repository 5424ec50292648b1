package main

func coords(s int, axis int) (int, int) {
	if axis == 0 {
		return s & 7, s >> 3
	}
	return s >> 3, s & 7
}

// cutLine measures the rook's line along axis (0: a file, 1: a rank) as a
// cut of the black king's board: w the width of the side the black king is
// on, g the white king's distance to the opposition square (8 when it is
// off the board), a the black king's run along the line away from the
// white king, dl the black king's distance to the line. ok is false when
// the line does not cut (a king stands on it).
func cutLine(wk, wr, bk, axis int) (w, g, a, dl int, ok bool) {
	rx, _ := coords(wr, axis)
	bx, by := coords(bk, axis)
	wx, wy := coords(wk, axis)
	if bx == rx || wx == rx {
		return 0, 0, 0, 0, false
	}
	var ox int
	if bx > rx {
		w, ox, dl = 7-rx, rx-1, bx-rx-1
	} else {
		w, ox, dl = rx, rx+1, rx-bx-1
	}
	// the opposition square (ox, by) may be off the board
	if ox < 0 || ox > 7 {
		g = 8
	} else {
		g = imax(iabs(wx-ox), iabs(wy-by))
	}
	switch {
	case wy < by:
		a = 7 - by
	case wy > by:
		a = by
	default:
		a = imin(by, 7-by)
	}
	return w, g, a, dl, true
}

// phiK: min over rook lines of K*w + 4g + 3a ; else 8K + dist(kings). plus kd*dist(kings)
func phiK(K, cg, ca, kd int) Efunc {
	return func(wk, wr, bk int) int {
		best := 8*K + dist(wk, bk)
		for axis := 0; axis < 2; axis++ {
			w, g, a, _, ok := cutLine(wk, wr, bk, axis)
			if !ok {
				continue
			}
			if v := K*w + cg*g + ca*a; v < best {
				best = v
			}
		}
		return best + kd*dist(wk, bk)
	}
}

// depth-d minimax values over W-to-move positions: val_d[w] = min_m max_r val_{d-1}[r]; val_0 = E
// returns policy from depth d (first move attaining min), mate = -inf
func policyMinimax(E Efunc, d int) []int8 {
	val := make([]int32, N)
	for i := 0; i < N; i++ {
		if legalW(i) {
			wk, wr, bk := dec(i)
			val[i] = int32(E(wk, wr, bk))
		}
	}
	pol := make([]int8, N)
	for it := 1; it <= d; it++ {
		nv := make([]int32, N)
		for i := 0; i < N; i++ {
			pol[i] = -1
			if !legalW(i) || len(wMoves[i]) == 0 {
				nv[i] = 1 << 29
				continue
			}
			best := int32(1 << 30)
			for j, b := range wMoves[i] {
				var w int32
				if wMate[i][j] {
					w = -1 << 20
				} else {
					w = -1 << 30
					for _, r := range bRep[b] {
						if val[r] > w {
							w = val[r]
						}
					}
				}
				if w < best {
					best = w
					pol[i] = int8(j)
				}
			}
			nv[i] = best
			if best <= -1<<19 {
				nv[i] = best + 1 // prefer faster mates
			}
		}
		val = nv
	}
	return pol
}

// rookReach lists the squares White's rook can go to in one move, safely:
// out of the black king's reach or next to the white king.
func rookReach(wk, wr, bk int) []int {
	var rs []int
	for _, d := range dirs {
		f, r := wr&7+d[0], wr>>3+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := r*8 + f
			if s == wk || s == bk {
				break
			}
			if dist(s, bk) > 1 || dist(s, wk) == 1 {
				rs = append(rs, s)
			}
			f += d[0]
			r += d[1]
		}
	}
	return rs
}

// withRook is E with the rook's best next square counted: the least of E
// with the rook where it stands and E with it on each square it can go to
// safely, plus c.
func withRook(E Efunc, c int) Efunc {
	return func(wk, wr, bk int) int {
		b := E(wk, wr, bk)
		for _, s := range rookReach(wk, wr, bk) {
			if x := E(wk, s, bk) + c; x < b {
				b = x
			}
		}
		return b
	}
}

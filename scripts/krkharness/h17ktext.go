package main

import "fmt"

// The textbook's method as a static policy (one move each decision, no
// trees): the rook cuts the black king into a band along an edge (the
// lines from the rook's line to that edge), the band narrowed whenever a
// move can do it whatever Black replies; otherwise the white king walks to
// the opposition square (two lines back from the black king on its line,
// its own side of the cut), and with the kings a knight's move apart the
// rook waits along its line.

// roomMask is the language's room as a set of squares.
func roomMask(wk, wr, bk int) uint64 {
	free := func(s int) bool { return s != wr && s != wk && !attackedW(wk, wr, s) }
	var m uint64
	var stack []int
	if free(bk) {
		m |= 1 << uint(bk)
		stack = append(stack, bk)
	}
	for _, t := range kingAdj[bk] {
		if free(t) && m&(1<<uint(t)) == 0 {
			m |= 1 << uint(t)
			stack = append(stack, t)
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, t := range kingAdj[s] {
			if m&(1<<uint(t)) == 0 && free(t) {
				m |= 1 << uint(t)
				stack = append(stack, t)
			}
		}
	}
	return m
}

// band is the textbook's cut: the fewest lines from the rook's file (or
// rank) to the edge behind the black king, where the whole room lies on
// that side of the line; 8 where the rook cuts nothing. tgt is the
// opposition square of that cut (clamped to the board), -1 without one.
func bandOf(wk, wr, bk int) (b, tgt int) {
	m := roomMask(wk, wr, bk)
	b, tgt = 8, -1
	fr, rr := wr&7, wr>>3
	fb, rb := bk&7, bk>>3
	lo, hi, loR, hiR := true, true, true, true
	for s := 0; s < 64; s++ {
		if m&(1<<uint(s)) == 0 {
			continue
		}
		if s&7 <= fr {
			hi = false
		}
		if s&7 >= fr {
			lo = false
		}
		if s>>3 <= rr {
			hiR = false
		}
		if s>>3 >= rr {
			loR = false
		}
	}
	if m == 0 {
		return 0, -1
	}
	consider := func(w, t int) {
		if w < b || (w == b && tgt >= 0 && dist(wk, t) < dist(wk, tgt)) {
			b, tgt = w, t
		}
	}
	fk, rk := wk&7, wk>>3
	if hi && (!strictCut || fk < fr) {
		consider(7-fr, rb*8+imax(fb-2, 0))
	}
	if lo && (!strictCut || fk > fr) {
		consider(fr, rb*8+imin(fb+2, 7))
	}
	if hiR && (!strictCut || rk < rr) {
		consider(7-rr, imax(rb-2, 0)*8+fb)
	}
	if loR && (!strictCut || rk > rr) {
		consider(rr, imin(rb+2, 7)*8+fb)
	}
	return
}

var bandT, tgtT [N]int8

// strictCut: a cut counts only with the white king on the rook's side of it.
var strictCut = true

func textTables() {
	for i := 0; i < N; i++ {
		if !placeOK(dec(i)) {
			continue
		}
		b, t := bandOf(dec(i))
		bandT[i], tgtT[i] = int8(b), int8(t)
	}
}

// textPolicy: the textbook's move at each position. opts select variants.
type textOpts struct {
	waitFar   bool // the waiting move: the rook farthest from the black king
	approachM bool // the king's approach by Manhattan distance to the target
	cutKey    int  // among band-cutting moves: 0 approach, 1 rook far
	waitOpp   bool // wait in opposition as well
}

func aOf(pos int, man bool) int {
	wk, _, _ := dec(pos)
	t := int(tgtT[pos])
	if t < 0 {
		return 15
	}
	if man {
		return manh(wk, t)
	}
	return dist(wk, t)
}

func textPolicy(o textOpts) []int8 {
	pol := make([]int8, N)
	count := [6]int{}
	for i := 0; i < N; i++ {
		pol[i] = -1
		if !legalW(i) || dtm[i] >= INF || len(wMoves[i]) == 0 {
			continue
		}
		wk, wr, bk := dec(i)
		B := int(bandT[i])
		type mv struct {
			j                int
			wb, wa, wm, rfar int
			king, line       bool
		}
		var ms []mv
		mate := -1
		for j, bn := range wMoves[i] {
			if wMate[i][j] {
				mate = j
				break
			}
			k2, r2, _ := dec(int(bn))
			m := mv{j: j, wb: -1, wa: -1, wm: -1, king: k2 != wk}
			m.line = !m.king && (r2&7 == wr&7 || r2>>3 == wr>>3)
			m.rfar = 99
			for _, r := range bRep[bn] {
				m.wb = imax(m.wb, int(bandT[r]))
				m.wa = imax(m.wa, aOf(int(r), o.approachM))
				_, _, b2 := dec(int(r))
				m.wm = imax(m.wm, manh(k2, b2))
				m.rfar = imin(m.rfar, dist(r2, b2))
			}
			ms = append(ms, m)
		}
		if mate >= 0 {
			pol[i] = int8(mate)
			count[0]++
			continue
		}
		pick := func(ok func(m mv) bool, less func(a, b mv) bool) int {
			bj := -1
			var best mv
			for _, m := range ms {
				if !ok(m) {
					continue
				}
				if bj < 0 || less(m, best) {
					bj, best = m.j, m
				}
			}
			return bj
		}
		// 1. the band narrower whatever Black replies.
		j := pick(func(m mv) bool { return m.wb < B }, func(a, b mv) bool {
			if a.wb != b.wb {
				return a.wb < b.wb
			}
			if o.cutKey == 1 && a.rfar != b.rfar {
				return a.rfar > b.rfar
			}
			if a.wa != b.wa {
				return a.wa < b.wa
			}
			return a.wm < b.wm
		})
		if j >= 0 {
			pol[i] = int8(j)
			count[1]++
			continue
		}
		// 2. the kings a knight's move apart, the king next to its
		// opposition square: the rook waits along its line.
		if (knightApart(wk, bk) || o.waitOpp && opposed(wk, bk)) && aOf(i, false) <= 1 {
			j = pick(func(m mv) bool { return m.line && m.wb <= B }, func(a, b mv) bool {
				if o.waitFar && a.rfar != b.rfar {
					return a.rfar > b.rfar
				}
				return a.wa < b.wa
			})
			if j >= 0 {
				pol[i] = int8(j)
				count[2]++
				continue
			}
		}
		// 3. the king toward its opposition square, the band kept.
		j = pick(func(m mv) bool { return m.king && m.wb <= B }, func(a, b mv) bool {
			if a.wa != b.wa {
				return a.wa < b.wa
			}
			return a.wm < b.wm
		})
		if j >= 0 {
			pol[i] = int8(j)
			count[3]++
			continue
		}
		// 4. any move that keeps the band, the rook far.
		j = pick(func(m mv) bool { return m.wb <= B }, func(a, b mv) bool {
			if a.rfar != b.rfar {
				return a.rfar > b.rfar
			}
			return a.wa < b.wa
		})
		if j >= 0 {
			pol[i] = int8(j)
			count[4]++
			continue
		}
		j = pick(func(m mv) bool { return true }, func(a, b mv) bool { return a.wb < b.wb })
		pol[i] = int8(j)
		count[5]++
	}
	fmt.Printf("  decisions by rule (mate, cut, wait, king, keep, any): %v\n", count)
	return pol
}

func h17kText() {
	textTables()
	for _, o := range []textOpts{{waitFar: true, waitOpp: true}, {waitFar: true, waitOpp: true, cutKey: 1}} {
		pol := textPolicy(o)
		v := evalPolicy(pol)
		report(fmt.Sprintf("text %+v", o), v)
		showFails(pol, v, 3)
		showWorst(pol, v, 2)
	}
}

// polLine prints the policy's line from pos against the reply that keeps
// v largest (a cycle: the line until a position repeats).
func polLine(pos int, pol []int8, v []int32, max int) string {
	s := fen(pos) + ":"
	seen := map[int]bool{}
	for n := 0; n < max && pol[pos] >= 0; n++ {
		if seen[pos] {
			return s + " (repeats)"
		}
		seen[pos] = true
		wk, wr, _ := dec(pos)
		bn := int(wMoves[pos][pol[pos]])
		k2, r2, _ := dec(bn)
		if k2 != wk {
			s += " K" + sq(k2)
		} else {
			s += " R" + sq(r2)
			_ = wr
		}
		if wMate[pos][pol[pos]] {
			return s + "#"
		}
		best, bv := -1, int32(-1)
		for _, r := range bRep[int32(bn)] {
			if v[r] > bv {
				best, bv = int(r), v[r]
			}
		}
		_, _, b2 := dec(best)
		s += " K" + sq(b2)
		pos = best
	}
	return s
}

func showFails(pol []int8, v []int32, n int) {
	for i := 0; i < N && n > 0; i += 997 {
		if legalW(i) && dtm[i] < INF && v[i] >= INF {
			fmt.Println("   ", polLine(i, pol, v, 30))
			n--
		}
	}
}

func showWorst(pol []int8, v []int32, n int) {
	type pv struct{ i, v int }
	var top []pv
	for i := 0; i < N; i++ {
		if legalW(i) && dtm[i] < INF && v[i] < INF {
			top = append(top, pv{i, int(v[i])})
		}
	}
	for k := 0; k < n; k++ {
		bi := k
		for j := k; j < len(top); j++ {
			if top[j].v > top[bi].v {
				bi = j
			}
		}
		top[k], top[bi] = top[bi], top[k]
		fmt.Printf("    %d (tb %d) %s\n", top[k].v, dtm[top[k].i], polLine(top[k].i, pol, v, 60))
	}
}

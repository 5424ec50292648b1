package main

import "fmt"

// attackedW: White attacks s, the black king taken off the board (the
// rook's line runs through it).
func attackedW(wk, wr, s int) bool {
	return dist(wk, s) <= 1 || (s != wr && rookAttacks(wr, s, wk, -1))
}

// passRook: the rook's square is part of the room where the white king
// does not defend it (the black king can take it), where the language's
// room primitive counts it a wall.
var passRook = true

// room is the language's room primitive (chess/predicates/krk.go): the
// squares the black king reaches by king steps through empty squares White
// does not attack (its own square when not attacked), and rdist the white
// king's king distance to the nearest of them (room_distance: 15 when
// there are none).
func room(wk, wr, bk int) (n, rdist int) {
	free := func(s int) bool {
		if s == wr && passRook {
			return dist(wk, wr) > 1
		}
		return s != wr && s != wk && !attackedW(wk, wr, s)
	}
	var seen [64]bool
	var stack []int
	if free(bk) {
		seen[bk] = true
		stack = append(stack, bk)
	}
	for _, t := range kingAdj[bk] {
		if free(t) {
			seen[t] = true
			stack = append(stack, t)
		}
	}
	rdist = 15
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		rdist = imin(rdist, dist(wk, s))
		for _, t := range kingAdj[s] {
			if !seen[t] && free(t) {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return
}

func roomE(a, b, c int) Efunc {
	return func(wk, wr, bk int) int {
		n, d := room(wk, wr, bk)
		return a*n + b*d + c*dist(wk, bk)
	}
}

// roomG: a*room + b*(the white king's distance to the room) + c*(the kings'
// distance) + d*(their Manhattan distance) + e*(Bratko's box), with the
// rook's next square at price p (0: not counted).
func roomG(W []int) Efunc {
	E := func(wk, wr, bk int) int {
		n, d := room(wk, wr, bk)
		return W[0]*n + W[1]*d + W[2]*dist(wk, bk) + W[3]*manh(wk, bk) + W[4]*box(wk, wr, bk)
	}
	if W[5] > 0 {
		return withRook(E, W[5])
	}
	return E
}

func scoreE(E Efunc) (float64, res) {
	L := NewLadder(E, prefAdvs())
	for i := 0; i < N; i++ {
		if dtm[i] < INF && legalW(i) {
			L.val(i)
		}
	}
	r := score(L.V)
	s := r.mean + 0.2*float64(max(0, r.worst-20))
	if r.proved < 175168 {
		s += 100
	}
	return s, r
}

// tuneG is a coordinate descent over W for the measure mk(W).
func tuneG(W []int, mk func([]int) Efunc) {
	best, r := scoreE(mk(W))
	fmt.Println("start", W, best, r)
	for round := 0; round < 5; round++ {
		improved := false
		for k := range W {
			for _, d := range []int{-2, -1, 1, 2} {
				W2 := append([]int(nil), W...)
				W2[k] += d
				if W2[k] < 0 {
					continue
				}
				s, r := scoreE(mk(W2))
				fmt.Println(" try", W2, fmt.Sprintf("%.3f", s), r)
				if s < best {
					best, W = s, W2
					improved = true
					fmt.Println("BEST", W, best, r)
				}
			}
		}
		if !improved {
			break
		}
	}
}

// withKing is E with the white king's best next step counted: the least
// of E and, for every step of the king (not next to the black king, not
// onto the rook), E with the king there plus c.
func withKing(E Efunc, c int) Efunc {
	return func(wk, wr, bk int) int {
		b := E(wk, wr, bk)
		for _, s := range kingAdj[wk] {
			if s == wr || dist(s, bk) <= 1 {
				continue
			}
			if x := E(s, wr, bk) + c; x < b {
				b = x
			}
		}
		return b
	}
}

// roomOf is the room alone, a times it, plus the rook left for the black
// king to take at t.
func roomOf(a, t int) Efunc {
	return func(wk, wr, bk int) int {
		n, _ := room(wk, wr, bk)
		x := a * n
		if dist(wr, bk) == 1 && dist(wr, wk) > 1 {
			x += t
		}
		return x
	}
}

// roomLoose is the language's room (the rook a wall) plus t where the
// rook is loose: not next to the white king and next to a square of the
// room (room_distance(the_rook) = 1), so the black king can come to take
// it.
func roomLoose(t int) Efunc {
	return func(wk, wr, bk int) int {
		passRook = false
		n, _ := room(wk, wr, bk)
		if dist(wr, wk) > 1 && roomDist(wk, wr, bk, wr) <= 1 {
			n += t
		}
		return n
	}
}

// roomDist is the king distance from s to the nearest square of the room
// (15 when it is empty).
func roomDist(wk, wr, bk, s int) int {
	free := func(x int) bool { return x != wr && x != wk && !attackedW(wk, wr, x) }
	var seen [64]bool
	var stack []int
	if free(bk) {
		seen[bk] = true
		stack = append(stack, bk)
	}
	for _, t := range kingAdj[bk] {
		if free(t) {
			seen[t] = true
			stack = append(stack, t)
		}
	}
	d := 15
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		d = imin(d, dist(s, x))
		for _, t := range kingAdj[x] {
			if !seen[t] && free(t) {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return d
}

// withMove is E with White's best next move counted (as the language's
// `least move` over White's moves writes it): the least of E and, for
// every safe move, E after it plus ck for a king move, cr for a rook move.
func withMove(E Efunc, ck, cr int) Efunc {
	return func(wk, wr, bk int) int {
		b := E(wk, wr, bk)
		for _, s := range kingAdj[wk] {
			if s == wr || dist(s, bk) <= 1 {
				continue
			}
			b = imin(b, E(s, wr, bk)+ck)
		}
		for _, s := range rookReach(wk, wr, bk) {
			b = imin(b, E(wk, s, bk)+cr)
		}
		return b
	}
}

// roomNear is roomLoose with the rook loose where it is away from its king
// and within two squares of the black king (dist, no flood fill).
func roomNear(t int) Efunc {
	return func(wk, wr, bk int) int {
		passRook = false
		n, _ := room(wk, wr, bk)
		if dist(wr, wk) > 1 && dist(wr, bk) <= 2 {
			n += t
		}
		return n
	}
}

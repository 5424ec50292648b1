package main

import (
	"flag"
	"fmt"
)

var prefWeights = flag.Int("prefset", 1, "the set of weights of -exp prefking")

// The eleventh session's experiments (docs/verify.md, "An eleventh
// session"): the cage with the kings' distance and the white king's
// distance to the room, and a mate in D looked for first.

// cageK is S × the cage (the room, 32 more for a loose rook) plus a × the
// kings' king distance plus b × the white king's distance to the room.
func cageK(S, a, b int) Efunc {
	return func(wk, wr, bk int) int {
		passRook = false
		n, d := room(wk, wr, bk)
		if dist(wr, wk) > 1 && roomDist(wk, wr, bk, wr) <= 1 {
			n += 32
		}
		return S*n + a*dist(wk, bk) + b*d
	}
}

// mateAdvs is a mate within d moves, then the preference and its
// fallbacks.
func mateAdvs(d int) []Adv {
	a := []Adv{}
	if d > 0 {
		a = append(a, Adv{Mate: true, D: d})
	}
	return append(a, prefAdvs()...)
}

// bkEdge: the black king on the edge.
func bkEdge(pos int) bool {
	_, _, bk := dec(pos)
	f, r := bk&7, bk>>3
	return f == 0 || f == 7 || r == 0 || r == 7
}

// mateEdge is a mate within d moves where the black king is on the edge,
// then the preference and its fallbacks.
func mateEdge(d int) []Adv {
	return append([]Adv{{Mate: true, D: d, Cond: bkEdge}}, prefAdvs()...)
}

func cage3() {
	for _, c := range [][3]int{{3, 6, 6}, {2, 6, 6}, {4, 6, 6}, {3, 5, 5}, {3, 4, 6}, {3, 6, 4}, {3, 8, 8}} {
		try(fmt.Sprint("cage, mate on the edge within d, ck cr ", c), withMove(roomLoose(32), c[1], c[2]), mateEdge(c[0]))
	}
}

// bkEdgeClose: the black king on the edge, the kings less than four
// squares apart (knowledge/lib/bratko.al's bkedge & kingsclose).
func bkEdgeClose(pos int) bool {
	wk, _, bk := dec(pos)
	return bkEdge(pos) && dist(wk, bk) < 4
}

func cage4() {
	for _, d := range []int{3, 4} {
		a := append([]Adv{{Mate: true, D: d, Cond: bkEdgeClose}}, prefAdvs()...)
		try(fmt.Sprint("cage, mate within ", d, " on the edge, kings close"), withMove(roomLoose(32), 6, 6), a)
	}
}

// cageTie: the cage's preference with a tie-break among the moves whose
// worst reply leaves the cage White can make equally small: 100 × E + t.
func cageTie() {
	E := withMove(roomLoose(32), 6, 6)
	ties := []struct {
		name string
		t    func(wk, wr, bk int) int
	}{
		{"kings' distance", func(wk, wr, bk int) int { return dist(wk, bk) }},
		{"kings' Manhattan", func(wk, wr, bk int) int { return manh(wk, bk) }},
		{"king to room", func(wk, wr, bk int) int { passRook = false; _, d := room(wk, wr, bk); return d }},
		{"black king from centre", func(wk, wr, bk int) int {
			f, r := bk&7, bk>>3
			return -(imax(iabs(2*f-7), iabs(2*r-7)))
		}},
	}
	for _, tb := range ties {
		P := func(wk, wr, bk int) int { return 100*E(wk, wr, bk) + tb.t(wk, wr, bk) }
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = table(P)
		try("cage, tie-break "+tb.name, E, a)
	}
}

func cage2() {
	for _, c := range [][6]int{
		{1, 0, 0, 6, 6, 0},
		{1, 0, 0, 6, 6, 3},
		{2, 1, 0, 12, 12, 0},
		{3, 1, 0, 18, 18, 0},
		{4, 1, 0, 24, 24, 0},
		{2, 0, 1, 12, 12, 0},
		{3, 0, 1, 18, 18, 0},
		{3, 1, 1, 18, 18, 0},
	} {
		try(fmt.Sprint("cage S a b ck cr mate ", c), withMove(cageK(c[0], c[1], c[2]), c[3], c[4]), mateAdvs(c[5]))
	}
}

// roomRook is the black king's room with the rook's lines the only walls
// (the white king's squares free to it, its own square a wall).
func roomRook(wk, wr, bk int) int {
	free := func(s int) bool { return s != wr && s != wk && !rookAttacks(wr, s, wk, -1) }
	var seen [64]bool
	var stack []int
	seen[bk] = true
	stack = append(stack, bk)
	n := 0
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		for _, t := range kingAdj[s] {
			if !seen[t] && free(t) {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return n
}

// cageMix is a × the cage (room and loose rook) + b × the room the rook's
// lines alone leave.
func cageMix(a, b int) Efunc {
	C := roomLoose(32)
	return func(wk, wr, bk int) int { return a*C(wk, wr, bk) + b*roomRook(wk, wr, bk) }
}

func cageMixes() {
	for _, c := range [][4]int{{1, 1, 6, 6}, {2, 1, 9, 9}, {1, 2, 9, 9}, {0, 1, 3, 3}, {3, 1, 12, 12}} {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		try(fmt.Sprint("cage mix a b ck cr ", c), withMove(cageMix(c[0], c[1]), c[2], c[3]), a)
	}
}

// kingsFar: the kings k squares or more apart.
func kingsFar(k int) func(int) bool {
	return func(pos int) bool {
		wk, _, bk := dec(pos)
		return dist(wk, bk) >= k
	}
}

func cageApproach() {
	E := withMove(roomLoose(32), 6, 6)
	for _, k := range []int{3, 4, 5} {
		// the approach where the kings are far, before the cage
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {Approach: true, Cond: kingsFar(k)}}
		try(fmt.Sprint("cage, approach first where the kings are ", k, "+ apart"), E, append(a, prefAdvs()...))
		// after the cage's preference, before its fallbacks
		p := prefAdvs()
		a = []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, p[0], {Approach: true, Cond: kingsFar(k)}}
		try(fmt.Sprint("cage, approach second where the kings are ", k, "+ apart"), E, append(a, p[1:]...))
	}
}

func cagePrices() {
	for _, c := range [][2]int{{4, 6}, {6, 4}, {5, 6}, {6, 5}, {7, 7}, {6, 7}, {7, 6}} {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		try(fmt.Sprint("cage, mate near the edge, ck cr ", c), withMove(roomLoose(32), c[0], c[1]), a)
	}
}

// cagePrefKing: the guard the cage White can make, the preference a × it +
// b × the kings' distance (c = 0) or Manhattan distance (c = 1).
func cagePrefKing() {
	E := withMove(roomLoose(32), 6, 6)
	ws := [][3]int{{1, 1, 0}, {2, 1, 0}, {1, 2, 0}, {1, 1, 1}, {4, 1, 0}}
	if *prefWeights == 2 {
		ws = [][3]int{{1, 2, 1}, {1, 3, 1}, {2, 3, 1}, {1, 4, 1}}
	}
	for _, w := range ws {
		w := w
		P := func(wk, wr, bk int) int {
			t := dist(wk, bk)
			if w[2] == 1 {
				t = manh(wk, bk)
			}
			return w[0]*E(wk, wr, bk) + w[1]*t
		}
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = table(P)
		try(fmt.Sprint("cage guard, preference a b manhattan ", w), E, a)
	}
}

// cagePrefMore: the guard the cage White can make, the preference it plus
// the kings' Manhattan distance plus one more term.
func cagePrefMore() {
	E := withMove(roomLoose(32), 6, 6)
	centre := func(s int) int { f, r := s&7, s>>3; return imax(iabs(2*f-7), iabs(2*r-7)) / 2 } // 0 (centre) to 3 (edge)
	terms := []struct {
		name string
		t    func(wk, wr, bk int) int
	}{
		{"- black king's edge", func(wk, wr, bk int) int { return -centre(bk) }},
		{"- 2 black king's edge", func(wk, wr, bk int) int { return -2 * centre(bk) }},
		{"+ kings' distance", func(wk, wr, bk int) int { return dist(wk, bk) }},
		{"+ white king's centre", func(wk, wr, bk int) int { return centre(wk) }},
		{"+ king to rook", func(wk, wr, bk int) int { return dist(wk, wr) }},
		{"- rook to black king", func(wk, wr, bk int) int { return -imin(dist(wr, bk), 3) }},
	}
	for _, tm := range terms {
		P := func(wk, wr, bk int) int { return E(wk, wr, bk) + manh(wk, bk) + tm.t(wk, wr, bk) }
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = table(P)
		try("cage guard, preference + Manhattan "+tm.name, E, a)
	}
}

// cageGuards: other guards: the cage White can make plus the kings'
// Manhattan distance smaller (one number), or the two in order (the cage
// smaller, or no larger and the kings nearer).
func cageGuards() {
	C := withMove(roomLoose(32), 6, 6)
	sum := func(wk, wr, bk int) int { return C(wk, wr, bk) + manh(wk, bk) }
	lex := func(wk, wr, bk int) int { return 64*C(wk, wr, bk) + manh(wk, bk) }
	a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	try("guard and preference: cage + Manhattan", sum, a)
	a = append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = table(sum)
	try("guard: (cage, Manhattan) in order; preference cage + Manhattan", lex, a)
}

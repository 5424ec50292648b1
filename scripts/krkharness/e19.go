package main

import (
	"flag"
	"fmt"
	"strings"
)

// The nineteenth KRK session's experiments (docs/verify.md, "A nineteenth
// session"): where the shipped krk-short.al1's long starts lose their
// moves, and tables that mend them. -exp e19 -v NAME.

// m7r8 is the shipped mate advice: a mate within seven where the room is
// eight squares or fewer, within five where it is ten or fewer, within
// three where the black king is on the edge near the white king.
func m7r8() []Adv {
	return []Adv{{Mate: true, D: 7, Cond: roomLE(8)}, {Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
}

// tbBest: the tablebase's fastest moves from pos, by name.
func tbBest(pos int) string {
	s := ""
	for j, bn := range wMoves[pos] {
		var w int32 = -1
		if wMate[pos][j] {
			w = 0
		} else {
			for _, r := range bRep[bn] {
				w = max(w, dtm[r])
			}
			if len(bRep[bn]) == 0 {
				w = INF
			}
		}
		if w+1 == dtm[pos] {
			s += " " + wmoveName(pos, j)
		}
	}
	return s
}

// decisions prints the fresh decisions of the table's worst line from pos:
// the position, the table's and the tablebase's values, the advice, the
// table's move and the tablebase's fastest moves.
func decisions(L *Ladder, pos int) { decisionsN(L, pos, 60) }

func decisionsN(L *Ladder, pos, n int) {
	p := pos
	for steps := 0; steps < n && p >= 0; steps++ {
		if L.Override != nil {
			if j := L.Override(p); j >= 0 {
				fmt.Printf("  %-26s table %2d tb %2d  override: %-5s tb:%s\n", fen(p), L.V[p], dtm[p], wmoveName(p, j), tbBest(p))
				worst, wr := int32(-1), -1
				for _, r := range bRep[wMoves[p][j]] {
					if L.V[r] >= worst {
						worst, wr = L.V[r], int(r)
					}
				}
				p = wr
				continue
			}
		}
		j, t, b, ai := L.decideZ(p)
		if j < 0 {
			fmt.Println("  no decision at", fen(p))
			return
		}
		wk, wr, bk := dec(p)
		fmt.Printf("  %-26s table %2d tb %2d  room %2d cage %3d adv %3d: %-5s tb:%s\n", fen(p), L.V[p], dtm[p], rawRoom(wk, wr, bk), L.Ev[p], ai, wmoveName(p, j), tbBest(p))
		q, _ := L.nextFreshZ(p, j, t, b, ai)
		p = q
	}
}

// looseW is the loose rook's weight in the cage (krk-short.al1: 32).
var looseW = 32

// bigK is the big cut's size (krk-short.al1: 24).
var bigK = 24

// looseK: the rook is loose only where its king is more than looseK
// squares from it (krk-short.al1: 1).
var looseK = 1

// roomLooseK is roomLoose with the rook loose only where its king is more
// than looseK squares from it.
func roomLooseK(t int) Efunc {
	return func(wk, wr, bk int) int {
		passRook = false
		n, _ := room(wk, wr, bk)
		if dist(wr, wk) > looseK && roomDist(wk, wr, bk, wr) <= 1 {
			n += t
		}
		return n
	}
}

func e19() {
	switch *e18v {
	case "phase":
		L := shortZ("shipped (m7r8)", shippedOpts(m7r8()))
		long := func(i int) bool { return L.V[i] > 20 }
		fmt.Println("starts over 20, by phase and piece:")
		attributeIf(L, long, func(pos, ai int, king bool) string {
			p := phaseOf(pos)
			if king {
				return p + " king"
			}
			return p + " rook"
		})
		fmt.Println("starts over 20, by phase and advice:")
		attributeIf(L, long, func(pos, ai int, king bool) string { return fmt.Sprint(phaseOf(pos), " adv ", ai) })
		fmt.Println("starts over 20, by the kings' distance and the room's size at the decision:")
		attributeIf(L, long, func(pos, ai int, king bool) string {
			wk, wr, bk := dec(pos)
			r := rawRoom(wk, wr, bk)
			rb := "room>24"
			switch {
			case r <= 8:
				rb = "room<=8"
			case r <= 16:
				rb = "room<=16"
			case r <= 24:
				rb = "room<=24"
			}
			return fmt.Sprintf("kd %d %s", imin(dist(wk, bk), 5), rb)
		})
		n := 0
		for i := 0; i < N && n < 6; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= 25 {
				fmt.Printf("%s: table %d, tb %d\n", fen(i), L.V[i], dtm[i])
				decisions(L, i)
				n++
			}
		}
	case "dbg", "dbg24":
		if *e18v == "dbg24" {
			looseW = 24
		}
		L := shortZ("shipped (m7r8)", shippedOpts(m7r8()))
		for _, f := range flag.Args() {
			i := parseFEN(f)
			fmt.Printf("%s: table %d, tb %d\n", f, L.V[i], dtm[i])
			decisions(L, i)
		}
	case "lines":
		L := shortZ("shipped (m7r8)", shippedOpts(m7r8()))
		for _, f := range flag.Args() {
			i := parseFEN(f)
			fmt.Printf("%s: table %d, tb %d\n  table: %s\n  tb:%s\n", f, L.V[i], dtm[i], lineDTM(L, i), tbLine(i))
		}
	case "farcyc":
		// e18's farline, the starts it does not prove, their first decisions.
		L := e18far(2, false)
		n := 0
		for i := 0; i < N && n < 4; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 14)
				n++
			}
		}
	case "far2d", "far3d":
		L := e18far(int((*e18v)[3]-'0'), true)
		n := 0
		for i := 0; i < N && n < 3; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= 26 && L.V[i] < INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 30)
				n++
			}
		}
		n = 0
		for i := 0; i < N && n < 3; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
	case "farany2", "farany3", "farkd3", "farkd4", "farkd5":
		var k int
		fmt.Sscanf((*e18v)[len(*e18v)-1:], "%d", &k)
		kd := k
		cond := func(wk, wr, bk int) bool { return dist(wk, bk) >= kd }
		if (*e18v)[3] == 'a' {
			cond = func(wk, wr, bk int) bool { return true }
		} else {
			k = 2
		}
		o := shippedOpts(m7r8())
		o.override = farOverrideIf(k, true, cond)
		L := shortZ(*e18v, o)
		n := 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
		n = 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= 24 && L.V[i] < INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 30)
				n++
			}
		}
	case "walkmax4", "walkmax3", "walkmax5", "walksum4", "walksum3":
		var kd int
		fmt.Sscanf((*e18v)[len(*e18v)-1:], "%d", &kd)
		rdf := func(wk, wr, bk int) int { return roomFar(wk, wr, bk) }
		if (*e18v)[4] == 's' {
			rdf = func(wk, wr, bk int) int { return roomFar(wk, wr, bk) + roomDist(wk, wr, bk, wk) }
		}
		L := shortZ(*e18v, walkOpts(m7r8(), rdf, kd))
		n := 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
		n = 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= 25 && L.V[i] < INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 30)
				n++
			}
		}
	case "loose8", "loose16", "loose20", "loose24", "loose28", "loose40", "loose64":
		fmt.Sscanf(*e18v, "loose%d", &looseW)
		shortZ(*e18v, shippedOpts(m7r8()))
	case "farsafe", "farsafe4", "farsafeC":
		// the rook far where the black king attacks it and no king step
		// defends it; the cut, the walk and the preference never leave it
		// so after Black's reply.
		cond := func(wk, wr, bk int) bool { return true }
		if *e18v == "farsafe4" {
			cond = func(wk, wr, bk int) bool { return dist(wk, bk) >= 4 || cornerDist(wk) == 0 && dist(wk, bk) <= 3 }
		}
		o := safeOpts(m7r8())
		o.override = farOverrideIf(2, true, cond)
		if *e18v == "farsafeC" {
			o.override = farOverride(2, true)
		}
		L := shortZ(*e18v, o)
		n := 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
		n = 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= 24 && L.V[i] < INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 30)
				n++
			}
		}
	case "lk2w32", "lk2w24", "lk2w16", "lk3w32", "lk3w24":
		fmt.Sscanf(*e18v, "lk%dw%d", &looseK, &looseW)
		shortZ(*e18v, shippedOpts(m7r8()))
	case "farCw24", "farCw20":
		fmt.Sscanf(*e18v, "farCw%d", &looseW)
		o := shippedOpts(m7r8())
		o.override = farOverride(2, true)
		shortZ(*e18v, o)
	case "walkkd4w24", "walkkd3w24", "walkorw24", "walkkd4w32", "walkkd5w24":
		// the walk where the kings are kd apart: the kings' distance less
		// after every reply (walkor: or the king's distance to the room).
		kd := 4
		if strings.HasPrefix(*e18v, "walkkd") {
			fmt.Sscanf(*e18v, "walkkd%dw%d", &kd, &looseW)
		} else {
			looseW = 24
		}
		rdf := func(wk, wr, bk int) int { return dist(wk, bk) }
		if strings.HasPrefix(*e18v, "walkor") {
			rdf = func(wk, wr, bk int) int { passRook = false; return 16*dist(wk, bk) + roomDist(wk, wr, bk, wk) }
		}
		L := shortZ(*e18v, walkOpts(m7r8(), rdf, kd))
		L.worstLines(3)
		n := 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
	case "toward4", "toward5", "toward4r2", "toward4k", "toward5k", "toward3k":
		// where the kings are kd apart and the rook three squares or more
		// from the black king (two: r2), after the cut and the walk, the
		// king's step toward the black king (nearer right after it), the
		// cage White can make no larger whatever Black replies; of those,
		// by the cage plus the kings' Manhattan distance.
		looseW = 24
		kd, rmin := 4, 3
		fmt.Sscanf(*e18v, "toward%d", &kd)
		if strings.HasSuffix(*e18v, "r2") {
			rmin = 2
		}
		o := shippedOpts(m7r8())
		Ef := withMove(roomLooseK(looseW), 6, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		keep := strings.HasSuffix(*e18v, "k")
		g := func(pos, r int) bool {
			wk, _, bk := dec(pos)
			rk, _, rb := dec(r)
			return rk != wk && dist(rk, bk) < dist(wk, bk) && E[r] <= E[pos] && (!keep || dist(rk, rb) <= dist(wk, bk))
		}
		cond := func(pos int) bool { wk, wr, bk := dec(pos); return dist(wk, bk) >= kd && dist(wr, bk) >= rmin }
		o.beforePref = append(o.beforePref, Adv{Pref: true, D: 1, G: g, P: cm, Cond: cond})
		L := shortZ(*e18v, o)
		L.worstLines(3)
		n := 0
		for i := 0; i < N && n < 2; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
				fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
				decisionsN(L, i, 10)
				n++
			}
		}
	case "big16w24", "big20w24", "big18w24", "big28w24", "big12w24":
		fmt.Sscanf(*e18v, "big%dw%d", &bigK, &looseW)
		shortZ(*e18v, shippedOpts(m7r8()))
	default:
		fmt.Println("e19: no variant", *e18v)
	}
}

// farOverride is e18's farline: where the white king is cornered and the
// black king attacks the rook (no mate advice applying), the rook's move
// along its line that leaves it farthest from the black king after its
// best reply, min squares or more.
func farOverride(min int, nodefend bool) func(pos int) int {
	return farOverrideIf(min, nodefend, func(wk, wr, bk int) bool { return cornerDist(wk) == 0 && dist(wk, bk) <= 3 })
}

// farOverrideIf is farOverride where cond holds (and the black king
// attacks the undefended rook).
func farOverrideIf(min int, nodefend bool, cond func(wk, wr, bk int) bool) func(pos int) int {
	return func(pos int) int {
		wk, wr, bk := dec(pos)
		if !(cond(wk, wr, bk) && dist(wr, bk) == 1 && dist(wr, wk) > 1) {
			return -1
		}
		if nodefend {
			for _, bn := range wMoves[pos] {
				nk, _, _ := dec(int(bn))
				if nk != wk && dist(nk, wr) == 1 {
					return -1
				}
			}
		}
		if dtm[pos] <= 1 || (roomLE(8)(pos) && dtm[pos] <= 7) || (roomLE(10)(pos) && dtm[pos] <= 5) || (bkEdgeClose(pos) && dtm[pos] <= 3) {
			return -1
		}
		best, bj := -1, -1
		for j, bn := range wMoves[pos] {
			nk, nr, _ := dec(int(bn))
			if nk != wk || (nr&7 != wr&7 && nr>>3 != wr>>3) {
				continue
			}
			w := 99
			for _, r := range bRep[bn] {
				_, _, rb := dec(int(r))
				w = imin(w, dist(nr, rb))
			}
			if len(bRep[bn]) == 0 || w < min {
				continue
			}
			if w > best {
				best, bj = w, j
			}
		}
		return bj
	}
}

func e18far(min int, nodefend bool) *Ladder {
	o := shippedOpts(m7r8())
	o.override = farOverride(min, nodefend)
	return shortZ("farline", o)
}

// roomFar is the white king's king distance to the farthest square of the
// black king's room (0 when it is empty).
func roomFar(wk, wr, bk int) int {
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
	d := 0
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		d = imax(d, dist(wk, x))
		for _, t := range kingAdj[x] {
			if !seen[t] && free(t) {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return d
}

// walkOpts is shippedOpts with the walk's measure rd (the white king's
// distance to the room, less after every reply) and its condition, the
// kings kd squares or more apart.
func walkOpts(mates []Adv, rdf func(wk, wr, bk int) int, kd int) zOpts {
	Ef := withMove(roomLooseK(looseW), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(rdf)
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	far := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 }
	farw := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= kd }
	return zOpts{mates: mates, beforePref: []Adv{
		{K: 24, D: 1, Pref: true, P: cm, Cond: far},
		{Pref: true, D: 1, G: walk, P: cm, Cond: farw}}}
}

// lineDTM annotates the table's line from pos (L.line) with the
// tablebase's depth after each of Black's replies.
func lineDTM(L *Ladder, pos int) string {
	toks := []string{}
	cur := ""
	for _, c := range L.line(pos) {
		if c == ' ' {
			if cur != "" {
				toks = append(toks, cur)
			}
			cur = ""
			continue
		}
		cur += string(c)
	}
	if cur != "" {
		toks = append(toks, cur)
	}
	wk, wr, bk := dec(pos)
	out := fmt.Sprintf("[%d]", dtm[pos])
	for n, t := range toks {
		if len(t) < 3 {
			continue
		}
		s := int(t[1]-'a') + 8*int(t[2]-'1')
		if n%2 == 0 {
			if t[0] == 'K' {
				wk = s
			} else {
				wr = s
			}
			out += " " + t[:3]
		} else {
			bk = s
			out += fmt.Sprintf(" %s[%d]", t[:3], dtm[enc(wk, wr, bk)])
		}
	}
	return out
}

// exposed: White to move, the black king attacks the rook, its king does
// not defend it and no step of its king would.
func exposed(r int) bool {
	wk, wr, bk := dec(r)
	if dist(wr, bk) != 1 || dist(wr, wk) == 1 {
		return false
	}
	for _, bn := range wMoves[r] {
		nk, _, _ := dec(int(bn))
		if nk != wk && dist(nk, wr) == 1 {
			return false
		}
	}
	return true
}

// safeOpts is shippedOpts with the cut, the walk and the preference
// never leaving the rook exposed after Black's reply.
func safeOpts(mates []Adv) zOpts {
	Ef := withMove(roomLooseK(looseW), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos] && !exposed(r)
	}
	cut := func(pos, r int) bool { return E[r] <= E[pos]-24 && !exposed(r) }
	far := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 }
	return zOpts{mates: mates, beforePref: []Adv{
		{D: 1, Pref: true, G: cut, P: cm, Cond: far},
		{Pref: true, D: 1, G: walk, P: cm, Cond: far}},
		prefG: func(pos, r int) bool { return E[r] < E[pos] && !exposed(r) }}
}

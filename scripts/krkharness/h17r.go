package main

import "fmt"

// guardOpt is the best any preference can do under a guard: White plays,
// where some move leaves E smaller after every reply (or mates), the
// fastest of those moves (by a minimax over the restricted game), else
// the fastest move of all. A lower bound for tables whose first advice is
// that guard.
func guardOpt(name string, Ev []int32) []int32 {
	v := make([]int32, N)
	for i := range v {
		v[i] = INF
	}
	allowed := make([][]bool, N)
	nall := 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF {
			continue
		}
		a := make([]bool, len(wMoves[i]))
		any := false
		for j, bn := range wMoves[i] {
			if wMate[i][j] {
				a[j], any = true, true
				continue
			}
			ok := true
			for _, r := range bRep[bn] {
				if Ev[r] >= Ev[i] {
					ok = false
					break
				}
			}
			a[j] = ok
			any = any || ok
		}
		if !any {
			nall++
			for j := range a {
				a[j] = true
			}
		}
		allowed[i] = a
	}
	for it := 0; it < 300; it++ {
		changed := false
		for i := 0; i < N; i++ {
			if allowed[i] == nil {
				continue
			}
			best := int32(INF)
			for j, bn := range wMoves[i] {
				if !allowed[i][j] {
					continue
				}
				if wMate[i][j] {
					best = 1
					break
				}
				mx := int32(0)
				for _, r := range bRep[bn] {
					if v[r] > mx {
						mx = v[r]
					}
				}
				if mx+1 < best {
					best = mx + 1
				}
			}
			if best < v[i] {
				v[i] = best
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	fmt.Printf("  positions with no guarded move: %d\n", nall)
	report(name, v)
	return v
}

func h17rGopt() {
	E := table(withMove(roomLoose(32), 6, 6))
	guardOpt("cage guard, best preference", E)
}

func h17rOracle() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	g := guardOpt("cage guard, best preference", E)
	a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = dtm[:]
	try("cage guard, preference the depth to mate", Ef, a)
	a = append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = g
	try("cage guard, preference the guarded optimum", Ef, a)
	a = append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	try("cage guard, preference cage+manhattan (krk-short)", Ef, a)
}

// h17rFalls prints the positions where no move passes the cage's guard.
func h17rFalls() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	L := NewLadder(Ef, nil)
	n := 0
	byCond := map[string]int{}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF {
			continue
		}
		if L.prefMove(i, E[i]-1, nil) >= 0 {
			continue
		}
		wk, wr, bk := dec(i)
		k := fmt.Sprintf("edge %v kd %d rbk %d rwk %d", bkEdge(i), dist(wk, bk), imin(dist(wr, bk), 3), imin(dist(wr, wk), 3))
		byCond[k]++
		n++
		if n%150 == 1 {
			fmt.Println(fen(i), "E", E[i], "tb", dtm[i], tbLine(i))
		}
	}
	for k, v := range byCond {
		fmt.Println(v, k)
	}
}

// h17rFallOracle: the cage's table with its fallbacks replaced by the
// fastest move (an oracle), to see what the fallbacks cost.
func h17rFallOracle() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	g := guardOpt("cage guard, best preference", E)
	orc := Adv{K: -1 << 20, D: 1, Pref: true, P: g}
	a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: g}, orc}
	try("guarded optimum pref, oracle fallback", Ef, a)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	a = []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, orc}
	try("krk-short pref, oracle fallback", Ef, a)
}

// h17rFallback: krk-short.al1 with a second preference before its
// fallback trees, for the positions where no move shrinks the cage.
func h17rFallback() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	kd := func(i int) int { wk, _, bk := dec(i); return dist(wk, bk) }
	mh := func(i int) int { wk, _, bk := dec(i); return manh(wk, bk) }
	gs := []struct {
		name string
		g    func(pos, r int) bool
	}{
		{"cage no larger, Manhattan smaller", func(pos, r int) bool { return E[r] <= E[pos] && mh(r) < mh(pos) }},
		{"cage no larger, distance smaller", func(pos, r int) bool { return E[r] <= E[pos] && kd(r) < kd(pos) }},
		{"cage no larger, sum smaller", func(pos, r int) bool { return cm[r] < cm[pos] && E[r] <= E[pos] }},
		{"sum smaller", func(pos, r int) bool { return cm[r] < cm[pos] }},
	}
	for _, g := range gs {
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: g.g, P: cm}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try("krk-short, fallback "+g.name, Ef, a)
	}
}

// h17rGworst prints the starts where the guarded optimum is above 20, with
// its line.
func h17rGworst() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	g := guardOpt("cage guard, best preference", E)
	hist := map[int32]int{}
	n := 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF {
			continue
		}
		if g[i] > 20 {
			hist[g[i]-dtm[i]]++
			n++
			if n%40 == 1 || g[i] >= 23 {
				fmt.Println(g[i], dtm[i], fen(i), gLine(i, g, E))
			}
		}
	}
	fmt.Println(n, hist)
}

// gLine is the guarded optimum's line (the worst defence by g).
func gLine(pos int, g, E []int32) string {
	out := ""
	for n := 0; n < 40; n++ {
		d := g[pos]
		found := false
		for j, b := range wMoves[pos] {
			if wMate[pos][j] {
				return out + " " + wmoveName(pos, j) + "#"
			}
			mx, mr := int32(-1), -1
			ok := true
			for _, r := range bRep[b] {
				if E[r] >= E[pos] {
					ok = false
				}
				if g[r] > mx {
					mx, mr = g[r], int(r)
				}
			}
			if mx == d-1 {
				_, _, bk := dec(mr)
				tag := ""
				if !ok {
					tag = "!"
				}
				out += " " + wmoveName(pos, j) + tag + " K" + sq(bk)
				pos = mr
				found = true
				break
			}
		}
		if !found {
			return out + " ?"
		}
	}
	return out
}

// h17rPI: policy iteration on the preference: the table's own values as
// the next preference (an oracle: the bound of the guard with its trees).
func h17rPI() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	P := cm
	for it := 0; it < 6; it++ {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L := try(fmt.Sprint("policy iteration ", it), Ef, a)
		P = make([]int32, N)
		for i := range P {
			P[i] = L.V[i]
			if L.V[i] >= INF {
				P[i] = 1000
			}
		}
	}
}

// h17rOrder: krk-short.al1 with its fallback trees' moves ordered.
func h17rOrder() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	orders := []struct {
		name string
		o    func(pos, b int) int
	}{
		{"game order", nil},
		{"king nearer (Manhattan) first", func(pos, b int) int {
			wk, _, bk := dec(pos)
			nk, _, _ := dec(b)
			if manh(nk, bk) < manh(wk, bk) {
				return 0
			}
			return 1
		}},
		{"rook moves first", func(pos, b int) int {
			wk, _, _ := dec(pos)
			nk, _, _ := dec(b)
			if nk == wk {
				return 0
			}
			return 1
		}},
		{"king nearer, rook, king", func(pos, b int) int {
			wk, _, bk := dec(pos)
			nk, _, _ := dec(b)
			if nk == wk {
				return 1
			}
			if manh(nk, bk) < manh(wk, bk) {
				return 0
			}
			return 2
		}},
	}
	for _, o := range orders {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = cm
		L := NewLadder(Ef, a)
		L.Ord = o.o
		L.run("fallback order: " + o.name)
	}
}

// h17rDiff: where krk-short.al1's preference and the policy-iteration
// oracle's choose differently, and what it costs (by the oracle's values).
func h17rDiff() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	P := cm
	var L *Ladder
	for it := 0; it < 4; it++ {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L = NewLadder(Ef, a)
		L.run(fmt.Sprint("pi ", it))
		P = make([]int32, N)
		for i := range P {
			P[i] = L.V[i]
			if L.V[i] >= INF {
				P[i] = 1000
			}
		}
	}
	V := P
	cnt, loss := 0, 0
	hist := map[string]int{}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || bkEdgeClose(i) && dtm[i] <= 3 {
			continue
		}
		j1 := L.prefMove(i, L.Ev[i]-1, cm)
		j2 := L.prefMove(i, L.Ev[i]-1, V)
		if j1 < 0 || j1 == j2 {
			continue
		}
		w := func(j int) int32 {
			m := int32(0)
			for _, r := range bRep[wMoves[i][j]] {
				m = max(m, V[r])
			}
			return m
		}
		d := w(j1) - w(j2)
		if d <= 0 {
			continue
		}
		cnt++
		loss += int(d)
		wk, _, _ := dec(i)
		k1, _, _ := dec(int(wMoves[i][j1]))
		k2, _, _ := dec(int(wMoves[i][j2]))
		kind := func(k int) string {
			if k == wk {
				return "R"
			}
			return "K"
		}
		hist[kind(k1)+kind(k2)]++
		if cnt%3000 == 1 {
			fmt.Println(fen(i), "short", wmoveName(i, j1), w(j1), "oracle", wmoveName(i, j2), w(j2), "tb", dtm[i])
		}
	}
	fmt.Println(cnt, loss, hist)
}

// h17rShape: the preference a concave function of the cage White can make
// plus the kings' Manhattan distance.
func h17rShape() {
	Ef := withMove(roomLoose(32), 6, 6)
	isqrt := func(x int) int {
		r := 0
		for (r+1)*(r+1) <= x {
			r++
		}
		return r
	}
	for _, c := range []struct {
		name string
		f    func(c int) int
	}{
		{"4 sqrt", func(c int) int { return 4 * isqrt(4*c) / 2 }},
		{"6 sqrt", func(c int) int { return 3 * isqrt(16*c) / 4 * 2 / 2 }},
		{"8 sqrt", func(c int) int { return 4 * isqrt(16*c) / 4 * 2 / 2 }},
		{"knee 16 half", func(c int) int {
			if c > 16 {
				return 16 + (c-16)/2
			}
			return c
		}},
		{"knee 24 half", func(c int) int {
			if c > 24 {
				return 24 + (c-24)/2
			}
			return c
		}},
		{"knee 12 half", func(c int) int {
			if c > 12 {
				return 12 + (c-12)/2
			}
			return c
		}},
	} {
		P := table(func(wk, wr, bk int) int { return c.f(Ef(wk, wr, bk)) + manh(wk, bk) })
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		try("preference "+c.name+" + Manhattan", Ef, a)
	}
}

// h17rHist: krk-short.al1's figures by length, and the excess over the
// tablebase.
func h17rHist() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = cm
	L := try("krk-short", Ef, a)
	h := map[int32]int{}
	ex := map[int32]int{}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF {
			continue
		}
		h[L.V[i]]++
		ex[L.V[i]-dtm[i]]++
	}
	for v := int32(0); v < 40; v++ {
		if h[v]+ex[v] > 0 {
			fmt.Println(v, h[v], ex[v])
		}
	}
}

// h17rRoomPref: the preference the cage White can make, the cage now and
// the kings' Manhattan distance, weighed.
func h17rRoomPref() {
	Ef := withMove(roomLoose(32), 6, 6)
	C := roomLoose(32)
	Rm := roomLoose(0)
	for _, w := range [][4]int{{4, 1, 0, 4}, {4, 2, 0, 4}, {4, 4, 0, 4}, {4, 0, 1, 4}, {4, 0, 2, 4}, {4, 0, 4, 4}, {4, 1, 0, 5}, {4, 2, 0, 6}, {2, 1, 0, 3}} {
		P := table(func(wk, wr, bk int) int {
			return w[0]*Ef(wk, wr, bk) + w[1]*Rm(wk, wr, bk) + w[2]*C(wk, wr, bk) + w[3]*manh(wk, bk)
		})
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		try(fmt.Sprint("preference cagenext room cage manh ", w), Ef, a)
	}
}

func cornerDist(s int) int {
	return imin(imin(dist(s, 0), dist(s, 7)), imin(dist(s, 56), dist(s, 63)))
}

// h17rCorner: krk-short.al1 with a rule for the white king in a corner:
// the king steps out (its corner distance larger), of those moves the one
// whose worst reply leaves the cage White can make plus the kings'
// Manhattan distance least.
func h17rCorner() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	for _, c := range []struct {
		cd, kd int
		slack  int32
	}{{0, 8, 100}, {0, 3, 100}, {0, 4, 100}, {1, 8, 100}, {1, 3, 100}, {0, 8, 0}, {0, 8, 6}, {1, 8, 6}} {
		c := c
		cond := func(pos int) bool {
			wk, _, bk := dec(pos)
			return cornerDist(wk) <= c.cd && dist(wk, bk) <= c.kd
		}
		out := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+c.slack
		}
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {Pref: true, D: 1, G: out, P: cm, Cond: cond}}
		p := prefAdvs()
		p[0].P = cm
		a = append(a, p...)
		try(fmt.Sprint("corner rule: corner dist <= ", c.cd, " kings within ", c.kd, " cage slack ", c.slack), Ef, a)
	}
}

// h17rGuards: the guarded optimum (best preference, fastest fallback) of
// several guards.
func h17rGuards() {
	C := withMove(roomLoose(32), 6, 6)
	for _, g := range []struct {
		name string
		E    Efunc
	}{
		{"cage", C},
		{"cage + Manhattan", func(wk, wr, bk int) int { return C(wk, wr, bk) + manh(wk, bk) }},
		{"64 cage + Manhattan", func(wk, wr, bk int) int { return 64*C(wk, wr, bk) + manh(wk, bk) }},
		{"band (ninth session)", withRook(phiK(10, 3, 3, 1), 3)},
		{"cage, rook next 3", withMove(roomLoose(32), 6, 3)},
		{"cage, king next 3", withMove(roomLoose(32), 3, 6)},
		{"room, next move", withMove(roomLoose(0), 6, 6)},
	} {
		fmt.Println(g.name)
		guardOpt("  guarded optimum", table(g.E))
	}
}

// h17rPrices: the guarded optimum, krk-short's preference and the policy
// iteration bound for the cage with other prices of White's next move.
func h17rPrices() {
	for _, c := range [][2]int{{3, 6}, {2, 6}, {3, 5}, {3, 4}, {2, 4}, {4, 6}} {
		Ef := withMove(roomLoose(32), c[0], c[1])
		fmt.Println("prices king, rook", c)
		guardOpt("  guarded optimum", table(Ef))
		P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		for it := 0; it < 3; it++ {
			a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
			a[1].P = P
			L := try(fmt.Sprint("  policy iteration ", it), Ef, a)
			P = make([]int32, N)
			for i := range P {
				P[i] = L.V[i]
				if L.V[i] >= INF {
					P[i] = 1000
				}
			}
		}
	}
}

// h17rFall2: krk-short.al1 with a second preference for the positions
// where no move shrinks the cage White can make: of the moves after which,
// whatever Black replies, some White move shrinks it below the root's
// against every reply, the one whose worst reply leaves the cage White can
// make plus the kings' Manhattan distance least; fresh decisions after it.
func h17rFall2() {
	for _, c := range [][2]int{{6, 6}, {3, 6}, {3, 5}} {
		Ef := withMove(roomLoose(32), c[0], c[1])
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		two := func(pos, r int) bool {
			for j, bn := range wMoves[r] {
				if wMate[r][j] {
					return true
				}
				ok := true
				for _, s := range bRep[bn] {
					if E[s] >= E[pos] {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
			return false
		}
		twoLE := func(pos, r int) bool { return E[r] <= E[pos] && two(pos, r) }
		for _, g := range []struct {
			name string
			g    func(pos, r int) bool
		}{{"two", two}, {"two, no larger", twoLE}} {
			a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: g.g, P: cm}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprint("prices ", c, " fallback preference ", g.name), Ef, a)
		}
	}
}

// h17rFallMoves: at the positions with no guarded move (king's price 3),
// the guarded optimum's move: king or rook, and the cage White can make
// after its worst reply against the root's.
func h17rFallMoves() {
	Ef := withMove(roomLoose(32), 3, 6)
	E := table(Ef)
	g := guardOpt("guarded optimum, prices 3 6", E)
	hist := map[string]int{}
	n := 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF {
			continue
		}
		guarded := false
		for j, bn := range wMoves[i] {
			ok := wMate[i][j]
			if !ok {
				ok = true
				for _, r := range bRep[bn] {
					if E[r] >= E[i] {
						ok = false
						break
					}
				}
			}
			guarded = guarded || ok
		}
		if guarded {
			continue
		}
		for j, bn := range wMoves[i] {
			mx, we := int32(0), int32(-999)
			for _, r := range bRep[bn] {
				mx = max(mx, g[r])
				we = max(we, E[r]-E[i])
			}
			if wMate[i][j] || mx+1 == g[i] {
				wk, wr, bk := dec(i)
				nk, _, _ := dec(int(bn))
				kind := "rook"
				if nk != wk {
					kind = "king"
					if manh(nk, bk) < manh(wk, bk) {
						kind = "king nearer"
					}
				}
				k := fmt.Sprintf("%s cage %+d loose %v", kind, imin(imax(int(we), -3), 8), dist(wr, wk) > 1 && roomDist(wk, wr, bk, wr) <= 1)
				hist[k]++
				n++
				if n%200 == 1 {
					fmt.Println(fen(i), wmoveName(i, j), "g", g[i], "tb", dtm[i], k)
				}
				break
			}
		}
	}
	for k, v := range hist {
		fmt.Println(v, k)
	}
}

// h17rPIFall2: policy iteration on both preferences of h17rFall2's table
// (the bound of the guard with the second preference as its fallback).
func h17rPIFall2() {
	for _, c := range [][2]int{{6, 6}, {3, 6}} {
		Ef := withMove(roomLoose(32), c[0], c[1])
		E := table(Ef)
		two := func(pos, r int) bool {
			if E[r] > E[pos] {
				return false
			}
			for j, bn := range wMoves[r] {
				if wMate[r][j] {
					return true
				}
				ok := true
				for _, s := range bRep[bn] {
					if E[s] >= E[pos] {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
			return false
		}
		P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		for it := 0; it < 3; it++ {
			a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: P}, {Pref: true, D: 1, G: two, P: P}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			L := try(fmt.Sprint("prices ", c, " fallback two-no-larger, policy iteration ", it), Ef, a)
			P = make([]int32, N)
			for i := range P {
				P[i] = L.V[i]
				if L.V[i] >= INF {
					P[i] = 1000
				}
			}
		}
	}
}

// h17rFallback3: h17rFallback's second preferences with the king's next
// step at price 3.
func h17rFallback3() {
	Ef := withMove(roomLoose(32), 3, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mh := func(i int) int { wk, _, bk := dec(i); return manh(wk, bk) }
	g := func(pos, r int) bool { return E[r] <= E[pos] && mh(r) < mh(pos) }
	a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: g, P: cm}}
	for d := 2; d <= 5; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	try("prices 3 6, fallback cage no larger, Manhattan smaller", Ef, a)
}

// roomBand is the depth of the black king's room from the edge it
// touches: the lines of the room counted from that edge, the least over
// the edges it touches (8 when it touches none or is empty).
func roomBand(wk, wr, bk int) int {
	rs, n := roomSquares(wk, wr, bk)
	if n == 0 {
		return 0
	}
	minf, maxf, minr, maxr := 8, -1, 8, -1
	for s := 0; s < 64; s++ {
		if rs[s] {
			minf, maxf = imin(minf, s&7), imax(maxf, s&7)
			minr, maxr = imin(minr, s>>3), imax(maxr, s>>3)
		}
	}
	b := 8
	if minf == 0 {
		b = imin(b, maxf+1)
	}
	if maxf == 7 {
		b = imin(b, 8-minf)
	}
	if minr == 0 {
		b = imin(b, maxr+1)
	}
	if maxr == 7 {
		b = imin(b, 8-minr)
	}
	return b
}

// h17rBandPref: the preference the cage White can make plus the kings'
// Manhattan distance plus k times the room's depth from its edge.
func h17rBandPref() {
	Ef := withMove(roomLoose(32), 6, 6)
	for _, k := range []int{1, 2, 4, 8} {
		P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) + k*roomBand(wk, wr, bk) })
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		try(fmt.Sprint("preference cage + Manhattan + band x ", k), Ef, a)
	}
}

// h17rBandNext: the preference the cage plus c times its depth from the
// edge, after White's best next move, plus the kings' Manhattan distance.
func h17rBandNext() {
	Ef := withMove(roomLoose(32), 6, 6)
	C := roomLoose(32)
	for _, c := range []int{2, 4, 8} {
		B := withMove(func(wk, wr, bk int) int { return C(wk, wr, bk) + c*roomBand(wk, wr, bk) }, 6+c/2, 6+c/2)
		P := table(func(wk, wr, bk int) int { return B(wk, wr, bk) + manh(wk, bk) })
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		try(fmt.Sprint("preference (cage + band x ", c, ") next + Manhattan"), Ef, a)
	}
}

// h17rCombo: the band in the preference, the second preference as the
// first fallback, the trees' king steps toward the black king first.
func h17rCombo() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	for _, k := range []int{0, 2} {
		P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) + k*roomBand(wk, wr, bk) })
		two := func(pos, r int) bool {
			for j, bn := range wMoves[r] {
				if wMate[r][j] {
					return true
				}
				ok := true
				for _, s := range bRep[bn] {
					if E[s] >= E[pos] {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
			return false
		}
		for _, fb := range []bool{false, true} {
			for _, ord := range []bool{false, true} {
				a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: P}}
				if fb {
					a = append(a, Adv{Pref: true, D: 1, G: two, P: P})
				}
				for d := 2; d <= 5; d++ {
					a = append(a, Adv{K: 1, D: d})
				}
				L := NewLadder(Ef, a)
				if ord {
					L.Ord = func(pos, b int) int {
						wk, _, bk := dec(pos)
						nk, _, _ := dec(b)
						if manh(nk, bk) < manh(wk, bk) {
							return 0
						}
						return 1
					}
				}
				L.run(fmt.Sprint("band x ", k, " second preference ", fb, " ordered ", ord))
			}
		}
	}
}

// rookBand: the lines beyond the rook's file or rank on the black king's
// side, the lesser of the two (8 on a line the rook does not cut: the
// black king on it).
func rookBand(wk, wr, bk int) int {
	b := 8
	if bk&7 > wr&7 {
		b = imin(b, 7-wr&7)
	} else if bk&7 < wr&7 {
		b = imin(b, wr&7)
	}
	if bk>>3 > wr>>3 {
		b = imin(b, 7-wr>>3)
	} else if bk>>3 < wr>>3 {
		b = imin(b, wr>>3)
	}
	return b
}

func h17rRookBand() {
	Ef := withMove(roomLoose(32), 6, 6)
	for _, k := range []int{1, 2, 3} {
		P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) + k*rookBand(wk, wr, bk) })
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L := NewLadder(Ef, a)
		L.Ord = func(pos, b int) int {
			wk, _, bk := dec(pos)
			nk, _, _ := dec(b)
			if manh(nk, bk) < manh(wk, bk) {
				return 0
			}
			return 1
		}
		L.run(fmt.Sprint("preference cage + Manhattan + rook band x ", k, ", ordered"))
	}
}

// h17rFake: the preference with the room the rook's lines alone leave
// (the white king's walls not counted) as a term: a fake cage costs.
func h17rFake() {
	Ef := withMove(roomLoose(32), 6, 6)
	for _, w := range [][2]int{{4, 1}, {2, 1}, {1, 1}, {1, 2}} {
		P := table(func(wk, wr, bk int) int {
			return w[0]*(Ef(wk, wr, bk)+manh(wk, bk)) + w[1]*roomRook(wk, wr, bk)
		})
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		try(fmt.Sprint("preference a (cage + Manhattan) + b rook-only room ", w), Ef, a)
	}
}

// h17rLook: the preference one move deeper: after the worst reply, the
// best guarded move's worst reply by the cage White can make plus the
// kings' Manhattan distance (a search of two moves inside the preference:
// what it would buy).
func h17rLook() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	for _, pen := range []int32{6, 12, 24} {
		P2 := make([]int32, N)
		for i := 0; i < N; i++ {
			if !legalW(i) {
				continue
			}
			best := cm[i] + pen
			for j, bn := range wMoves[i] {
				if wMate[i][j] {
					best = 0
					break
				}
				w, ok := int32(-1<<30), true
				for _, r := range bRep[bn] {
					if E[r] >= E[i] {
						ok = false
						break
					}
					w = max(w, cm[r])
				}
				if ok && w < best {
					best = w
				}
			}
			P2[i] = best
		}
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P2
		try(fmt.Sprint("preference two moves deep, no guarded move costs ", pen), Ef, a)
	}
}

package main

import "fmt"

// The fourteenth session's experiments (docs/verify.md, "A fourteenth
// session"): a fallback that chooses, at the positions where no move
// passes the cage's guard, the white king's step toward the black king
// that keeps the cage White can make, with the next king move at price 3.

// h17sFall: krk-short.al1's preference (the cage plus the kings'
// Manhattan distance) under the guard with the king's next move at price
// kp, then a second preference among the king's moves only, then the
// fallback trees; and the same table with an oracle at the fallbacks.
func h17sFall() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		mh := table(func(wk, wr, bk int) int { return manh(wk, bk) })
		kingMove := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			nk, _, _ := dec(r)
			return nk != wk
		}
		g := guardOpt(fmt.Sprint("guarded optimum, king price ", kp), E)
		orc := Adv{K: -1 << 20, D: 1, Pref: true, P: g}
		try(fmt.Sprint("king ", kp, ": krk-short pref, oracle fallback"), Ef,
			[]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, orc})
		gs := []struct {
			name string
			g    func(pos, r int) bool
			p    []int32
		}{
			{"king step, cage no larger, Manhattan smaller (pref cage+Manhattan)", func(pos, r int) bool {
				return kingMove(pos, r) && E[r] <= E[pos] && mh[r] < mh[pos]
			}, cm},
			{"king step, cage no larger, Manhattan smaller (pref Manhattan)", func(pos, r int) bool {
				return kingMove(pos, r) && E[r] <= E[pos] && mh[r] < mh[pos]
			}, mh},
			{"king step, cage no larger, Manhattan no larger (pref cage+Manhattan)", func(pos, r int) bool {
				return kingMove(pos, r) && E[r] <= E[pos] && mh[r] <= mh[pos]
			}, cm},
		}
		for _, x := range gs {
			a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: x.g, P: x.p}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprint("king ", kp, ": fallback ", x.name), Ef, a)
			// the same second preference after the two-move trees
			a = []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {K: 1, D: 2}, {Pref: true, D: 1, G: x.g, P: x.p}}
			for d := 3; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprint("king ", kp, ": trees of 2 first, then fallback ", x.name), Ef, a)
		}
	}
}

// h17sFallOpt: the guarded optimum's values as the preference (an
// oracle), the king's step as the fallback, then the trees: does the
// king's step choose well where no move passes the guard?
func h17sFallOpt() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		mh := table(func(wk, wr, bk int) int { return manh(wk, bk) })
		g := guardOpt(fmt.Sprint("guarded optimum, king price ", kp), E)
		step := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			nk, _, _ := dec(r)
			return nk != wk && E[r] <= E[pos] && mh[r] < mh[pos]
		}
		trees := func(a []Adv) []Adv {
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			return a
		}
		try(fmt.Sprint("king ", kp, ": oracle pref, trees"), Ef,
			trees([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: g}}))
		try(fmt.Sprint("king ", kp, ": oracle pref, king step (cage+Manhattan), trees"), Ef,
			trees([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: g}, {Pref: true, D: 1, G: step, P: cm}}))
		try(fmt.Sprint("king ", kp, ": oracle pref, king step (oracle), trees"), Ef,
			trees([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: g}, {Pref: true, D: 1, G: step, P: g}}))
	}
}

// h17sToward: the king's step toward the black king (the kings' Manhattan
// distance smaller right after it, before Black's reply), the cage White
// can make no larger after every reply; of those the one whose worst
// reply leaves the cage White can make plus the kings' Manhattan distance
// least.
func h17sToward() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		toward := func(pos, r int) bool {
			wk, _, bk := dec(pos)
			nk, _, _ := dec(r)
			return nk != wk && manh(nk, bk) < manh(wk, bk) && E[r] <= E[pos]
		}
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: toward, P: cm}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try(fmt.Sprint("king ", kp, ": fallback the king's step toward, cage no larger"), Ef, a)
	}
}

// h17sKeep: the fallback "a move that keeps the cage White can make"
// (no larger after every reply, no condition on the kings' distance),
// king's steps only or any move, chosen by the guarded optimum's values
// (an oracle) or by the cage plus the kings' Manhattan distance, under
// the oracle preference or krk-short.al1's; king's next step at price 3.
func h17sKeep() {
	Ef := withMove(roomLoose(32), 3, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	g := guardOpt("guarded optimum, king price 3", E)
	kingKeep := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		nk, _, _ := dec(r)
		return nk != wk && E[r] <= E[pos]
	}
	keep := func(pos, r int) bool { return E[r] <= E[pos] }
	for _, c := range []struct {
		name    string
		pref, p []int32
		g       func(pos, r int) bool
	}{
		{"oracle pref, king keeps (oracle)", g, g, kingKeep},
		{"oracle pref, any move keeps (oracle)", g, g, keep},
		{"krk-short pref, king keeps (oracle)", cm, g, kingKeep},
		{"krk-short pref, any move keeps (oracle)", cm, g, keep},
		{"krk-short pref, king keeps (cage+Manhattan)", cm, cm, kingKeep},
		{"oracle pref, king keeps (cage+Manhattan)", g, cm, kingKeep},
	} {
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: c.pref}, {Pref: true, D: 1, G: c.g, P: c.p}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try("king 3: "+c.name+", trees", Ef, a)
	}
}

// h17sCount: at the positions where no move passes the cage's guard, how
// often each fallback has a move: the king's step after which the cage
// White can make is no larger and the kings nearer whatever Black replies
// ("step"), the king's step toward the black king that keeps the cage
// ("toward"), any king's step that keeps it ("king keeps").
func h17sCount() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		n, step, toward, kkeep := 0, 0, 0, 0
		for i := 0; i < N; i++ {
			if !legalW(i) || dtm[i] >= INF {
				continue
			}
			wk, _, bk := dec(i)
			guarded, s, t, k := false, false, false, false
			for j, bn := range wMoves[i] {
				nk, _, _ := dec(int(bn))
				keepAll, smallAll, nearAll := true, true, true
				for _, r := range bRep[bn] {
					rk, _, rb := dec(int(r))
					keepAll = keepAll && E[r] <= E[i]
					smallAll = smallAll && E[r] < E[i]
					nearAll = nearAll && manh(rk, rb) < manh(wk, bk)
				}
				guarded = guarded || wMate[i][j] || (smallAll && len(bRep[bn]) > 0)
				if nk != wk && keepAll && len(bRep[bn]) > 0 {
					k = true
					t = t || manh(nk, bk) < manh(wk, bk)
					s = s || nearAll
				}
			}
			if guarded {
				continue
			}
			n++
			if s {
				step++
			}
			if t {
				toward++
			}
			if k {
				kkeep++
			}
		}
		fmt.Println("king price", kp, "no guarded move", n, "step", step, "toward", toward, "king keeps", kkeep)
	}
}

// h17sTowardFar: h17sToward's fallback only where the kings are k or
// more squares apart (the walk from afar), the trees elsewhere.
func h17sTowardFar() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		toward := func(pos, r int) bool {
			wk, _, bk := dec(pos)
			nk, _, _ := dec(r)
			return nk != wk && manh(nk, bk) < manh(wk, bk) && E[r] <= E[pos]
		}
		for _, k := range []int{3, 4, 5} {
			a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: toward, P: cm, Cond: kingsFar(k)}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprint("king ", kp, ": fallback the king's step toward, cage no larger, kings ", k, "+ apart"), Ef, a)
		}
	}
}

// h17sTowardOpt: h17sTowardFar's fallback under the oracle preference
// (the guarded optimum's values), king's next step at price 3: is the
// fallback good when the preference is the best there is?
func h17sTowardOpt() {
	Ef := withMove(roomLoose(32), 3, 6)
	E := table(Ef)
	g := guardOpt("guarded optimum, king price 3", E)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	toward := func(pos, r int) bool {
		wk, _, bk := dec(pos)
		nk, _, _ := dec(r)
		return nk != wk && manh(nk, bk) < manh(wk, bk) && E[r] <= E[pos]
	}
	for _, k := range []int{0, 4, 5} {
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: g}, {Pref: true, D: 1, G: toward, P: cm, Cond: kingsFar(k)}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try(fmt.Sprint("king 3: oracle pref, fallback the king's step toward, cage no larger, kings ", k, "+ apart"), Ef, a)
	}
}

// h17sOrder3: h17r's fallback order (the trees' king steps toward the
// black king first) with the king's next step at price 3, under
// krk-short.al1's preference and the oracle's.
func h17sOrder3() {
	Ef := withMove(roomLoose(32), 3, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	g := guardOpt("guarded optimum, king price 3", E)
	nearer := func(pos, b int) int {
		wk, _, bk := dec(pos)
		nk, _, _ := dec(b)
		if manh(nk, bk) < manh(wk, bk) {
			return 0
		}
		return 1
	}
	for _, p := range []struct {
		name string
		P    []int32
	}{{"krk-short pref", cm}, {"oracle pref", g}} {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = p.P
		L := NewLadder(Ef, a)
		L.Ord = nearer
		L.run("king 3: " + p.name + ", trees' king steps toward first")
		L.worstLines(*nlines)
	}
}

// h17sWalk: the fallback a king's step after which, whatever Black
// replies, the cage White can make is no larger and the white king's
// distance to the black king's room smaller (the walk to the cage, a
// progress measure Black cannot undo by stepping back inside the cage).
func h17sWalk() {
	for _, kp := range []int{3, 6} {
		Ef := withMove(roomLoose(32), kp, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
		walk := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			nk, _, _ := dec(r)
			return nk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
		}
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Pref: true, D: 1, G: walk, P: cm}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try(fmt.Sprint("king ", kp, ": fallback the walk to the room, cage no larger"), Ef, a)
	}
}

package main

import "fmt"

// The sixteenth session's experiments (docs/verify.md, "A sixteenth
// session"): krk-short.al1's table with other cages.

// shortWith plays krk-short.al1 (the shipped "far, ladder [8 6 4 3 2]" of
// h17wRookAway2) with the cage Eb instead of roomLoose(32), and reports
// its figures and its mean to four decimals.
func shortWith(name string, Eb Efunc, ck, cr int) *Ladder {
	return shortX(name, Eb, ck, cr, nil)
}

// shortX is shortWith with the advice extra(E, cm) inserted after the
// cage's preference, before the two-move plans.
func shortX(name string, Eb Efunc, ck, cr int, extra func(E, cm []int32) []Adv) *Ladder {
	return shortXY(name, Eb, ck, cr, nil, extra)
}

// shortXY is shortX with the advice before(E, cm) inserted before the
// cage's preference as well.
func shortXY(name string, Eb Efunc, ck, cr int, before, extra func(E, cm []int32) []Adv) *Ladder {
	Ef := withMove(Eb, ck, cr)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	if prefMeasure != nil {
		pref.P = table(func(wk, wr, bk int) int { return prefMeasure(Ef, wk, wr, bk) })
	}
	cornered := func(pos int) bool {
		wk, _, bk := dec(pos)
		return cornerDist(wk) == 0 && dist(wk, bk) <= cornerKD
	}
	attacked := func(pos int) bool {
		wk, wr, bk := dec(pos)
		return cornered(pos) && dist(wr, bk) == 1 && dist(wr, wk) > 1
	}
	away := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && E[r] <= E[pos]
	}
	out := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+100
	}
	a := []Adv{mate, {Pref: true, D: 1, G: away, P: far, Cond: attacked}, {Pref: true, D: 1, G: out, P: cm, Cond: cornered}, pref}
	if before != nil {
		a = append(a[:3], append(before(E, cm), a[3])...)
	}
	if extra != nil {
		a = append(a, extra(E, cm)...)
	}
	for _, k := range []int32{8, 6, 4, 3, 2} {
		k := k
		g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
		a = append(a, Adv{D: 2, TG: g, K: int(k)})
	}
	for d := 2; d <= 5; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	gMemo = map[gKey]int8{}
	L := NewLadder(Ef, a)
	L.run(name)
	sum, n := 0.0, 0
	for i := 0; i < N; i++ {
		if legalW(i) && dtm[i] < INF && L.V[i] < INF {
			sum += float64(L.V[i])
			n++
		}
	}
	fmt.Printf("  mean %.4f\n", sum/float64(n))
	L.worstLines(*nlines)
	return L
}

// looseBy is the room plus t where the rook is loose by the test f.
func looseBy(t int, f func(wk, wr, bk int) bool) Efunc {
	return func(wk, wr, bk int) int {
		passRook = false
		n, _ := room(wk, wr, bk)
		if f(wk, wr, bk) {
			n += t
		}
		return n
	}
}

func h17kLoose() {
	base := func(wk, wr, bk int) bool { return dist(wr, wk) > 1 && roomDist(wk, wr, bk, wr) <= 1 }
	for _, c := range []struct {
		name string
		t    int
		f    func(wk, wr, bk int) bool
	}{
		{"loose 32 (krk-short.al1)", 32, base},
		{"loose 32, the black king within 2", 32, func(wk, wr, bk int) bool { return base(wk, wr, bk) && dist(wr, bk) <= 2 }},
		{"loose 32, the black king within 3", 32, func(wk, wr, bk int) bool { return base(wk, wr, bk) && dist(wr, bk) <= 3 }},
		{"loose 16", 16, base},
		{"loose 8", 8, base},
	} {
		shortWith(c.name, looseBy(c.t, c.f), 6, 6)
	}
}

func knightApart(a, b int) bool { return iabs(a&7-b&7)*iabs(a>>3-b>>3) == 2 }
func opposed(a, b int) bool {
	return manh(a, b) == 2 && (a&7 == b&7 || a>>3 == b>>3)
}

// h17kWait: where no move passes the cage's guard, the textbook's steps:
// a waiting rook move along its line when the kings are a knight's move
// apart, a king step toward the black king, the cage no larger after
// every reply.
func h17kWait() {
	Eb := roomLoose(32)
	type wv struct {
		name  string
		extra func(E, cm []int32) []Adv
	}
	rookLine := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	kingToward := func(pos, r int) bool {
		wk, _, bk := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && manh(rk, bk) < manh(wk, bk)
	}
	kingTowardD := func(pos, r int) bool {
		wk, _, bk := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && manh(rk, bk) < manh(wk, bk) && dist(rk, bk) < dist(wk, bk)
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	far := func(k int) func(pos int) bool {
		return func(pos int) bool { wk, _, bk := dec(pos); return manh(wk, bk) >= k }
	}
	for _, c := range []wv{
		{"wait (knight apart)", func(E, cm []int32) []Adv {
			g := func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] }
			return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: knight}}
		}},
		{"wait (knight apart), toward (manh>=4)", func(E, cm []int32) []Adv {
			g := func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] }
			t := func(pos, r int) bool { return kingToward(pos, r) && E[r] <= E[pos] }
			return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: knight}, {Pref: true, D: 1, G: t, P: cm, Cond: far(4)}}
		}},
		{"wait (knight apart), toward diag (manh>=4)", func(E, cm []int32) []Adv {
			g := func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] }
			t := func(pos, r int) bool { return kingTowardD(pos, r) && E[r] <= E[pos] }
			return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: knight}, {Pref: true, D: 1, G: t, P: cm, Cond: far(4)}}
		}},
		{"toward (manh>=4)", func(E, cm []int32) []Adv {
			t := func(pos, r int) bool { return kingToward(pos, r) && E[r] <= E[pos] }
			return []Adv{{Pref: true, D: 1, G: t, P: cm, Cond: far(4)}}
		}},
	} {
		shortX(c.name, Eb, 6, 6, c.extra)
	}
}

func edgeDist(s int) int { return imin(imin(s&7, 7-s&7), imin(s>>3, 7-s>>3)) }

// roomEdge is the room with each square weighing 1 + w × its distance from
// the edge, plus t where the rook is loose.
func roomEdge(w, t int) Efunc {
	return func(wk, wr, bk int) int {
		m := roomMask(wk, wr, bk)
		n := 0
		for s := 0; s < 64; s++ {
			if m&(1<<uint(s)) != 0 {
				n += 1 + w*edgeDist(s)
			}
		}
		if dist(wr, wk) > 1 && roomDist(wk, wr, bk, wr) <= 1 {
			n += t
		}
		return n
	}
}

func h17kEdge() {
	for _, c := range []struct{ w, t, ck int }{{1, 32, 6}, {1, 48, 8}, {2, 64, 12}} {
		shortWith(fmt.Sprintf("room edge-weighted w=%d loose %d price %d", c.w, c.t, c.ck), roomEdge(c.w, c.t), c.ck, c.ck)
	}
}

// prefMeasure, when set, is shortX's preference instead of the cage White
// can make plus the kings' Manhattan distance (Ef: the cage White can make).
var prefMeasure func(Ef Efunc, wk, wr, bk int) int

func h17kEdgePref() {
	for _, c := range []struct{ w, t, ck, a, m int }{{1, 32, 6, 1, 1}, {1, 32, 6, 2, 2}, {1, 32, 6, 1, 2}, {2, 32, 6, 1, 1}} {
		c := c
		Ee := withMove(roomEdge(c.w, c.t), c.ck, c.ck)
		prefMeasure = func(Ef Efunc, wk, wr, bk int) int {
			return c.a*Ef(wk, wr, bk) + Ee(wk, wr, bk) + c.m*manh(wk, bk)
		}
		shortWith(fmt.Sprintf("pref %d x cage + edge-weighted (w=%d) + %d x manh", c.a, c.w, c.m), roomLoose(32), 6, 6)
	}
	prefMeasure = nil
}

func h17kShipped() {
	L := shortWith("krk-short.al1", roomLoose(32), 6, 6)
	var h [64]int
	for i := 0; i < N; i++ {
		if legalW(i) && dtm[i] < INF && L.V[i] < INF {
			h[L.V[i]]++
		}
	}
	fmt.Println("  starts by length 18..:", h[18:30])
}

// shrinkFrom: from r (White to move) some move leaves E below e whatever
// Black replies (or mates).
func shrinkFrom(E []int32, r int, e int32) bool {
	for j, bn := range wMoves[r] {
		if wMate[r][j] {
			return true
		}
		ok := true
		for _, r2 := range bRep[bn] {
			if E[r2] >= e {
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

// h17kWait2: the waiting move as a plan: where the kings are a knight's
// move apart (or opposed), a rook move along its line after which,
// whatever Black replies, some move makes the cage White can make smaller
// than now whatever Black replies; of those, the one whose worst reply
// leaves the cage White can make plus the kings' distance least.
func h17kWait2() {
	rookLine := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	anyRook := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	knOpp := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) || opposed(wk, bk) }
	near := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) <= 2 }
	for _, c := range []struct {
		name string
		cond func(int) bool
		mv   func(pos, r int) bool
	}{
		{"wait plan: knight apart, rook along its line", knight, rookLine},
		{"wait plan: knight apart or opposed, rook along its line", knOpp, rookLine},
		{"wait plan: kings within 2, any rook move", near, anyRook},
		{"wait plan: anywhere, any rook move", nil, anyRook},
	} {
		c := c
		shortX(c.name, roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
			g := func(pos, r int) bool {
				return c.mv(pos, r) && E[r] <= E[pos] && shrinkFrom(E, r, E[pos])
			}
			return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: c.cond}}
		})
	}
}

func h17kWait3() {
	rookLine := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	Ef := withMove(roomLoose(32), 6, 6)
	rfar := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
	plan := func(E []int32) func(pos, r int) bool {
		return func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] && shrinkFrom(E, r, E[pos]) }
	}
	shortX("wait plan (knight apart), the rook far", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: plan(E), P: rfar, Cond: knight}}
	})
	shortXY("wait plan (knight apart) before the cage's preference", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: plan(E), P: cm, Cond: knight}}
	}, nil)
	shortX("wait plan (knight apart), then any rook move plan", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		any := func(pos, r int) bool {
			wk, wr, _ := dec(pos)
			rk, rr, _ := dec(r)
			return rk == wk && rr != wr && E[r] <= E[pos] && shrinkFrom(E, r, E[pos])
		}
		return []Adv{{Pref: true, D: 1, G: plan(E), P: cm, Cond: knight}, {Pref: true, D: 1, G: any, P: cm, Cond: knight}}
	})
	shortX("wait plan (knight apart), then a king plan", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		kp := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return rk != wk && E[r] <= E[pos] && shrinkFrom(E, r, E[pos])
		}
		return []Adv{{Pref: true, D: 1, G: plan(E), P: cm, Cond: knight}, {Pref: true, D: 1, G: kp, P: cm}}
	})
}

// h17kWaitTree: the waiting move as a tree of two moves whose first is a
// rook move along its line (`moves ROOK_LINE, any`), the cage White can
// make smaller after Black's second reply, where the kings are a knight's
// move apart; after the cage's preference, before the ladder.
func h17kWaitTree() {
	line := func(pos, b int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(b)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	const id = 901
	firstOK[id] = line
	rootB[id] = 2
	shortX("wait tree (knight apart), depth 2", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		g := func(root, r int) bool { return E[r] < E[root] }
		return []Adv{{D: 2, TG: g, K: id, Cond: knight}}
	})
}

// h17kBook: the books' two rook moves recognised before the cage's
// preference, each still under the cage's guard (the cage White can make
// smaller whatever Black replies): the check with the kings in opposition
// (the push back, or mate), and the cut (the rook to the line next to the
// black king's, out of its reach or defended).
func h17kBook() {
	opp := func(pos int) bool { wk, _, bk := dec(pos); return opposed(wk, bk) }
	check := func(E []int32) func(pos, r int) bool {
		return func(pos, r int) bool {
			wk, wr, bk := dec(pos)
			rk, rr, _ := dec(r)
			return rk == wk && rr != wr && bkInCheck(rk, rr, bk) && E[r] < E[pos]
		}
	}
	cutG := func(E []int32, safe int) func(pos, r int) bool {
		return func(pos, r int) bool {
			wk, wr, bk := dec(pos)
			rk, rr, _ := dec(r)
			if rk != wk || rr == wr || E[r] >= E[pos] {
				return false
			}
			adj := (iabs(rr&7-bk&7) == 1 && rr&7 != wr&7) || (iabs(rr>>3-bk>>3) == 1 && rr>>3 != wr>>3)
			return adj && (dist(rr, bk) >= safe || dist(rr, rk) == 1)
		}
	}
	shortXY("book: opposition check first", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: check(E), P: cm, Cond: opp}}
	}, nil)
	shortXY("book: the cut next to the black king first (rook 2 away)", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: cutG(E, 2), P: cm}}
	}, nil)
	shortXY("book: the cut next to the black king first (rook 3 away)", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: cutG(E, 3), P: cm}}
	}, nil)
}

// h17kPlan: where no move passes the cage's guard, a move that keeps the
// cage White can make whatever Black replies and after every reply of
// which some move passes the guard (a two-move plan as one decision,
// fresh decisions after it): by the cage's preference, or the first in
// the game's order (what a goal calling the guard, `suc`, can say), or
// the king's steps first.
func h17kPlan() {
	zero := make([]int32, N)
	kingFirst := table(func(wk, wr, bk int) int { return 0 })
	_ = kingFirst
	plan := func(E []int32, kingOnly bool) func(pos, r int) bool {
		return func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			if kingOnly && rk == wk {
				return false
			}
			return E[r] <= E[pos] && (E[r] < E[pos] || shrinkFrom(E, r, E[pos]))
		}
	}
	shortX("plan by the cage's preference", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: plan(E, false), P: cm}}
	})
	shortX("plan, the first in the game's order", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: plan(E, false), P: zero}}
	})
	shortX("plan, a king step first (game's order), then any", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		return []Adv{{Pref: true, D: 1, G: plan(E, true), P: zero}, {Pref: true, D: 1, G: plan(E, false), P: zero}}
	})
}

// h17kLast: the wait plan chosen first in the game's order (a goal that
// calls the guard can say no more), and the two-move plan kept away from
// the corners (where the corner rules let the cage grow).
func h17kLast() {
	zero := make([]int32, N)
	rookLine := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	shortX("wait plan (knight apart), first in the game's order", roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
		g := func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] && shrinkFrom(E, r, E[pos]) }
		return []Adv{{Pref: true, D: 1, G: g, P: zero, Cond: knight}}
	})
	for _, cd := range []int{1, 2} {
		cd := cd
		away := func(pos int) bool { wk, _, _ := dec(pos); return cornerDist(wk) >= cd }
		shortX(fmt.Sprint("plan by the cage's preference, the white king ", cd, " or more from a corner"), roomLoose(32), 6, 6, func(E, cm []int32) []Adv {
			g := func(pos, r int) bool { return E[r] <= E[pos] && (E[r] < E[pos] || shrinkFrom(E, r, E[pos])) }
			return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: away}}
		})
	}
}

// cornerKD: the corner rules' reach (krk-short.al1: the kings within 3).
var cornerKD = 3

func h17kCornerKD() {
	for _, kd := range []int{4, 5} {
		cornerKD = kd
		shortWith(fmt.Sprint("krk-short.al1, the corner rules with the kings within ", kd), roomLoose(32), 6, 6)
	}
	cornerKD = 3
}

// h17kStack: the two steps that shorten the mean most, together: the
// edge-weighted room in the preference and the wait plan.
func h17kStack() {
	rookLine := func(pos, r int) bool {
		wk, wr, _ := dec(pos)
		rk, rr, _ := dec(r)
		return rk == wk && rr != wr && (rr&7 == wr&7 || rr>>3 == wr>>3)
	}
	knight := func(pos int) bool { wk, _, bk := dec(pos); return knightApart(wk, bk) }
	wait := func(E, cm []int32) []Adv {
		g := func(pos, r int) bool { return rookLine(pos, r) && E[r] <= E[pos] && shrinkFrom(E, r, E[pos]) }
		return []Adv{{Pref: true, D: 1, G: g, P: cm, Cond: knight}}
	}
	for _, m := range []int{2, 3} {
		m := m
		Ee := withMove(roomEdge(1, 32), 6, 6)
		prefMeasure = func(Ef Efunc, wk, wr, bk int) int { return Ef(wk, wr, bk) + Ee(wk, wr, bk) + m*manh(wk, bk) }
		shortX(fmt.Sprint("edge-weighted preference (", m, " x manh) and the wait plan"), roomLoose(32), 6, 6, wait)
	}
	prefMeasure = nil
}

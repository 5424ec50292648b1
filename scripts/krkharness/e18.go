package main

import (
	"flag"
	"fmt"
)

// The eighteenth session's experiments (docs/verify.md, "An eighteenth
// session"): variants of the shipped krk-short.al1 (h17zwalk4's cut by 24,
// the walk where the kings are four apart, the mate within five in rooms
// of ten squares or fewer), one a process (-v name) so that two run at
// once.

var e18v = flag.String("v", "", "e18: the variant")

// tinyRoom: tinyfens prints the won positions with the room this many
// squares or fewer.
var tinyRoom = flag.Int("tinyroom", 6, "e18 tinyfens: the largest room")

// shippedOpts is krk-short.al1 as shipped by the seventeenth session, with
// the mate advice mates in place of its own.
func shippedOpts(mates []Adv) zOpts {
	Ef := withMove(roomLooseK(looseW), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	far := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 }
	return zOpts{mates: mates, beforePref: []Adv{
		{K: bigK, D: 1, Pref: true, P: cm, Cond: far},
		{Pref: true, D: 1, G: walk, P: cm, Cond: far}}}
}

func e18() {
	m510 := []Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	switch *e18v {
	case "shipped":
		shortZ("shipped", shippedOpts(m510))
	case "m7r6":
		shortZ("mate 7 room<=6, 5 room<=10", shippedOpts(append([]Adv{{Mate: true, D: 7, Cond: roomLE(6)}}, m510...)))
	case "m7r8":
		shortZ("mate 7 room<=8, 5 room<=10", shippedOpts(append([]Adv{{Mate: true, D: 7, Cond: roomLE(8)}}, m510...)))
	case "m6r10":
		shortZ("mate 6 room<=10", shippedOpts([]Adv{{Mate: true, D: 6, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}))
	case "m5r12":
		shortZ("mate 5 room<=12", shippedOpts([]Adv{{Mate: true, D: 5, Cond: roomLE(12)}, {Mate: true, D: 3, Cond: bkEdgeClose}}))
	case "m5r14":
		shortZ("mate 5 room<=14", shippedOpts([]Adv{{Mate: true, D: 5, Cond: roomLE(14)}, {Mate: true, D: 3, Cond: bkEdgeClose}}))
	case "m5edge":
		shortZ("mate 5 room<=10, 5 edge close", shippedOpts([]Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 5, Cond: bkEdgeClose}}))
	case "m7r6m6r10":
		shortZ("mate 7 room<=6, 6 room<=10", shippedOpts([]Adv{{Mate: true, D: 7, Cond: roomLE(6)}, {Mate: true, D: 6, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}))
	case "m7r10":
		shortZ("mate 7 room<=10", shippedOpts([]Adv{{Mate: true, D: 7, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}))
	case "m8r6":
		shortZ("mate 8 room<=6, 5 room<=10", shippedOpts(append([]Adv{{Mate: true, D: 8, Cond: roomLE(6)}}, m510...)))
	case "m9r6":
		shortZ("mate 9 room<=6, 5 room<=10", shippedOpts(append([]Adv{{Mate: true, D: 9, Cond: roomLE(6)}}, m510...)))
	case "m7r4":
		shortZ("mate 7 room<=4, 5 room<=10", shippedOpts(append([]Adv{{Mate: true, D: 7, Cond: roomLE(4)}}, m510...)))
	case "m7r6e":
		shortZ("mate 7 room<=6, 5 room<=10, 5 edge close", shippedOpts([]Adv{{Mate: true, D: 7, Cond: roomLE(6)}, {Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 5, Cond: bkEdgeClose}}))
	case "m7r6k3", "m7r6k4", "m7r8k4", "m7r8k3", "m7r10k3", "m8r6k3", "m9r6k3", "m7r8k3m6":
		var rl, kd, md int
		fmt.Sscanf(*e18v, "m%dr%dk%d", &md, &rl, &kd)
		cond := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) <= kd && roomLE(rl)(pos) }
		ms := append([]Adv{{Mate: true, D: md, Cond: cond}}, m510...)
		if *e18v == "m7r8k3m6" {
			ms = []Adv{{Mate: true, D: 7, Cond: cond}, {Mate: true, D: 6, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
		}
		shortZ(*e18v, shippedOpts(ms))
	case "m7r6h6", "m7r6h8", "m7r6h10", "m7r8h8", "m7r8h10", "m7r10h10", "m9r6h6", "m8r8h8":
		// a mate within md where the room is rl squares or fewer, every
		// White move of the tree keeping it hl or fewer (the holding-goal).
		var rl, hl, md int
		fmt.Sscanf(*e18v, "m%dr%dh%d", &md, &rl, &hl)
		hold := func(bn int) bool { return roomLE(hl)(bn) }
		ms := append([]Adv{{Mate: true, D: md, Cond: roomLE(rl), Hold: hold, HoldT: -1<<29 - int32(hl)}}, m510...)
		shortZ(*e18v, shippedOpts(ms))
	case "m7r6h6b", "m7r6h8b", "m7r6h10b", "m7r8h10b", "m7r6h99b", "m7r10h12b":
		// the same after the mate within five (room <= 10) and before the
		// mate within three near the edge.
		var rl, hl, md int
		fmt.Sscanf(*e18v, "m%dr%dh%d", &md, &rl, &hl)
		hold := func(bn int) bool { return roomLE(hl)(bn) }
		ms := []Adv{m510[0], {Mate: true, D: md, Cond: roomLE(rl), Hold: hold, HoldT: -1<<29 - int32(hl)}, m510[1]}
		shortZ(*e18v, shippedOpts(ms))
	case "m7r8e5", "m7r8e7":
		// a mate within seven where the room is eight squares or fewer,
		// within five where it is ten or fewer, within five (seven) where
		// the black king is on the edge near the white king.
		var ed int
		fmt.Sscanf(*e18v, "m7r8e%d", &ed)
		shortZ(*e18v, shippedOpts([]Adv{{Mate: true, D: 7, Cond: roomLE(8)}, m510[0], {Mate: true, D: ed, Cond: bkEdgeClose}}))
	case "tinyfens":
		// the won positions with the room six squares or fewer, as FENs.
		for i := 0; i < N; i++ {
			if legalW(i) && dtm[i] < INF && roomLE(*tinyRoom)(i) {
				wk, _, bk := dec(i)
				fmt.Printf("%s %d %d\n", fen(i), dtm[i], dist(wk, bk))
			}
		}
	case "farline", "farline3":
		// m7r8 with, where the white king is cornered and the black king
		// attacks the rook (no mate advice applying), the rook's move along
		// its line to the far side: the farthest from the black king after
		// its best reply, two squares or more (three: farline3).
		min := 2
		if *e18v == "farline3" {
			min = 3
		}
		ms := []Adv{{Mate: true, D: 7, Cond: roomLE(8)}, m510[0], m510[1]}
		o := shippedOpts(ms)
		o.override = func(pos int) int {
			wk, wr, bk := dec(pos)
			if !(cornerDist(wk) == 0 && dist(wk, bk) <= 3 && dist(wr, bk) == 1 && dist(wr, wk) > 1) {
				return -1
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
		shortZ(*e18v, o)
	case "tinystat2":
		// room <= 6 (8): by the white king's distance to the room, won
		// positions and those with no mate within seven.
		for _, rl := range []int{6, 8} {
			var n, f [16]int
			for i := 0; i < N; i++ {
				if !legalW(i) || dtm[i] >= INF || !roomLE(rl)(i) {
					continue
				}
				wk, wr, bk := dec(i)
				passRook = false
				d := roomDist(wk, wr, bk, wk)
				n[d]++
				if dtm[i] > 7 {
					f[d]++
				}
			}
			fmt.Println("room <=", rl, "by room_distance(white king): positions, no mate within 7:", n, f)
		}
	case "tinystat":
		// won positions with the room six squares or fewer (eight): by the
		// kings' distance, how many mate within seven moves.
		for _, rl := range []int{6, 8} {
			var n, m [8]int
			for i := 0; i < N; i++ {
				if !legalW(i) || dtm[i] >= INF || !roomLE(rl)(i) {
					continue
				}
				wk, _, bk := dec(i)
				d := dist(wk, bk)
				n[d]++
				if dtm[i] <= 7 {
					m[d]++
				}
			}
			fmt.Println("room <=", rl, "by kings' distance: positions, mate within 7:", n, m)
		}
	default:
		fmt.Println("e18: no variant", *e18v)
	}
}

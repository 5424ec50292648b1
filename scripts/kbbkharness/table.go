package main

import (
	"flag"
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// settled: Black to move, no check, the king boxed (kbbk-short.al1's
// SETTLED).
func settled(j int) bool { return !inCheck(j) && fBoxed[j] }

func bishopsToRoom(p int) int {
	_, l, d, _ := dec(p)
	return distToSet(l, roomB[p]) + distToSet(d, roomB[p])
}

// keys are candidate orders of progress for TIGHTEN (lower is progress),
// read on a placement.
var keys = map[string]func(p int) int32{
	// kbbk-short.al1's first version: the corner box, the room, the white
	// king's distance to it, the bishops'.
	"boxroom": func(p int) int32 {
		return ((int32(fBox[p])*65+int32(fRoom[p]))*16+int32(fK2R[p]))*32 + int32(bishopsToRoom(p))
	},
	// The squeeze (the room and twice its corner box), then the white king.
	"sq2k": func(p int) int32 {
		return (int32(fRoom[p])+2*int32(fBox[p]))*16 + int32(fK2R[p])
	},
	"sq3k": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(fK2R[p])
	},
	"sq4k": func(p int) int32 {
		return (int32(fRoom[p])+4*int32(fBox[p]))*16 + int32(fK2R[p])
	},
	"sq3w": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*512 + int32(fWalk[p])
	},
	"sq3r": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(fReach[p])
	},
	"sq3rk": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*256 + 16*int32(fReach[p]) + int32(fK2R[p])
	},
	// The squeeze, then the kings' distance (the black king's moves change
	// it: a strategy on it may cycle).
	"sq3b": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(dist(p>>16, p&63))
	},
	// The squeeze, then the white king's distance to the pivot: the square
	// two diagonal steps in from the corner nearest the room (c3 for a1),
	// where the king stands for the corner's mate.
	"sq3p": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(dist(p>>16, int(fPivot[p])))
	},
	// The squeeze, then the white king's distance to the room, then to the
	// pivot.
	"sq3kp": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*256 + 16*int32(fK2R[p]) + int32(dist(p>>16, int(fPivot[p])))
	},
	// The squeeze, then the larger of the white king's distances to the
	// room and to the pivot.
	"sq3mx": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(max(int(fK2R[p]), dist(p>>16, int(fPivot[p]))))
	},
	// The squeeze, then the sum.
	"sq3sum": func(p int) int32 {
		return (int32(fRoom[p])+3*int32(fBox[p]))*32 + int32(int(fK2R[p])+dist(p>>16, int(fPivot[p])))
	},
	// The room and three times the corner box toward the corner chosen with
	// the white king's distance to it (-cornerw), 32 to a square of room;
	// then the white king's distance to the room. Use -unit 32.
	"cw": cwKey,
	// With -after: the room and three times its corner box toward the
	// corner nearest both kings (the least sum of their distances to it),
	// then the white king's distance to the room.
	"cs": func(p int) int32 {
		wk, bk := p>>16, p&63
		bc, bv := 0, 99
		for k, c := range [4]int{0, 7, 56, 63} {
			if v := dist(wk, c) + dist(bk, c); v < bv {
				bc, bv = k, v
			}
		}
		return (int32(fRoom[p])+3*int32(fBoxC[bc][p]))*16 + int32(fK2R[p])
	},
	// The same, the corner nearest the black king (a tie: nearest the
	// white king).
	"cb": func(p int) int32 {
		wk, bk := p>>16, p&63
		bc, bv := 0, 99
		for k, c := range [4]int{0, 7, 56, 63} {
			if v := 16*dist(bk, c) + dist(wk, c); v < bv {
				bc, bv = k, v
			}
		}
		return (int32(fRoom[p])+3*int32(fBoxC[bc][p]))*16 + int32(fK2R[p])
	},
	"sq1k": func(p int) int32 {
		return (int32(fRoom[p])+int32(fBox[p]))*16 + int32(fK2R[p])
	},
}

func keyNames() string {
	var s []string
	for k := range keys {
		s = append(s, k)
	}
	sort.Strings(s)
	return strings.Join(s, ", ")
}

// boxTiers orders BOX's moves: a box smaller than the room, then the
// corner box smaller, then the room smaller, then the others.
var boxTiers bool

// boxKing adds to boxTiers a tier before the others: the white king nearer
// the room.
var boxKing bool

func newTable(key func(p int) int32, tiers string) *Table {
	t := &Table{key: key}
	t.mate = &Advice{name: "MATE_IN_CORNER", depth: 7,
		leaf: func(j int) int32 {
			if mated[j] {
				return -1
			}
			return INF
		},
		hold: func(j int) bool { return fSafe[j] && fBox[j] <= 2 },
		hw:   func(i int) bool { return fBox[i] <= 2 },
	}
	t.tighten = &Advice{name: "TIGHTEN", depth: 6,
		leaf: func(j int) int32 {
			if mated[j] {
				return -1
			}
			if settled(j) {
				if readAfter {
					return afterKey(key, j)
				}
				return key(j)
			}
			return INF
		},
		hold: func(j int) bool { return fSafe[j] },
	}
	switch tiers {
	case "short":
		t.tighten.tier = func(i, j int) int {
			switch {
			case fBox[j] < fBox[i]:
				return 0
			case fRoom[j] < fRoom[i]:
				return 1
			case fK2R[j] < fK2R[i]:
				return 2
			}
			return 3
		}
	case "kfirst":
		t.tighten.tier = func(i, j int) int {
			switch {
			case fK2R[j] < fK2R[i]:
				return 0
			case fBox[j] < fBox[i]:
				return 1
			case fRoom[j] < fRoom[i]:
				return 2
			}
			return 3
		}
	case "key":
		t.tighten.tier = func(i, j int) int {
			if settled(j) {
				return int(key(j))
			}
			return INF
		}
	}
	t.box = &Advice{name: "BOX", depth: 4,
		leaf: func(j int) int32 {
			if mated[j] {
				return -1
			}
			if settled(j) {
				return 0
			}
			return INF
		},
		hold: func(j int) bool { return fSafe[j] },
	}
	if boxTiers {
		t.box.tier = func(i, j int) int {
			switch {
			case settled(j) && fRoom[j] < fRoom[i]:
				return 0
			case fBox[j] < fBox[i]:
				return 1
			case fRoom[j] < fRoom[i]:
				return 2
			case boxKing && fK2R[j] < fK2R[i]:
				return 3
			}
			return 4
		}
	}
	t.rule = func(i int) int {
		if fBoxed[i] && fBox[i] <= 2 {
			return 0
		}
		if fBoxed[i] {
			return 1
		}
		return 2
	}
	return t
}

// readAfter reads TIGHTEN's key after Black's reply: a leaf's value is
// the highest key over the black king's replies (a goal `every move Q:
// key in Q < key in P1`), so a key may depend on the black king's square
// and the strategy still cannot cycle.
var readAfter bool

func afterKey(key func(p int) int32, j int) int32 {
	var buf [8]int
	reps, capt := blackMoves(j, buf[:0])
	if capt {
		return INF
	}
	w := int32(-1)
	for _, x := range reps {
		if forbid != nil && forbid[x] {
			return INF
		}
		w = max(w, key(x))
	}
	return w
}

// pressKey is the press, sq3k: the room and three times its corner box,
// sixteen to a unit, then the white king's distance to the room.
func pressKey(p int) int32 { return (int32(fRoom[p])+3*int32(fBox[p]))*16 + int32(fK2R[p]) }

// pressKW is the press with the white king's distance to the room weighed
// c squares of room (-p2kw, -p0kw: in the drive's phases 2 and 0).
func pressKW(p int, c int32) int32 {
	return (int32(fRoom[p])+3*int32(fBox[p])+c*int32(fK2R[p]))*16 + int32(fK2R[p])
}

// p2lin (-p2lin, with -phaserev): phase 2's key is this lin2 key instead
// of the press.
var p2lin func(p int) int32

// p2kw and p0kw weigh the white king's distance to the room in the
// press of the drive's phases 2 (far from a corner) and 0 (deep in it).
var p2kw, p0kw int32

// p2kd (-p2kd c, with -after -phaserev): phase 2's press reads the kings'
// distance (c squares of room, and the tie) instead of the white king's
// distance to the room; -1: not.
var p2kd int32 = -1

// lowRoom (-lowroom): with -phaselow, a room of at most this many
// squares is in the last phase too, whatever its corner box.
var lowRoom int

// forbid (with -fix) marks the boxed positions, White to move, where
// TIGHTEN on the key is stuck, and those from which every tree leads to
// one: a leaf whose replies reach one is no goal. fixpoint grows it to
// the greatest set of the others (the positions from which a tree lowers
// the key and leads only to positions of the set); the table plays the
// press (fallback) at the forbidden positions, and a table on the key
// never leaves the set: a strategy that cannot cycle (the press lower
// outside it, the key lower inside).
var forbid []bool

// fixTrapRoom (-fixtrap) starts the fixpoint from a pattern instead of
// nothing (see fixpoint).
var fixTrapRoom int

// fixOnce (-fixonce): no fixpoint; the pattern alone is forbidden, and
// where the key is stuck the press's steps follow in the same rule (as a
// table in the language writes it): the strategy may then cycle.
var fixOnce bool

var showForbid = flag.Bool("forbidden", false, "with -fix: list the forbidden positions")

func (t *Table) fixpoint() {
	forbid = make([]bool, N)
	if fixTrapRoom > 0 {
		// Start from a pattern: the kings two apart (after Black's reply)
		// with a room of at most fixTrapRoom squares, the king boxed.
		n := 0
		for i := 0; i < N; i++ {
			wk, _, _, bk := dec(i)
			if legalW(i) && fBoxed[i] && fBox[i] > 2 && int(fRoom[i]) <= fixTrapRoom && dist(wk, bk) == 2 {
				forbid[i] = true
				n++
			}
		}
		fmt.Printf("fixpoint: the pattern forbids %d\n", n)
	}
	for round := 1; ; round++ {
		t.tighten.build()
		if fixOnce {
			break
		}
		var added, boxed int
		for i := 0; i < N; i++ {
			if !legalW(i) || dtmW[i] < 0 || !fBoxed[i] || fBox[i] <= 2 || forbid[i] {
				continue
			}
			boxed++
			if t.tighten.mW[t.tighten.depth][i] >= t.key(i) {
				forbid[i] = true
				added++
			}
		}
		fmt.Printf("fixpoint round %d: %d boxed positions kept, %d forbidden\n", round, boxed-added, added)
		if added == 0 {
			break
		}
	}
	n := 0
	for i := 0; i < N; i++ {
		if forbid[i] {
			n++
		}
	}
	fmt.Printf("fixpoint: %d forbidden in all\n", n)
	if *showForbid {
		for i := 0; i < N; i++ {
			if forbid[i] {
				wk, _, _, bk := dec(i)
				fmt.Printf("forbidden %s (tablebase %d; room %d box %d kings %d)\n", fen(i, true), dtmW[i], fRoom[i], fBox[i], dist(wk, bk))
			}
		}
	}
	t.buildFallback()
	r := t.rule
	t.rule = func(i int) int {
		x := r(i)
		if x == 1 && forbid[i] {
			return 3
		}
		return x
	}
}

// buildFallback builds the press's TIGHTEN, of the fall ladder's depth
// (-fall) or the key's.
func (t *Table) buildFallback() {
	d := t.tighten.depth
	if t.fallLadder != nil {
		d = 0
		for _, st := range t.fallLadder {
			d = max(d, int(st[0]))
		}
	}
	t.fallback = &Advice{name: "PRESS", depth: d, leaf: func(j int) int32 {
		if mated[j] {
			return -1
		}
		if settled(j) {
			return pressKey(j)
		}
		return INF
	}, hold: t.tighten.hold, tier: t.tighten.tier}
	t.fallback.build()
}

// cornerDist is the king distance from square s to the nearest corner,
// edgeDist to the nearest edge.
func cornerDist(s int) int {
	f, r := s&7, s>>3
	return max(min(f, 7-f), min(r, 7-r))
}

func edgeDist(s int) int {
	f, r := s&7, s>>3
	return min(min(f, 7-f), min(r, 7-r))
}

// lin2Key: weights of room, corner box, the white king's distance to the
// room, the black king's to the nearest corner, the kings' distance, the
// black king's to the nearest edge; the white king's distance to the room
// breaks ties. Meant for -after (it reads the black king's square).
func lin2Key(w [8]int32) func(p int) int32 {
	return func(p int) int32 {
		wk, bk := p>>16, p&63
		v := w[0]*int32(fRoom[p]) + w[1]*int32(fBox[p]) + w[2]*int32(fK2R[p]) +
			w[3]*int32(cornerDist(bk)) + w[4]*int32(dist(wk, bk)) + w[5]*int32(edgeDist(bk)) +
			w[6]*int32(fStrip[p]) + w[7]*int32(fSpan[p])
		if int(fRoom[p]) <= trapRoom && int(fBox[p]) >= trapBox && dist(wk, bk) <= trapKings {
			v += trapPenalty
		}
		return v*16 + int32(fK2R[p])
	}
}

// phaseS splits the endgame in two phases: where room + 3 x corner box is
// above it (the drive) the key is lin2's (which may read the kings'
// distance, with -after), at or below it (the corner) the press, sq3k.
// Every position of the corner phase has a lower key than every one of
// the drive, and the press never lets the squeeze rise, so a table never
// goes back to the drive and cannot cycle.
var phaseS int

// phaseRev turns the phases round: the press in the drive, lin2's key in
// the corner (the key's goals keep the room there, and the press never
// lets the squeeze rise).
var phaseRev bool

// phaseLex (-phaselex, with -phaserev): in the corner, the press's
// squeeze first, then lin2's key: the squeeze never rises there.
var phaseLex bool

// phaseLow (-phaselow, with -phaserev): a third phase, deep in the corner
// (room + 3 x corner box at most this), where the press plays again:
// lin2's key between it and -phase.
var phaseLow int

func phaseKey(k func(p int) int32) func(p int) int32 {
	return func(p int) int32 {
		sq := int(fRoom[p]) + 3*int(fBox[p])
		if phaseRev {
			if sq > phaseS {
				if p2kd >= 0 {
					// -p2kd: the kings' distance (read after Black's
					// reply, with -after) weighed c squares of room in
					// the press of phase 2, and the tie broken by it
					// instead of the white king's distance to the room.
					kd := int32(dist(p>>16, p&63))
					return 1<<24 + (int32(sq)+p2kd*kd)*16 + kd
				}
				if p2lin != nil {
					return 1<<24 + p2lin(p)
				}
				return 1<<24 + pressKW(p, p2kw)
			}
			if sq <= phaseLow || int(fRoom[p]) <= lowRoom {
				return pressKW(p, p0kw)
			}
			if phaseLow > 0 {
				return 1<<20 + k(p)
			}
			if phaseLex {
				return int32(sq)<<12 + k(p)
			}
			return k(p)
		}
		if sq > phaseS {
			return 1<<24 + k(p)
		}
		return int32(sq)*16 + int32(fK2R[p])
	}
}

// A trap (-trap room,box,penalty): a room of at most trapRoom squares
// with a corner box of trapBox or more (a small box on an edge, away from
// a corner, where the kings stand in opposition) weighs trapPenalty more
// in lin2's key.
var trapRoom, trapBox, trapKings int
var trapPenalty int32

func (t *Table) build() {
	t.mate.build()
	t.tighten.build()
	t.box.build()
	if t.near != nil {
		t.near.build()
	}
	if t.near2 != nil {
		t.near2.build()
	}
}

func (t *Table) play() {
	t.V = make([]int32, N)
	for i := range t.V {
		t.V[i] = vUnknown
	}
	for i := 0; i < N; i++ {
		if legalW(i) && dtmW[i] >= 0 {
			t.consult(i)
		}
	}
}

// fen writes a placement with the side to move.
func fen(p int, white bool) string {
	wk, l, d, bk := dec(p)
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			s := r*8 + f
			c := byte(0)
			switch s {
			case wk:
				c = 'K'
			case l, d:
				c = 'B'
			case bk:
				c = 'k'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if white {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	return b.String()
}

func sqName(s int) string { return string([]byte{byte('a' + s&7), byte('1' + s>>3)}) }

// moveName names the move from placement a to b (a bare from-to).
func moveName(a, b int) string {
	wa, la, da, ba := dec(a)
	wb, lb, db, bb := dec(b)
	switch {
	case wa != wb:
		return "K" + sqName(wb)
	case la != lb:
		return "B" + sqName(lb)
	case da != db:
		return "B" + sqName(db)
	case ba != bb:
		return "k" + sqName(bb)
	}
	return "?"
}

// showWorst prints the worst starts' lines against the longest defence.
func (t *Table) showWorst(n int) {
	type st struct{ i, v int }
	var all []st
	for i := 0; i < N; i++ {
		if legalW(i) && dtmW[i] >= 0 && t.V[i] >= 0 && t.V[i] < vFail {
			all = append(all, st{i, int(t.V[i])})
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].v > all[b].v })
	for k := 0; k < n && k < len(all); k++ {
		i := all[k].i
		fmt.Printf("worst %d (tablebase %d) from %s:%s\n", all[k].v, dtmW[i], fen(i, true), t.line(i))
	}
}

// line replays the table from consulted position i against the longest
// defence.
func (t *Table) line(i int) string {
	var out []string
	for steps := 0; steps < 200; steps++ {
		a, k := t.pick(i)
		d := 1
		if a == t.box && t.boxLadder {
			k0 := t.key(i)
			for _, st := range t.ladder[:len(t.ladder)-1] {
				K := k0 - st[1]
				for d = 1; d <= int(st[0]); d++ {
					if t.tighten.mW[d][i] < K {
						break
					}
				}
				if d <= int(st[0]) {
					a, k = t.tighten, K
					goto chosen
				}
			}
			d = 1
		}
		if a == t.tighten && t.near != nil && t.nearWhen(i) {
			for d = 1; d <= t.near.depth; d++ {
				if t.near.mW[d][i] < 0 {
					break
				}
			}
			if d <= t.near.depth {
				a, k = t.near, 0
				goto chosen
			}
			d = 1
		}
		if a == t.tighten && t.near2 != nil && fRoom[i] <= near2Room {
			for d = 1; d <= t.near2.depth; d++ {
				if t.near2.mW[d][i] < 0 {
					break
				}
			}
			if d <= t.near2.depth {
				a, k = t.near2, 0
				goto chosen
			}
			d = 1
		}
		if (a == t.tighten || a == t.fallback) && t.ladder != nil {
			found := false
			for x, st := range t.ladder {
				if !stepHere(i, x) {
					continue
				}
				K := k - st[1]
				adv := a
				if t.deep != nil && a == t.tighten && x < t.deepSteps {
					adv = t.deep
				}
				for d = 1; d <= int(st[0]); d++ {
					if adv.mW[d][i] < K {
						found = true
						break
					}
				}
				if found {
					k = K
					a = adv
					break
				}
			}
			if !found && a == t.tighten && t.fallLadder != nil {
				a, k = t.fallback, pressKey(i)
				for _, st := range t.fallLadder {
					K := k - st[1]
					for d = 1; d <= int(st[0]); d++ {
						if a.mW[d][i] < K {
							found = true
							break
						}
					}
					if found {
						k = K
						break
					}
				}
			}
			if !found {
				return strings.Join(out, " ") + " (stuck)"
			}
		} else {
			for d <= a.depth && a.mW[d][i] >= k {
				d++
			}
			if d > a.depth {
				return strings.Join(out, " ") + " (stuck)"
			}
		}
	chosen:
		r := d
		for {
			if lineTrace != nil {
				*lineTrace = append(*lineTrace, i)
				*lineConsult = append(*lineConsult, r == d)
			}
			var buf [48]int
			var j int
			for _, m := range a.ordered(i, buf[:0]) {
				if a.cB[r-1][m] < k {
					j = m
					break
				}
			}
			out = append(out, moveName(i, j))
			r--
			if mated[j] {
				return " " + strings.Join(out, " ") + "#"
			}
			var rb [8]int
			reps, _ := blackMoves(j, rb[:0])
			goal := a.leaf(j) < k
			best, bv := -1, -1
			for _, x := range reps {
				var v int
				if goal {
					v = t.consult(x)
				} else {
					v = t.follow(x, a, k, r)
				}
				if v > bv {
					best, bv = x, v
				}
			}
			out = append(out, moveName(j, best)+fmt.Sprintf("(%d)", dtmW[best]))
			i = best
			if goal {
				break
			}
		}
		_ = bits.OnesCount64
	}
	return strings.Join(out, " ")
}

// fWalk is the white king's walk to the room (the sum of its king
// distances to the room's squares), fReach its greatest distance to one.
// fPivot is the square two diagonal steps in from the corner nearest the
// room (the first of a1, h1, a8, h8 at the least corner box).
var fPivot []int8

func pivotFeatures() {
	fPivot = make([]int8, N)
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		r := roomB[p]
		best, bc := 99, 0
		for _, c := range [4]int{0, 7, 56, 63} {
			far := 0
			for b := r; b != 0; b &= b - 1 {
				far = max(far, dist(bits.TrailingZeros64(b), c))
			}
			if far < best {
				best, bc = far, c
			}
		}
		f, rk := bc&7, bc>>3
		f = min(max(f, 2), 5)
		rk = min(max(rk, 2), 5)
		fPivot[p] = int8(rk*8 + f)
	})
}

// fBoxC[c] is the room's corner box toward corner c (a1, h1, a8, h8): the
// side of the smallest square in that corner that holds the room.
var fBoxC [4][]int8

// cornerW is the weight of the white king's distance to a corner in the
// key cw: the corner the room is pressed toward is the one with the least
// 3 x its box x 32 + cornerW x the white king's distance to it.
var cornerW = 16

func cornerFeatures() {
	for c := range fBoxC {
		fBoxC[c] = make([]int8, N)
	}
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		r := roomB[p]
		if r == 0 {
			return
		}
		for k, c := range [4]int{0, 7, 56, 63} {
			far := 0
			for b := r; b != 0; b &= b - 1 {
				far = max(far, dist(bits.TrailingZeros64(b), c))
			}
			fBoxC[k][p] = int8(far + 1)
		}
	})
}

func cwKey(p int) int32 {
	wk := p >> 16
	best := int32(1 << 20)
	for k, c := range [4]int{0, 7, 56, 63} {
		best = min(best, 96*int32(fBoxC[k][p])+int32(cornerW*dist(wk, c)))
	}
	return 32*int32(fRoom[p]) + best + int32(fK2R[p])
}

var fWalk []int16
var fReach []int8

func walkFeatures() {
	fWalk = make([]int16, N)
	fReach = make([]int8, N)
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		wk := p >> 16
		w, r := 0, 0
		for b := roomB[p]; b != 0; b &= b - 1 {
			d := dist(wk, bits.TrailingZeros64(b))
			w += d
			r = max(r, d)
		}
		fWalk[p], fReach[p] = int16(w), int8(r)
	})
}

// linKey is a weighted sum of the features (room, box, k2r, walk, reach,
// bishops' distance), then the white king's distance to the room as a
// tie-break when tie is set.
func linKey(w [6]int32, tie bool) func(p int) int32 {
	return func(p int) int32 {
		v := w[0]*int32(fRoom[p]) + w[1]*int32(fBox[p]) + w[2]*int32(fK2R[p]) + w[3]*int32(fWalk[p]) + w[4]*int32(fReach[p])
		if w[5] != 0 {
			v += w[5] * int32(bishopsToRoom(p))
		}
		if tie {
			return v*16 + int32(fK2R[p])
		}
		return v
	}
}

// parseW reads lin2's weights: room, corner box, the white king's
// distance to the room, the black king's to the nearest corner, the
// kings' distance, the black king's to the nearest edge, and two
// optional: the room's strip (the fewest lines from an edge that hold
// it) and its span along that edge.
func parseW(l string) [8]int32 {
	var w [8]int32
	fmt.Sscanf(l, "%d,%d,%d,%d,%d,%d,%d,%d", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5], &w[6], &w[7])
	return w
}

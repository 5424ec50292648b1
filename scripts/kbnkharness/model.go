package main

import (
	"fmt"
	"math/bits"
	"os"
	"sort"
	"strings"
)

// The vocabulary of knowledge/lib/kbnk.al, on a placement with White to
// move (the names are the language's).

func edge(s int) bool { return s&7 == 0 || s&7 == 7 || s>>3 == 0 || s>>3 == 7 }

func minorHangs(p int) bool {
	_, b, n, bk := dec(p)
	return dist(b, bk) == 1 && !defB[p] || dist(n, bk) == 1 && !defN[p]
}

func knightCornered(p int) bool {
	_, _, n, bk := dec(p)
	return min(dist(n, 0), dist(n, 7), dist(n, 56), dist(n, 63)) == 1 && dist(n, bk) == 1
}

func b2i(x bool) int64 {
	if x {
		return 1
	}
	return 0
}

// driveHigh and driveLow: the drive's order (HGIQLKS4).
func driveHigh(p int) int64 {
	_, b, n, _ := dec(p)
	r := roomB[p]
	loose := b2i(distToSet(n, r) == 1 && !defN[p]) + b2i(distToSet(b, r) == 1 && !defB[p])
	h := 512*b2i(minorHangs(p)) + 256*b2i(fBox[p] <= 3 && edge(p>>17)) + 128*b2i(fRoom[p] == 1) +
		64*b2i(int(fRoom[p]) <= cageRoom && int(fBox[p]) > cageBox)
	switch highOrder {
	case "k":
		// the white king's distance to the room below the room's weight
		return h + 16*loose
	case "kl":
		// and the loose minors too
		return h
	}
	return h + 16*loose + int64(fK2R[p])
}

// cageRoom, cageBox: a far cage is a room of cageRoom squares or fewer
// with a mate box above cageBox (kbnk.al1's: 6 and 3).
var cageRoom, cageBox = 6, 3

// highOrder names where the drive reads the white king's distance to the
// room (and the loose minors): al1 (kbnk.al1's: above the room's weight),
// k (the king's distance just above the minors' distance to the room,
// below the weight), kl (the loose minors below the weight too).
var highOrder = "al1"

// lowTail is the part of the drive's order below the room's measure:
// what highOrder moved there, then the minors' distance to the room.
func lowTail(p int) int64 {
	_, b, n, _ := dec(p)
	r := roomB[p]
	loose := b2i(distToSet(n, r) == 1 && !defN[p]) + b2i(distToSet(b, r) == 1 && !defB[p])
	m := int64(fM2R[p])
	switch highOrder {
	case "k":
		return int64(fK2R[p])*32 + m
	case "kl":
		return (loose*16+int64(fK2R[p]))*32 + m
	}
	return m
}

// lowOrder names the drive's second part: w4 (kbnk.al1's: the room's
// weight capped at 4, then the minors' distance to the room) or br (the
// mate box, then the room's size, then the minors' distance).
var lowOrder = "w4"

func driveLow(p int) int64 {
	switch lowOrder {
	case "br":
		return (int64(fBox[p])*65+int64(fRoom[p]))*2048 + lowTail(p)
	case "bw4":
		// the mate box, then the room's weight, then the minors.
		return (int64(fBox[p])*262145+fW4[p])*2048 + lowTail(p)
	case "ew4":
		// the black king's distance to the edge, then the room's weight.
		return (int64(edgeDist(p&63))*262145+fW4[p])*2048 + lowTail(p)
	case "bkl":
		// the room's weight counted near the black king only (its squares
		// within two king steps of it), then the minors' distance.
		return 32*localW4(p) + int64(fM2R[p])
	case "bkb":
		// the mate box of the room near the black king, then the mate
		// box, the room's size, the minors' distance.
		return ((int64(localBox(p))*9+int64(fBox[p]))*65+int64(fRoom[p]))*32 + int64(fM2R[p])
	case "bke":
		// the mate box, then the black king's distance to the edge, to
		// the nearer mate corner, the room's size, the minors' distance.
		bk := p & 63
		return (((int64(fBox[p])*4+int64(edgeDist(bk)))*8+int64(cornerDist(bk)))*65+int64(fRoom[p]))*32 + int64(fM2R[p])
	case "bkc":
		// the black king's distance to the nearer mate corner, then the
		// mate box, the room's size, the minors' distance.
		bk := p & 63
		return ((int64(cornerDist(bk))*9+int64(fBox[p]))*65+int64(fRoom[p]))*32 + int64(fM2R[p])
	case "ebr":
		// the black king's distance to the edge, then br.
		bk := p & 63
		return ((int64(edgeDist(bk))*9+int64(fBox[p]))*65+int64(fRoom[p]))*32 + int64(fM2R[p])
	}
	return 2048*fW4[p] + lowTail(p)
}

func edgeDist(s int) int { return min(s&7, 7-s&7, s>>3, 7-s>>3) }

// localRoom: the room's squares within two king steps of the black king.
func localRoom(p int) uint64 {
	bk := p & 63
	var r uint64
	for x := roomB[p]; x != 0; x &= x - 1 {
		if s := bits.TrailingZeros64(x); dist(s, bk) <= 2 {
			r |= 1 << uint(s)
		}
	}
	return r
}

func localW4(p int) int64 {
	var w int64
	for x := localRoom(p); x != 0; x &= x - 1 {
		w += 1 << (3 * uint(min(cornerDist(bits.TrailingZeros64(x)), 4)))
	}
	return w
}

func localBox(p int) int {
	rh, ra := 0, 0
	for x := localRoom(p); x != 0; x &= x - 1 {
		s := bits.TrailingZeros64(x)
		rh, ra = max(rh, dist(s, cornerH1)), max(ra, dist(s, cornerA8))
	}
	return 1 + min(rh, ra)
}

func drive(p int) int64 { return driveHigh(p)<<42 + driveLow(p) }

// driveCoarse: the drive's order without the minors' distance to the room
// (lower in it is lower in the drive's).
func driveCoarse(p int) int64 { return driveHigh(p)<<42 + 2048*fW4[p] }

func inNet(p int) bool {
	return fBox[p] <= 3 && fK2R[p] <= 2 && !edge(p>>17) && !minorHangs(p) && !knightCornered(p)
}

func menPlaced(p int) bool {
	_, b, n, bk := dec(p)
	return fK2R[p] <= 2 && !edge(p>>17) && !edge(n) && !knightCornered(p) && dist(n, bk) > 1 && dist(b, bk) > 1
}

func inBox(p int) bool { return inNet(p) || fBox[p] <= 4 && menPlaced(p) }

func inPlaced(p int) bool { return inNet(p) || menPlaced(p) }

// approachOrder names the approach's order: ezknm (kbnk.al1's: the white
// king on an edge line, its distance to the centre, to the room beyond 2,
// the knight astray, the minors next to the black king) or enzkm (the
// knight astray above the king's distance to the centre).
var approachOrder = "ezknm"

// approachClear: the approach's goal also wants no minor next to the
// black king after every reply outside the men placed.
var approachClear bool

// approachTied: the approach's goal also wants no minor next to the
// black king that the white king does not defend (one the other minor
// holds alone is tied to it).
var approachTied bool

// approachTrap: the approach's goal also wants, after every reply, not
// the trapped minors' shape: the knight next to the black king on the
// first two lines, the bishop next to the knight, the white king four
// steps or more from the knight.
var approachTrap bool

// approachTrap2: with approachTrap, also the knight hemmed in (its every
// move next to the black king) with the white king four steps or more
// from it.
var approachTrap2 bool

// rescueDepth is the rescue's deepest step (model rescue).
var rescueDepth = 4

// approachDepth is the approach's deepest step (kbnk.al1's: 4).
var approachDepth = 4

func approachKey(p int) int64 {
	wk, b, n, bk := dec(p)
	c := int64(min(manh(wk, 27), manh(wk, 28), manh(wk, 35), manh(wk, 36)))
	e, k, a, m := b2i(edge(wk)), int64(max(int(fK2R[p])-2, 0)), b2i(edge(n) || knightCornered(p)), b2i(dist(n, bk) == 1)+b2i(dist(b, bk) == 1)
	if approachOrder == "enzkm" {
		return 65536*e + 16384*a + 1024*c + 16*k + m
	}
	return 65536*e + 4096*c + 256*k + 16*a + m
}

// rankPair ranks a goal's key after the reply and the root's key together
// (only their order counts); INF stays INF.
func rankPair(leaf, root func(p int) int64) (l, r []int32) {
	rawL := make([]int64, N)
	rawR := make([]int64, N)
	parFor(N, func(p int) {
		rawL[p], rawR[p] = INF, INF
		if legalW(p) {
			rawL[p], rawR[p] = leaf(p), root(p)
		}
	})
	seen := map[int64]bool{}
	for p := range rawL {
		seen[rawL[p]] = true
		seen[rawR[p]] = true
	}
	vs := make([]int64, 0, len(seen))
	for v := range seen {
		if v != INF {
			vs = append(vs, v)
		}
	}
	sort.Slice(vs, func(a, b int) bool { return vs[a] < vs[b] })
	idx := make(map[int64]int32, len(vs))
	for k, v := range vs {
		idx[v] = int32(k)
	}
	l, r = make([]int32, N), make([]int32, N)
	for p := range rawL {
		l[p], r[p] = INF, INF
		if v := rawL[p]; v != INF {
			l[p] = idx[v]
		}
		if v := rawR[p]; v != INF {
			r[p] = idx[v]
		}
	}
	return l, r
}

func within(region func(p int) bool, key func(p int) int64) func(p int) int64 {
	return func(p int) int64 {
		if region(p) {
			return key(p)
		}
		return INF
	}
}

var mateKey []int32

func mateAdvice(name string, depth int, hold func(p int) bool) *Advice {
	if mateKey == nil {
		mateKey = make([]int32, N)
		for i := range mateKey {
			mateKey[i] = INF
		}
	}
	return newAdviceRoot(name, mateKey, nil, hold, depth)
}

func regionAdvice(name string, region func(p int) bool, key func(p int) int64, depth int) *Advice {
	l, r := rankPair(within(region, key), key)
	return newAdviceRoot(name, l, r, nil, depth)
}

// modelTable builds knowledge/kbnk.al1 (model "al1") or a variant.
func modelTable(model string) *Table {
	near := func(p int) bool { return cornerDist(p&63) <= 3 }
	m3 := mateAdvice("MATE_IN_3", 3, nil)
	m5 := mateAdvice("MATE_IN_5", 5, near)
	net := regionAdvice("NET", inNet, drive, 6)
	box := regionAdvice("BOX", inBox, drive, 6)
	pl := regionAdvice("PLACED", inPlaced, drive, 7)
	al, ar := rankPair(func(p int) int64 {
		if inPlaced(p) {
			return -1
		}
		_, b, n, bk := dec(p)
		wk := p >> 17
		tied := dist(b, bk) == 1 && dist(wk, b) > 1 || dist(n, bk) == 1 && dist(wk, n) > 1
		trap := dist(n, bk) == 1 && dist(b, n) == 1 && edgeDist(n) <= 1 && dist(wk, n) >= 4
		if approachTrap2 && dist(wk, n) >= 4 {
			// the knight's every move lands next to the black king
			hemmed := true
			for x := knightAtt[n]; x != 0; x &= x - 1 {
				if dist(bits.TrailingZeros64(x), bk) > 1 {
					hemmed = false
				}
			}
			trap = trap || hemmed
		}
		if minorHangs(p) || approachClear && (dist(b, bk) == 1 || dist(n, bk) == 1) || approachTied && tied || approachTrap && trap {
			return INF
		}
		return approachKey(p)
	}, approachKey)
	ap := newAdviceRoot("APPROACH", al, ar, nil, approachDepth)
	t := &Table{}
	switch model {
	case "al1":
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: pl, depth: 7}}},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
	case "coarse":
		// the drive's coarse order first (the room's weight or the drive's
		// first part lower, within three moves), then the drive's.
		netC := regionAdvice("NETC", inNet, driveCoarse, 3)
		boxC := regionAdvice("BOXC", inBox, driveCoarse, 3)
		plC := regionAdvice("PLACEDC", inPlaced, driveCoarse, 3)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: netC, depth: 3}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: boxC, depth: 3}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: plC, depth: 3}, {a: pl, depth: 7}}},
			{"approach", nil, []Step{{a: ap, depth: 4}}},
		}
	case "rescue":
		// kbnk.al1 with a rule before the approach where the knight is
		// astray (on an edge line or cornered) and the men not placed: the
		// knight off the edge, else the white king nearer it (the key: the
		// white king on an edge line, the knight astray, the white king's
		// distance to the knight); the approach's order then puts the
		// knight astray above the centre (enzkm), so that the two rules'
		// orders agree and the table cannot cycle.
		approachOrder = "enzkm"
		al, ar := rankPair(func(p int) int64 {
			if inPlaced(p) {
				return -1
			}
			if minorHangs(p) {
				return INF
			}
			return approachKey(p)
		}, approachKey)
		ap := newAdviceRoot("APPROACH", al, ar, nil, approachDepth)
		astray := func(p int) bool { return edge(p>>6&63) || knightCornered(p) }
		rk := func(p int) int64 {
			wk, _, n, _ := dec(p)
			return 65536*b2i(edge(wk)) + 16384*b2i(astray(p)) + int64(dist(wk, n))
		}
		rl, rr := rankPair(func(p int) int64 {
			if inPlaced(p) {
				return -1
			}
			if minorHangs(p) {
				return INF
			}
			return rk(p)
		}, rk)
		rs := newAdviceRoot("RESCUE", rl, rr, nil, rescueDepth)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: pl, depth: 7}}},
			{"rescue", astray, []Step{{a: rs, depth: rescueDepth}}},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
	case "mix":
		// kbnk.al1's net and corner box on its own drive (the room's
		// weight), the men placed on the drive with -low's second part:
		// the regions are nested and left only inward (a step of the net
		// stays in the net, of the box in the box), so each rule may have
		// an order of its own and the table still cannot cycle.
		lo := lowOrder
		lowOrder = "w4"
		net := regionAdvice("NET", inNet, drive, 6)
		box := regionAdvice("BOX", inBox, drive, 6)
		lowOrder = lo
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: pl, depth: 7}}},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
	case "press":
		// kbnk.al1 with the press tried first in the rules pressIn names.
		pa := pressAdvice()
		ps := pressSteps(pa)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: pl, depth: 7}}},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
		for r := range t.rules {
			if strings.Contains(pressIn, t.rules[r].name) {
				k := 0
				if t.rules[r].steps[0].mate {
					k = 1
				}
				if t.rules[r].name == "net" {
					k = 2
				}
				st := append(append(append([]Step{}, t.rules[r].steps[:k]...), ps...), t.rules[r].steps[k:]...)
				t.rules[r].steps = st
			}
		}
	case "press2":
		// the press first in the men placed, then the drive read after
		// the press (lexicographically): one order, so no cycle.
		pa := pressAdvice()
		ps := pressSteps(pa)
		pd := regionAdvice("PLACED", inPlaced, func(p int) int64 { return pressVal(p)<<54 + drive(p) }, 7)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, append(ps, Step{a: pd, depth: 7})},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
	case "press3":
		// the drive's first part, then the press, then the drive's second
		// part: one order in the men placed (no cycle), the press's steps
		// read on (the drive's first part, the press).
		pressHigh = true
		pa := pressAdvice()
		pressHigh = false
		ps := pressSteps(pa)
		pd := regionAdvice("PLACED", inPlaced, func(p int) int64 { return driveHigh(p)<<50 + pressVal(p)<<42 + driveLow(p) }, 7)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, append(ps, Step{a: pd, depth: 7})},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
		if pressFallback {
			t.rules[2].steps = append(t.rules[2].steps, Step{a: pl, depth: 7})
		}
		if strings.Contains(pressIn, "box") {
			pressHigh = true
			pressRegion = "box"
			pb := pressAdvice()
			pressRegion = "net"
			pn := pressAdvice()
			pressHigh = false
			lex := func(p int) int64 { return driveHigh(p)<<50 + pressVal(p)<<42 + driveLow(p) }
			bd := regionAdvice("BOXL", inBox, lex, 6)
			nd := regionAdvice("NETL", inNet, lex, 6)
			t.rules[0].steps = append(append([]Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}}, pressSteps(pn)...), Step{a: nd, depth: 6})
			t.rules[1].steps = append(append([]Step{{a: m3, depth: 3, mate: true}}, pressSteps(pb)...), Step{a: bd, depth: 6})
			if pressFallback {
				t.rules[0].steps = append(t.rules[0].steps, Step{a: net, depth: 6})
				t.rules[1].steps = append(t.rules[1].steps, Step{a: box, depth: 6})
			}
		}
	case "terr":
		// kbnk.al1's net and corner box; everywhere else one order read on
		// the black king's territory (the squares of its room it reaches
		// before the white king), weighed toward the mate corners.
		tk := func(p int) int64 { return terrKey(p) }
		tl, tr := rankPair(func(p int) int64 {
			if inBox(p) {
				return -1
			}
			if minorHangs(p) || trapped(p) || wrongCage && inCage(p) {
				return INF
			}
			return tk(p)
		}, tk)
		ta := newAdviceRoot("TERR", tl, tr, nil, terrDepth)
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"terr", nil, []Step{{a: ta, depth: terrDepth}}},
		}
		if wrongCage {
			// the cages (the king frozen, a far cage) a rule of their
			// own before the territory's, on kbnk.al1's drive, whose order
			// puts them above all else; the territory's goals never enter
			// them, so the two orders cannot meet in a cycle.
			ca := regionAdvice("CAGE", func(p int) bool { return !minorHangs(p) && !trapped(p) && !inCage(p) || inBox(p) }, drive, terrDepth)
			t.rules = append(t.rules[:2], Rule{"cage", inCage, []Step{{a: ca, depth: terrDepth}}}, t.rules[2])
		}
		if mateDeep > 0 {
			// a deeper mate near the corner, first in the net and the box
			md := mateAdvice(fmt.Sprintf("MATE_IN_%d", mateDeep), mateDeep, near)
			t.rules[0].steps = append([]Step{t.rules[0].steps[0], t.rules[0].steps[1], {a: md, depth: mateDeep, mate: true}}, t.rules[0].steps[2:]...)
			t.rules[1].steps = append([]Step{t.rules[1].steps[0], {a: md, depth: mateDeep, mate: true}}, t.rules[1].steps[1:]...)
			if mateInTerr {
				t.rules[len(t.rules)-1].steps = append([]Step{{a: md, depth: mateDeep, mate: true}}, t.rules[2].steps...)
			}
		}
		if len(terrPress) > 0 {
			key := make([]int32, N)
			root := make([]int32, N)
			parFor(N, func(p int) {
				key[p], root[p] = INF, INF
				if !legalW(p) {
					return
				}
				v := int32(terrSize(p))
				if terrOrder == "tsb" {
					v += int32(terrBoxWeight) * int32(tBox(territory(p, false)))
				}
				if terrOrder == "tst" {
					v += int32(terrBoxWeight) * int32(tri(territory(p, false))+1)
				}
				if terrOrder == "tT" {
					v += 64 * int32(tri(territory(p, false))+1)
				}
				if terrCageHigh {
					v += int32(b2i(fRoom[p] == 1)*2+b2i(fRoom[p] <= 6 && fBox[p] > 3)) * 4096
				}
				if strings.HasPrefix(terrOrder, "tsd") {
					wk, _, _, bk := dec(p)
					v += int32(max(dist(wk, bk)-int(terrOrder[3]-'0'), 0)) * 128
				}
				if strings.HasPrefix(terrOrder, "tsk") || strings.HasPrefix(terrOrder, "tsm") {
					v += int32(b2i(fRoom[p] == 1)*2+b2i(fRoom[p] <= 6 && fBox[p] > 3)) * 128
				}
				root[p] = v
				switch {
				case inBox(p):
					key[p] = -1
				case !minorHangs(p) && !trapped(p) && !(wrongCage && inCage(p)):
					key[p] = v
				}
			})
			pa := newAdviceRoot("TPRESS", key, root, nil, terrPressDepth)
			var ps []Step
			for _, d := range terrPress {
				ps = append(ps, Step{a: pa, depth: terrPressDepth, delta: int32(d - 1)})
			}
			t.rules[len(t.rules)-1].steps = append(ps, t.rules[len(t.rules)-1].steps...)
		}
		if pressFallback {
			// kbnk.al1's men placed and approach where the territory's
			// order is stuck (two orders: the table may cycle).
			st := t.rules[len(t.rules)-1].steps
			t.rules = append(t.rules[:len(t.rules)-1],
				Rule{"terrP", inPlaced, append(append([]Step{}, st...), Step{a: pl, depth: 7})},
				Rule{"terrA", nil, append(append([]Step{}, st...), Step{a: ap, depth: approachDepth})},
			)
		}
	case "tp":
		// kbnk.al1's net and corner box with the press (press3 -pin
		// box); everywhere else one order: the drive's first part, the
		// territory's press (its size and three times its mate box), the
		// room's weight, the minors' distance; its press first.
		lex := func(p int) int64 { return driveHigh(p)<<50 + pressVal(p)<<42 + driveLow(p) }
		pressHigh = true
		pressRegion = "box"
		pb := pressAdvice()
		pressRegion = "net"
		pn := pressAdvice()
		pressHigh = false
		bd := regionAdvice("BOXL", inBox, lex, 6)
		nd := regionAdvice("NETL", inNet, lex, 6)
		tpv := func(p int) int64 {
			t := territory(p, false)
			return int64(bits.OnesCount64(t)) + 3*int64(tBox(t))
		}
		mk := func(p int) int64 { return driveHigh(p)<<50 + tpv(p)<<42 + driveLow(p) }
		ml, mr := rankPair(func(p int) int64 {
			if inBox(p) {
				return -1
			}
			if minorHangs(p) || trapped(p) {
				return INF
			}
			return mk(p)
		}, mk)
		ma := newAdviceRoot("MAIN", ml, mr, nil, terrDepth)
		key := make([]int32, N)
		root := make([]int32, N)
		parFor(N, func(p int) {
			key[p], root[p] = INF, INF
			if !legalW(p) {
				return
			}
			v := int32(driveHigh(p))*128 + int32(tpv(p))
			root[p] = v
			switch {
			case inBox(p):
				key[p] = -1
			case !minorHangs(p) && !trapped(p):
				key[p] = v
			}
		})
		pa := newAdviceRoot("TPRESS", key, root, nil, terrPressDepth)
		var ps []Step
		for _, d := range terrPress {
			ps = append(ps, Step{a: pa, depth: terrPressDepth, delta: int32(d - 1)})
		}
		t.rules = []Rule{
			{"net", inNet, append(append([]Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}}, pressSteps(pn)...), Step{a: nd, depth: 6})},
			{"box", inBox, append(append([]Step{{a: m3, depth: 3, mate: true}}, pressSteps(pb)...), Step{a: bd, depth: 6})},
			{"main", nil, append(ps, Step{a: ma, depth: terrDepth})},
		}
	case "delo":
		deletangOracle(deletangLevelsFlag, t)
	case "pref":
		// kbnk.al1 with a step of one move before the men placed's (and,
		// with -prefbox, the corner box's): the drive not higher and the
		// measure -prefx lower, whatever the reply.
		t.rules = []Rule{
			{"net", inNet, []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}, {a: net, depth: 6}}},
			{"box", inBox, []Step{{a: m3, depth: 3, mate: true}, {a: box, depth: 6}}},
			{"placed", inPlaced, []Step{{a: pl, depth: 7}}},
			{"approach", nil, []Step{{a: ap, depth: approachDepth}}},
		}
		x, ok := prefKeys[prefX]
		if !ok {
			fmt.Fprintln(os.Stderr, "unknown -prefx", prefX)
			os.Exit(2)
		}
		t.pref = &Pref{name: "placed/PREF_" + prefX, region: func(i int) bool { return inPlaced(i) && !inBox(i) }, a: pl, x: x}
	default:
		fmt.Fprintln(os.Stderr, "unknown model", model)
		os.Exit(2)
	}
	return t
}

// prefX names the measure model pref lowers first (prefKeys).
var prefX = "bkl"

// prefKeys: measures read where the black king is, at White's turn.
var prefKeys = map[string]func(p int) int64{
	// the room's weight within two king steps of the black king.
	"bkl": localW4,
	// the black king's distance to the edge, then to the nearer mate corner.
	"bkec": func(p int) int64 { return int64(edgeDist(p&63))*8 + int64(cornerDist(p&63)) },
	// the black king's distance to the nearer mate corner.
	"bkc": func(p int) int64 { return int64(cornerDist(p & 63)) },
	// the room's size.
	"room": func(p int) int64 { return int64(fRoom[p]) },
	// the mate box, then the room's size.
	"br": func(p int) int64 { return int64(fBox[p])*65 + int64(fRoom[p]) },
	// the room's weight uncapped (8 to the power of the corner distance).
	"w7": func(p int) int64 { return fW7[p] },
}

// The press (a twelfth session): kbbk-short.al1's idea, the biggest
// squeeze first, in front of kbnk.al1's steps. pressKey names the
// measure (raw values, so that a drop of d units means what it says),
// pressDeltas the drops tried in turn, each within pressDepth moves, and
// pressIn the rules that try it first.
var (
	pressKey      = "sq3"
	pressDeltas   = []int{12, 8, 5, 3, 1}
	pressDepth    = 2
	pressIn       = "placed"
	pressRegion   = "placed"
	pressHigh     bool // the press read after the drive's first part
	pressFallback bool // kbnk.al1's drive where the press's order is stuck
)

func pressVal(p int) int64 {
	switch pressKey {
	case "sq3":
		return int64(fRoom[p]) + 3*int64(fBox[p])
	case "sq6":
		return int64(fRoom[p]) + 6*int64(fBox[p])
	case "sqany":
		return int64(fRoom[p]) + 3*int64(anyBox(p))
	case "room":
		return int64(fRoom[p])
	}
	fmt.Fprintln(os.Stderr, "unknown -pkey", pressKey)
	os.Exit(2)
	return 0
}

// pressAdvice: mate, or after every reply the position in the press's
// region and the press below the root's by the step's delta.
func pressAdvice() *Advice {
	reg := inPlaced
	switch pressRegion {
	case "box":
		reg = inBox
	case "net":
		reg = inNet
	}
	key := make([]int32, N)
	root := make([]int32, N)
	parFor(N, func(p int) {
		key[p], root[p] = INF, INF
		if !legalW(p) {
			return
		}
		v := int32(pressVal(p))
		if pressHigh {
			v += int32(driveHigh(p)) * 128
		}
		root[p] = v
		if reg(p) {
			key[p] = v
		}
	})
	return newAdviceRoot("PRESS", key, root, nil, pressDepth)
}

func pressSteps(a *Advice) []Step {
	var s []Step
	for _, d := range pressDeltas {
		s = append(s, Step{a: a, depth: pressDepth, delta: int32(d - 1)})
	}
	return s
}

// territory: the black king's room cut by the white king, the squares
// the black king reaches first (king distance strictly less than the
// white king's; tie to White, who moves first), flooded from the black
// king through squares White does not attack. tie counts ties as Black's.
func territory(p int, tie bool) uint64 {
	wk, _, _, bk := dec(p)
	var free uint64
	for x := roomB[p]; x != 0; x &= x - 1 {
		s := bits.TrailingZeros64(x)
		db, dw := dist(bk, s), dist(wk, s)
		if db < dw || tie && db == dw {
			free |= 1 << uint(s)
		}
	}
	if terrVoronoi {
		return free
	}
	seed := (kingAtt[bk] | 1<<uint(bk)) & free
	return flood(seed, free)
}

// terrVoronoi: the territory read as the room's squares nearer the black
// king than the white king, with no flood fill from the black king (what
// the language can count: count square s: in_room(s) & dist(s, black
// king) < dist(s, white king)).
var terrVoronoi bool

var terrDepth = 6

// mateDeep: with -model terr, a mate of up to this many moves with the
// black king kept within three steps of a mate corner, tried after the
// mate in three (five) in the net and the corner box (0: none);
// mateInTerr tries it first in the territory's rule too.
var mateDeep int
var mateInTerr bool

// wrongCage: with -model terr, the cages a rule of their own (inCage).
var wrongCage bool

// inCage: the drive's cages, the king frozen or a far cage (not in the
// corner box).
func inCage(p int) bool {
	return !inBox(p) && (fRoom[p] == 1 || int(fRoom[p]) <= cageRoom && int(fBox[p]) > cageBox)
}

var terrOrder = "tw"

// terrBoxWeight: with -torder tsb, the weight of the territory's mate box
// beside its size (the twelfth session's 3; 64 reads the mate box first).
var terrBoxWeight = 3

// terrCageHigh: with -torder tsb, the drive's cages (the king frozen, a
// far cage) above the territory, in its order and its press.
var terrCageHigh bool

// trapped: kbnk.al1's minors_trapped.
func trapped(p int) bool {
	wk, b, n, bk := dec(p)
	if dist(wk, n) < 4 {
		return false
	}
	if dist(n, bk) == 1 && dist(b, n) == 1 && edgeDist(n) <= 1 {
		return true
	}
	for x := knightAtt[n]; x != 0; x &= x - 1 {
		if dist(bits.TrailingZeros64(x), bk) > 1 {
			return false
		}
	}
	return true
}

func terrWeight(t uint64, cap int) int64 {
	var w int64
	for x := t; x != 0; x &= x - 1 {
		w += 1 << (3 * uint(min(cornerDist(bits.TrailingZeros64(x)), cap)))
	}
	return w
}

func terrKey(p int) int64 {
	_, _, n, _ := dec(p)
	astray := b2i(edge(n) || knightCornered(p))
	t := territory(p, false)
	var cage int64
	if terrCageHigh {
		cage = b2i(fRoom[p] == 1)*2 + b2i(fRoom[p] <= 6 && fBox[p] > 3)
	}
	switch terrOrder {
	case "tw": // the territory's weight (capped at 4), the knight astray, the room's weight
		return terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "ts": // the territory's size, then tw
		return int64(bits.OnesCount64(t))<<44 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tsk": // the cages above all, the territory's size, the kings' distance, then tw
		wk, _, _, bk := dec(p)
		cage := b2i(fRoom[p] == 1)*2 + b2i(fRoom[p] <= 6 && fBox[p] > 3)
		return cage<<60 + int64(bits.OnesCount64(t))<<50 + int64(dist(wk, bk))<<46 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tsm": // the cages, the territory's size, the kings' Manhattan distance, then tw
		wk, _, _, bk := dec(p)
		cage := b2i(fRoom[p] == 1)*2 + b2i(fRoom[p] <= 6 && fBox[p] > 3)
		return cage<<60 + int64(bits.OnesCount64(t))<<50 + int64(manh(wk, bk))<<46 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tsd2", "tsd3": // the kings' distance beyond 2 (3), then ts
		wk, _, _, bk := dec(p)
		d := max(dist(wk, bk)-int(terrOrder[3]-'0'), 0)
		return int64(d)<<58 + int64(bits.OnesCount64(t))<<44 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tsb": // the territory's size and terrBoxWeight times its mate box, then tw
		return cage<<60 + (int64(bits.OnesCount64(t))+int64(terrBoxWeight)*int64(tBox(t)))<<44 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tw7":
		return terrWeight(t, 7)<<24 + astray<<20 + fW4[p]
	case "tst": // Deletang's triangle: the territory's size and terrBoxWeight times its triangle, then tw
		return cage<<60 + (int64(bits.OnesCount64(t))+int64(terrBoxWeight)*int64(tri(t)+1))<<44 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	case "tT": // the territory's triangle first, then its size, then tw
		return cage<<60 + int64(tri(t)+1)<<54 + int64(bits.OnesCount64(t))<<44 + terrWeight(t, 4)<<24 + astray<<20 + fW4[p]
	}
	panic(terrOrder)
}

// terrPress: the territory's size lower by each of these within
// terrPressDepth moves, tried in turn before the order's steps.
var terrPress []int
var terrPressDepth = 2

func terrSize(p int) int { return bits.OnesCount64(territory(p, false)) }

// tBox: the mate box of a set of squares.
func tBox(t uint64) int {
	rh, ra := 0, 0
	for x := t; x != 0; x &= x - 1 {
		s := bits.TrailingZeros64(x)
		rh, ra = max(rh, dist(s, cornerH1)), max(ra, dist(s, cornerA8))
	}
	return 1 + min(rh, ra)
}

// tri: Deletang's triangle of a set of squares, the least n such that
// every square of it lies within Manhattan distance n of one mate corner
// (the right-angled triangle at the corner, behind the diagonal at
// distance n+1: deletang.go names the sizes); -1 for an empty set.
func tri(t uint64) int {
	if t == 0 {
		return -1
	}
	rh, ra := 0, 0
	for x := t; x != 0; x &= x - 1 {
		s := bits.TrailingZeros64(x)
		rh, ra = max(rh, manh(s, cornerH1)), max(ra, manh(s, cornerA8))
	}
	return min(rh, ra)
}

package main

import (
	"fmt"
	"math/bits"
	"sort"
)

// Features of a placement, read on the black king's room (which the black
// king's own moves do not change unless it steps out of a check).
var fRoom, fBox, fK2R []int8
var fBoxed, fSafe []bool

func spread(b uint64) uint64 {
	r := b
	for x := b; x != 0; x &= x - 1 {
		r |= kingAtt[bits.TrailingZeros64(x)]
	}
	return r
}

func cornerBox(f uint64) int {
	if f == 0 {
		return 0
	}
	best := 8
	for _, c := range [4]int{0, 7, 56, 63} {
		far := 0
		for b := f; b != 0; b &= b - 1 {
			far = max(far, dist(bits.TrailingZeros64(b), c))
		}
		best = min(best, far+1)
	}
	return best
}

func distToSet(s int, set uint64) int {
	best := 15
	for b := set; b != 0; b &= b - 1 {
		best = min(best, dist(s, bits.TrailingZeros64(b)))
	}
	return best
}

func features() {
	fRoom = make([]int8, N)
	fBox = make([]int8, N)
	fK2R = make([]int8, N)
	fBoxed = make([]bool, N)
	fSafe = make([]bool, N)
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		wk, l, d, bk := dec(p)
		r := roomB[p]
		room := bits.OnesCount64(r)
		box := cornerBox(r)
		fRoom[p], fBox[p], fK2R[p] = int8(room), int8(box), int8(distToSet(wk, r))
		occ := uint64(1)<<uint(wk) | 1<<uint(l) | 1<<uint(d) | 1<<uint(bk)
		reach := spread(r)
		out := true
		safe := true
		for _, b := range [2]int{l, d} {
			o := l ^ d ^ b
			def := dist(b, wk) == 1 || bishopAtt(o, occ)>>uint(b)&1 != 0
			if reach>>uint(b)&1 != 0 && !def {
				out = false
			}
			if dist(b, bk) <= 1 && !def {
				safe = false
			}
		}
		fBoxed[p] = out && (room >= 4 || room >= 3 && box <= 2)
		fSafe[p] = safe && !stalemated[p]
	})
}

const INF = 1 << 30

// An Advice is AL1's: a better goal read at Black's turns (leaf: -1 for a
// mate, a key for a goal candidate, INF otherwise; the goal holds at j
// when leaf(j) < the root's threshold), a holding goal (at Black's turns,
// and hw at White's), a depth, and a move order (tier: lower first).
type Advice struct {
	name  string
	depth int
	leaf  func(j int) int32
	hold  func(j int) bool
	hw    func(i int) bool
	tier  func(i, j int) int
	allow func(i, j int) bool // the moves of White the advice allows (nil: all)
	cB    [][]int32           // cB[r][j]: the least threshold a tree of r more moves reaches from Black-to-move j
	mW    [][]int32           // mW[r][i]: the same from White-to-move i with r moves
}

func (a *Advice) build() {
	a.cB = make([][]int32, a.depth)
	a.mW = make([][]int32, a.depth+1)
	for r := 0; r < a.depth; r++ {
		c := make([]int32, N)
		if r == 0 {
			parFor(N, func(j int) {
				c[j] = INF
				if valid[j] && a.hold(j) {
					c[j] = a.leaf(j)
				}
			})
		} else {
			m := a.mW[r]
			parForBuf(N, func(j int, buf *[2][]int) {
				c[j] = INF
				if !valid[j] || !a.hold(j) {
					return
				}
				v := a.leaf(j)
				if mated[j] {
					c[j] = v
					return
				}
				reps, capt := blackMoves(j, buf[0])
				if capt || len(reps) == 0 {
					c[j] = v
					return
				}
				w := int32(-1)
				for _, i := range reps {
					w = max(w, m[i])
					if w >= v {
						break
					}
				}
				c[j] = min(v, w)
			})
		}
		a.cB[r] = c
		m := make([]int32, N)
		parForBuf(N, func(i int, buf *[2][]int) {
			m[i] = INF
			if !legalW(i) || (a.hw != nil && !a.hw(i)) {
				return
			}
			for _, j := range whiteMoves(i, buf[0]) {
				if a.allow == nil || a.allow(i, j) {
					m[i] = min(m[i], c[j])
				}
			}
		})
		a.mW[r+1] = m
	}
}

// ordered lists White's moves from i in the advice's order.
func (a *Advice) ordered(i int, buf []int) []int {
	ms := whiteMoves(i, buf)
	if a.allow != nil {
		k := 0
		for _, j := range ms {
			if a.allow(i, j) {
				ms[k] = j
				k++
			}
		}
		ms = ms[:k]
	}
	if a.tier != nil {
		sort.SliceStable(ms, func(x, y int) bool { return a.tier(i, ms[x]) < a.tier(i, ms[y]) })
	}
	return ms
}

// A Table is the shipped table's shape: the mate in the corner, the
// tightening, the boxing, chosen by the rules on the placement.
type Table struct {
	mate, tighten, box *Advice
	fallback           *Advice    // with -fix: the press's TIGHTEN where the key's own is stuck (see fixpoint)
	fallLadder         [][2]int32 // with -fall: the press's steps after the key's where the key is stuck
	key                func(p int) int32
	rule               func(i int) int // 0 mate, 1 tighten, 2 box
	ladder             [][2]int32      // TIGHTEN's steps: {depth, delta}: the key lower by more than delta within depth moves
	V                  []int32         // the longest defence from a consulted position
	stuck, cyc         int
	fellBack           int     // -fixonce: the consultations where the key was stuck and the press played
	stuckAt            []int   // the positions where the table is stuck
	boxLadder          bool    // the ladder's steps but its last tried first where the king is not boxed yet
	near               *Advice // a mate looked for first where the king is boxed near a corner (nil: none)
	near2              *Advice // -near2room: a deeper mate after near, in a smaller room
	deep               *Advice // -deepmoves: the ladder's first -deepsteps steps searched with these moves only
	deepSteps          int
	nearWhen           func(i int) bool // where near is tried (the king boxed, not yet in a corner's four squares)
	nodesO             int              // the same for the other advice
	nodes              int              // the nodes a depth-first search of al's kind visits at the consultations (an estimate of the prover's cost)
}

// nodeCap caps the estimate of one search (-nodecap); bigSearch
// (-bigsearch) counts the searches whose estimate reaches it, by advice,
// depth and squeeze (room + 3 x corner box), to find where a table needs
// more than the prover's default budget.
var nodeCap = 200000

// noCost (-nocost) skips the node estimate.
var noCost bool
var bigSearch int
var bigSearches = map[string]int{}

// costW counts the nodes of a depth-first search for a tree of advice a
// with threshold K and r moves from White-to-move i: the moves in order,
// up to the first that starts a tree.
func (t *Table) costW(i int, a *Advice, K int32, r int, budget *int) {
	var buf [48]int
	for _, j := range a.ordered(i, buf[:0]) {
		*budget--
		if *budget <= 0 {
			return
		}
		ok := a.cB[r-1][j] < K
		if r > 1 && a.hold(j) && a.leaf(j) >= K && !mated[j] {
			var rb [8]int
			reps, capt := blackMoves(j, rb[:0])
			if !capt {
				for _, x := range reps {
					*budget--
					if a.hw != nil && !a.hw(x) {
						break
					}
					t.costW(x, a, K, r-1, budget)
					if a.mW[r-1][x] >= K || *budget <= 0 {
						break
					}
				}
			}
		}
		if ok {
			return
		}
	}
}

// cost is the nodes of the iterative deepening up to depth d (or the
// first depth with a tree).
func (t *Table) cost(i int, a *Advice, K int32, d int) {
	if noCost {
		return
	}
	b := nodeCap
	for r := 1; r <= d; r++ {
		t.costW(i, a, K, r, &b)
		if a.mW[r][i] < K || b <= 0 {
			break
		}
	}
	if bigSearch > 0 && nodeCap-b >= bigSearch {
		bigSearches[fmt.Sprintf("%s depth %d squeeze %d", a.name, d, int(fRoom[i])+3*int(fBox[i]))]++
	}
	if a == t.tighten {
		t.nodes += nodeCap - b
	} else {
		t.nodesO += nodeCap - b
	}
}

const (
	vUnknown = -2
	vBusy    = -3
	vFail    = INF
)

func (t *Table) pick(i int) (*Advice, int32) {
	switch t.rule(i) {
	case 0:
		return t.mate, 0
	case 1:
		return t.tighten, t.key(i)
	case 3:
		return t.fallback, pressKey(i)
	}
	return t.box, 1
}

func (t *Table) consult(i int) int {
	if v := t.V[i]; v != vUnknown {
		if v == vBusy {
			t.cyc++
			return vFail
		}
		return int(v)
	}
	t.V[i] = vBusy
	a, k := t.pick(i)
	res := vFail
	if a == t.box && t.boxLadder {
		k0 := t.key(i)
		for _, st := range t.ladder[:len(t.ladder)-1] {
			K := k0 - st[1]
			t.cost(i, t.tighten, K, int(st[0]))
			for d := 1; d <= int(st[0]); d++ {
				if t.tighten.mW[d][i] < K {
					res = t.follow(i, t.tighten, K, d)
					t.V[i] = int32(min(res, vFail))
					return res
				}
			}
		}
	}
	if a == t.tighten && t.near != nil && t.nearWhen(i) {
		t.cost(i, t.near, 0, t.near.depth)
		for d := 1; d <= t.near.depth; d++ {
			if t.near.mW[d][i] < 0 {
				res = t.follow(i, t.near, 0, d)
				t.V[i] = int32(min(res, vFail))
				return res
			}
		}
	}
	if a == t.tighten && t.near2 != nil && fRoom[i] <= near2Room {
		t.cost(i, t.near2, 0, t.near2.depth)
		for d := 1; d <= t.near2.depth; d++ {
			if t.near2.mW[d][i] < 0 {
				res = t.follow(i, t.near2, 0, d)
				t.V[i] = int32(min(res, vFail))
				return res
			}
		}
	}
	if (a == t.tighten || a == t.fallback) && t.ladder != nil {
		for x, st := range t.ladder {
			if !stepHere(i, x) {
				continue
			}
			K := k - st[1]
			adv := a
			if t.deep != nil && a == t.tighten && x < t.deepSteps {
				adv = t.deep
			}
			t.cost(i, adv, K, int(st[0]))
			if deepStats != nil && x == 0 {
				deepStats.add(i, adv.mW[st[0]][i] < K)
			}
			for d := 1; d <= int(st[0]); d++ {
				if adv.mW[d][i] < K {
					res = t.follow(i, adv, K, d)
					goto done
				}
			}
		}
		if a == t.tighten && t.fallback != nil && (fixOnce || t.fallLadder != nil) {
			// -fixonce: the press's steps after the key's, in the same
			// rule, where the key is stuck; -fall: the press's steps of
			// its own ladder.
			a, k = t.fallback, pressKey(i)
			lad := t.ladder
			if t.fallLadder != nil {
				lad = t.fallLadder
			}
			for _, st := range lad {
				K := k - st[1]
				t.cost(i, a, K, int(st[0]))
				for d := 1; d <= int(st[0]); d++ {
					if a.mW[d][i] < K {
						res = t.follow(i, a, K, d)
						t.fellBack++
						goto done
					}
				}
			}
		}
		t.stuck++
		t.stuckAt = append(t.stuckAt, i)
	done:
		t.V[i] = int32(min(res, vFail))
		return res
	}
	t.cost(i, a, k, a.depth)
	for d := 1; d <= a.depth; d++ {
		if a.mW[d][i] < k {
			res = t.follow(i, a, k, d)
			break
		}
	}
	if res == vFail && a.mW[a.depth][i] >= k {
		t.stuck++
		t.stuckAt = append(t.stuckAt, i)
	}
	t.V[i] = int32(min(res, vFail))
	return res
}

// follow plays from White-to-move i, inside a tree of advice a with r
// moves left.
func (t *Table) follow(i int, a *Advice, k int32, r int) int {
	var buf [48]int
	for _, j := range a.ordered(i, buf[:0]) {
		if a.cB[r-1][j] < k {
			v := t.afterB(j, a, k, r-1)
			if v >= vFail {
				return vFail
			}
			return 1 + v
		}
	}
	return vFail
}

func (t *Table) afterB(j int, a *Advice, k int32, r int) int {
	if mated[j] {
		return 0
	}
	var buf [8]int
	reps, _ := blackMoves(j, buf[:0])
	goal := a.leaf(j) < k
	worst := 0
	for _, i := range reps {
		var v int
		if goal {
			v = t.consult(i)
		} else {
			v = t.follow(i, a, k, r)
		}
		if v >= vFail {
			return vFail
		}
		worst = max(worst, v)
	}
	return worst
}

// fStrip is the room's strip: the fewest lines from one edge of the board
// that hold the whole room (1: the room on an edge line); fSpan the
// number of lines along that edge the room spans (the least over the
// edges of the narrowest strip).
var fStrip, fSpan []int8

func stripFeatures() {
	fStrip = make([]int8, N)
	fSpan = make([]int8, N)
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		r := roomB[p]
		if r == 0 {
			return
		}
		minF, maxF, minR, maxR := 7, 0, 7, 0
		for b := r; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			minF, maxF = min(minF, s&7), max(maxF, s&7)
			minR, maxR = min(minR, s>>3), max(maxR, s>>3)
		}
		// widths from the a-file, h-file, first rank, eighth rank; the span along each
		cand := [4][2]int{{maxF + 1, maxR - minR + 1}, {8 - minF, maxR - minR + 1}, {maxR + 1, maxF - minF + 1}, {8 - minR, maxF - minF + 1}}
		best := cand[0]
		for _, c := range cand[1:] {
			if c[0] < best[0] || c[0] == best[0] && c[1] < best[1] {
				best = c
			}
		}
		fStrip[p], fSpan[p] = int8(best[0]), int8(best[1])
	})
}

// p2Only (-p2only n): the ladder's first n steps are tried only in phase
// 2 (room + 3 x corner box above -phase).
var p2Only int

func stepHere(i, x int) bool {
	if deepWhen != nil && (x < deepOnly || deepSet[x]) {
		return deepWhen(i)
	}
	if deepWhen2 != nil && deepSet2[x] {
		return deepWhen2(i)
	}
	return x >= p2Only || int(fRoom[i])+3*int(fBox[i]) > phaseS
}

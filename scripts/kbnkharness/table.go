package main

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

const INF = 1 << 30

// Features of a placement with White to move, read on the black king's
// room: its size, its mate box (the side of the smallest square in a
// corner of the bishop's colour that holds it), the white king's and the
// minor pieces' distances to it, its weight toward the mate corners.
var fRoom, fBox, fK2R, fM2R, fCD []int8
var fW4, fW7 []int64
var fSafe []bool // Black to move: no minor piece en prise, no stalemate

func distToSet(s int, set uint64) int {
	best := 15
	for b := set; b != 0; b &= b - 1 {
		best = min(best, dist(s, bits.TrailingZeros64(b)))
	}
	return best
}

func cornerDist(s int) int { return min(dist(s, cornerH1), dist(s, cornerA8)) }

func features() {
	fRoom = make([]int8, N)
	fBox = make([]int8, N)
	fK2R = make([]int8, N)
	fM2R = make([]int8, N)
	fCD = make([]int8, N)
	fW4 = make([]int64, N)
	fW7 = make([]int64, N)
	fSafe = make([]bool, N)
	parFor(N, func(p int) {
		if !valid[p] {
			return
		}
		wk, b, n, bk := dec(p)
		r := roomB[p]
		rh, ra := 0, 0
		var w4, w7 int64
		for x := r; x != 0; x &= x - 1 {
			s := bits.TrailingZeros64(x)
			rh = max(rh, dist(s, cornerH1))
			ra = max(ra, dist(s, cornerA8))
			d := cornerDist(s)
			w4 += 1 << (3 * uint(min(d, 4)))
			w7 += 1 << (3 * uint(d))
		}
		fRoom[p] = int8(bits.OnesCount64(r))
		fBox[p] = int8(1 + min(rh, ra))
		fK2R[p] = int8(distToSet(wk, r))
		fM2R[p] = int8(distToSet(b, r) + distToSet(n, r))
		fCD[p] = int8(cornerDist(bk))
		fW4[p], fW7[p] = w4, w7
		safe := (dist(b, bk) > 1 || defB[p]) && (dist(n, bk) > 1 || defN[p])
		fSafe[p] = safe && !stalemated[p]
	})
}

// An Advice: a goal of the form "mate, or every reply lower than a
// threshold in key" (leaf at Black's turns: -1 for a mate, the greatest
// key over the replies otherwise; the goal holds at j when leaf(j) < the
// threshold), the holding goal SAFE at Black's turns, a depth.
type Advice struct {
	name  string
	depth int
	key   []int32          // the goal's key at White's turns after a reply; INF outside the goal's region
	root  []int32          // the key of the root the threshold is read on (key when nil)
	hold  func(p int) bool // a holding goal besides SAFE, at every node (nil: none)
	lB    []int32          // at Black's turns
	cB    [][]int32        // cB[r][j]: the least threshold a tree of r more moves reaches from Black-to-move j (above it: reached)
	mW    [][]int32        // mW[r][i]: the same from White-to-move i with r moves
}

func newAdvice(name string, key []int32, depth int) *Advice {
	return newAdviceRoot(name, key, nil, nil, depth)
}

func newAdviceRoot(name string, key, root []int32, hold func(p int) bool, depth int) *Advice {
	if root == nil {
		root = key
	}
	a := &Advice{name: name, depth: depth, key: key, root: root, hold: hold}
	a.lB = make([]int32, N)
	parForBuf(N, func(j int, buf *[2][]int) {
		a.lB[j] = INF
		if !valid[j] {
			return
		}
		if mated[j] {
			a.lB[j] = -1
			return
		}
		reps, _ := blackMoves(j, buf[0])
		if len(reps) == 0 {
			return
		}
		w := int32(-1)
		for _, i := range reps {
			w = max(w, key[i])
		}
		a.lB[j] = w
	})
	a.cB = make([][]int32, depth)
	a.mW = make([][]int32, depth+1)
	for r := 0; r < depth; r++ {
		c := make([]int32, N)
		m := a.mW[r]
		parForBuf(N, func(j int, buf *[2][]int) {
			c[j] = INF
			if !valid[j] || !fSafe[j] && !mated[j] || a.hold != nil && !a.hold(j) {
				return
			}
			v := a.lB[j]
			if r == 0 || mated[j] {
				c[j] = v
				return
			}
			reps, _ := blackMoves(j, buf[0])
			w := int32(-1)
			for _, i := range reps {
				w = max(w, m[i])
				if w >= v {
					break
				}
			}
			c[j] = min(v, w)
		})
		a.cB[r] = c
		m2 := make([]int32, N)
		parForBuf(N, func(i int, buf *[2][]int) {
			m2[i] = INF
			if !legalW(i) || a.hold != nil && !a.hold(i) {
				return
			}
			for _, j := range whiteMoves(i, buf[0]) {
				m2[i] = min(m2[i], c[j])
			}
		})
		a.mW[r+1] = m2
	}
	a.lB = nil
	return a
}

// A Step of a rule: an advice's tree of depth <= depth to a threshold
// delta below the root's key (0 for the mate).
type Step struct {
	a     *Advice
	depth int
	delta int32
	mate  bool
}

// A Rule: a region (nil: everywhere) and its steps, in order.
type Rule struct {
	name   string
	region func(i int) bool
	steps  []Step
}

type Table struct {
	rules      []Rule
	V          []int32 // the longest defence from a consulted position
	stuck, cyc int
	stuckAt    []int
	cycAt      []int // positions met again in a game
	consults   int
	byDepth    [16]int // consultations by the depth of the tree chosen
	byStep     map[string]int
	pref       *Pref
}

// A Pref is a step of one move tried before a rule's steps where region
// holds: a move after which, whatever the reply, the rule's order (the
// advice's key) is not above the root's and x is below the root's. The
// order (the rule's key, then x), read lexicographically, falls at it
// and at every step of the rule, so the table still cannot cycle.
type Pref struct {
	name   string
	region func(i int) bool
	a      *Advice
	x      func(p int) int64
}

// prefMove is the position after the Pref's move from i (Black to move),
// or -1.
func (t *Table) prefMove(i int) int {
	f := t.pref
	if f == nil || !f.region(i) {
		return -1
	}
	R, xr := f.a.root[i], f.x(i)
	var buf [48]int
	var rb [8]int
	for _, j := range whiteMoves(i, buf[:0]) {
		if mated[j] {
			return j
		}
		if !fSafe[j] {
			continue
		}
		reps, _ := blackMoves(j, rb[:0])
		ok := len(reps) > 0
		for _, r := range reps {
			if f.a.key[r] > R || f.x(r) >= xr {
				ok = false
				break
			}
		}
		if ok {
			return j
		}
	}
	return -1
}

// lenient: a stuck position or a cycle counts as a game of no more
// moves, so that the lengths of a table with a few dead ends can be read
// (the figures are then not a proof of anything).
var lenient bool

const (
	vUnknown = -2
	vBusy    = -3
	vFail    = INF
)

// pick chooses the step and its tree's depth at consulted position i.
func (t *Table) pick(i int) (*Advice, int32, int, string) {
	for _, ru := range t.rules {
		if ru.region != nil && !ru.region(i) {
			continue
		}
		for _, st := range ru.steps {
			K := int32(0)
			if !st.mate {
				K = st.a.root[i] - st.delta
				if st.a.root[i] >= INF {
					continue
				}
			}
			for d := 1; d <= st.depth; d++ {
				if st.a.mW[d][i] < K {
					return st.a, K, d, fmt.Sprintf("%s/%s_%d", ru.name, st.a.name, d)
				}
			}
		}
		return nil, 0, 0, ru.name
	}
	return nil, 0, 0, "none"
}

func (t *Table) play() {
	t.V = make([]int32, N)
	t.byStep = map[string]int{}
	for i := range t.V {
		t.V[i] = vUnknown
	}
	for i := 0; i < N; i++ {
		if legalW(i) && dtmW[i] >= 0 {
			t.consult(i)
		}
	}
}

func (t *Table) consult(i int) int {
	if v := t.V[i]; v != vUnknown {
		if v == vBusy {
			t.cyc++
			if len(t.cycAt) < 20 {
				t.cycAt = append(t.cycAt, i)
			}
			if lenient {
				return 0
			}
			return vFail
		}
		return int(v)
	}
	t.V[i] = vBusy
	t.consults++
	if j := t.prefMove(i); j >= 0 {
		t.byDepth[1]++
		t.byStep[t.pref.name]++
		res := 1
		if !mated[j] {
			var rb [8]int
			reps, _ := blackMoves(j, rb[:0])
			for _, r := range reps {
				res = max(res, 1+t.consult(r))
			}
		}
		t.V[i] = int32(min(res, vFail))
		return res
	}
	a, K, d, name := t.pick(i)
	res := vFail
	if a == nil {
		if lenient {
			res = 0
		}
		t.stuck++
		if len(t.stuckAt) < 20 {
			t.stuckAt = append(t.stuckAt, i)
		}
	} else {
		t.byDepth[d]++
		t.byStep[name]++
		res = t.followMemo(i, a, K, d, map[int64]int{})
	}
	t.V[i] = int32(min(res, vFail))
	return res
}

// follow plays from White-to-move i, inside a tree of advice a with r
// moves left: the first move in the game's order that starts one.
func (t *Table) follow(i int, a *Advice, k int32, r int) int {
	return t.followMemo(i, a, k, r, nil)
}

// followMemo is follow with the tree's positions memoised by the moves
// left (memo, one consultation's: a deep tree's transpositions are met
// many times, and without it following a tree of eight moves is
// exponential). A value depends only on the tree and the consulted
// positions' values, which do not change once known.
func (t *Table) followMemo(i int, a *Advice, k int32, r int, memo map[int64]int) int {
	key := int64(i)<<5 | int64(r)
	if memo != nil {
		if v, ok := memo[key]; ok {
			return v
		}
	}
	v := t.followTree(i, a, k, r, memo)
	if memo != nil {
		memo[key] = v
	}
	return v
}

func (t *Table) followTree(i int, a *Advice, k int32, r int, memo map[int64]int) int {
	var buf [48]int
	for _, j := range whiteMoves(i, buf[:0]) {
		if a.cB[r-1][j] < k {
			v := t.afterB(j, a, k, r-1, memo)
			if v >= vFail {
				return vFail
			}
			return 1 + v
		}
	}
	return vFail
}

func (t *Table) afterB(j int, a *Advice, k int32, r int, memo map[int64]int) int {
	if mated[j] {
		return 0
	}
	var buf [8]int
	reps, _ := blackMoves(j, buf[:0])
	goal := a.leafB(j) < k
	worst := 0
	for _, i := range reps {
		var v int
		if goal {
			v = t.consult(i)
		} else {
			v = t.followMemo(i, a, k, r, memo)
		}
		if v >= vFail {
			return vFail
		}
		worst = max(worst, v)
	}
	return worst
}

func (a *Advice) leafB(j int) int32 {
	if mated[j] {
		return -1
	}
	var buf [8]int
	reps, _ := blackMoves(j, buf[:0])
	if len(reps) == 0 {
		return INF
	}
	w := int32(-1)
	for _, i := range reps {
		w = max(w, a.key[i])
	}
	return w
}

// fen writes a placement with the side to move.
func fen(p int, white bool) string {
	wk, b, n, bk := dec(p)
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			s := r*8 + f
			c := byte(0)
			switch s {
			case wk:
				c = 'K'
			case b:
				c = 'B'
			case n:
				c = 'N'
			case bk:
				c = 'k'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if white {
		sb.WriteString(" w")
	} else {
		sb.WriteString(" b")
	}
	return sb.String()
}

func sqName(s int) string { return string([]byte{byte('a' + s&7), byte('1' + s>>3)}) }

func moveName(a, b int) string {
	wa, ba, na, ka := dec(a)
	wb, bb, nb, kb := dec(b)
	switch {
	case wa != wb:
		return "K" + sqName(wb)
	case ba != bb:
		return "B" + sqName(bb)
	case na != nb:
		return "N" + sqName(nb)
	case ka != kb:
		return "k" + sqName(kb)
	}
	return "?"
}

// line replays the table from consulted position i against the longest
// defence, naming the step of each consultation.
func (t *Table) line(i int) string {
	var out []string
	for steps := 0; steps < 400; steps++ {
		if j := t.prefMove(i); j >= 0 {
			out = append(out, "["+t.pref.name+"]", moveName(i, j))
			if mated[j] {
				return strings.Join(out, " ") + "#"
			}
			var rb [8]int
			best, bv := -1, -1
			for _, x := range blackMoves2(j, rb[:0]) {
				if v := t.consult(x); v > bv {
					best, bv = x, v
				}
			}
			out = append(out, moveName(j, best))
			i = best
			continue
		}
		a, K, d, name := t.pick(i)
		if a == nil {
			return strings.Join(out, " ") + " (stuck)"
		}
		out = append(out, fmt.Sprintf("[%s r%d b%d]", name, fRoom[i], fBox[i]))
		r := d
		for {
			var buf [48]int
			j := -1
			for _, m := range whiteMoves(i, buf[:0]) {
				if a.cB[r-1][m] < K {
					j = m
					break
				}
			}
			out = append(out, moveName(i, j))
			r--
			if mated[j] {
				return strings.Join(out, " ") + "#"
			}
			var rb [8]int
			reps, _ := blackMoves(j, rb[:0])
			goal := a.leafB(j) < K
			best, bv := -1, -1
			for _, x := range reps {
				var v int
				if goal {
					v = t.consult(x)
				} else {
					v = t.follow(x, a, K, r)
				}
				if v > bv {
					best, bv = x, v
				}
			}
			out = append(out, moveName(j, best))
			i = best
			if goal {
				break
			}
		}
	}
	return strings.Join(out, " ")
}

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
		fmt.Printf("worst %d (tablebase %d) from %s: %s\n", all[k].v, dtmW[i], fen(i, true), t.line(i))
	}
}

func blackMoves2(j int, out []int) []int {
	r, _ := blackMoves(j, out)
	return r
}

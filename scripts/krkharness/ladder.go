package main

import "fmt"

// Adv is "E <= E0-K within D moves" (goal read after Black's reply); with
// Pref (D = 1), of the moves that reach it, the one whose worst reply leaves
// E least (the first such in the game's order).
type Adv struct {
	K, D int
	Pref bool
	P    []int32 // the preference's measure (nil: E itself)
	// Drops, when set: the preference is by classes instead, the moves whose
	// worst reply leaves E at least Drops[0] below the root first, then
	// Drops[1], ... (a move order of `then` classes), the first in the
	// game's order within the class.
	Drops []int32
	// Mate: the goal is a mate within D moves (E not read).
	Mate bool
	// Hold, with Mate: every White move of the tree must leave a Black node
	// bn with Hold(bn) (the advice's holding-goal); HoldT, a distinct
	// negative threshold naming it in the trees' memo.
	Hold  func(bn int) bool
	HoldT int32
	// Cond, when set: the advice is tried only where it holds (a rule's
	// condition).
	Cond func(pos int) bool
	// Approach: a move after which, whatever Black replies, E is no larger
	// and the kings are nearer (of those, the one whose worst reply leaves
	// E least, then the kings nearest).
	Approach bool
	// G, when set with Pref: the moves allowed are those after which every
	// reply r has G(root, r) (mates always); of those, the one whose worst
	// reply leaves P least.
	G func(pos, r int) bool
	// Best2: of the first moves of two-move trees that make E smaller, the
	// one whose worst line leaves P least (best2Move), fresh decisions after.
	Best2 bool
	// Keep, with Best2: only first moves after which E is no larger
	// whatever Black replies.
	Keep bool
	// NoCorner: the white king's steps into a corner are not considered
	// (Pref and Best2).
	NoCorner bool
	// TG, when set (not Pref): the goal of a tree of depth D is TG(root, r)
	// read after Black's reply r, instead of E <= E0-K.
	TG func(root, r int) bool
}

type satKey struct {
	pos int32
	t   int32
	b   int8
}

type Ladder struct {
	E     Efunc
	Ev    []int32
	advs  []Adv
	sat   map[satKey]int8 // -1 no tree, else move index+1... store 0 = unknown
	V     []int32
	state []int8 // 0 unvisited 1 in progress 2 done
	stuck int
	useD  [8]int
	cyc   int
	lastW int32
	lastI int
	// Ord, when set, orders the moves of the trees (`moves A then B`): the
	// class of each move, lower first, the game's order within a class.
	Ord func(pos, b int) int
	// RootOrd, when set, orders the first move of the trees instead (the
	// language's `moves A then B, any`).
	RootOrd func(pos, b int) int
	rootSat map[satKey]int8
	// holds: the Mate advice's holding-goals by their threshold.
	holds map[int32]func(bn int) bool
	// Override, when set: a move index to play at a fresh decision instead
	// of the table's (-1: the table's).
	Override func(pos int) int
}

// order is the moves' indices in the trees' order.
func (L *Ladder) order(pos int) []int { return L.orderBy(pos, L.Ord) }

func (L *Ladder) orderBy(pos int, ord func(pos, b int) int) []int {
	idx := make([]int, len(wMoves[pos]))
	for j := range idx {
		idx[j] = j
	}
	if ord == nil {
		return idx
	}
	cl := make([]int, len(idx))
	for j := range idx {
		cl[j] = ord(pos, int(wMoves[pos][j]))
	}
	for a := 1; a < len(idx); a++ {
		for c := a; c > 0 && cl[idx[c]] < cl[idx[c-1]]; c-- {
			idx[c], idx[c-1] = idx[c-1], idx[c]
		}
	}
	return idx
}

func NewLadder(E Efunc, advs []Adv) *Ladder {
	L := &Ladder{E: E, advs: advs, sat: map[satKey]int8{}}
	L.Ev = make([]int32, N)
	for i := 0; i < N; i++ {
		if legalW(i) {
			a, b, c := dec(i)
			L.Ev[i] = int32(E(a, b, c))
		}
	}
	L.V = make([]int32, N)
	L.state = make([]int8, N)
	for _, a := range advs {
		if a.Mate && a.Hold != nil {
			if L.holds == nil {
				L.holds = map[int32]func(bn int) bool{}
			}
			L.holds[a.HoldT] = a.Hold
		}
	}
	return L
}

// treeMove: first move index with a tree within budget b to reach E<=t; -1 none
func (L *Ladder) treeMove(pos int, t int32, b int) int {
	if b <= 0 {
		return -1
	}
	k := satKey{int32(pos), t, int8(b)}
	if v, ok := L.sat[k]; ok {
		return int(v)
	}
	res := -1
	hold := L.holds[t]
	for _, j := range L.order(pos) {
		bn := wMoves[pos][j]
		if wMate[pos][j] {
			res = j
			break
		}
		if hold != nil && !hold(int(bn)) {
			continue
		}
		ok := true
		for _, r := range bRep[bn] {
			if L.Ev[r] <= t {
				continue
			}
			if L.treeMove(int(r), t, b-1) < 0 {
				ok = false
				break
			}
		}
		if ok {
			res = j
			break
		}
	}
	L.sat[k] = int8(res)
	return res
}

// treeMoveR is treeMove at a tree's root, its first move in RootOrd's
// order when that is set.
func (L *Ladder) treeMoveR(pos int, t int32, b int) int {
	if L.RootOrd == nil {
		return L.treeMove(pos, t, b)
	}
	if L.rootSat == nil {
		L.rootSat = map[satKey]int8{}
	}
	k := satKey{int32(pos), t, int8(b)}
	if v, ok := L.rootSat[k]; ok {
		return int(v)
	}
	res := -1
	hold := L.holds[t]
	for _, j := range L.orderBy(pos, L.RootOrd) {
		bn := wMoves[pos][j]
		if wMate[pos][j] {
			res = j
			break
		}
		if hold != nil && !hold(int(bn)) {
			continue
		}
		ok := true
		for _, r := range bRep[bn] {
			if L.Ev[r] <= t {
				continue
			}
			if L.treeMove(int(r), t, b-1) < 0 {
				ok = false
				break
			}
		}
		if ok {
			res = j
			break
		}
	}
	L.rootSat[k] = int8(res)
	return res
}

// followR is follow from a tree's root.
func (L *Ladder) followR(pos int, t int32, b int) int32 {
	if L.RootOrd == nil {
		return L.follow(pos, t, b)
	}
	j := L.treeMoveR(pos, t, b)
	if j < 0 {
		return INF
	}
	if wMate[pos][j] {
		return 1
	}
	var mx int32
	for _, r := range bRep[wMoves[pos][j]] {
		var x int32
		if L.Ev[r] <= t {
			x = L.val(int(r))
		} else {
			x = L.follow(int(r), t, b-1)
		}
		if x > mx {
			mx = x
		}
	}
	if mx >= INF {
		return INF
	}
	return mx + 1
}

// fresh decision value
func (L *Ladder) val(pos int) int32 {
	switch L.state[pos] {
	case 2:
		return L.V[pos]
	case 1:
		L.cyc++
		return INF
	}
	L.state[pos] = 1
	var v int32 = INF
	e0 := L.Ev[pos]
	found := false
	if L.Override != nil {
		if j := L.Override(pos); j >= 0 {
			v = L.playMove(pos, j)
			L.V[pos] = v
			L.state[pos] = 2
			return v
		}
	}
	for _, a := range L.advs {
		if a.Cond != nil && !a.Cond(pos) {
			continue
		}
		t := e0 - int32(a.K)
		if a.Mate {
			t = -1 << 30
			if a.Hold != nil {
				t = a.HoldT
			}
		}
		if a.Approach {
			if j := L.approachMove(pos); j >= 0 {
				L.useD[1]++
				v = L.playMove(pos, j)
				found = true
				break
			}
			continue
		}
		if a.Best2 {
			if j := L.best2Move(pos, a.P, a.Keep, a.NoCorner); j >= 0 {
				L.useD[2]++
				v = L.playMove(pos, j)
				found = true
				break
			}
			continue
		}
		if a.Pref {
			j := -1
			if a.G != nil {
				j = L.guardMove(pos, a.G, a.P)
			} else if a.Drops != nil {
				j = L.classMove(pos, a.Drops)
			} else {
				j = L.prefMoveNC(pos, t, a.P, a.NoCorner)
			}
			if j >= 0 {
				L.useD[1]++
				v = L.playMove(pos, j)
				found = true
				break
			}
			continue
		}
		if a.TG != nil {
			curG = uintptr(a.K)
			for D := 1; D <= a.D; D++ {
				if L.treeMoveG(pos, pos, a.TG, D) >= 0 {
					L.useD[D]++
					v = L.followG(pos, pos, a.TG, D, a.K)
					found = true
					break
				}
			}
			if found {
				break
			}
			continue
		}
		for D := 1; D <= a.D; D++ {
			if L.treeMoveR(pos, t, D) >= 0 {
				L.useD[D]++
				v = L.followR(pos, t, D)
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		L.stuck++
	}
	L.V[pos] = v
	L.state[pos] = 2
	return v
}

func (L *Ladder) follow(pos int, t int32, b int) int32 {
	j := L.treeMove(pos, t, b)
	if j < 0 {
		return INF
	}
	if wMate[pos][j] {
		return 1
	}
	var mx int32
	for _, r := range bRep[wMoves[pos][j]] {
		var x int32
		if L.Ev[r] <= t {
			x = L.val(int(r))
		} else {
			x = L.follow(int(r), t, b-1)
		}
		if x > mx {
			mx = x
		}
	}
	if mx >= INF {
		return INF
	}
	return mx + 1
}

func (L *Ladder) run(name string) {
	for i := 0; i < N; i++ {
		if dtm[i] < INF && legalW(i) {
			L.val(i)
		}
	}
	report(name, L.V)
	fmt.Printf("  stuck %d, cycle hits %d, fresh decisions by tree depth 1-6: %v\n", L.stuck, L.cyc, L.useD[1:7])
}

// prefMove: of the moves whose every reply has E <= t (or mate), the one
// whose worst reply leaves E least; -1 none.
func (L *Ladder) prefMove(pos int, t int32, P []int32) int {
	if P == nil {
		P = L.Ev
	}
	best, bj := int32(1<<30), -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		w, p := int32(-1<<30), int32(-1<<30)
		for _, r := range bRep[bn] {
			w = max(w, L.Ev[r])
			p = max(p, P[r])
		}
		if w <= t && p < best {
			best, bj = p, j
		}
	}
	return bj
}

func (L *Ladder) playMove(pos, j int) int32 {
	if wMate[pos][j] {
		return 1
	}
	var mx int32
	for _, r := range bRep[wMoves[pos][j]] {
		x := L.val(int(r))
		if x > mx {
			mx = x
		}
	}
	if mx >= INF {
		return INF
	}
	return mx + 1
}

func sq(s int) string { return string(rune('a'+s&7)) + string(rune('1'+s>>3)) }

// FEN of a position with White to move.
func fen(i int) string {
	wk, wr, bk := dec(i)
	b := ""
	for r := 7; r >= 0; r-- {
		e := 0
		for f := 0; f < 8; f++ {
			s := r*8 + f
			c := byte(0)
			switch s {
			case wk:
				c = 'K'
			case wr:
				c = 'R'
			case bk:
				c = 'k'
			}
			if c == 0 {
				e++
				continue
			}
			if e > 0 {
				b += string(rune('0' + e))
				e = 0
			}
			b += string(c)
		}
		if e > 0 {
			b += string(rune('0' + e))
		}
		if r > 0 {
			b += "/"
		}
	}
	return b + " w"
}

func wmoveName(pos, j int) string {
	wk, wr, _ := dec(pos)
	nk, nr, _ := dec(int(wMoves[pos][j]))
	if nk != wk {
		return "K" + sq(nk)
	}
	_ = wr
	return "R" + sq(nr)
}

// line prints the table's line from a fresh decision at pos against the
// defence that makes it longest, with E after each Black reply.
func (L *Ladder) line(pos int) string {
	out := ""
	for n := 0; n < 80; n++ {
		// find the advice as val does
		e0 := L.Ev[pos]
		j, t, b := -1, int32(0), 0
		for _, a := range L.advs {
			if a.Cond != nil && !a.Cond(pos) {
				continue
			}
			t = e0 - int32(a.K)
			if a.Mate {
				t = -1 << 30
				if a.Hold != nil {
					t = a.HoldT
				}
			}
			if a.Approach {
				if j = L.approachMove(pos); j >= 0 {
					b = 1
					break
				}
				continue
			}
			if a.Pref {
				if a.G != nil {
					j = L.guardMove(pos, a.G, a.P)
				} else if a.Drops != nil {
					j = L.classMove(pos, a.Drops)
				} else {
					j = L.prefMoveNC(pos, t, a.P, a.NoCorner)
				}
				if j >= 0 {
					b = 1
					break
				}
				continue
			}
			for D := 1; D <= a.D; D++ {
				if j = L.treeMove(pos, t, D); j >= 0 {
					b = D
					break
				}
			}
			if j >= 0 {
				break
			}
		}
		if j < 0 {
			return out + " stuck"
		}
		// follow the tree to its leaf
		for {
			out += " " + wmoveName(pos, j)
			if wMate[pos][j] {
				return out + "#"
			}
			worst, wr := int32(-1), -1
			for _, r := range bRep[wMoves[pos][j]] {
				var x int32
				if L.Ev[r] <= t || b <= 1 {
					x = L.val(int(r))
				} else {
					x = L.follow(int(r), t, b-1)
				}
				if x > worst {
					worst, wr = x, int(r)
				}
			}
			_, _, bk := dec(wr)
			out += fmt.Sprintf(" K%s(%d)", sq(bk), L.Ev[wr])
			pos = wr
			if L.Ev[wr] <= t || b <= 1 {
				break
			}
			b--
			j = L.treeMove(pos, t, b)
		}
	}
	return out
}

// worstLines prints n of the starts with the longest mates.
func (L *Ladder) worstLines(n int) {
	for k := 0; k < n; k++ {
		bi, bv := -1, int32(-1)
		for i := 0; i < N; i++ {
			if dtm[i] < INF && legalW(i) && L.V[i] < INF && L.V[i] > bv && (k == 0 || L.V[i] < L.lastW || (L.V[i] == L.lastW && i > L.lastI)) {
				bi, bv = i, L.V[i]
			}
		}
		if bi < 0 {
			return
		}
		L.lastW, L.lastI = bv, bi
		fmt.Printf("  %d (tb %d) %s:%s\n", bv, dtm[bi], fen(bi), L.line(bi))
	}
}

// tbLine prints the tablebase's line from pos: White's fastest mate (the
// first such move in the game's order), Black's longest defence.
func tbLine(pos int) string {
	out := ""
	for n := 0; n < 40; n++ {
		d := dtm[pos]
		for j, b := range wMoves[pos] {
			if wMate[pos][j] {
				return out + " " + wmoveName(pos, j) + "#"
			}
			mx, mr := int32(-1), -1
			for _, r := range bRep[b] {
				if dtm[r] > mx {
					mx, mr = dtm[r], int(r)
				}
			}
			if mx == d-1 {
				_, _, bk := dec(mr)
				out += " " + wmoveName(pos, j) + " K" + sq(bk)
				pos = mr
				break
			}
		}
	}
	return out
}

// parseFEN reads the placement part of a KRK FEN with White to move.
func parseFEN(f string) int {
	wk, wr, bk := -1, -1, -1
	r, c := 7, 0
	for _, ch := range f {
		switch {
		case ch == ' ':
			return enc(wk, wr, bk)
		case ch == '/':
			r, c = r-1, 0
		case ch >= '1' && ch <= '8':
			c += int(ch - '0')
		default:
			s := r*8 + c
			switch ch {
			case 'K':
				wk = s
			case 'R':
				wr = s
			case 'k':
				bk = s
			}
			c++
		}
	}
	return enc(wk, wr, bk)
}

// classMove: the first move of the first class (worst reply's E at least
// d below the root, for d in drops) that has one; mates first.
func (L *Ladder) classMove(pos int, drops []int32) int {
	e0 := L.Ev[pos]
	for j := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
	}
	for _, d := range drops {
		for j, bn := range wMoves[pos] {
			w := int32(-1 << 30)
			for _, r := range bRep[bn] {
				w = max(w, L.Ev[r])
			}
			if w <= e0-d {
				return j
			}
		}
	}
	return -1
}

// approachMove: of the moves after which, whatever Black replies, E is no
// larger than at the root and the kings' distance smaller, the one whose
// worst reply leaves E least (then the kings' distance least); -1 none.
func (L *Ladder) approachMove(pos int) int {
	wk, _, bk := dec(pos)
	d0 := dist(wk, bk)
	e0 := L.Ev[pos]
	best, bj := int32(1<<30), -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		w, ok := int32(-1<<30), true
		for _, r := range bRep[bn] {
			rk, _, rb := dec(int(r))
			if L.Ev[r] > e0 || dist(rk, rb) >= d0 {
				ok = false
				break
			}
			w = max(w, L.Ev[r]*16+int32(dist(rk, rb)))
		}
		if ok && w < best {
			best, bj = w, j
		}
	}
	return bj
}

// guardMove: of the moves after which every reply r has G(pos, r), the one
// whose worst reply leaves P least (mates first); -1 none.
func (L *Ladder) guardMove(pos int, G func(pos, r int) bool, P []int32) int {
	if P == nil {
		P = L.Ev
	}
	best, bj := int32(1<<30), -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		p, ok := int32(-1<<30), true
		for _, r := range bRep[bn] {
			if !G(pos, int(r)) {
				ok = false
				break
			}
			p = max(p, P[r])
		}
		if ok && p < best {
			best, bj = p, j
		}
	}
	return bj
}

package main

import (
	"fmt"
	"sort"
)

// The fifteenth session's experiments (docs/verify.md, "A fifteenth
// session"; branch h17w): bucketed policy iteration (h17wbucket), where
// krk-short.al1's moves over the tablebase go (h17wattr, h17wfs), the
// fallback trees' order (h17word), the best two-move tree as the fallback
// (h17wbest2, h17wcorner2-4), two-move plans by the kings' walk as a
// ladder of goals (h17wfl, h17wgl), with a corner rule (h17wcombo,
// h17wcornervar) and the rook's move away before it (h17wrookaway,
// h17wrookaway2: the shipped krk-short.al1 is its "far, ladder [8 6 4 3
// 2]").

// bucketPI: policy iteration through a few features. The preference is
// the mean of the table's own values over the positions that share the
// features' values (a bucket), so what a preference over those features
// alone can do is seen before a formula for it is looked for.
func bucketPI(name string, key func(pos int) int, iters int) []int32 {
	Ef := withMove(roomLoose(32), 6, 6)
	P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	var last []int32
	for it := 0; it < iters; it++ {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L := try(fmt.Sprint(name, " it ", it), Ef, a)
		last = P
		sum := map[int]float64{}
		cnt := map[int]float64{}
		for i := 0; i < N; i++ {
			if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF {
				continue
			}
			k := key(i)
			sum[k] += float64(L.V[i])
			cnt[k]++
		}
		P = make([]int32, N)
		for i := 0; i < N; i++ {
			if !legalW(i) {
				continue
			}
			k := key(i)
			if cnt[k] == 0 {
				P[i] = 10000
				continue
			}
			P[i] = int32(100 * sum[k] / cnt[k])
		}
		fmt.Println("  buckets", len(cnt))
	}
	return last
}

func h17wBucket() {
	C := table(withMove(roomLoose(32), 6, 6))
	keys := []struct {
		name string
		k    func(pos int) int
	}{
		{"(cage, manh)", func(i int) int { wk, _, bk := dec(i); return int(C[i])*100 + manh(wk, bk) }},
		{"(cage, manh, band)", func(i int) int {
			wk, wr, bk := dec(i)
			return int(C[i])*10000 + manh(wk, bk)*100 + roomBand(wk, wr, bk)
		}},
		{"(cage, kdist, bkedge)", func(i int) int {
			wk, _, bk := dec(i)
			e := imin(imin(bk&7, 7-bk&7), imin(bk>>3, 7-bk>>3))
			return int(C[i])*10000 + dist(wk, bk)*100 + e
		}},
	}
	for _, k := range keys {
		bucketPI(k.name, k.k, 4)
	}
}

// decide is the table's fresh decision at pos, as val makes it: the move,
// the advice's threshold and depth, and the advice's index (-1 stuck).
func (L *Ladder) decide(pos int) (j int, t int32, b int, ai int) {
	e0 := L.Ev[pos]
	for k, a := range L.advs {
		if a.Cond != nil && !a.Cond(pos) {
			continue
		}
		t = e0 - int32(a.K)
		if a.Mate {
			t = -1 << 30
		}
		if a.Approach {
			if j = L.approachMove(pos); j >= 0 {
				return j, t, 1, k
			}
			continue
		}
		if a.Best2 {
			if j = L.best2Move(pos, a.P, a.Keep, a.NoCorner); j >= 0 {
				return j, t, 1, k
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
				return j, t, 1, k
			}
			continue
		}
		for D := 1; D <= a.D; D++ {
			if j = L.treeMove(pos, t, D); j >= 0 {
				return j, t, D, k*10 + D
			}
		}
	}
	return -1, 0, 0, -1
}

// nextFresh is the worst next fresh decision after the decision (j, t, b)
// at pos (-1: mate), and whether the first move was the king's.
func (L *Ladder) nextFresh(pos, j int, t int32, b int) (int, bool) {
	wk0, _, _ := dec(pos)
	king := false
	first := true
	for {
		if wMate[pos][j] {
			return -1, king
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
		if first {
			nk, _, _ := dec(wr)
			king = nk != wk0
			first = false
		}
		pos = wr
		if L.Ev[wr] <= t || b <= 1 {
			return pos, king
		}
		b--
		j = L.treeMove(pos, t, b)
	}
}

// attribute: the starts' excess over the tablebase, summed over the fresh
// decisions of their worst lines, by a category of the decision.
func attribute(L *Ladder, cat func(pos, ai int, king bool) string) {
	sum := map[string]float64{}
	cnt := map[string]int{}
	total, starts := 0.0, 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF {
			continue
		}
		starts++
		p := i
		for steps := 0; steps < 60 && p >= 0; steps++ {
			j, t, b, ai := L.decide(p)
			if j < 0 {
				break
			}
			q, king := L.nextFresh(p, j, t, b)
			d := float64(L.V[p] - dtm[p])
			if q >= 0 {
				d -= float64(L.V[q] - dtm[q])
			}
			c := cat(p, ai, king)
			sum[c] += d
			cnt[c]++
			total += d
			p = q
		}
	}
	keys := []string{}
	for k := range sum {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return sum[keys[a]] > sum[keys[b]] })
	fmt.Printf("  total excess %.0f over %d starts (%.2f a start)\n", total, starts, total/float64(starts))
	for _, k := range keys {
		fmt.Printf("  %-40s %9.0f (%.2f a start) over %d decisions (%.3f each)\n", k, sum[k], sum[k]/float64(starts), cnt[k], sum[k]/float64(cnt[k]))
	}
}

func krkShortLadder() (*Ladder, Efunc) {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
	a[1].P = cm
	L := try("krk-short", Ef, a)
	return L, Ef
}

func h17wAttr() {
	L, _ := krkShortLadder()
	E := L.Ev
	kind := func(ai int, king bool) string {
		s := fmt.Sprint("adv ", ai)
		if king {
			return s + " king"
		}
		return s + " rook"
	}
	fmt.Println("by advice and piece:")
	attribute(L, func(pos, ai int, king bool) string { return kind(ai, king) })
	fmt.Println("by cage White can make:")
	attribute(L, func(pos, ai int, king bool) string {
		c := E[pos]
		switch {
		case c <= 6:
			return "cage <= 6"
		case c <= 12:
			return "cage 7-12"
		case c <= 20:
			return "cage 13-20"
		case c <= 30:
			return "cage 21-30"
		}
		return "cage > 30"
	})
	fmt.Println("by kings' distance, white king's corner distance:")
	attribute(L, func(pos, ai int, king bool) string {
		wk, _, bk := dec(pos)
		return fmt.Sprint("kd ", dist(wk, bk), " wkcorner ", imin(cornerDist(wk), 2))
	})
}

func h17wFallLadder() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	g := guardOpt("guarded optimum", E)
	orc := Adv{K: -1 << 20, D: 1, Pref: true, P: g}
	try("krk-short pref, oracle fallback", Ef, []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, orc})
	for _, ks := range [][]int{{6, 3, 1}, {4, 2, 1}, {8, 4, 2, 1}, {12, 6, 3, 1}, {2, 1}} {
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}}
		for _, k := range ks {
			a = append(a, Adv{K: k, D: 2})
		}
		for d := 3; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try(fmt.Sprint("fallback ladder at depth 2 ", ks), Ef, a)
	}
}

func h17wFallShow() {
	L, _ := krkShortLadder()
	n := 0
	for i := 0; i < N && n < 25; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF {
			continue
		}
		j, t, b, ai := L.decide(i)
		if ai != 22 || i%97 != 0 {
			continue
		}
		q, _ := L.nextFresh(i, j, t, b)
		if L.V[i]-dtm[i]-(L.V[q]-dtm[q]) < 1 {
			continue
		}
		n++
		fmt.Printf("%s E %d V %d tb %d | table:%s\n   tb:%s\n", fen(i), L.Ev[i], L.V[i], dtm[i], cut(L.line(i), 6), cut(tbLine(i), 6))
	}
}

func cut(s string, k int) string {
	f := 0
	for i := range s {
		if s[i] == ' ' {
			f++
			if f > k {
				return s[:i]
			}
		}
	}
	return s
}

// h17wOrder: krk-short.al1 with its trees' moves in finer classes.
func h17wOrder() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	kcls := func(pos, b int) (bool, int, int) {
		wk, _, bk := dec(pos)
		nk, _, _ := dec(b)
		return nk != wk, manh(nk, bk) - manh(wk, bk), dist(nk, bk) - dist(wk, bk)
	}
	orders := []struct {
		name string
		o    func(pos, b int) int
	}{
		{"diag toward, orth toward, rook, rest", func(pos, b int) int {
			k, dm, _ := kcls(pos, b)
			if !k {
				return 2
			}
			switch dm {
			case -2:
				return 0
			case -1:
				return 1
			}
			return 3
		}},
		{"diag toward, orth toward, rest(rook in order)", func(pos, b int) int {
			k, dm, _ := kcls(pos, b)
			if k && dm == -2 {
				return 0
			}
			if k && dm == -1 {
				return 1
			}
			return 2
		}},
		{"king dist nearer & manh -2, manh -1, rook, rest", func(pos, b int) int {
			k, dm, dd := kcls(pos, b)
			if !k {
				return 3
			}
			if dd < 0 && dm == -2 {
				return 0
			}
			if dd < 0 {
				return 1
			}
			if dm < 0 {
				return 2
			}
			return 4
		}},
		{"manh -2, rook, manh -1, rest", func(pos, b int) int {
			k, dm, _ := kcls(pos, b)
			if !k {
				return 1
			}
			switch dm {
			case -2:
				return 0
			case -1:
				return 2
			}
			return 3
		}},
	}
	for _, o := range orders {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = cm
		L := NewLadder(Ef, a)
		L.Ord = o.o
		L.run("trees' order: " + o.name)
	}
}

// best2Move: of the moves after which, whatever Black replies, some move
// makes E smaller than at pos against every reply, the one whose worst
// reply leaves that second move's worst P least (a two-move tree chosen by
// its value, not the first found). -1 none.
func (L *Ladder) best2Move(pos int, P []int32, keep, nc bool) int {
	t := L.Ev[pos] - 1
	best, bj := int32(1<<30), -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		if nc && intoCorner(pos, int(bn)) {
			continue
		}
		worst := int32(-1 << 30)
		for _, r := range bRep[bn] {
			if keep && L.Ev[r] > L.Ev[pos] {
				worst = 1 << 30
				break
			}
			b2 := int32(1 << 30)
			if L.Ev[r] <= t {
				b2 = P[r] // already below: as good as the position itself
			}
			for j2, bn2 := range wMoves[r] {
				if wMate[r][j2] {
					b2 = -1 << 20
					break
				}
				w, p := int32(-1<<30), int32(-1<<30)
				for _, r2 := range bRep[bn2] {
					w = max(w, L.Ev[r2])
					p = max(p, P[r2])
				}
				if w <= t && p < b2 {
					b2 = p
				}
			}
			worst = max(worst, b2)
			if worst >= best {
				break
			}
		}
		if worst < best {
			best, bj = worst, j
		}
	}
	if best >= 1<<30 {
		return -1
	}
	return bj
}

func h17wBest2() {
	Ef := withMove(roomLoose(32), 6, 6)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	for _, follow := range []bool{false} {
		_ = follow
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {K: 1, D: 1, Pref: true, P: cm}, {Best2: true, P: cm}}
		for d := 3; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		L := try("krk-short, fallback the best two-move tree (fresh)", Ef, a)
		L.worstLines(*nlines)
	}
}

func h17wCorner2() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	for _, c := range []struct {
		cd, kd int
		slack  int32
	}{{0, 8, 100}, {0, 3, 100}, {0, 4, 100}, {1, 3, 100}, {0, 8, 6}, {0, 8, 0}} {
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
		a := []Adv{{Mate: true, D: 3, Cond: bkEdgeClose}, {Pref: true, D: 1, G: out, P: cm, Cond: cond}, {K: 1, D: 1, Pref: true, P: cm}, {Best2: true, P: cm}}
		for d := 3; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try(fmt.Sprint("best2 + corner rule: corner dist <= ", c.cd, " kings within ", c.kd, " cage slack ", c.slack), Ef, a)
	}
}

func h17wCorner3() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mk := func(cd, kd int, slack int32) Adv {
		cond := func(pos int) bool {
			wk, _, bk := dec(pos)
			return cornerDist(wk) <= cd && dist(wk, bk) <= kd
		}
		out := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+slack
		}
		return Adv{Pref: true, D: 1, G: out, P: cm, Cond: cond}
	}
	trees := func(a []Adv) []Adv {
		for d := 3; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		return a
	}
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	b2k := Adv{Best2: true, Keep: true, P: cm}
	b2 := Adv{Best2: true, P: cm}
	t2 := Adv{K: 1, D: 2}
	try("best2 keep", Ef, trees([]Adv{mate, pref, b2k, b2}))
	try("best2 keep, then trees", Ef, trees([]Adv{mate, pref, b2k, t2}))
	for _, sl := range []int32{0, 100} {
		try(fmt.Sprint("A corner first slack ", sl, ", best2 keep, best2"), Ef, trees([]Adv{mate, mk(0, 8, sl), pref, b2k, b2}))
		try(fmt.Sprint("A corner first slack ", sl, ", best2 keep, trees"), Ef, trees([]Adv{mate, mk(0, 8, sl), pref, b2k, t2}))
		try(fmt.Sprint("B corner after pref slack ", sl, ", best2 keep, best2"), Ef, trees([]Adv{mate, pref, mk(0, 8, sl), b2k, b2}))
		try(fmt.Sprint("B corner after pref slack ", sl, ", trees"), Ef, trees([]Adv{mate, pref, mk(0, 8, sl), t2}))
		try(fmt.Sprint("A corner first slack ", sl, ", trees"), Ef, trees([]Adv{mate, mk(0, 8, sl), pref, t2}))
	}
}

// intoCorner: White's move from pos to b puts its king on a corner square.
func intoCorner(pos, b int) bool {
	wk, _, _ := dec(pos)
	nk, _, _ := dec(b)
	return nk != wk && cornerDist(nk) == 0
}

func (L *Ladder) prefMoveNC(pos int, t int32, P []int32, nc bool) int {
	if P == nil {
		P = L.Ev
	}
	best, bj := int32(1<<30), -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		if nc && intoCorner(pos, int(bn)) {
			continue
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

func h17wCorner4() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mk := func(cd, kd int, slack int32) Adv {
		cond := func(pos int) bool {
			wk, _, bk := dec(pos)
			return cornerDist(wk) <= cd && dist(wk, bk) <= kd
		}
		out := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+slack
		}
		return Adv{Pref: true, D: 1, G: out, P: cm, Cond: cond}
	}
	trees := func(a []Adv) []Adv {
		for d := 3; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		return a
	}
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	for _, nc := range []bool{false, true} {
		pref := Adv{K: 1, D: 1, Pref: true, P: cm, NoCorner: nc}
		b2k := Adv{Best2: true, Keep: true, P: cm, NoCorner: true}
		b2 := Adv{Best2: true, P: cm, NoCorner: nc}
		t2 := Adv{K: 1, D: 2}
		try(fmt.Sprint("pref nocorner ", nc, " best2 keep nocorner, best2"), Ef, trees([]Adv{mate, pref, b2k, b2}))
		for _, sl := range []int32{0, 100} {
			for _, kd := range []int{8, 3} {
				try(fmt.Sprint("pref nocorner ", nc, " corner first kd ", kd, " slack ", sl, ", best2 keep nocorner, best2"), Ef, trees([]Adv{mate, mk(0, kd, sl), pref, b2k, b2}))
				try(fmt.Sprint("pref nocorner ", nc, " corner first kd ", kd, " slack ", sl, ", best2 keep nocorner, trees"), Ef, trees([]Adv{mate, mk(0, kd, sl), pref, b2k, t2}))
			}
		}
	}
}

type gKey struct {
	pos, root int32
	b         int8
	g         uintptr
}

var gMemo = map[gKey]int8{}
var gID = map[uintptr]bool{}

// treeMoveG: the first move (in the trees' order) with a forcing tree
// within b moves to a reply r with TG(root, r); -1 none.
func (L *Ladder) treeMoveG(pos, root int, G func(root, r int) bool, b int) int {
	if b <= 0 {
		return -1
	}
	k := gKey{int32(pos), int32(root), int8(b), curG}
	if v, ok := gMemo[k]; ok {
		return int(v)
	}
	res := -1
	ord := L.order(pos)
	if pos == root && L.RootOrd != nil {
		ord = L.orderBy(pos, L.RootOrd)
	}
	for _, j := range ord {
		if f := firstOK[curG]; f != nil && pos == root && b == rootB[curG] && !f(pos, int(wMoves[pos][j])) {
			continue
		}
		if wMate[pos][j] {
			res = j
			break
		}
		ok := true
		for _, r := range bRep[wMoves[pos][j]] {
			if G(root, int(r)) {
				continue
			}
			if L.treeMoveG(int(r), root, G, b-1) < 0 {
				ok = false
				break
			}
		}
		if ok {
			res = j
			break
		}
	}
	gMemo[k] = int8(res)
	return res
}

func (L *Ladder) followG(pos, root int, G func(root, r int) bool, b, id int) int32 {
	curG = uintptr(id)
	j := L.treeMoveG(pos, root, G, b)
	if j < 0 {
		return INF
	}
	if wMate[pos][j] {
		return 1
	}
	var mx int32
	for _, r := range bRep[wMoves[pos][j]] {
		var x int32
		if G(root, int(r)) {
			x = L.val(int(r))
		} else {
			x = L.followG(int(r), root, G, b-1, id)
		}
		mx = max(mx, x)
	}
	if mx >= INF {
		return INF
	}
	return mx + 1
}

var curG uintptr

// firstOK, by a tree's id (curG): the moves its first move may be (the
// language's `moves M1, any`); rootB: that tree's depth.
var firstOK = map[uintptr]func(pos, b int) bool{}
var rootB = map[uintptr]int{}

func h17wGoalLadder() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	for _, ks := range [][]int32{{6, 4, 2}, {4, 2}, {2}, {8, 6, 4, 3, 2}, {3, 2, 1}} {
		a := []Adv{mate, pref}
		for _, k := range ks {
			k := k
			g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
			a = append(a, Adv{D: 2, TG: g, K: int(k)})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		gMemo = map[gKey]int8{}
		try(fmt.Sprint("fallback ladder at depth 2 on cage+manh drop ", ks), Ef, a)
	}
}

func h17wCombo() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mk := func(cd, kd int, slack int32) Adv {
		cond := func(pos int) bool {
			wk, _, bk := dec(pos)
			return cornerDist(wk) <= cd && dist(wk, bk) <= kd
		}
		out := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+slack
		}
		return Adv{Pref: true, D: 1, G: out, P: cm, Cond: cond}
	}
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	ladder := func(ks []int32) []Adv {
		var a []Adv
		for _, k := range ks {
			k := k
			g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
			a = append(a, Adv{D: 2, TG: g, K: int(k)})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		return a
	}
	for _, ks := range ladderSets {
		for _, c := range [][2]int{{3, 100}} {
			a := append([]Adv{mate, mk(0, c[0], int32(c[1])), pref}, ladder(ks)...)
			gMemo = map[gKey]int8{}
			try(fmt.Sprint("corner kd ", c[0], " slack ", c[1], ", pref, ladder ", ks), Ef, a)
		}
	}
}

// ladderSets are the fallback ladders -exp h17wcombo measures (the
// fifteenth session's figures in docs/verify.md).
var ladderSets = [][]int32{{8, 6, 4, 3, 2}, {8, 4, 2}, {6, 3}, {8, 4}, {4}, {6, 4, 2}, {8, 6, 4}, {6, 4},
	{8, 6, 4, 3}, {6, 4, 3, 2}, {8, 6}, {4, 3, 2}, {3, 2}, {4, 3}, {5, 3, 2}, {}}

// h17wCornerVar: the corner rule's reach with the ladder {4, 3, 2}.
func h17wCornerVar() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	for _, c := range [][2]int{{0, 2}, {0, 4}, {1, 2}, {1, 3}} {
		c := c
		cond := func(pos int) bool {
			wk, _, bk := dec(pos)
			return cornerDist(wk) <= c[0] && dist(wk, bk) <= c[1]
		}
		out := func(pos, r int) bool {
			wk, _, _ := dec(pos)
			rk, _, _ := dec(r)
			return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+100
		}
		a := []Adv{mate, {Pref: true, D: 1, G: out, P: cm, Cond: cond}, pref}
		for _, k := range []int32{4, 3, 2} {
			k := k
			g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
			a = append(a, Adv{D: 2, TG: g, K: int(k)})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		gMemo = map[gKey]int8{}
		try(fmt.Sprint("corner dist <= ", c[0], " kings within ", c[1], ", ladder {4 3 2}"), Ef, a)
	}
}

// h17wRookAway: before the corner rule, where the black king attacks the
// undefended rook, the rook's move away (the farthest from the black king
// after the worst reply, then the cage White can make plus the kings'
// Manhattan distance).
func h17wRookAway() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	for _, kd := range []int{3} {
		for _, slack := range []int32{100, 0, 6, 12} {
			kd, line := kd, false
			cornered := func(pos int) bool {
				wk, _, bk := dec(pos)
				return cornerDist(wk) == 0 && dist(wk, bk) <= kd
			}
			attacked := func(pos int) bool {
				wk, wr, bk := dec(pos)
				return cornered(pos) && dist(wr, bk) == 1 && dist(wr, wk) > 1
			}
			away := func(pos, r int) bool {
				wk, wr, _ := dec(pos)
				rk, rr, _ := dec(r)
				if rk != wk || rr == wr || E[r] > E[pos]+slack {
					return false
				}
				return !line || rr&7 == wr&7 || rr>>3 == wr>>3
			}
			out := func(pos, r int) bool {
				wk, _, _ := dec(pos)
				rk, _, _ := dec(r)
				return cornerDist(rk) > cornerDist(wk) && E[r] <= E[pos]+100
			}
			a := []Adv{mate, {Pref: true, D: 1, G: away, P: far, Cond: attacked}, {Pref: true, D: 1, G: out, P: cm, Cond: cornered}, pref}
			for _, k := range []int32{4, 3, 2} {
				k := k
				g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
				a = append(a, Adv{D: 2, TG: g, K: int(k)})
			}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			gMemo = map[gKey]int8{}
			L := try(fmt.Sprint("rook away (cage slack ", slack, "), corner rule, kings within ", kd, ", ladder {4 3 2}"), Ef, a)
			L.worstLines(*nlines)
		}
	}
}

// h17wRookAway2: the rook's move first (the cage no larger) with other
// preferences and ladders.
func h17wRookAway2() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	cornered := func(pos int) bool {
		wk, _, bk := dec(pos)
		return cornerDist(wk) == 0 && dist(wk, bk) <= 3
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
	for _, c := range []struct {
		name string
		P    []int32
		ks   []int32
	}{{"none (krk-short.al1)", nil, []int32{4, 3, 2}}, {"far", far, []int32{6, 4, 3, 2}}, {"cage+manh", cm, []int32{4, 3, 2}}, {"far", far, []int32{8, 6, 4, 3, 2}}} {
		a := []Adv{mate, {Pref: true, D: 1, G: away, P: c.P, Cond: attacked}, {Pref: true, D: 1, G: out, P: cm, Cond: cornered}, pref}
		if c.P == nil {
			a = append(a[:1], a[2:]...)
		}
		for _, k := range c.ks {
			k := k
			g := func(root, r int) bool { return E[r] < E[root] && cm[r] <= cm[root]-k }
			a = append(a, Adv{D: 2, TG: g, K: int(k)})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		gMemo = map[gKey]int8{}
		L := NewLadder(Ef, a)
		L.run(fmt.Sprint("rook away by ", c.name, ", ladder ", c.ks))
		sum, n := 0.0, 0
		for i := 0; i < N; i++ {
			if legalW(i) && dtm[i] < INF && L.V[i] < INF {
				sum += float64(L.V[i])
				n++
			}
		}
		fmt.Printf("  mean %.4f\n", sum/float64(n))
	}
}

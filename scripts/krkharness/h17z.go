package main

import (
	"flag"
	"fmt"
)

// The seventeenth session's experiments (docs/verify.md, "A seventeenth
// session"): where krk-short.al1's moves over the tablebase's go, by phase
// and by class of start.

// rawRoom is the language's room (the rook a wall).
func rawRoom(wk, wr, bk int) int {
	passRook = false
	n, _ := room(wk, wr, bk)
	return n
}

// phaseOf: the phase of a position (White to move): the mate (room <= 6),
// the approach (the kings four squares or more apart), the squeeze.
func phaseOf(pos int) string {
	wk, wr, bk := dec(pos)
	r := rawRoom(wk, wr, bk)
	switch {
	case r <= 6:
		return "mate (room <= 6)"
	case dist(wk, bk) >= 4:
		return "approach (kings >= 4 apart)"
	}
	return "squeeze (kings <= 3 apart)"
}

// attributeIf is attribute over the starts with keep(start).
func attributeIf(L *Ladder, keep func(i int) bool, cat func(pos, ai int, king bool) string) {
	sum := map[string]float64{}
	cnt := map[string]int{}
	total, starts := 0.0, 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF || !keep(i) {
			continue
		}
		starts++
		p := i
		for steps := 0; steps < 60 && p >= 0; steps++ {
			j, t, b, ai := L.decideZ(p)
			if j < 0 {
				break
			}
			q, king := L.nextFreshZ(p, j, t, b, ai)
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
	fmt.Printf("  total excess %.0f over %d starts (%.2f a start)\n", total, starts, total/float64(max(starts, 1)))
	keys := []string{}
	for k := range sum {
		keys = append(keys, k)
	}
	for a := 1; a < len(keys); a++ {
		for c := a; c > 0 && sum[keys[c]] > sum[keys[c-1]]; c-- {
			keys[c], keys[c-1] = keys[c-1], keys[c]
		}
	}
	for _, k := range keys {
		fmt.Printf("  %-44s %9.0f (%.2f a start) over %d decisions (%.3f each)\n", k, sum[k], sum[k]/float64(max(starts, 1)), cnt[k], sum[k]/float64(cnt[k]))
	}
}

var phaseNew = flag.Bool("new", false, "h17zphase: the table with the mate within five in rooms of eight squares or fewer")

// m58 is the seventeenth session's mate advice: a mate within five where
// the room is eight squares or fewer, within three where the black king is
// on the edge near the white king.
func m58() []Adv {
	return []Adv{{Mate: true, D: 5, Cond: roomLE(8)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
}

func h17zPhase() {
	var L *Ladder
	if *phaseNew {
		L = shortZ("krk-short.al1 (mate 5 room <= 8)", zOpts{mates: m58()})
	} else {
		L = shortWith("krk-short.al1", roomLoose(32), 6, 6)
	}
	all := func(int) bool { return true }
	long := func(i int) bool { return L.V[i] > 20 }
	for _, s := range []struct {
		name string
		keep func(int) bool
	}{{"all starts", all}, {"starts over 20", long}} {
		fmt.Println(s.name, "by phase:")
		attributeIf(L, s.keep, func(pos, ai int, king bool) string {
			p := phaseOf(pos)
			if king {
				return p + " king"
			}
			return p + " rook"
		})
	}
	fmt.Println("starts over 20, by phase and advice:")
	attributeIf(L, long, func(pos, ai int, king bool) string { return fmt.Sprint(phaseOf(pos), " adv ", ai) })
	// the start classes
	cls := func(i int) string {
		wk, _, bk := dec(i)
		return fmt.Sprintf("wk corner %d, bk edge %d", imin(cornerDist(wk), 3), edgeDist(bk))
	}
	n := map[string]int{}
	nl := map[string]int{}
	ex := map[string]float64{}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF {
			continue
		}
		c := cls(i)
		n[c]++
		ex[c] += float64(L.V[i] - dtm[i])
		if L.V[i] > 20 {
			nl[c]++
		}
	}
	fmt.Println("start classes: starts, over 20, mean excess")
	for c, k := range n {
		fmt.Printf("  %-28s %7d %6d %.2f\n", c, k, nl[c], ex[c]/float64(k))
	}
	// the mate phase: from the first position of a worst line with room <= 6
	fmt.Println("mate phase: positions with room <= 6 (White to move, won):")
	var cnt, sv, sd int
	var worst int32
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] >= INF {
			continue
		}
		wk, wr, bk := dec(i)
		if rawRoom(wk, wr, bk) > 6 {
			continue
		}
		cnt++
		sv += int(L.V[i])
		sd += int(dtm[i])
		worst = max(worst, L.V[i])
	}
	fmt.Printf("  %d positions, table mean %.2f, tablebase %.2f, table worst %d\n", cnt, float64(sv)/float64(cnt), float64(sd)/float64(cnt), worst)
}

// decideZ is decide with the goal trees (TG) as val plays them: it
// returns the advice's index k (ai = k*10 + depth for trees).
func (L *Ladder) decideZ(pos int) (j int, t int32, b int, ai int) {
	for k, a := range L.advs {
		if a.TG == nil {
			continue
		}
		_ = k
	}
	e0 := L.Ev[pos]
	for k, a := range L.advs {
		if a.Cond != nil && !a.Cond(pos) {
			continue
		}
		if a.TG == nil {
			// the other kinds as decide does, one advice at a time
			sub := &Ladder{Ev: L.Ev, advs: []Adv{a}, sat: L.sat, V: L.V, state: L.state, Ord: L.Ord, E: L.E}
			sub.sat = L.sat
			jj, tt, bb, aa := sub.decide(pos)
			if jj >= 0 {
				if aa >= 10 {
					aa = k*10 + bb
				} else {
					aa = k
				}
				return jj, tt, bb, aa
			}
			continue
		}
		curG = uintptr(a.K)
		for D := 1; D <= a.D; D++ {
			if j = L.treeMoveG(pos, pos, a.TG, D); j >= 0 {
				return j, e0, D, k*10 + D
			}
		}
	}
	return -1, 0, 0, -1
}

// nextFreshZ is nextFresh for decideZ's decisions.
func (L *Ladder) nextFreshZ(pos, j int, t int32, b, ai int) (int, bool) {
	k := ai / 10
	if ai < 10 || L.advs[k].TG == nil {
		return L.nextFresh(pos, j, t, b)
	}
	a := L.advs[k]
	curG = uintptr(a.K)
	root := pos
	wk0, _, _ := dec(pos)
	king, first := false, true
	for {
		if wMate[pos][j] {
			return -1, king
		}
		worst, wr := int32(-1), -1
		for _, r := range bRep[wMoves[pos][j]] {
			var x int32
			if a.TG(root, int(r)) || b <= 1 {
				x = L.val(int(r))
			} else {
				x = L.followG(int(r), root, a.TG, b-1, a.K)
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
		if a.TG(root, wr) || b <= 1 {
			return pos, king
		}
		b--
		curG = uintptr(a.K)
		j = L.treeMoveG(pos, root, a.TG, b)
	}
}

// h17zTop: the decisions of the long starts' worst lines by advice ai,
// the positions met most often, with the table's and the tablebase's
// values there.
func h17zTop() {
	L := shortWith("krk-short.al1", roomLoose(32), 6, 6)
	type pc struct {
		pos, ai int
	}
	cnt := map[pc]int{}
	exc := map[pc]float64{}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtm[i] >= INF || L.V[i] <= 20 {
			continue
		}
		p := i
		for steps := 0; steps < 60 && p >= 0; steps++ {
			j, t, b, ai := L.decideZ(p)
			if j < 0 {
				break
			}
			q, _ := L.nextFreshZ(p, j, t, b, ai)
			d := float64(L.V[p] - dtm[p])
			if q >= 0 {
				d -= float64(L.V[q] - dtm[q])
			}
			if ai == 9 || ai == 10 {
				cnt[pc{p, ai}]++
				exc[pc{p, ai}] += d
			}
			p = q
		}
	}
	keys := []pc{}
	for k := range cnt {
		keys = append(keys, k)
	}
	for a := 1; a < len(keys); a++ {
		for c := a; c > 0 && exc[keys[c]] > exc[keys[c-1]]; c-- {
			keys[c], keys[c-1] = keys[c-1], keys[c]
		}
	}
	for _, k := range keys[:imin(25, len(keys))] {
		fmt.Printf("%-28s adv %d: on %d long lines, excess %.0f; table %d tb %d; table: %s\n   tb:%s\n", fen(k.pos), k.ai, cnt[k], exc[k], L.V[k.pos], dtm[k.pos], cut(L.line(k.pos), 60), cut(tbLine(k.pos), 60))
	}
}

// h17zDbg FEN...: the cage White can make at each position and, for each
// White move, its worst reply's.
func h17zDbg() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	base := roomLoose(32)
	for _, f := range flag.Args() {
		pos := parseFEN(f)
		wk, wr, bk := dec(pos)
		fmt.Printf("%s: cage %d, cage White can make %d, tb %d\n", f, base(wk, wr, bk), E[pos], dtm[pos])
		for j, bn := range wMoves[pos] {
			w := int32(-1)
			for _, r := range bRep[bn] {
				w = max(w, E[r])
			}
			fmt.Printf("  %s: worst reply's %d mate %v\n", wmoveName(pos, j), w, wMate[pos][j])
		}
	}
}

// zOpts: krk-short.al1's table with changes: near, the kings' term of the
// preference and of the NEAR ladder (nil: their Manhattan distance);
// ladder3, the NEAR ladder's steps also as trees of depth three before
// CAGE_IN_3; prefNear, the kings' term in the preference only.
type zOpts struct {
	near     func(wk, wr, bk int) int
	prefOnly bool
	ladder3  []int32
	ladder2  []int32
	// mates: the mate advice in front (nil: a mate within three where the
	// black king is on the edge near the white king).
	mates []Adv
	// ord: the trees' move order, by the class ord(E, cm, b) of each
	// move's Black node b (lower first, the game's order within a class).
	ord func(E, cm []int32, b int) int
	// ordRel: the trees' move order by classes of the worst reply's cm
	// against the node's (thresholds, lower first); rootOnly: at the
	// tree's root only.
	ordRel   []int
	rootOnly bool
	override func(pos int) int
	// afterPref: advice after the cage's preference, before the ladder.
	afterPref []Adv
	// afterIn2: advice after CAGE_IN_2, before the deeper plans.
	afterIn2 []Adv
	// beforePref: advice before the cage's preference (after the corner
	// rules).
	beforePref []Adv
	// prefG, when set: the cage's preference allows only the moves after
	// whose every reply prefG(pos, r) holds (its own guard included).
	prefG func(pos, r int) bool
}

func shortZ(name string, o zOpts) *Ladder {
	Ef := withMove(roomLooseK(looseW), 6, 6)
	E := table(Ef)
	nr := o.near
	if nr == nil {
		nr = func(wk, wr, bk int) int { return manh(wk, bk) }
	}
	cmM := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + nr(wk, wr, bk) })
	ladM := cm
	if o.prefOnly {
		ladM = cmM
	}
	far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
	mate := Adv{Mate: true, D: 3, Cond: bkEdgeClose}
	pref := Adv{K: 1, D: 1, Pref: true, P: cm}
	if o.prefG != nil {
		pref = Adv{D: 1, Pref: true, G: o.prefG, P: cm}
	}
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
	a := []Adv{mate, {Pref: true, D: 1, G: away, P: far, Cond: attacked}, {Pref: true, D: 1, G: out, P: cmM, Cond: cornered}, pref}
	if o.mates != nil {
		a = append(append([]Adv{}, o.mates...), a[1:]...)
	}
	if o.beforePref != nil {
		n := len(a)
		a = append(append(append([]Adv{}, a[:n-1]...), o.beforePref...), a[n-1])
	}
	a = append(a, o.afterPref...)
	l2 := o.ladder2
	if l2 == nil {
		l2 = []int32{8, 6, 4, 3, 2}
	}
	id := 100
	for _, k := range l2 {
		k := k
		g := func(root, r int) bool { return E[r] < E[root] && ladM[r] <= ladM[root]-k }
		a = append(a, Adv{D: 2, TG: g, K: id})
		id++
	}
	a = append(a, Adv{K: 1, D: 2})
	a = append(a, o.afterIn2...)
	for _, k := range o.ladder3 {
		k := k
		g := func(root, r int) bool { return E[r] < E[root] && ladM[r] <= ladM[root]-k }
		a = append(a, Adv{D: 3, TG: g, K: id})
		id++
	}
	for d := 3; d <= 5; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	gMemo = map[gKey]int8{}
	L := NewLadder(Ef, a)
	L.Override = o.override
	if zHook != nil {
		zHook(L)
	}
	if o.ord != nil {
		L.Ord = func(pos, b int) int { return o.ord(E, cm, b) }
	}
	if o.ordRel != nil {
		f := func(pos, b int) int {
			d := worstOf(cm, b) - int(cm[pos])
			for c, t := range o.ordRel {
				if d <= t {
					return c
				}
			}
			return len(o.ordRel)
		}
		if o.rootOnly {
			L.RootOrd = f
		} else {
			L.Ord = f
		}
	}
	L.run(name)
	sum, n := 0.0, 0
	var h [64]int
	for i := 0; i < N; i++ {
		if legalW(i) && dtm[i] < INF && L.V[i] < INF {
			sum += float64(L.V[i])
			n++
			h[L.V[i]]++
		}
	}
	over := 0
	for v := 21; v < 64; v++ {
		over += h[v]
	}
	fmt.Printf("  mean %.4f, over 20: %d, by length 20..: %v\n", sum/float64(n), over, h[20:32])
	L.worstLines(*nlines)
	return L
}

// ideal squares of the white king: a knight's move from the black king, or
// facing it two squares away on its file or rank, the black king farther
// from the centre than the square.
func idealDist(wk, bk int) int {
	best := 15
	cd := func(s int) int { return imax(iabs(2*(s&7)-7), iabs(2*(s>>3)-7)) }
	for s := 0; s < 64; s++ {
		dx, dy := iabs(s&7-bk&7), iabs(s>>3-bk>>3)
		if !((dx == 1 && dy == 2) || (dx == 2 && dy == 1) || (dx == 0 && dy == 2) || (dx == 2 && dy == 0)) {
			continue
		}
		if cd(s) > cd(bk) {
			continue
		}
		best = imin(best, dist(wk, s))
	}
	return best
}

func h17zNear() {
	shortZ("shipped (shortZ)", zOpts{})
	shortZ("ladder3 8 6 4 3 2", zOpts{ladder3: []int32{8, 6, 4, 3, 2}})
	shortZ("ladder3 4 2", zOpts{ladder3: []int32{4, 2}})
	for _, c := range []int{1, 2} {
		c := c
		shortZ(fmt.Sprint("ideal x", c, " + manh"), zOpts{near: func(wk, wr, bk int) int { return manh(wk, bk) + c*idealDist(wk, bk) }})
		shortZ(fmt.Sprint("ideal x", c, " + manh, pref only"), zOpts{prefOnly: true, near: func(wk, wr, bk int) int { return manh(wk, bk) + c*idealDist(wk, bk) }})
	}
	shortZ("ideal x2 alone", zOpts{near: func(wk, wr, bk int) int { return 2 * idealDist(wk, bk) }})
}

// idealDistK: idealDist over the knight's-move squares only (kn) or the
// opposition squares only (op), the black king farther from the centre.
func idealDistK(wk, bk int, kn, op bool) int {
	best := 15
	cd := func(s int) int { return imax(iabs(2*(s&7)-7), iabs(2*(s>>3)-7)) }
	for s := 0; s < 64; s++ {
		dx, dy := iabs(s&7-bk&7), iabs(s>>3-bk>>3)
		k := (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
		o := (dx == 0 && dy == 2) || (dx == 2 && dy == 0)
		if !(kn && k || op && o) || cd(s) > cd(bk) {
			continue
		}
		best = imin(best, dist(wk, s))
	}
	return best
}

func h17zIdeal() {
	for _, c := range []struct {
		name     string
		m, i     int
		kn, op   bool
		prefOnly bool
	}{
		{"manh + knight", 1, 1, true, false, false},
		{"manh + opposition", 1, 1, false, true, false},
		{"2 manh + ideal", 2, 1, true, true, false},
		{"2 manh + ideal, pref only", 2, 1, true, true, true},
		{"manh + ideal, the king distance", 0, 1, true, true, false},
	} {
		c := c
		f := func(wk, wr, bk int) int { return c.m*manh(wk, bk) + c.i*idealDistK(wk, bk, c.kn, c.op) }
		if c.m == 0 {
			f = func(wk, wr, bk int) int { return dist(wk, bk) + idealDistK(wk, bk, c.kn, c.op) }
		}
		shortZ(c.name, zOpts{near: f, prefOnly: c.prefOnly})
	}
}

func h17zMate() {
	roomLE := func(k int) func(int) bool {
		return func(pos int) bool { wk, wr, bk := dec(pos); return rawRoom(wk, wr, bk) <= k }
	}
	edgeRoom := func(k int) func(int) bool {
		return func(pos int) bool { return bkEdgeClose(pos) || roomLE(k)(pos) }
	}
	for _, c := range []struct {
		name string
		m    []Adv
	}{
		{"mate 4 edgeclose", []Adv{{Mate: true, D: 4, Cond: bkEdgeClose}}},
		{"mate 3 edgeclose or room <= 8", []Adv{{Mate: true, D: 3, Cond: edgeRoom(8)}}},
		{"mate 4 edgeclose or room <= 8", []Adv{{Mate: true, D: 4, Cond: edgeRoom(8)}}},
		{"mate 5 room <= 6, mate 3 edgeclose", []Adv{{Mate: true, D: 5, Cond: roomLE(6)}, {Mate: true, D: 3, Cond: bkEdgeClose}}},
		{"mate 5 edgeclose", []Adv{{Mate: true, D: 5, Cond: bkEdgeClose}}},
	} {
		shortZ(c.name, zOpts{mates: c.m})
	}
}

func worstOf(M []int32, b int) int {
	w := int32(-1 << 30)
	for _, r := range bRep[int32(b)] {
		w = max(w, M[r])
	}
	return int(w)
}

func h17zOrd() {
	shortZ("trees by the worst reply's cage + manh", zOpts{ord: func(E, cm []int32, b int) int { return worstOf(cm, b) }})
	shortZ("trees by the worst reply's cage", zOpts{ord: func(E, cm []int32, b int) int { return worstOf(E, b) }})
	shortZ("trees by the worst reply's tablebase depth (oracle)", zOpts{ord: func(E, cm []int32, b int) int { return worstOf(dtm[:], b) }})
}

func h17zOrdRel() {
	shortZ("trees by classes -4 -2 0 2", zOpts{ordRel: []int{-4, -2, 0, 2}})
	shortZ("trees by classes -2 0", zOpts{ordRel: []int{-2, 0}})
	shortZ("trees by classes 0", zOpts{ordRel: []int{0}})
}

func h17zOrdRoot() {
	shortZ("root trees by classes -2 0", zOpts{ordRel: []int{-2, 0}, rootOnly: true})
	shortZ("root trees by classes 0", zOpts{ordRel: []int{0}, rootOnly: true})
	shortZ("root trees by classes -2 0 2", zOpts{ordRel: []int{-2, 0, 2}, rootOnly: true})
}

// tbMove: the tablebase's fastest move (the least worst reply's depth).
func tbMove(pos int) int {
	bj, bv := -1, int32(INF)
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			return j
		}
		w := int32(-1)
		for _, r := range bRep[bn] {
			w = max(w, dtm[r])
		}
		if w < bv {
			bv, bj = w, j
		}
	}
	return bj
}

// h17zOracle: the table with the tablebase's move at the fresh decisions
// of one phase: which phase, played perfectly, would cut the most.
func h17zOracle() {
	for _, ph := range []string{"mate (room <= 6)", "approach (kings >= 4 apart)", "squeeze (kings <= 3 apart)"} {
		ph := ph
		shortZ("tablebase moves in "+ph, zOpts{override: func(pos int) int {
			if phaseOf(pos) == ph {
				return tbMove(pos)
			}
			return -1
		}})
	}
	shortZ("tablebase moves where no move passes the guard (the fallbacks)", zOpts{override: nil})
}

func h17zMate2() {
	roomLE := func(k int) func(int) bool {
		return func(pos int) bool { wk, wr, bk := dec(pos); return rawRoom(wk, wr, bk) <= k }
	}
	for _, c := range []struct {
		name string
		m    []Adv
	}{
		{"mate 5 room <= 8, mate 3 edgeclose", []Adv{{Mate: true, D: 5, Cond: roomLE(8)}, {Mate: true, D: 3, Cond: bkEdgeClose}}},
		{"mate 5 room <= 6, mate 4 edgeclose", []Adv{{Mate: true, D: 5, Cond: roomLE(6)}, {Mate: true, D: 4, Cond: bkEdgeClose}}},
		{"mate 5 room <= 4, mate 3 edgeclose", []Adv{{Mate: true, D: 5, Cond: roomLE(4)}, {Mate: true, D: 3, Cond: bkEdgeClose}}},
		{"mate 5 room <= 10, mate 3 edgeclose", []Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}},
		{"mate 4 room <= 12, mate 3 edgeclose", []Adv{{Mate: true, D: 4, Cond: roomLE(12)}, {Mate: true, D: 3, Cond: bkEdgeClose}}},
	} {
		shortZ(c.name, zOpts{mates: c.m})
	}
}

// roomLE: the language's room is at most k squares.
func roomLE(k int) func(int) bool {
	return func(pos int) bool { wk, wr, bk := dec(pos); return rawRoom(wk, wr, bk) <= k }
}

func h17zMate3() {
	m58 := []Adv{{Mate: true, D: 5, Cond: roomLE(8)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	either := func(pos int) bool { return roomLE(8)(pos) || bkEdgeClose(pos) }
	shortZ("mate 5 room <= 8 or edgeclose", zOpts{mates: []Adv{{Mate: true, D: 5, Cond: either}}})
	shortZ("mate 5 room <= 8, mate 4 edgeclose", zOpts{mates: []Adv{{Mate: true, D: 5, Cond: roomLE(8)}, {Mate: true, D: 4, Cond: bkEdgeClose}}})
	shortZ("mate 5 room <= 8, ideal x1 + manh", zOpts{mates: m58, near: func(wk, wr, bk int) int { return manh(wk, bk) + idealDist(wk, bk) }})
	shortZ("mate 5 room <= 8, 2 manh + ideal pref only", zOpts{mates: m58, prefOnly: true, near: func(wk, wr, bk int) int { return 2*manh(wk, bk) + idealDist(wk, bk) }})
}

func h17zBox() {
	m58 := []Adv{{Mate: true, D: 5, Cond: roomLE(8)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	to8 := func(root, r int) bool { return E[r] < E[root] && roomLE(8)(r) }
	for _, c := range []struct {
		name string
		cond func(int) bool
		d    int
	}{
		{"room <= 16: room <= 8 within 2", roomLE(16), 2},
		{"room <= 16: room <= 8 within 3", roomLE(16), 3},
		{"room <= 12: room <= 8 within 2", roomLE(12), 2},
	} {
		shortZ("mate 5 room <= 8; "+c.name, zOpts{mates: m58, afterPref: []Adv{{D: c.d, TG: to8, K: 900 + c.d, Cond: c.cond}}})
	}
}

func h17zDeep() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	to8 := func(root, r int) bool { return E[r] < E[root] && roomLE(8)(r) }
	shortZ("m58; after CAGE_IN_2 a mate within 5", zOpts{mates: m58(), afterIn2: []Adv{{Mate: true, D: 5}}})
	shortZ("m58; after CAGE_IN_2 room <= 8 within 3 (room <= 16)", zOpts{mates: m58(), afterIn2: []Adv{{D: 3, TG: to8, K: 903, Cond: roomLE(16)}}})
	shortZ("m58; after CAGE_IN_2 a mate within 4", zOpts{mates: m58(), afterIn2: []Adv{{Mate: true, D: 4}}})
}

var walkFrom = flag.Int("walkfrom", 0, "h17zwalk: the first variant")

func h17zWalk() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	far := func(k int) func(int) bool {
		return func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= k }
	}
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	for _, c := range []struct {
		k, drop int
	}{{4, 8}, {4, 4}, {5, 8}, {5, 100}, {4, 100}, {3, 100}, {6, 100}, {4, 16}, {5, 16}}[*walkFrom:] {
		shortZ(fmt.Sprintf("m58; kings >= %d apart: cage down by %d, else the walk to the room", c.k, c.drop), zOpts{mates: m58(), beforePref: []Adv{
			{K: c.drop, D: 1, Pref: true, P: cm, Cond: far(c.k)},
			{Pref: true, D: 1, G: walk, P: cm, Cond: far(c.k)},
		}})
	}
}

func h17zWalk2() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	for _, c := range []struct {
		name string
		cond func(int) bool
	}{
		{"room distance >= 2", func(pos int) bool { return rd[pos] >= 2 }},
		{"room distance >= 3", func(pos int) bool { return rd[pos] >= 3 }},
		{"kings >= 4 apart or room distance >= 2", func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 || rd[pos] >= 2 }},
	} {
		shortZ("m58; walk where "+c.name, zOpts{mates: m58(), beforePref: []Adv{{Pref: true, D: 1, G: walk, P: cm, Cond: c.cond}}})
	}
}

func h17zWalk3() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	far := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 }
	m510 := []Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	shortZ("mate 5 room <= 10; walk kings >= 4", zOpts{mates: m510, beforePref: []Adv{{Pref: true, D: 1, G: walk, P: cm, Cond: far}}})
	cr := table(func(wk, wr, bk int) int { passRook = false; return Ef(wk, wr, bk) + 2*manh(wk, bk) })
	shortZ("m58; walk kings >= 4 by cage + 2 manh", zOpts{mates: m58(), beforePref: []Adv{{Pref: true, D: 1, G: walk, P: cr, Cond: far}}})
}

func h17zWalk4() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	far := func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= 4 }
	m510 := []Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	for _, drop := range []int{12, 16, 20, 24, 28, 32, 40, 48}[*walkFrom:] {
		shortZ(fmt.Sprintf("mate 5 room <= 10; kings >= 4: cage down by %d, else the walk", drop), zOpts{mates: m510, beforePref: []Adv{
			{K: drop, D: 1, Pref: true, P: cm, Cond: far},
			{Pref: true, D: 1, G: walk, P: cm, Cond: far}}})
	}
}

func h17zWalk5() {
	Ef := withMove(roomLoose(32), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	rd := table(func(wk, wr, bk int) int { passRook = false; return roomDist(wk, wr, bk, wk) })
	walk := func(pos, r int) bool {
		wk, _, _ := dec(pos)
		rk, _, _ := dec(r)
		return rk != wk && E[r] <= E[pos] && rd[r] < rd[pos]
	}
	far := func(k int) func(int) bool {
		return func(pos int) bool { wk, _, bk := dec(pos); return dist(wk, bk) >= k }
	}
	m510 := []Adv{{Mate: true, D: 5, Cond: roomLE(10)}, {Mate: true, D: 3, Cond: bkEdgeClose}}
	shortZ("m510; a cut by 24 everywhere, the walk where kings >= 4", zOpts{mates: m510, beforePref: []Adv{
		{K: 24, D: 1, Pref: true, P: cm},
		{Pref: true, D: 1, G: walk, P: cm, Cond: far(4)}}})
	shortZ("m510; kings >= 3: cut by 24, the walk", zOpts{mates: m510, beforePref: []Adv{
		{K: 24, D: 1, Pref: true, P: cm, Cond: far(3)},
		{Pref: true, D: 1, G: walk, P: cm, Cond: far(3)}}})
}

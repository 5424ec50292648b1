package main

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync/atomic"
)

// Deletang's triangles measured on the graph (a fourteenth session,
// docs/verify.md "Deletang's triangles measured"): for a mate corner c and
// a size n, the triangle T(c, n) is the squares within Manhattan distance
// n of c (n 6: behind the long diagonal of the other colour; 5: behind
// the seven-square diagonal of the bishop's colour, Deletang's first
// triangle; 3 the second; 1 the third). The king is held in it
// where White can keep it there against every defence forever (a greatest
// fixpoint: a White move after which no minor can be taken, no stalemate,
// and every reply again in the set). A position's level is the least n of
// the levels measured whose set holds it (0 past the last). The
// triangles' discipline: White may never let the level rise. Its depth to
// mate is what any table that follows the triangles, phase by phase, can
// at best achieve.

// heldIn returns the White-to-move positions from which White keeps the
// black king in the triangle of size n (either mate corner) forever.
func heldIn(n int) []bool {
	in := make([]bool, N)
	parFor(N, func(p int) {
		bk := p & 63
		in[p] = legalW(p) && (manh(bk, cornerH1) <= n || manh(bk, cornerA8) <= n)
	})
	for {
		var removed atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if !in[p] {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if mated[j] {
					return
				}
				if stalemated[j] {
					continue
				}
				r, c := blackMoves(j, buf[1])
				if c {
					continue
				}
				ok := true
				for _, q := range r {
					if !in[q] {
						ok = false
						break
					}
				}
				if ok {
					return
				}
			}
			in[p] = false
			removed.Add(1)
		})
		if removed.Load() == 0 {
			return in
		}
	}
}

// wonIn returns the White-to-move positions from which White mates with
// the black king kept in the triangle of size n (either mate corner) at
// every White turn (a least fixpoint).
func wonIn(n int) []bool {
	tri := func(p int) bool {
		bk := p & 63
		return legalW(p) && (manh(bk, cornerH1) <= n || manh(bk, cornerA8) <= n)
	}
	in := make([]bool, N)
	for {
		var added atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if in[p] || !tri(p) {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if mated[j] {
					in[p] = true
					added.Add(1)
					return
				}
				if stalemated[j] {
					continue
				}
				r, c := blackMoves(j, buf[1])
				if c {
					continue
				}
				ok := true
				for _, q := range r {
					if !in[q] {
						ok = false
						break
					}
				}
				if ok {
					in[p] = true
					added.Add(1)
					return
				}
			}
		})
		if added.Load() == 0 {
			return in
		}
	}
}

// deletangHeld: the levels read on heldIn (kept there forever) instead
// of wonIn (mated there).
var deletangHeld bool

// deletangLevels: each White-to-move position's level for the triangles
// ns (largest first): 0 the open board, k the k-th triangle's set.
func deletangLevels(ns []int) []int8 {
	lev := make([]int8, N)
	for k, n := range ns {
		var h []bool
		if deletangHeld {
			h = heldIn(n)
		} else {
			h = wonIn(n)
		}
		parFor(N, func(p int) {
			if h[p] {
				lev[p] = int8(k + 1)
			}
		})
	}
	return lev
}

// deletangOracle (model delo): the triangles' sets read from the graph
// (an oracle: no table can read them so; it measures what an order
// within each phase gives when the phases themselves are known). One rule
// a level, smallest triangle first: the mate in three and five in the
// last, then a step of up to terrDepth moves after which, whatever the
// reply, the level is higher, or the same and the order (terrKey, the
// -torder) lower, no minor en prise and the minors not trapped.
func deletangOracle(levels string, t *Table) {
	var ns []int
	for _, x := range strings.Split(levels, ",") {
		if n, err := strconv.Atoi(x); err == nil {
			ns = append(ns, n)
		}
	}
	if shrinkOnly && maskSpecs != "" {
		// the regions of -dmasks, in each reading of -dread
		specs := strings.Split(maskSpecs, ",")
		for _, read := range strings.Split(maskReads, ",") {
			fmt.Printf("the regions %s read %s:\n", maskSpecs, read)
			shrinkAdvice(maskLevels(specs, read), len(specs), shrinkDepth)
		}
		return
	}
	if shrinkOnly {
		// both readings of the levels: the graph's sets, then the
		// territory within the triangle
		for _, pred := range []bool{false, true} {
			deletangPred = pred
			fmt.Printf("the levels %s read on %s:\n", levels, map[bool]string{false: "the graph's sets", true: "the territory (-dpred)"}[pred])
			shrinkAdvice(delevLevels(ns), len(ns), shrinkDepth)
		}
		return
	}
	lev := delevLevels(ns)
	rankPlay := map[int]bool{}
	for _, x := range strings.Split(phaseRankPlay, ",") {
		if k, err := strconv.Atoi(x); err == nil {
			rankPlay[k] = true
		}
	}
	layIn := map[int]bool{}
	for _, x := range strings.Split(phaseLay, ",") {
		if k, err := strconv.Atoi(x); err == nil {
			layIn[k] = true
		}
	}
	if len(layIn) > 0 {
		phaseKey = make([]int16, N)
		for k := 0; k <= len(ns); k++ {
			if !layIn[k] {
				continue
			}
			maps := strings.Split(phaseMap, ";")
			m := maps[min(k, len(maps)-1)]
			if rankPlay[k] {
				// the map's key itself is the order (-prankplay)
				f := phaseFeature(m)
				parFor(N, func(p int) {
					if legalW(p) && dtmW[p] >= 0 && int(lev[p]) == k {
						phaseKey[p] = int16(f(p))
					}
				})
				fmt.Printf("the order of %s in phase %d: its key\n", m, k)
				continue
			}
			lay, sizes := phaseLayers(lev, k, m, phaseStep)
			fmt.Printf("layers of %s in phase %d: %v\n", m, k, sizes)
			parFor(N, func(p int) {
				if int(lev[p]) == k && lay[p] > 0 {
					phaseKey[p] = lay[p]
				}
			})
		}
	}
	fallIn := map[int]bool{}
	for _, x := range strings.Split(phaseFallIn, ",") {
		if k, err := strconv.Atoi(x); err == nil && layIn[k] {
			fallIn[k] = true
		}
	}
	near := func(p int) bool { return cornerDist(p&63) <= 3 }
	var shrink *Advice
	shrinkIn := map[int]bool{}
	if shrinkDepth > 0 {
		shrink = shrinkAdvice(lev, len(ns), shrinkDepth)
		for _, x := range strings.Split(shrinkLevels, ",") {
			if k, err := strconv.Atoi(x); err == nil {
				shrinkIn[k] = true
			}
		}
	}
	m3 := mateAdvice("MATE_IN_3", 3, nil)
	m5 := mateAdvice("MATE_IN_5", 5, near)
	for k := len(ns); k >= 0; k-- {
		k := k
		key := terrKey
		if layIn[k] {
			key = func(p int) int64 {
				if l := phaseKey[p]; l > 0 {
					return int64(l)
				}
				return 1000
			}
		}
		leaf := func(p int) int64 {
			switch {
			case int(lev[p]) > k:
				return -1
			case int(lev[p]) < k || !layIn[k] && (minorHangs(p) || trapped(p)):
				return INF
			}
			return key(p)
		}
		var l, r []int32
		if layIn[k] {
			// the phase's own values (a formula's, or the layers), not
			// dense ranks: a step's fall (-pfalls) is counted in them
			l, r = make([]int32, N), make([]int32, N)
			parFor(N, func(p int) {
				l[p], r[p] = INF, INF
				if legalW(p) {
					l[p], r[p] = int32(leaf(p)), int32(key(p))
				}
			})
		} else {
			l, r = rankPair(leaf, key)
		}
		a := newAdviceRoot(fmt.Sprintf("TRI%d", k), l, r, nil, terrDepth)
		var steps []Step
		if k == len(ns) {
			steps = []Step{{a: m3, depth: 3, mate: true}, {a: m5, depth: 5, mate: true}}
			if mateDeep > 0 {
				steps = append(steps, Step{a: mateAdvice(fmt.Sprintf("MATE_IN_%d", mateDeep), mateDeep, near), depth: mateDeep, mate: true})
			}
		}
		if shrink != nil && (shrinkLevels == "" || shrinkIn[k]) {
			// the triangle smaller (the level higher) or the mate
			// within -dshrink moves, whatever Black does (-dshrink)
			steps = append(steps, Step{a: shrink, depth: shrinkDepth})
		}
		if fallIn[k] {
			// the bigger falls first (-pfalls), each within
			// -pfdepth moves; then any fall
			for _, f := range phaseFalls {
				steps = append(steps, Step{a: a, depth: min(phaseFallDepth, terrDepth), delta: int32(f - 1)})
			}
		}
		steps = append(steps, Step{a: a, depth: terrDepth})
		t.rules = append(t.rules, Rule{fmt.Sprintf("level%d", k), func(p int) bool { return int(lev[p]) == k }, steps})
	}
}

// deletang prints, for the levels given (e.g. "6,3,1"), how many won
// starts each holds and the depth to mate under the triangles'
// discipline.
func deletang(levels string, fens string) {
	var ns []int
	for _, x := range strings.Split(levels, ",") {
		n, err := strconv.Atoi(x)
		if err == nil {
			ns = append(ns, n)
		}
	}
	// level: the index in ns of the smallest triangle that holds the king
	// (len(ns) for none); a larger index is a larger triangle here, so
	// store it as a rank: 0 the open board, k the k-th triangle.
	lev := make([]int8, N)
	for k, n := range ns {
		var h []bool
		if deletangHeld {
			h = heldIn(n)
		} else {
			h = wonIn(n)
		}
		parFor(N, func(p int) {
			if h[p] {
				lev[p] = int8(k + 1)
			}
		})
		cnt, won := 0, 0
		for p := 0; p < N; p++ {
			if h[p] {
				cnt++
				if dtmW[p] >= 0 {
					won++
				}
			}
		}
		fmt.Printf("triangle %d (held %v): %d positions (%d won)\n", n, deletangHeld, cnt, won)
	}
	// the depth to mate with the level never falling (rank never lower)
	dw := make([]int16, N)
	db := make([]int16, N)
	for p := range dw {
		dw[p], db[p] = -1, -1
		if mated[p] {
			db[p] = 0
		}
	}
	for it := 1; ; it++ {
		var changed atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if dw[p] >= 0 || !legalW(p) || dtmW[p] < 0 {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if mated[j] {
					dw[p] = int16(it)
					changed.Add(1)
					return
				}
				if db[j] < 0 || stalemated[j] {
					continue
				}
				// every reply at a level no lower than p's
				ok := true
				r, _ := blackMoves(j, buf[1])
				for _, q := range r {
					if lev[q] < lev[p] {
						ok = false
						break
					}
				}
				if ok {
					dw[p] = int16(it)
					changed.Add(1)
					return
				}
			}
		})
		parForBuf(N, func(p int, buf *[2][]int) {
			if db[p] >= 0 || !valid[p] || stalemated[p] || mated[p] {
				return
			}
			r, c := blackMoves(p, buf[0])
			if c {
				return
			}
			m := int16(0)
			for _, i := range r {
				if dw[i] < 0 {
					return
				}
				m = max(m, dw[i])
			}
			db[p] = m
		})
		if changed.Load() == 0 {
			break
		}
	}
	// a phase's length: the moves to force a smaller triangle (or the
	// mate) from p with the level never falling below p's
	ph := make([]int16, N)
	for p := range ph {
		ph[p] = -1
	}
	for it := 1; ; it++ {
		var changed atomic.Int64
		prev := make([]int16, N)
		copy(prev, ph)
		parForBuf(N, func(p int, buf *[2][]int) {
			if prev[p] >= 0 || !legalW(p) || dtmW[p] < 0 {
				return
			}
			for _, j := range whiteMoves(p, buf[0]) {
				if mated[j] {
					ph[p] = int16(it)
					changed.Add(1)
					return
				}
				if stalemated[j] {
					continue
				}
				r, c := blackMoves(j, buf[1])
				if c {
					continue
				}
				ok := true
				for _, q := range r {
					if lev[q] < lev[p] || lev[q] == lev[p] && prev[q] < 0 {
						ok = false
						break
					}
				}
				if ok {
					ph[p] = int16(it)
					changed.Add(1)
					return
				}
			}
		})
		if changed.Load() == 0 {
			break
		}
	}
	for k := 0; k <= len(ns); k++ {
		cnt, sum, worst := 0, 0, 0
		for p := 0; p < N; p++ {
			if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k || ph[p] < 0 {
				continue
			}
			cnt++
			sum += int(ph[p])
			worst = max(worst, int(ph[p]))
		}
		fmt.Printf("  phase from level %d: %d positions, moves to a smaller triangle (or the mate): worst %d, mean %.2f\n", k, cnt, worst, float64(sum)/float64(max(cnt, 1)))
	}
	report("tablebase", func(i int) int { return int(dtmW[i]) })
	report("the triangles' discipline "+levels, func(i int) int { return int(dw[i]) })
	// the discipline's lines: White the fastest mate that keeps the
	// level, Black the longest, each White turn with its level and the
	// moves left in its phase
	for _, f := range strings.Split(fens, ";") {
		if f == "" {
			continue
		}
		i := parseFEN(f)
		fmt.Printf("the discipline's line from %s (%d; tablebase %d): ", fen(i, true), dw[i], dtmW[i])
		var out []string
		var buf, rb [48]int
		for n := 0; dw[i] > 0 && n < 60; n++ {
			out = append(out, fmt.Sprintf("[L%d ph%d]", lev[i], ph[i]))
			j := -1
			for _, m := range whiteMoves(i, buf[:0]) {
				if mated[m] {
					j = m
					break
				}
				if db[m] < 0 || stalemated[m] || db[m] > dw[i]-1 {
					continue
				}
				ok := true
				r, _ := blackMoves(m, rb[:0])
				for _, q := range r {
					if lev[q] < lev[i] {
						ok = false
					}
				}
				if ok {
					j = m
					break
				}
			}
			if j < 0 {
				break
			}
			out = append(out, moveName(i, j))
			if mated[j] {
				break
			}
			best := -1
			r, _ := blackMoves(j, rb[:0])
			for _, q := range r {
				if best < 0 || dw[q] > dw[best] {
					best = q
				}
			}
			out = append(out, moveName(j, best))
			i = best
		}
		fmt.Println(strings.Join(out, " "))
	}
	for k := 0; k <= len(ns); k++ {
		cnt, sum, worst, in50, sumT := 0, 0, 0, 0, 0
		for p := 0; p < N; p++ {
			if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k || dw[p] < 0 {
				continue
			}
			cnt++
			sum += int(dw[p])
			sumT += int(dtmW[p])
			worst = max(worst, int(dw[p]))
			if dw[p] <= 50 {
				in50++
			}
		}
		name := "open board"
		if k > 0 {
			name = fmt.Sprintf("triangle %d", ns[k-1])
		}
		fmt.Printf("  from %s (its smallest): %d starts, worst %d, mean %.2f (tablebase %.2f), within 50 %d\n", name, cnt, worst, float64(sum)/float64(max(cnt, 1)), float64(sumT)/float64(max(cnt, 1)), in50)
	}
}

// deletangPred: model delo's levels read on the territory (the black
// king's territory within the triangle) instead of the graph's sets.
var deletangPred bool

// deletangLevelsFlag: the triangles of model delo.
var deletangLevelsFlag = "6,3,1"

// keepIn returns the White-to-move positions of in from which White keeps
// the game in in (at every White turn) forever (mate counts as kept),
// with no minor taken and no stalemate: the greatest fixpoint; with
// mate, the positions from which White mates keeping it there (the least
// fixpoint).
func keepIn(in0 func(p int) bool, mate bool) []bool {
	in := make([]bool, N)
	parFor(N, func(p int) { in[p] = !mate && legalW(p) && in0(p) })
	for {
		var changed atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if mate && (in[p] || !legalW(p) || !in0(p)) || !mate && !in[p] {
				return
			}
			ok := false
			for _, j := range whiteMoves(p, buf[0]) {
				if mated[j] {
					ok = true
					break
				}
				if stalemated[j] {
					continue
				}
				r, c := blackMoves(j, buf[1])
				if c {
					continue
				}
				all := true
				for _, q := range r {
					if !in[q] {
						all = false
						break
					}
				}
				if all {
					ok = true
					break
				}
			}
			if ok == mate {
				in[p] = mate
				changed.Add(1)
			}
		})
		if changed.Load() == 0 {
			return in
		}
	}
}

// triCorner: the mate corner whose triangle of size n holds square s
// (-1 for none).
func triCorner(s, n int) int {
	switch {
	case manh(s, cornerH1) <= n:
		return cornerH1
	case manh(s, cornerA8) <= n:
		return cornerA8
	}
	return -1
}

// candidates measures predicates the language can write against the
// triangle's set of size n (wonIn(n)): how many won positions each holds,
// how many of them are in the set, where White keeps the game in the
// predicate forever, where White mates keeping it there.
func candidates(n int) {
	w := wonIn(n)
	inTri := func(p int, set uint64) bool {
		c := triCorner(p&63, n)
		if c < 0 {
			return false
		}
		for x := set; x != 0; x &= x - 1 {
			if manh(bits.TrailingZeros64(x), c) > n {
				return false
			}
		}
		return true
	}
	terrLE := func(p int) uint64 {
		wk, bk := p>>17, p&63
		var t uint64
		for x := roomB[p]; x != 0; x &= x - 1 {
			s := bits.TrailingZeros64(x)
			if dist(s, bk) <= dist(s, wk) {
				t |= 1 << uint(s)
			}
		}
		return t
	}
	cands := []struct {
		name string
		f    func(p int) bool
	}{
		{"the king in the triangle", func(p int) bool { return triCorner(p&63, n) >= 0 }},
		{"the room in the triangle", func(p int) bool { return inTri(p, roomB[p]) }},
		{"the territory (nearer the black king) in the triangle", func(p int) bool { return inTri(p, territory(p, false)) }},
		{"the room's squares as near the black king as the white king in the triangle", func(p int) bool { return inTri(p, terrLE(p)) }},
	}
	cnt := 0
	for p := 0; p < N; p++ {
		if w[p] {
			cnt++
		}
	}
	fmt.Printf("triangle %d: White mates keeping the king in it from %d positions\n", n, cnt)
	for _, c := range cands {
		held := keepIn(c.f, false)
		won := keepIn(c.f, true)
		var all, inW, h, m int
		for p := 0; p < N; p++ {
			if !legalW(p) || dtmW[p] < 0 || !c.f(p) {
				continue
			}
			all++
			if w[p] {
				inW++
			}
			if held[p] {
				h++
			}
			if won[p] {
				m++
			}
		}
		fmt.Printf("  %s: %d won positions, %d in the triangle's set, White keeps it from %d, mates keeping it from %d\n", c.name, all, inW, h, m)
	}
}

// phaseRankPlay: with -model delo -play, the phases whose -pmap key is
// played as the order itself (a formula checked by -prank: keys 1-999)
// instead of its classes' layers.
var phaseRankPlay string

// phaseFalls: with -model delo -play, the falls of the phase's order
// (in its own values: a formula's units with -prankplay, else layers)
// asked for first, biggest first, each within phaseFallDepth moves,
// before the step that takes any fall (-pfalls, -pfdepth), in the phases
// phaseFallIn (-pfallin). The order still falls at every step, so the
// table still cannot cycle.
var phaseFalls []int
var phaseFallDepth = 6
var phaseFallIn = "0"

// shrinkDepth, shrinkLevels: with -model delo, a step tried before each
// level's order (-dshrink, -dshrinkin): within shrinkDepth moves, whatever
// Black does (no minor en prise, no stalemate at Black's turns), the mate
// or every reply at a higher level (a smaller triangle). The level rises
// at each such step, so it cannot cycle.
var shrinkDepth int
var shrinkLevels string

// shrinkShow (-dshrinkshow): the positions of each level with no such
// step printed.
var shrinkShow int

// shrinkOnly (-dshrinkonly): with -model delo and -dshrink, print the
// shrink step's least depths by level and stop (no play).
var shrinkOnly bool

// shrinkAdvice is the step "a smaller triangle or the mate within depth
// moves" for every level at once: a position's key is top minus its
// level, the root's the same, so a tree reaches below the root's key
// exactly when every leaf is at a higher level. It prints, for each
// level, how many won positions have such a tree of each least depth.
func shrinkAdvice(lev []int8, top, depth int) *Advice {
	key := make([]int32, N)
	parFor(N, func(p int) {
		key[p] = INF
		if legalW(p) {
			key[p] = int32(top - int(lev[p]))
		}
	})
	a := newAdviceRoot("SHRINK", key, nil, nil, depth)
	for k := 0; k <= top; k++ {
		var by [17]int
		cnt, none := 0, 0
		for p := 0; p < N; p++ {
			if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k {
				continue
			}
			cnt++
			d := 1
			for ; d <= depth && a.mW[d][p] >= key[p]; d++ {
			}
			if d > depth {
				none++
				if none <= shrinkShow {
					fmt.Printf("  level %d, none within %d: %s (tablebase %d)\n", k, depth, fen(p, true), dtmW[p])
				}
			} else {
				by[d]++
			}
		}
		fmt.Printf("level %d: %d won positions; a smaller triangle (or the mate) forced within d moves, by least d: %v; none within %d: %d (%.2f%%)\n",
			k, cnt, by[1:depth+1], depth, none, 100*float64(none)/float64(max(cnt, 1)))
	}
	return a
}

// delevLevels: model delo's levels for the triangles ns, the graph's sets
// or (-dpred) the territory within the triangle.
func delevLevels(ns []int) []int8 {
	var lev []int8
	if maskSpecs != "" {
		// -dmasks: the regions, in -dread's first reading
		read, _, _ := strings.Cut(maskReads, ",")
		return maskLevels(strings.Split(maskSpecs, ","), read)
	}
	if deletangPred {
		// the levels read as the language can: the territory within
		// the triangle (territory(), -tvor for the language's)
		lev = make([]int8, N)
		parFor(N, func(p int) {
			if !legalW(p) {
				return
			}
			t := territory(p, false)
			for k, n := range ns {
				c := triCorner(p&63, n)
				if c < 0 {
					break
				}
				ok := true
				for x := t; x != 0; x &= x - 1 {
					if manh(bits.TrailingZeros64(x), c) > n {
						ok = false
						break
					}
				}
				if !ok {
					break
				}
				lev[p] = int8(k + 1)
			}
		})
	} else {
		lev = deletangLevels(ns)
	}
	return lev
}

package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
)

// The best order a set of features allows inside one of Deletang's
// phases (a fifteenth session, docs/verify.md "The best order on a
// feature set"). A feature map phi puts every position of the phase (the
// won White-to-move positions at level k of the triangles' discipline,
// deletang.go) in a class; an order on phi is a rank per class. A table
// whose step inside the phase is "within d moves, every reply at a higher
// level (a smaller triangle, or the mate) or in a class of lower rank"
// needs every position of the phase to have such a tree. The layers are
// the least such ranks: layer 1 the classes every position of which
// forces the next level within d moves, layer L+1 those every position
// of which forces the next level or a class of layers 1..L. A class never
// layered holds a position from which no order on phi progresses within d
// moves: phi cannot be the order there, whatever its ranks. The tree is
// the harness's advice tree (SAFE at Black's turns, the goal read at
// Black's turns on every reply).

// phaseReach returns the White-to-move positions from which White forces,
// within d moves, a Black-to-move node whose replies all lie in goal (or
// the mate), SAFE at every Black turn.
func phaseReach(goal []bool, d int) []bool {
	s := make([]bool, N)
	b := make([]bool, N)
	for r := 1; r <= d; r++ {
		prev := s
		parForBuf(N, func(j int, buf *[2][]int) {
			b[j] = false
			if !valid[j] {
				return
			}
			if mated[j] {
				b[j] = true
				return
			}
			if !fSafe[j] {
				return
			}
			reps, c := blackMoves(j, buf[0])
			if c || len(reps) == 0 {
				return
			}
			allG, allS := true, r > 1
			for _, q := range reps {
				if !goal[q] {
					allG = false
				}
				if !prev[q] {
					allS = false
				}
			}
			b[j] = allG || allS
		})
		next := make([]bool, N)
		parForBuf(N, func(i int, buf *[2][]int) {
			if !legalW(i) || dtmW[i] < 0 {
				return
			}
			for _, j := range whiteMoves(i, buf[0]) {
				if b[j] {
					next[i] = true
					return
				}
			}
		})
		s = next
	}
	return s
}

// phaseFeature names the feature maps measured: each returns a class key
// for White-to-move p (only its equality counts).
func phaseFeature(name string) func(p int) int64 {
	// the folded diagonal coordinates: u = file - rank (Deletang's
	// triangles are the bands |u|: the triangle of size n at h1 is u >=
	// 7-n), v = file + rank (along the diagonal); the black king's side
	// of the long dark diagonal gives the sign.
	diag := func(s int) (int, int) { return s&7 - s>>3, s&7 + s>>3 }
	parts := strings.Split(name, "+")
	var files [][]int64
	for _, f := range parts {
		if strings.HasPrefix(f, "map:") {
			files = append(files, readKingsMap(f[4:]))
		}
	}
	return func(p int) int64 {
		fi := 0
		wk, bb, n, bk := dec(p)
		bu, bv := diag(bk)
		sg := 1
		if bu < 0 {
			sg = -1
		}
		sv := 1 // the other fold: the anti-diagonal a8-h1 (v -> 14-v)
		if bv < 7 {
			sv = -1
		}
		var k int64
		add := func(x, span int) { k = k*int64(span) + int64(x) }
		for _, f := range parts {
			switch f {
			case "all": // the position itself (the oracle: a sanity check)
				add(p, N)
			case "bk":
				add(bk, 64)
			case "wk":
				add(wk, 64)
			case "n":
				add(n, 64)
			case "b":
				add(bb, 64)
			case "bu": // the black king's band (its triangle)
				add(sg*bu+7, 15)
			case "bv":
				add(bv, 15)
			case "wu": // the white king's band on the black king's side
				wu, _ := diag(wk)
				add(sg*wu+7, 15)
			case "wdv": // the white king along the diagonal, from the black king
				_, wv := diag(wk)
				add(wv-bv+14, 29)
			case "wdu":
				wu, _ := diag(wk)
				add(sg*(wu-bu)+14, 29)
			case "bw": // the black king's distance from the anti-diagonal a8-h1 (folded)
				add(sv*(bv-7), 8)
			case "wdv2": // wdv folded with bw
				_, wv := diag(wk)
				add(sv*(wv-bv)+14, 29)
			case "wdvc": // wdv2 capped at +-c
				_, wv := diag(wk)
				add(max(-3, min(3, sv*(wv-bv)))+3, 7)
			case "wduc":
				wu, _ := diag(wk)
				add(max(-3, min(3, sg*(wu-bu)))+3, 7)
			case "bkf": // the black king's square folded by the two diagonal mirrors
				add(foldSquare(bk), 64)
			case "we": // the white king's distance to the edge (0-3)
				add(edgeDist(wk), 4)
			case "we2": // the same capped at 2 (the edge, the next line, the centre's 4x4)
				add(min(edgeDist(wk), 2), 3)
			case "wc": // the white king's Manhattan distance to the centre's four squares
				add(centreDist(wk), 7)
			case "bc":
				add(centreDist(bk), 7)
			case "kd4": // the kings' distance capped at 4
				add(min(dist(wk, bk), 4), 5)
			case "be": // the black king's distance to the edge
				add(edgeDist(bk), 4)
			case "kd": // the kings' distance
				add(dist(wk, bk), 8)
			case "nd": // the knight's distance to the black king
				add(dist(n, bk), 8)
			case "nd3":
				add(min(dist(n, bk), 3), 4)
			case "bd":
				add(dist(bb, bk), 8)
			case "nu": // the knight's band, on the black king's side, from the black king
				nu, nv := diag(n)
				add(sg*(nu-bu)+14, 29)
				add(nv-bv+14, 29)
			case "bdiag": // the bishop's diagonal of the black king's kind: u or v band
				bu2, bv2 := diag(bb)
				add(sg*(bu2-bu)+14, 29)
				add(bv2-bv+14, 29)
			case "rf": // a rank read from -prankfile, position by position
				add(int(rankFile[p]), 1<<16)
			case "room":
				add(int(fRoom[p]), 65)
			case "box":
				add(int(fBox[p]), 9)
			case "nrel": // the knight relative to the black king
				add(n&7-bk&7+7, 15)
				add(n>>3-bk>>3+7, 15)
			case "wrel": // the white king relative to the black king
				add(wk&7-bk&7+7, 15)
				add(wk>>3-bk>>3+7, 15)
			case "brel":
				add(bb&7-bk&7+7, 15)
				add(bb>>3-bk>>3+7, 15)
			default:
				if !strings.HasPrefix(f, "map:") {
					panic("unknown feature " + f)
				}
				// a class read from a file on the kings' squares
				// (readKingsMap), e.g. a candidate rule's rank
				k = k*4096 + files[fi][wk*64+bk]
				fi++
			}
		}
		return k
	}
}

// phaseLayers returns each position's layer (0: never layered) in the
// phase at level k of lev for the feature map name with steps of d moves,
// and the layers' sizes.
func phaseLayers(lev []int8, k int, name string, d int) ([]int16, []int) {
	f := phaseFeature(name)
	ids := map[int64]int32{}
	cls := make([]int32, N)
	for p := 0; p < N; p++ {
		cls[p] = -1
		if legalW(p) && dtmW[p] >= 0 && int(lev[p]) == k {
			key := f(p)
			c, ok := ids[key]
			if !ok {
				c = int32(len(ids))
				ids[key] = c
			}
			cls[p] = c
		}
	}
	nc := len(ids)
	layer := make([]int16, nc)
	goal := make([]bool, N)
	parFor(N, func(p int) {
		goal[p] = legalW(p) && dtmW[p] >= 0 && int(lev[p]) > k
	})
	var sizes []int
	for L := 1; ; L++ {
		w := phaseReach(goal, d)
		fail := make([]bool, nc)
		for p := 0; p < N; p++ {
			if c := cls[p]; c >= 0 && layer[c] == 0 && !w[p] {
				fail[c] = true
			}
		}
		added := 0
		for c := range fail {
			if layer[c] == 0 && !fail[c] {
				layer[c] = int16(L)
				added++
			}
		}
		if added == 0 {
			break
		}
		var np atomic.Int64
		parFor(N, func(p int) {
			if c := cls[p]; c >= 0 && layer[c] == int16(L) {
				goal[p] = true
				np.Add(1)
			}
		})
		sizes = append(sizes, int(np.Load()))
	}
	out := make([]int16, N)
	parFor(N, func(p int) {
		if c := cls[p]; c >= 0 {
			out[p] = layer[c]
		}
	})
	return out, sizes
}

// phaseOrder measures, for the triangles levels and the phase at level
// k, each feature map of phis (separated by ','): its layers with steps
// of d moves.
func phaseOrder(levels string, phis string, k, d int) {
	var ns []int
	for _, x := range strings.Split(levels, ",") {
		if n, err := strconv.Atoi(x); err == nil {
			ns = append(ns, n)
		}
	}
	lev := deletangLevels(ns)
	total := 0
	for p := 0; p < N; p++ {
		if legalW(p) && dtmW[p] >= 0 && int(lev[p]) == k {
			total++
		}
	}
	fmt.Printf("phase from level %d of %s: %d positions, steps of %d moves\n", k, levels, total, d)
	for _, name := range strings.Split(phis, ",") {
		if phaseRank {
			phaseRankCheck(lev, k, name, d)
			continue
		}
		lay, sizes := phaseLayers(lev, k, name, d)
		classes := map[int64]bool{}
		stuck := map[int64]bool{}
		f := phaseFeature(name)
		done := 0
		var ss []string
		for L, n := range sizes {
			done += n
			ss = append(ss, fmt.Sprintf("%d:%d", L+1, n))
		}
		for p := 0; p < N; p++ {
			if legalW(p) && dtmW[p] >= 0 && int(lev[p]) == k {
				key := f(p)
				classes[key] = true
				if lay[p] == 0 {
					stuck[key] = true
				}
			}
		}
		fmt.Printf("  %s: %d classes, %d layers, layered %d positions (%.2f%%), never layered %d classes, %d positions\n    layers (positions): %s\n",
			name, len(classes), len(sizes), done, 100*float64(done)/float64(max(total, 1)), len(stuck), total-done, strings.Join(ss, " "))
		if phaseDump {
			dumpKings(lev, k, lay)
		}
		if phaseClassFile != "" {
			writeKingsLayers(phaseClassFile+"."+name, lev, k, lay)
		}
		if phasePosFile != "" {
			writePosLayers(phasePosFile+"."+name, lev, k, lay)
		}
	}
}

// phaseMap: with -model delo, the feature map whose layers are the order
// inside the phases phaseLay (phaseKey, filled by deletangOracle; the
// other phases keep -torder).
var phaseMap = "bk+wk"
var phaseStep = 6
var phaseLay string
var phaseKey []int16

// phaseDump: with -porder, print each map's layers as boards of the white
// king's squares, one for each black king's square of the wedge file >=
// rank, file+rank >= 7 (the others are its mirror images): the greatest
// layer over the minors' squares ('.' no position, '-' never layered,
// '*' at level above k for some placement, 'K' the black king).
var phaseDump bool

func dumpKings(lev []int8, k int, lay []int16) {
	for bk := 0; bk < 64; bk++ {
		f, r := bk&7, bk>>3
		if f < r || f+r < 7 {
			continue
		}
		var cell [64]int
		for i := range cell {
			cell[i] = -2
		}
		for wk := 0; wk < 64; wk++ {
			for rest := 0; rest < 1<<11; rest++ {
				p := wk<<17 | rest<<6 | bk
				if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k {
					continue
				}
				l := int(lay[p])
				if l == 0 {
					cell[wk] = -1
				} else if cell[wk] != -1 {
					cell[wk] = max(cell[wk], l)
				}
			}
		}
		fmt.Printf("black king on %c%d:\n", 'a'+f, r+1)
		for rr := 7; rr >= 0; rr-- {
			var b strings.Builder
			for ff := 0; ff < 8; ff++ {
				s := rr*8 + ff
				switch {
				case s == bk:
					b.WriteByte('K')
				case cell[s] == -2:
					b.WriteByte('.')
				case cell[s] == -1:
					b.WriteByte('-')
				default:
					b.WriteByte(byte('0' + cell[s]))
				}
			}
			fmt.Println("   ", b.String())
		}
	}
}

// phaseClassFile: with -porder, write each map's layers on the kings'
// squares to FILE.MAP, one line "wk bk positions layer" (squares 0-63,
// a1 = 0; layer the greatest over the minors' squares, 0 if some
// position of the pair is never layered; pairs with no position of the
// phase left out), for candidate rules to be compared with offline.
var phaseClassFile string

func writeKingsLayers(file string, lev []int8, k int, lay []int16) {
	var b strings.Builder
	for wk := 0; wk < 64; wk++ {
		for bk := 0; bk < 64; bk++ {
			n, l, never := 0, 0, false
			for rest := 0; rest < 1<<11; rest++ {
				p := wk<<17 | rest<<6 | bk
				if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k {
					continue
				}
				n++
				if lay[p] == 0 {
					never = true
				}
				l = max(l, int(lay[p]))
			}
			if n == 0 {
				continue
			}
			if never {
				l = 0
			}
			fmt.Fprintf(&b, "%d %d %d %d\n", wk, bk, n, l)
		}
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

// phaseMapDir: the directory of the kings' maps "map:NAME" reads.
var phaseMapDir = "."

// readKingsMap reads a map on the kings' squares: 4096 integers, the
// class of the white king on wk and the black king on bk at wk*64+bk
// (squares 0-63, a1 = 0), written by a script from a candidate rule.
func readKingsMap(name string) []int64 {
	b, err := os.ReadFile(phaseMapDir + "/" + name)
	if err != nil {
		panic(err)
	}
	f := strings.Fields(string(b))
	if len(f) != 4096 {
		panic(fmt.Sprintf("%s: %d classes, want 4096", name, len(f)))
	}
	m := make([]int64, 4096)
	for i, x := range f {
		v, err := strconv.ParseInt(x, 10, 64)
		if err != nil || v < 0 || v >= 4096 {
			panic(fmt.Sprintf("%s: class %q: want 0-4095", name, x))
		}
		m[i] = v
	}
	return m
}

// foldSquare folds s by the board's two diagonal mirrors (a1-h8 and
// a8-h1, which keep the squares' colours and swap the mate corners) into
// the wedge file >= rank, file+rank >= 7.
func foldSquare(s int) int {
	f, r := s&7, s>>3
	if f < r {
		f, r = r, f
	}
	if f+r < 7 {
		f, r = 7-r, 7-f
	}
	if f < r {
		f, r = r, f
	}
	return r*8 + f
}

// centreDist is the Manhattan distance from s to the nearest of d4, e4,
// d5 and e5.
func centreDist(s int) int {
	f, r := s&7, s>>3
	return max(3-f, f-4, 0) + max(3-r, r-4, 0)
}

// phaseRank: with -porder, read each map's key as a rank (lower is
// better) and check it instead of layering its classes: a position of
// rank r must force, within d moves, a higher level or a rank below r.
// This checks a given order (a rule's formula), where the layers find
// the best order on the classes.
var phaseRank bool

func phaseRankCheck(lev []int8, k int, name string, d int) {
	f := phaseFeature(name)
	const inf, minf = int64(1) << 60, -(int64(1) << 60)
	// g: a White-to-move position's worth as a step's end: the next
	// level -inf, a position of the phase its rank, anything else +inf.
	g := make([]int64, N)
	vals := map[int64]int{}
	parFor(N, func(p int) {
		g[p] = inf
		if legalW(p) && dtmW[p] >= 0 {
			switch {
			case int(lev[p]) > k:
				g[p] = minf
			case int(lev[p]) == k:
				g[p] = f(p)
			}
		}
	})
	for p := 0; p < N; p++ {
		if g[p] != inf && g[p] != minf {
			vals[g[p]]++
		}
	}
	// val: the least, over White's trees of depth <= r, of the greatest
	// rank at their ends, with phaseReach's trees (every reply at the
	// end, or every reply a tree of depth r-1).
	val := make([]int64, N)
	b := make([]int64, N)
	parFor(N, func(p int) { val[p] = inf })
	for r := 1; r <= d; r++ {
		prev := val
		parForBuf(N, func(j int, buf *[2][]int) {
			b[j] = inf
			if !valid[j] {
				return
			}
			if mated[j] {
				b[j] = minf
				return
			}
			if !fSafe[j] {
				return
			}
			reps, c := blackMoves(j, buf[0])
			if c || len(reps) == 0 {
				return
			}
			mg, ms := minf, minf
			for _, q := range reps {
				mg = max(mg, g[q])
				ms = max(ms, prev[q])
			}
			if r == 1 {
				ms = inf
			}
			b[j] = min(mg, ms)
		})
		next := make([]int64, N)
		parForBuf(N, func(i int, buf *[2][]int) {
			next[i] = inf
			if !legalW(i) || dtmW[i] < 0 {
				return
			}
			for _, j := range whiteMoves(i, buf[0]) {
				next[i] = min(next[i], b[j])
			}
		})
		val = next
	}
	fails := map[int64]int{}
	pairs := map[[2]int]int{}
	n := 0
	for p := 0; p < N; p++ {
		if g[p] != inf && g[p] != minf && val[p] >= g[p] {
			fails[g[p]]++
			n++
			wk, _, _, bk := dec(p)
			pairs[[2]int{wk, bk}]++
		}
	}
	var rs []int64
	for r := range fails {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	var ss []string
	for _, r := range rs {
		ss = append(ss, fmt.Sprintf("%d:%d/%d", r, fails[r], vals[r]))
	}
	fmt.Printf("  %s as a rank: %d ranks, %d fail at %d positions\n    failing ranks (rank:failing/positions): %s\n",
		name, len(vals), len(rs), n, strings.Join(ss, " "))
	var ps []string
	for pr, c := range pairs {
		ps = append(ps, fmt.Sprintf("wk%s/bk%s:%d", sqName(pr[0]), sqName(pr[1]), c))
	}
	sort.Strings(ps)
	if len(ps) > 0 {
		fmt.Printf("    failing kings (white/black:positions): %s\n", strings.Join(ps, " "))
	}
}

// phasePosFile: with -porder, write each map's layers position by
// position to FILE.MAP, one line "wk b n bk dtm layer" (squares 0-63, a1
// = 0; layer 0: never layered), for candidate formulas to be fitted
// offline before -prank checks them.
var phasePosFile string

func writePosLayers(file string, lev []int8, k int, lay []int16) {
	f, err := os.Create(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	for p := 0; p < N; p++ {
		if !legalW(p) || dtmW[p] < 0 || int(lev[p]) != k {
			continue
		}
		wk, b, n, bk := dec(p)
		fmt.Fprintf(w, "%d %d %d %d %d %d\n", wk, b, n, bk, dtmW[p], lay[p])
	}
}

// rankFile: with the feature rf, a rank for every position (N
// little-endian uint16, the harness's own index), written by a script
// from a formula fitted offline (-prankfile).
var rankFile []uint16

func readRankFile(name string) {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	if len(b) != 2*N {
		panic(fmt.Sprintf("%s: %d bytes, want %d", name, len(b), 2*N))
	}
	rankFile = make([]uint16, N)
	for p := range rankFile {
		rankFile[p] = uint16(b[2*p]) | uint16(b[2*p+1])<<8
	}
}

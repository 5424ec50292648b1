// Command kbnkharness plays advice tables of bishop, knight and king
// against king over the whole endgame, against every defence, with a depth
// to mate of its own, to measure a table's idea in minutes before it is
// written in the language and verified by `al verify` (docs/verify.md,
// KBNK). It imports nothing of al's: its KBNK graph (the bishop on the
// light squares; a dark-squared bishop is the mirror image, so every count
// is half the endgame's) is built here, and its depth to mate reproduces
// the tablebase's figures (10,822,184 won starts with White to move in the
// whole endgame, longest 33).
//
// A table is a list of rules, each a region and its steps; a step is an
// advice "mate, or every reply lower in KEY than the root" with its depth
// (iterative deepening, as the prover does), holding no minor piece en
// prise and no stalemate at Black's turns. For each advice and each depth
// the least key a forcing tree reaches is computed for every placement by
// value iteration, and the table is played as `al play` plays it: the first
// rule whose region holds, the first step with a tree, the shallowest
// tree, the first move in the game's order that starts one, the tree
// followed to its leaves; the longest defence from every start is
// memoised where the table is consulted.
//
// The model of knowledge/kbnk.al1 (-model al1, its four phases written
// in Go from knowledge/lib/kbnk.al; -xray for its SAFE since the tenth
// session, which counts a knight defended through the checked king) and
// its variants (-model coarse, rescue; -approach, -apdepth, -apclear,
// -aptied, -low) are what docs/verify.md ("The four phases played over the
// whole endgame") measured. A run takes 2 to 5 minutes on two cores and
// about 3.5 GB. The eleventh session's drives read on the black king
// (-low bkl, bkb, bke, bkc, ebr, bw4, ew4; -model pref with -prefx, a step
// of one move tried first; -model mix, the men placed on an order of its
// own; -high, the white king's distance moved) are in docs/verify.md
// ("Drives measured where the black king is"); -low, -prefx and -high
// take lists, each played in turn on the same graph. The twelfth
// session's press (-model press, press2, press3 with -pkey, -pdeltas,
// -pdepth, -pin, -pfall), the black king's territory (-model terr with
// -torder, -tpress, -tpdepth; -model tp), -lenient (a dead end or a cycle
// ends the game: lengths only), -cage and -tbline (the tablebase's line
// with the room, the mate box and the territory) are in docs/verify.md
// ("The press and the territory"). The thirteenth session's -mated (a
// deeper mate near the corner in the net and the box), -tvor (the
// territory without its flood fill, as knowledge/lib/kbnk.al counts it),
// -wcage (the cages a rule of their own), -tbw and -tcage (tsb's weights)
// are in docs/verify.md ("The territory without its flood fill"). The
// fourteenth's -deletang, -dheld, -dcand, -model delo, -dlevels and -dpred
// are in "Deletang's triangles measured"; the fifteenth's -porder,
// -pphase, -pstep, -pdump (the best order a feature map allows inside a
// phase, phase.go) and -play, -pmap (model delo ordered by those layers)
// in "The best order on a feature set"; the next session's -pclass,
// map:NAME with -pmapdir (a candidate's classes from a file, written by
// kingmaps.py), the features bkf, we, we2, wc, bc, kd4, -prank (a map's
// key checked as a given order) and -prankplay (played as one) in "The
// open board's order on three distances"; the next session's -pfalls,
// -pfdepth and -pfallin (a bigger fall of a phase's order asked for
// first), -ppos (a phase's layers written position by position) and
// -prankfile with the feature rf (a rank per position, fitphase.py's) in
// "The bigger fall first"; the next session's -dshrink, -dshrinkin and
// -dshrinkonly (a step to a smaller triangle or the mate within K moves,
// tried first in each level) in "A smaller triangle within eight moves";
// the next session's -dmasks, -dread and -dshrinkshow (regions.go: levels
// as regions of the black king finer than the triangles, and the
// triangles read as a one- or two-move confinement) in "The first
// triangle's phase split, and the triangles read by confinement".
//
//	go build -o /tmp/kbnk ./scripts/kbnkharness
//	/tmp/kbnk -model al1 -xray -show 1
//	/tmp/kbnk -table 'net:mate_3,mate_5,drive@net_6;box4:mate_3,fine@box4_4;all:sqany_4'
package main

import (
	"flag"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// keys are candidate orders of progress (lower is progress), read on a
// placement with White to move.
var keys = map[string]func(p int) int64{
	// the mate box, then the room, then the white king's and the minors'
	// distances to it.
	"fine": func(p int) int64 {
		return ((int64(fBox[p])*65+int64(fRoom[p]))*16+int64(fK2R[p]))*32 + int64(fM2R[p])
	},
	"box":     func(p int) int64 { return int64(fBox[p]) },
	"boxroom": func(p int) int64 { return int64(fBox[p])*65 + int64(fRoom[p]) },
	"sq3":     func(p int) int64 { return int64(fRoom[p]) + 3*int64(fBox[p]) },
	"sq3k":    func(p int) int64 { return (int64(fRoom[p])+3*int64(fBox[p]))*16 + int64(fK2R[p]) },
	"sq3km":   func(p int) int64 { return ((int64(fRoom[p])+3*int64(fBox[p]))*16+int64(fK2R[p]))*32 + int64(fM2R[p]) },
	"w7":      func(p int) int64 { return fW7[p] },
	"w7k":     func(p int) int64 { return fW7[p]*16 + int64(fK2R[p]) },
	"w7km":    func(p int) int64 { return (fW7[p]*16+int64(fK2R[p]))*32 + int64(fM2R[p]) },
	"w4":      func(p int) int64 { return fW4[p] },
	"w4k":     func(p int) int64 { return fW4[p]*16 + int64(fK2R[p]) },
	"w4km":    func(p int) int64 { return (fW4[p]*16+int64(fK2R[p]))*32 + int64(fM2R[p]) },
	"mate":    func(p int) int64 { return INF },
	// kbbk-short's squeeze toward any corner, then the distances.
	"sqany": func(p int) int64 {
		return ((int64(fRoom[p])+3*int64(anyBox(p)))*16+int64(fK2R[p]))*32 + int64(fM2R[p])
	},
	"drive": drive,
	// the open board: into any4, else kbbk's squeeze toward any corner.
	"open": func(p int) int64 {
		if fBox[p] <= 4 || anyBox(p) <= 4 {
			return 0
		}
		return 1 + ((int64(fRoom[p])+3*int64(anyBox(p)))*16+int64(fK2R[p]))*32 + int64(fM2R[p])
	},
	// the room's bounding rectangle's area, then the mate box, the white
	// king's and the minors' distances to the room.
	"areabox": func(p int) int64 {
		return ((int64(area(roomB[p]))*9+int64(fBox[p]))*16+int64(fK2R[p]))*32 + int64(fM2R[p])
	},
	// the mate box, then the rectangle's area, then the distances.
	"boxarea": func(p int) int64 {
		return ((int64(fBox[p])*65+int64(area(roomB[p])))*16+int64(fK2R[p]))*32 + int64(fM2R[p])
	},
}

var regions = map[string]func(i int) bool{
	"all":  nil,
	"box3": func(i int) bool { return fBox[i] <= 3 },
	"box4": func(i int) bool { return fBox[i] <= 4 },
	"any4": func(i int) bool { return fBox[i] <= 4 || anyBox(i) <= 4 },
	"any5": func(i int) bool { return fBox[i] <= 4 || anyBox(i) <= 5 },
	"net":  inNet,
	"cbox": inBox,
}

// anyBox is the side of the smallest square in any corner that holds the
// room (kbbk's corner box).
func anyBox(p int) int {
	best := 8
	for _, c := range [4]int{0, 7, 56, 63} {
		far := 0
		for b := roomB[p]; b != 0; b &= b - 1 {
			far = max(far, dist(bits.TrailingZeros64(b), c))
		}
		best = min(best, far+1)
	}
	return best
}

// area is the area of the smallest rectangle that holds the squares of r.
func area(r uint64) int {
	if r == 0 {
		return 0
	}
	f0, f1, r0, r1 := 7, 0, 7, 0
	for x := r; x != 0; x &= x - 1 {
		s := bits.TrailingZeros64(x)
		f0, f1, r0, r1 = min(f0, s&7), max(f1, s&7), min(r0, s>>3), max(r1, s>>3)
	}
	return (f1 - f0 + 1) * (r1 - r0 + 1)
}

// rankKey compresses a key to dense int32 ranks (only its order counts);
// INF stays INF.
func rankKey(f func(p int) int64) []int32 {
	raw := make([]int64, N)
	parFor(N, func(p int) {
		raw[p] = INF
		if legalW(p) {
			raw[p] = f(p)
		}
	})
	seen := map[int64]bool{}
	for _, v := range raw {
		seen[v] = true
	}
	var vs []int64
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
	out := make([]int32, N)
	for p, v := range raw {
		if v == INF {
			out[p] = INF
		} else {
			out[p] = idx[v]
		}
	}
	return out
}

func main() {
	spec := flag.String("table", "all:mate_3,fine_3", "rules separated by ';': region:key_depth,... (key mate: the mate)")
	show := flag.Int("show", 1, "print the worst lines of this many starts")
	model := flag.String("model", "", "play a model of a shipped table instead of -table: al1 (knowledge/kbnk.al1), coarse (its drive's coarse order first)")
	flag.StringVar(&approachOrder, "approach", "ezknm", "with -model: the approach's order, ezknm (kbnk.al1's) or enzkm")
	lows := flag.String("low", "w4", "with -model: the drive's second part, w4 (kbnk.al1's), br, bkl, bkb, bke, bkc, ebr (model.go's driveLow); several separated by commas are played in turn")
	flag.IntVar(&approachDepth, "apdepth", 4, "with -model al1: the approach's deepest step (kbnk.al1's: 4)")
	flag.IntVar(&rescueDepth, "rescuedepth", 4, "with -model rescue: the rescue's deepest step")
	flag.BoolVar(&xray, "xray", false, "a minor defended through the black king's square counts as defended (SAFE, minor_hangs)")
	flag.BoolVar(&approachClear, "apclear", false, "with -model: the approach's goal wants no minor next to the black king after the reply")
	flag.BoolVar(&approachTrap, "aptrap", false, "with -model: the approach's goal wants not the trapped minors' shape after the reply (model.go's approachTrap)")
	flag.BoolVar(&approachTrap2, "aptrap2", false, "with -aptrap: also the knight hemmed in by the black king, the white king far (model.go's approachTrap2)")
	flag.BoolVar(&approachTied, "aptied", false, "with -model: the approach's goal wants no minor next to the black king that the white king does not defend")
	highs := flag.String("high", "al1", "with -model: where the drive reads the white king's distance to the room: al1 (kbnk.al1's), k or kl (model.go's highOrder); several separated by commas are played in turn")
	prefs := flag.String("prefx", "bkl", "with -model pref: the measure lowered first (prefKeys in model.go); several separated by commas are played in turn")
	flag.StringVar(&pressKey, "pkey", "sq3", "with -model press: the press's measure, sq3 (the room and three times the mate box), sq6, sqany, room")
	pds := flag.String("pdeltas", "12,8,5,3,1", "with -model press: the drops tried in turn")
	flag.IntVar(&pressDepth, "pdepth", 2, "with -model press: the press's depth")
	flag.StringVar(&pressIn, "pin", "placed", "with -model press: the rules that try the press first (approach, placed, box, net)")
	flag.StringVar(&pressRegion, "preg", "placed", "with -model press: where the press's goal must land (placed, box, net)")
	flag.BoolVar(&pressFallback, "pfall", false, "with -model press3: kbnk.al1's drive where the press's order is stuck")
	flag.BoolVar(&lenient, "lenient", false, "a stuck position or a cycle ends the game (lengths only, not a proof)")
	tbFens := flag.String("tbline", "", "print the tablebase's lines from these FENs (separated by ';', the bishop light) and stop; with -deletang, the discipline's lines")
	flag.IntVar(&terrDepth, "tdepth", 6, "with -model terr: the deepest step")
	flag.StringVar(&terrOrder, "torder", "tw", "with -model terr: the order (terrKey in model.go)")
	tps := flag.String("tpress", "", "with -model terr: the territory's size lower by each of these drops in turn first")
	flag.IntVar(&terrPressDepth, "tpdepth", 2, "with -tpress: its depth")
	flag.IntVar(&mateDeep, "mated", 0, "with -model terr: a mate of up to this many moves near the corner, tried early in the net and the box")
	flag.BoolVar(&mateInTerr, "materr", false, "with -mated: also first in the territory's rule")
	flag.BoolVar(&wrongCage, "wcage", false, "with -model terr: the cages a rule of their own on kbnk.al1's drive, never entered by the territory's steps")
	flag.BoolVar(&terrVoronoi, "tvor", false, "the territory without its flood fill: the room's squares nearer the black king than the white king")
	flag.IntVar(&terrBoxWeight, "tbw", 3, "with -torder tsb: the weight of the territory's mate box beside its size")
	flag.BoolVar(&terrCageHigh, "tcage", false, "with -torder tsb: the cages above the territory")
	flag.IntVar(&cageRoom, "cage", 6, "the drive's far cage: a room of this many squares or fewer (kbnk.al1's 6) ...")
	flag.IntVar(&cageBox, "cagebox", 3, "... with a mate box above this (kbnk.al1's 3)")
	dlev := flag.String("deletang", "", "measure Deletang's triangles of these sizes (e.g. 6,3,1: deletang.go) and stop")
	flag.BoolVar(&deletangHeld, "dheld", false, "with -deletang: a triangle's set where White keeps the king in it forever (else: where White mates keeping it there)")
	flag.StringVar(&deletangLevelsFlag, "dlevels", "6,3,1", "with -model delo: the triangles")
	dcand := flag.Int("dcand", 0, "measure the language's candidate predicates against this triangle's set (deletang.go) and stop")
	flag.BoolVar(&deletangPred, "dpred", false, "with -model delo: the levels read on the territory within the triangle (as the language can) instead of the graph's sets")
	porder := flag.String("porder", "", "measure the layers of these feature maps (separated by ',', parts joined by '+': phase.go) inside the phase -pphase of -dlevels and stop")
	flag.BoolVar(&phaseDump, "pdump", false, "with -porder: print the layers as boards of the white king's squares (phase.go's dumpKings)")
	flag.StringVar(&phaseClassFile, "pclass", "", "with -porder: write each map's layers on the kings' squares to FILE.MAP (phase.go's writeKingsLayers)")
	flag.StringVar(&phasePosFile, "ppos", "", "with -porder: write each map's layers position by position to FILE.MAP (phase.go's writePosLayers)")
	rankFileName := flag.String("prankfile", "", "the ranks the feature rf reads: N little-endian uint16, one for each position of the harness's index (phase.go's readRankFile)")
	flag.StringVar(&phaseMapDir, "pmapdir", ".", "the directory of the kings' maps a feature map:NAME reads (phase.go's readKingsMap)")
	flag.BoolVar(&phaseRank, "prank", false, "with -porder: check each map's key as a rank, lower better (phase.go's phaseRankCheck), instead of layering its classes")
	flag.StringVar(&phaseRankPlay, "prankplay", "", "with -model delo -play: the phases (e.g. 0) whose -pmap key is the order itself instead of its layers")
	pphase := flag.Int("pphase", 0, "with -porder: the phase's level (0 the open board)")
	pstep := flag.Int("pstep", 6, "with -porder: a step's depth")
	flag.StringVar(&phaseMap, "pmap", "bk+wk", "with -model delo and -play: the feature map whose layers order the phases -play (one for each level separated by ';', the last repeated)")
	flag.StringVar(&phaseLay, "play", "", "with -model delo: the phases (levels, e.g. 0) ordered by -pmap's layers instead of -torder")
	falls := flag.String("pfalls", "", "with -model delo -play: the falls of a phase's order asked for first, biggest first (e.g. 8,4,2), before any fall; several sets separated by ';' are played in turn")
	flag.IntVar(&phaseFallDepth, "pfdepth", 6, "with -pfalls: the depth of those steps")
	flag.StringVar(&phaseFallIn, "pfallin", "0", "with -pfalls: the phases (levels) that ask for them")
	flag.IntVar(&shrinkDepth, "dshrink", 0, "with -model delo: a step of up to this many moves to a smaller triangle (or the mate), tried before each level's order (deletang.go's shrinkAdvice)")
	flag.StringVar(&shrinkLevels, "dshrinkin", "", "with -dshrink: the levels that try it (e.g. 1,2,3; empty: every level)")
	flag.StringVar(&maskSpecs, "dmasks", "", "with -model delo: the levels as regions of the black king (regions.go, e.g. t6,t5,t4+t5.c4,t4), largest first, instead of -dlevels")
	flag.StringVar(&maskReads, "dread", "won", "with -dmasks: how a region's level is read (regions.go: won, held, conf, conf2, geo); with -dshrinkonly several separated by ',' in turn")
	flag.IntVar(&shrinkShow, "dshrinkshow", 0, "with -dshrink: print this many positions of each level with no such step")
	flag.BoolVar(&shrinkOnly, "dshrinkonly", false, "with -dshrink: print its least depths by level and stop")
	flag.Parse()
	var fallSets [][]int
	for _, set := range strings.Split(*falls, ";") {
		var fs []int
		for _, x := range strings.Split(set, ",") {
			if d, err := strconv.Atoi(x); err == nil && d > 1 {
				fs = append(fs, d)
			}
		}
		fallSets = append(fallSets, fs)
	}
	for _, x := range strings.Split(*tps, ",") {
		if d, err := strconv.Atoi(x); err == nil {
			terrPress = append(terrPress, d)
		}
	}
	pressDeltas = nil
	for _, x := range strings.Split(*pds, ",") {
		d, err := strconv.Atoi(x)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bad -pdeltas", *pds)
			os.Exit(2)
		}
		pressDeltas = append(pressDeltas, d)
	}
	if *rankFileName != "" {
		readRankFile(*rankFileName)
	}
	t0 := time.Now()
	precompute()
	solveDTM()
	features()
	fmt.Fprintln(os.Stderr, "graph, depth to mate, features:", time.Since(t0))
	report("tablebase", func(i int) int { return int(dtmW[i]) })
	phaseStep = *pstep
	if *porder != "" {
		phaseOrder(deletangLevelsFlag, *porder, *pphase, *pstep)
		return
	}
	if *dcand > 0 {
		candidates(*dcand)
		return
	}
	if *dlev != "" {
		deletang(*dlev, *tbFens)
		return
	}
	if *tbFens != "" {
		for _, f := range strings.Split(*tbFens, ";") {
			i := parseFEN(f)
			fmt.Printf("tablebase line from %s (mate in %d): ", fen(i, true), dtmW[i])
			tbLine(i)
		}
		return
	}

	if *model != "" {
		// -low may name several orders: each is played in turn on the
		// same graph.
		type run struct{ hi, lo, px string }
		var runs []run
		for _, hi := range strings.Split(*highs, ",") {
			for _, lo := range strings.Split(*lows, ",") {
				for _, px := range strings.Split(*prefs, ",") {
					runs = append(runs, run{hi, lo, px})
					if *model != "pref" {
						break
					}
				}
			}
		}
		if len(fallSets) > 1 {
			// several -pfalls sets: each played in turn on the same graph
			var rs []run
			for _, fs := range fallSets {
				rs = append(rs, run{runs[0].hi, runs[0].lo, fmt.Sprint(fs)})
			}
			runs = rs
		}
		for k, ru := range runs {
			if k < len(fallSets) {
				phaseFalls = fallSets[k]
			}
			lo := ru.lo
			highOrder, lowOrder, prefX = ru.hi, lo, ru.px
			t1 := time.Now()
			t := modelTable(*model)
			if shrinkOnly {
				return
			}
			t2 := time.Now()
			t.play()
			fmt.Fprintln(os.Stderr, "trees:", t2.Sub(t1), "play:", time.Since(t2))
			name := *model + " -high " + highOrder + " -low " + lo
			if *model == "pref" {
				name += " -prefx " + prefX
			}
			if len(phaseFalls) > 0 {
				name += fmt.Sprintf(" -pfalls %v -pfdepth %d", phaseFalls, phaseFallDepth)
			}
			t.print(name, *show)
			t = nil
			runtime.GC()
		}
		return
	}
	advs := map[string]*Advice{}
	depthOf := map[string]int{}
	var t Table
	for _, rs := range strings.Split(*spec, ";") {
		name, steps, _ := strings.Cut(rs, ":")
		reg, ok := regions[name]
		if !ok {
			fmt.Fprintln(os.Stderr, "unknown region", name)
			os.Exit(2)
		}
		ru := Rule{name: name, region: reg}
		for _, s := range strings.Split(steps, ",") {
			k := strings.LastIndex(s, "_")
			d, err := strconv.Atoi(s[k+1:])
			if k < 0 || err != nil {
				fmt.Fprintln(os.Stderr, "bad step", s)
				os.Exit(2)
			}
			kn, rn, _ := strings.Cut(s[:k], "@")
			if _, ok := keys[kn]; !ok {
				fmt.Fprintln(os.Stderr, "unknown key", kn)
				os.Exit(2)
			}
			if _, ok := regions[rn]; rn != "" && !ok {
				fmt.Fprintln(os.Stderr, "unknown region", rn)
				os.Exit(2)
			}
			depthOf[s[:k]] = max(depthOf[s[:k]], d)
			ru.steps = append(ru.steps, Step{depth: d, mate: s[:k] == "mate", delta: 0})
			ru.steps[len(ru.steps)-1].a = &Advice{name: s[:k]} // resolved below
		}
		t.rules = append(t.rules, ru)
	}
	t1 := time.Now()
	for name, d := range depthOf {
		kn, rn, _ := strings.Cut(name, "@")
		if rn == "" {
			advs[name] = newAdvice(name, rankKey(keys[kn]), d)
		} else {
			advs[name] = regionAdvice(name, regions[rn], keys[kn], d)
		}
	}
	for r := range t.rules {
		for s := range t.rules[r].steps {
			t.rules[r].steps[s].a = advs[t.rules[r].steps[s].a.name]
		}
	}
	t2 := time.Now()
	t.play()
	fmt.Fprintln(os.Stderr, "trees:", t2.Sub(t1), "play:", time.Since(t2))
	t.print(*spec, *show)
}

func (t *Table) print(name string, show int) {
	report(name, func(i int) int {
		v := int(t.V[i])
		if v >= vFail || v < 0 {
			return -1
		}
		return v
	})
	// the mean and worst game from the starts of each region (the net,
	// the corner box, the men placed, the rest)
	{
		var cnt, sum, worst [4]int
		for i := 0; i < N; i++ {
			if !legalW(i) || dtmW[i] < 0 || t.V[i] < 0 || t.V[i] >= vFail {
				continue
			}
			r := 3
			switch {
			case inNet(i):
				r = 0
			case inBox(i):
				r = 1
			case inPlaced(i):
				r = 2
			}
			cnt[r]++
			sum[r] += int(t.V[i])
			worst[r] = max(worst[r], int(t.V[i]))
		}
		for r, nm := range []string{"net", "box", "placed", "rest"} {
			fmt.Printf("  from %s: %d starts, mean %.2f, worst %d\n", nm, cnt[r], float64(sum[r])/float64(max(cnt[r], 1)), worst[r])
		}
	}
	fmt.Printf("stuck %d, cycles %d, consultations %d, by the tree's depth %v\n", t.stuck, t.cyc, t.consults, t.byDepth[1:8])
	var names []string
	for k := range t.byStep {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Printf("  %s %d", k, t.byStep[k])
	}
	fmt.Println()
	for k, i := range t.stuckAt {
		if k >= 5 {
			break
		}
		fmt.Printf("stuck at %s (tablebase %d, room %d, box %d)\n", fen(i, true), dtmW[i], fRoom[i], fBox[i])
	}
	for k, i := range t.cycAt {
		if k >= 5 {
			break
		}
		a, _, _, name := t.pick(i)
		_ = a
		fmt.Printf("cycle through %s (tablebase %d, room %d, box %d, territory %d, %s)\n", fen(i, true), dtmW[i], fRoom[i], fBox[i], terrSize(i), name)
	}
	t.showWorst(show)
}

func report(name string, v func(i int) int) {
	won, proved, sum, worst, sumT, within := 0, 0, 0, 0, 0, 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtmW[i] < 0 {
			continue
		}
		won++
		x := v(i)
		if x < 0 {
			continue
		}
		proved++
		sum += x
		sumT += int(dtmW[i])
		worst = max(worst, x)
		if x <= 50 {
			within++
		}
	}
	fmt.Printf("%s: proved %d/%d worst %d mean %.2f (tablebase %.2f) within 50: %d (%.2f%%)\n", name, proved, won,
		worst, float64(sum)/float64(max(proved, 1)), float64(sumT)/float64(max(proved, 1)), within, 100*float64(within)/float64(max(won, 1)))
}

// parseFEN reads the placement of a FEN's first field (White to move).
func parseFEN(f string) int {
	sq := map[byte]int{}
	r, c := 7, 0
	for i := 0; i < len(f) && f[i] != ' '; i++ {
		ch := f[i]
		switch {
		case ch == '/':
			r, c = r-1, 0
		case ch >= '1' && ch <= '8':
			c += int(ch - '0')
		default:
			sq[ch] = r*8 + c
			c++
		}
	}
	return enc(sq['K'], sq['B'], sq['N'], sq['k'])
}

// tbLine prints the tablebase's line from White-to-move i (White the
// fastest mate, Black the longest, the first in the game's order) with
// the room and the mate box at each White turn.
func tbLine(i int) {
	var out []string
	for dtmW[i] > 0 {
		t0, t1 := territory(i, false), territory(i, true)
		out = append(out, fmt.Sprintf("[r%d b%d t%d/%d T%d/%d]", fRoom[i], fBox[i], bits.OnesCount64(t0), bits.OnesCount64(t1), tri(roomB[i]), tri(t0)))
		var buf [48]int
		j := -1
		for _, m := range whiteMoves(i, buf[:0]) {
			if dtmB[m] == dtmW[i]-1 && (mated[m] || dtmB[m] > 0) {
				j = m
				break
			}
		}
		out = append(out, moveName(i, j))
		if mated[j] {
			break
		}
		var rb [8]int
		best := -1
		for _, x := range blackMoves2(j, rb[:0]) {
			if best < 0 || dtmW[x] > dtmW[best] {
				best = x
			}
		}
		out = append(out, moveName(j, best))
		i = best
	}
	fmt.Println(strings.Join(out, " "))
}

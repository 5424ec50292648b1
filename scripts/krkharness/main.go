// Command krkharness plays policies for rook and king against king over the
// whole endgame, with a depth to mate of its own, to measure a table's idea
// in seconds before it is written in the language and verified by `al
// verify` (docs/verify.md, "A ninth session"). It imports nothing of al's:
// its KRK graph (262,144 placements, White to move) is built here, and its
// depth to mate reproduces the tablebase's figures (175,168 won starts,
// mean 9.86, worst 16).
//
// A policy is an advice list of AL1's kind: "the measure E smaller by k
// within d moves of White's, read after Black's reply, the rook safe and no
// stalemate" (Ladder), played as `al play` plays a table: the first advice
// with a forcing tree, iterative deepening, the first move in the game's
// order, the tree followed once taken up. Every start's worst case against
// every defence is computed at once.
//
//	go run ./scripts/krkharness -exp band
//
// Experiments (-exp): tb (the depth to mate alone), phi (the eighth
// session's measure with a ladder of drops), band (phi with the rook's best
// next cut counted: the ninth session's best), coarse and flat (band with
// the thresholds of band.al1.txt, in its two orders), fit (least squares
// of the depth to mate on a player's features). The tenth session's (docs/
// verify.md, "A tenth session"): pref (one move preference instead of a
// ladder: of the moves after whose every reply the measure is smaller, the
// one whose worst reply leaves it least), mix and mix2 (the preference on
// the band plus the fitted estimate), cheap (the preference on measures
// without the rook's next square), tune (a coordinate descent over the
// band's weights under the preference), minimax (a greedy search of one to
// three moves over a measure, for comparison: not knowledge), fails (where
// the preference finds no move), tbline FEN... (the tablebase's line).
// The thirteenth session's (docs/verify.md, "A thirteenth session";
// h17r.go, h17rtune.go): gopt, guardopts (the guarded optimum: the best
// any preference can do under a guard, the fallback the fastest move),
// pi (policy iteration: the table's own values as its next preference,
// the bound of the guard with its fallback trees), prices2, falls,
// fallmoves, fallback, fall2, order (the fallbacks), ptune, vfit, shape,
// roompref (preferences), corner, hist, diff, oracle, falloracle.
// The fifteenth session's (docs/verify.md, "A fifteenth session";
// h17w.go): h17wbucket, h17wattr, h17wfs, h17word, h17wfl, h17wbest2,
// h17wcorner2, h17wcorner3, h17wcorner4, h17wgl, h17wcombo, h17wcornervar,
// h17wrookaway, h17wrookaway2 (its "far, ladder [8 6 4 3 2]" is the
// shipped krk-short.al1: the rook away and the corner rule, the ladder).
// The sixteenth session's (docs/verify.md, "A sixteenth session"; h17k.go,
// h17ktext.go): h17kshipped (krk-short.al1 and its starts by length),
// h17ktext (the books' method alone: the band, the opposition, the
// waiting move, as a static policy), h17kloose, h17kedge, h17kedgepref
// (other cages and preferences), h17kwait, h17kwait2, h17kwait3,
// h17kwaittree, h17kbook, h17kplan, h17klast, h17kcornerkd, h17kstack
// (the books' steps on top of the cage).
// The seventeenth session's (docs/verify.md, "A seventeenth session";
// h17z.go): h17zphase (-new: the table it shipped first) and h17ztop
// (where krk-short.al1's moves over the tablebase's go, by phase, advice
// and start class), h17zdbg FEN... (the cage at each White move),
// h17znear, h17zideal (the king's ideal square), h17zord, h17zordrel,
// h17zordroot (the trees' order), h17zmate, h17zmate2, h17zmate3 (the
// mate phase: a mate within five in small rooms, shipped), h17zbox,
// h17zdeep, h17zoracle, h17zwalk, h17zwalk2, h17zwalk3, h17zwalk4,
// h17zwalk5 (the king's walk and a big cut where the kings are far,
// shipped: h17zwalk4's cut by 24).
// The eighteenth session's (docs/verify.md, "An eighteenth session";
// e18.go): e18 -v NAME, the shipped table with other mate advice in front
// (m6r10, m7r6, m7r8 (shipped), m7r10, m7r8e5, farline, the kings' distance
// bounded: m7r6k3, m7r8k3; a holding-goal: m7r6h6, m7r6h10b, ...),
// tinystat, tinystat2, tinyfens (-tinyroom N: the FENs whose search was
// measured with al play).
// The nineteenth session's (docs/verify.md, "A nineteenth session";
// e19.go): e19 -v NAME: phase (the long starts by phase, advice, the kings'
// distance and the room; the longest starts' decisions beside the
// tablebase's moves), lines FEN... and dbg FEN... (dbg24: with the hole of
// 24), far2d, farany2, farkd4, farkd5, farsafe, farsafeC, farCw24 (the rook
// far), walkmax4, walkmax3, walkkd4w24, walkkd3w24, toward4, toward5,
// toward4k (the king's walk), loose16 ... loose28, lk2w32, lk2w24 (the
// loose rook's weight; loose24 is the shipped krk-short.al1; e18's
// variants keep the hole of 32), big18w24, big28w24 (the big cut's size).
// The twentieth session's (e20.go): e20 -v NAME (cw: the king's step out
// toward the centre, shipped with -cwk 3 -cwwhere corner -cwslack 6
// -cwmin 24). The twenty-first's (docs/verify.md, "A twenty-first
// session"; e21.go): e21 -v away (the rook far where the black king attacks
// it near a cornered king; shipped with -e21k 4 -e21slack 12 -e21room 12)
// and defend (with the cornered king's step out to defend the rook as
// well: the shipped krk-short.al1).
// -lines N prints the table's line from N of its longest starts.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// Efunc is a measure read on a position with White to move.
type Efunc func(wk, wr, bk int) int

func report(name string, v []int32) {
	won, proved, sum, worst, sumT := 0, 0, 0, 0, 0
	for i := 0; i < N; i++ {
		if dtm[i] >= INF || !legalW(i) {
			continue
		}
		won++
		if v[i] < INF {
			proved++
			sum += int(v[i])
			sumT += int(dtm[i])
			if int(v[i]) > worst {
				worst = int(v[i])
			}
		}
	}
	fmt.Printf("%-24s proved %d/%d mean %.2f (tablebase %.2f there) worst %d\n", name, proved, won,
		float64(sum)/float64(max(proved, 1)), float64(sumT)/float64(max(proved, 1)), worst)
}

// rate is the graded ladder: for k from maxk down to 1, "E smaller by k
// within one move", then "by 2k within two"; then "smaller at all" within
// 2 to deep moves.
func rate(maxk, deep int) []Adv {
	var a []Adv
	for k := maxk; k >= 1; k-- {
		a = append(a, Adv{K: k, D: 1}, Adv{K: 2 * k, D: 2})
	}
	for d := 2; d <= deep; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	return a
}

// coarse is rate over the thresholds of band.al1.txt only.
func coarse(ks []int, deep int) []Adv {
	var a []Adv
	for _, k := range ks {
		a = append(a, Adv{K: k, D: 1}, Adv{K: 2 * k, D: 2})
	}
	for d := 3; d <= deep; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	return a
}

var nlines = flag.Int("lines", 0, "print the lines of this many of the longest starts")

func try(name string, E Efunc, advs []Adv) *Ladder {
	L := NewLadder(E, advs)
	L.run(name)
	L.worstLines(*nlines)
	return L
}

func main() {
	exp := flag.String("exp", "band", "experiment: tb, phi, band, coarse, flat, fit")
	flag.Parse()
	t := time.Now()
	precompute()
	solveDTM()
	fmt.Fprintln(os.Stderr, "graph and depth to mate:", time.Since(t))
	switch *exp {
	case "tb":
		report("tablebase", dtm[:])
	case "phi":
		try("phi ladder", phiK(10, 4, 3, 1), rate(30, 6))
	case "band":
		try("band [10 3 3 1 3]", withRook(phiK(10, 3, 3, 1), 3), rate(30, 6))
	case "coarse":
		try("band coarse", withRook(phiK(10, 3, 3, 1), 3), coarse([]int{30, 20, 14, 10, 7, 5, 3, 2, 1}, 5))
		try("band coarse d2", withRook(phiK(10, 3, 3, 1), 3), coarse([]int{30, 20, 14, 10, 7, 5, 3, 2, 1}, 2))
	case "flat":
		var a []Adv
		for _, k := range []int{30, 20, 14, 10, 7, 5, 3, 2, 1} {
			a = append(a, Adv{K: k, D: 1})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try("band flat", withRook(phiK(10, 3, 3, 1), 3), a)
	case "pref":
		// one preference instead of a ladder: of the moves after whose every
		// reply E is smaller, the one whose worst reply leaves E least; then
		// any drop within two to five moves.
		E := withRook(phiK(10, 3, 3, 1), 3)
		a := []Adv{{K: 1, D: 1, Pref: true}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try("band pref", E, a)
		F := table(withRook(fitE(), 10))
		a[0].P = F
		try("band guard, fit pref", E, a)
		a[0].P = table(fitE())
		try("band guard, fit pref norook", E, a)
		pol := policyMinimax(E, 1)
		report("band argmin (no guard)", evalPolicy(pol))
	case "mix":
		// E = S * band + the fitted estimate (tenths of a move).
		B := withRook(phiK(10, 3, 3, 1), 3)
		F := fitE()
		for _, S := range []int{0, 1, 3, 10, 30, 1000} {
			E := func(wk, wr, bk int) int { return S*B(wk, wr, bk) + F(wk, wr, bk) }
			a := []Adv{{K: 1, D: 1, Pref: true}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprintf("mix S=%d", S), E, a)
		}
	case "mix2":
		// the fitted estimate with the band among its features, the rook's
		// next square counted.
		B := withRook(phiK(10, 3, 3, 1), 3)
		fb := func(wk, wr, bk int) []float64 { return append(feats(wk, wr, bk), float64(B(wk, wr, bk))) }
		w := fit(fb, append(featNames, "band"))
		F := func(wk, wr, bk int) int {
			f := append(fb(wk, wr, bk), 1)
			p := 0.0
			for k := range f {
				p += f[k] * w[k]
			}
			return int(p * 10)
		}
		for _, c := range []int{0, 5, 10} {
			E := F
			if c > 0 {
				E = withRook(F, c)
			}
			for _, S := range []int{0, 3} {
				E2 := func(wk, wr, bk int) int { return S*B(wk, wr, bk) + E(wk, wr, bk) }
				a := []Adv{{K: 1, D: 1, Pref: true}}
				for d := 2; d <= 5; d++ {
					a = append(a, Adv{K: 1, D: d})
				}
				try(fmt.Sprintf("mix2 c=%d S=%d", c, S), E2, a)
			}
		}
	case "mix3":
		B := withRook(phiK(10, 3, 3, 1), 3)
		F := fitE()
		E := func(wk, wr, bk int) int { return 3*B(wk, wr, bk) + F(wk, wr, bk) }
		a := []Adv{{K: 1, D: 1, Pref: true}}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{K: 1, D: d})
		}
		try("mix S=3", E, a)
	case "cheap":
		// pref over measures without the rook's next square
		F := fitE()
		for _, W := range [][5]int{{10, 3, 3, 1, 0}, {10, 4, 3, 1, 0}, {10, 3, 3, 1, 3}, {10, 4, 3, 1, 3}, {10, 3, 3, 1, 1}, {6, 2, 2, 1, 3}} {
			B := phiK(W[0], W[1], W[2], W[3])
			S := W[4]
			E := func(wk, wr, bk int) int { return S*B(wk, wr, bk) + F(wk, wr, bk) }
			if S == 0 {
				E = B
			}
			a := []Adv{{K: 1, D: 1, Pref: true}}
			for d := 2; d <= 5; d++ {
				a = append(a, Adv{K: 1, D: d})
			}
			try(fmt.Sprint("cheap ", W), E, a)
		}
	case "fails":
		// where band's preference finds no move: examples, by the depth of
		// the fallback's tree
		E := withRook(phiK(10, 3, 3, 1), 3)
		L := NewLadder(E, nil)
		cnt := map[int]int{}
		for i := 0; i < N; i++ {
			if dtm[i] >= INF || !legalW(i) || L.prefMove(i, L.Ev[i]-1, nil) >= 0 {
				continue
			}
			for D := 2; D <= 5; D++ {
				if j := L.treeMove(i, L.Ev[i]-1, D); j >= 0 {
					cnt[D]++
					if cnt[D]%2000 == 1 {
						fmt.Println(D, fen(i), "E", L.Ev[i], "tb", dtm[i], wmoveName(i, j))
					}
					break
				}
			}
		}
		fmt.Println(cnt)
	case "minimax":
		// greedy d-move minimax of a measure, fresh at every move (no guard)
		B := withRook(phiK(10, 3, 3, 1), 3)
		F := fitE()
		M := func(wk, wr, bk int) int { return 3*B(wk, wr, bk) + F(wk, wr, bk) }
		for d := 1; d <= 3; d++ {
			report(fmt.Sprint("band minimax ", d), evalPolicy(policyMinimax(B, d)))
			report(fmt.Sprint("mix minimax ", d), evalPolicy(policyMinimax(M, d)))
			report(fmt.Sprint("fit minimax ", d), evalPolicy(policyMinimax(F, d)))
		}
	case "tune":
		tune()
	case "tbline":
		for _, f := range flag.Args() {
			i := parseFEN(f)
			fmt.Printf("%s (tb %d):%s\n", f, dtm[i], tbLine(i))
		}
	case "room":
		// the preference on the flood-fill room
		for _, W := range [][4]int{{16, 1, 0, 0}, {4, 1, 1, 0}, {4, 1, 1, 3}, {2, 1, 1, 3}, {3, 0, 2, 3}} {
			E := roomE(W[0], W[1], W[2])
			if W[3] > 0 {
				E = withRook(E, W[3])
			}
			try(fmt.Sprint("room ", W), E, prefAdvs())
		}
	case "room3":
		for _, c := range [][2]int{{0, 6}, {4, 6}, {6, 6}, {8, 8}, {6, 4}} {
			E := withRook(roomOf(1, 0), c[1])
			if c[0] > 0 {
				E = withKing(E, c[0])
			}
			try(fmt.Sprint("room, king ", c[0], " rook ", c[1]), E, prefAdvs())
		}
		passRook = false
		for _, t := range []int{2, 4, 8} {
			try(fmt.Sprint("room wall, taken ", t, " rook 6"), withRook(roomOf(1, t), 6), prefAdvs())
		}
	case "loose":
		for _, t := range []int{8, 16, 32} {
			try(fmt.Sprint("room loose ", t, " rook 6"), withRook(roomLoose(t), 6), prefAdvs())
			try(fmt.Sprint("room loose ", t, " king 6 rook 4"), withKing(withRook(roomLoose(t), 4), 6), prefAdvs())
		}
	case "move":
		for _, c := range [][3]int{{32, 6, 4}, {32, 4, 4}, {32, 8, 4}, {32, 6, 6}, {32, 6, 2}} {
			try(fmt.Sprint("room loose, next move ", c), withMove(roomLoose(c[0]), c[1], c[2]), prefAdvs())
		}
	case "fast":
		// knowledge/krk-fast.al1's measure: the cage White can make next
		L := try("cage, next move 6", withMove(roomLoose(32), 6, 6), prefAdvs())
		for _, f := range flag.Args() {
			i := parseFEN(f)
			fmt.Printf("%s (table %d, tb %d):%s\n", f, L.V[i], dtm[i], L.line(i))
		}
	case "classes":
		for _, E := range []Efunc{withMove(roomLoose(32), 6, 6), withMove(roomNear(32), 6, 6)} {
			for _, drops := range [][]int32{{16, 12, 8, 6, 4, 3, 2, 1}, {12, 8, 6, 4, 2, 1}, {24, 16, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1}} {
				a := prefAdvs()
				a[0].Drops = drops
				try(fmt.Sprint("classes ", drops), E, a)
			}
			try("exact", E, prefAdvs())
		}
	case "tuneroom":
		tuneG([]int{3, 0, 2, 0, 0, 3}, roomG)
	case "room2":
		for _, p := range []bool{true, false} {
			passRook = p
			for _, W := range [][]int{{3, 0, 2, 0, 0, 3}, {2, 1, 1, 0, 0, 3}, {4, 1, 1, 0, 0, 3}} {
				try(fmt.Sprint("room ", W, " passRook ", p), roomG(W), prefAdvs())
			}
		}
	case "cage2":
		cage2()
	case "cage3":
		cage3()
	case "cage4":
		cage4()
	case "tie":
		cageTie()
	case "mix4":
		cageMixes()
	case "approach":
		cageApproach()
	case "prices":
		cagePrices()
	case "prefking":
		cagePrefKing()
	case "prefmore":
		cagePrefMore()
	case "guards":
		cageGuards()
	case "gopt":
		h17rGopt()
	case "oracle":
		h17rOracle()
	case "falls":
		h17rFalls()
	case "falloracle":
		h17rFallOracle()
	case "fallback":
		h17rFallback()
	case "gworst":
		h17rGworst()
	case "pi":
		h17rPI()
	case "ptune":
		h17rTune()
	case "vfit":
		h17rVfit()
	case "order":
		h17rOrder()
	case "diff":
		h17rDiff()
	case "shape":
		h17rShape()
	case "hist":
		h17rHist()
	case "roompref":
		h17rRoomPref()
	case "corner":
		h17rCorner()
	case "guardopts":
		h17rGuards()
	case "prices2":
		h17rPrices()
	case "fall2":
		h17rFall2()
	case "fallmoves":
		h17rFallMoves()
	case "pifall2":
		h17rPIFall2()
	case "h17sfall":
		h17sFall()
	case "h17sfallopt":
		h17sFallOpt()
	case "h17stoward":
		h17sToward()
	case "h17skeep":
		h17sKeep()
	case "h17scount":
		h17sCount()
	case "h17stowardfar":
		h17sTowardFar()
	case "h17stowardopt":
		h17sTowardOpt()
	case "h17sorder3":
		h17sOrder3()
	case "h17swalk":
		h17sWalk()
	case "fallback3":
		h17rFallback3()
	case "bandpref":
		h17rBandPref()
	case "bandnext":
		h17rBandNext()
	case "combo":
		h17rCombo()
	case "rookband":
		h17rRookBand()
	case "fake":
		h17rFake()
	case "look":
		h17rLook()
	case "h17kwait":
		h17kWait()
	case "h17ktext":
		h17kText()
	case "h17kedge":
		h17kEdge()
	case "h17kedgepref":
		h17kEdgePref()
	case "h17kshipped":
		h17kShipped()
	case "h17kwait2":
		h17kWait2()
	case "h17kwait3":
		h17kWait3()
	case "h17kwaittree":
		h17kWaitTree()
	case "h17kbook":
		h17kBook()
	case "h17kplan":
		h17kPlan()
	case "h17klast":
		h17kLast()
	case "h17kcornerkd":
		h17kCornerKD()
	case "h17kstack":
		h17kStack()
	case "h17zphase":
		h17zPhase()
	case "h17ztop":
		h17zTop()
	case "h17zdbg":
		h17zDbg()
	case "h17znear":
		h17zNear()
	case "h17zideal":
		h17zIdeal()
	case "h17zmate":
		h17zMate()
	case "h17zord":
		h17zOrd()
	case "h17zordrel":
		h17zOrdRel()
	case "h17zordroot":
		h17zOrdRoot()
	case "h17zoracle":
		h17zOracle()
	case "h17zmate2":
		h17zMate2()
	case "h17zmate3":
		h17zMate3()
	case "h17zbox":
		h17zBox()
	case "h17zdeep":
		h17zDeep()
	case "h17zwalk":
		h17zWalk()
	case "h17zwalk2":
		h17zWalk2()
	case "h17zwalk3":
		h17zWalk3()
	case "h17zwalk4":
		h17zWalk4()
	case "e19":
		e19()
	case "e20":
		e20()
	case "e21":
		e21()
	case "e18":
		e18()
	case "h17zwalk5":
		h17zWalk5()
	case "h17kloose":
		h17kLoose()
	case "h17wbucket":
		h17wBucket()
	case "h17wattr":
		h17wAttr()
	case "h17wfl":
		h17wFallLadder()
	case "h17wfs":
		h17wFallShow()
	case "h17word":
		h17wOrder()
	case "h17wbest2":
		h17wBest2()
	case "h17wcorner2":
		h17wCorner2()
	case "h17wcorner3":
		h17wCorner3()
	case "h17wcorner4":
		h17wCorner4()
	case "h17wgl":
		h17wGoalLadder()
	case "h17wcombo":
		h17wCombo()
	case "h17wcornervar":
		h17wCornerVar()
	case "h17wrookaway":
		h17wRookAway()
	case "h17wrookaway2":
		h17wRookAway2()
	case "fit":
		fit(feats, featNames)
	default:
		fmt.Fprintln(os.Stderr, "unknown experiment", *exp)
		os.Exit(2)
	}
}

// Command kbbkharness plays advice tables of two bishops and king against
// king over the whole endgame, against every defence, with a depth to mate
// of its own, to measure a table's idea in seconds before it is written in
// the language and verified by `al verify` (docs/verify.md,
// "kbbk-short.al1"). It imports nothing of al's: its KBBK graph (the
// placements with the bishops on squares of both colours) is built here,
// and its depth to mate reproduces the tablebase's figures (2,503,608 won
// starts with White to move, mean 12.48, worst 19).
//
// A table has knowledge/kbbk-short.al1's shape: the mate in the corner's
// four squares (MATE_IN_CORNER), the box tightened (TIGHTEN: a lower key
// within up to six moves, the moves tried in a given order), the king
// boxed (BOX). For each advice and each depth the least key a forcing tree
// reaches is computed for every placement by value iteration (the least
// over White's moves, the greatest over Black's replies, the holding goal
// at every node), and then the table is played as `al play` plays it: the
// first rule, the shallowest tree, the first move in the advice's order
// that starts one, the tree followed to its leaves; the longest defence
// from every start is memoised where the table is consulted.
//
// The worst lines it prints give the tablebase's depth to mate after each
// of Black's replies, where the table wastes moves; -tbline prints the
// tablebase's own line from a placement.
//
//	go run ./scripts/kbbkharness -key sq3k -unit 16 -ladder 2:12,2:8,2:5,2:3,2:1,6:0 -boxtiers
//	go run ./scripts/kbbkharness -tbline "g3 a6 a5 c5"
//	go run ./scripts/kbbkharness -key sq3k -mono        # the key's own shortest games
//	go run ./scripts/kbbkharness -key none -stats       # the depth by corner box, king and room
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,3,0 -trap 5,4,100,8 -unit 16 \
//	    -ladder 2:12,2:8,2:5,2:3,2:1,6:0 -boxtiers -hist 34   # the kings' distance in the key
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,4,0 -phase 28 -phaserev -phaselow 16 -fix -unit 16 \
//	    -ladder 2:16,2:12,2:8,2:5,2:3,2:1,6:0 -boxtiers   # knowledge/kbbk-drive.al1: the closing between two presses
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,4,0 -phase 28 -phaserev -phaselow 16 -unit 16 \
//	    -ladder 2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nodecap 5000000 -bigsearch 300000
//	    # the drive's last step four moves deep, the press's six-move step after it; the costly searches
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,4,0 -phase 28 -phaserev -phaselow 16 -unit 16 \
//	    -ladder 2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nearroom 4 -neardepth 7 -nearkeep \
//	    -account 33,20 -hist 34   # kbbk-drive.al1 with MATE_NEAR in a room of four; where the long starts lose their moves
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,5,0 -phase 24 -phaserev -phaselow 16 -unit 16 \
//	    -ladder 2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nearroom 8 -neardepth 9 -nearkeep
//	    # knowledge/kbbk-drive.al1 since the nineteenth session: the mate in a room of eight, the closing
//	    # from a squeeze of 24 with five times the kings' distance
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,3,5,5 -phase 24 -phaserev -phaselow 16 -p2lin 1,1,0,4,5,6 \
//	    -unit 16 -ladder 2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nearroom 8 -neardepth 9 -nearkeep
//	    # knowledge/kbbk-drive.al1 since the twentieth session: the chase far from a corner, the
//	    # black king's place in the closing
//	go run ./scripts/kbbkharness -nocost -after -lin2 1,3,0,3,5,5 -phase 24 -phaserev -phaselow 16 -p2lin 1,1,0,4,5,6 \
//	    -unit 16 -ladder 4:32,2:16,2:12,2:8,2:5,2:3,2:1,4:0 -p2only 1 -fall 6:0 -boxtiers -nearroom 8 -neardepth 9 -nearkeep
//	    # the twenty-first session: a four-move step of 32 units first, in phase 2 only (not shipped: its cost)
//	go run ./scripts/kbbkharness -nocost -after -lin2 1,3,0,3,5,5 -phase 24 -phaserev -phaselow 16 -p2lin 1,1,0,4,5,6 \
//	    -unit 16 -ladder 4:32,2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nearroom 8 -neardepth 9 -nearkeep \
//	    -deep 1 -deepwhen "sq>16,edge<=1" -deepstats -deepdump FILE
//	    # the twenty-second session: the four-move step only where the black king is near an edge; where its tree is there
//	go run ./scripts/kbbkharness -nocost -after -lin2 1,3,0,3,5,5 -phase 24 -phaserev -phaselow 16 -p2lin 1,1,0,4,5,6 \
//	    -unit 16 -ladder 2:16,2:12,2:8,2:5,2:3,2:1,4:0 -fall 6:0 -boxtiers -nearroom 8 -neardepth 9 -nearkeep \
//	    -near2room 6 -near2depth 11 -account 34,1
//	    # the twenty-second session: the mate within eleven moves in a room of six (MATE_NEAR_6; not shipped yet)
//	go run ./scripts/kbbkharness -fit   # what the tablebase's depth follows, by squeeze
//	go run ./scripts/kbbkharness -after -lin2 1,3,0,0,4,0 -fix -forbidden -unit 16 \
//	    -ladder 2:16,2:12,2:8,2:5,2:3,2:1,6:0 -boxtiers   # the dead ends of the kings' key, by a greatest fixpoint
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"
)

func main() {
	keyName := flag.String("key", "sq2k", "TIGHTEN's progress key: "+keyNames())
	tiers := flag.String("tiers", "short", "TIGHTEN's move order: short (box, room, king, any), none, key (the lowest key first)")
	lin := flag.String("lin", "", "a linear key instead: weights of room,box,k2r,walk,reach,bishops")
	tie := flag.Bool("tie", true, "with -lin: the white king's distance to the room breaks ties")
	ladders := flag.String("ladder", "", "TIGHTEN's ladders, separated by ';': depth:delta,... (the key lower by more than delta within depth moves, tried in order)")
	boxLadder := flag.Bool("boxladder", false, "try the ladder's steps (but the last) before BOX too")
	unit := flag.Int("unit", 0, "with it, a ladder's deltas are in units of the key's first part (delta*unit-1)")
	flag.BoolVar(&boxTiers, "boxtiers", false, "order BOX's moves (a settled box smaller than the room first, then the corner box smaller, then the room smaller)")
	nearBox := flag.Int("nearbox", 0, "with it, a mate is looked for first where the king is boxed with a corner box of at most this")
	nearDepth := flag.Int("neardepth", 5, "the depth of that mate")
	nearRoom := flag.Int("nearroom", 0, "with it, the mate is looked for first also where the king is boxed in a room of at most this many squares (-nearkeep: the tree keeps it so)")
	nearKings := flag.Int("nearkings", 0, "with it, that mate only where the kings are at most this far apart")
	nearKeep := flag.Bool("nearkeep", false, "that mate's tree keeps the corner box at most -nearbox")
	nearEdge := flag.Int("nearedge", 0, "with -nearroom: the mate also where the room has at most this many squares and the black king stands on an edge (the strip), the tree keeping it in that many")
	nearK2R := flag.Int("neark2r", 15, "that mate only where the white king is at most this far from the room")
	flag.BoolVar(&boxKing, "boxking", false, "with -boxtiers: the white king nearer the room before the other moves")
	tbLine := flag.String("tbline", "", "print the tablebase's line from these squares (white king, bishop, bishop, black king: \"g3 a6 a5 c5\"), White to move, and stop")
	flag.IntVar(&cornerW, "cornerw", 16, "the key cw's weight of the white king's distance to the corner (32: a square of room)")
	histFrom = flag.Int("hist", 0, "print how many starts take each length from this many moves on")
	fitFlag := flag.Bool("fit", false, "print the tablebase's depth of the boxed positions by squeeze and kings' distance, and stop")
	statsFlag := flag.Bool("stats", false, "with -key none: print the tablebase's depth of the boxed positions by their features, and stop; else print the table's lengths by corner box")
	lin2 := flag.String("lin2", "", "a linear key on the black king too (use with -after): weights of room,box,k2r,bk to corner,kings' distance,bk to edge")
	flag.BoolVar(&readAfter, "after", false, "read TIGHTEN's key after Black's reply (the highest over the replies)")
	trap := flag.String("trap", "0,9,0,8", "lin2's trap: room,box,penalty,kings' distance (see trapRoom)")
	flag.IntVar(&phaseS, "phase", 0, "with -lin2: lin2's key only where room + 3 x corner box is above this, the press (sq3k) below, always lower (see phaseKey)")
	p2 := flag.Int("p2kw", 0, "with -phaserev: the press of phase 2 weighs the white king's distance to the room this many squares of room")
	p2d := flag.Int("p2kd", -1, "with -phaserev -after: the press of phase 2 weighs the kings' distance this many squares of room and breaks its ties by it (-1: not)")
	p0 := flag.Int("p0kw", 0, "with -phaselow: the same in phase 0")
	flag.IntVar(&lowRoom, "lowroom", 0, "with -phaselow: a room of at most this many squares in the last phase too")
	flag.BoolVar(&phaseRev, "phaserev", false, "with -phase: the press above, lin2's key at or below")
	flag.BoolVar(&phaseLex, "phaselex", false, "with -phaserev: the squeeze first in the corner, then lin2's key")
	flag.IntVar(&phaseLow, "phaselow", 0, "with -phaserev: the press again at or below this")
	fix := flag.Bool("fix", false, "with -after: the positions where TIGHTEN on the key is stuck, and those that lead only there, to the press (see fixpoint)")
	flag.IntVar(&fixTrapRoom, "fixtrap", 0, "with -fix: forbid first the boxed positions with the kings two apart and a room of at most this many squares")
	flag.BoolVar(&fixOnce, "fixonce", false, "with -fix -fixtrap: the pattern only, the press after the key's steps where it is stuck (may cycle)")
	mono := flag.Bool("mono", false, "print the shortest games of tables that never let the key rise (see monoDTM), and stop")
	worstN := flag.Int("show", 1, "print the worst lines of this many starts")
	flag.IntVar(&nodeCap, "nodecap", nodeCap, "cap of the node estimate of one search")
	flag.IntVar(&p2Only, "p2only", 0, "the ladder's first n steps only in phase 2 (the squeeze above -phase)")
	flag.BoolVar(&noCost, "nocost", false, "skip the node estimate of the searches (faster)")
	flag.IntVar(&bigSearch, "bigsearch", 0, "count the searches whose node estimate reaches this, by advice, depth and squeeze")
	acct := flag.String("account", "", "over,step: the moves and the tablebase's gain by phase on the longest defence's lines of the starts longer than over (every step-th)")
	fall := flag.String("fall", "", "the press's steps (depth:delta,... as -ladder) tried where the key's ladder is stuck, in the same rule (may cycle)")
	p2l := flag.String("p2lin", "", "with -phaserev: phase 2's key is lin2's with these weights (room,box,k2r,bk to corner,kings' distance,bk to edge) instead of the press")
	dStats := flag.Bool("deepstats", false, "print, by the consulted position's class, how often the ladder's first step's tree is there")
	flag.IntVar(&deepOnly, "deep", 0, "with -deepwhen: the ladder's first n steps only where the pattern holds")
	dWhen := flag.String("deepwhen", "", "the pattern of -deep: kd<=K, kd>=K, k2r<=R, k2r>=R, edge<=E, room>=N, room<=N, sq>S, sq<=S, joined by commas")
	deepMoves := flag.String("deepmoves", "", "the ladder's first -deepsteps steps searched with these moves of White only (see deepAllow)")
	deepSteps := flag.Int("deepsteps", 1, "with -deepmoves: how many of the ladder's first steps")
	dDump := flag.String("deepdump", "", "with -deepstats: write each try's features and result to this file")
	dSet := flag.String("deepset", "", "with -deepwhen: the ladder's steps (indexes from 0, commas) tried only where the pattern holds")
	dSet2 := flag.String("deepset2", "", "with -deepwhen2: the ladder's steps tried only where that second pattern holds")
	dWhen2 := flag.String("deepwhen2", "", "a second pattern (as -deepwhen) for -deepset2")
	near2R := flag.Int("near2room", 0, "with it, a second mate looked for after MATE_NEAR where the king is boxed in at most this many squares, kept so")
	near2D := flag.Int("near2depth", 11, "that mate's depth")
	flag.Parse()
	for _, x := range splitComma(*dSet) {
		var v int
		fmt.Sscanf(x, "%d", &v)
		deepSet[v] = true
	}
	for _, x := range splitComma(*dSet2) {
		var v int
		fmt.Sscanf(x, "%d", &v)
		deepSet2[v] = true
	}
	if *dWhen2 != "" {
		deepWhen2 = deepPattern(*dWhen2)
	}
	if *dWhen != "" {
		deepWhen = deepPattern(*dWhen)
	}
	if *dDump != "" {
		f, err := os.Create(*dDump)
		if err != nil {
			panic(err)
		}
		deepDump = f
		defer f.Close()
	}
	if *dStats {
		deepStats = &deepCount{map[string]int{}, map[string]int{}}
		defer deepStats.print()
	}
	if *p2l != "" {
		p2lin = lin2Key(parseW(*p2l))
	}
	p2kw, p0kw, p2kd = int32(*p2), int32(*p0), int32(*p2d)
	fmt.Sscanf(*trap, "%d,%d,%d,%d", &trapRoom, &trapBox, &trapPenalty, &trapKings)
	t0 := time.Now()
	precompute()
	solveDTM()
	features()
	stripFeatures()
	fmt.Fprintln(os.Stderr, "graph, depth to mate, features:", time.Since(t0))
	report("tablebase", func(i int) int { return int(dtmW[i]) })
	if *fitFlag {
		fitStats()
		fitLinear(0, 16)
		fitLinear(17, 24)
		fitLinear(25, 36)
		fitLinear(37, 100)
		fitLinear(25, 100)
		return
	}
	if *statsFlag && *keyName == "none" {
		featureStats()
		return
	}
	if *tbLine != "" {
		printTBLine(*tbLine)
		return
	}

	walkFeatures()
	pivotFeatures()
	cornerFeatures()
	var names []string
	var ks []func(p int) int32
	if *lin2 != "" {
		for _, l := range strings.Split(*lin2, ";") {
			names = append(names, "lin2:"+l)
			k := lin2Key(parseW(l))
			if phaseS > 0 {
				k = phaseKey(k)
				names[len(names)-1] += fmt.Sprintf("/phase%d", phaseS)
			}
			ks = append(ks, k)
		}
	} else if *lin != "" {
		for _, l := range strings.Split(*lin, ";") {
			var w [6]int32
			fmt.Sscanf(l, "%d,%d,%d,%d,%d,%d", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5])
			names = append(names, "lin"+l)
			ks = append(ks, linKey(w, *tie))
		}
	} else {
		for _, n := range strings.Split(*keyName, ",") {
			k, ok := keys[n]
			if !ok {
				fmt.Fprintln(os.Stderr, "unknown key", n)
				os.Exit(2)
			}
			names = append(names, n)
			ks = append(ks, k)
		}
	}
	if *mono {
		for x, key := range ks {
			fmt.Println("key", names[x])
			monoDTM(key, false)
			monoDTM(key, true)
		}
		return
	}
	var shared *Table
	for x, key := range ks {
		for _, tl := range cross(strings.Split(*tiers, ","), strings.Split(*ladders, ";")) {
			tiersName, lad := tl[0], tl[1]
			tb := newTable(key, tiersName)
			tb.boxLadder = *boxLadder
			if *nearBox > 0 || *nearRoom > 0 {
				nb, nk, nr, ne := int8(*nearBox), int8(*nearK2R), int8(*nearRoom), int8(*nearEdge)
				tb.near = &Advice{name: "MATE_NEAR", depth: *nearDepth,
					leaf: func(j int) int32 {
						if mated[j] {
							return -1
						}
						return INF
					},
					hold: func(j int) bool {
						return fSafe[j] && (!*nearKeep || fBox[j] <= nb || nr > 0 && fRoom[j] <= max(nr, ne))
					},
				}
				nkd := *nearKings
				tb.nearWhen = func(i int) bool {
					return (fBox[i] <= nb || fRoom[i] <= nr || fRoom[i] <= ne && edgeDist(i&63) == 0) && fK2R[i] <= nk && (nkd == 0 || dist(i>>16, i&63) <= nkd)
				}
			}
			for _, st := range strings.Split(lad, ",") {
				var d, delta int32
				if n, _ := fmt.Sscanf(st, "%d:%d", &d, &delta); n == 2 {
					if *unit > 0 && delta > 0 {
						delta = delta*int32(*unit) - 1
					}
					tb.ladder = append(tb.ladder, [2]int32{d, delta})
					tb.tighten.depth = max(tb.tighten.depth, int(d))
				}
			}
			if lad != "" {
				tiersName += "/" + lad
			}
			if *fall != "" {
				for _, st := range strings.Split(*fall, ",") {
					var d, delta int32
					if n, _ := fmt.Sscanf(st, "%d:%d", &d, &delta); n == 2 {
						if *unit > 0 && delta > 0 {
							delta = delta*int32(*unit) - 1
						}
						tb.fallLadder = append(tb.fallLadder, [2]int32{d, delta})
					}
				}
			}
			if *near2R > 0 {
				near2Room = int8(*near2R)
				tb.near2 = &Advice{name: "MATE_NEAR2", depth: *near2D,
					leaf: func(j int) int32 {
						if mated[j] {
							return -1
						}
						return INF
					},
					hold: func(j int) bool { return fSafe[j] && fRoom[j] <= near2Room },
				}
			}
			if *deepMoves != "" {
				tb.deep = &Advice{name: "DEEP", depth: int(tb.ladder[0][0]), leaf: tb.tighten.leaf, hold: tb.tighten.hold, tier: tb.tighten.tier, allow: deepAllow(*deepMoves)}
				tb.deepSteps = max(*deepSteps, 1)
			}
			t1 := time.Now()
			if *fix {
				tb.mate.build()
				tb.box.build()
				tb.fixpoint()
				if *showForbid {
					return
				}
			} else if shared == nil {
				tb.build()
				shared = tb
				if tb.fallLadder != nil {
					tb.buildFallback()
				}
			} else {
				tb.mate, tb.box, tb.near = shared.mate, shared.box, shared.near
				tb.tighten.build()
			}
			if tb.deep != nil {
				tb.deep.build()
			}
			t2 := time.Now()
			tb.play()
			fmt.Fprintln(os.Stderr, "trees:", t2.Sub(t1), "play:", time.Since(t2))
			report(names[x]+"/"+tiersName, func(i int) int {
				v := int(tb.V[i])
				if v >= vFail || v < 0 {
					return -1
				}
				return v
			})
			fmt.Printf("fell back %d, ", tb.fellBack)
			fmt.Printf("stuck %d, cycles %d, TIGHTEN's search nodes %d, the others' %d\n", tb.stuck, tb.cyc, tb.nodes, tb.nodesO)
			for x, i := range tb.stuckAt {
				if x < 20 {
					fmt.Printf("stuck at %s (tablebase %d; room %d box %d)\n", fen(i, true), dtmW[i], fRoom[i], fBox[i])
				}
			}
			if bigSearch > 0 {
				var ks []string
				for k := range bigSearches {
					ks = append(ks, k)
				}
				sort.Strings(ks)
				for _, k := range ks {
					fmt.Printf("searches of %d nodes or more: %s: %d\n", bigSearch, k, bigSearches[k])
				}
				clear(bigSearches)
			}
			if *acct != "" {
				var over, step int
				fmt.Sscanf(*acct, "%d,%d", &over, &step)
				tb.phaseAccount(over, max(step, 1))
			}
			if *statsFlag {
				tb.phaseStats()
			}
			tb.showWorst(*worstN)
			tb.tighten.cB, tb.tighten.mW = nil, nil
		}
	}
}

var histFrom *int

func cross(a, b []string) [][2]string {
	var r [][2]string
	for _, x := range a {
		for _, y := range b {
			r = append(r, [2]string{x, y})
		}
	}
	return r
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
	fmt.Printf("%-24s proved %d/%d worst %d mean %.2f (tablebase %.2f) within 50: %d (%.2f%%)\n", name, proved, won,
		worst, float64(sum)/float64(max(proved, 1)), float64(sumT)/float64(max(proved, 1)), within, 100*float64(within)/float64(max(won, 1)))
	if *histFrom > 0 && name != "tablebase" {
		var h [128]int
		for i := 0; i < N; i++ {
			if legalW(i) && dtmW[i] >= 0 {
				if x := v(i); x >= 0 && x < len(h) {
					h[x]++
				}
			}
		}
		var parts []string
		for x := *histFrom; x < len(h); x++ {
			if h[x] > 0 {
				parts = append(parts, fmt.Sprintf("%d:%d", x, h[x]))
			}
		}
		fmt.Println("starts by length from", *histFrom, ":", strings.Join(parts, " "))
	}
}

// printTBLine prints the tablebase's line (White's quickest mate against
// Black's longest defence) from the placement named by four squares.
func printTBLine(sqs string) {
	var s [4]int
	for k, f := range strings.Fields(sqs) {
		s[k] = int(f[0]-'a') + 8*int(f[1]-'1')
	}
	l, d := s[1], s[2]
	if !light(l) {
		l, d = d, l
	}
	i := enc(s[0], l, d, s[3])
	var out []string
	for n := 0; n < 60 && dtmW[i] > 0; n++ {
		var buf [48]int
		best, bv := -1, 100
		for _, j := range whiteMoves(i, buf[:0]) {
			if dtmB[j] >= 0 && int(dtmB[j]) < bv {
				best, bv = j, int(dtmB[j])
			}
		}
		out = append(out, moveName(i, best))
		if mated[best] {
			out[len(out)-1] += "#"
			break
		}
		var rb [8]int
		reps, _ := blackMoves(best, rb[:0])
		bi, bw := -1, -1
		for _, x := range reps {
			if int(dtmW[x]) > bw {
				bi, bw = x, int(dtmW[x])
			}
		}
		out = append(out, moveName(best, bi)+fmt.Sprintf("(%d)", bw))
		i = bi
	}
	fmt.Println(fen(enc(s[0], l, d, s[3]), true), strings.Join(out, " "))
}

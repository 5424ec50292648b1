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
// of the depth to mate on a player's features).
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
		a = append(a, Adv{k, 1}, Adv{2 * k, 2})
	}
	for d := 2; d <= deep; d++ {
		a = append(a, Adv{1, d})
	}
	return a
}

// coarse is rate over the thresholds of band.al1.txt only.
func coarse(ks []int, deep int) []Adv {
	var a []Adv
	for _, k := range ks {
		a = append(a, Adv{k, 1}, Adv{2 * k, 2})
	}
	for d := 3; d <= deep; d++ {
		a = append(a, Adv{1, d})
	}
	return a
}

func try(name string, E Efunc, advs []Adv) {
	L := NewLadder(E, advs)
	L.run(name)
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
			a = append(a, Adv{k, 1})
		}
		for d := 2; d <= 5; d++ {
			a = append(a, Adv{1, d})
		}
		try("band flat", withRook(phiK(10, 3, 3, 1), 3), a)
	case "fit":
		fit(feats, featNames)
	default:
		fmt.Fprintln(os.Stderr, "unknown experiment", *exp)
		os.Exit(2)
	}
}

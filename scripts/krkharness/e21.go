package main

import (
	"flag"
	"fmt"
)

// The twenty-first KRK session's experiments (docs/verify.md, "A
// twenty-first session"): -exp e21 -v NAME, variants of the shipped
// krk-short.al1 (e20's cw with -cwk 3 -cwwhere corner -cwslack 6 -cwmin
// 24) with the approach changed where the white king stands near a corner,
// far from the black king, and the black king attacks the rook.

var (
	e21Slack  = flag.Int("e21slack", 0, "e21: the cage may grow by this much with the rook's move away")
	e21K      = flag.Int("e21k", 3, "e21: the kings' distance at least")
	e21Where  = flag.Int("e21corner", 1, "e21: the white king's corner distance at most")
	e21DSlack = flag.Int("e21dslack", 6, "e21 defend: the cage may grow by this much with the king's step")
	e21Room   = flag.Int("e21room", 0, "e21: the black king's room larger than this")
)

// shipped20 is krk-short.al1 as the twentieth session shipped it.
func shipped20() zOpts {
	*cwK, *cwWhere, *cwSlack, *cwMin = 3, "corner", 6, 24
	return cwOpts()
}

func e21() {
	switch *e18v {
	case "base":
		shortZ("shipped", shipped20())
	case "away", "awayfirst":
		// the rook's move away from the black king that attacks it, with
		// the white king near a corner and far from the black king
		o := shipped20()
		Ef := withMove(roomLooseK(looseW), 6, 6)
		E := table(Ef)
		far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
		cond := func(pos int) bool {
			wk, wr, bk := dec(pos)
			return cornerDist(wk) <= *e21Where && dist(wk, bk) >= *e21K && dist(wr, bk) == 1 && dist(wr, wk) > 1 && rawRoom(wk, wr, bk) > *e21Room
		}
		g := func(pos, r int) bool {
			wk, wr, _ := dec(pos)
			rk, rr, _ := dec(r)
			return rk == wk && rr != wr && E[r] <= E[pos]+int32(*e21Slack)
		}
		a := Adv{Pref: true, D: 1, G: g, P: far, Cond: cond}
		o.mates = append(append([]Adv{}, o.mates...), a)
		L := shortZ(fmt.Sprintf("away k%d c%d s%d r%d", *e21K, *e21Where, *e21Slack, *e21Room), o)
		e21show(L)
	case "defend":
		// with the far rook (-e21k 4 -e21slack 12 -e21room 12 as given),
		// where the white king is cornered and the black king attacks the
		// rook: the king's step out of the corner that defends the rook
		// first (the tablebase's Kb2 from 8/8/8/8/8/3k4/2R5/K7 w), the cage
		// White can make larger by -e21dslack at most whatever Black
		// replies.
		o := shipped20()
		Ef := withMove(roomLooseK(looseW), 6, 6)
		E := table(Ef)
		cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
		far := table(func(wk, wr, bk int) int { return 100*(8-dist(wr, bk)) + Ef(wk, wr, bk) + manh(wk, bk) })
		cond := func(pos int) bool {
			wk, wr, bk := dec(pos)
			return cornerDist(wk) <= *e21Where && dist(wk, bk) >= *e21K && dist(wr, bk) == 1 && dist(wr, wk) > 1 && rawRoom(wk, wr, bk) > *e21Room
		}
		g := func(pos, r int) bool {
			wk, wr, _ := dec(pos)
			rk, rr, _ := dec(r)
			return rk == wk && rr != wr && E[r] <= E[pos]+int32(*e21Slack)
		}
		dcond := func(pos int) bool {
			wk, wr, bk := dec(pos)
			return cornerDist(wk) == 0 && dist(wk, bk) <= 3 && dist(wr, bk) == 1 && dist(wr, wk) > 1
		}
		dg := func(pos, r int) bool {
			wk, wr, _ := dec(pos)
			rk, _, _ := dec(r)
			return rk != wk && cornerDist(rk) > cornerDist(wk) && dist(rk, wr) == 1 && E[r] <= E[pos]+int32(*e21DSlack)
		}
		a := Adv{Pref: true, D: 1, G: g, P: far, Cond: cond}
		d := Adv{Pref: true, D: 1, G: dg, P: cm, Cond: dcond}
		o.mates = append(append([]Adv{}, o.mates...), a, d)
		L := shortZ(fmt.Sprintf("away k%d c%d s%d r%d, defend s%d", *e21K, *e21Where, *e21Slack, *e21Room, *e21DSlack), o)
		e21show(L)
	default:
		fmt.Println("e21: no variant", *e18v)
	}
}

// e21show prints the decisions from the starts named on the command line,
// and some unproved starts.
func e21show(L *Ladder) {
	n := 0
	for i := 0; i < N && n < *cwCyc; i++ {
		if legalW(i) && dtm[i] < INF && L.V[i] >= INF {
			fmt.Printf("%s: tb %d\n", fen(i), dtm[i])
			decisionsN(L, i, 12)
			n++
		}
	}
	for _, f := range flag.Args() {
		i := parseFEN(f)
		fmt.Printf("%s: table %d, tb %d\n", f, L.V[i], dtm[i])
		decisionsN(L, i, 30)
	}
}

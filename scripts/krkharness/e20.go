package main

import (
	"flag"
	"fmt"
)

// The twentieth KRK session's experiments (docs/verify.md, "A twentieth
// session"): -exp e20 -v NAME, variants of the shipped krk-short.al1
// (the hole of 24, e19's loose24).

// zHook, when set, is called with shortZ's table before it is played (an
// override that reads the table's own decisions).
var zHook func(L *Ladder)

// oracleWhere: the table with the tablebase's move at the fresh decisions
// where cond(pos, ai) holds (ai: the advice decideZ picks). An oracle, not
// knowledge: the bound of mending those decisions.
func oracleWhere(name string, cond func(pos, ai int) bool) *Ladder {
	looseW = 24
	var Lp *Ladder
	o := shippedOpts(m7r8())
	o.override = func(pos int) int {
		_, _, _, ai := Lp.decideZ(pos)
		if ai < 0 || !cond(pos, ai) {
			return -1
		}
		return tbMove(pos)
	}
	zHook = func(L *Ladder) { Lp = L }
	L := shortZ(name, o)
	zHook = nil
	return L
}

func kd(pos int) int { wk, _, bk := dec(pos); return dist(wk, bk) }

func e20() {
	switch *e18v {
	case "base":
		looseW = 24
		shortZ("shipped", shippedOpts(m7r8()))
	case "ofall":
		// the fallbacks (the ladder and the trees) by the oracle
		oracleWhere("oracle at fallbacks", func(pos, ai int) bool { return ai >= 8 })
	case "ofallsq":
		oracleWhere("oracle at fallbacks, kings <= 3", func(pos, ai int) bool { return ai >= 8 && kd(pos) <= 3 })
	case "opref":
		oracleWhere("oracle at the preference", func(pos, ai int) bool { return ai == 7 })
	case "ofar":
		oracleWhere("oracle where kings >= 4", func(pos, ai int) bool { return ai >= 3 && kd(pos) >= 4 })
	case "osq":
		oracleWhere("oracle where kings <= 3", func(pos, ai int) bool { return ai >= 3 && kd(pos) <= 3 })
	case "cw":
		// the king's step toward the centre and the black king where the
		// kings are -cwk apart (-cwwhere: all, edge, corner: the white
		// king on the edge, within one square of a corner): the cage White
		// can make no larger whatever Black replies; -cwnear dist, manh,
		// none: nearer the black king; -cwpos before|after the walk.
		L := shortZ(fmt.Sprintf("cw k%d %s %s %s s%d m%d nl %v", *cwK, *cwWhere, *cwNear, *cwPos, *cwSlack, *cwMin, *cwNoLine), cwOpts())
		L.worstLines(*nlines)
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
			decisionsN(L, i, 14)
		}
	default:
		fmt.Println("e20: no variant", *e18v)
	}
}

// centreDist: twice the king distance of s from the board's centre, less
// one (1 on the four centre squares, 7 on the edge).
func centreDist(s int) int { return imax(iabs(2*(s&7)-7), iabs(2*(s>>3)-7)) }

var (
	cwK      = flag.Int("cwk", 4, "cw: the kings' distance")
	cwWhere  = flag.String("cwwhere", "all", "cw: all, edge, corner")
	cwNear   = flag.String("cwnear", "dist", "cw: dist, manh, none")
	cwPos    = flag.String("cwpos", "after", "cw: before or after the walk")
	cwCyc    = flag.Int("cwcyc", 0, "cw: print this many unproved starts")
	cwMin    = flag.Int("cwmin", 0, "cw: only where the cage White can make is larger than this")
	cwNoLine = flag.Bool("cwnoline", false, "cw: the king never steps onto the rook's lines")
	cwSlack  = flag.Int("cwslack", 0, "cw: the cage may grow by this much")
)

// cwOpts is the shipped table with the king's step toward the centre.
func cwOpts() zOpts {
	looseW = 24
	o := shippedOpts(m7r8())
	Ef := withMove(roomLooseK(looseW), 6, 6)
	E := table(Ef)
	cm := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	g := func(pos, r int) bool {
		wk, _, bk := dec(pos)
		rk, _, _ := dec(r)
		if rk == wk || centreDist(rk) >= centreDist(wk) || E[r] > E[pos]+int32(*cwSlack) {
			return false
		}
		if *cwNoLine {
			_, wr, _ := dec(pos)
			if rk&7 == wr&7 || rk>>3 == wr>>3 {
				return false
			}
		}
		switch *cwNear {
		case "manh":
			return manh(rk, bk) < manh(wk, bk)
		case "none":
			return true
		}
		return dist(rk, bk) < dist(wk, bk)
	}
	cond := func(pos int) bool {
		wk, _, _ := dec(pos)
		switch *cwWhere {
		case "edge":
			if edgeDist(wk) > 0 {
				return false
			}
		case "corner":
			if cornerDist(wk) > 1 {
				return false
			}
		case "notcorner":
			if cornerDist(wk) == 0 {
				return false
			}
		}
		return kd(pos) >= *cwK && E[pos] > int32(*cwMin)
	}
	a := Adv{Pref: true, D: 1, G: g, P: cm, Cond: cond}
	if *cwPos == "before" {
		o.beforePref = []Adv{o.beforePref[0], a, o.beforePref[1]}
	} else if *cwPos == "first" {
		o.beforePref = []Adv{a, o.beforePref[0], o.beforePref[1]}
	} else {
		o.beforePref = append(o.beforePref, a)
	}
	return o
}

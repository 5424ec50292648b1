package main

import (
	"fmt"
	"os"
	"sort"
)

// deepOnly and deepWhen (-deep n, -deepwhen): the ladder's first n steps
// are tried only where the pattern deepWhen holds on the consulted
// position (a player's sign that a deeper plan is there), the rest
// everywhere.
var deepOnly int
var deepWhen func(i int) bool

// deepSet (-deepset 0,2): the ladder's steps of these indexes too only
// where deepWhen holds; deepSet2 and deepWhen2 (-deepset2, -deepwhen2) a
// second pattern for other steps.
var deepSet, deepSet2 = map[int]bool{}, map[int]bool{}
var deepWhen2 func(i int) bool

// deepStats (-deepstats): where the ladder's first step is tried, how
// often its tree is there, by the consulted position's class.
var deepStats *deepCount

// deepDump (-deepdump FILE): the same, one line a try: phase, kings'
// distance, white king to room, black king to edge, to corner, room,
// corner box, strip, span, white king to edge, the tree there (0/1).
var deepDump *os.File

type deepCount struct{ n, ok map[string]int }

func deepClass(i int) string {
	wk, bk := i>>16, i&63
	return fmt.Sprintf("%c kings %d k2r %d edge %d room %2d box %d", phaseName(i), dist(wk, bk), fK2R[i], edgeDist(bk), fRoom[i], fBox[i])
}

func (c *deepCount) add(i int, ok bool) {
	if deepDump != nil {
		wk, bk := i>>16, i&63
		o := 0
		if ok {
			o = 1
		}
		fmt.Fprintf(deepDump, "%c,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n", phaseName(i), dist(wk, bk), fK2R[i], edgeDist(bk), cornerDist(bk), fRoom[i], fBox[i], fStrip[i], fSpan[i], edgeDist(wk), o)
	}
	for _, cl := range []string{deepClass(i), deepClass(i)[:20], deepClass(i)[:8]} {
		c.n[cl]++
		if ok {
			c.ok[cl]++
		}
	}
}

func (c *deepCount) print() {
	var ks []string
	for k := range c.n {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		if len(k) > 20 && c.n[k] < 200 {
			continue
		}
		fmt.Printf("deep %-44s tried %7d there %7d (%.1f%%)\n", k, c.n[k], c.ok[k], 100*float64(c.ok[k])/float64(c.n[k]))
	}
}

// deepPattern reads -deepwhen: kd<=K (the kings at most K apart),
// k2r<=R (the white king at most R from the room), ph=2 / ph=21 (the
// phases), edge<=E (the black king at most E lines from an edge), joined
// by commas (all must hold).
func deepPattern(s string) func(i int) bool {
	var conds []func(i int) bool
	for _, part := range splitComma(s) {
		var v int
		switch {
		case scan(part, "kd<=%d", &v):
			vv := v
			conds = append(conds, func(i int) bool { return dist(i>>16, i&63) <= vv })
		case scan(part, "k2r<=%d", &v):
			vv := int8(v)
			conds = append(conds, func(i int) bool { return fK2R[i] <= vv })
		case scan(part, "k2r>=%d", &v):
			vv := int8(v)
			conds = append(conds, func(i int) bool { return fK2R[i] >= vv })
		case scan(part, "kd>=%d", &v):
			vv := v
			conds = append(conds, func(i int) bool { return dist(i>>16, i&63) >= vv })
		case scan(part, "edge<=%d", &v):
			vv := v
			conds = append(conds, func(i int) bool { return edgeDist(i&63) <= vv })
		case scan(part, "room>=%d", &v):
			vv := int8(v)
			conds = append(conds, func(i int) bool { return fRoom[i] >= vv })
		case scan(part, "room<=%d", &v):
			vv := int8(v)
			conds = append(conds, func(i int) bool { return fRoom[i] <= vv })
		case scan(part, "sq>%d", &v):
			vv := v
			conds = append(conds, func(i int) bool { return int(fRoom[i])+3*int(fBox[i]) > vv })
		case scan(part, "sq<=%d", &v):
			vv := v
			conds = append(conds, func(i int) bool { return int(fRoom[i])+3*int(fBox[i]) <= vv })
		default:
			panic("unknown -deepwhen part " + part)
		}
	}
	return func(i int) bool {
		for _, c := range conds {
			if !c(i) {
				return false
			}
		}
		return true
	}
}

func scan(s, f string, v *int) bool {
	n, err := fmt.Sscanf(s, f, v)
	return n == 1 && err == nil
}

func splitComma(s string) []string {
	var r []string
	st := 0
	for x := 0; x <= len(s); x++ {
		if x == len(s) || s[x] == ',' {
			if x > st {
				r = append(r, s[st:x])
			}
			st = x + 1
		}
	}
	return r
}

// deepAllow reads -deepmoves, the moves of White a deep step allows, by
// what the move does (i before it, j after): prog (the room's corner box
// smaller, the room smaller or the white king nearer the room), progk
// (prog, or the kings nearer), kk (the kings nearer, or the room or its
// corner box smaller), and +b (also any bishop move that keeps the room).
func deepAllow(s string) func(i, j int) bool {
	kings := func(i, j int) bool { return dist(j>>16, j&63) < dist(i>>16, i&63) }
	shrink := func(i, j int) bool { return fBox[j] < fBox[i] || fRoom[j] < fRoom[i] }
	var f func(i, j int) bool
	switch s {
	case "prog":
		f = func(i, j int) bool { return shrink(i, j) || fK2R[j] < fK2R[i] }
	case "progk":
		f = func(i, j int) bool { return shrink(i, j) || fK2R[j] < fK2R[i] || kings(i, j) }
	case "kk":
		f = func(i, j int) bool { return shrink(i, j) || kings(i, j) }
	case "kmove":
		f = func(i, j int) bool { return shrink(i, j) || j>>16 != i>>16 }
	default:
		panic("unknown -deepmoves " + s)
	}
	return f
}

// near2Room (-near2room R -near2depth D): after MATE_NEAR, a mate within
// D moves looked for where the king is boxed in at most R squares, kept
// in R.
var near2Room int8

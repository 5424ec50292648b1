package main

import (
	"fmt"
	"sort"
	"strings"
)

// accountShow is how many of the accounted lines to print with their phases.
var accountShow = 3

// lineTrace, when set, collects the White-to-move positions of a line
// (see Table.line) in the order they are played.
var lineTrace *[]int

// lineConsult marks the positions of lineTrace where the table was
// consulted (the others are inside a tree).
var lineConsult *[]bool

// phaseName names the phase of the table a White-to-move position is
// in: B (not boxed yet), 2 (the press: room + 3 x corner box above
// -phase, 28 without it), 1 (the closing: 17 to that), 0 (the press deep in a corner: 16 or less,
// not yet in a corner's four squares), M (the mate in the corner).
func phaseName(i int) byte {
	if !fBoxed[i] {
		if fBox[i] <= 2 && fBoxed[i] {
			return 'M'
		}
		return 'B'
	}
	if fBox[i] <= 2 {
		return 'M'
	}
	sq := int(fRoom[i]) + 3*int(fBox[i])
	switch {
	case int(fRoom[i]) <= lowRoom:
		return '0'
	case sq > phaseTop():
		return '2'
	case sq > 16:
		return '1'
	}
	return '0'
}

// phaseAccount replays the longest defence's line from every start that
// takes more than over moves (every step-th of them) and prints, by phase,
// the moves the table spends there and the tablebase's depth it gains
// (the depth at the phase's first position less the depth at the next
// phase's), their difference the excess.
func (t *Table) phaseAccount(over, step int) {
	const ph = "B2101M"
	type acc struct{ n, moves, gain, visits int }
	a := map[byte]*acc{}
	for _, c := range []byte("B210M") {
		a[c] = &acc{}
	}
	seq := map[string]int{}
	classEx := map[string]*[3]int{}
	var starts int
	k := 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtmW[i] < 0 || t.V[i] < 0 || int(t.V[i]) >= vFail || int(t.V[i]) <= over {
			continue
		}
		k++
		if k%step != 0 {
			continue
		}
		starts++
		var tr []int
		var cs []bool
		lineTrace, lineConsult = &tr, &cs
		ln := t.line(i)
		lineTrace, lineConsult = nil, nil
		if starts <= accountShow {
			ms := strings.Fields(ln)
			var b strings.Builder
			for x := range tr {
				if cs[x] {
					fmt.Fprintf(&b, " [%c r%d b%d k%d]", phaseName(tr[x]), fRoom[tr[x]], fBox[tr[x]], fK2R[tr[x]])
				}
				if 2*x+1 < len(ms) {
					b.WriteString(" " + ms[2*x] + " " + ms[2*x+1])
				} else if 2*x < len(ms) {
					b.WriteString(" " + ms[2*x])
				}
			}
			fmt.Printf("line %d (tablebase %d) from %s:%s\n", t.V[i], dtmW[i], fen(i, true), b.String())
		}
		// the phase of a position inside a tree is its consultation's
		var phs []byte
		for x := range tr {
			if cs[x] || x == 0 {
				phs = append(phs, phaseName(tr[x]))
			} else {
				phs = append(phs, phs[x-1])
			}
		}
		// each consultation's tree: its moves less the tablebase's gain
		for x := 0; x < len(tr); {
			if !cs[x] && x != 0 {
				x++
				continue
			}
			y := x + 1
			for y < len(tr) && !cs[y] {
				y++
			}
			end := 0
			if y < len(tr) {
				end = int(dtmW[tr[y]])
			}
			c := tr[x]
			wk, _, _, bk := dec(c)
			cl := fmt.Sprintf("%c room %2d box %d k2r %d kings %d", phaseName(c), fRoom[c], fBox[c], fK2R[c], dist(wk, bk))
			e := classEx[cl]
			if e == nil {
				e = &[3]int{}
				classEx[cl] = e
			}
			e[0]++
			e[1] += y - x
			e[2] += y - x - (int(dtmW[c]) - end)
			x = y
		}
		var path []byte
		for x := 0; x < len(tr); {
			c := phs[x]
			y := x
			for y < len(tr) && phs[y] == c {
				y++
			}
			end := 0
			if y < len(tr) {
				end = int(dtmW[tr[y]])
			}
			e := a[c]
			e.visits++
			e.moves += y - x
			e.gain += int(dtmW[tr[x]]) - end
			path = append(path, c)
			x = y
		}
		seq[string(path)]++
	}
	_ = ph
	fmt.Printf("phase account over %d starts longer than %d (every %d-th):\n", starts, over, step)
	for _, c := range []byte("B210M") {
		e := a[c]
		if e.visits == 0 {
			continue
		}
		fmt.Printf("  phase %c: %d visits, moves %.2f a start, tablebase gain %.2f, excess %.2f\n", c, e.visits,
			float64(e.moves)/float64(starts), float64(e.gain)/float64(starts), float64(e.moves-e.gain)/float64(starts))
	}
	type ce struct {
		s string
		e *[3]int
	}
	var cl []ce
	for s, e := range classEx {
		cl = append(cl, ce{s, e})
	}
	sort.Slice(cl, func(x, y int) bool { return cl[x].e[2] > cl[y].e[2] })
	for x := 0; x < len(cl) && x < 25; x++ {
		e := cl[x].e
		fmt.Printf("  %s: %d consultations, moves %.2f, excess %.2f each, %.3f a start\n", cl[x].s, e[0],
			float64(e[1])/float64(e[0]), float64(e[2])/float64(e[0]), float64(e[2])/float64(starts))
	}
	type kv struct {
		s string
		n int
	}
	var l []kv
	for s, n := range seq {
		l = append(l, kv{s, n})
	}
	sort.Slice(l, func(x, y int) bool { return l[x].n > l[y].n })
	for x := 0; x < len(l) && x < 8; x++ {
		fmt.Printf("  phases %s: %d\n", l[x].s, l[x].n)
	}
}

// phaseTop is the squeeze above which phaseName says phase 2: -phase, or
// 28 (the drive's first threshold) without it.
func phaseTop() int {
	if phaseS > 0 {
		return phaseS
	}
	return 28
}

package main

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
)

// Regions of the black king near a mate corner, finer than Deletang's
// triangles, and the triangles read as the language can read them (the
// session after "A smaller triangle within eight moves", docs/verify.md
// "The first triangle's phase and the triangles the language reads").
//
// A region is written on a square's offsets (x, y) from the mate corner
// (files and ranks away from it: for h1, x = 7 - file, y = rank; for a8
// the board turned round), the same at both mate corners. A spec is a
// union of terms separated by '+', each an intersection of atoms
// separated by '.': tN (x + y <= N, the triangle of size N), cM (x <= M
// and y <= M, the square box), dM (|x - y| <= M, near the corner's
// diagonal), eM (min(x, y) <= M, near an edge of the corner). So
// "t4+t5.c4" is the triangle of size 5 less its two ends (c1 and h6 for
// h1), "t4+t5.e1" the same less its middle squares (e3, f4). R@S is R's
// set with the king now in S (a level of the position, not of a region).

// region is a predicate on a square's offsets from a mate corner.
type region func(x, y int) bool

func parseRegion(spec string) (region, error) {
	var terms [][]region
	for _, t := range strings.Split(spec, "+") {
		var atoms []region
		for _, a := range strings.Split(t, ".") {
			if len(a) < 2 {
				return nil, fmt.Errorf("bad region atom %q in %q", a, spec)
			}
			n, err := strconv.Atoi(a[1:])
			if err != nil {
				return nil, fmt.Errorf("bad region atom %q in %q", a, spec)
			}
			switch a[0] {
			case 't':
				atoms = append(atoms, func(x, y int) bool { return x+y <= n })
			case 'c':
				atoms = append(atoms, func(x, y int) bool { return x <= n && y <= n })
			case 'd':
				atoms = append(atoms, func(x, y int) bool { return iabs(x-y) <= n })
			case 'e':
				atoms = append(atoms, func(x, y int) bool { return min(x, y) <= n })
			default:
				return nil, fmt.Errorf("bad region atom %q in %q", a, spec)
			}
		}
		terms = append(terms, atoms)
	}
	return func(x, y int) bool {
		for _, t := range terms {
			ok := true
			for _, a := range t {
				if !a(x, y) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}, nil
}

// regionMask is the set of squares in region r at either mate corner.
func regionMask(r region) uint64 {
	var m uint64
	for s := 0; s < 64; s++ {
		f, rk := s&7, s>>3
		if r(7-f, rk) || r(f, 7-rk) {
			m |= 1 << uint(s)
		}
	}
	return m
}

// maskSpecs (-dmasks): model delo's levels as regions (largest first,
// separated by ','), instead of -dlevels' triangles.
var maskSpecs string

// maskReads (-dread): how each region's level is read, several separated
// by ',' measured in turn: won (the graph's set: White mates keeping the
// king in the region at every White turn, a least fixpoint), held (White
// keeps it there forever, a greatest fixpoint), conf (the language's
// reading: the king in the region and a safe White move after which no
// reply leaves it), conf2 (the same two moves deep: a safe move after
// which every reply is in the region and conf again), geo (the king in
// the region).
var maskReads = "won"

// regionWonMemo: regionWon's sets by mask (a run of several readings
// computes each once).
var regionWonMemo = map[uint64][]bool{}

// regionWon: wonIn for a square mask.
func regionWon(m uint64) []bool {
	if w, ok := regionWonMemo[m]; ok {
		return w
	}
	in := make([]bool, N)
	regionWonMemo[m] = in
	for {
		var added atomic.Int64
		parForBuf(N, func(p int, buf *[2][]int) {
			if in[p] || !legalW(p) || m>>uint(p&63)&1 == 0 {
				return
			}
			if confinesTo(p, buf, func(q int) bool { return in[q] }) {
				in[p] = true
				added.Add(1)
			}
		})
		if added.Load() == 0 {
			return in
		}
	}
}

// confinesTo: a White move from p that mates, or after which no minor can
// be taken, no stalemate, and every reply satisfies in.
func confinesTo(p int, buf *[2][]int, in func(q int) bool) bool {
	for _, j := range whiteMoves(p, buf[0]) {
		if mated[j] {
			return true
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
			if !in(q) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// regionRead is the set of White-to-move positions read as "in the
// region" by the reading named (maskReads).
func regionRead(m uint64, read string) []bool {
	geo := func(q int) bool { return legalW(q) && m>>uint(q&63)&1 != 0 }
	switch read {
	case "won":
		return regionWon(m)
	case "held":
		in := make([]bool, N)
		parFor(N, func(p int) { in[p] = geo(p) })
		for {
			removed := false
			out := make([]bool, N)
			parForBuf(N, func(p int, buf *[2][]int) {
				if in[p] && !confinesTo(p, buf, func(q int) bool { return in[q] }) {
					out[p] = true
				}
			})
			for p := range out {
				if out[p] {
					in[p] = false
					removed = true
				}
			}
			if !removed {
				return in
			}
		}
	case "geo":
		in := make([]bool, N)
		parFor(N, func(p int) { in[p] = geo(p) })
		return in
	case "conf", "conf2":
		in := make([]bool, N)
		parForBuf(N, func(p int, buf *[2][]int) {
			in[p] = geo(p) && confinesTo(p, buf, geo)
		})
		if read == "conf2" {
			c1 := in
			in = make([]bool, N)
			parForBuf(N, func(p int, buf *[2][]int) {
				in[p] = c1[p] && confinesTo(p, buf, func(q int) bool { return c1[q] })
			})
		}
		return in
	}
	panic("unknown -dread " + read)
}

// maskLevels: each White-to-move position's level for the regions specs
// (largest first) read as read: 0 none, k the last of the k-th region's
// sets that holds it. It prints each set's won positions, and for the
// readings other than won how many of them the graph's set holds.
func maskLevels(specs []string, read string) []int8 {
	lev := make([]int8, N)
	for k, s := range specs {
		// R@S: R's set, the king now in S
		rs, now, _ := strings.Cut(s, "@")
		r, err := parseRegion(rs)
		if err != nil {
			panic(err)
		}
		m := regionMask(r)
		h := regionRead(m, read)
		if now != "" {
			r2, err := parseRegion(now)
			if err != nil {
				panic(err)
			}
			m2 := regionMask(r2)
			h2 := make([]bool, N)
			parFor(N, func(p int) { h2[p] = h[p] && m2>>uint(p&63)&1 != 0 })
			h = h2
		}
		var g []bool
		if read != "won" {
			g = regionWon(m)
		}
		won, both := 0, 0
		for p := 0; p < N; p++ {
			if h[p] {
				lev[p] = int8(k + 1)
				if dtmW[p] >= 0 {
					won++
					if g != nil && g[p] {
						both++
					}
				}
			}
		}
		if g != nil {
			gw := 0
			for p := 0; p < N; p++ {
				if g[p] && dtmW[p] >= 0 {
					gw++
				}
			}
			fmt.Printf("region %s read %s: %d won positions, %d of them in the graph's set (of its %d)\n", s, read, won, both, gw)
		} else {
			fmt.Printf("region %s read %s: %d won positions\n", s, read, won)
		}
	}
	return lev
}

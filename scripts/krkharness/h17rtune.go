package main

import "fmt"

// The twelfth session's preference tuner: under krk-short.al1's guard (the
// cage White can make smaller after every reply) and its fallbacks, the
// preference a weighted sum of features read after the worst reply,
// tuned by coordinate descent on the mean (plus the worst over 20).

var prefFeatNames = []string{"cagenext", "manh", "dist", "bkedge", "wkroomdist", "wkrook", "rookbk", "room", "bboxsum", "bboxmin", "wkreach", "bkcorner"}

// roomSquares is the language's room (the rook a wall) as a set.
func roomSquares(wk, wr, bk int) (sq [64]bool, n int) {
	free := func(s int) bool { return s != wr && s != wk && !attackedW(wk, wr, s) }
	var stack []int
	if free(bk) {
		sq[bk] = true
		stack = append(stack, bk)
	}
	for _, t := range kingAdj[bk] {
		if free(t) && !sq[t] {
			sq[t] = true
			stack = append(stack, t)
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		for _, t := range kingAdj[s] {
			if !sq[t] && free(t) {
				sq[t] = true
				stack = append(stack, t)
			}
		}
	}
	return
}

func prefFeats(C Efunc, wk, wr, bk int) []int {
	rs, n := roomSquares(wk, wr, bk)
	minf, maxf, minr, maxr, rd, reach := 8, -1, 8, -1, 15, 0
	for s := 0; s < 64; s++ {
		if !rs[s] {
			continue
		}
		minf, maxf = imin(minf, s&7), imax(maxf, s&7)
		minr, maxr = imin(minr, s>>3), imax(maxr, s>>3)
		rd = imin(rd, dist(wk, s))
		reach = imax(reach, dist(wk, s))
	}
	bw, bh := maxf-minf+1, maxr-minr+1
	if n == 0 {
		bw, bh = 0, 0
	}
	edged := imin(imin(bk&7, 7-bk&7), imin(bk>>3, 7-bk>>3))
	cd := imin(imin(dist(bk, 0), dist(bk, 7)), imin(dist(bk, 56), dist(bk, 63)))
	return []int{C(wk, wr, bk), manh(wk, bk), dist(wk, bk), edged, rd, dist(wk, wr), imin(dist(wr, bk), 3), n, bw + bh, imin(bw, bh), reach, cd}
}

func h17rTune() {
	Ef := withMove(roomLoose(32), 6, 6)
	nf := len(prefFeatNames)
	F := make([][]int16, nf)
	for k := range F {
		F[k] = make([]int16, N)
	}
	for i := 0; i < N; i++ {
		if !legalW(i) {
			continue
		}
		wk, wr, bk := dec(i)
		for k, v := range prefFeats(Ef, wk, wr, bk) {
			F[k][i] = int16(v)
		}
	}
	eval := func(w []int) (float64, res) {
		P := make([]int32, N)
		for i := 0; i < N; i++ {
			s := 0
			for k := range w {
				s += w[k] * int(F[k][i])
			}
			P[i] = int32(s)
		}
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L := NewLadder(Ef, a)
		for i := 0; i < N; i++ {
			if dtm[i] < INF && legalW(i) {
				L.val(i)
			}
		}
		r := score(L.V)
		s := r.mean + 0.1*float64(max(0, r.worst-20))
		if r.proved < 175168 {
			s += 100
		}
		return s, r
	}
	w := make([]int, nf)
	w[0], w[1] = 4, 4
	best, r := eval(w)
	fmt.Println("start", w, best, r)
	for round := 0; round < 4; round++ {
		improved := false
		for k := 1; k < nf; k++ {
			for _, d := range []int{1, -1, 2, -2, 4, -4} {
				w2 := append([]int(nil), w...)
				w2[k] += d
				s, r := eval(w2)
				if s < best-1e-9 {
					best, w = s, w2
					improved = true
					fmt.Println(prefFeatNames[k], d, w, fmt.Sprintf("%.3f", s), r)
					break
				}
			}
		}
		if !improved {
			break
		}
	}
	fmt.Println("end", w, best)
}

// fitY is the least-squares fit of y on the feature tables F (won starts).
func fitY(F [][]int16, y []int32) []float64 {
	n := len(F) + 1
	A := make([][]float64, n)
	for k := range A {
		A[k] = make([]float64, n)
	}
	b := make([]float64, n)
	f := make([]float64, n)
	for i := 0; i < N; i++ {
		if dtm[i] >= INF || !legalW(i) || y[i] >= INF {
			continue
		}
		for k := range F {
			f[k] = float64(F[k][i])
		}
		f[n-1] = 1
		for a := 0; a < n; a++ {
			for c := 0; c < n; c++ {
				A[a][c] += f[a] * f[c]
			}
			b[a] += f[a] * float64(y[i])
		}
	}
	return gauss(A, b)
}

func h17rVfit() {
	Ef := withMove(roomLoose(32), 6, 6)
	nf := len(prefFeatNames)
	F := make([][]int16, nf)
	for k := range F {
		F[k] = make([]int16, N)
	}
	for i := 0; i < N; i++ {
		if !legalW(i) {
			continue
		}
		wk, wr, bk := dec(i)
		for k, v := range prefFeats(Ef, wk, wr, bk) {
			F[k][i] = int16(v)
		}
	}
	P := table(func(wk, wr, bk int) int { return Ef(wk, wr, bk) + manh(wk, bk) })
	for it := 0; it < 4; it++ {
		a := append([]Adv{{Mate: true, D: 3, Cond: bkEdgeClose}}, prefAdvs()...)
		a[1].P = P
		L := try(fmt.Sprint("V fit iteration ", it), Ef, a)
		w := fitY(F, L.V)
		fmt.Printf("  weights %v: ", prefFeatNames)
		for _, x := range w {
			fmt.Printf(" %.2f", x)
		}
		fmt.Println()
		P = make([]int32, N)
		for i := 0; i < N; i++ {
			s := w[nf]
			for k := 0; k < nf; k++ {
				s += w[k] * float64(F[k][i])
			}
			P[i] = int32(s * 10)
		}
	}
}

package main

import "fmt"

// least squares fit of dtm on features over won W positions
func fit(feat func(wk, wr, bk int) []float64, names []string) []float64 {
	var A [][]float64
	var bvec []float64
	n := -1
	var sse float64
	cnt := 0
	for i := 0; i < N; i++ {
		if dtm[i] >= INF || !legalW(i) {
			continue
		}
		wk, wr, bk := dec(i)
		f := append(feat(wk, wr, bk), 1)
		if n < 0 {
			n = len(f)
			A = make([][]float64, n)
			for k := range A {
				A[k] = make([]float64, n)
			}
			bvec = make([]float64, n)
		}
		y := float64(dtm[i])
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				A[a][b] += f[a] * f[b]
			}
			bvec[a] += f[a] * y
		}
		cnt++
	}
	w := gauss(A, bvec)
	for i := 0; i < N; i++ {
		if dtm[i] >= INF || !legalW(i) {
			continue
		}
		wk, wr, bk := dec(i)
		f := append(feat(wk, wr, bk), 1)
		p := 0.0
		for k := range f {
			p += f[k] * w[k]
		}
		d := p - float64(dtm[i])
		sse += d * d
	}
	for k := range w {
		nm := "const"
		if k < len(names) {
			nm = names[k]
		}
		fmt.Printf("  %s=%.3f", nm, w[k])
	}
	fmt.Printf("  rmse=%.3f\n", sqrt(sse/float64(cnt)))
	return w
}

func sqrt(x float64) float64 {
	z := x
	if z == 0 {
		return 0
	}
	for i := 0; i < 50; i++ {
		z = (z + x/z) / 2
	}
	return z
}

func gauss(A [][]float64, b []float64) []float64 {
	n := len(b)
	for i := 0; i < n; i++ {
		A[i][i] += 1e-9
		p := i
		for r := i + 1; r < n; r++ {
			if abs(A[r][i]) > abs(A[p][i]) {
				p = r
			}
		}
		A[i], A[p] = A[p], A[i]
		b[i], b[p] = b[p], b[i]
		for r := i + 1; r < n; r++ {
			f := A[r][i] / A[i][i]
			for c := i; c < n; c++ {
				A[r][c] -= f * A[i][c]
			}
			b[r] -= f * b[i]
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for c := i + 1; c < n; c++ {
			s -= A[i][c] * x[c]
		}
		x[i] = s / A[i][i]
	}
	return x
}
func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

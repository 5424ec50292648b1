package main

// W: 0 nocut-base,1 cw,2 cg,3 ca,4 cd,5 ck,6 cm,7 ce
func genE(W []int) Efunc {
	return func(wk, wr, bk int) int {
		best := W[0] + W[5]*dist(wk, bk)
		for axis := 0; axis < 2; axis++ {
			w, g, a, dl, ok := cutLine(wk, wr, bk, axis)
			if !ok {
				continue
			}
			if v := W[1]*w + W[2]*g + W[3]*a + W[4]*dl; v < best {
				best = v
			}
		}
		return best + W[5]*dist(wk, bk) + W[6]*manh(wk, bk) + W[7]*edged(bk)
	}
}

type res struct {
	proved int
	mean   float64
	worst  int
	stuck  int
}

func score(v []int32) res {
	var r res
	sum := 0
	for i := 0; i < N; i++ {
		if dtm[i] >= INF || !legalW(i) {
			continue
		}
		if v[i] < INF {
			r.proved++
			sum += int(v[i])
			r.worst = max(r.worst, int(v[i]))
		}
	}
	r.mean = float64(sum) / float64(max(r.proved, 1))
	return r
}

func csd(wk, wr, bk int) int {
	cf := wr&7 + 1
	if bk&7 < wr&7 {
		cf = wr&7 - 1
	}
	cr := wr>>3 + 1
	if bk>>3 < wr>>3 {
		cr = wr>>3 - 1
	}
	return iabs(wk&7-cf) + iabs(wk>>3-cr)
}

// best cut line: returns w,g,a,dl for the valid line minimizing 10w+4g+3a; ok=false if none
func bestLine(wk, wr, bk int) (w, g, a, dl int, ok bool) {
	bestv := 1 << 30
	for axis := 0; axis < 2; axis++ {
		W, G, A, D, cut := cutLine(wk, wr, bk, axis)
		if !cut {
			continue
		}
		if v := 10*W + 4*G + 3*A; v < bestv {
			bestv, w, g, a, dl, ok = v, W, G, A, D, true
		}
	}
	return
}

func feats(wk, wr, bk int) []float64 {
	w, g, a, dl, ok := bestLine(wk, wr, bk)
	if !ok {
		w, g, a, dl = 8, 8, 0, 0
	}
	return []float64{float64(manh(wk, bk)), float64(dist(wk, bk)), float64(cmd(bk)), float64(edged(bk)), float64(box(wk, wr, bk)),
		float64(w), float64(g), float64(a), float64(dl), b2f(ok), b2f(tdivide(wk, wr, bk)), float64(dist(wr, bk)), float64(dist(wr, wk))}
}

var featNames = []string{"manh", "cheb", "cmd", "edge", "box", "w", "g", "a", "dl", "cut", "tdiv", "rbk", "rwk"}

// table evaluates E on every position with White to move.
func table(E Efunc) []int32 {
	v := make([]int32, N)
	for i := 0; i < N; i++ {
		if legalW(i) {
			a, b, c := dec(i)
			v[i] = int32(E(a, b, c))
		}
	}
	return v
}

// fitE is the least-squares estimate of the depth to mate on feats, in
// tenths of a move.
func fitE() Efunc {
	w := fit(feats, featNames)
	return func(wk, wr, bk int) int {
		f := append(feats(wk, wr, bk), 1)
		p := 0.0
		for k := range f {
			p += f[k] * w[k]
		}
		return int(p * 10)
	}
}

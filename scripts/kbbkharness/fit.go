package main

import "fmt"

// fitStats prints the tablebase's depth to mate of the boxed won
// positions with White to move outside a corner's four squares, by the
// squeeze (room + 3 x corner box, rows) and the kings' distance
// (columns): mean (max); to weigh the kings' distance against the
// squeeze in a measure (-fit).
func fitStats() {
	type acc struct{ n, sum, mx int }
	var a [80][8]acc
	for i := 0; i < N; i++ {
		if !legalW(i) || dtmW[i] < 0 || !fBoxed[i] || fBox[i] <= 2 {
			continue
		}
		sq := int(fRoom[i]) + 3*int(fBox[i])
		if sq >= 80 {
			sq = 79
		}
		x := &a[sq][dist(i>>16, i&63)]
		x.n++
		x.sum += int(dtmW[i])
		x.mx = max(x.mx, int(dtmW[i]))
	}
	fmt.Println("squeeze | kings 2, 3, ..., 7: mean(max) count")
	for s := 0; s < 80; s++ {
		line := fmt.Sprintf("%3d |", s)
		any := false
		for k := 2; k < 8; k++ {
			x := a[s][k]
			if x.n == 0 {
				line += fmt.Sprintf(" %16s", "-")
				continue
			}
			any = true
			line += fmt.Sprintf(" %5.1f(%2d)%7d", float64(x.sum)/float64(x.n), x.mx, x.n)
		}
		if any {
			fmt.Println(line)
		}
	}
}

// fitLinear fits the tablebase's depth to mate of the boxed won positions
// with White to move, the squeeze (room + 3 x corner box) within [lo, hi],
// by least squares on the room, the corner box, the white king's distance
// to the room, the kings' distance, the black king's distance to the
// nearest edge and corner, and prints the weights.
func fitLinear(lo, hi int) {
	const k = 9
	var xtx [k][k]float64
	var xty [k]float64
	n := 0
	for i := 0; i < N; i++ {
		if !legalW(i) || dtmW[i] < 0 || !fBoxed[i] || fBox[i] <= 2 {
			continue
		}
		sq := int(fRoom[i]) + 3*int(fBox[i])
		if sq < lo || sq > hi {
			continue
		}
		wk, bk := i>>16, i&63
		x := [k]float64{1, float64(fRoom[i]), float64(fBox[i]), float64(fK2R[i]), float64(dist(wk, bk)), float64(edgeDist(bk)), float64(cornerDist(bk)), float64(fStrip[i]), float64(fSpan[i])}
		y := float64(dtmW[i])
		for a := 0; a < k; a++ {
			for b := 0; b < k; b++ {
				xtx[a][b] += x[a] * x[b]
			}
			xty[a] += x[a] * y
		}
		n++
	}
	// Gaussian elimination.
	for c := 0; c < k; c++ {
		p := xtx[c][c]
		for b := 0; b < k; b++ {
			xtx[c][b] /= p
		}
		xty[c] /= p
		for r := 0; r < k; r++ {
			if r != c {
				f := xtx[r][c]
				for b := 0; b < k; b++ {
					xtx[r][b] -= f * xtx[c][b]
				}
				xty[r] -= f * xty[c]
			}
		}
	}
	fmt.Printf("squeeze %d..%d (%d positions): const %.2f room %.3f box %.3f k2r %.3f kings %.3f bk-edge %.3f bk-corner %.3f strip %.3f span %.3f\n",
		lo, hi, n, xty[0], xty[1], xty[2], xty[3], xty[4], xty[5], xty[6], xty[7], xty[8])
}

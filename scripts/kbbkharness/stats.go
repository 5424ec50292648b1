package main

import "fmt"

// featureStats prints the tablebase's depth to mate of the boxed won
// positions with White to move, by corner box and the white king's
// distance to the room (rows), and by the room's size (columns, in
// bands): mean (max) and count; to see which measures the depth follows.
func featureStats() {
	type acc struct{ n, sum, mx int }
	var a [9][16][8]acc
	band := func(room int) int {
		switch {
		case room <= 3:
			return 0
		case room <= 6:
			return 1
		case room <= 10:
			return 2
		case room <= 15:
			return 3
		case room <= 21:
			return 4
		case room <= 28:
			return 5
		case room <= 40:
			return 6
		}
		return 7
	}
	for i := 0; i < N; i++ {
		if !legalW(i) || dtmW[i] < 0 || !fBoxed[i] {
			continue
		}
		x := &a[fBox[i]][fK2R[i]][band(int(fRoom[i]))]
		x.n++
		x.sum += int(dtmW[i])
		x.mx = max(x.mx, int(dtmW[i]))
	}
	fmt.Println("box k2r | room <=3, <=6, <=10, <=15, <=21, <=28, <=40, more: mean(max) count")
	for b := 1; b < 9; b++ {
		for k := 0; k < 16; k++ {
			line := fmt.Sprintf("%d %2d |", b, k)
			any := false
			for r := 0; r < 8; r++ {
				x := a[b][k][r]
				if x.n == 0 {
					line += fmt.Sprintf(" %14s", "-")
					continue
				}
				any = true
				line += fmt.Sprintf(" %5.1f(%2d)%6d", float64(x.sum)/float64(x.n), x.mx, x.n)
			}
			if any {
				fmt.Println(line)
			}
		}
	}
}

// phaseStats prints, for the positions where the table was consulted, by
// corner box: how many, the longest defence's mean and max, and the
// tablebase's: where the table loses its moves.
func (t *Table) phaseStats() {
	type acc struct{ n, v, vm, d, dm int }
	var a [10]acc
	for i := 0; i < N; i++ {
		v := t.V[i]
		if v < 0 || v >= vFail || !legalW(i) || dtmW[i] < 0 {
			continue
		}
		b := int(fBox[i])
		if !fBoxed[i] && b > 2 {
			b = 9
		}
		x := &a[b]
		x.n++
		x.v += int(v)
		x.vm = max(x.vm, int(v))
		x.d += int(dtmW[i])
		x.dm = max(x.dm, int(dtmW[i]))
	}
	for b, x := range a {
		if x.n > 0 {
			fmt.Printf("box %d (9: not boxed): %d consulted, table mean %.2f max %d, tablebase mean %.2f max %d\n", b, x.n, float64(x.v)/float64(x.n), x.vm, float64(x.d)/float64(x.n), x.dm)
		}
	}
}

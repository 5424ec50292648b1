package main

import "fmt"

// prefAdvs is the preference's table: of the moves after whose every reply
// E is smaller, the one whose worst reply leaves E least; else any drop of
// E within two to five moves.
func prefAdvs() []Adv {
	a := []Adv{{K: 1, D: 1, Pref: true}}
	for d := 2; d <= 5; d++ {
		a = append(a, Adv{K: 1, D: d})
	}
	return a
}

// tuneScore plays the preference's table on withRook(genE(W), c) and
// scores it: the mean, plus a fifth of a move for each move of the worst
// above 20, plus 100 for any start not proved.
func tuneScore(W []int, c int) (float64, res) {
	E := genE(W)
	if c > 0 {
		E = withRook(E, c)
	}
	L := NewLadder(E, prefAdvs())
	for i := 0; i < N; i++ {
		if dtm[i] < INF && legalW(i) {
			L.val(i)
		}
	}
	r := score(L.V)
	s := r.mean + 0.2*float64(max(0, r.worst-20))
	if r.proved < 175168 {
		s += 100
	}
	return s, r
}

// tune is a coordinate descent over genE's weights and the rook's price.
func tune() {
	W := []int{80, 10, 3, 3, 0, 1, 0, 0}
	c := 3
	best, r := tuneScore(W, c)
	fmt.Println("start", W, c, best, r)
	for round := 0; round < 4; round++ {
		improved := false
		for k := 0; k <= len(W); k++ {
			for _, d := range []int{-2, -1, 1, 2} {
				W2 := append([]int(nil), W...)
				c2 := c
				if k < len(W) {
					W2[k] += d
					if W2[k] < 0 {
						continue
					}
				} else {
					c2 += d
					if c2 < 0 {
						continue
					}
				}
				s, r := tuneScore(W2, c2)
				fmt.Println(" try", W2, c2, fmt.Sprintf("%.3f", s), r)
				if s < best {
					best, W, c = s, W2, c2
					improved = true
					fmt.Println("BEST", W, c, best, r)
				}
			}
		}
		if !improved {
			break
		}
	}
}

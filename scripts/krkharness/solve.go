package main

const INF = 1 << 20

// bnode classification
const (
	bOK = iota
	bMate
	bDraw // stalemate or capture
)

type bInfo struct {
	kind    int
	replies []int
}

var bcache = map[int]*bInfo{}

func bnode(b int) (kind int, replies []int) {
	var buf [8]int
	rep, capt := blackMoves(b, buf[:0])
	wk, wr, bk := dec(b)
	if capt {
		return bDraw, nil
	}
	if len(rep) == 0 {
		if bkInCheck(wk, wr, bk) {
			return bMate, nil
		}
		return bDraw, nil
	}
	return bOK, append([]int(nil), rep...)
}

// precomputed
var wMoves [N][]int32 // W-to-move -> B nodes (only safe ones: not draw)
var wMate [N][]bool
var bRep map[int32][]int32

func precompute() {
	bRep = map[int32][]int32{}
	var buf [40]int
	for i := 0; i < N; i++ {
		if !legalW(i) {
			continue
		}
		ms := whiteMoves(i, buf[:0])
		for _, b := range ms {
			k, rep := bnode(b)
			if k == bDraw {
				continue
			}
			wMoves[i] = append(wMoves[i], int32(b))
			wMate[i] = append(wMate[i], k == bMate)
			if k == bOK {
				if _, ok := bRep[int32(b)]; !ok {
					r := make([]int32, len(rep))
					for j, x := range rep {
						r[j] = int32(x)
					}
					bRep[int32(b)] = r
				}
			}
		}
	}
}

var dtm [N]int32

func solveDTM() {
	for i := range dtm {
		dtm[i] = INF
	}
	for n := int32(1); ; n++ {
		changed := false
		for i := 0; i < N; i++ {
			if dtm[i] != INF || len(wMoves[i]) == 0 {
				continue
			}
			for j, b := range wMoves[i] {
				if wMate[i][j] {
					if n == 1 {
						dtm[i] = 1
						changed = true
					}
					break
				}
				mx := int32(0)
				for _, r := range bRep[b] {
					if dtm[r] > mx {
						mx = dtm[r]
					}
				}
				if mx < n {
					dtm[i] = n
					changed = true
					break
				}
			}
		}
		if !changed && n > 2 {
			break
		}
	}
}

// policy: pol[i] = index into wMoves[i], -1 none. returns worst-case lengths.
func evalPolicy(pol []int8) []int32 {
	v := make([]int32, N)
	for i := range v {
		v[i] = INF
	}
	for it := 0; it < 300; it++ {
		changed := false
		for i := 0; i < N; i++ {
			p := pol[i]
			if p < 0 {
				continue
			}
			var nv int32
			if wMate[i][p] {
				nv = 1
			} else {
				mx := int32(0)
				for _, r := range bRep[wMoves[i][p]] {
					if v[r] > mx {
						mx = v[r]
					}
				}
				if mx >= INF {
					continue
				}
				nv = mx + 1
			}
			if nv != v[i] {
				v[i] = nv
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return v
}

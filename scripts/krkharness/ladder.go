package main

import "fmt"

type Adv struct{ K, D int } // E <= E0-K within D moves (goal read after Black's reply)

type satKey struct {
	pos int32
	t   int32
	b   int8
}

type Ladder struct {
	E     Efunc
	Ev    []int32
	advs  []Adv
	sat   map[satKey]int8 // -1 no tree, else move index+1... store 0 = unknown
	V     []int32
	state []int8 // 0 unvisited 1 in progress 2 done
	stuck int
	useD  [8]int
	cyc   int
}

func NewLadder(E Efunc, advs []Adv) *Ladder {
	L := &Ladder{E: E, advs: advs, sat: map[satKey]int8{}}
	L.Ev = make([]int32, N)
	for i := 0; i < N; i++ {
		if legalW(i) {
			a, b, c := dec(i)
			L.Ev[i] = int32(E(a, b, c))
		}
	}
	L.V = make([]int32, N)
	L.state = make([]int8, N)
	return L
}

// treeMove: first move index with a tree within budget b to reach E<=t; -1 none
func (L *Ladder) treeMove(pos int, t int32, b int) int {
	if b <= 0 {
		return -1
	}
	k := satKey{int32(pos), t, int8(b)}
	if v, ok := L.sat[k]; ok {
		return int(v)
	}
	res := -1
	for j, bn := range wMoves[pos] {
		if wMate[pos][j] {
			res = j
			break
		}
		ok := true
		for _, r := range bRep[bn] {
			if L.Ev[r] <= t {
				continue
			}
			if L.treeMove(int(r), t, b-1) < 0 {
				ok = false
				break
			}
		}
		if ok {
			res = j
			break
		}
	}
	L.sat[k] = int8(res)
	return res
}

// fresh decision value
func (L *Ladder) val(pos int) int32 {
	switch L.state[pos] {
	case 2:
		return L.V[pos]
	case 1:
		L.cyc++
		return INF
	}
	L.state[pos] = 1
	var v int32 = INF
	e0 := L.Ev[pos]
	found := false
	for _, a := range L.advs {
		t := e0 - int32(a.K)
		for D := 1; D <= a.D; D++ {
			if L.treeMove(pos, t, D) >= 0 {
				L.useD[D]++
				v = L.follow(pos, t, D)
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		L.stuck++
	}
	L.V[pos] = v
	L.state[pos] = 2
	return v
}

func (L *Ladder) follow(pos int, t int32, b int) int32 {
	j := L.treeMove(pos, t, b)
	if j < 0 {
		return INF
	}
	if wMate[pos][j] {
		return 1
	}
	var mx int32
	for _, r := range bRep[wMoves[pos][j]] {
		var x int32
		if L.Ev[r] <= t {
			x = L.val(int(r))
		} else {
			x = L.follow(int(r), t, b-1)
		}
		if x > mx {
			mx = x
		}
	}
	if mx >= INF {
		return INF
	}
	return mx + 1
}

func (L *Ladder) run(name string) {
	for i := 0; i < N; i++ {
		if dtm[i] < INF && legalW(i) {
			L.val(i)
		}
	}
	report(name, L.V)
	fmt.Printf("  stuck %d, cycle hits %d, fresh decisions by tree depth 1-6: %v\n", L.stuck, L.cyc, L.useD[1:7])
}

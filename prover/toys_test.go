package prover

import (
	"math/rand/v2"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
)

// This file holds the toy games of the prover's tests: explicit game trees
// (adjacency lists, hand-written or random) and a king walk on a small grid.

// tnode is a node of an explicit game: the side to move, a label whose bits
// the test predicates read, and its children (moves are child indices).
type tnode struct {
	side  game.Side
	label uint8
	kids  []int
}

// tgame is an explicit game; a position is a node index.
type tgame struct{ nodes []tnode }

func (g *tgame) ToMove(p *int) game.Side { return g.nodes[*p].side }
func (g *tgame) Moves(p *int, buf []int) []int {
	return append(buf[:0], g.nodes[*p].kids...)
}
func (g *tgame) Play(p *int, m int) int { return m }
func (g *tgame) Hash(p *int) uint64     { return uint64(*p)*0x9e3779b97f4a7c15 + 1 }

var _ game.Game[int, int] = (*tgame)(nil)

// treeLib holds the predicates over explicit-game positions: bit0..bit2
// (position), up (the label grew: relation) and same0 (relation, used with
// P0 to read the root).
func treeLib(g *tgame) []*kb.Predicate[int] {
	var ps []*kb.Predicate[int]
	for b := range 3 {
		ps = append(ps, &kb.Predicate[int]{Name: "bit" + string(rune('0'+b)), Kind: kb.PositionKind, Doc: "label bit",
			Pos: func(p *int) bool { return g.nodes[*p].label>>b&1 == 1 }})
	}
	ps = append(ps, &kb.Predicate[int]{Name: "up", Kind: kb.RelationKind, Doc: "label grew",
		Rel: func(a, b *int) bool { return g.nodes[*b].label > g.nodes[*a].label }})
	ps = append(ps, &kb.Predicate[int]{Name: "same0", Kind: kb.RelationKind, Doc: "same bit 0",
		Rel: func(a, b *int) bool { return g.nodes[*a].label&1 == g.nodes[*b].label&1 }})
	return ps
}

// randomTree builds a random acyclic explicit game: node i's children have
// larger indices, so every path is finite (at most n-1 moves).
func randomTree(r *rand.Rand, n int, alternate bool) *tgame {
	g := &tgame{nodes: make([]tnode, n)}
	for i := range g.nodes {
		g.nodes[i].label = uint8(r.IntN(8))
		g.nodes[i].side = game.Side(r.IntN(2))
	}
	// Build a tree (or DAG) top-down so depths stay small.
	for i := 1; i < n; i++ {
		parent := r.IntN(i)
		if i > 3 {
			parent = i - 1 - r.IntN(min(i, 4))
		}
		dup := false
		for _, k := range g.nodes[parent].kids {
			dup = dup || k == i
		}
		if !dup {
			g.nodes[parent].kids = append(g.nodes[parent].kids, i)
		}
		if r.IntN(4) == 0 && i+1 < n { // an extra edge makes a DAG
			j := i + 1 + r.IntN(n-i-1)
			dup := false
			for _, k := range g.nodes[i].kids {
				dup = dup || k == j
			}
			if !dup {
				g.nodes[i].kids = append(g.nodes[i].kids, j)
			}
		}
	}
	if alternate {
		// Sides alternate along the first-parent chain: recompute by BFS.
		seen := make([]bool, n)
		seen[0] = true
		queue := []int{0}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for _, k := range g.nodes[p].kids {
				if !seen[k] {
					seen[k] = true
					g.nodes[k].side = g.nodes[p].side.Other()
					queue = append(queue, k)
				}
			}
		}
	}
	return g
}

// randomFormula builds a random formula over the predicates of treeLib.
func randomFormula(r *rand.Rand, ps []*kb.Predicate[int], depth int, inMoves bool) *kb.Formula[int] {
	if depth == 0 || r.IntN(3) == 0 {
		switch k := r.IntN(len(ps) + 2); {
		case k == len(ps):
			return kb.True[int]()
		case k == len(ps)+1:
			return kb.False[int]()
		default:
			p := ps[k]
			if p.Kind == kb.RelationKind {
				if p.Name == "same0" {
					return kb.Rel(p, kb.P0, kb.P2)
				}
				if inMoves || r.IntN(2) == 0 {
					return kb.Rel(p, kb.P1, kb.P2)
				}
				return kb.Rel(p, kb.P0, kb.P2)
			}
			return kb.Pos(p, kb.P2)
		}
	}
	l := randomFormula(r, ps, depth-1, inMoves)
	switch r.IntN(4) {
	case 0:
		return kb.Not(l)
	case 1:
		return kb.And(l, randomFormula(r, ps, depth-1, inMoves))
	case 2:
		return kb.Or(l, randomFormula(r, ps, depth-1, inMoves))
	}
	return kb.Implies(l, randomFormula(r, ps, depth-1, inMoves))
}

func randomOrder(r *rand.Rand, ps []*kb.Predicate[int]) kb.Order[int] {
	n := r.IntN(3)
	var o kb.Order[int]
	for range n {
		o = append(o, randomFormula(r, ps, 1, true))
	}
	return o
}

func randomAdvice(r *rand.Rand, ps []*kb.Predicate[int], depth int) *kb.Advice[int] {
	a := &kb.Advice[int]{
		Name:      "random",
		Side:      game.Side(r.IntN(2)),
		Depth:     depth,
		Better:    randomFormula(r, ps, 2, false),
		Holding:   randomFormula(r, ps, 2, false),
		Moves:     randomOrder(r, ps),
		Replies:   randomOrder(r, ps),
		Sacrifice: r.IntN(4) == 0,
	}
	return a
}

// randomLevels gives a per-move constraints (AL1.5) a third of the time.
func randomLevels(r *rand.Rand, ps []*kb.Predicate[int], a *kb.Advice[int]) *kb.Advice[int] {
	if r.IntN(3) == 0 {
		for range 1 + r.IntN(2) {
			a.MovesNext = append(a.MovesNext, randomOrder(r, ps))
		}
	}
	if r.IntN(3) == 0 {
		a.RepliesNext = append(a.RepliesNext, randomOrder(r, ps))
	}
	return a
}

// kings is a king walk on a w x h grid: a white and a black king move one
// square at a time (no passing) and may not stand next to each other.
type kings struct {
	w, b int8 // square index y*size+x
	side game.Side
}

type kingGame struct{ size int8 }

var dirs = [8][2]int8{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

func (k kingGame) xy(s int8) (int8, int8) { return s % k.size, s / k.size }

func (k kingGame) adjacent(a, b int8) bool {
	ax, ay := k.xy(a)
	bx, by := k.xy(b)
	dx, dy := ax-bx, ay-by
	return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

func (k kingGame) ToMove(p *kings) game.Side { return p.side }
func (k kingGame) Moves(p *kings, buf []int8) []int8 {
	buf = buf[:0]
	from, other := p.w, p.b
	if p.side == game.Black {
		from, other = p.b, p.w
	}
	x, y := k.xy(from)
	for _, d := range dirs {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= k.size || ny >= k.size {
			continue
		}
		to := ny*k.size + nx
		if !k.adjacent(to, other) {
			buf = append(buf, to)
		}
	}
	return buf
}
func (k kingGame) Play(p *kings, to int8) kings {
	q := *p
	if p.side == game.White {
		q.w = to
	} else {
		q.b = to
	}
	q.side = p.side.Other()
	return q
}
func (k kingGame) Hash(p *kings) uint64 {
	return uint64(p.w)<<9 | uint64(p.b)<<1 | uint64(p.side)
}

var _ game.Game[kings, int8] = kingGame{}

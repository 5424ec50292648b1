package verify

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// The toy games of the tests: nim, explicit game graphs and a chase of two
// kings on a small board, with memoryless strategies written as functions.

// nim: a heap of stones, each move takes one or two; the side to move with
// an empty heap has lost.
type nim struct {
	heap int
	side game.Side
}

type nimGame struct{}

func (nimGame) ToMove(p *nim) game.Side { return p.side }
func (nimGame) Moves(p *nim, buf []int) []int {
	buf = buf[:0]
	for take := 1; take <= 2 && take <= p.heap; take++ {
		buf = append(buf, take)
	}
	return buf
}
func (nimGame) Play(p *nim, take int) nim { return nim{heap: p.heap - take, side: p.side.Other()} }
func (nimGame) Hash(p *nim) uint64        { return uint64(p.heap)<<1 | uint64(p.side) }

// fnStrategy is a memoryless strategy: move returns the move in a position,
// or false when it has none (stuck).
type fnStrategy[P any, M comparable] struct {
	side game.Side
	move func(*P) (M, bool)
}

func (s fnStrategy[P, M]) Side() game.Side { return s.side }
func (s fnStrategy[P, M]) Move(_ context.Context, p *P, _ prover.State[P, M]) (prover.Decision[P, M], error) {
	m, ok := s.move(p)
	if !ok {
		return prover.Decision[P, M]{Outcome: game.Stuck, Rule: -1, Advice: -1, Reason: "no move", Next: prover.NoAdvice[P, M]()}, nil
	}
	return prover.Decision[P, M]{Move: m, Outcome: game.Ongoing, Rule: -1, Advice: -1, Next: prover.NoAdvice[P, M]()}, nil
}

func player[P any, M comparable](g game.Game[P, M], s Strategy[P, M]) func() (Player[P, M], error) {
	return func() (Player[P, M], error) {
		return Player[P, M]{Strategy: s, Referee: game.NoMoveLoses[P, M]{G: g}}, nil
	}
}

// graph is an explicit game: a position is a node index, a move the index
// of the node it leads to. end marks the nodes the referee ends (the
// outcome; Mate means the side to move lost).
type graph struct {
	side []game.Side
	kids [][]int
	end  map[int]game.Outcome
}

func (g *graph) ToMove(p *int) game.Side       { return g.side[*p] }
func (g *graph) Moves(p *int, buf []int) []int { return append(buf[:0], g.kids[*p]...) }
func (g *graph) Play(_ *int, m int) int        { return m }
func (g *graph) Hash(p *int) uint64            { return uint64(*p)*0x9e3779b97f4a7c15 + 1 }
func (g *graph) Over(p *int) (game.Outcome, string, bool) {
	if o, ok := g.end[*p]; ok {
		return o, "", true
	}
	if len(g.kids[*p]) == 0 {
		return game.Mate, "", true
	}
	return game.Ongoing, "", false
}

// graphPlayer plays choice[node] (an index into the node's moves; -1:
// stuck) at the strategy's nodes.
func graphPlayer(g *graph, choice map[int]int) func() (Player[int, int], error) {
	s := fnStrategy[int, int]{side: game.White, move: func(p *int) (int, bool) {
		c, ok := choice[*p]
		if !ok || c < 0 {
			return 0, false
		}
		return g.kids[*p][c], true
	}}
	return func() (Player[int, int], error) { return Player[int, int]{Strategy: s, Referee: g}, nil }
}

// randomGraph builds a random game graph with cycles, White's choice at
// each White node and a few failing terminals.
func randomGraph(r *rand.Rand, n int) (*graph, map[int]int) {
	g := &graph{side: make([]game.Side, n), kids: make([][]int, n), end: map[int]game.Outcome{}}
	choice := map[int]int{}
	for i := range n {
		g.side[i] = game.Side(r.IntN(2))
		switch r.IntN(10) {
		case 0: // a terminal: mate (of the side to move) or a draw
			if r.IntN(3) == 0 {
				g.end[i] = game.Stalemate
			}
			continue
		}
		k := 1 + r.IntN(3)
		for range k {
			// Mostly forward edges, some backward ones (cycles).
			j := i + 1 + r.IntN(4)
			if r.IntN(8) == 0 || j >= n {
				j = r.IntN(n)
			}
			g.kids[i] = append(g.kids[i], j)
		}
		if g.side[i] == game.White {
			choice[i] = r.IntN(k)
			if r.IntN(20) == 0 {
				choice[i] = -1
			}
		}
	}
	return g, choice
}

// naive decides a start of a graph by brute force over paths, without any
// memo: the reference the verifier is compared with.
func naive(g *graph, choice map[int]int, p int, path map[int]bool) (bool, int32, int32) {
	if path[p] {
		return false, 0, 0
	}
	if o, _, over := g.Over(&p); over {
		return o == game.Mate && g.side[p] == game.Black, 0, 0
	}
	path[p] = true
	defer delete(path, p)
	if g.side[p] == game.White {
		c, ok := choice[p]
		if !ok || c < 0 {
			return false, 0, 0
		}
		ok2, m, pl := naive(g, choice, g.kids[p][c], path)
		return ok2, m + 1, pl + 1
	}
	var bm, bp int32
	for _, k := range g.kids[p] {
		ok, m, pl := naive(g, choice, k, path)
		if !ok {
			return false, 0, 0
		}
		bm, bp = max(bm, m), max(bp, pl+1)
	}
	return true, bm, bp
}

// chase: a white and a black king on an n x n board, White to catch Black
// by moving onto its square (kings move one square in any direction, may
// not pass, and Black may not move onto White). The oracle below says which
// positions White wins.
type chase struct {
	w, b int8
	side game.Side
}

type chaseGame struct{ n int8 }

var dirs = [8][2]int8{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

func (c chaseGame) ToMove(p *chase) game.Side { return p.side }
func (c chaseGame) Moves(p *chase, buf []int8) []int8 {
	buf = buf[:0]
	if p.w == p.b {
		return buf // caught
	}
	from := p.w
	if p.side == game.Black {
		from = p.b
	}
	x, y := from%c.n, from/c.n
	for _, d := range dirs {
		nx, ny := x+d[0], y+d[1]
		if to := ny*c.n + nx; nx >= 0 && ny >= 0 && nx < c.n && ny < c.n && (p.side == game.White || to != p.w) {
			buf = append(buf, to)
		}
	}
	return buf
}
func (c chaseGame) Play(p *chase, to int8) chase {
	q := *p
	if p.side == game.White {
		q.w = to
	} else {
		q.b = to
	}
	q.side = p.side.Other()
	return q
}
func (c chaseGame) Hash(p *chase) uint64 {
	return (uint64(p.w)<<9 | uint64(p.b)<<1 | uint64(p.side)) * 0x9e3779b97f4a7c15
}
func (c chaseGame) index(p *chase) int {
	return (int(p.w)*int(c.n)*int(c.n)+int(p.b))<<1 | int(p.side)
}

func (c chaseGame) String(p *chase) string {
	sq := func(s int8) string { return fmt.Sprintf("%c%d", 'a'+s%c.n, 1+s/c.n) }
	return fmt.Sprintf("K%s k%s %s", sq(p.w), sq(p.b), p.side)
}

// chaseOracle computes by retrograde iteration the distance to the capture
// (moves of White) of every position with White to move, the way the
// tablebase does for chess.
func chaseOracle(c chaseGame) []int {
	n := int(c.n) * int(c.n)
	const inf = 1 << 20
	dist := make([]int, n*n*2)
	for i := range dist {
		dist[i] = inf
	}
	var buf []int8
	for changed := true; changed; {
		changed = false
		for w := range n {
			for b := range n {
				for _, side := range []game.Side{game.White, game.Black} {
					p := chase{int8(w), int8(b), side}
					var d int
					switch {
					case w == b && side == game.Black:
						d = 0
					case w == b:
						continue
					case side == game.White:
						d = inf
						for _, m := range c.Moves(&p, buf) {
							q := c.Play(&p, m)
							d = min(d, 1+dist[c.index(&q)])
						}
					default:
						d = 0
						for _, m := range c.Moves(&p, buf) {
							q := c.Play(&p, m)
							d = max(d, dist[c.index(&q)])
						}
					}
					if d < dist[c.index(&p)] {
						dist[c.index(&p)], changed = d, true
					}
				}
			}
		}
	}
	return dist
}

// chaseBest is the oracle's strategy: the first move to a position of the
// shortest distance.
func chaseBest(c chaseGame, dist []int) fnStrategy[chase, int8] {
	return fnStrategy[chase, int8]{side: game.White, move: func(p *chase) (int8, bool) {
		best, bm := 1<<30, int8(-1)
		for _, m := range c.Moves(p, nil) {
			q := c.Play(p, m)
			if d := dist[c.index(&q)]; d < best {
				best, bm = d, m
			}
		}
		return bm, bm >= 0
	}}
}

// chaseGreedy walks towards the black king: the move that minimises the
// king distance, then the sum of the coordinate distances.
// With straight set, it moves only along rows and columns, which lets the
// black king escape from many positions.
func chaseGreedy(c chaseGame, straight bool) fnStrategy[chase, int8] {
	return fnStrategy[chase, int8]{side: game.White, move: func(p *chase) (int8, bool) {
		best, bm := 1<<30, int8(-1)
		bx, by := int(p.b%c.n), int(p.b/c.n)
		for _, m := range c.Moves(p, nil) {
			if straight && m%c.n != p.w%c.n && m/c.n != p.w/c.n {
				continue
			}
			dx, dy := abs(int(m%c.n)-bx), abs(int(m/c.n)-by)
			if s := max(dx, dy)*100 + dx + dy; s < best {
				best, bm = s, m
			}
		}
		return bm, bm >= 0
	}}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// chaseStarts lists every position with White to move, the kings apart and
// a win for White, with the oracle's distance.
func chaseStarts(c chaseGame, dist []int) []Start[chase] {
	var out []Start[chase]
	n := int8(int(c.n) * int(c.n))
	for w := range n {
		for b := range n {
			if p := (chase{w, b, game.White}); w != b && dist[c.index(&p)] < 1<<20 {
				out = append(out, Start[chase]{Pos: p, Optimal: dist[c.index(&p)]})
			}
		}
	}
	return out
}

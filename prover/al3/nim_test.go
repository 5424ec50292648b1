package al3

import (
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
)

// nim is the toy game of these tests: a heap of stones, each move takes
// one or two, and the side to move with an empty heap has no move.
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

// Pass lets the side to move pass (game.Passer): semi-static plans.
func (nimGame) Pass(p *nim) (nim, bool) { return nim{heap: p.heap, side: p.side.Other()}, true }

var _ game.Game[nim, int] = nimGame{}

// nim predicates: the heap is empty; Black is to move; the move took
// exactly two (one) stones.
var (
	nimEmpty = &kb.Predicate[nim]{Name: "empty", Kind: kb.PositionKind, Doc: "no stones",
		Pos: func(p *nim) bool { return p.heap == 0 }}
	nimBlack = &kb.Predicate[nim]{Name: "black_to_move", Kind: kb.PositionKind, Doc: "black to move",
		Pos: func(p *nim) bool { return p.side == game.Black }}
	nimTook2 = &kb.Predicate[nim]{Name: "took2", Kind: kb.RelationKind, Doc: "took two",
		Rel: func(a, b *nim) bool { return a.heap-b.heap == 2 }}
	nimTook1 = &kb.Predicate[nim]{Name: "took1", Kind: kb.RelationKind, Doc: "took one",
		Rel: func(a, b *nim) bool { return a.heap-b.heap == 1 }}
)

// nimWin: White takes the last stone.
func nimWin(depth int) *kb.Advice[nim] {
	return &kb.Advice[nim]{Name: "win", Side: game.White, Depth: depth,
		Better: kb.And(kb.Pos(nimEmpty, kb.P2), kb.Pos(nimBlack, kb.P2)), Holding: kb.True[nim]()}
}

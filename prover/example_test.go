package prover_test

import (
	"context"
	"fmt"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// heap is a nim position: take one or two stones; taking the last one wins.
type heap struct {
	n    int
	side game.Side
}

type nim struct{}

func (nim) ToMove(p *heap) game.Side { return p.side }
func (nim) Moves(p *heap, buf []int) []int {
	buf = buf[:0]
	for t := 1; t <= 2 && t <= p.n; t++ {
		buf = append(buf, t)
	}
	return buf
}
func (nim) Play(p *heap, t int) heap { return heap{p.n - t, p.side.Other()} }
func (nim) Hash(p *heap) uint64      { return uint64(p.n)<<1 | uint64(p.side) }

func ExampleSearcher_Solve() {
	empty := &kb.Predicate[heap]{Name: "empty", Kind: kb.PositionKind, Doc: "no stones left",
		Pos: func(p *heap) bool { return p.n == 0 }}
	blackToMove := &kb.Predicate[heap]{Name: "black_to_move", Kind: kb.PositionKind, Doc: "black to move",
		Pos: func(p *heap) bool { return p.side == game.Black }}
	win := &kb.Advice[heap]{Name: "WIN", Side: game.White, Depth: 5,
		Better: kb.And(kb.Pos(empty, kb.P2), kb.Pos(blackToMove, kb.P2))}

	s := prover.NewSearcher[heap, int](nim{}, prover.Options{})
	for _, n := range []int{5, 6} {
		root := heap{n: n}
		res, err := s.Solve(context.Background(), win, &root)
		if err != nil {
			panic(err)
		}
		fmt.Println(n, res.Value, res.Depth)
		if res.Value == prover.Sat {
			fmt.Println("  principal line", res.Tree.PrincipalLine())
		}
	}
	// Heap 6 is lost whatever the bound: the search stops at depth 3, where
	// no line was cut off by the bound.

	// Output:
	// 5 sat 2
	//   principal line [2 1 2]
	// 6 unsat 3
}

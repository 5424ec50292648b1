package prover

import (
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// nim is a toy game for the prover's tests: a heap of stones, each move
// takes one or two, and the side to move with an empty heap has no move.
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

var _ game.Game[nim, int] = nimGame{}

// perft counts the leaves of the game tree to depth d, the way a chess
// perft does; it exercises the interface the way every search will.
func perft[P any, M comparable](g game.Game[P, M], p *P, d int, bufs [][]M) int {
	if d == 0 {
		return 1
	}
	moves := g.Moves(p, bufs[d])
	n := 0
	for _, m := range moves {
		q := g.Play(p, m)
		n += perft(g, &q, d-1, bufs)
	}
	return n
}

func TestGameInterfaceOnNim(t *testing.T) {
	g := nimGame{}
	bufs := make([][]int, 4)
	for i := range bufs {
		bufs[i] = make([]int, 0, 2)
	}
	p := nim{heap: 4}
	// Heap 4: after one ply heaps 3 and 2; after two, 2, 1, 1, 0; after three,
	// 1, 0 (from 2), 0 (from 1), 0 (from 1) and nothing from the empty heap.
	require.Equal(t, 2, perft[nim, int](g, &p, 1, bufs))
	require.Equal(t, 4, perft[nim, int](g, &p, 2, bufs))
	require.Equal(t, 4, perft[nim, int](g, &p, 3, bufs))
	require.Equal(t, game.White, g.ToMove(&p))
	q := g.Play(&p, 2)
	require.Equal(t, game.Black, g.ToMove(&q))
	require.Equal(t, 4, p.heap, "Play must not change its argument")
}

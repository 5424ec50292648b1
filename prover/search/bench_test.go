package search_test

import (
	"testing"

	"github.com/advicelang/al/prover/games/tictactoe"
	"github.com/advicelang/al/prover/search"
)

func BenchmarkAlphaBetaTicTacToe(b *testing.B) {
	g := tictactoe.Game{}
	o := search.Options[tictactoe.Position, tictactoe.Move]{Depth: 9}
	for b.Loop() {
		search.AlphaBeta[tictactoe.Position, tictactoe.Move](g, g, tictactoe.Start(), o)
	}
}

func BenchmarkIterativeAlphaBetaTicTacToe(b *testing.B) {
	g := tictactoe.Game{}
	o := search.Options[tictactoe.Position, tictactoe.Move]{Depth: 9}
	for b.Loop() {
		search.IterativeAlphaBeta[tictactoe.Position, tictactoe.Move](g, g, tictactoe.Start(), o)
	}
}

func BenchmarkMinimaxTicTacToe(b *testing.B) {
	g := tictactoe.Game{}
	o := search.Options[tictactoe.Position, tictactoe.Move]{Depth: 9}
	for b.Loop() {
		search.Minimax[tictactoe.Position, tictactoe.Move](g, g, tictactoe.Start(), o)
	}
}

// The search loop allocates only its per-ply buffers: a whole alpha-beta
// solve of tic-tac-toe (29,257 nodes) makes a bounded number of
// allocations, not one per node.
func TestFewAllocations(t *testing.T) {
	g := tictactoe.Game{}
	o := search.Options[tictactoe.Position, tictactoe.Move]{Depth: 9}
	n := testing.AllocsPerRun(3, func() {
		search.AlphaBeta[tictactoe.Position, tictactoe.Move](g, g, tictactoe.Start(), o)
	})
	if n > 64 {
		t.Fatalf("%v allocations for one search", n)
	}
	n = testing.AllocsPerRun(3, func() {
		search.IterativeAlphaBeta[tictactoe.Position, tictactoe.Move](g, g, tictactoe.Start(), o)
	})
	if n > 64 {
		t.Fatalf("%v allocations for one iterative search", n)
	}
}

// Package gametest owns the checks every small game of prover/games must
// pass, written once so each game's tests call them instead of repeating
// them: the zero-allocation contract of game.Game (and of the evaluator),
// and the agreement of the searches of prover/search on a game. It is
// imported by tests only.
package gametest

import (
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

// Positions returns start and the positions reached from it breadth-first,
// at most n of them (duplicates by Hash are skipped).
func Positions[P any, M comparable](g game.Game[P, M], start P, n int) []P {
	seen := map[uint64]bool{g.Hash(&start): true}
	out := []P{start}
	for i := 0; i < len(out) && len(out) < n; i++ {
		for _, m := range g.Moves(&out[i], nil) {
			q := g.Play(&out[i], m)
			if h := g.Hash(&q); !seen[h] {
				seen[h] = true
				out = append(out, q)
				if len(out) == n {
					break
				}
			}
		}
	}
	return out
}

// NoAllocs checks that ToMove, Moves (into a buffer with room), Play,
// Hash and the evaluator's Static or Terminal allocate nothing at each of
// the positions.
func NoAllocs[P any, M comparable](t testing.TB, g game.Game[P, M], ev search.Evaluator[P], ps []P) {
	t.Helper()
	buf := make([]M, 0, 256)
	q := new(P) // the searches keep positions in such slots too
	for i := range ps {
		p := &ps[i]
		allocs := testing.AllocsPerRun(5, func() {
			g.ToMove(p)
			g.Hash(p)
			ms := g.Moves(p, buf)
			if len(ms) == 0 {
				ev.Terminal(p)
				return
			}
			ev.Static(p)
			for _, m := range ms {
				*q = g.Play(p, m)
				g.Hash(q)
			}
		})
		require.Zero(t, allocs, "position %d", i)
	}
}

// Searches is what the four searches of prover/search return on one root.
type Searches[M comparable] struct {
	Minimax, AlphaBeta, Iterative, Deep search.Result[M]
}

// Agree runs Minimax, AlphaBeta, IterativeAlphaBeta and AlphaBetaDeep
// from root to depth plies and checks that they agree: the same value; the
// iterative alpha-beta equal to the recursive one in every field (nodes,
// evaluations, cut-offs, line); alpha-beta never evaluating more than
// minimax, nor deep cut-offs more than AB; minimax's line as AB's.
func Agree[P any, M comparable](t testing.TB, g game.Game[P, M], ev search.Evaluator[P], root P, depth int) Searches[M] {
	t.Helper()
	o := search.Options[P, M]{Depth: depth}
	r := Searches[M]{
		Minimax:   search.Minimax(g, ev, root, o),
		AlphaBeta: search.AlphaBeta(g, ev, root, o),
		Iterative: search.IterativeAlphaBeta(g, ev, root, o),
		Deep:      search.AlphaBetaDeep(g, ev, root, o),
	}
	require.Equal(t, r.Minimax.Value, r.AlphaBeta.Value, "minimax and AB")
	require.Equal(t, r.Minimax.Value, r.Deep.Value, "minimax and deep AB")
	require.Equal(t, r.AlphaBeta, r.Iterative, "AB and the iterative AB")
	require.LessOrEqual(t, r.AlphaBeta.Evals, r.Minimax.Evals)
	require.LessOrEqual(t, r.Deep.Evals, r.AlphaBeta.Evals)
	require.Equal(t, r.Minimax.PV, r.AlphaBeta.PV, "the principal line")
	return r
}

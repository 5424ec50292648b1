package nim

import (
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

func TestRules(t *testing.T) {
	g := Game{}
	for n, want := range map[int][]Move{0: {}, 1: {1}, 2: {1, 2}, 3: {1, 2, 3}, 6: {1, 2, 3}} {
		p := Start(n)
		require.Equal(t, want, g.Moves(&p, []Move{}), "%d sticks", n)
	}
	p := Start(6)
	q := g.Play(&p, 2)
	require.Equal(t, Position{Sticks: 4, Side: game.Black}, q)
	require.Equal(t, "6 sticks, A to move", p.String())
	require.Equal(t, "4 sticks, B to move", q.String())

	_, err := Parse("0")
	require.Error(t, err)
	_, err = Parse("six")
	require.Error(t, err)
	_, err = Parse("26")
	require.Error(t, err)
	p, err = Parse("21")
	require.NoError(t, err)
	require.Equal(t, Start(21), p)
}

// What seed 001 says of the game tree of nim: at most three moves from a
// configuration; one terminal configuration, the empty panel, won by the
// player to move there; no draws; the depth of the tree (the length of the
// longest instance, counted in configurations) is n+1.
func TestSeed001Facts(t *testing.T) {
	g := Game{}
	for n := 1; n <= 12; n++ {
		longest := 0
		var walk func(p Position, length int)
		walk = func(p Position, length int) {
			ms := g.Moves(&p, nil)
			require.LessOrEqual(t, len(ms), 3)
			if len(ms) == 0 {
				require.Zero(t, p.Sticks, "the only terminal configuration")
				longest = max(longest, length)
				return
			}
			for _, m := range ms {
				walk(g.Play(&p, m), length+1)
			}
		}
		walk(Start(n), 1)
		require.Equal(t, n+1, longest, "%d sticks", n)
	}
}

// The value of n sticks: A, to move, loses exactly when n = 1 (mod 4)
// (the classical analysis; seed 001 does not give it). The three searches
// agree, to the end of the game (n plies at most), and the complete tree
// minimax visits has T(n) = 1 + T(n-1) + T(n-2) + T(n-3) nodes and
// L(n) = L(n-1) + L(n-2) + L(n-3) leaves (T, L of 0 sticks are 1).
func TestValues(t *testing.T) {
	g := Game{}
	T := []int{1, 2, 4}
	L := []int{1, 1, 2}
	for n := 3; n <= 16; n++ {
		T = append(T, 1+T[n-1]+T[n-2]+T[n-3])
		L = append(L, L[n-1]+L[n-2]+L[n-3])
	}
	for n := 1; n <= 16; n++ {
		r := gametest.Agree[Position, Move](t, g, g, Start(n), n)
		want := 1
		if n%4 == 1 {
			want = -1
		}
		require.Equal(t, want, r.Minimax.Value, "%d sticks", n)
		require.Equal(t, T[n], r.Minimax.Nodes, "%d sticks", n)
		require.Equal(t, L[n], r.Minimax.Evals, "%d sticks", n)
		if want == 1 {
			// The winning move leaves 1 (mod 4) sticks.
			require.Equal(t, 1, (n-int(r.AlphaBeta.Best))%4, "%d sticks", n)
		}
		// As an AND/OR tree (seed 001): A can force a win exactly when the
		// value says so.
		so := search.SolveOptions{Goal: 1, Depth: -1}
		require.Equal(t, want == 1, search.PostOrder[Position, Move](g, g, Start(n), so).Solved)
		require.Equal(t, want == 1, search.BreadthFirst[Position, Move](g, g, Start(n), so).Solved)
	}
	// Six sticks, the size we show by default: 52 nodes, 24 finished games.
	r := gametest.Agree[Position, Move](t, g, g, Start(6), 6)
	require.Equal(t, 52, r.Minimax.Nodes)
	require.Equal(t, 24, r.Minimax.Evals)
	require.Equal(t, []Move{1, 1, 3, 1}, r.AlphaBeta.PV)
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, Start(20), 100))
}

// Parse never panics; what it accepts is a position with legal moves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"6", "25", "0", " 7", "-1", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		require.NotEmpty(t, Game{}.Moves(&p, nil))
		require.LessOrEqual(t, int(p.Sticks), MaxStart)
	})
}

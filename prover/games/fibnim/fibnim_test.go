package fibnim

import (
	"fmt"
	"slices"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

func TestRules(t *testing.T) {
	g := Game{}
	p := Start(15)
	require.Equal(t, Position{N: 15, Q: 14}, p)
	require.Len(t, g.Moves(&p, nil), 14, "anything but the whole pile")
	q := g.Play(&p, 4)
	require.Equal(t, Position{N: 11, Q: 8, Side: game.Black}, q)
	require.Equal(t, "<11, 8>, B to move", q.String())
	r := Position{N: 3, Q: 8}
	require.Equal(t, []Move{1, 2, 3}, g.Moves(&r, nil), "never more than the pile")
	end := Position{N: 0, Q: 4, Side: game.Black}
	require.Empty(t, g.Moves(&end, nil))
	require.Equal(t, -1, g.Terminal(&end))

	for s, want := range map[string]Position{"15": Start(15), "9,8": {N: 9, Q: 8}, " 12 , 2": {N: 12, Q: 2}} {
		got, err := Parse(s)
		require.NoError(t, err, s)
		require.Equal(t, want, got, s)
	}
	for _, bad := range []string{"1", "x", "26", "9,0", "9,51", "9,x"} {
		_, err := Parse(bad)
		require.Error(t, err, bad)
	}
}

// The partida of seed 000, ch. 0, §1 (15 objects): A takes 4 and 11 are
// left; B 3, 8 left; A 2, 6; B 1, 5; A 1, 4; B 1, 3; A 1, 2; B takes 2 and
// wins. Every move is legal and the game ends lost for A.
func TestSeed000Partida(t *testing.T) {
	g := Game{}
	p := Start(15)
	left := []uint16{11, 8, 6, 5, 4, 3, 2, 0}
	for i, m := range []Move{4, 3, 2, 1, 1, 1, 1, 2} {
		require.Contains(t, g.Moves(&p, nil), m, "move %d", i+1)
		p = g.Play(&p, m)
		require.Equal(t, left[i], p.N)
	}
	require.Empty(t, g.Moves(&p, nil))
	require.Equal(t, game.White, p.Side, "A is to move at the empty pile: B took the last objects")
	require.Equal(t, -1, g.Terminal(&p))
}

// "If a player takes more than a third of the pile, the other wins on the
// next move, since he can take the rest" (§1).
func TestMoreThanAThirdLoses(t *testing.T) {
	g := Game{}
	for n := uint16(1); n <= 40; n++ {
		for q := uint16(1); q <= 2*n; q++ {
			p := Position{N: n, Q: q}
			for _, m := range g.Moves(&p, nil) {
				if 3*int(m) <= int(n) {
					continue
				}
				r := g.Play(&p, m)
				require.True(t, r.N == 0 || slices.Contains(g.Moves(&r, nil), Move(r.N)), "%v takes %d", p, m)
			}
		}
	}
}

// Definition 2.1 and the example of §2: 15 = F7 + F3 = 13 + 2, mu(15) = 2;
// mu(13) = 13.
func TestMu(t *testing.T) {
	require.Equal(t, []int{13, 2}, Decompose(15))
	require.Equal(t, 2, Mu(15))
	require.Equal(t, 13, Mu(13))
	require.Equal(t, []int{1, 2, 3, 5, 8, 13}, Fibonacci(20))
	for n := 1; n <= 2000; n++ {
		d := Decompose(n)
		sum := 0
		for i, f := range d {
			sum += f
			if i > 0 {
				// Non-consecutive: the next is less than the one before
				// the previous's predecessor in the sequence.
				fs := Fibonacci(d[i-1])
				require.Less(t, f, fs[len(fs)-2], "n=%d", n)
			}
		}
		require.Equal(t, n, sum)
		require.Equal(t, d[len(d)-1], Mu(n))
		// Lemma 2.2: n != mu(n) implies mu(n - mu(n)) > 2 mu(n).
		if Mu(n) != n {
			require.Greater(t, Mu(n-Mu(n)), 2*Mu(n), "n=%d", n)
		}
	}
	require.Zero(t, testing.AllocsPerRun(10, func() { Mu(1000) }))
}

// Theorem 2.6 and Corollary 2.7, checked by search: the player to move at
// <n, q> wins exactly when he can take everything (n <= q) or follow the
// strategy (mu(n) <= q); where he wins, the strategy's move wins. Hence the
// first player wins from every pile that is not a Fibonacci number.
func TestTheorem26(t *testing.T) {
	g := Game{}
	for n := uint16(1); n <= 16; n++ {
		for q := uint16(1); q <= n; q++ {
			p := Position{N: n, Q: q}
			r := search.AlphaBeta[Position, Move](g, g, p, search.Options[Position, Move]{Depth: int(n)})
			m, ok := Strategy(&p)
			want := -1
			if ok {
				want = 1
			}
			require.Equal(t, want, r.Value, "%v", p)
			if ok {
				after := g.Play(&p, m)
				v := search.AlphaBeta[Position, Move](g, g, after, search.Options[Position, Move]{Depth: int(n)})
				require.Equal(t, -1, v.Value, "%v: the strategy takes %d", p, m)
			}
		}
	}
	fib := map[int]bool{}
	for _, f := range Fibonacci(30) {
		fib[f] = true
	}
	for n := 2; n <= 22; n++ {
		r := search.AlphaBeta[Position, Move](g, g, Start(n), search.Options[Position, Move]{Depth: n})
		require.Equal(t, !fib[n], r.Value == 1, "%d objects", n)
	}
}

// From <15, 14> the first player wins, and taking 2 = mu(15) is his only
// winning move (figure 2.1: "A : 2"). The three searches agree to the end
// of the game.
func TestFifteen(t *testing.T) {
	g := Game{}
	p := Start(15)
	r := gametest.Agree[Position, Move](t, g, g, p, 15)
	require.Equal(t, 1, r.Minimax.Value)
	require.Equal(t, Move(2), r.AlphaBeta.Best)
	require.Equal(t, 10708, r.Minimax.Nodes)
	require.Equal(t, 3149, r.AlphaBeta.Nodes)
	for _, m := range g.Moves(&p, nil) {
		q := g.Play(&p, m)
		v := search.AlphaBeta[Position, Move](g, g, q, search.Options[Position, Move]{Depth: 15})
		require.Equal(t, m == 2, v.Value == -1, "taking %d", m)
	}
}

// state is the thesis's <n, q, i> with i = 1 when A (we) are to move.
func state(p Position) string {
	i := 0
	if p.Side == game.White {
		i = 1
	}
	return fmt.Sprintf("<%d,%d,%d>", p.N, p.Q, i)
}

// seed000V is Example 2.14 of seed 000, ch. I: the evaluation V_1 ... V_6
// of the graph of figure 0-2.1.
var seed000V = [][]string{
	{"<2,2,1>"},
	{"<4,2,1>"},
	{"<7,2,1>", "<6,4,1>"},
	{"<10,2,1>", "<9,4,1>", "<11,4,1>", "<10,6,1>", "<9,8,1>"},
	{"<12,2,1>"},
	{"<15,14,1>"},
}

// Example 2.14 exactly: the evaluation {V_i} of Definition 2.12 computed
// on the graph of figure 0-2.1, where A follows the strategy Q and B never
// lets A win at once when he can avoid it ("suponiendo que el contrincante
// hace sus jugadas evitando que ganemos a la siguiente jugada"); where he
// cannot, the figure has him take one object.
func TestSeed000Evaluation(t *testing.T) {
	g := Game{}
	// The graph: states and the relation R, from <15, 14, 1>.
	succ := map[Position][]Position{}
	var build func(p Position)
	build = func(p Position) {
		if _, done := succ[p]; done {
			return
		}
		var next []Position
		if p.Side == game.White {
			if m, ok := Strategy(&p); ok {
				next = append(next, g.Play(&p, m))
			}
		} else {
			all := g.Moves(&p, nil)
			for _, m := range all {
				if p.N-uint16(m) > 2*uint16(m) { // A cannot take the rest
					next = append(next, g.Play(&p, m))
				}
			}
			if len(next) == 0 && len(all) > 0 {
				// No safe move ("aquí B no puede ya aplicar el criterio
				// de retirar menos de 1/3"): the figure shows B taking 1.
				next = append(next, g.Play(&p, 1))
			}
		}
		succ[p] = next
		for _, q := range next {
			build(q)
		}
	}
	build(Start(15))
	won := func(p Position) bool { return p.N == 0 && p.Side == game.Black } // G

	// Definition 2.12.
	level := map[Position]int{}
	for i := 1; ; i++ {
		var vi []string
		for s, rs := range succ {
			if _, in := level[s]; in {
				continue
			}
			ok := false
			for _, t := range rs {
				if i == 1 {
					ok = ok || won(t)
					continue
				}
				if len(succ[t]) == 0 {
					continue
				}
				all := true
				for _, u := range succ[t] {
					if l, in := level[u]; !in || l >= i {
						all = false
					}
				}
				ok = ok || all
			}
			if ok {
				vi = append(vi, state(s))
			}
		}
		for s := range succ {
			if slices.Contains(vi, state(s)) {
				level[s] = i
			}
		}
		if len(vi) == 0 {
			require.Equal(t, len(seed000V)+1, i, "V_k is empty for k >= 7")
			break
		}
		require.LessOrEqual(t, i, len(seed000V))
		require.ElementsMatch(t, seed000V[i-1], vi, "V_%d", i)
	}

	// In the whole game (any move for A, any reply for B) each of these
	// states is won in exactly i moves of A: the depth-bounded depth-first
	// search of seed 001 solves it with 2i-1 plies and not with 2i-3.
	for i, vs := range seed000V {
		for _, s := range vs {
			var p Position
			_, err := fmt.Sscanf(s, "<%d,%d,1>", &p.N, &p.Q)
			require.NoError(t, err)
			so := search.SolveOptions{Goal: 1, Depth: 2*(i+1) - 1}
			require.True(t, search.DepthFirst[Position, Move](g, g, p, so).Solved, s)
			if so.Depth -= 2; so.Depth >= 0 {
				require.False(t, search.DepthFirst[Position, Move](g, g, p, so).Solved, s)
			}
		}
	}
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, Start(40), 200))
}

// Parse never panics; what it accepts is a position with legal moves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"15", "9,8", " 12 , 2", "1", "9,", ",", "25,50"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		require.NotEmpty(t, Game{}.Moves(&p, nil))
		require.LessOrEqual(t, int(p.N), MaxObjects)
	})
}

package trgd

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/gametest"
	"github.com/advicelang/al/prover/search"
	"github.com/stretchr/testify/require"
)

func names(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func mustParse(t *testing.T, s string) Position {
	p, err := Parse(s)
	require.NoError(t, err, s)
	return p
}

func TestPlacingAndSliding(t *testing.T) {
	g := Game{}
	p := Start()
	require.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"}, names(g.Moves(&p, nil)))
	for _, m := range []Move{{To: 1}, {To: 9}, {To: 8}, {To: 2}} {
		p = g.Play(&p, m)
	}
	require.Equal(t, "(1 8) (2 9) max", p.String())
	require.Len(t, g.Moves(&p, nil), 12, "MAX places his third piece")
	p = g.Play(&p, Move{To: 16})
	p = g.Play(&p, Move{To: 5})
	require.Equal(t, mustParse(t, "(1 8 16) (2 5 9)"), p)
	// Three pieces each: MAX slides, in the order of his points and of
	// each point's neighbours (8: 7 9 1).
	require.Equal(t, []string{"8-7", "16-15"}, names(g.Moves(&p, nil)))
	q := g.Play(&p, Move{From: 8, To: 7})
	require.Equal(t, mustParse(t, "(1 7 16) (2 5 9) min"), q)
	require.Equal(t, []string{"2-3", "2-11", "5-4", "5-6", "9-8", "9-10"}, names(g.Moves(&q, nil)))
}

func TestWinning(t *testing.T) {
	g := Game{}
	// MAX completes 3 4 5 by placing.
	p := mustParse(t, "(3 4) (9 10)")
	q := g.Play(&p, Move{To: 5})
	require.True(t, Over(&q))
	require.Empty(t, g.Moves(&q, nil))
	require.Equal(t, -Win, g.Terminal(&q), "MIN to move has lost")
	// MIN completes 10 11 12 by sliding 2-11.
	p = mustParse(t, "(1 5 7) (2 10 12) min")
	q = g.Play(&p, Move{From: 2, To: 11})
	require.Equal(t, game.White, q.Side)
	require.Equal(t, -Win, g.Terminal(&q))
	require.Equal(t, 1, search.AlphaBeta[Position, Move](g, g, p, search.Options[Position, Move]{Depth: 1}).Value/Win)
}

// The thesis's h for the side to move: open lines of its own minus the
// other's, 100 for a line.
func TestStatic(t *testing.T) {
	g := Game{}
	for s, want := range map[string]int{
		"() ()":                0,
		"(1) ()":               -2, // MIN to move; MAX's corner opens two lines
		"(2) ()":               -1,
		"(2) () max":           1,
		"(1) (2)":              1, // MAX to move: 1 2 3 holds both, 1 7 8 only MAX's
		"(1 3 5) (2 9 16) max": 1,
		"(1 2 3) (9 12) min":   -Win - 2 + 3, // MAX: 1 2 3, and 3 4 5, 1 7 8; MIN: three inner lines
	} {
		p := mustParse(t, s)
		require.Equal(t, want, g.Static(&p), s)
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "(1)", "(1) (17)", "(1 1) ()", "(1) (1)", "(1 2 3 4) ()", "(1) (2) both", "(x) ()"} {
		_, err := Parse(bad)
		require.Error(t, err, bad)
	}
	p := mustParse(t, " (16 1) ( 9 )  ")
	require.Equal(t, "(1 16) (9) min", p.String())
}

// The board of the thesis's vecinos: every neighbourhood is mutual and
// every line runs along neighbours (corner, midpoint, corner).
func TestBoard(t *testing.T) {
	for k := 1; k <= Points; k++ {
		for _, n := range Neighbours[k] {
			require.Contains(t, Neighbours[n], uint8(k), "%d-%d", k, n)
		}
	}
	for _, l := range Lines {
		// One point of the line (its midpoint) neighbours the other two.
		mids := 0
		for i, c := range l {
			a, b := l[(i+1)%3], l[(i+2)%3]
			if slices.Contains(Neighbours[c], a) && slices.Contains(Neighbours[c], b) {
				mids++
			}
		}
		require.Equal(t, 1, mids, "line %v", l)
	}
}

// symmetries are the 16 maps of the board onto itself: the dihedral group
// of the squares times the exchange of the outer and the inner square. A
// point is a ring (outer 1..8, inner 9..16) and a place k = 1..8 around it
// (inner place k is point 9 + k mod 8).
func symmetries() [][Points + 1]uint8 {
	point := func(inner bool, k int) uint8 {
		k = ((k-1)%8+8)%8 + 1
		if inner {
			return uint8(9 + k%8)
		}
		return uint8(k)
	}
	var out [][Points + 1]uint8
	for _, swap := range []bool{false, true} {
		for _, flip := range []bool{false, true} {
			for rot := 0; rot < 8; rot += 2 {
				var m [Points + 1]uint8
				for _, inner := range []bool{false, true} {
					for k := 1; k <= 8; k++ {
						j := k + rot
						if flip {
							j = 2 - k + rot
						}
						m[point(inner, k)] = point(inner != swap, j)
					}
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func mapSet(m [Points + 1]uint8, s uint32) uint32 {
	var r uint32
	for k := 1; k <= Points; k++ {
		if s&(1<<k) != 0 {
			r |= 1 << m[k]
		}
	}
	return r
}

// The rules and h are the same from every symmetric position, so the
// thesis's program could try only the first placements 1, 2, 9 and 10
// (corners and midpoints of both squares); ours tries all 16, and the
// placements on points of one kind are worth the same.
func TestSymmetry(t *testing.T) {
	g := Game{}
	syms := symmetries()
	require.Len(t, syms, 16)
	for _, m := range syms {
		var lines []uint32
		for _, l := range lineSets {
			lines = append(lines, mapSet(m, l))
		}
		require.ElementsMatch(t, lineSets[:], lines, "lines")
		for k := 1; k <= Points; k++ {
			require.Equal(t, mapSet(m, neighbour[k]), neighbour[m[k]], "neighbours of %d", k)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 100 {
		p := Start()
		for n := r.IntN(10); n > 0; n-- {
			ms := g.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			p = g.Play(&p, ms[r.IntN(len(ms))])
		}
		v := search.AlphaBeta[Position, Move](g, g, p, search.Options[Position, Move]{Depth: 2})
		for _, m := range syms {
			q := Position{Max: mapSet(m, p.Max), Min: mapSet(m, p.Min), Side: p.Side}
			require.Equal(t, g.Static(&p), g.Static(&q))
			require.Equal(t, len(g.Moves(&p, nil)), len(g.Moves(&q, nil)))
			require.Equal(t, v.Value, search.AlphaBeta[Position, Move](g, g, q, search.Options[Position, Move]{Depth: 2}).Value)
		}
	}
	start := Start()
	values := map[bool]int{}
	for _, m := range g.Moves(&start, nil) {
		q := g.Play(&start, m)
		v := -search.AlphaBeta[Position, Move](g, g, q, search.Options[Position, Move]{Depth: 2}).Value
		corner := m.To%2 == 1 && m.To < 9 || m.To%2 == 0 && m.To > 9
		if old, ok := values[corner]; ok {
			require.Equal(t, old, v, "placing on %d", m.To)
		}
		values[corner] = v
	}
}

// With three pieces each and no line, the side to move always has a
// slide: the static value the thesis gives a node without successors
// never stands in for a finished game.
func TestNeverBlocked(t *testing.T) {
	g := Game{}
	var sets []uint32
	for s := uint32(0); s < 1<<Points; s++ {
		if bits.OnesCount32(s) == 3 {
			sets = append(sets, s<<1)
		}
	}
	n := 0
	for _, a := range sets {
		if HasLine(a) {
			continue
		}
		for _, b := range sets {
			if a&b != 0 || HasLine(b) {
				continue
			}
			p := Position{Max: a, Min: b}
			require.NotEmpty(t, g.Moves(&p, nil), "%v", p)
			n++
		}
	}
	// Every pair of disjoint three-point sets without a line: C(16,3)
	// C(13,3) pairs, less those where either set is one of the 8 lines (8
	// C(13,3) each), plus the 40 pairs of disjoint lines counted twice.
	require.Equal(t, 560*286-2*8*286+40, n)
}

// The four searches agree to the thesis's depth 5 (its Min-Max program's
// `cota`) from the empty board, and deeper in the sliding phase.
func TestSearchesAgree(t *testing.T) {
	g := Game{}
	for d := 1; d <= 5; d++ {
		gametest.Agree[Position, Move](t, g, g, Start(), d)
	}
	r := gametest.Agree[Position, Move](t, g, g, Start(), 5)
	require.Equal(t, 2, r.Minimax.Value)
	require.Equal(t, 571457, r.Minimax.Nodes)
	require.Equal(t, 524160, r.Minimax.Evals, "16·15·14·13·12 boards at depth 5")
	require.Equal(t, 12927, r.AlphaBeta.Nodes)
	gametest.Agree[Position, Move](t, g, g, mustParse(t, "(1 8 16) (2 5 9)"), 6)
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	gametest.NoAllocs[Position, Move](t, g, g, gametest.Positions[Position, Move](g, mustParse(t, "(1 8) (2 5)"), 300))
}

// Parse never panics; what it accepts has at most three pieces a side on
// distinct points, and its String reads back as the same position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"() ()", "(1 8) (2 5)", "(1 8 16) (2 5 9) min", "(1) (1)", "(17) ()", "((", "(1 2 3 4) ()"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		require.LessOrEqual(t, bits.OnesCount32(p.Max), 3)
		require.LessOrEqual(t, bits.OnesCount32(p.Min), 3)
		require.Zero(t, p.Max&p.Min)
		require.Zero(t, (p.Max|p.Min)&^(1<<(Points+1)-2))
		back, err := Parse(p.String())
		require.NoError(t, err, p.String())
		require.Equal(t, p, back)
		Game{}.Moves(&p, nil)
	})
}

func BenchmarkMinimaxTRGDDepth5(b *testing.B) {
	g := Game{}
	o := search.Options[Position, Move]{Depth: 5}
	for b.Loop() {
		search.Minimax[Position, Move](g, g, Start(), o)
	}
}

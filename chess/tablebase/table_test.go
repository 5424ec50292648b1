package tablebase

import (
	"bufio"
	"bytes"
	"iter"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/stretchr/testify/require"
)

// TestDump: one line per legal position, each "fen,outcome,dtm" with the
// value Probe gives (checked on every 101st line).
func TestDump(t *testing.T) {
	tb := testBase(t)
	tab := table(t, "kqk")
	var out bytes.Buffer
	if err := tab.Dump(&out); err != nil {
		t.Fatal(err)
	}
	st := tab.Stats()
	if n := bytes.Count(out.Bytes(), []byte("\n")); n != st[0].Positions+st[1].Positions {
		t.Fatalf("%d lines, want %d", n, st[0].Positions+st[1].Positions)
	}
	sc := bufio.NewScanner(&out)
	for line := 0; sc.Scan(); line++ {
		if line%101 != 0 {
			continue
		}
		f := strings.Split(sc.Text(), ",")
		if len(f) != 3 {
			t.Fatalf("line %q", sc.Text())
		}
		p, err := chess.ParseFEN(f[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if f[1] != v.Outcome.String() || f[2] != strconv.Itoa(v.DTM) {
			t.Fatalf("line %q, Probe says %v", sc.Text(), v)
		}
	}
}

// TestDumpKQKR: a two-sided table's dump has wins and losses for both
// sides to move, each as Probe says (on every 100,003rd line).
func TestDumpKQKR(t *testing.T) {
	if !slow() {
		t.Skip("writing 28 million lines takes a while; AL_SLOW=1")
	}
	tb := testBase(t)
	tab := table(t, "kqkr")
	var out bytes.Buffer
	if err := tab.Dump(&out); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(&out)
	for line := 0; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), ",")
		side := strings.Fields(f[0])[1]
		seen[side+" "+f[1]] = true
		if line%100003 != 0 {
			continue
		}
		p, err := chess.ParseFEN(f[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if f[1] != v.Outcome.String() || f[2] != strconv.Itoa(v.DTM) {
			t.Fatalf("line %q, Probe says %v", sc.Text(), v)
		}
	}
	for _, k := range []string{"w win", "w draw", "w loss", "b win", "b draw", "b loss"} {
		if !seen[k] {
			t.Errorf("no %q line", k)
		}
	}
}

// TestStats: the counts Stats reads from the indices, each weighted by the
// positions it stands for, are the counts of every position one by one
// (Table.each, Dump's walk), and the examples the first positions there
// with the longest distances. Three-man tables, KBBK and KQKR (every table
// with AL_SLOW=1).
func TestStats(t *testing.T) {
	for _, eg := range testable() {
		if !slow() && eg.Men() == 4 && eg.String() != "kbbk" && eg.String() != "kqkr" {
			continue
		}
		tab := table(t, eg.String())
		var want [2]Stats
		bishops := tab.spec.pair && tab.spec.typ[2] == chess.Bishop
		add := func(l []int, n int) []int {
			for len(l) <= n {
				l = append(l, 0)
			}
			l[n]++
			return l
		}
		tab.each(func(stm int, sq *[maxMen]int, v uint8) bool {
			s := &want[stm]
			s.Positions++
			if bishops && sameColour(sq[2], sq[3]) {
				s.SameColouredBishops++
			}
			val := decodeValue(v)
			switch val.Outcome {
			case Win:
				s.Wins++
				s.WinsByDTM = add(s.WinsByDTM, val.DTM)
				if val.DTM > s.LongestWin || s.LongestWinExample == "" {
					s.LongestWin, s.LongestWinExample = val.DTM, tab.fen(sq, stm)
				}
			case Loss:
				s.Losses++
				s.LossesByDTM = add(s.LossesByDTM, val.DTM)
				if val.DTM > s.LongestLoss || s.LongestLossExample == "" {
					s.LongestLoss, s.LongestLossExample = val.DTM, tab.fen(sq, stm)
				}
			default:
				s.Draws++
			}
			return true
		})
		for i := range want {
			if want[i].WinsByDTM == nil {
				want[i].WinsByDTM = []int{}
			}
			if want[i].LossesByDTM == nil {
				want[i].LossesByDTM = []int{}
			}
		}
		if got := tab.Stats(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Stats\n%+v\nwant\n%+v", eg, got, want)
		}
	}
}

// eachByIndex is each as it was first written: every index of the
// unreduced order decoded, checked and reduced (spec.index) on its own.
// TestEachIsTheIndexWalk checks the faster each against it.
func eachByIndex(t *Table, fn func(stm int, sq *[maxMen]int, v uint8) bool) {
	s := t.spec
	full := 1 << (6 * s.n)
	var sq [maxMen]int
	for stm := range 2 {
		vals := t.v[stm]
		for idx := 0; idx < full; idx++ {
			for i := s.n - 1; i >= 0; i-- {
				sq[i] = idx >> (6 * (s.n - 1 - i)) & 63
			}
			if sq[0] == sq[1] || kingBB[sq[0]]&squareBit[sq[1]] != 0 || s.pair && sq[2] >= sq[3] {
				continue
			}
			occ := bb(0)
			for i := 0; i < s.n; i++ {
				occ |= squareBit[sq[i]]
			}
			if !s.placed(&sq, occ) {
				continue
			}
			v := vals[s.index(&sq)]
			if v == vIllegal {
				continue
			}
			if !fn(stm, &sq, v) {
				return
			}
		}
	}
}

// TestEachIsTheIndexWalk: each yields the positions, sides to move and
// values of the walk by index, in its order, for every endgame (the
// four-man ones under the race detector only with AL_SLOW=1), and stops
// where fn says. The two walks go side by side (iter.Pull): KQKR's 28
// million positions are not held.
func TestEachIsTheIndexWalk(t *testing.T) {
	type item struct {
		stm int
		sq  [maxMen]int
		v   uint8
	}
	for _, eg := range testable() {
		t.Run(eg.String(), func(t *testing.T) {
			tab := table(t, eg.String())
			next, stop := iter.Pull(func(yield func(item) bool) {
				eachByIndex(tab, func(stm int, sq *[maxMen]int, v uint8) bool { return yield(item{stm, *sq, v}) })
			})
			defer stop()
			k := 0
			tab.each(func(stm int, sq *[maxMen]int, v uint8) bool {
				want, ok := next()
				if !ok {
					t.Fatalf("each yields more than the %d positions of the walk by index", k)
				}
				if got := (item{stm, *sq, v}); got != want {
					t.Fatalf("position %d: each yields %+v, the walk by index %+v", k, got, want)
				}
				k++
				return true
			})
			if _, ok := next(); ok {
				t.Fatalf("each yields %d positions, the walk by index more", k)
			}
			// Stopped half way (in Black's half when White's is empty).
			stop2, n := k/2, 0
			tab.each(func(int, *[maxMen]int, uint8) bool { n++; return n <= stop2 })
			if n != stop2+1 {
				t.Fatalf("each went on to %d positions after fn said stop at the %d-th", n, stop2+1)
			}
		})
	}
}

// TestSelectIn: Select is SelectIn over White's king's squares cut
// anywhere, White to move then Black, and CountByKing counts what each
// square's SelectIn yields.
func TestSelectIn(t *testing.T) {
	tab := table(t, "krk")
	keep := func(stm chess.Color, v Value) bool { return v.Outcome != Draw && v.DTM%3 == int(stm) }
	type item struct {
		fen string
		v   Value
	}
	collect := func(seq func(func(chess.Position, Value) bool)) []item {
		var out []item
		for p, v := range seq {
			out = append(out, item{p.FEN(), v})
		}
		return out
	}
	all := collect(tab.Select(keep))
	var parts []item
	for _, stm := range []chess.Color{chess.White, chess.Black} {
		by := tab.CountByKing(keep, stm, 0, 64)
		part := tab.CountByKing(keep, stm, 5, 40)
		for sq := range 64 {
			if sq < 5 || sq >= 40 {
				require.Zero(t, part[sq], "%v, square %d outside 5..39", stm, sq)
			} else {
				require.Equal(t, by[sq], part[sq], "%v, square %d", stm, sq)
			}
		}
		for sq := range 64 {
			one := collect(tab.SelectIn(keep, stm, sq, sq+1))
			require.Len(t, one, by[sq], "%v, square %d", stm, sq)
			for _, f := range one {
				p, err := chess.ParseFEN(f.fen)
				require.NoError(t, err)
				require.Equal(t, stm, p.SideToMove())
				require.Equal(t, chess.Square(sq), p.King(chess.White))
			}
		}
		for _, cut := range [][2]int{{0, 5}, {5, 6}, {6, 40}, {40, 64}} {
			parts = append(parts, collect(tab.SelectIn(keep, stm, cut[0], cut[1]))...)
		}
	}
	require.Equal(t, all, parts)
}

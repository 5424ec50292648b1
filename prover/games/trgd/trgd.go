// Package trgd owns the game of seed 000, ch. III (Márquez): "Tres en Raya
// Generalizado con Deslizamiento" (TRGD), the game its Min-Max and
// Alfa-Beta programs play, as a game.Game. Each player has three pieces.
// The board has 16 points: an outer square (corners 1, 3, 5, 7, midpoints
// 2, 4, 6, 8) and an inner one (corners 10, 12, 14, 16, midpoints 9, 11,
// 13, 15), joined midpoint to midpoint (2-11, 4-13, 6-15, 8-9). A move
// places a piece of one's own on a free point while one has fewer than
// three on the board, and otherwise slides one of them to a free
// neighbouring point. Whoever first has his three pieces on one of the
// eight lines (the sides of the two squares) wins.
//
// The lines and the neighbours are the thesis's `lineas` and `vecinos`.
// MAX (the thesis's "+", the first player) is game.White. The game can go
// on for ever (pieces slide back and forth), so it is searched to a depth,
// with the thesis's static evaluation h.
package trgd

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// Points is the number of points of the board, numbered 1 to 16.
const Points = 16

// Lines are the eight lines, as the thesis lists them.
var Lines = [8][3]uint8{
	{1, 2, 3}, {3, 4, 5}, {5, 6, 7}, {1, 7, 8},
	{9, 10, 16}, {10, 11, 12}, {12, 13, 14}, {14, 15, 16},
}

// Neighbours are the points next to each point, in the order of the
// thesis's property list `vecinos` (the Min-Max program's; the Alfa-Beta
// program's list gives 5 the neighbours (1 6), a slip for (4 6)).
var Neighbours = [Points + 1][]uint8{
	1: {2, 8}, 2: {1, 3, 11}, 3: {2, 4}, 4: {3, 5, 13}, 5: {4, 6},
	6: {5, 7, 15}, 7: {6, 8}, 8: {7, 9, 1}, 9: {8, 10, 16},
	10: {9, 11}, 11: {10, 12, 2}, 12: {11, 13}, 13: {12, 14, 4},
	14: {13, 15}, 15: {14, 16, 6}, 16: {9, 15},
}

// Point sets are 17-bit sets with bit k for point k (bit 0 unused).
var (
	lineSets  [8]uint32
	neighbour [Points + 1]uint32
)

func init() {
	for i, l := range Lines {
		lineSets[i] = 1<<l[0] | 1<<l[1] | 1<<l[2]
	}
	for k, ns := range Neighbours {
		for _, n := range ns {
			neighbour[k] |= 1 << n
		}
	}
}

// Position is the points of MAX and of MIN and the side to move.
type Position struct {
	Max, Min uint32
	Side     game.Side
}

// Move places a piece on To (From 0) or slides one from From to To.
type Move struct{ From, To uint8 }

// String is "5" for a piece placed on 5 and "5-6" for a slide.
func (m Move) String() string {
	if m.From == 0 {
		return fmt.Sprint(m.To)
	}
	return fmt.Sprintf("%d-%d", m.From, m.To)
}

// Start is the empty board, MAX to move.
func Start() Position { return Position{} }

// Parse reads a position as the thesis writes a node, MAX's points and
// MIN's points, "(1 2) (9)", then optionally who moves ("max" or "min");
// by default the side with fewer pieces, MAX when both have as many.
func Parse(s string) (Position, error) {
	var p Position
	rest := strings.TrimSpace(s)
	for i := range 2 {
		if !strings.HasPrefix(rest, "(") {
			return p, fmt.Errorf("trgd: a position is MAX's and MIN's points, as \"(1 2) (9)\", then max or min; not %q", s)
		}
		end := strings.Index(rest, ")")
		if end < 0 {
			return p, fmt.Errorf("trgd: missing ) in %q", s)
		}
		var set uint32
		for _, f := range strings.Fields(rest[1:end]) {
			var k int
			if _, err := fmt.Sscan(f, &k); err != nil || k < 1 || k > Points {
				return p, fmt.Errorf("trgd: %q is not a point 1 to 16", f)
			}
			if set&(1<<k) != 0 || (p.Max|p.Min)&(1<<k) != 0 {
				return p, fmt.Errorf("trgd: point %d is given twice", k)
			}
			set |= 1 << k
		}
		if bits.OnesCount32(set) > 3 {
			return p, fmt.Errorf("trgd: a player has three pieces, not %d", bits.OnesCount32(set))
		}
		if i == 0 {
			p.Max = set
		} else {
			p.Min = set
		}
		rest = strings.TrimSpace(rest[end+1:])
	}
	switch rest {
	case "":
		if bits.OnesCount32(p.Max) > bits.OnesCount32(p.Min) {
			p.Side = game.Black
		}
	case "max":
	case "min":
		p.Side = game.Black
	default:
		return p, fmt.Errorf("trgd: after the points, max or min says who moves; not %q", rest)
	}
	return p, nil
}

// Game is TRGD; its zero value is ready to use. It is also the Evaluator
// of the searches.
type Game struct{}

var _ game.Game[Position, Move] = Game{}

// ToMove is p.Side.
func (Game) ToMove(p *Position) game.Side { return p.Side }

// own returns the side to move's points and the other's.
func (p *Position) own() (own, other uint32) {
	if p.Side == game.White {
		return p.Max, p.Min
	}
	return p.Min, p.Max
}

// HasLine says whether the point set s holds a line.
func HasLine(s uint32) bool {
	for _, l := range lineSets {
		if s == l {
			return true
		}
	}
	return false
}

// Over says whether a side has a line.
func Over(p *Position) bool { return HasLine(p.Max) || HasLine(p.Min) }

// Moves are, while the side to move has fewer than three pieces, the free
// points in order (the thesis's PONE); then the slides of each piece, in
// the order of its points, to its free neighbours in the order of
// Neighbours (DESLIZA). None once a side has a line.
func (Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	if Over(p) {
		return buf
	}
	own, other := p.own()
	free := ^(own | other) &^ 1
	if bits.OnesCount32(own) < 3 {
		for k := uint8(1); k <= Points; k++ {
			if free&(1<<k) != 0 {
				buf = append(buf, Move{To: k})
			}
		}
		return buf
	}
	for k := uint8(1); k <= Points; k++ {
		if own&(1<<k) == 0 || neighbour[k]&free == 0 {
			continue
		}
		for _, n := range Neighbours[k] {
			if free&(1<<n) != 0 {
				buf = append(buf, Move{From: k, To: n})
			}
		}
	}
	return buf
}

// Play places or slides the piece.
func (Game) Play(p *Position, m Move) Position {
	q := *p
	set := &q.Max
	if p.Side == game.Black {
		set = &q.Min
	}
	*set = *set&^(1<<m.From) | 1<<m.To // From 0 clears the unused bit 0
	q.Side = p.Side.Other()
	return q
}

// Hash packs the position.
func (Game) Hash(p *Position) uint64 {
	return uint64(p.Max) | uint64(p.Min)<<17 | uint64(p.Side)<<34
}

// Win is the value of a line, the thesis's 100.
const Win = 100

// Static is the thesis's h (H/HAUX) for the side to move: over the eight
// lines, 100 for a line of its own, -100 for one of the other's, 1 for a
// line that holds only its pieces, -1 for one that holds only the other's,
// 0 for an empty line or one that holds pieces of both.
func (Game) Static(p *Position) int {
	own, other := p.own()
	v := 0
	for _, l := range lineSets {
		a, b := own&l != 0, other&l != 0
		switch {
		case own == l:
			v += Win
		case other == l:
			v -= Win
		case a && !b:
			v++
		case b && !a:
			v--
		}
	}
	return v
}

// Terminal is -100 when the other side has a line (the thesis's VALOR-A
// and VALOR-B), 100 when the side to move has one, and otherwise (a side
// whose pieces cannot slide) h, as the thesis's EV does for a node without
// successors.
func (g Game) Terminal(p *Position) int {
	own, other := p.own()
	switch {
	case HasLine(other):
		return -Win
	case HasLine(own):
		return Win
	}
	return g.Static(p)
}

// Player names a side as the thesis does: MAX (game.White, first) or MIN.
func Player(s game.Side) string {
	if s == game.White {
		return "max"
	}
	return "min"
}

// String is the thesis's node and who moves, as Parse reads it:
// "(1 2) (9) min".
func (p Position) String() string {
	list := func(s uint32) string {
		var f []string
		for k := 1; k <= Points; k++ {
			if s&(1<<k) != 0 {
				f = append(f, fmt.Sprint(k))
			}
		}
		return "(" + strings.Join(f, " ") + ")"
	}
	return fmt.Sprintf("%s %s %s", list(p.Max), list(p.Min), Player(p.Side))
}

// Package hexapawn owns hexapawn as a game.Game: the 3x3 board of seed
// 001 with three pawns on each side, one of the two small games that show
// al's searches are not tied to chess. White starts on rank 1 and moves up,
// Black starts on rank 3 and moves down; a pawn steps forward onto an empty
// square or captures diagonally forward. A side wins by reaching the far
// rank, by capturing every enemy pawn, or by leaving the other side without
// a move. White is game.White and moves first.
package hexapawn

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// Position is the pawns of each side as 9-bit sets (a1 is square 0, c3 is
// square 8) and the side to move.
type Position struct {
	White, Black uint16
	Side         game.Side
}

// Move is a pawn move.
type Move struct{ From, To uint8 }

func sqName(s uint8) string { return fmt.Sprintf("%c%d", 'a'+s%3, 1+s/3) }

// String is "a1-a2" for a step and "a1xb2" for a capture.
func (m Move) String() string {
	sep := "-"
	if m.From%3 != m.To%3 {
		sep = "x"
	}
	return sqName(m.From) + sep + sqName(m.To)
}

// Start is the initial position: white pawns on a1 b1 c1, black on a3 b3
// c3, White to move.
func Start() Position { return Position{White: 0b000000111, Black: 0b111000000} }

const (
	rank1 = 0b000000111
	rank3 = 0b111000000
)

// Game is hexapawn; its zero value is ready to use. It is also the
// Evaluator of the searches: a finished game is always lost for the side
// to move (-1); Static is the pawn count difference.
type Game struct{}

var _ game.Game[Position, Move] = Game{}

// ToMove is p.Side.
func (Game) ToMove(p *Position) game.Side { return p.Side }

// Over says whether the side that just moved has won by reaching the far
// rank or taking every pawn.
func Over(p *Position) bool {
	return p.White&rank3 != 0 || p.Black&rank1 != 0 || p.White == 0 || p.Black == 0
}

// Moves appends the pawn moves of the side to move, none if the game is
// over.
func (Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	if Over(p) {
		return buf
	}
	own, opp, dir := p.White, p.Black, 3
	if p.Side == game.Black {
		own, opp, dir = p.Black, p.White, -3
	}
	for from := 0; from < 9; from++ {
		if own&(1<<from) == 0 {
			continue
		}
		to := from + dir
		if to < 0 || to > 8 {
			continue
		}
		if (own|opp)&(1<<to) == 0 {
			buf = append(buf, Move{uint8(from), uint8(to)})
		}
		for _, dc := range []int{-1, 1} {
			c := from%3 + dc
			if c < 0 || c > 2 {
				continue
			}
			if t := to - from%3 + c; opp&(1<<t) != 0 {
				buf = append(buf, Move{uint8(from), uint8(t)})
			}
		}
	}
	return buf
}

// Play moves the pawn, capturing what stands on the target.
func (Game) Play(p *Position, m Move) Position {
	q := *p
	from, to := uint16(1)<<m.From, uint16(1)<<m.To
	if p.Side == game.White {
		q.White = q.White&^from | to
		q.Black &^= to
	} else {
		q.Black = q.Black&^from | to
		q.White &^= to
	}
	q.Side = p.Side.Other()
	return q
}

// Hash packs the position.
func (Game) Hash(p *Position) uint64 {
	return uint64(p.White) | uint64(p.Black)<<9 | uint64(p.Side)<<18
}

// Terminal is -1: a side with no move, or whose opponent has reached the
// far rank or taken everything, has lost.
func (Game) Terminal(p *Position) int { return -1 }

// Static is the side to move's pawns minus the other's.
func (Game) Static(p *Position) int {
	w, b := popcount(p.White), popcount(p.Black)
	if p.Side == game.White {
		return w - b
	}
	return b - w
}

func popcount(s uint16) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// String prints the board rank 3 first and the side to move.
func (p Position) String() string {
	var b strings.Builder
	for row := 2; row >= 0; row-- {
		for col := 0; col < 3; col++ {
			sq := uint(row*3 + col)
			switch {
			case p.White&(1<<sq) != 0:
				b.WriteByte('P')
			case p.Black&(1<<sq) != 0:
				b.WriteByte('p')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%s to move\n", p.Side)
	return b.String()
}

// Package tictactoe owns tic-tac-toe as a game.Game, one of the two small
// games that show al's searches are not tied to chess. X moves first and is
// game.White. Squares are a1..c3 (column letter, row number; a1 is square 0,
// c3 is square 8).
package tictactoe

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// Position is a board: the squares of X and of O as 9-bit sets.
type Position struct{ X, O uint16 }

// Move is a square, 0..8.
type Move uint8

// String is the square's name, a1..c3.
func (m Move) String() string { return fmt.Sprintf("%c%d", 'a'+m%3, 1+m/3) }

var lines = [8]uint16{
	0b000000111, 0b000111000, 0b111000000, // rows
	0b001001001, 0b010010010, 0b100100100, // columns
	0b100010001, 0b001010100, // diagonals
}

// Won says whether the square set s holds a line.
func Won(s uint16) bool {
	for _, l := range lines {
		if s&l == l {
			return true
		}
	}
	return false
}

// Game is tic-tac-toe; its zero value is ready to use. It is also the
// Evaluator of the searches: a finished game is -1 for the side to move if
// the other side has a line, else 0 (a draw); Static counts the lines still
// open for the side to move minus those open for the other.
type Game struct{}

var _ game.Game[Position, Move] = Game{}

// Start is the empty board.
func Start() Position { return Position{} }

// ToMove is X (White) when both have played as often.
func (Game) ToMove(p *Position) game.Side {
	if bits.OnesCount16(p.X) > bits.OnesCount16(p.O) {
		return game.Black
	}
	return game.White
}

// Moves are the empty squares, none once a side has a line.
func (Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	if Won(p.X) || Won(p.O) {
		return buf
	}
	for sq := Move(0); sq < 9; sq++ {
		if (p.X|p.O)&(1<<sq) == 0 {
			buf = append(buf, sq)
		}
	}
	return buf
}

// Play puts the side to move's mark on m.
func (g Game) Play(p *Position, m Move) Position {
	q := *p
	if g.ToMove(p) == game.White {
		q.X |= 1 << m
	} else {
		q.O |= 1 << m
	}
	return q
}

// Hash packs the two sets.
func (Game) Hash(p *Position) uint64 { return uint64(p.X) | uint64(p.O)<<9 }

func (g Game) mine(p *Position) (me, them uint16) {
	if g.ToMove(p) == game.White {
		return p.X, p.O
	}
	return p.O, p.X
}

// Terminal is -1 if the side that just moved has a line, else 0.
func (g Game) Terminal(p *Position) int {
	_, them := g.mine(p)
	if Won(them) {
		return -1
	}
	return 0
}

// Static counts open lines (no mark of the other side) for the side to
// move minus the other's. Its magnitude can exceed 1: it is a heuristic for
// depth-limited searches only.
func (g Game) Static(p *Position) int {
	me, them := g.mine(p)
	v := 0
	for _, l := range lines {
		if l&them == 0 {
			v++
		}
		if l&me == 0 {
			v--
		}
	}
	return v
}

// Parse reads a board as 9 characters (x, o, or . / - / _ for empty),
// row a1-c1 first; spaces and slashes are ignored.
func Parse(s string) (Position, error) {
	var p Position
	sq := 0
	for _, r := range s {
		switch r {
		case ' ', '/':
			continue
		}
		if sq >= 9 {
			return p, fmt.Errorf("tic-tac-toe board %q: more than 9 squares", s)
		}
		switch r {
		case 'x', 'X':
			p.X |= 1 << sq
		case 'o', 'O':
			p.O |= 1 << sq
		case '.', '-', '_':
		default:
			return p, fmt.Errorf("tic-tac-toe board %q: %q is not x, o or '.'", s, r)
		}
		sq++
	}
	if sq != 9 {
		return p, fmt.Errorf("tic-tac-toe board %q: %d squares, want 9", s, sq)
	}
	nx, no := bits.OnesCount16(p.X), bits.OnesCount16(p.O)
	if nx != no && nx != no+1 {
		return p, fmt.Errorf("tic-tac-toe board %q: %d x and %d o cannot happen (x moves first)", s, nx, no)
	}
	return p, nil
}

// String prints the board row c first, as a picture.
func (p Position) String() string {
	var b strings.Builder
	for row := 2; row >= 0; row-- {
		for col := 0; col < 3; col++ {
			sq := uint(row*3 + col)
			switch {
			case p.X&(1<<sq) != 0:
				b.WriteByte('x')
			case p.O&(1<<sq) != 0:
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

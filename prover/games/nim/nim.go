// Package nim owns the game of sticks ("juego de los palillos, también
// llamado de Nim") of seed 001 as a game.Game: a panel holds n sticks;
// players A and B move in turn, A first; a move takes 1, 2 or 3 sticks, and
// never more than there are; the player who takes the last stick loses.
// The only terminal configuration is the empty panel, a win for the player
// to move there (the other took the last stick); the game cannot be drawn.
// A is game.White.
package nim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// MaxTake is the most sticks a move may take.
const MaxTake = 3

// Position is the number of sticks left and the player to move.
type Position struct {
	Sticks uint16
	Side   game.Side
}

// Move is the number of sticks taken, 1..3.
type Move uint8

// String is the number taken.
func (m Move) String() string { return strconv.Itoa(int(m)) }

// Start is a panel of n sticks with A to move.
func Start(n int) Position { return Position{Sticks: uint16(n)} }

// MaxStart is the largest panel Parse accepts: al search runs minimax
// over the complete tree, which grows about 1.84 times a stick (5.6
// million nodes for 25 sticks, under a second; 40 would take hours).
const MaxStart = 25

// Parse reads a start, the number of sticks (1 to MaxStart).
func Parse(s string) (Position, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > MaxStart {
		return Position{}, fmt.Errorf("nim: the start is a number of sticks from 1 to %d, not %q", MaxStart, s)
	}
	return Start(n), nil
}

// Game is nim; its zero value is ready to use. It is also the Evaluator of
// the searches with seed 001's E: 1 for a win, -1 for a loss, defined only
// on the terminal configuration (Static, which a search bounded by depth
// uses, is 0: unknown).
type Game struct{}

var _ game.Game[Position, Move] = Game{}

// ToMove is p.Side.
func (Game) ToMove(p *Position) game.Side { return p.Side }

// Moves takes 1, 2 or 3 sticks, as many as there are; none from an empty
// panel.
func (Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	for k := 1; k <= MaxTake && k <= int(p.Sticks); k++ {
		buf = append(buf, Move(k))
	}
	return buf
}

// Play takes m sticks.
func (Game) Play(p *Position, m Move) Position {
	return Position{Sticks: p.Sticks - uint16(m), Side: p.Side.Other()}
}

// Hash packs the position.
func (Game) Hash(p *Position) uint64 { return uint64(p.Sticks)<<1 | uint64(p.Side) }

// Terminal is 1: at the empty panel the player to move has won, since the
// other took the last stick.
func (Game) Terminal(*Position) int { return 1 }

// Static is 0: seed 001 defines E only on terminal configurations.
func (Game) Static(*Position) int { return 0 }

// Player names a side as seed 001 does: A (game.White) moves first, then B.
func Player(s game.Side) string {
	if s == game.White {
		return "A"
	}
	return "B"
}

// String is "6 sticks, A to move".
func (p Position) String() string {
	return fmt.Sprintf("%d sticks, %s to move", p.Sticks, Player(p.Side))
}

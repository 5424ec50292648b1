package chess

import "github.com/advicelang/al/prover/game"

// Game adapts chess to the game interface of prover/game
// (game.Game[Position, Move]) without importing the prover: it is a
// zero-size value whose methods forward to Position.
type Game struct{}

// ToMove returns the side to move as a game.Side.
func (Game) ToMove(p *Position) game.Side {
	if p.side == White {
		return game.White
	}
	return game.Black
}

// Moves appends the legal moves of p to buf[:0] in LegalMoves' fixed order.
func (Game) Moves(p *Position, buf []Move) []Move { return p.LegalMoves(buf) }

// Play returns the position after the legal move m.
func (Game) Play(p *Position, m Move) Position { return p.Play(m) }

// PlayInto writes the position after the legal move m of p into dst
// (game.InPlace).
func (Game) PlayInto(dst, p *Position, m Move) {
	*dst = *p
	dst.apply(m)
}

// Pass returns p with the other side to move (game.Passer); not when the
// side to move is in check.
func (Game) Pass(p *Position) (Position, bool) { return p.Pass() }

// Hash returns p's Zobrist hash.
func (Game) Hash(p *Position) uint64 { return p.hash }

// Side converts a chess colour to a game.Side.
func Side(c Color) game.Side {
	if c == White {
		return game.White
	}
	return game.Black
}

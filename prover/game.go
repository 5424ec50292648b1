package prover

import "github.com/advicelang/al/kb"

// Game is a two-player game of perfect information with positions of type P
// and moves of type M. Positions are values: Play returns a new one and never
// changes its argument, so a search may keep any position it has seen.
//
// Implementations must not allocate in Moves (the caller owns the buffer) or
// in Play, ToMove and Hash: the forcing-tree search calls them at every node.
type Game[P any, M comparable] interface {
	// ToMove returns the side to move in p.
	ToMove(p *P) kb.Side
	// Moves appends the legal moves of p to buf[:0] and returns the result,
	// in a fixed order that is the same on every run.
	Moves(p *P, buf []M) []M
	// Play returns the position after move m, which must be legal in p.
	Play(p *P, m M) P
	// Hash returns a hash of p that equal positions share.
	Hash(p *P) uint64
}

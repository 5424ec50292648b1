// Package eval owns static evaluation functions for chess positions, for
// the generic searches of prover/search (it imports only chess; the
// searches reach it through their Evaluator interface). The main one is
// Shannon's function as Osorio's thesis gives it (seed 002, ch. 1):
//
//	S = 200(K-K') + 9(Q-Q') + 5(R-R') + 3(B-B'+N-N') + (P-P')
//	    - 0.5(D-D' + S-S' + I-I') + 0.1(M-M')
//
// material, doubled (D), isolated (S, "sueltos") and backward (I,
// "retrasados") pawns, and mobility (M). Values are integers in tenths of
// a pawn, so that 0.5 and 0.1 are exact. docs/search.md records how each
// term is counted.
package eval

import (
	"fmt"

	"github.com/advicelang/al/chess"
)

// Units: one pawn is 10.
const (
	Pawn   = 10
	Knight = 30
	Bishop = 30
	Rook   = 50
	Queen  = 90
	King   = 2000
	// PawnFault is Shannon's half-point penalty per doubled, isolated or
	// backward pawn.
	PawnFault = 5
	// MoveBonus is Shannon's tenth of a point per move.
	MoveBonus = 1
	// Mate is the value of being mated, for the side to move; it exceeds
	// any material balance.
	Mate = 100000
)

var pieceValue = [...]int{chess.Pawn: Pawn, chess.Knight: Knight, chess.Bishop: Bishop, chess.Rook: Rook, chess.Queen: Queen, chess.King: King}

// Terms are the parts of Shannon's function for one side.
type Terms struct {
	Material                    int // in tenths of a pawn
	Doubled, Isolated, Backward int // pawns
	Mobility                    int // moves
}

// Score is the side's contribution to S, in tenths of a pawn.
func (t Terms) Score() int {
	return t.Material - PawnFault*(t.Doubled+t.Isolated+t.Backward) + MoveBonus*t.Mobility
}

// Shannon returns the terms of S for both sides of p.
func Shannon(p *chess.Position) (white, black Terms) {
	return terms(p, chess.White), terms(p, chess.Black)
}

// Value is S(p) in White's view: positive values favour White.
func Value(p *chess.Position) int {
	w, b := Shannon(p)
	return w.Score() - b.Score()
}

// MaterialValue is the material balance alone, in White's view.
func MaterialValue(p *chess.Position) int {
	return material(p, chess.White) - material(p, chess.Black)
}

func material(p *chess.Position, c chess.Color) int {
	v := 0
	for t := chess.Pawn; t <= chess.King; t++ {
		v += pieceValue[t] * p.Pieces(c, t).Count()
	}
	return v
}

const fileA chess.Bitboard = 0x0101010101010101

func fileMask(f int) chess.Bitboard { return fileA << f }

func adjacentFiles(f int) chess.Bitboard {
	var m chess.Bitboard
	if f > 0 {
		m |= fileMask(f - 1)
	}
	if f < 7 {
		m |= fileMask(f + 1)
	}
	return m
}

// ranksBehindOrOn is every square on rank r or behind it for colour c.
func ranksBehindOrOn(c chess.Color, r int) chess.Bitboard {
	if c == chess.White {
		return chess.Bitboard(1)<<(8*(r+1)) - 1
	}
	return ^(chess.Bitboard(1)<<(8*r) - 1)
}

func terms(p *chess.Position, c chess.Color) Terms {
	t := Terms{Material: material(p, c)}
	own := p.Pieces(c, chess.Pawn)
	enemy := p.Pieces(c.Other(), chess.Pawn)
	for f := 0; f < 8; f++ {
		if n := (own & fileMask(f)).Count(); n > 1 {
			t.Doubled += n
		}
	}
	for b := own; b != 0; b &= b - 1 {
		sq := b.First()
		f, r := sq.File(), sq.Rank()
		neighbours := own & adjacentFiles(f)
		if neighbours == 0 {
			t.Isolated++
			continue
		}
		// Backward: no own pawn beside or behind on the adjacent files to
		// support its advance, and the square in front is taken by an
		// enemy pawn.
		if neighbours&ranksBehindOrOn(c, r) != 0 {
			continue
		}
		front := r + 1
		if c == chess.Black {
			front = r - 1
		}
		if front < 0 || front > 7 {
			continue
		}
		stop := chess.NewSquare(f, front)
		if chess.PawnAttacks(c, stop)&enemy != 0 {
			t.Backward++
		}
	}
	t.Mobility = mobility(p, c)
	return t
}

// mobility counts the moves of colour c by the rules of the pieces, as if c
// were to move, but without asking whether its own king is left in check:
// piece moves to squares not holding an own piece, pawn pushes (one or two
// squares) and pawn captures; castling and en passant are not counted.
// Shannon's M counts legal moves; counting them for the side not to move
// needs that side to move, which a position in check cannot give, so both
// sides are counted the same pseudo-legal way.
func mobility(p *chess.Position, c chess.Color) int {
	occ := p.Occupied()
	ours := p.ColorPieces(c)
	theirs := p.ColorPieces(c.Other())
	n := 0
	for t := chess.Knight; t <= chess.King; t++ {
		for b := p.Pieces(c, t); b != 0; b &= b - 1 {
			n += (chess.Attacks(c, t, b.First(), occ) &^ ours).Count()
		}
	}
	for b := p.Pieces(c, chess.Pawn); b != 0; b &= b - 1 {
		sq := b.First()
		n += (chess.PawnAttacks(c, sq) & theirs).Count()
		dir, start := 8, 1
		if c == chess.Black {
			dir, start = -8, 6
		}
		one := int(sq) + dir
		if one < 0 || one > 63 || occ.Has(chess.Square(one)) {
			continue
		}
		n++
		two := one + dir
		if sq.Rank() == start && !occ.Has(chess.Square(two)) {
			n++
		}
	}
	return n
}

// Function names an evaluation: "shannon" or "material".
type Function string

const (
	ShannonFunction  Function = "shannon"
	MaterialFunction Function = "material"
)

// Evaluator is a prover/search Evaluator for chess: Static is the chosen
// function in the side to move's view; Terminal is -Mate when the side to
// move is mated and 0 when it is stalemated.
type Evaluator struct{ Func Function }

// NewEvaluator returns the evaluator of the named function.
func NewEvaluator(name string) (Evaluator, error) {
	switch Function(name) {
	case ShannonFunction, MaterialFunction:
		return Evaluator{Function(name)}, nil
	}
	return Evaluator{}, fmt.Errorf("unknown evaluation %q (shannon or material)", name)
}

// Static evaluates p for the side to move.
func (e Evaluator) Static(p *chess.Position) int {
	v := Value(p)
	if e.Func == MaterialFunction {
		v = MaterialValue(p)
	}
	if p.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// Terminal is the value of a position without legal moves.
func (e Evaluator) Terminal(p *chess.Position) int {
	if p.InCheck() {
		return -Mate
	}
	return 0
}

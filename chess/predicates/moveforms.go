package predicates

import (
	"math/bits"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// moveForms gives the primitives that read where the men stand, whose
// side is to move and which man moved their values after a move, told
// from the position before it and the move (kb.Func.Move): a move
// constraint that reads the position after the move only through them
// (rookmove, kingmove, kingdiag, mtorre, mreyb...) is tested before the
// searcher makes the move. Each is the primitive's Eval on the position
// the move makes (TestMoveForms).
// square_of's move form is the chess package's SquareOfAfter, whose
// nothing must be the language's (the constant below does not compile
// when they differ).
const _ = uint(chess.NoSquareAfter-kb.None) + uint(kb.None-chess.NoSquareAfter)

func moveForms(fs []kb.Func[chess.Position]) []kb.Func[chess.Position] {
	type form = func(p *chess.Position, m chess.Move, x, y, z int32) int32
	special := func(m chess.Move) bool { return m.Promotion() != chess.NoPieceType || m.IsCastle() || m.IsEnPassant() }
	forms := map[string]form{
		// (The chess package's own: one call, not two.)
		"square_of": (*chess.Position).SquareOfAfter,
		"last_square_of": func(p *chess.Position, m chess.Move, c, k, _ int32) int32 {
			b := p.PiecesAfter(m, chess.Color(c), chess.PieceType(k))
			if b == 0 {
				return kb.None
			}
			return int32(63 - bits.LeadingZeros64(uint64(b)))
		},
		"pieces": func(p *chess.Position, m chess.Move, c, k, _ int32) int32 {
			n := int32(0)
			for b := p.PiecesAfter(m, chess.Color(c), chess.PieceType(k)); b != 0; b &= b - 1 {
				n++
			}
			return n
		},
		// (Chess alternates: the other side moves after any move.)
		"side_to_move": func(p *chess.Position, _ chess.Move, _, _, _ int32) int32 { return int32(p.SideToMove() ^ 1) },
		// The primitives of the move, of a legal move of p: its man, its
		// squares; castling and the other special moves are made.
		"moved": func(p *chess.Position, m chess.Move, _, _, _ int32) int32 {
			if special(m) {
				q := p.Play(m)
				return movedKind(p, &q, 0, 0, 0)
			}
			return int32(m.Piece())
		},
		"moved_from": func(p *chess.Position, m chess.Move, _, _, _ int32) int32 {
			if special(m) {
				q := p.Play(m)
				from, _ := moveSquares(p, &q)
				if from == chess.NoSquare {
					return kb.None
				}
				return int32(from)
			}
			return int32(m.From())
		},
		"moved_to": func(p *chess.Position, m chess.Move, _, _, _ int32) int32 {
			if special(m) {
				q := p.Play(m)
				_, to := moveSquares(p, &q)
				if to == chess.NoSquare {
					return kb.None
				}
				return int32(to)
			}
			return int32(m.To())
		},
	}
	for i := range fs {
		if f, ok := forms[fs[i].Name]; ok {
			fs[i].Move = f
		}
	}
	return fs
}

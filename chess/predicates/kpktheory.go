package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The KPK theory of the chess books, beyond the thesis's vocabulary: key
// squares, the blockade and the corner, a pawn queened safely, and the
// moves a player calculates with. knowledge/kpk-complete.al3 is written
// with them; TestKPKAgainstTablebase checks every promise a doc line makes
// over every KPK position.

// KPKTheory returns the predicates of the endgame books' KPK theory, in the
// order Library registers them.
func KPKTheory() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		pos("key_square", "the white king stands on a key square of its pawn (a square from which it wins whoever is to move, the pawn being safe): for a pawn off the rook files, the three squares two ranks ahead of it on its file and the two beside, on the 5th and 6th ranks also the three one rank ahead, on the 7th the squares of the 7th and 8th ranks on those files; for a rook pawn on the 6th or 7th rank, the knight file's squares of the 7th and 8th ranks (b7, b8 for an a-pawn); a rook pawn lower down has none, as the black king may still reach the corner", KeySquare),
		pos("black_king_blocks", "the black king stands in front of a pawn off the rook files on its file: one square ahead of a pawn on its 6th rank or lower, or two squares ahead of a pawn on its 5th rank or lower (a blockade White cannot break)", BlackKingBlocks),
		pos("black_king_in_corner", "the pawn is a rook pawn and the black king stands ahead of it on its file or the next one (the corner White cannot drive it from)", BlackKingInCorner),
		rel("pawn_move", "White's pawn moved from P1 to P2 (a step, a double step or a promotion)", PawnMove),
		rel("white_king_to_key_square", "the white king is no farther (king distance) from the nearest key square of the pawn in P2 than in P1 (see key_square; always true for a pawn without key squares)", WhiteKingToKeySquare),
		rel("black_king_to_blockade", "the black king is no farther (king distance) from the square in front of the pawn in P2 than in P1", BlackKingToBlockade),
		pos("pawn_queened", "White has queened (a piece other than king and pawn) and the black king, to move, cannot take the new piece", PawnQueened),
	}
}

// KeySquare is key_square.
func KeySquare(p *chess.Position) bool {
	s, ok := pawn(p)
	return ok && keySquares(s).Has(p.King(chess.White))
}

// PawnQueened is pawn_queened.
func PawnQueened(p *chess.Position) bool {
	q := promoted(p)
	if q == chess.NoSquare {
		return false
	}
	return p.SideToMove() == chess.White || !canTake(p, q)
}

// BlackKingBlocks is black_king_blocks.
func BlackKingBlocks(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok || s.File() == 0 || s.File() == 7 {
		return false
	}
	bk := p.King(chess.Black)
	ahead := bk.Rank() - s.Rank()
	return bk.File() == s.File() && ((ahead == 1 && s.Rank() <= 5) || (ahead == 2 && s.Rank() <= 4))
}

// BlackKingInCorner is black_king_in_corner.
func BlackKingInCorner(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok || (s.File() != 0 && s.File() != 7) {
		return false
	}
	bk := p.King(chess.Black)
	return abs(bk.File()-s.File()) <= 1 && bk.Rank() > s.Rank()
}

// PawnMove is pawn_move.
func PawnMove(a, b *chess.Position) bool {
	return a.Pieces(chess.White, chess.Pawn) != b.Pieces(chess.White, chess.Pawn) &&
		a.King(chess.White) == b.King(chess.White)
}

// keySquares returns the key squares of the pawn on s (KeySquare's, for
// any white king).
func keySquares(s chess.Square) chess.Bitboard {
	f, r := s.File(), s.Rank()
	var b chess.Bitboard
	add := func(kf, kr int) {
		if kf >= 0 && kf < 8 && kr >= 0 && kr < 8 {
			b |= bit(chess.NewSquare(kf, kr))
		}
	}
	if f == 0 || f == 7 {
		if r >= 5 {
			knight := 1
			if f == 7 {
				knight = 6
			}
			add(knight, 6)
			add(knight, 7)
		}
		return b
	}
	for kf := f - 1; kf <= f+1; kf++ {
		switch {
		case r <= 3:
			add(kf, r+2)
		case r <= 5:
			add(kf, r+1)
			add(kf, r+2)
		default:
			add(kf, r)
			add(kf, r+1)
		}
	}
	return b
}

// keyDist is the white king's distance to the nearest key square of the
// pawn: 0 without a pawn, 8 for a pawn without key squares.
func keyDist(p *chess.Position) int {
	s, ok := pawn(p)
	if !ok {
		return 0
	}
	wk := p.King(chess.White)
	best := 8
	for b := keySquares(s); b != 0; b &= b - 1 {
		best = min(best, dist(wk, b.First()))
	}
	return best
}

// WhiteKingToKeySquare is white_king_to_key_square.
func WhiteKingToKeySquare(a, b *chess.Position) bool { return keyDist(b) <= keyDist(a) }

// BlackKingToBlockade is black_king_to_blockade.
func BlackKingToBlockade(a, b *chess.Position) bool {
	front := func(p *chess.Position) int {
		s, ok := pawn(p)
		if !ok {
			return 0
		}
		return dist(p.King(chess.Black), chess.NewSquare(s.File(), min(s.Rank()+1, 7)))
	}
	return front(b) <= front(a)
}

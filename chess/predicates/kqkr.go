package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The KQKR predicates: king and queen against king and rook, White holding
// the queen. What a player looks at first in KQKR are Black's tactics, the
// only way Black saves a lost-looking game: the queen taken (by the rook,
// or by the king where it is not defended), a skewer (a rook check, then
// the queen), a stalemate. These predicates name the queen in danger and
// Black's forcing moves, the moves such a tactic is made of.

// KQKR returns the KQKR predicates, in the order Library registers them.
func KQKR() []kb.Predicate[chess.Position] {
	pos := func(name, doc string, f func(p *chess.Position) bool) kb.Predicate[chess.Position] {
		return kb.Predicate[chess.Position]{Name: name, Kind: kb.PositionKind, Doc: doc, Pos: f}
	}
	rel := func(name, doc string, f func(a, b *chess.Position) bool) kb.Predicate[chess.Position] {
		return kb.Predicate[chess.Position]{Name: name, Kind: kb.RelationKind, Doc: doc, Rel: f}
	}
	return []kb.Predicate[chess.Position]{
		pos("queen_en_prise", "Black is to move and can take White's queen: with a piece (a rook that takes a defended queen is taken back, and no queen is left to win with), or with the king where the queen is not defended", QueenEnPrise),
		pos("rook_en_prise", "White is to move with the queen on the board and takes Black's rook for nothing: a capture that leaves the black king a move and the queen out of its reach (king and queen against king then win)", RookEnPrise),
		rel("black_forcing_move", "Black's move from P1 to P2 is forcing: it gives check, takes White's queen, or attacks the queen (a black piece attacks its square in P2)", BlackForcingMove),
	}
}

// QueenEnPrise is queen_en_prise.
func QueenEnPrise(p *chess.Position) bool {
	if p.SideToMove() != chess.Black {
		return false
	}
	q := p.Pieces(chess.White, chess.Queen)
	if q == 0 {
		return false
	}
	var buf [chess.MaxMoves]chess.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if q.Has(m.To()) {
			return true
		}
	}
	return false
}

// BlackForcingMove is black_forcing_move.
func BlackForcingMove(a, b *chess.Position) bool {
	if a.SideToMove() != chess.Black || b.SideToMove() != chess.White {
		return false
	}
	if b.InCheck() {
		return true
	}
	q := b.Pieces(chess.White, chess.Queen)
	if q == 0 {
		return a.Pieces(chess.White, chess.Queen) != 0
	}
	return b.Attacked(q.First(), chess.Black)
}

// RookEnPrise is rook_en_prise, the Go twin of the vocabulary's
// rook_hangs.
func RookEnPrise(p *chess.Position) bool {
	if p.SideToMove() != chess.White || p.Pieces(chess.White, chess.Queen) == 0 {
		return false
	}
	r := p.Pieces(chess.Black, chess.Rook)
	if r == 0 || !p.Attacked(r.First(), chess.White) {
		return false
	}
	var buf [chess.MaxMoves]chess.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if !r.Has(m.To()) {
			continue
		}
		q := p.Play(m)
		if !q.Stalemate() && !QueenEnPrise(&q) {
			return true
		}
	}
	return false
}

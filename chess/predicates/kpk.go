package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The KPK predicates: king and pawn against king, White holding the pawn,
// as Osorio's thesis (seed 002) defines them in section 3.2.3 and in the
// appendix listing ("MODULO DEPENDIENTE DEL PROBLEMA"). Each doc line names
// the thesis definition it follows. A position predicate about the pawn is
// false when White has no pawn or more than one (the pawn was taken or
// promoted). Ranks and files below count from 1, as the thesis does.

// KPK returns the KPK predicates, in the order Library registers them.
func KPK() []kb.Predicate[chess.Position] {
	pos := func(name, doc string, f func(p *chess.Position) bool) kb.Predicate[chess.Position] {
		return kb.Predicate[chess.Position]{Name: name, Kind: kb.PositionKind, Doc: doc, Pos: f}
	}
	rel := func(name, doc string, f func(a, b *chess.Position) bool) kb.Predicate[chess.Position] {
		return kb.Predicate[chess.Position]{Name: name, Kind: kb.RelationKind, Doc: doc, Rel: f}
	}
	return []kb.Predicate[chess.Position]{
		pos("rook_pawn", "PEON_T: the white pawn is a rook pawn, on the a- or h-file", RookPawn),
		pos("pawn_on_seventh", "PEON_R7: the white pawn stands on the seventh rank", PawnOnSeventh),
		pos("pawn_runs", "CORRE_PEON (rule of the square): the black king is outside the pawn's square, counted from the pawn's rank with White to move and one rank further back with Black to move; a pawn on its second rank counts from the third (its double step); and (our additions) the white king is not on the pawn's path and the black king, to move, cannot take the pawn at once", PawnRuns),
		pos("critical_squares", "CASILLAS_CRITICAS: the white king stands two ranks ahead of the pawn on its file or an adjacent one, or one rank ahead when the king is on the sixth rank or beyond", CriticalSquares),
		pos("critical_squares_rook", "CASILLAS_CRITICAS_T: the rook pawn's critical square is occupied: the white king on b7 with an a-pawn, or on g7 with an h-pawn", CriticalSquaresRook),
		pos("pattern_bp6", "PATRON_BP6 (figure 3): White to move, king and pawn side by side on the sixth rank, the black king not on the eighth-rank square of the king's file", PatternBP6),
		pos("pawn_lost", "PIERDE_PEON: the black king can take the pawn on its next move: now with Black to move; with White to move, whatever White plays (the piece a promotion makes counts as the pawn)", PawnLost),
		pos("pawn_blocked", "PEON_BLOQUEADO (figure 2a): the black king one or two squares in front of the pawn on its file, the pawn below the seventh rank", PawnBlocked),
		rel("white_king_move", "MREYB(P1, P2): the move from P1 to P2 moved the white king (White's other men and the black king stay)", WhiteKingMove),
		rel("black_king_move", "the mirror of MREYB(P1, P2): the move moved the black king (Black's other men and the white king stay)", BlackKingMove),
		rel("white_king_not_farther", "RB_CERCA(P1, P2), through NO_MAS_LEJOS: the white king is no farther from the pawn in P2 than in P1 (in king moves), or it was next to the pawn in P1", WhiteKingNotFarther),
		rel("black_king_not_farther", "RN_CERCA(P1, P2), through NO_MAS_LEJOS: the black king is no farther from the pawn in P2 than in P1 (in king moves), or it was next to the pawn in P1", BlackKingNotFarther),
	}
}

// pawn returns the square of White's only pawn.
func pawn(p *chess.Position) (chess.Square, bool) {
	b := p.Pieces(chess.White, chess.Pawn)
	if b.Count() != 1 {
		return chess.NoSquare, false
	}
	return b.First(), true
}

// RookPawn is PEON_T.
func RookPawn(p *chess.Position) bool {
	s, ok := pawn(p)
	return ok && (s.File() == 0 || s.File() == 7)
}

// PawnOnSeventh is PEON_R7.
func PawnOnSeventh(p *chess.Position) bool {
	s, ok := pawn(p)
	return ok && s.Rank() == 6
}

// PawnRuns is CORRE_PEON, the rule of the square.
func PawnRuns(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	from := max(s.Rank(), 2) // 0-based: a pawn on rank 2 (index 1) moves like one on rank 3
	if p.SideToMove() == chess.Black {
		from--
	}
	side := 7 - from // the square's side, in moves of the pawn
	bk := p.King(chess.Black)
	if bk.Rank() >= from && abs(bk.File()-s.File()) <= side {
		return false
	}
	if p.SideToMove() == chess.Black && canTake(p, s) {
		return false
	}
	wk := p.King(chess.White)
	return !(wk.File() == s.File() && wk.Rank() > s.Rank())
}

// CriticalSquares is CASILLAS_CRITICAS.
func CriticalSquares(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	wk := p.King(chess.White)
	if abs(wk.File()-s.File()) > 1 {
		return false
	}
	ahead := wk.Rank() - s.Rank()
	return ahead == 2 || (ahead == 1 && wk.Rank() >= 5)
}

// CriticalSquaresRook is CASILLAS_CRITICAS_T.
func CriticalSquaresRook(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	wk := p.King(chess.White)
	return (s.File() == 0 && wk == chess.NewSquare(1, 6)) || (s.File() == 7 && wk == chess.NewSquare(6, 6))
}

// PatternBP6 is PATRON_BP6.
func PatternBP6(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok || p.SideToMove() != chess.White {
		return false
	}
	wk := p.King(chess.White)
	return wk.Rank() == 5 && s.Rank() == 5 && abs(wk.File()-s.File()) == 1 &&
		p.King(chess.Black) != chess.NewSquare(wk.File(), 7)
}

// canTake reports whether the black king, to move, can take the piece on t:
// it stands next to t and the white king does not guard t.
func canTake(p *chess.Position, t chess.Square) bool {
	return dist(p.King(chess.Black), t) == 1 && dist(p.King(chess.White), t) > 1
}

// PawnLost is PIERDE_PEON.
func PawnLost(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	if p.SideToMove() == chess.Black {
		return canTake(p, s)
	}
	bk, wk := p.King(chess.Black), p.King(chess.White)
	if dist(bk, s) >= 3 && chess.KingAttacks(wk)&^p.Occupied()&^chess.KingAttacks(bk) != 0 {
		// A king step leaves the pawn out of the black king's reach.
		return false
	}
	var buf [chess.MaxMoves]chess.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return false
	}
	for _, m := range moves {
		q := p.Play(m)
		t, ok := pawn(&q)
		if !ok {
			t = promoted(&q)
		}
		if t == chess.NoSquare || !canTake(&q, t) {
			return false
		}
	}
	return true
}

// promoted returns the square of White's piece other than king and pawns
// (the piece a promotion made), or NoSquare.
func promoted(p *chess.Position) chess.Square {
	b := p.ColorPieces(chess.White) &^ p.Pieces(chess.White, chess.King) &^ p.Pieces(chess.White, chess.Pawn)
	if b == 0 {
		return chess.NoSquare
	}
	return b.First()
}

// PawnBlocked is PEON_BLOQUEADO.
func PawnBlocked(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	bk := p.King(chess.Black)
	ahead := bk.Rank() - s.Rank()
	return bk.File() == s.File() && (ahead == 1 || ahead == 2) && s.Rank() < 6
}

// WhiteKingMove is MREYB.
func WhiteKingMove(a, b *chess.Position) bool { return kingMoved(chess.White, a, b) }

// BlackKingMove is MREYB's mirror for Black.
func BlackKingMove(a, b *chess.Position) bool { return kingMoved(chess.Black, a, b) }

// kingMoved says that c's king stands elsewhere in b than in a while c's
// other men and the other king stay where they were: for the two ends of one
// move, that the move was a king move. It holds for any material, so the
// KRK and KBBK tables use it too.
func kingMoved(c chess.Color, a, b *chess.Position) bool {
	before, after := a.King(c), b.King(c)
	rest := func(p *chess.Position, k chess.Square) chess.Bitboard { return p.ColorPieces(c) &^ k.Bitboard() }
	return before != after && rest(a, before) == rest(b, after) && a.King(c.Other()) == b.King(c.Other())
}

// notFarther is NO_MAS_LEJOS for the king of colour c.
func notFarther(c chess.Color, a, b *chess.Position) bool {
	sa, ok1 := pawn(a)
	sb, ok2 := pawn(b)
	if !ok1 || !ok2 {
		return false
	}
	da := dist(a.King(c), sa)
	return da == 1 || dist(b.King(c), sb) <= da
}

// WhiteKingNotFarther is RB_CERCA.
func WhiteKingNotFarther(a, b *chess.Position) bool { return notFarther(chess.White, a, b) }

// BlackKingNotFarther is RN_CERCA.
func BlackKingNotFarther(a, b *chess.Position) bool { return notFarther(chess.Black, a, b) }

package chess

// MaxMoves is more than the number of legal moves in any chess position
// (218 is the known maximum); a buffer of this capacity never grows.
const MaxMoves = 256

// LegalMoves appends the legal moves of p to buf[:0] and returns the
// result. It allocates only when buf is too small; pass a buffer with
// capacity MaxMoves (for example a slice of a [MaxMoves]Move array on the
// stack) to allocate nothing. The order is fixed: king moves, then pawns,
// knights, bishops, rooks, queens, each from a1 to h8, then castling.
func (p *Position) LegalMoves(buf []Move) []Move {
	buf = buf[:0]
	us, them := p.side, p.side^1
	kingBB := p.byType[King] & p.byColor[us]
	if kingBB == 0 {
		return buf
	}
	ksq := kingBB.First()
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := ours | theirs
	checkers := p.attackersTo(ksq, occ, them)

	// King moves: the king must not stand on an attacked square, with the
	// king itself removed so it cannot hide behind its own shadow.
	occNoKing := occ ^ kingBB
	for b := kingAttacks[ksq] &^ ours; b != 0; b &= b - 1 {
		to := b.First()
		if p.attackersTo(to, occNoKing, them) == 0 {
			buf = append(buf, newMove(ksq, to, King, NoPieceType, flagNone))
		}
	}
	if checkers&(checkers-1) != 0 {
		return buf // double check: only the king moves
	}
	target := ^ours
	if checkers != 0 {
		c := checkers.First()
		target = betweenBB[ksq][c] | checkers
	}

	// Pinned pieces: ours alone between the king and an enemy slider.
	var pinned Bitboard
	snipers := (RookAttacks(ksq, theirs)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, theirs)&(p.byType[Bishop]|p.byType[Queen])) & theirs
	for ; snipers != 0; snipers &= snipers - 1 {
		bt := betweenBB[ksq][snipers.First()] & occ
		if bt&(bt-1) == 0 {
			pinned |= bt & ours
		}
	}

	buf = p.pawnMoves(buf, us, ksq, occ, theirs, target, pinned)

	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := b.First()
		for t := knightAttacks[from] & target; t != 0; t &= t - 1 {
			buf = append(buf, newMove(from, t.First(), Knight, NoPieceType, flagNone))
		}
	}
	for pt := Bishop; pt <= Queen; pt++ {
		for b := p.byType[pt] & ours; b != 0; b &= b - 1 {
			from := b.First()
			var att Bitboard
			switch pt {
			case Bishop:
				att = BishopAttacks(from, occ)
			case Rook:
				att = RookAttacks(from, occ)
			default:
				att = QueenAttacks(from, occ)
			}
			att &= target
			if pinned.Has(from) {
				att &= lineBB[ksq][from]
			}
			for ; att != 0; att &= att - 1 {
				buf = append(buf, newMove(from, att.First(), pt, NoPieceType, flagNone))
			}
		}
	}

	if checkers == 0 && p.castle != 0 {
		buf = p.castling(buf, us, occ, them)
	}
	return buf
}

func (p *Position) castling(buf []Move, us Color, occ Bitboard, them Color) []Move {
	if us == White {
		if p.castle&WhiteKingside != 0 && occ&(F1.Bitboard()|G1.Bitboard()) == 0 &&
			p.attackersTo(F1, occ, them) == 0 && p.attackersTo(G1, occ, them) == 0 {
			buf = append(buf, newMove(E1, G1, King, NoPieceType, flagCastle))
		}
		if p.castle&WhiteQueenside != 0 && occ&(B1.Bitboard()|C1.Bitboard()|D1.Bitboard()) == 0 &&
			p.attackersTo(D1, occ, them) == 0 && p.attackersTo(C1, occ, them) == 0 {
			buf = append(buf, newMove(E1, C1, King, NoPieceType, flagCastle))
		}
		return buf
	}
	if p.castle&BlackKingside != 0 && occ&(F8.Bitboard()|G8.Bitboard()) == 0 &&
		p.attackersTo(F8, occ, them) == 0 && p.attackersTo(G8, occ, them) == 0 {
		buf = append(buf, newMove(E8, G8, King, NoPieceType, flagCastle))
	}
	if p.castle&BlackQueenside != 0 && occ&(B8.Bitboard()|C8.Bitboard()|D8.Bitboard()) == 0 &&
		p.attackersTo(D8, occ, them) == 0 && p.attackersTo(C8, occ, them) == 0 {
		buf = append(buf, newMove(E8, C8, King, NoPieceType, flagCastle))
	}
	return buf
}

func appendPromotions(buf []Move, from, to Square) []Move {
	return append(buf,
		newMove(from, to, Pawn, Queen, flagNone),
		newMove(from, to, Pawn, Rook, flagNone),
		newMove(from, to, Pawn, Bishop, flagNone),
		newMove(from, to, Pawn, Knight, flagNone))
}

// pawnMoves appends the pawn moves: pushes, double pushes, captures,
// promotions (queen, rook, bishop, knight) and en passant, per pawn from a1
// to h8.
func (p *Position) pawnMoves(buf []Move, us Color, ksq Square, occ, theirs, target, pinned Bitboard) []Move {
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return buf
	}
	fwd, start, last := 8, rank2, rank8
	if us == Black {
		fwd, start, last = -8, rank7, rank1
	}
	for b := pawns; b != 0; b &= b - 1 {
		from := b.First()
		mask := target
		if pinned.Has(from) {
			mask &= lineBB[ksq][from]
		}
		one := Square(int(from) + fwd)
		if !occ.Has(one) {
			if mask.Has(one) {
				if last.Has(one) {
					buf = appendPromotions(buf, from, one)
				} else {
					buf = append(buf, newMove(from, one, Pawn, NoPieceType, flagNone))
				}
			}
			if start.Has(from) {
				two := Square(int(one) + fwd)
				if !occ.Has(two) && mask.Has(two) {
					buf = append(buf, newMove(from, two, Pawn, NoPieceType, flagDouble))
				}
			}
		}
		for t := pawnAttacks[us][from] & theirs & mask; t != 0; t &= t - 1 {
			to := t.First()
			if last.Has(to) {
				buf = appendPromotions(buf, from, to)
			} else {
				buf = append(buf, newMove(from, to, Pawn, NoPieceType, flagNone))
			}
		}
	}
	if p.ep != NoSquare {
		them := us ^ 1
		cap := Square(int(p.ep) - fwd)
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			from := b.First()
			// Try it: remove both pawns, put ours on the target, and see
			// whether the king is attacked (this covers checks, pins and
			// the rank pin through both pawns).
			occ2 := occ ^ from.Bitboard() ^ cap.Bitboard() ^ p.ep.Bitboard()
			if p.attackersTo(ksq, occ2, them)&^cap.Bitboard() == 0 {
				buf = append(buf, newMove(from, p.ep, Pawn, NoPieceType, flagEnPassant))
			}
		}
	}
	return buf
}

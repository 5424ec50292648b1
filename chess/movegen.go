package chess

// MaxMoves is more than the number of legal moves in any chess position
// (218 is the known maximum); a buffer of this capacity never grows.
const MaxMoves = 256

// LegalMoves writes the legal moves of p into buf[:0] and returns the
// result. A buffer of capacity below MaxMoves is replaced by a new one of
// capacity MaxMoves (an allocation); pass a buffer with capacity MaxMoves
// (for example a slice of a [MaxMoves]Move array on the stack, or the
// result of an earlier call) to allocate nothing. The order is fixed: king moves, then pawns
// (see pawnMoves), knights, bishops, rooks, queens, each from a1 to h8, then
// castling.
func (p *Position) LegalMoves(buf []Move) []Move { return Game{}.Moves(p, buf) }

// Moves appends the legal moves of p to buf[:0] in LegalMoves' fixed
// order (game.Game). LegalMoves calls it: the body is here so that the
// searcher's call through the interface, the hot one, makes no second
// call.
func (Game) Moves(p *Position, buf []Move) []Move {
	if cap(buf) < MaxMoves {
		// Room for any position's moves at once: the moves are written
		// by index into it, with no check of the capacity each.
		buf = make([]Move, 0, MaxMoves)
	}
	p.settle()
	us, them := p.side, p.side^1
	kingBB := p.byType[King] & p.byColor[us]
	if kingBB == 0 {
		return buf[:0]
	}
	out := (*[MaxMoves]Move)(buf[:MaxMoves])
	n := 0
	ksq := kingBB.First()
	kingFrom := Move(ksq&63) | Move(King)<<12
	for b := p.safe; b != 0; b &= b - 1 {
		out[n&(MaxMoves-1)] = kingFrom | Move(b.First()&63)<<6
		n++
	}
	ours, theirs := p.byColor[us], p.byColor[them]
	if ours == kingBB {
		return buf[:n] // a lone king: no checks or pins to look at
	}
	occ := ours | theirs
	var checkers Bitboard
	if p.check != 0 {
		checkers = p.attackersTo(ksq, occ, them)
	}
	if checkers&(checkers-1) != 0 {
		return buf[:n] // double check: only the king moves
	}
	target := ^ours
	if checkers != 0 {
		c := checkers.First()
		target = betweenBB[ksq][c] | checkers
	}

	// Pinned pieces: ours alone between the king and an enemy slider.
	var pinned, snipers Bitboard
	if rq := (p.byType[Rook] | p.byType[Queen]) & theirs; rq != 0 {
		snipers = RookAttacks(ksq, theirs) & rq
	}
	if bq := (p.byType[Bishop] | p.byType[Queen]) & theirs; bq != 0 {
		snipers |= BishopAttacks(ksq, theirs) & bq
	}
	for ; snipers != 0; snipers &= snipers - 1 {
		bt := betweenBB[ksq][snipers.First()] & occ
		if bt&(bt-1) == 0 {
			pinned |= bt & ours
		}
	}

	if p.byType[Pawn]&ours != 0 {
		buf = p.pawnMoves(buf[:n], us, ksq, occ, theirs, target, pinned)
		n = len(buf)
	}
	for b := p.byType[Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := b.First()
		mf := Move(from&63) | Move(Knight)<<12
		for t := knightAttacks[from&63] & target; t != 0; t &= t - 1 {
			out[n&(MaxMoves-1)] = mf | Move(t.First()&63)<<6
			n++
		}
	}
	// The sliders, bishops, rooks and queens in turn; a pinned one moves
	// along its pin line only.
	for b := p.byType[Bishop] & ours; b != 0; b &= b - 1 {
		from := b.First() & 63
		att := BishopAttacks(from, occ) & target
		if pinned&from.Bitboard() != 0 {
			att &= lineBB[ksq&63][from]
		}
		mf := Move(from) | Move(Bishop)<<12
		for ; att != 0; att &= att - 1 {
			out[n&(MaxMoves-1)] = mf | Move(att.First()&63)<<6
			n++
		}
	}
	for b := p.byType[Rook] & ours; b != 0; b &= b - 1 {
		from := b.First() & 63
		att := RookAttacks(from, occ) & target
		if pinned&from.Bitboard() != 0 {
			att &= lineBB[ksq&63][from]
		}
		mf := Move(from) | Move(Rook)<<12
		for ; att != 0; att &= att - 1 {
			out[n&(MaxMoves-1)] = mf | Move(att.First()&63)<<6
			n++
		}
	}
	for b := p.byType[Queen] & ours; b != 0; b &= b - 1 {
		from := b.First() & 63
		att := QueenAttacks(from, occ) & target
		if pinned&from.Bitboard() != 0 {
			att &= lineBB[ksq&63][from]
		}
		mf := Move(from) | Move(Queen)<<12
		for ; att != 0; att &= att - 1 {
			out[n&(MaxMoves-1)] = mf | Move(att.First()&63)<<6
			n++
		}
	}
	buf = buf[:n]
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

// pawnMoves appends the pawn moves. Unpinned pawns: single pushes,
// captures towards the a-file, captures towards the h-file (each by target
// square from a1 to h8, promotions as Q, R, B, N), then double pushes; then
// the moves of pinned pawns, pawn by pawn; then en passant.
func (p *Position) pawnMoves(buf []Move, us Color, ksq Square, occ, theirs, target, pinned Bitboard) []Move {
	pawns := p.byType[Pawn] & p.byColor[us]
	if pawns == 0 {
		return buf
	}
	fwd, start, last := 8, rank2, rank8
	if us == Black {
		fwd, start, last = -8, rank7, rank1
	}
	// Unpinned pawns, set-wise: each set of targets with its step back to
	// the pawn.
	free := pawns &^ pinned
	var single, double, capWest, capEast Bitboard
	var dWest, dEast int
	if us == White {
		single = free << 8 &^ occ
		double = (single & rank3) << 8 &^ occ & target
		capWest, dWest = (free&^fileA)<<7&theirs&target, 7
		capEast, dEast = (free&^fileH)<<9&theirs&target, 9
	} else {
		single = free >> 8 &^ occ
		double = (single & rank6) >> 8 &^ occ & target
		capWest, dWest = (free&^fileA)>>9&theirs&target, -9
		capEast, dEast = (free&^fileH)>>7&theirs&target, -7
	}
	single &= target
	for _, set := range [3]struct {
		to Bitboard
		d  int
	}{{single, fwd}, {capWest, dWest}, {capEast, dEast}} {
		for b := set.to &^ last; b != 0; b &= b - 1 {
			to := b.First()
			buf = append(buf, newMove(Square(int(to)-set.d), to, Pawn, NoPieceType, flagNone))
		}
		for b := set.to & last; b != 0; b &= b - 1 {
			to := b.First()
			buf = appendPromotions(buf, Square(int(to)-set.d), to)
		}
	}
	for b := double; b != 0; b &= b - 1 {
		to := b.First()
		buf = append(buf, newMove(Square(int(to)-2*fwd), to, Pawn, NoPieceType, flagDouble))
	}
	// Pinned pawns, one by one, along their pin lines.
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		mask := target & lineBB[ksq][from]
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

// derive sets the fields of p that are functions of the rest: the squares
// the king of the side to move may legally step to (not castling: not
// occupied by its own pieces and not attacked, with the king itself
// removed from the board so it cannot hide behind its own shadow) and
// whether the king's own square is attacked (it is in check). One pass
// over the enemy's attacks on the king's square and its neighbours gives
// both; the attacks are taken away piece kind by piece kind, the sliders'
// last (a lookup each), and the work stops when no square is left.
func (p *Position) derive() {
	us := p.side & 1
	ours, theirs := p.byColor[us], p.byColor[us^1]
	k := p.byType[King] & ours
	if k == 0 {
		p.safe, p.check = 0, 0
		return
	}
	cand := kingAttacks[k.First()&63]&^ours | k
	ek := p.byType[King] & theirs
	if ek != 0 {
		cand &^= kingAttacks[ek.First()&63]
	}
	// The enemy's other men (none beside a lone king): its rooks first,
	// the other kinds (none in the rook endgames) only when it has them.
	if men := theirs &^ ek; men != 0 && cand != 0 {
		occ := (ours | theirs) ^ k
		if men&(men-1) == 0 && men&p.byType[Rook] != 0 {
			// A lone rook (KRK's): its attacks, no loop.
			cand &^= RookAttacks(men.First(), occ)
			p.safe, p.check = cand&^k, checkOf(cand&k)
			return
		}
		for b := p.byType[Rook] & men; b != 0 && cand != 0; b &= b - 1 {
			cand &^= RookAttacks(b.First(), occ)
		}
		if men &^= p.byType[Rook]; men != 0 && cand != 0 {
			if pawns := p.byType[Pawn] & men; pawns != 0 {
				if us == Black {
					cand &^= (pawns&^fileA)<<7 | (pawns&^fileH)<<9
				} else {
					cand &^= (pawns&^fileA)>>9 | (pawns&^fileH)>>7
				}
			}
			for b := p.byType[Knight] & men; b != 0 && cand != 0; b &= b - 1 {
				cand &^= knightAttacks[b.First()&63]
			}
			for b := p.byType[Queen] & men; b != 0 && cand != 0; b &= b - 1 {
				cand &^= RookAttacks(b.First(), occ)
			}
			for b := (p.byType[Bishop] | p.byType[Queen]) & men; b != 0 && cand != 0; b &= b - 1 {
				cand &^= BishopAttacks(b.First(), occ)
			}
		}
	}
	p.safe, p.check = cand&^k, checkOf(cand&k)
}

package chess

import (
	"math"
	"math/bits"
)

// HopelessRun is, from moves[i] on, the index of the first move m that
// gives check (check true: GivesCheck(m)) or after which the other side
// has no quiet reply (check false: !QuietReply(m)), or len(moves) with
// check false when every move is neither: the loop over GivesCheck and
// QuietReply, answered as that loop would, without their calls. A
// forcing-tree searcher runs it over the moves of a node one move before
// its horizon whose better goal is mate or check (kb.Predicate.Run):
// such moves are passed over unplayed. Against a lone king, with no pawn
// or knight of the mover's, what the two tests of every move share (the
// lone king's square and neighbours, the mover's men, the attacks of
// the men a move leaves in place) is computed once for the node; the
// moves of other positions, castling, en passant and promotions are
// asked of the two tests.
func (p *Position) HopelessRun(moves []Move, i int) (int, bool) {
	us := p.side & 1
	k := p.byType[King] & p.byColor[us^1]
	mine := p.byColor[us]
	if k == 0 || p.byColor[us^1] != k || (p.byType[Pawn]|p.byType[Knight])&mine != 0 {
		return p.hopelessLoop(moves, i)
	}
	ksq := k.First() & 63
	ring := kingAttacks[ksq]
	lines := &lineBB[ksq]
	wk := p.byType[King] & mine
	rq := (p.byType[Rook] | p.byType[Queen]) & mine
	bq := (p.byType[Bishop] | p.byType[Queen]) & mine
	// The attacks of the sliders on their squares (our men in the way
	// only: the lone king does not shield the squares behind it), which
	// a move off their lines leaves as they are.
	var wkAtt, rqAtt, bqAtt, rqLines, bqLines Bitboard
	if wk != 0 {
		wkAtt = kingAttacks[wk.First()&63]
	}
	// The lone king's squares our king does not guard: a slider's move
	// off the king's lines that leaves one of them off its own lines
	// neither checks nor takes every square (where it is the only
	// slider), told without its attacks.
	free := ring &^ wkAtt
	single := (rq|bq)&((rq|bq)-1) == 0
	// shield: the squares between a slider and the lone king on its
	// line, the only squares our king can uncover a check from.
	var shield Bitboard
	for b := rq; b != 0; b &= b - 1 {
		s := b.First() & 63
		rqAtt |= RookAttacks(s, mine)
		rqLines |= rookRays[s]
		if rookRays[s]&k != 0 {
			shield |= betweenBB[s][ksq]
		}
	}
	for b := bq; b != 0; b &= b - 1 {
		s := b.First() & 63
		bqAtt |= BishopAttacks(s, mine)
		bqLines |= bishopRays[s]
		if bishopRays[s]&k != 0 {
			shield |= betweenBB[s][ksq]
		}
	}
	for ; i < len(moves); i++ {
		m := moves[i]
		if m&(7<<15|3<<18) != 0 {
			if p.GivesCheck(m) {
				return i, true
			}
			if !p.QuietReply(m) {
				return i, false
			}
			continue
		}
		pt := m.Piece()
		if single && pt != King {
			// The single slider's move off the king's lines that
			// leaves a free square off its own: passed over before
			// the move is decoded further (most of a node's moves).
			to := m.To() & 63
			var rays Bitboard
			if pt != Bishop {
				rays = rookRays[to]
			}
			if pt != Rook {
				rays |= bishopRays[to]
			}
			if rays&k == 0 && free&^rays != 0 {
				continue
			}
		}
		from, to := m.From()&63, m.To()&63
		fromBB := from.Bitboard()
		moved := fromBB | to.Bitboard()
		after := mine ^ moved
		cand := ring
		switch pt {
		case King:
			cand &^= kingAttacks[to]
			if rq|bq == 0 {
				break
			}
			if shield&fromBB != 0 && p.uncovers(ksq, after|k, rq, bq) {
				return i, true
			}
			// The sliders' attacks: as they were unless the king
			// left or entered one of their lines.
			if moved&rqLines == 0 {
				cand &^= rqAtt
			} else {
				for b := rq; b != 0 && cand != 0; b &= b - 1 {
					cand &^= RookAttacks(b.First(), after)
				}
			}
			if moved&bqLines == 0 {
				cand &^= bqAtt
			} else {
				for b := bq; b != 0 && cand != 0; b &= b - 1 {
					cand &^= BishopAttacks(b.First(), after)
				}
			}
		case Rook, Queen, Bishop:
			var a Bitboard
			if pt != Bishop {
				a = RookAttacks(to, after)
			}
			if pt != Rook {
				a |= BishopAttacks(to, after)
			}
			// (The attacks with the lone king in the way reach it as
			// these do: a direct check.)
			if a&k != 0 {
				return i, true
			}
			cand &^= wkAtt | a
			// The other sliders (none with a single one: the rook,
			// queen and bishop endgames), their attacks computed
			// afresh.
			rs, bs := rq&^fromBB, bq&^fromBB
			if rs|bs == 0 {
				break
			}
			if lines[from] != 0 && p.uncovers(ksq, after|k, rs, bs) {
				return i, true
			}
			for b := rs; b != 0 && cand != 0; b &= b - 1 {
				cand &^= RookAttacks(b.First(), after)
			}
			for b := bs; b != 0 && cand != 0; b &= b - 1 {
				cand &^= BishopAttacks(b.First(), after)
			}
		default:
			if p.GivesCheck(m) {
				return i, true
			}
			if !p.QuietReply(m) {
				return i, false
			}
			continue
		}
		if cand == 0 {
			return i, false
		}
	}
	return i, false
}

// uncovers reports whether a slider of rq (along ranks and files) or bq
// (along diagonals), on their squares, attacks the king's square ksq when
// occ is occupied: the check a move uncovers (GivesCheck's).
func (p *Position) uncovers(ksq Square, occ, rq, bq Bitboard) bool {
	return rq != 0 && RookAttacks(ksq, occ)&rq != 0 || bq != 0 && BishopAttacks(ksq, occ)&bq != 0
}

// hopelessLoop is HopelessRun by the two tests.
func (p *Position) hopelessLoop(moves []Move, i int) (int, bool) {
	for ; i < len(moves); i++ {
		if p.GivesCheck(moves[i]) {
			return i, true
		}
		if !p.QuietReply(moves[i]) {
			return i, false
		}
	}
	return i, false
}

// PiecesAfter is PiecesOf(c, t) of the position after the legal move m
// of p, told without making the move (castling, en passant and
// promotions are made on a copy): the move constraints of a searcher
// that read where the men stand after a move are tested before the
// move is made (kb.Func.Move).
func (p *Position) PiecesAfter(m Move, c Color, t PieceType) Bitboard {
	if m&(7<<15|3<<18) != 0 {
		return p.piecesAfterSpecial(m, c, t)
	}
	b := p.byType[t&7] & p.byColor[c&1]
	to := Bitboard(1) << (m >> 6 & 63)
	if c&1 != p.side&1 {
		return b &^ to // a capture
	}
	if t&7 == PieceType(m>>12&7) {
		b ^= Bitboard(1)<<(m&63) | to
	}
	return b
}

// piecesAfterSpecial is PiecesAfter for castling, en passant, promotions
// and a pawn's double step, made on a copy.
//
//go:noinline
func (p *Position) piecesAfterSpecial(m Move, c Color, t PieceType) Bitboard {
	q := *p
	q.apply(m)
	return q.PiecesOf(c, t)
}

// NoSquareAfter is what SquareOfAfter gives when the side has no man of
// the kind after the move: the definition language's nothing
// (kb.None, math.MinInt32), so that SquareOfAfter is the move form of
// the language's square_of itself, one call (chess/predicates).
const NoSquareAfter = math.MinInt32

// SquareOfAfter is the square of the side c's man of kind t on the
// lowest square after the legal move m of p, NoSquareAfter when there is
// none: PiecesAfter(m, c, t)'s first square, with the signature of a move
// form of the definition language (kb.Func.Move; the last argument is
// unused).
func (p *Position) SquareOfAfter(m Move, c, t, _ int32) int32 {
	var b Bitboard
	if m&(7<<15|3<<18) != 0 {
		b = p.piecesAfterSpecial(m, Color(c), PieceType(t))
	} else {
		b = p.byType[t&7] & p.byColor[c&1]
		to := Bitboard(1) << (m >> 6 & 63)
		if Color(c)&1 != p.side&1 {
			b &^= to // a capture
		} else if PieceType(t)&7 == PieceType(m>>12&7) {
			b ^= Bitboard(1)<<(m&63) | to
		}
	}
	if b == 0 {
		return NoSquareAfter
	}
	return int32(b.First())
}

// HopelessMoves lists the legal moves of p as LegalMoves does (into buf)
// and tells, for all of them at once, where HopelessRun would stop: bit
// i of stop is set when HopelessRun(moves, i) returns i, and bit i of
// check when it returns (i, true) (the move gives check); ok is false,
// with nothing listed, outside the positions it answers this way. Those
// are HopelessRun's commonest, a king and at most one slider (rook,
// bishop or queen) against a lone king, without castling rights, the
// mover not in check: then no move is special, and most of the slider's
// moves are passed over as a set (those off the lone king's lines whose
// lines leave one of its free squares off them, HopelessRun's first test)
// without being decoded one by one. A forcing-tree searcher asks it at a
// node one move before its horizon whose better goal is mate or check
// (kb.Predicate.RunMoves), instead of listing the moves and running
// HopelessRun over them from each move it stops at.
func (p *Position) HopelessMoves(buf []Move) (moves []Move, stop, check uint64, ok bool) {
	return p.hopelessMoves(buf, false)
}

// MateMoves is HopelessMoves for the better goal mate: a move that gives
// check without mate is passed over too (its bit of stop clear). After
// it the lone king has a step, and after that step (the searcher's
// first reply: Game.FirstMove) the mover is to move and gives no check,
// as a lone king's step uncovers none: a searcher with no move left
// after it fails there, as it does after the moves HopelessRun passes
// over. The mates are told by the lone king's squares the move leaves it
// (HopelessRun's test of a quiet reply), which need no more attacks.
func (p *Position) MateMoves(buf []Move) (moves []Move, stop, check uint64, ok bool) {
	return p.hopelessMoves(buf, true)
}

// hopelessMoves is HopelessMoves, or MateMoves with mates.
func (p *Position) hopelessMoves(buf []Move, mates bool) (moves []Move, stop, check uint64, ok bool) {
	us := p.side & 1
	k := p.byType[King] & p.byColor[us^1]
	mine := p.byColor[us]
	wk := p.byType[King] & mine
	sl := mine &^ wk
	if k == 0 || p.byColor[us^1] != k || wk == 0 || p.castle != 0 || sl&(sl-1) != 0 ||
		sl&(p.byType[Pawn]|p.byType[Knight]) != 0 {
		return buf, 0, 0, false
	}
	p.settle()
	if p.check != 0 {
		return buf, 0, 0, false
	}
	ksq := k.First() & 63
	var spt PieceType
	var ssq Square
	var sAtt, sLines, rays Bitboard
	if sl != 0 {
		ssq = sl.First() & 63
		switch {
		case p.byType[Rook]&sl != 0:
			spt, sLines = Rook, rookRays[ssq]
		case p.byType[Bishop]&sl != 0:
			spt, sLines = Bishop, bishopRays[ssq]
		default:
			spt, sLines = Queen, rookRays[ssq]|bishopRays[ssq]
		}
		// (The lone king stands in no line of sAtt, the attacks with our
		// men in the way only, or it is in check: not a position of p's
		// side to move. So sAtt is also the attacks with it in the way.)
		if sAtt = kindAttacks(spt, ssq, mine); sAtt&k != 0 {
			return buf, 0, 0, false
		}
		rays = kindRays(spt, ksq)
	}
	if cap(buf) < MaxMoves {
		buf = make([]Move, 0, MaxMoves)
	}
	out := (*[MaxMoves]Move)(buf[:MaxMoves])
	n := 0
	ring := kingAttacks[ksq]
	// The king's steps (at most eight), listed first. A step stops the
	// run where it leaves the lone king no square that neither our king
	// on its new square nor the slider takes. Where the king neither
	// leaves nor enters one of the slider's lines, the slider's attacks
	// stay as they are, and the steps that stop are those next to every
	// square of the lone king's the slider leaves (found as a set); the
	// others are decoded one by one, the slider's attacks computed afresh
	// (where the king may also uncover a check).
	wsq := wk.First() & 63
	kingFrom := Move(wsq) | Move(King)<<12
	steps := p.safe
	for b := steps; b != 0; b &= b - 1 {
		out[n&(MaxMoves-1)] = kingFrom | Move(b.First()&63)<<6
		n++
	}
	rest := steps
	if sl == 0 || wk&sLines == 0 {
		left := ring &^ sAtt
		rest = steps & sLines
		near := ^Bitboard(0)
		for l := left; l != 0; l &= l - 1 {
			near &= kingAttacks[l.First()&63]
		}
		for b := steps &^ rest & near; b != 0; b &= b - 1 {
			stop |= 1 << uint(bits.OnesCount64(uint64(steps&(b&-b-1))))
		}
	}
	for b := rest; b != 0; b &= b - 1 {
		to := b.First() & 63
		i := uint(bits.OnesCount64(uint64(steps & (to.Bitboard() - 1))))
		moved := wk | to.Bitboard()
		var a Bitboard
		if spt == Rook {
			a = RookAttacks(ssq, mine^moved)
		} else {
			a = kindAttacks(spt, ssq, mine^moved)
		}
		cand := ring &^ kingAttacks[to] &^ a
		if a&k != 0 {
			if cand == 0 || !mates {
				stop |= 1 << i
				check |= 1 << i
			}
		} else if cand == 0 {
			stop |= 1 << i
		}
	}
	if sl == 0 {
		return buf[:n], stop, check, true
	}
	// The slider's moves, in LegalMoves' order. Those off the lone king's
	// lines whose lines leave one of its free squares (our king does not
	// guard it) off them neither give check nor take every square: the
	// set of such squares is off the king's lines and off the lines
	// common to every free square.
	targets := sAtt &^ mine
	common := ^Bitboard(0)
	for f := ring &^ kingAttacks[wsq]; f != 0; f &= f - 1 {
		common &= kindRays(spt, f.First()&63)
	}
	base := n
	mf := Move(ssq) | Move(spt)<<12
	for t := targets; t != 0; t &= t - 1 {
		out[n&(MaxMoves-1)] = mf | Move(t.First()&63)<<6
		n++
	}
	wkAtt := kingAttacks[wsq]
	for t := targets & (rays | common); t != 0; t &= t - 1 {
		to := t.First() & 63
		toBB := to.Bitboard()
		i := uint(base + bits.OnesCount64(uint64(targets&(toBB-1))))
		var a Bitboard
		if spt == Rook {
			a = RookAttacks(to, mine^sl^toBB)
		} else {
			a = kindAttacks(spt, to, mine^sl^toBB)
		}
		if cand := ring &^ (wkAtt | a); a&k != 0 {
			if cand == 0 || !mates {
				stop |= 1 << i
				check |= 1 << i
			}
		} else if cand == 0 {
			stop |= 1 << i
		}
	}
	return buf[:n], stop, check, true
}

// kindAttacks is the attacks of a slider of kind pt (rook, bishop or
// queen) on sq when occ is occupied. (hopelessMoves calls it for the
// bishops and queens only: a rook's, the endgame's commonest, inlined.)
func kindAttacks(pt PieceType, sq Square, occ Bitboard) Bitboard {
	switch pt {
	case Rook:
		return RookAttacks(sq, occ)
	case Bishop:
		return BishopAttacks(sq, occ)
	}
	return QueenAttacks(sq, occ)
}

// kindRays is the lines of a slider of kind pt on sq on an empty board.
func kindRays(pt PieceType, sq Square) Bitboard {
	switch pt {
	case Rook:
		return rookRays[sq&63]
	case Bishop:
		return bishopRays[sq&63]
	}
	return rookRays[sq&63] | bishopRays[sq&63]
}

package chess

import (
	"math/bits"
	"unsafe"
)

// Castling rights, one bit each.
const (
	WhiteKingside uint8 = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
)

// Position is a chess position as a value: bitboards per piece type and per
// colour, side to move, castling rights, en-passant square, the two move
// counters and the Zobrist hash. It holds no pointers, so copying it is a
// memory copy of 104 bytes; Play returns a new Position and never changes the
// old one. The zero Position is an empty board with no moves.
//
// Two fields are functions of the rest, set by every constructor and move
// (derive): the squares the king of the side to move may step to and
// whether it is in check. Most positions a search reaches are asked both
// (stalemate, mate, check, its moves), and computing them once, in one
// pass over the enemy's attacks on the king's square and its neighbours,
// costs less than computing either again (issue 21). Game.PlayInto, the
// searcher's move, leaves them stale: the first method that reads them
// derives them (writing them into the position), so that a position the
// searcher only tests with the primitives that do not read them (a move
// its constraint refuses, a goal of the men's squares) is never derived.
// Every other constructor and move (Play, Pass, Flipped, ParseFEN,
// NewPosition) derives them at once, so that a position shared between
// goroutines is only read.
//
// The en-passant square is kept (and hashed) only when a pawn of the side to
// move stands beside the pawn that just advanced two squares, so positions
// that cannot differ in their moves share a hash and a FEN.
type Position struct {
	byType   [8]Bitboard // index 0 unused; Pawn..King (7 unused: indexed by kind&7, no modulo)
	byColor  [2]Bitboard
	hash     uint64
	halfmove uint16 // plies since the last capture or pawn move
	fullmove uint16 // starts at 1, grows after Black's move
	side     Color
	castle   uint8
	ep       Square
	check    uint8    // the side to move is in check (derive): 1, else 0; stale (2) until derived
	safe     Bitboard // the squares its king may step to (derive)
}

// stale in Position.check: the derived fields are not set yet (a position
// made by Game.PlayInto); the first method that reads them derives them.
const stale = 2

// settle derives p's fields when they are stale (Game.PlayInto).
func (p *Position) settle() {
	if p.check == stale {
		p.derive()
	}
}

// castleMask[sq] is and-ed into the castling rights when a piece leaves or
// arrives on sq.
var castleMask [64]uint8

func init() {
	for i := range castleMask {
		castleMask[i] = 0xf
	}
	castleMask[E1] = ^(WhiteKingside | WhiteQueenside) & 0xf
	castleMask[H1] = ^WhiteKingside & 0xf
	castleMask[A1] = ^WhiteQueenside & 0xf
	castleMask[E8] = ^(BlackKingside | BlackQueenside) & 0xf
	castleMask[H8] = ^BlackKingside & 0xf
	castleMask[A8] = ^BlackQueenside & 0xf
}

// Zobrist keys, from a fixed seed.
var (
	zobristPiece  [2][8][64]uint64 // [colour][kind&7][square]: no bounds check, no modulo
	zobristCastle [16]uint64
	zobristEP     [8]uint64
	zobristSide   uint64
)

func initZobrist() {
	rng := prng(0x9e3779b97f4a7c15)
	for c := range 2 {
		for t := Pawn; t <= King; t++ {
			for sq := range 64 {
				zobristPiece[c][t][sq] = rng.next()
			}
		}
	}
	for i := range zobristCastle {
		zobristCastle[i] = rng.next()
	}
	for i := range zobristEP {
		zobristEP[i] = rng.next()
	}
	zobristSide = rng.next()
}

// computeHash computes the Zobrist hash from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			for b := p.byType[t] & p.byColor[c]; b != 0; b &= b - 1 {
				h ^= zobristPiece[c][t][b.First()]
			}
		}
	}
	h ^= zobristCastle[p.castle]
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep.File()]
	}
	if p.side == Black {
		h ^= zobristSide
	}
	return h
}

// Hash returns the Zobrist hash of p, kept incrementally by Play. It covers
// the pieces, the side to move, castling rights and the en-passant file,
// not the move counters.
func (p *Position) Hash() uint64 { return p.hash }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// CastlingRights returns the castling rights as a set of WhiteKingside,
// WhiteQueenside, BlackKingside and BlackQueenside bits.
func (p *Position) CastlingRights() uint8 { return p.castle }

// EnPassant returns the en-passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the move, starting at 1.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t > King {
		return 0
	}
	return p.byType[t] & p.byColor[c&1]
}

// PiecesOf is Pieces for a kind of piece that is one of Pawn to King
// (any other t gives the squares of some kind or none), without Pieces'
// test of t: the primitives of the definition language, whose kinds are
// always real ones, read it thousands of times a game.
func (p *Position) PiecesOf(c Color, t PieceType) Bitboard {
	return p.byType[t&7] & p.byColor[c&1]
}

// Type returns the squares of pieces of type t of both colours.
func (p *Position) Type(t PieceType) Bitboard {
	if t > King {
		return 0
	}
	return p.byType[t]
}

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorPieces returns the squares of c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c&1] }

// King returns the square of c's king, or NoSquare when there is none (only
// in the zero Position).
func (p *Position) King(c Color) Square {
	b := p.byType[King] & p.byColor[c&1]
	if b == 0 {
		return NoSquare
	}
	return b.First()
}

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece {
	if sq >= NoSquare {
		return NoPiece
	}
	bb := sq.Bitboard()
	var c Color
	switch {
	case p.byColor[White]&bb != 0:
		c = White
	case p.byColor[Black]&bb != 0:
		c = Black
	default:
		return NoPiece
	}
	return NewPiece(c, p.typeAt(bb))
}

// typeAt returns the type of the piece on the (occupied) square bb.
func (p *Position) typeAt(bb Bitboard) PieceType {
	for t := Pawn; t <= King; t++ {
		if p.byType[t]&bb != 0 {
			return t
		}
	}
	return NoPieceType
}

// put and remove change the bitboards and the hash.
func (p *Position) put(c Color, t PieceType, sq Square) {
	bb := sq.Bitboard()
	p.byType[t] |= bb
	p.byColor[c] |= bb
	p.hash ^= zobristPiece[c][t][sq]
}

// AttackersTo returns the pieces of colour by that attack sq, with occ as
// the occupied squares. A slider's attack set is looked up only when by
// has a piece that moves along it (endgames have few).
func (p *Position) attackersTo(sq Square, occ Bitboard, by Color) Bitboard {
	by &= 1
	sq &= 63
	them := p.byColor[by]
	att := (pawnAttacks[by^1][sq]&p.byType[Pawn] |
		knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King]) & them
	if rq := (p.byType[Rook] | p.byType[Queen]) & them; rq != 0 {
		att |= RookAttacks(sq, occ) & rq
	}
	if bq := (p.byType[Bishop] | p.byType[Queen]) & them; bq != 0 {
		att |= BishopAttacks(sq, occ) & bq
	}
	return att
}

// AttackersTo returns the pieces of colour by that attack sq.
func (p *Position) AttackersTo(sq Square, by Color) Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return p.attackersTo(sq, p.Occupied(), by&1)
}

// Attacked reports whether a piece of colour by attacks sq.
func (p *Position) Attacked(sq Square, by Color) bool {
	return p.AttackersTo(sq, by) != 0
}

// AttacksFrom returns the squares the piece on sq attacks (empty for an
// empty square).
func (p *Position) AttacksFrom(sq Square) Bitboard {
	pc := p.PieceAt(sq)
	if pc == NoPiece {
		return 0
	}
	return Attacks(pc.Color(), pc.Type(), sq, p.Occupied())
}

// AttackedBy returns every square a piece of colour c attacks.
func (p *Position) AttackedBy(c Color) Bitboard {
	var a Bitboard
	occ := p.Occupied()
	for t := Pawn; t <= King; t++ {
		for b := p.byType[t] & p.byColor[c&1]; b != 0; b &= b - 1 {
			a |= Attacks(c, t, b.First(), occ)
		}
	}
	return a
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.King(p.side)
	if k == NoSquare {
		return 0
	}
	return p.attackersTo(k, p.Occupied(), p.side^1)
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	p.settle()
	return p.check != 0
}

// Play returns the position after m, which must be a legal move of p (from
// LegalMoves or ParseMove). p itself is unchanged (copy-make).
func (p *Position) Play(m Move) Position {
	q := *p
	q.apply(m)
	return q
}

// apply makes the move m on p in place. The common move of an endgame
// (not a pawn's, not castling, from a position without castling rights
// or an en-passant square) takes the short way; applyFull makes any move.
func (p *Position) apply(m Move) {
	us := p.side & 1
	pt := m.Piece() & 7
	if m&(7<<15|3<<18) != 0 || pt == Pawn || p.castle != 0 || p.ep != NoSquare {
		p.applyFull(m)
		return
	}
	them := us ^ 1
	from, to := m.From()&63, m.To()&63
	fromBB, toBB := from.Bitboard(), to.Bitboard()
	zp := &zobristPiece[us][pt]
	h := p.hash ^ zobristSide ^ zp[from] ^ zp[to]
	p.halfmove++
	if p.byColor[them]&toBB != 0 {
		ct := p.typeAt(toBB) & 7
		p.byType[ct] ^= toBB
		p.byColor[them] ^= toBB
		h ^= zobristPiece[them][ct][to]
		p.halfmove = 0
	}
	p.byType[pt] ^= fromBB | toBB
	p.byColor[us] ^= fromBB | toBB
	p.fullmove += uint16(us)
	p.side = them
	p.hash = h
	// derive, written out here (the call and its frame cost a tenth of
	// a move; TestApplyShortWay holds the two to the same result): the
	// side to move is them now, its enemy us.
	ours, theirs := p.byColor[them], p.byColor[us]
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
	if men := theirs &^ ek; men != 0 && cand != 0 {
		// (By kind in turn, not derive's rooks first: Play makes the
		// moves of every kind of position, perft's among them.)
		if pawns := p.byType[Pawn] & men; pawns != 0 {
			if them == Black {
				cand &^= (pawns&^fileA)<<7 | (pawns&^fileH)<<9
			} else {
				cand &^= (pawns&^fileA)>>9 | (pawns&^fileH)>>7
			}
		}
		for b := p.byType[Knight] & men; b != 0 && cand != 0; b &= b - 1 {
			cand &^= knightAttacks[b.First()&63]
		}
		occ := (ours | theirs) ^ k
		for b := (p.byType[Rook] | p.byType[Queen]) & men; b != 0 && cand != 0; b &= b - 1 {
			cand &^= RookAttacks(b.First(), occ)
		}
		for b := (p.byType[Bishop] | p.byType[Queen]) & men; b != 0 && cand != 0; b &= b - 1 {
			cand &^= BishopAttacks(b.First(), occ)
		}
	}
	p.safe, p.check = cand&^k, checkOf(cand&k)
}

// checkOf is Position.check for a king's square left out of the squares
// it may stand on (k, the king's square, or nothing).
func checkOf(k Bitboard) uint8 {
	if k == 0 {
		return 1
	}
	return 0
}

// applyFull makes any legal move m on p in place.
func (p *Position) applyFull(m Move) {
	us := p.side & 1
	them := us ^ 1
	from, to, pt := m.From(), m.To(), m.Piece()
	fromBB, toBB := from.Bitboard(), to.Bitboard()
	h := p.hash ^ zobristSide
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	p.halfmove++
	if p.byColor[them]&toBB != 0 {
		ct := p.typeAt(toBB)
		p.byType[ct&7] ^= toBB
		p.byColor[them] ^= toBB
		h ^= zobristPiece[them][ct&7][to]
		p.halfmove = 0
	}
	p.byType[pt&7] ^= fromBB | toBB
	p.byColor[us] ^= fromBB | toBB
	h ^= zobristPiece[us][pt&7][from] ^ zobristPiece[us][pt&7][to]
	if m&(7<<15|3<<18) != 0 || pt == Pawn {
		h = p.applySpecial(m, us, h)
	}
	if p.castle != 0 {
		// (Without castling rights, the key of none is in the hash
		// before the move and after it.)
		h ^= zobristCastle[p.castle&15]
		p.castle &= castleMask[from] & castleMask[to]
		h ^= zobristCastle[p.castle&15]
	}
	p.fullmove += uint16(us)
	p.side = them
	p.hash = h
	p.derive()
}

// HashAfter returns the hash of the position after the legal move m, what
// p.Play(m).Hash() is, without making the move: the Zobrist keys apply
// would change, from p (a pawn move or castling is made on a copy).
func (p *Position) HashAfter(m Move) uint64 {
	h, _ := Game{}.HashAfter(p, m)
	return h
}

// hashAfterSlow is HashAfter's hash for a pawn move, castling, a
// capture, or a move from a position with an en-passant square or
// castling rights.
//
//go:noinline
func (p *Position) hashAfterSlow(m Move) uint64 {
	pt := m.Piece() & 7
	if m&(7<<15|3<<18) != 0 || pt == Pawn {
		return p.hashAfterSpecial(m)
	}
	us := p.side & 1
	from, to := m.From()&63, m.To()&63
	zp := &zobristPiece[us][pt]
	h := p.hash ^ zobristSide ^ zp[from] ^ zp[to]
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep&7]
	}
	if toBB := to.Bitboard(); p.byColor[us^1]&toBB != 0 {
		h ^= zobristPiece[us^1][p.typeAt(toBB)&7][to]
	}
	if p.castle != 0 {
		h ^= zobristCastle[p.castle&15] ^ zobristCastle[p.castle&castleMask[from]&castleMask[to]&15]
	}
	return h
}

// hashAfterSpecial is HashAfter for a pawn move or castling (out of
// line: its copy of the position would make HashAfter's frame).
//
//go:noinline
func (p *Position) hashAfterSpecial(m Move) uint64 {
	q := *p
	q.apply(m)
	return q.hash
}

// applySpecial is the part of apply for a pawn move (the halfmove clock,
// a double step's en-passant square, en passant, promotion) or castling
// (the rook): it changes p after the piece has moved and returns the
// hash h updated.
func (p *Position) applySpecial(m Move, us Color, h uint64) uint64 {
	them := us ^ 1
	from, to := m.From(), m.To()
	if m.Piece() != Pawn {
		if m.flag() == flagCastle {
			var rf, rt Square
			if to > from {
				rf, rt = from+3, from+1
			} else {
				rf, rt = from-4, from-1
			}
			rb := rf.Bitboard() | rt.Bitboard()
			p.byType[Rook] ^= rb
			p.byColor[us] ^= rb
			h ^= zobristPiece[us][Rook][rf&63] ^ zobristPiece[us][Rook][rt&63]
		}
		return h
	}
	p.halfmove = 0
	switch m.flag() {
	case flagDouble:
		ep := (from + to) / 2
		if pawnAttacks[us][ep&63]&p.byType[Pawn]&p.byColor[them] != 0 {
			p.ep = ep
			h ^= zobristEP[ep&7]
		}
	case flagEnPassant:
		cap := to - 8
		if us == Black {
			cap = to + 8
		}
		cb := cap.Bitboard()
		p.byType[Pawn] ^= cb
		p.byColor[them] ^= cb
		h ^= zobristPiece[them][Pawn][cap&63]
	}
	if pr := m.Promotion(); pr != NoPieceType {
		toBB := to.Bitboard()
		p.byType[Pawn] ^= toBB
		p.byType[pr&7] ^= toBB
		h ^= zobristPiece[us][Pawn][to] ^ zobristPiece[us][pr&7][to]
	}
	return h
}

// Pass returns p with the other side to move (a null move: en passant
// cleared, the move counters advanced as by a quiet move), and false when
// the side to move is in check, where no pass is allowed. In a line of
// moves the pass is NoMove (SANLine prints it "--", as PGN does).
func (p *Position) Pass() (Position, bool) {
	if p.InCheck() { // (settled: the copy below is derived again)
		return *p, false
	}
	q := *p
	q.hash ^= zobristSide
	if q.ep != NoSquare {
		q.hash ^= zobristEP[q.ep.File()]
		q.ep = NoSquare
	}
	q.halfmove++
	if q.side == Black {
		q.fullmove++
	}
	q.side ^= 1
	q.derive()
	return q, true
}

// Flipped returns p with the colours swapped and the board mirrored top to
// bottom (a White pawn on e2 becomes a Black pawn on e7), Black to move
// where White was, castling rights and en passant swapped to match. The
// game is the same with the roles exchanged, so the two positions have the
// same moves up to the mirror and the same perft counts.
func (p *Position) Flipped() Position {
	q := *p
	for t := Pawn; t <= King; t++ {
		q.byType[t] = Bitboard(bits.ReverseBytes64(uint64(p.byType[t])))
	}
	q.byColor[White] = Bitboard(bits.ReverseBytes64(uint64(p.byColor[Black])))
	q.byColor[Black] = Bitboard(bits.ReverseBytes64(uint64(p.byColor[White])))
	q.side = p.side ^ 1
	q.castle = p.castle>>2 | p.castle<<2&0xf
	if p.ep != NoSquare {
		q.ep = p.ep ^ 56
	}
	q.hash = q.computeHash()
	q.derive()
	return q
}

// GivesCheck reports whether the legal move m of p puts the other side
// in check: p.Play(m).InCheck(), without making the move (a direct check
// by the piece on its new square, or a slider of the mover's uncovered
// by the square it leaves). Castling, en passant and promotions are made
// on a copy.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side & 1
	ek := p.byType[King] & p.byColor[us^1]
	if ek == 0 {
		return false
	}
	if m&(7<<15|3<<18) != 0 {
		return p.givesCheckSpecial(m)
	}
	ksq := ek.First() & 63
	from, to, pt := m.From()&63, m.To()&63, m.Piece()
	fromBB := from.Bitboard()
	line := lineBB[ksq][from]
	if pt == King && line == 0 {
		return false // a king gives no check, nor uncovers one off the lines through the enemy king
	}
	occ := (p.byColor[White]|p.byColor[Black])&^fromBB | to.Bitboard()
	// A slider's attacks are looked up only when the enemy king is on
	// one of its lines.
	switch pt {
	case Rook:
		if rookRays[to]&ek != 0 && RookAttacks(to, occ)&ek != 0 {
			return true
		}
	case Queen:
		if (rookRays[to]|bishopRays[to])&ek != 0 && QueenAttacks(to, occ)&ek != 0 {
			return true
		}
	case Bishop:
		if bishopRays[to]&ek != 0 && BishopAttacks(to, occ)&ek != 0 {
			return true
		}
	case Knight:
		if knightAttacks[to]&ek != 0 {
			return true
		}
	case Pawn:
		if pawnAttacks[us][to]&ek != 0 {
			return true
		}
	}
	if line == 0 {
		return false // nothing uncovered: the square left is not in line with the king
	}
	ours := p.byColor[us] &^ fromBB
	if rq := (p.byType[Rook] | p.byType[Queen]) & ours; rq != 0 && RookAttacks(ksq, occ)&rq != 0 {
		return true
	}
	if bq := (p.byType[Bishop] | p.byType[Queen]) & ours; bq != 0 && BishopAttacks(ksq, occ)&bq != 0 {
		return true
	}
	return false
}

// givesCheckSpecial is GivesCheck for castling, en passant and
// promotions, made on a copy.
//
//go:noinline
func (p *Position) givesCheckSpecial(m Move) bool {
	q := *p
	q.apply(m)
	return q.check != 0
}

// QuietReply reports whether, after the legal move m of p, the other
// side has a legal move that gives no check, when that is cheap to tell
// without making m: the other side has nothing but its king (whose steps
// give no check) and its king has a square to step to after m. false
// says nothing (the side has other men, or its king no step).
func (p *Position) QuietReply(m Move) bool {
	us := p.side & 1
	k := p.byType[King] & p.byColor[us^1]
	if k == 0 || p.byColor[us^1] != k {
		return false
	}
	mine := p.byColor[us]
	if m&(7<<15|3<<18) != 0 || (p.byType[Pawn]|p.byType[Knight])&mine != 0 {
		return p.kingStepsAfter(m, k) != 0
	}
	// The short way, kingStepsAfter's for a lone king (m takes nothing,
	// and only our men stand in the way of our sliders after the move)
	// against a king and sliders (the endgames of rooks, queens and
	// bishops), written here: the searcher asks it of most moves one
	// move before its horizon.
	from, to := m.From()&63, m.To()&63
	moved := from.Bitboard() | to.Bitboard()
	mine ^= moved
	kings := p.byType[King]
	rq := p.byType[Rook] | p.byType[Queen]
	bq := p.byType[Bishop] | p.byType[Queen]
	switch m.Piece() {
	case King:
		kings ^= moved
	case Rook:
		rq ^= moved
	case Bishop:
		bq ^= moved
	case Queen:
		rq ^= moved
		bq ^= moved
	}
	cand := kingAttacks[k.First()&63]
	if wk := kings & mine; wk != 0 {
		cand &^= kingAttacks[wk.First()&63]
	}
	for b := rq & mine; b != 0 && cand != 0; b &= b - 1 {
		cand &^= RookAttacks(b.First(), mine)
	}
	for b := bq & mine; b != 0 && cand != 0; b &= b - 1 {
		cand &^= BishopAttacks(b.First(), mine)
	}
	return cand != 0
}

// WhiteToMoveAfter reports whether White is to move after a move of p
// (Black is to move in p): white_to_move's test of a move
// (chess/predicates, kb.Predicate.After), a method so that the
// searcher's call goes straight to it.
func (p *Position) WhiteToMoveAfter(Move) bool { return p.side != White }

// BlackToMoveAfter reports whether Black is to move after a move of p:
// black_to_move's test of a move, as WhiteToMoveAfter.
func (p *Position) BlackToMoveAfter(Move) bool { return p.side != Black }

// KingStepAfter reports whether, after the legal move m of p, the king
// of the other side has a square to step to (so that side has a legal
// move), without making m.
func (p *Position) KingStepAfter(m Move) bool {
	them := p.side&1 ^ 1
	k := p.byType[King] & p.byColor[them]
	if k == 0 {
		return false
	}
	if p.byColor[them] == k {
		return p.QuietReply(m)
	}
	return p.kingStepsAfter(m, k) != 0
}

// kingStepsAfter returns the squares the king k of the other side may
// step to after the legal move m of p: p.Play(m)'s derived king steps
// (derive), without making the move (castling, en passant and
// promotions are made on a copy).
func (p *Position) kingStepsAfter(m Move, k Bitboard) Bitboard {
	if m&(7<<15|3<<18) != 0 {
		q := *p
		q.apply(m)
		return q.safe
	}
	us := p.side & 1
	from, to, pt := m.From()&63, m.To()&63, m.Piece()
	moved := from.Bitboard() | to.Bitboard()
	mine := p.byColor[us]
	theirs := p.byColor[us^1] &^ to.Bitboard() // a capture takes a man of theirs
	cand := kingAttacks[k.First()&63] &^ theirs
	// Our men by kind after the move (the mover's kind moved).
	wk := p.byType[King] & mine
	rq := (p.byType[Rook] | p.byType[Queen]) & mine
	bq := (p.byType[Bishop] | p.byType[Queen]) & mine
	switch pt {
	case King:
		wk ^= moved
	case Rook:
		rq ^= moved
	case Bishop:
		bq ^= moved
	case Queen:
		rq ^= moved
		bq ^= moved
	}
	if wk != 0 {
		cand &^= kingAttacks[wk.First()&63]
	}
	if minor := (p.byType[Pawn] | p.byType[Knight]) & mine; minor != 0 {
		pawns := p.byType[Pawn] & mine
		knights := p.byType[Knight] & mine
		if pt == Pawn {
			pawns ^= moved
		} else if pt == Knight {
			knights ^= moved
		}
		if us == White {
			cand &^= (pawns&^fileA)<<7 | (pawns&^fileH)<<9
		} else {
			cand &^= (pawns&^fileA)>>9 | (pawns&^fileH)>>7
		}
		for b := knights; b != 0 && cand != 0; b &= b - 1 {
			cand &^= knightAttacks[b.First()&63]
		}
	}
	if cand == 0 {
		return 0
	}
	occ := (mine ^ moved | theirs) &^ k
	for b := rq; b != 0 && cand != 0; b &= b - 1 {
		cand &^= RookAttacks(b.First(), occ)
	}
	for b := bq; b != 0 && cand != 0; b &= b - 1 {
		cand &^= BishopAttacks(b.First(), occ)
	}
	return cand
}

// The layout of a Position's men and side to move, for readers that read
// them in place (kb.Func.Place: the definition language's square_of,
// pieces and side_to_move read without a call, issue 21). A Position
// holds no pointers and its men are two bitboards and-ed; what a reader
// reads at these offsets is what PiecesOf and SideToMove return, in every
// position, derived or not.

// PiecesWords is where the bitboards of p.PiecesOf(c, t) lie in a
// Position: the and of the words at byte offsets kinds and side.
func PiecesWords(c Color, t PieceType) (kinds, side uintptr) {
	var p Position
	return unsafe.Offsetof(p.byType) + uintptr(t&7)*8, unsafe.Offsetof(p.byColor) + uintptr(c&1)*8
}

// SideWord is where the side to move lies in a Position: the byte of the
// 64-bit word at byte offset word from bit shift on.
func SideWord() (word uintptr, shift uint8) {
	var p Position
	off := unsafe.Offsetof(p.side)
	word = off &^ 7
	b := off - word
	if !littleEndian() {
		b = 7 - b
	}
	return word, uint8(b * 8)
}

// MoveLayout is how a Move is written, for readers that tell what a
// plain move changes without a call (kb.MovePlace: the generated move
// tests read the men after a move in place, issue 21): a move with any
// bit of special set is castling, en passant, a promotion or a pawn's
// double step; any other moves the man of the kind in the 3 bits from
// bit kind from the square in the 6 bits from bit from to the square in
// the 6 bits from bit to, and takes the other side's man there.
func MoveLayout() (special uint32, from, to, kind uint8) {
	return 7<<15 | 3<<18, 0, 6, 12
}

// littleEndian reports whether the machine keeps a word's low byte first.
func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}

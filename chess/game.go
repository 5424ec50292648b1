package chess

import "github.com/advicelang/al/prover/game"

// Game adapts chess to the game interface of prover/game
// (game.Game[Position, Move]) without importing the prover: a value
// whose methods forward to Position. Its one field is never set (Game{}
// is the only value): it makes Game pointer-shaped, so that a Game held
// in an interface is called through the interface's table straight into
// these value methods, without the wrapper a zero-size value needs
// (issue 21: a searcher calls them about 2,000 times a game).
type Game struct{ _ *byte }

// ToMove returns the side to move as a game.Side.
func (Game) ToMove(p *Position) game.Side {
	if p.side == White {
		return game.White
	}
	return game.Black
}

// Play returns the position after the legal move m.
func (Game) Play(p *Position, m Move) Position { return p.Play(m) }

// PlayInto writes the position after the legal move m of p into dst
// (game.InPlace). Its derived fields (check, the king's steps) are left
// for the first method that reads them (Position's doc): dst is the
// searcher's own, read by one goroutine.
func (Game) PlayInto(dst, p *Position, m Move) {
	// apply's short way without its derivation, written out (a call
	// less per move: the searcher's hot one), its test on p before the
	// copy; applyFull makes the other moves.
	pt := m.Piece() & 7
	if m&(7<<15|3<<18) != 0 || pt == Pawn || uint8(p.ep)|p.castle != uint8(NoSquare) {
		*dst = *p
		dst.applyFull(m)
		return
	}
	*dst = *p
	// (Read from dst, the copy: p is not live after it.)
	us := dst.side & 1
	them := us ^ 1
	from, to := m.From()&63, m.To()&63
	toBB := to.Bitboard()
	moved := from.Bitboard() | toBB
	zp := &zobristPiece[us][pt]
	h := dst.hash ^ zobristSide ^ zp[from] ^ zp[to]
	dst.halfmove++
	if dst.byColor[them]&toBB != 0 {
		ct := dst.typeAt(toBB) & 7
		dst.byType[ct] ^= toBB
		dst.byColor[them] ^= toBB
		h ^= zobristPiece[them][ct][to]
		dst.halfmove = 0
	}
	dst.byType[pt] ^= moved
	dst.byColor[us] ^= moved
	dst.fullmove += uint16(us)
	dst.side = them
	dst.hash = h
	dst.check = stale
}

// HashAfter returns the hash and the side to move of the position after
// the legal move m of p, without making it (game.Peeker).
// Position.HashAfter calls it: the body is here so that the searcher's
// call through the interface, the hot one, makes no second call.
func (Game) HashAfter(p *Position, m Move) (uint64, game.Side) {
	// (game.White and game.Black are White and Black: the side after the
	// move is the other's. The plain move without a capture, from a
	// position without castling rights or an en-passant square, is the
	// searcher's commonest; the others out of line, so that its path
	// keeps everything in registers.)
	us, to, pt := p.side&1, m.To()&63, m.Piece()&7
	if m&(7<<15|3<<18) != 0 || pt == Pawn || p.byColor[us^1]&to.Bitboard() != 0 || uint8(p.ep)|p.castle != uint8(NoSquare) {
		return p.hashAfterSlow(m), game.Side(p.side&1 ^ 1)
	}
	zp := &zobristPiece[us][pt]
	return p.hash ^ zobristSide ^ zp[m.From()&63] ^ zp[to], game.Side(us ^ 1)
}

// FirstMove returns the first move LegalMoves lists, a step of the king
// to its first safe square, without listing the others; ok is false when
// the king has no safe square (game.FirstMover).
func (Game) FirstMove(p *Position) (Move, bool) {
	p.settle()
	k := p.byType[King] & p.byColor[p.side&1]
	if p.safe == 0 || k == 0 {
		return NoMove, false
	}
	return newMove(k.First(), p.safe.First(), King, NoPieceType, flagNone), true
}

// Pass returns p with the other side to move (game.Passer); not when the
// side to move is in check.
func (Game) Pass(p *Position) (Position, bool) { return p.Pass() }

// Hash returns p's Zobrist hash.
func (Game) Hash(p *Position) uint64 { return p.hash }

// Side converts a chess colour to a game.Side.
func Side(c Color) game.Side {
	if c == White {
		return game.White
	}
	return game.Black
}

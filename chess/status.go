package chess

// HasLegalMove reports whether the side to move has a legal move.
func (p *Position) HasLegalMove() bool {
	p.settle()
	return p.safe != 0 || p.hasOtherMove()
}

// hasOtherMove reports whether the side to move has a legal move other
// than a step of its king (castling is one): the rest of HasLegalMove,
// which reads the king's steps first (most often it can step somewhere).
func (p *Position) hasOtherMove() bool {
	if p.byColor[p.side&1]&^p.byType[King] == 0 {
		return false // a lone king
	}
	var buf [MaxMoves]Move
	return len(p.LegalMoves(buf[:0])) > 0
}

// Mate reports whether the side to move is checkmated.
func (p *Position) Mate() bool {
	p.settle()
	return p.check != 0 && p.safe == 0 && !p.hasOtherMove()
}

// Stalemate reports whether the side to move is stalemated.
func (p *Position) Stalemate() bool {
	p.settle()
	return p.check == 0 && p.safe == 0 && !p.hasOtherMove()
}

// InsufficientMaterial reports whether neither side can ever mate, by
// material alone: only kings; kings and one knight or bishop; or kings and
// bishops that all stand on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors&(minors-1) == 0 {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&DarkSquares == 0 || b&^DarkSquares == 0
}

// Status is the state of a position for the side to move.
type Status uint8

const (
	// Ongoing: the side to move has a legal move and is not in check.
	Ongoing Status = iota
	// Check: the side to move is in check and has a legal move.
	Check
	// Checkmate: the side to move is in check and has no legal move.
	Checkmate
	// StalemateStatus: the side to move is not in check and has no legal move.
	StalemateStatus
)

func (s Status) String() string {
	switch s {
	case Check:
		return "check"
	case Checkmate:
		return "mate"
	case StalemateStatus:
		return "stalemate"
	}
	return "normal"
}

// Status returns whether the side to move is in check, mated or stalemated.
func (p *Position) Status() Status {
	check, moves := p.InCheck(), p.HasLegalMove()
	switch {
	case check && moves:
		return Check
	case check:
		return Checkmate
	case !moves:
		return StalemateStatus
	}
	return Ongoing
}

package chess

import "fmt"

// MoveError is a move text that is not a legal move of the position.
type MoveError struct {
	Text   string
	Reason string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Text, e.Reason) }

// ParseUCI parses a move in UCI notation (e2e4, e7e8q, e1g1 for castling)
// and returns the legal move of p it names.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, &MoveError{s, "not a UCI move (want from and to squares, as in e2e4 or e7e8q)"}
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, &MoveError{s, "not a UCI move (want from and to squares, as in e2e4 or e7e8q)"}
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		default:
			return NoMove, &MoveError{s, "bad promotion letter (want q, r, b or n)"}
		}
	}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if promo == NoPieceType && p.PieceAt(from).Type() == Pawn && (to.Rank() == 7 || to.Rank() == 0) {
		return NoMove, &MoveError{s, "a promotion needs its piece (as in " + s + "q)"}
	}
	return NoMove, &MoveError{s, "illegal in this position"}
}

package chess

import "strings"

// SAN returns m in Standard Algebraic Notation as players read it: Nf3,
// exd5, Nbd7, R1e2, e8=Q, O-O, O-O-O, with + for check and # for mate.
// m must be legal in p; for any other move SAN returns its UCI text.
func (p *Position) SAN(m Move) string {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	legal := false
	for _, l := range moves {
		legal = legal || l == m
	}
	if !legal {
		return m.UCI()
	}
	var b strings.Builder
	from, to, pt := m.From(), m.To(), m.Piece()
	capture := p.byColor[p.side^1].Has(to) || m.IsEnPassant()
	switch {
	case m.IsCastle() && to > from:
		b.WriteString("O-O")
	case m.IsCastle():
		b.WriteString("O-O-O")
	case pt == Pawn:
		if capture {
			b.WriteByte('a' + byte(from.File()))
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if pr := m.Promotion(); pr != NoPieceType {
			b.WriteByte('=')
			b.WriteByte(pr.Letter())
		}
	default:
		b.WriteByte(pt.Letter())
		// Disambiguate among the other pieces of the type that can go to
		// the same square: by file if that suffices, else by rank, else both.
		others, sameFile, sameRank := false, false, false
		for _, o := range moves {
			if o.Piece() == pt && o.To() == to && o.From() != from {
				others = true
				sameFile = sameFile || o.From().File() == from.File()
				sameRank = sameRank || o.From().Rank() == from.Rank()
			}
		}
		if others {
			switch {
			case !sameFile:
				b.WriteByte('a' + byte(from.File()))
			case !sameRank:
				b.WriteByte('1' + byte(from.Rank()))
			default:
				b.WriteString(from.String())
			}
		}
		if capture {
			b.WriteByte('x')
		}
		b.WriteString(to.String())
	}
	q := p.Play(m)
	if q.InCheck() {
		if q.HasLegalMove() {
			b.WriteByte('+')
		} else {
			b.WriteByte('#')
		}
	}
	return b.String()
}

// ParseMove parses a move a user typed, in UCI (e2e4, e7e8q) or SAN, and
// returns the legal move of p it names. SAN is read leniently: check and
// annotation marks (+ # ! ?) may be missing or extra, castling may be
// written with zeros (0-0), a capture's x and a long-algebraic hyphen
// (Ng1-f3) may be present or not, and a promotion may leave out the '='
// (e8Q). Errors say whether the text is not a move, names no legal move,
// or is ambiguous (and then list the candidates).
func (p *Position) ParseMove(s string) (Move, error) {
	text := s
	s = strings.TrimSpace(s)
	if isUCI(s) {
		return p.ParseUCI(s)
	}
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimRight(s, "+#!? ")
	notMove := &MoveError{text, "not a move (want SAN such as Nf3, exd5, e8=Q, O-O, or UCI such as g1f3)"}
	if s == "" {
		return NoMove, notMove
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	switch s {
	case "O-O", "0-0", "o-o", "O-O-O", "0-0-0", "o-o-o":
		long := len(s) == 5
		for _, m := range moves {
			if m.IsCastle() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		return NoMove, &MoveError{text, "castling is not legal here"}
	}
	pt := Pawn
	if t, ok := pieceTypeOf(s[0]); ok && t != Pawn {
		pt, s = t, s[1:]
	} else if s[0] == 'P' {
		s = s[1:]
	}
	promo := NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		if i != len(s)-2 {
			return NoMove, notMove
		}
		t, ok := pieceTypeOf(upper(s[i+1]))
		if !ok || t == Pawn || t == King {
			return NoMove, &MoveError{text, "bad promotion piece (want Q, R, B or N)"}
		}
		promo, s = t, s[:i]
	} else if n := len(s); pt == Pawn && n >= 3 && s[n-2] >= '1' && s[n-2] <= '8' {
		if t, ok := pieceTypeOf(upper(s[n-1])); ok && t != Pawn && t != King {
			promo, s = t, s[:n-1]
		}
	}
	s = strings.NewReplacer("x", "", "X", "", "-", "", ":", "").Replace(s)
	if len(s) < 2 || len(s) > 4 {
		return NoMove, notMove
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return NoMove, notMove
	}
	fromFile, fromRank := -1, -1
	for _, c := range []byte(s[:len(s)-2]) {
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return NoMove, notMove
		}
	}
	var found []Move
	for _, m := range moves {
		if m.Piece() != pt || m.To() != to || m.IsCastle() {
			continue
		}
		if fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		if m.Promotion() != promo {
			if promo == NoPieceType && m.Promotion() != NoPieceType {
				return NoMove, &MoveError{text, "a promotion needs its piece (as in " + to.String() + "=Q)"}
			}
			continue
		}
		found = append(found, m)
	}
	switch len(found) {
	case 0:
		return NoMove, &MoveError{text, "no legal move matches it"}
	case 1:
		return found[0], nil
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = p.SAN(m)
	}
	return NoMove, &MoveError{text, "ambiguous: it could be " + strings.Join(names, " or ")}
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// isUCI reports whether s has the shape of a UCI move: two squares and an
// optional promotion letter.
func isUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := ParseSquare(s[0:2])
	_, ok2 := ParseSquare(s[2:4])
	return ok1 && ok2
}

// SANLine returns the moves, played one after the other from p, in SAN with
// move numbers: "1. e4 e5 2. Nf3", or "3... Kd6 4. Kc4" when Black moves
// first. It stops with "(illegal: e2e5)" at a move that is not legal.
func (p *Position) SANLine(moves []Move) string {
	var b strings.Builder
	q := *p
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		if q.side == White {
			b.WriteString(itoa(int(q.fullmove)) + ". ")
		} else if i == 0 {
			b.WriteString(itoa(int(q.fullmove)) + "... ")
		}
		if m == NoMove {
			// A pass (a semi-static line).
			next, ok := q.Pass()
			if !ok {
				b.WriteString("(no pass in check)")
				break
			}
			b.WriteString("--")
			q = next
			continue
		}
		if !q.IsLegal(m) {
			b.WriteString("(illegal: " + m.UCI() + ")")
			break
		}
		b.WriteString(q.SAN(m))
		q = q.Play(m)
	}
	return b.String()
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.LegalMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d [20]byte
	i := len(d)
	for ; n > 0; n /= 10 {
		i--
		d[i] = byte('0' + n%10)
	}
	return string(d[i:])
}

package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// ParseError is an error in a FEN or a piece list: the field it is in and
// what is wrong with it.
type ParseError struct {
	Form   string // "FEN" or "piece list"
	Field  string // "board", "side to move", "castling", "en passant", ...
	Reason string
}

func (e *ParseError) Error() string {
	return e.Form + " " + e.Field + ": " + e.Reason
}

func fenErr(field, format string, args ...any) error {
	return &ParseError{Form: "FEN", Field: field, Reason: fmt.Sprintf(format, args...)}
}

// Start returns the initial position.
func Start() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // the constant is valid
	}
	return p
}

// Parse reads a position in either form al accepts: a FEN, or a piece list
// such as "Kb5 Pd3 / Ke5 w" (White's pieces, "/", Black's pieces, the side
// to move; no castling, no en passant, counters 0 1). A string with exactly
// one '/', or whose first word is a piece such as "Kb5", is a piece list;
// anything else is read as a FEN. "startpos" is the
// initial position. A FEN with too few fields is refused with a word on
// the piece list (a user who typed "board w" may not know it).
func Parse(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "startpos" {
		return Start(), nil
	}
	if strings.Count(s, "/") == 1 || looksLikePiece(strings.Fields(s)) {
		return ParsePieceList(s)
	}
	p, err := ParseFEN(s)
	var pe *ParseError
	if errors.As(err, &pe) && pe.Field == "fields" {
		// Whoever wrote too few fields may not know the other form.
		pe.Reason += `; or write a piece list, such as "Kb5 Pd3 / Ke5 w"`
	}
	return p, err
}

func looksLikePiece(f []string) bool {
	if len(f) == 0 || len(f[0]) != 3 {
		return false
	}
	_, ok := pieceTypeOf(f[0][0])
	_, sq := ParseSquare(f[0][1:])
	return ok && sq
}

// ParseFEN parses a FEN: board, side to move, castling, en passant, halfmove
// clock and fullmove number. The two counters may be left out together
// (they are then 0 and 1). It rejects, naming the field and the reason, a
// wrong field count, bad piece letters, ranks that do not sum to 8, a side
// without exactly one king, adjacent kings, the side not to move in check,
// pawns on the first or last rank, castling rights without their king and
// rook at home, an en-passant square no double pawn push can have made, and
// counters that are not numbers in range.
func ParseFEN(s string) (Position, error) {
	p, err := parseFEN(s)
	if err != nil {
		return Position{}, err
	}
	return p, nil
}

func parseFEN(s string) (Position, error) {
	var p Position
	f := strings.Fields(s)
	if len(f) != 6 && len(f) != 4 {
		return p, fenErr("fields", "want 6 fields (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4, got %d", len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return p, fenErr("board", "want 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				if j > 0 && row[j-1] >= '1' && row[j-1] <= '8' {
					return p, fenErr("board", "rank %d (%q) has two digits in a row", rank+1, row)
				}
				file += int(c - '0')
				continue
			}
			col := White
			u := c
			if c >= 'a' && c <= 'z' {
				col, u = Black, c-'a'+'A'
			}
			t, ok := pieceTypeOf(u)
			if !ok {
				return p, fenErr("board", "bad piece letter %q in rank %d", string(rune(c)), rank+1)
			}
			if file < 8 {
				p.put(col, t, NewSquare(file, rank))
			}
			file++
		}
		if file != 8 {
			return p, fenErr("board", "rank %d (%q) covers %d squares, want 8", rank+1, row, file)
		}
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return p, fenErr("side to move", "want w or b, got %q", f[1])
	}
	if err := p.validate("FEN", "board"); err != nil {
		return Position{}, err
	}
	if f[2] != "-" {
		for i := 0; i < len(f[2]); i++ {
			var right uint8
			var king, rook Square
			var col Color
			switch f[2][i] {
			case 'K':
				right, king, rook, col = WhiteKingside, E1, H1, White
			case 'Q':
				right, king, rook, col = WhiteQueenside, E1, A1, White
			case 'k':
				right, king, rook, col = BlackKingside, E8, H8, Black
			case 'q':
				right, king, rook, col = BlackQueenside, E8, A8, Black
			default:
				return Position{}, fenErr("castling", "want '-' or some of KQkq, got %q", f[2])
			}
			if p.castle&right != 0 {
				return Position{}, fenErr("castling", "%q repeats %c", f[2], f[2][i])
			}
			if p.PieceAt(king) != NewPiece(col, King) || p.PieceAt(rook) != NewPiece(col, Rook) {
				return Position{}, fenErr("castling", "%c needs the %s king on %s and a rook on %s", f[2][i], col, king, rook)
			}
			p.castle |= right
		}
	}
	p.ep = NoSquare
	if f[3] != "-" {
		ep, ok := ParseSquare(f[3])
		if !ok {
			return Position{}, fenErr("en passant", "want '-' or a square, got %q", f[3])
		}
		wantRank, dir := 5, -8
		if p.side == Black {
			wantRank, dir = 2, 8
		}
		them := p.side ^ 1
		pawnSq := Square(int(ep) + dir)
		origin := Square(int(ep) - dir)
		switch {
		case ep.Rank() != wantRank:
			return Position{}, fenErr("en passant", "%s is not on rank %d, where a %s pawn's double step passes", ep, wantRank+1, them)
		case p.PieceAt(pawnSq) != NewPiece(them, Pawn):
			return Position{}, fenErr("en passant", "no %s pawn on %s to have passed %s", them, pawnSq, ep)
		case p.Occupied()&(ep.Bitboard()|origin.Bitboard()) != 0:
			return Position{}, fenErr("en passant", "%s or %s is occupied, so no pawn passed %s", ep, origin, ep)
		}
		if pawnAttacks[them][ep]&p.Pieces(p.side, Pawn) != 0 {
			p.ep = ep
		}
	}
	p.fullmove = 1
	if len(f) == 6 {
		h, err := strconv.ParseUint(f[4], 10, 16)
		if err != nil || f[4][0] == '+' {
			return Position{}, fenErr("halfmove clock", "want a whole number from 0 to 65535, got %q", f[4])
		}
		n, err := strconv.ParseUint(f[5], 10, 16)
		if err != nil || n == 0 || f[5][0] == '+' {
			return Position{}, fenErr("fullmove number", "want a whole number from 1 to 65535, got %q", f[5])
		}
		p.halfmove, p.fullmove = uint16(h), uint16(n)
	}
	p.hash = p.computeHash()
	p.derive()
	return p, nil
}

// validate checks what the board must satisfy in either form: one king per
// side, kings not adjacent, no pawn on the first or last rank, and the side
// not to move not in check.
func (p *Position) validate(form, field string) error {
	bad := func(format string, args ...any) error {
		return &ParseError{Form: form, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return bad("%s has %d kings, want exactly 1", c, n)
		}
	}
	if pw := p.byType[Pawn] & (rank1 | rank8); pw != 0 {
		return bad("pawn on %s (pawns cannot stand on the first or last rank)", pw.First())
	}
	wk, bk := p.King(White), p.King(Black)
	if kingAttacks[wk].Has(bk) {
		return bad("kings are adjacent (%s and %s)", wk, bk)
	}
	them := p.side ^ 1
	if p.attackersTo(p.King(them), p.Occupied(), p.side) != 0 {
		return &ParseError{Form: form, Field: "side to move", Reason: fmt.Sprintf("%s is in check but %s is to move", them, p.side)}
	}
	return nil
}

// FEN returns the FEN of p, with castling rights in KQkq order and the
// en-passant square only when an en-passant capture is possible.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			pc := p.PieceAt(NewSquare(file, rank))
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(castlingString(p.castle))
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

func castlingString(c uint8) string {
	if c == 0 {
		return "-"
	}
	var s []byte
	for i, l := range []byte("KQkq") {
		if c&(1<<i) != 0 {
			s = append(s, l)
		}
	}
	return string(s)
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// ParsePieceList parses the piece-list form: White's pieces, "/", Black's
// pieces, then the side to move, as in "Kb5 Pd3 / Ke5 w". A piece is one
// of the letters K Q R B N P followed by a square; pieces are separated by
// spaces (commas are allowed too). The position has no castling rights, no
// en-passant square, and counters 0 1. The board rules of ParseFEN apply.
func ParsePieceList(s string) (Position, error) {
	var p Position
	bad := func(field, format string, args ...any) error {
		return &ParseError{Form: "piece list", Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	whitePart, rest, ok := strings.Cut(s, "/")
	if !ok {
		return p, bad("form", "want White's pieces, '/', Black's pieces and the side to move, as in \"Kb5 Pd3 / Ke5 w\"")
	}
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	}
	white, black := split(whitePart), split(rest)
	if len(black) == 0 || (black[len(black)-1] != "w" && black[len(black)-1] != "b") {
		return p, bad("side to move", "want w or b after Black's pieces")
	}
	if black[len(black)-1] == "b" {
		p.side = Black
	}
	black = black[:len(black)-1]
	for c, list := range [2][]string{white, black} {
		col := Color(c)
		field := col.String() + " pieces"
		for _, tok := range list {
			if len(tok) != 3 {
				return Position{}, bad(field, "want a piece letter (K Q R B N P) and a square, got %q", tok)
			}
			t, ok := pieceTypeOf(tok[0])
			if !ok {
				return Position{}, bad(field, "bad piece letter %q in %q (want K Q R B N P)", tok[:1], tok)
			}
			sq, ok := ParseSquare(tok[1:])
			if !ok {
				return Position{}, bad(field, "bad square %q in %q", tok[1:], tok)
			}
			if p.Occupied().Has(sq) {
				return Position{}, bad(field, "two pieces on %s", sq)
			}
			p.put(col, t, sq)
		}
	}
	p.ep = NoSquare
	p.fullmove = 1
	if err := p.validate("piece list", "pieces"); err != nil {
		return Position{}, err
	}
	p.hash = p.computeHash()
	p.derive()
	return p, nil
}

// Placement is a piece on a square, for NewPosition.
type Placement struct {
	Piece  Piece
	Square Square
}

// NewPosition builds a position from placed pieces and the side to move,
// with no castling rights, no en-passant square and counters 0 1. It
// applies the board rules of ParseFEN (one king per side, kings apart, no
// pawn on the first or last rank, the side not to move not in check) and
// rejects bad pieces and squares used twice. It allocates only to report an
// error, so a tablebase may call it for every placement it enumerates.
func NewPosition(side Color, placements ...Placement) (Position, error) {
	var p Position
	for _, pl := range placements {
		t := pl.Piece.Type()
		if pl.Piece.Color() > Black || t == NoPieceType || t > King || pl.Square >= NoSquare {
			return Position{}, &ParseError{Form: "placement", Field: "pieces", Reason: fmt.Sprintf("bad piece %d or square %d", pl.Piece, pl.Square)}
		}
		if p.Occupied().Has(pl.Square) {
			return Position{}, &ParseError{Form: "placement", Field: "pieces", Reason: "two pieces on " + pl.Square.String()}
		}
		p.put(pl.Piece.Color(), t, pl.Square)
	}
	p.side = side & 1
	p.ep = NoSquare
	p.fullmove = 1
	if err := p.validate("placement", "pieces"); err != nil {
		return Position{}, err
	}
	p.hash = p.computeHash()
	p.derive()
	return p, nil
}

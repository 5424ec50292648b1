package chess

import (
	"iter"
	"math/bits"
)

// Color is a side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without its colour. NoPieceType is the zero
// value (an empty square, or a move without a promotion).
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

const pieceLetters = " PNBRQK"

// Letter returns the upper-case letter of t (P, N, B, R, Q, K), or ' '.
func (t PieceType) Letter() byte {
	if t > King {
		return '?'
	}
	return pieceLetters[t]
}

func (t PieceType) String() string {
	switch t {
	case Pawn:
		return "pawn"
	case Knight:
		return "knight"
	case Bishop:
		return "bishop"
	case Rook:
		return "rook"
	case Queen:
		return "queen"
	case King:
		return "king"
	}
	return "none"
}

// pieceTypeOf returns the piece type of an upper-case letter.
func pieceTypeOf(c byte) (PieceType, bool) {
	switch c {
	case 'P':
		return Pawn, true
	case 'N':
		return Knight, true
	case 'B':
		return Bishop, true
	case 'R':
		return Rook, true
	case 'Q':
		return Queen, true
	case 'K':
		return King, true
	}
	return NoPieceType, false
}

// Piece is a coloured piece: colour<<3 | type. NoPiece (0) is an empty square.
type Piece uint8

const NoPiece Piece = 0

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the colour of p (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the type of p.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// FENLetter returns p's FEN letter: upper case for White, lower for Black.
func (p Piece) FENLetter() byte {
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

func (p Piece) String() string {
	if p == NoPiece {
		return "none"
	}
	return p.Color().String() + " " + p.Type().String()
}

// Square is a square of the board, a1 = 0, b1 = 1, ..., h8 = 63.
// NoSquare (64) stands for none.
type Square uint8

// NoSquare is the absence of a square (no en-passant target, no king).
const NoSquare Square = 64

// Squares by name.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
)

// NewSquare returns the square on file f (0 = a) and rank r (0 = rank 1).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the file of s, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of s, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s >> 3) }

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return Bitboard(1) << s }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// All yields the squares of b from a1 to h8.
func (b Bitboard) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for ; b != 0; b &= b - 1 {
			if !yield(b.First()) {
				return
			}
		}
	}
}

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56
	// DarkSquares are the dark squares (a1 is dark).
	DarkSquares Bitboard = 0xaa55aa55aa55aa55
)

// Move is a move of chess: from and to squares, the moving piece's type,
// the promotion piece and a flag for the special moves. The zero Move is
// NoMove. Moves are produced by LegalMoves or ParseMove for one position;
// castling is the king's move (e1g1).
type Move uint32

// NoMove is the zero move.
const NoMove Move = 0

const (
	flagNone = iota
	flagEnPassant
	flagCastle
	flagDouble
)

func newMove(from, to Square, pt, promo PieceType, flag uint32) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(pt)<<12 | uint32(promo)<<15 | flag<<18)
}

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the piece goes to (the king's square for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Piece returns the type of the moving piece.
func (m Move) Piece() PieceType { return PieceType(m >> 12 & 7) }

// Promotion returns the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 15 & 7) }

func (m Move) flag() uint32 { return uint32(m >> 18 & 3) }

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m.flag() == flagCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.flag() == flagEnPassant }

// UCI returns m in UCI long algebraic notation: e2e4, e7e8q, e1g1; "0000"
// for NoMove.
func (m Move) UCI() string {
	if m == NoMove {
		return "0000"
	}
	b := make([]byte, 4, 5)
	f, t := m.From(), m.To()
	b[0], b[1], b[2], b[3] = 'a'+byte(f.File()), '1'+byte(f.Rank()), 'a'+byte(t.File()), '1'+byte(t.Rank())
	if pr := m.Promotion(); pr != NoPieceType {
		b = append(b, pr.Letter()+'a'-'A')
	}
	return string(b)
}

// String is UCI.
func (m Move) String() string { return m.UCI() }

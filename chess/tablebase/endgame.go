package tablebase

import (
	"fmt"
	"math/bits"
	"strings"
)

// PieceType is a white piece of an endgame besides the king.
type PieceType uint8

const (
	King PieceType = iota
	Queen
	Rook
	Bishop
	Knight
	Pawn
)

var pieceLetters = [...]byte{'K', 'Q', 'R', 'B', 'N', 'P'}

// Endgame names one of the tables: White has the king and the endgame's
// pieces, Black the bare king.
type Endgame uint8

const (
	KQK Endgame = iota
	KRK
	KBBK
	KPK
	numEndgames
)

// spec describes an endgame's material and index layout. A position is the
// list of squares (White king, Black king, then the white pieces in the
// order of pieces) and its index packs them six bits each, the White king
// in the highest bits: idx = wk<<6(n-1) | bk<<6(n-2) | ... .
type spec struct {
	name   string
	pieces []PieceType
	n      int // number of men, kings included
}

var specs = [numEndgames]spec{
	KQK:  {"kqk", []PieceType{Queen}, 3},
	KRK:  {"krk", []PieceType{Rook}, 3},
	KBBK: {"kbbk", []PieceType{Bishop, Bishop}, 4},
	KPK:  {"kpk", []PieceType{Pawn}, 3},
}

// Endgames returns every endgame the tablebase generates, in the order a
// generation of all of them needs (KPK after KQK and KRK).
func Endgames() []Endgame { return []Endgame{KQK, KRK, KBBK, KPK} }

func (e Endgame) String() string {
	if e < numEndgames {
		return specs[e].name
	}
	return fmt.Sprintf("Endgame(%d)", e)
}

// ParseEndgame reads an endgame's name (kqk, krk, kbbk, kpk; any case).
func ParseEndgame(s string) (Endgame, error) {
	for e := range numEndgames {
		if strings.EqualFold(s, specs[e].name) {
			return e, nil
		}
	}
	return 0, fmt.Errorf("unknown endgame %q (want kqk, krk, kbbk or kpk)", s)
}

// Pieces returns the white pieces of e besides the king, in index order.
func (e Endgame) Pieces() []PieceType { return append([]PieceType(nil), specs[e].pieces...) }

// deps are the endgames whose tables e's generation reads: a KPK promotion
// continues into KQK or KRK.
func (e Endgame) deps() []Endgame {
	if e == KPK {
		return []Endgame{KQK, KRK}
	}
	return nil
}

// size is the number of indices per side to move: 64^n.
func (s *spec) size() int { return 1 << (6 * s.n) }

// shift is the bit position of man i's square in an index.
func (s *spec) shift(i int) uint { return uint(6 * (s.n - 1 - i)) }

// decode unpacks idx into sq[0:n] and returns the occupancy.
func (s *spec) decode(idx int, sq *[4]int) bb {
	var occ bb
	for i := 0; i < s.n; i++ {
		sq[i] = idx >> s.shift(i) & 63
		occ |= squareBit[sq[i]]
	}
	return occ
}

// encode packs sq[0:n] into an index.
func (s *spec) encode(sq *[4]int) int {
	idx := 0
	for i := 0; i < s.n; i++ {
		idx = idx<<6 | sq[i]
	}
	return idx
}

// attacked reports whether a white piece sq[2:n], except man skip, attacks
// square t when occ is occupied. The white king is not considered.
func (s *spec) attacked(sq *[4]int, t int, occ bb, skip int) bool {
	for i := 2; i < s.n; i++ {
		if i == skip {
			continue
		}
		p := sq[i]
		switch s.pieces[i-2] {
		case Queen:
			if (rookLine[p][t] || bishLine[p][t]) && between[p][t]&occ == 0 {
				return true
			}
		case Rook:
			if rookLine[p][t] && between[p][t]&occ == 0 {
				return true
			}
		case Bishop:
			if bishLine[p][t] && between[p][t]&occ == 0 {
				return true
			}
		case Knight:
			if knightBB[p]&squareBit[t] != 0 {
				return true
			}
		case Pawn:
			if pawnAtt[p]&squareBit[t] != 0 {
				return true
			}
		}
	}
	return false
}

// placed reports whether sq[0:n] is a placement the FEN rules allow for
// either side to move: men on distinct squares, kings not adjacent, no pawn
// on the first or last rank.
func (s *spec) placed(sq *[4]int, occ bb) bool {
	if bits.OnesCount64(occ) != s.n {
		return false
	}
	if kingBB[sq[0]]&squareBit[sq[1]] != 0 {
		return false
	}
	for i := 2; i < s.n; i++ {
		if s.pieces[i-2] == Pawn && (sq[i] < 8 || sq[i] >= 56) {
			return false
		}
	}
	return true
}

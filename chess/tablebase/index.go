package tablebase

import (
	"math/bits"

	"github.com/advicelang/al/chess"
)

// Indices. A position of an endgame is the squares of its men (spec's
// order); its index packs them six bits each, man 0 in the highest bits:
// idx = sq0<<6(n-1) | sq1<<6(n-2) | ... . Two reductions make one index
// stand for several positions:
//   - A pair of alike men (two bishops) is stored with the lower square
//     first.
//   - Without pawns, the eight symmetries of the board (reflections in the
//     middle file, the middle rank and the diagonals, and the rotations)
//     keep every value, and the index of a position is that of its image
//     with White's king in the triangle a1-d1-d4 (10 squares: man 0's six
//     bits become the square's number in the triangle, 0..9). When White's
//     king stands on the diagonal a1-d4, the reflection in that diagonal
//     keeps it in the triangle, and the smaller of the two indices is the
//     position's.
// Every other index (men on one square, a pair in the wrong order, an image
// that is not the chosen one) is marked illegal in the table.

// numTriangle is the number of squares of the triangle a1-d1-d4.
const numTriangle = 10

var (
	// xf[t][s] is square s under symmetry t: bit 1 mirrors the files
	// (a<->h), bit 2 the ranks (1<->8), bit 4 then swaps file and rank
	// (the reflection in a1-h8). Applying t and then the reflection in
	// a1-h8 is t^4.
	xf [8][64]int
	// toTriangle[s] is the symmetry that takes s into the triangle.
	toTriangle [64]int
	// triIndex[s] is s's number in the triangle, -1 outside it, and
	// triSquare the inverse.
	triIndex  [64]int
	triSquare [numTriangle]int
)

// Transform returns square s under symmetry t of the board (0 to 7): bit
// 1 mirrors the files (a<->h), bit 2 the ranks (1<->8), bit 4 then swaps
// file and rank (the reflection in a1-h8); 0 is the identity. The
// tablebase folds positions with these; a learner that shares labels
// across symmetric positions uses the same numbering.
func Transform(s chess.Square, t int) chess.Square { return chess.Square(xf[t&7][s]) }

// onDiagonal reports whether s is on the diagonal a1-h8.
func onDiagonal(s int) bool { return fileOf(s) == rankOf(s) }

func init() {
	for t := range 8 {
		for s := range 64 {
			f, r := fileOf(s), rankOf(s)
			if t&1 != 0 {
				f = 7 - f
			}
			if t&2 != 0 {
				r = 7 - r
			}
			if t&4 != 0 {
				f, r = r, f
			}
			xf[t][s] = r*8 + f
		}
	}
	n := 0
	for s := range 64 {
		triIndex[s] = -1
		f, r := fileOf(s), rankOf(s)
		t := 0
		if f > 3 {
			t |= 1
			f = 7 - f
		}
		if r > 3 {
			t |= 2
			r = 7 - r
		}
		if r > f {
			t |= 4
		}
		toTriangle[s] = t
	}
	for s := range 64 {
		if f, r := fileOf(s), rankOf(s); f <= 3 && r <= f {
			triIndex[s] = n
			triSquare[n] = s
			n++
		}
	}
}

// shift is the bit position of man i's square in an index.
func (s *spec) shift(i int) uint { return uint(6 * (s.n - 1 - i)) }

// encode packs sq[0:n] into an index, as it stands: sq must already be the
// position's chosen image (see index).
func (s *spec) encode(sq *[maxMen]int) int {
	idx := sq[0]
	if s.sym {
		idx = triIndex[sq[0]]
	}
	for i := 1; i < s.n; i++ {
		idx = idx<<6 | sq[i]
	}
	return idx
}

// decode unpacks idx into sq[0:n] and returns the occupancy.
func (s *spec) decode(idx int, sq *[maxMen]int) bb {
	var occ bb
	for i := s.n - 1; i >= 1; i-- {
		sq[i] = idx & 63
		occ |= squareBit[sq[i]]
		idx >>= 6
	}
	if s.sym {
		sq[0] = triSquare[idx]
	} else {
		sq[0] = idx
	}
	return occ | squareBit[sq[0]]
}

// index returns the index of the position sq[0:n] (any image of it). The
// men must stand on squares 0..63.
func (s *spec) index(sq *[maxMen]int) int {
	if !s.sym {
		a := *sq
		if s.pair && a[2] > a[3] {
			a[2], a[3] = a[3], a[2]
		}
		return s.encode(&a)
	}
	t := toTriangle[sq[0]]
	var a [maxMen]int
	for i := 0; i < s.n; i++ {
		a[i] = xf[t][sq[i]]
	}
	if s.pair && a[2] > a[3] {
		a[2], a[3] = a[3], a[2]
	}
	idx := s.encode(&a)
	if onDiagonal(a[0]) {
		var b [maxMen]int
		for i := 0; i < s.n; i++ {
			b[i] = xf[4][a[i]]
		}
		if s.pair && b[2] > b[3] {
			b[2], b[3] = b[3], b[2]
		}
		idx = min(idx, s.encode(&b))
	}
	return idx
}

// symmetric reports whether some symmetry of the board other than the
// identity maps the position sq[0:n] onto itself (the pair's men may trade
// places). Only the reflections in the two long diagonals have fixed
// squares, so White's king must stand on one of them.
func (s *spec) symmetric(sq *[maxMen]int) bool {
	if !s.sym {
		return false
	}
	wk := sq[0]
	var t int
	switch {
	case fileOf(wk) == rankOf(wk):
		t = 4 // a1-h8
	case fileOf(wk)+rankOf(wk) == 7:
		t = 7 // a8-h1
	default:
		return false
	}
	for i := 1; i < s.n; i++ {
		m := xf[t][sq[i]]
		if m == sq[i] || s.pair && (i == 2 && m == sq[3] || i == 3 && m == sq[2]) {
			continue
		}
		return false
	}
	return true
}

// placed reports whether sq[0:n] is a placement the FEN rules allow for
// either side to move: men on distinct squares, kings not adjacent, no pawn
// on the first or last rank.
func (s *spec) placed(sq *[maxMen]int, occ bb) bool {
	if bits.OnesCount64(occ) != s.n {
		return false
	}
	if kingBB[sq[0]]&squareBit[sq[1]] != 0 {
		return false
	}
	for i := 2; i < s.n; i++ {
		if s.typ[i] == chess.Pawn && (sq[i] < 8 || sq[i] >= 56) {
			return false
		}
	}
	return true
}

// attacks reports whether a man of type t and colour c on p attacks square
// to when occ is occupied.
func attacks(t chess.PieceType, c chess.Color, p, to int, occ bb) bool {
	switch t {
	case chess.Queen:
		return (rookLine[p][to] || bishLine[p][to]) && between[p][to]&occ == 0
	case chess.Rook:
		return rookLine[p][to] && between[p][to]&occ == 0
	case chess.Bishop:
		return bishLine[p][to] && between[p][to]&occ == 0
	case chess.Knight:
		return knightBB[p]&squareBit[to] != 0
	case chess.Pawn:
		if c == chess.White {
			return pawnAtt[p]&squareBit[to] != 0
		}
		return blackPawnAtt[p]&squareBit[to] != 0
	case chess.King:
		return kingBB[p]&squareBit[to] != 0
	}
	return false
}

// attacked reports whether a man of colour c other than its king and other
// than man skip attacks square to when occ is occupied.
func (s *spec) attacked(sq *[maxMen]int, c chess.Color, to int, occ bb, skip int) bool {
	for i := 2; i < s.n; i++ {
		if i != skip && s.col[i] == c && attacks(s.typ[i], c, sq[i], to, occ) {
			return true
		}
	}
	return false
}

// manAt returns the man on square t, or -1.
func (s *spec) manAt(sq *[maxMen]int, t int) int {
	for i := 0; i < s.n; i++ {
		if sq[i] == t {
			return i
		}
	}
	return -1
}

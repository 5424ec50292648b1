package tablebase

import "math/bits"

// Square geometry on indices a1=0, b1=1, ..., h8=63: the handful of tables
// the generator needs for a king, a queen, a rook, a bishop, a knight and a
// pawn.

// bb is a set of squares, bit i for square i.
type bb = uint64

var (
	kingBB       [64]bb     // squares a king on s attacks
	kingTo       [64][]int8 // the same as a list, in increasing order
	pawnAtt      [64]bb     // squares a white pawn on s attacks
	blackPawnAtt [64]bb     // squares a black pawn on s attacks
	between      [64][64]bb // squares strictly between two aligned squares
	rookLine     [64][64]bool
	bishLine     [64][64]bool
	rays         [64][8][]int8 // rays[s][d]: squares from s outward in direction d
	dirFile      = [8]int{1, -1, 0, 0, 1, 1, -1, -1}
	dirRank      = [8]int{0, 0, 1, -1, 1, -1, 1, -1}
	knightBB     [64]bb
	knightTo     [64][]int8
	squareBit    [64]bb
)

// Directions 0..3 are rook directions, 4..7 bishop directions.
const (
	rookDirFirst   = 0
	bishopDirFirst = 4
)

func fileOf(s int) int { return s & 7 }
func rankOf(s int) int { return s >> 3 }

func init() {
	for s := 0; s < 64; s++ {
		squareBit[s] = 1 << uint(s)
	}
	// The lists and rays are cut from one array each (appending square by
	// square cost most of al's start-up in this package).
	var rayPool [64 * 8 * 7]int8
	pool := rayPool[:0]
	for s := 0; s < 64; s++ {
		f, r := fileOf(s), rankOf(s)
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 {
					continue
				}
				if t, ok := offset(f+df, r+dr); ok {
					kingBB[s] |= squareBit[t]
				}
			}
		}
		kingTo[s] = list(kingBB[s])
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if t, ok := offset(f+d[0], r+d[1]); ok {
				knightBB[s] |= squareBit[t]
			}
		}
		knightTo[s] = list(knightBB[s])
		if r < 7 {
			if f > 0 {
				pawnAtt[s] |= squareBit[s+7]
			}
			if f < 7 {
				pawnAtt[s] |= squareBit[s+9]
			}
		}
		if r > 0 {
			if f > 0 {
				blackPawnAtt[s] |= squareBit[s-9]
			}
			if f < 7 {
				blackPawnAtt[s] |= squareBit[s-7]
			}
		}
		for d := 0; d < 8; d++ {
			var between bb
			start := len(pool)
			ff, rr := f+dirFile[d], r+dirRank[d]
			for {
				t, ok := offset(ff, rr)
				if !ok {
					break
				}
				pool = append(pool, int8(t))
				setBetween(s, t, between)
				if d < bishopDirFirst {
					rookLine[s][t] = true
				} else {
					bishLine[s][t] = true
				}
				between |= squareBit[t]
				ff += dirFile[d]
				rr += dirRank[d]
			}
			if len(pool) > start {
				rays[s][d] = pool[start:len(pool):len(pool)]
			}
		}
	}
}

func setBetween(s, t int, b bb) { between[s][t] = b }

func offset(f, r int) (int, bool) {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0, false
	}
	return r*8 + f, true
}

func list(b bb) []int8 {
	l := make([]int8, 0, bits.OnesCount64(b))
	for ; b != 0; b &= b - 1 {
		l = append(l, int8(bits.TrailingZeros64(b)))
	}
	return l
}

// squareName returns "a1" .. "h8".
func squareName(s int) string {
	return string([]byte{byte('a' + fileOf(s)), byte('1' + rankOf(s))})
}

// trailing returns the lowest square of b (64 when b is empty).
func trailing(b bb) int { return bits.TrailingZeros64(b) }

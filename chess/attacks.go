package chess

import "math/bits"

// Attack tables: knight, king and pawn attacks per square, "fancy" magic
// bitboards for the sliders, and the between/line tables used for pins and
// checks. The magic numbers and the sliders' attack sets are generated
// (magics_gen.go, written by `go generate` from Stockfish's search with a
// fixed seed in magics_test.go, which checks the file is up to date), so
// start-up does not search or fill them: initialisation computes the small
// tables from rays, in a few microseconds.

//go:generate go test -run ^TestMagicsGenerated$ -update

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the full line through two aligned squares
	rookMagics    [64]rookMagic
	bishopMagics  [64]bishopMagic
)

// magic is a square's magic: its relevant occupancy, its multiplier and
// the shift that leaves the index (magics_test.go's search).
type magic struct {
	mask  Bitboard
	magic uint64
	shift uint8
}

func (m *magic) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.magic >> (m.shift & 63)
}

// rookMagic and bishopMagic are a square's magic with its attack sets, an
// array as long as the largest table of the kind (a rook's 12 bits, a
// bishop's 9), so that a lookup needs no bounds check: the index is
// masked to the array's length (a no-op, as the shift leaves at most that
// many bits), and the shift to 63 (Go's shifts of 64 or more give 0).
type (
	rookMagic struct {
		magic
		attack *[4096]Bitboard
	}
	bishopMagic struct {
		magic
		attack *[512]Bitboard
	}
)

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq&63] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq&63] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c&1][sq&63] }

// RookAttacks returns the squares a rook on sq attacks when occ is occupied.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return m.attack[m.index(occ)&4095]
}

// BishopAttacks returns the squares a bishop on sq attacks when occ is occupied.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return m.attack[m.index(occ)&511]
}

// QueenAttacks returns the squares a queen on sq attacks when occ is occupied.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return RookAttacks(sq, occ) | BishopAttacks(sq, occ)
}

// Attacks returns the squares a piece of type t and colour c on sq attacks
// when occ is occupied.
func Attacks(c Color, t PieceType, sq Square, occ Bitboard) Bitboard {
	switch t {
	case Pawn:
		return PawnAttacks(c, sq)
	case Knight:
		return KnightAttacks(sq)
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return KingAttacks(sq)
	}
	return 0
}

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, else the empty set.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the whole line (rank, file or diagonal) through a and b, or
// the empty set when they are not aligned.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

func stepAttacks(sq Square, steps [][2]int) Bitboard {
	var b Bitboard
	for _, d := range steps {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= NewSquare(f, r).Bitboard()
		}
	}
	return b
}

// prng is xorshift64*, used for the Zobrist keys (and, in magics_test.go,
// the magic search).
type prng uint64

func (s *prng) next() uint64 {
	x := uint64(*s)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*s = prng(x)
	return x * 2685821657736338717
}

// The eight directions, rook directions first, in opposite pairs (d and
// d^1): the step in file and rank, and whether it increases the square
// index (then the nearest square of a ray is its lowest bit, else its
// highest).
var (
	dirStep = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	dirUp   = [8]bool{true, false, true, false, true, false, false, true}
)

// rays[sq][d] are the squares from sq outward in direction d, sq excluded.
var rays [64][8]Bitboard

// rookRays and bishopRays are the squares a rook and a bishop on sq
// attack on an empty board: its lines, outside which no lookup of its
// attacks is needed.
var rookRays, bishopRays [64]Bitboard

func init() {
	for sq := Square(0); sq < 64; sq++ {
		knightAttacks[sq] = stepAttacks(sq, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[sq] = stepAttacks(sq, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		pawnAttacks[White][sq] = stepAttacks(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = stepAttacks(sq, [][2]int{{-1, -1}, {1, -1}})
		for d, st := range dirStep {
			for f, r := sq.File()+st[0], sq.Rank()+st[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+st[0], r+st[1] {
				rays[sq][d] |= NewSquare(f, r).Bitboard()
			}
		}
		rookRays[sq] = rays[sq][0] | rays[sq][1] | rays[sq][2] | rays[sq][3]
		bishopRays[sq] = rays[sq][4] | rays[sq][5] | rays[sq][6] | rays[sq][7]
	}
	var rooks, bishops [64]magic
	end := initSliders(&bishops, &bishopMagicNumbers, 4, initSliders(&rooks, &rookMagicNumbers, 0, 0))
	// Every table is sliderAttacks from its offset on (the rooks' first),
	// as long as the array of its kind; the bishops' last tables are
	// shorter than 512 before the end of sliderAttacks, so they are read
	// from a padded copy of its end.
	tail := new([1024]Bitboard)
	tailFrom := end - 512
	copy(tail[:], sliderAttacks[tailFrom:end])
	off := 0
	for sq := range 64 {
		rookMagics[sq] = rookMagic{rooks[sq], (*[4096]Bitboard)(sliderAttacks[off:])}
		off += 1 << (64 - int(rooks[sq].shift))
	}
	for sq := range 64 {
		b := bishopMagic{magic: bishops[sq]}
		if off <= tailFrom {
			b.attack = (*[512]Bitboard)(sliderAttacks[off:])
		} else {
			b.attack = (*[512]Bitboard)(tail[off-tailFrom:])
		}
		bishopMagics[sq] = b
		off += 1 << (64 - int(bishops[sq].shift))
	}
	for a := Square(0); a < 64; a++ {
		for d := range 8 {
			opp := d ^ 1
			for b := rays[a][d]; b != 0; b &= b - 1 {
				sq := b.First()
				betweenBB[a][sq] = rays[a][d] & rays[sq][opp]
				lineBB[a][sq] = rays[a][d] | rays[a][opp] | a.Bitboard()
			}
		}
	}
	initZobrist()
}

// rayAttacks are the squares a slider on sq attacks along the four
// directions from first when occ is occupied: each ray up to and including
// its first occupied square.
func rayAttacks(sq Square, occ Bitboard, first int) Bitboard {
	var att Bitboard
	for d := first; d < first+4; d++ {
		ray := rays[sq][d]
		att |= ray
		if blk := ray & occ; blk != 0 {
			var b Square
			if dirUp[d] {
				b = blk.First()
			} else {
				b = Square(63 - bits.LeadingZeros64(uint64(blk)))
			}
			att &^= rays[b][d]
		}
	}
	return att
}

// sliderMask is the relevant occupancy of a slider on sq: its rays
// without the board's edge squares beyond them.
func sliderMask(sq Square, first int) Bitboard {
	edges := ((rank1 | rank8) &^ rankMask(sq)) | ((fileA | fileH) &^ fileMask(sq))
	return rayAttacks(sq, 0, first) &^ edges
}

// initSliders sets up the magic table of every square from the generated
// magic numbers and attack sets, from index offset of sliderAttacks on,
// and returns the index after the last.
func initSliders(table *[64]magic, numbers *[64]uint64, first, offset int) int {
	for sq := Square(0); sq < 64; sq++ {
		m := &table[sq]
		m.mask = sliderMask(sq, first)
		m.shift = uint8(64 - m.mask.Count())
		m.magic = numbers[sq]
		offset += 1 << m.mask.Count()
	}
	return offset
}

func rankMask(sq Square) Bitboard { return rank1 << (8 * uint(sq.Rank())) }
func fileMask(sq Square) Bitboard { return fileA << uint(sq.File()) }

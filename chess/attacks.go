package chess

// Attack tables, filled once at package initialisation: knight, king and
// pawn attacks per square, "fancy" magic bitboards for the sliders (the
// magic numbers are searched for at start-up with a fixed seed, which takes
// a few milliseconds and makes the run deterministic), and the between/line
// tables used for pins and checks.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the full line through two aligned squares
	rookMagics    [64]magic
	bishopMagics  [64]magic
	sliderTable   []Bitboard
)

type magic struct {
	mask   Bitboard
	magic  uint64
	attack []Bitboard
	shift  uint8
}

func (m *magic) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.magic >> m.shift
}

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq&63] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq&63] }

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c&1][sq&63] }

// RookAttacks returns the squares a rook on sq attacks when occ is occupied.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return m.attack[m.index(occ)]
}

// BishopAttacks returns the squares a bishop on sq attacks when occ is occupied.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return m.attack[m.index(occ)]
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

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slidingAttacks walks the rays from sq, stopping at the first occupied square.
func slidingAttacks(sq Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := NewSquare(f, r)
			b |= s.Bitboard()
			if occ.Has(s) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

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

// prng is xorshift64*, used for the magic search and the Zobrist keys.
type prng uint64

func (s *prng) next() uint64 {
	x := uint64(*s)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*s = prng(x)
	return x * 2685821657736338717
}

func (s *prng) sparse() uint64 { return s.next() & s.next() & s.next() }

func init() {
	for sq := Square(0); sq < 64; sq++ {
		knightAttacks[sq] = stepAttacks(sq, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[sq] = stepAttacks(sq, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		pawnAttacks[White][sq] = stepAttacks(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][sq] = stepAttacks(sq, [][2]int{{-1, -1}, {1, -1}})
	}
	sliderTable = make([]Bitboard, 0, 102400+5248)
	initMagics(&rookMagics, &rookDirs)
	initMagics(&bishopMagics, &bishopDirs)
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
				if slidingAttacks(a, 0, dirs).Has(b) {
					lineBB[a][b] = slidingAttacks(a, 0, dirs)&slidingAttacks(b, 0, dirs) | a.Bitboard() | b.Bitboard()
					betweenBB[a][b] = slidingAttacks(a, b.Bitboard(), dirs) & slidingAttacks(b, a.Bitboard(), dirs)
				}
			}
		}
	}
	initZobrist()
}

// initMagics finds a magic number for every square (Stockfish's method: a
// sparse random candidate, checked against every blocker subset).
func initMagics(table *[64]magic, dirs *[4][2]int) {
	seeds := [8]prng{728, 10316, 55013, 32803, 12281, 15100, 16645, 255}
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	cnt := 0
	for sq := Square(0); sq < 64; sq++ {
		edges := ((rank1 | rank8) &^ rankMask(sq)) | ((fileA | fileH) &^ fileMask(sq))
		m := &table[sq]
		m.mask = slidingAttacks(sq, 0, dirs) &^ edges
		m.shift = uint8(64 - m.mask.Count())
		// Enumerate the subsets of the mask (Carry-Rippler).
		size := 0
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slidingAttacks(sq, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		start := len(sliderTable)
		sliderTable = sliderTable[:start+size]
		m.attack = sliderTable[start : start+size : start+size]
		rng := seeds[sq.Rank()]
		for i := 0; i < size; {
			for m.magic = 0; (Bitboard(m.magic*uint64(m.mask)) >> 56).Count() < 6; {
				m.magic = rng.sparse()
			}
			cnt++
			for i = 0; i < size; i++ {
				idx := m.index(occs[i])
				if epoch[idx] < cnt {
					epoch[idx] = cnt
					m.attack[idx] = refs[i]
				} else if m.attack[idx] != refs[i] {
					break
				}
			}
		}
	}
}

func rankMask(sq Square) Bitboard { return rank1 << (8 * uint(sq.Rank())) }
func fileMask(sq Square) Bitboard { return fileA << uint(sq.File()) }

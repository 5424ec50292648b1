package predicates

// KBNK: the drive toward the corners of the bishop's colour
// (knowledge/lib/kbnk.al, issue 17).

import "github.com/advicelang/al/chess"

// roomWeight is the primitive room_weight: the sum over room of 8 to the
// power of each square's king distance to the nearer of s and t, the
// distance capped at c (clamped to 0..7).
func roomWeight(room chess.Bitboard, s, t chess.Square, c int) int {
	c = min(max(c, 0), 7)
	w := 0
	for x := room; x != 0; x &= x - 1 {
		q := x.First()
		w += 1 << (3 * min(dist(q, s), dist(q, t), c))
	}
	return w
}

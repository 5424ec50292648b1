package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The room as a measure of progress, for any material against the bare
// king: the black king's room (roomSquares, the thesis's LIBERTAD as a set)
// never grows when the black king moves, as it moves within it (out of
// check it keeps to one part); so a table whose every piece of advice ends
// with a smaller room, or the same room and White's men nearer it, can
// never go round in a cycle. knowledge/kbbk-proved.al1 is written this way.

// Room returns the room predicates, in the order Library registers them.
func Room() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		rel("king_nearer_room", "the black king's room (see room_smaller) is the same set of squares in both positions and the white king is nearer it (king distance to its nearest square) in the second", func(a, b *chess.Position) bool {
			ra, rb := roomSquares(a), roomSquares(b)
			return ra == rb && ra != 0 && distTo(b.King(chess.White), rb) < distTo(a.King(chess.White), ra)
		}),
		rel("men_nearer_room", "the black king's room (see room_smaller) is the same set of squares in both positions, the white king is no farther from it, and White's other men are nearer it in the second (the sum of their king distances to its nearest square)", func(a, b *chess.Position) bool {
			ra, rb := roomSquares(a), roomSquares(b)
			return ra == rb && ra != 0 && distTo(b.King(chess.White), rb) <= distTo(a.King(chess.White), ra) &&
				menDist(b, rb) < menDist(a, ra)
		}),
		rel("room_nearer_corner", "the black king's room (see room_smaller) is nearer a corner in the second position: its radius about its best corner (the least, over the corners, of the largest king distance from a square of the room to the corner) is smaller, or the same with fewer squares; an empty room (mate) is nearest", func(a, b *chess.Position) bool {
			ra, rb := roomSquares(a), roomSquares(b)
			ca, cb := cornerRadius(ra), cornerRadius(rb)
			return cb < ca || (cb == ca && rb.Count() < ra.Count())
		}),
		pos("room_in_corner", "the black king's room (see room_smaller) lies within two squares (king distance) of one corner: the king is cornered", func(p *chess.Position) bool {
			r := roomSquares(p)
			if r == 0 {
				return false
			}
			for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
				if r&^cornerBox[c] == 0 {
					return true
				}
			}
			return false
		}),
		pos("men_untouchable", "no man of White's but the king stands, undefended by the white king, next to the black king or next to a square the black king could step to (so the black king can neither take one nor attack one with its next move)", menUntouchable),
	}
}

// distTo is the king distance from s to the nearest square of b (8 when b
// is empty).
func distTo(s chess.Square, b chess.Bitboard) int {
	best := 8
	for ; b != 0; b &= b - 1 {
		best = min(best, dist(s, b.First()))
	}
	return best
}

// menDist is the sum of the king distances of White's men other than the
// king to the nearest square of room.
func menDist(p *chess.Position, room chess.Bitboard) int {
	n := 0
	for b := p.ColorPieces(chess.White) &^ bit(p.King(chess.White)); b != 0; b &= b - 1 {
		n += distTo(b.First(), room)
	}
	return n
}

// menUntouchable is men_untouchable.
func menUntouchable(p *chess.Position) bool {
	wk, bk := p.King(chess.White), p.King(chess.Black)
	free := ^(whiteAttacks(p) | p.ColorPieces(chess.White))
	steps := chess.KingAttacks(bk)&free | bit(bk)
	near := spread(steps) // the squares the black king attacks now or after a step
	loose := p.ColorPieces(chess.White) &^ bit(wk) &^ chess.KingAttacks(wk)
	return loose&near == 0
}

// cornerBox holds, for each corner, the squares within king distance 2 of it.
var cornerBox = func() map[chess.Square]chess.Bitboard {
	m := map[chess.Square]chess.Bitboard{}
	for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		var b chess.Bitboard
		for s := chess.Square(0); s < 64; s++ {
			if dist(s, c) <= 2 {
				b |= bit(s)
			}
		}
		m[c] = b
	}
	return m
}()

// cornerRadius is the least, over the corners, of the largest king distance
// from a square of room to the corner; -1 for an empty room.
func cornerRadius(room chess.Bitboard) int {
	if room == 0 {
		return -1
	}
	best := 8
	for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		far := 0
		for b := room; b != 0; b &= b - 1 {
			far = max(far, dist(b.First(), c))
		}
		best = min(best, far)
	}
	return best
}

package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The "lamp" of the thesis's two-bishops table (Ejemplo 2, section 2.3).
// Two bishops standing side by side (on one rank or one file, orthogonally
// adjacent) attack two diagonal fans; beyond the bishops' line, on each
// side, the squares neither bishop attacks form a closed "field of light"
// a king inside cannot leave (fig. 4a: the field, the frontier the bishops
// attack, the outer region). The thesis's figures 4-7 are lost in our copy,
// so every lamp predicate below is a reconstruction from the text; each doc
// line says so.

// bishops returns White's two bishops' squares.
func bishops(p *chess.Position) (a, b chess.Square, ok bool) {
	bs := p.Pieces(chess.White, chess.Bishop)
	if bs.Count() != 2 {
		return 0, 0, false
	}
	a = bs.First()
	return a, (bs & (bs - 1)).First(), true
}

// lampField returns the field of the lamp the black king is in: the squares
// it reaches by king steps through squares the bishops do not attack, the
// bishops' lines taken as running through the kings (the lamp is the
// bishops' own light: the white king stepping onto a ray, as it must to move
// the lamp, does not put it out; a first version in which the white king
// blocked the rays made the table cycle between lighting the lamp and
// approaching it), provided the
// bishops stand side by side, the black king's square is not attacked by
// them, and the field lies wholly on the black king's side of the bishops'
// line. ok is false when there is no such lamp.
func lampField(p *chess.Position) (field chess.Bitboard, ok bool) {
	b1, b2, ok := bishops(p)
	if !ok {
		return 0, false
	}
	horizontal := rank(b1) == rank(b2) && abs(file(b1)-file(b2)) == 1
	vertical := file(b1) == file(b2) && abs(rank(b1)-rank(b2)) == 1
	if !horizontal && !vertical {
		return 0, false
	}
	bk := p.King(chess.Black)
	occ := bit(b1) | bit(b2)
	free := ^(chess.BishopAttacks(b1, occ) | chess.BishopAttacks(b2, occ) | bit(b1) | bit(b2))
	if !free.Has(bk) {
		return 0, false
	}
	field = flood(bit(bk), free)
	line, k := rank(b1), rank(bk)
	if vertical {
		line, k = file(b1), file(bk)
	}
	for b := field; b != 0; b &= b - 1 {
		s := b.First()
		c := rank(s)
		if vertical {
			c = file(s)
		}
		if sign(c-line) != sign(k-line) || c == line {
			return 0, false
		}
	}
	return field, true
}

// lampLights is lámpara_alumbra: the black king is in a field of the lamp
// and the white king is outside it.
func lampLights(p *chess.Position) (chess.Bitboard, bool) {
	f, ok := lampField(p)
	if !ok || f.Has(p.King(chess.White)) {
		return 0, false
	}
	return f, true
}

// nearLamp is blanco_cerca_de_lámpara: the white king within two squares of
// each bishop.
func nearLamp(p *chess.Position) bool {
	b1, b2, ok := bishops(p)
	wk := p.King(chess.White)
	return ok && dist(wk, b1) <= 2 && dist(wk, b2) <= 2
}

// cornerDist is the least king distance from a square of f to a corner.
func cornerDist(f chess.Bitboard) int {
	best := 8
	for b := f; b != 0; b &= b - 1 {
		s := b.First()
		d := max(min(file(s), 7-file(s)), min(rank(s), 7-rank(s)))
		best = min(best, d)
	}
	return best
}

// fieldOnEdge reports whether every square of f is on one edge line.
func fieldOnEdge(f chess.Bitboard) bool {
	var lo, hi, left, right = true, true, true, true
	for b := f; b != 0; b &= b - 1 {
		s := b.First()
		lo = lo && rank(s) == 0
		hi = hi && rank(s) == 7
		left = left && file(s) == 0
		right = right && file(s) == 7
	}
	return f != 0 && (lo || hi || left || right)
}

// fieldInCorner reports whether every square of f lies next to one corner
// or on it.
func fieldInCorner(f chess.Bitboard) bool {
	if f == 0 {
		return false
	}
	for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		all := true
		for b := f; b != 0 && all; b &= b - 1 {
			all = dist(b.First(), c) <= 1
		}
		if all {
			return true
		}
	}
	return false
}

func bishopSafe(p *chess.Position, s, other chess.Square) bool {
	if dist(s, p.King(chess.Black)) > 1 {
		return true
	}
	return dist(s, p.King(chess.White)) == 1 || chess.BishopAttacks(other, p.Occupied()).Has(s)
}

// bishopStep returns the king distance a bishop moved from a to b, or 0
// when not exactly one bishop moved (or White's king moved too).
func bishopStep(a, b *chess.Position) int {
	ba, bb := a.Pieces(chess.White, chess.Bishop), b.Pieces(chess.White, chess.Bishop)
	from, to := ba&^bb, bb&^ba
	if from.Count() != 1 || to.Count() != 1 || a.King(chess.White) != b.King(chess.White) {
		return 0
	}
	return dist(from.First(), to.First())
}

// lampDist is the white king's distance to the lamp: its king distance to
// the farther bishop (8 without two bishops).
func lampDist(p *chess.Position) int {
	b1, b2, ok := bishops(p)
	if !ok {
		return 8
	}
	wk := p.King(chess.White)
	return max(dist(wk, b1), dist(wk, b2))
}

// The measures of knowledge/kbbk-proved.al1: the black king's room (the
// flood fill of room_smaller, which the black king's own moves never change
// unless it steps out of a check), its corner box (the smallest square in a
// corner of the board that holds it), the white king's and the bishops'
// distances to it, and whether the bishops stand beyond its reach.

// distToSet is the least king distance from s to a square of set (15 for an
// empty set).
func distToSet(s chess.Square, set chess.Bitboard) int {
	if set == 0 {
		return 15
	}
	for k, ball := range kingBalls[s&63] {
		if set&ball != 0 {
			return k
		}
	}
	return 7
}

// kingBalls[s][k] are the squares within king distance k of s.
var kingBalls = func() (b [64][8]chess.Bitboard) {
	for s := range chess.Square(64) {
		for t := range chess.Square(64) {
			for k := dist(s, t); k < 8; k++ {
				b[s][k] |= bit(t)
			}
		}
	}
	return b
}()

// outOfReach reports whether each of White's two bishops is defended (by
// the white king or the other bishop) or two squares or more from every
// square of the black king's room: the king cannot come to take it.
func outOfReach(p *chess.Position) bool {
	b1, b2, ok := bishops(p)
	if !ok {
		return false
	}
	reach := spread(roomSquares(p))
	wk := p.King(chess.White)
	for _, s := range [2]chess.Square{b1, b2} {
		other := b1 ^ b2 ^ s
		if reach.Has(s) && dist(s, wk) != 1 && !chess.BishopAttacks(other, p.Occupied()).Has(s) {
			return false
		}
	}
	return true
}

// kingToRoom is the white king's distance to the black king's room.
func kingToRoom(p *chess.Position) int {
	return distToSet(p.King(chess.White), roomSquares(p))
}

// bishopsToRoom is the sum of the bishops' distances to the black king's
// room (30 without two bishops).
func bishopsToRoom(p *chess.Position) int {
	b1, b2, ok := bishops(p)
	if !ok {
		return 30
	}
	r := roomSquares(p)
	return distToSet(b1, r) + distToSet(b2, r)
}

// cornerBox is the side of the smallest square in a corner of the board
// that holds every square of f (0 for an empty set).
func cornerBox(f chess.Bitboard) int {
	if f == 0 {
		return 0
	}
	best := 8
	for _, c := range [4]chess.Square{chess.A1, chess.H1, chess.A8, chess.H8} {
		far := 0
		for b := f; b != 0; b &= b - 1 {
			far = max(far, dist(b.First(), c))
		}
		best = min(best, far+1)
	}
	return best
}

// roomBox is cornerBox of the black king's room.
func roomBox(p *chess.Position) int { return cornerBox(roomSquares(p)) }

// KBBK returns the predicates of the thesis's two-bishops table and of
// knowledge/kbbk-proved.al1.
func KBBK() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		pos("lamp_lights", "lámpara_alumbra (reconstructed, fig. 4 lost): White's bishops stand side by side on a rank or file, the black king is in a field of the lamp (the squares it reaches through squares the bishops do not attack, their lines running through the kings; all beyond the bishops' line) and the white king is outside that field", func(p *chess.Position) bool {
			_, ok := lampLights(p)
			return ok
		}),
		pos("white_king_near_lamp", "blanco_cerca_de_lámpara (reconstructed, fig. 4c lost): the white king is within two squares (king distance) of each bishop", nearLamp),
		pos("lamp_lights_edge", "lámpara_alumbra_orilla (reconstructed, fig. 6a lost): lamp_lights with the whole field on one edge line (the black king driven to the edge), and white_king_near_lamp", func(p *chess.Position) bool {
			f, ok := lampLights(p)
			return ok && fieldOnEdge(f) && nearLamp(p)
		}),
		pos("lamp_lights_corner", "lámpara_alumbra_esquina (reconstructed, fig. 6c lost): lamp_lights with the whole field on a corner square or next to it (one corner), and white_king_near_lamp", func(p *chess.Position) bool {
			f, ok := lampLights(p)
			return ok && fieldInCorner(f) && nearLamp(p)
		}),
		pos("bishops_safe", "alfiles_a_salvo: White has two bishops and neither is next to the black king unless the white king or the other bishop defends it", func(p *chess.Position) bool {
			b1, b2, ok := bishops(p)
			return ok && bishopSafe(p, b1, b2) && bishopSafe(p, b2, b1)
		}),
		pos("bishop_lost", "White has fewer than two bishops", func(p *chess.Position) bool { return p.Pieces(chess.White, chess.Bishop).Count() < 2 }),
		rel("bishop_step1", "malfil1: one of White's bishops moved one square (and nothing else of White's)", func(a, b *chess.Position) bool { return bishopStep(a, b) == 1 }),
		rel("bishop_step2", "malfil2: one of White's bishops moved two squares (and nothing else of White's)", func(a, b *chess.Position) bool { return bishopStep(a, b) == 2 }),
		rel("reduce_field", "reduce_campo (reconstructed): the lamp lights in both positions and the field has fewer squares in the second", func(a, b *chess.Position) bool {
			fa, oka := lampLights(a)
			fb, okb := lampLights(b)
			return oka && okb && fb.Count() < fa.Count()
		}),
		rel("shift_field", "desplaza_campo (reconstructed, figs. 6a-6b lost): the lamp lights in both positions, the field is no larger in the second and its nearest square to a corner is nearer one", func(a, b *chess.Position) bool {
			fa, oka := lampLights(a)
			fb, okb := lampLights(b)
			return oka && okb && fb.Count() <= fa.Count() && cornerDist(fb) < cornerDist(fa)
		}),
		pos("room_at_least_3", "the black king's room (see room_smaller) has three squares or more", func(p *chess.Position) bool { return room(p) >= 3 }),
		pos("room_at_least_4", "the black king's room (see room_smaller) has four squares or more", func(p *chess.Position) bool { return room(p) >= 4 }),
		pos("room_in_corner_2x2", "the black king's room (see room_smaller) lies within the four squares of one corner (a1, b1, a2, b2 or their like)", func(p *chess.Position) bool { return roomBox(p) <= 2 }),
		pos("bishops_out_of_reach", "White has two bishops and each is defended (by the white king or the other bishop) or two squares or more from every square of the black king's room (see room_smaller): the black king cannot come to take it", outOfReach),
		rel("room_box_smaller", "the corner box of the black king's room (the side of the smallest square in a corner of the board that holds the whole room; see room_smaller) is smaller in the second position", func(a, b *chess.Position) bool {
			return roomBox(b) < roomBox(a)
		}),
		rel("room_box_equal", "the corner box of the black king's room (see room_box_smaller) is the same in both positions", func(a, b *chess.Position) bool {
			return roomBox(b) == roomBox(a)
		}),
		rel("king_nearer_room", "the white king's distance (king steps) to the nearest square of the black king's room (see room_smaller) is smaller in the second position", func(a, b *chess.Position) bool {
			return kingToRoom(b) < kingToRoom(a)
		}),
		rel("king_as_near_room", "the white king's distance to the nearest square of the black king's room (see king_nearer_room) is the same in both positions", func(a, b *chess.Position) bool {
			return kingToRoom(b) == kingToRoom(a)
		}),
		rel("bishops_nearer_room", "the sum of the two bishops' distances (king steps) to the nearest square of the black king's room (see room_smaller) is smaller in the second position", func(a, b *chess.Position) bool {
			return bishopsToRoom(b) < bishopsToRoom(a)
		}),
		rel("white_king_nearer_lamp", "aproxima_blanco_a_lámpara (reconstructed): the white king's distance to the farther bishop is smaller in the second position", func(a, b *chess.Position) bool {
			return lampDist(b) < lampDist(a)
		}),
	}
}

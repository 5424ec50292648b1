package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The endgame predicates take White as the side with the pieces and Black as
// the bare king ("the defending king"), as the thesis's tables do; "the rook"
// is White's rook (the lowest-indexed one if there are several), or White's
// queen when it has no rook: a queen moves as a rook does, so a rook's table
// plays KQK too (its diagonals only add to the confinement; `al verify
// krk-proved.al1 --endgame kqk` proves it), and "the bishops" are White's
// two bishops. A predicate about a piece White does not have is false
// (rook_lost and its like say so).

// onEdge reports whether s is on the edge of the board.
func onEdge(s chess.Square) bool {
	f, r := file(s), rank(s)
	return f == 0 || f == 7 || r == 0 || r == 7
}

// rook returns the square of White's rook, or of its queen when it has no
// rook (see above).
func rook(p *chess.Position) (chess.Square, bool) {
	b := p.Pieces(chess.White, chess.Rook)
	if b == 0 {
		b = p.Pieces(chess.White, chess.Queen)
	}
	if b == 0 {
		return chess.NoSquare, false
	}
	return b.First(), true
}

const (
	notFileA chess.Bitboard = ^chess.Bitboard(0x0101010101010101)
	notFileH chess.Bitboard = ^chess.Bitboard(0x8080808080808080)
)

// spread adds to b every square a king's step away from it.
func spread(b chess.Bitboard) chess.Bitboard {
	b |= b<<8 | b>>8
	return b | (b<<1)&notFileA | (b>>1)&notFileH
}

// flood returns the squares of free reachable from seed (which must be a
// subset of free) by king steps through free squares.
func flood(seed, free chess.Bitboard) chess.Bitboard {
	for {
		next := spread(seed) & free
		if next == seed {
			return seed
		}
		seed = next
	}
}

// whiteAttacks is every square White attacks, the black king taken off the
// board (so a slider's line runs through it, as the king cannot hide behind
// itself). A square holding a white piece counts when another white piece
// defends it.
func whiteAttacks(p *chess.Position) chess.Bitboard {
	occ := p.Occupied() &^ bit(p.King(chess.Black))
	var a chess.Bitboard
	for b := p.ColorPieces(chess.White); b != 0; b &= b - 1 {
		sq := b.First()
		a |= chess.Attacks(chess.White, p.PieceAt(sq).Type(), sq, occ)
	}
	return a
}

// roomSquares is the thesis's LIBERTAD as a set: the squares the black king
// can reach by king steps through empty squares White does not attack (its
// own square counts when it is not attacked). White's pieces are walls: a
// capture is no way through.
func roomSquares(p *chess.Position) chess.Bitboard {
	// The cache of the processor this goroutine runs on (roomcache.go).
	pid := procPin()
	procUnpin()
	h := p.Hash()
	e := &roomTables[uint(pid)%roomProcs][(h*0x9e3779b97f4a7c15)>>(64-roomCacheBits)]
	set := e.set.Load()
	if e.tag.Load() == h^set && h != 0 {
		return chess.Bitboard(set)
	}
	r := floodRoom(p)
	e.set.Store(uint64(r))
	e.tag.Store(h ^ uint64(r))
	return r
}

// floodRoom is roomSquares computed.
func floodRoom(p *chess.Position) chess.Bitboard {
	free := ^(whiteAttacks(p) | p.ColorPieces(chess.White))
	bk := p.King(chess.Black)
	return flood((chess.KingAttacks(bk)|bit(bk))&free, free)
}

func room(p *chess.Position) int { return roomSquares(p).Count() }

// rookDivides reports whether the rook's file or rank lies strictly between
// the kings.
func rookDivides(p *chess.Position) bool {
	r, ok := rook(p)
	if !ok {
		return false
	}
	wk, bk := p.King(chess.White), p.King(chess.Black)
	between := func(a, x, b int) bool { return (a < x && x < b) || (b < x && x < a) }
	return between(file(wk), file(r), file(bk)) || between(rank(wk), rank(r), rank(bk))
}

// rookCanStep reports whether the rook divides the kings along a line with
// the black king at least two lines beyond it, and the square one line
// nearer the black king (along the rook's other line) is empty and either
// out of the black king's reach or next to the white king.
func rookCanStep(p *chess.Position) bool {
	r, ok := rook(p)
	if !ok {
		return false
	}
	wk, bk := p.King(chess.White), p.King(chess.Black)
	try := func(rc, wc, bc int, to func(int) chess.Square) bool {
		if !((wc < rc && rc < bc) || (bc < rc && rc < wc)) || abs(bc-rc) < 2 {
			return false
		}
		sq := to(rc + sign(bc-rc))
		if p.Occupied().Has(sq) {
			return false
		}
		return dist(sq, bk) > 1 || dist(sq, wk) == 1
	}
	return try(file(r), file(wk), file(bk), func(f int) chess.Square { return chess.NewSquare(f, rank(r)) }) ||
		try(rank(r), rank(wk), rank(bk), func(k int) chess.Square { return chess.NewSquare(file(r), k) })
}

func kingsOpposed(p *chess.Position) bool {
	wk, bk := p.King(chess.White), p.King(chess.Black)
	df, dr := abs(file(wk)-file(bk)), abs(rank(wk)-rank(bk))
	return (df == 0 && dr == 2) || (dr == 0 && df == 2)
}

func knightApart(a, b chess.Square) bool { return chess.KnightAttacks(a).Has(b) }

func rookSafe(p *chess.Position) bool {
	r, ok := rook(p)
	if !ok {
		return false
	}
	return dist(r, p.King(chess.Black)) > 1 || dist(r, p.King(chess.White)) == 1
}

// rookMoved reports whether White's rook moved from a to b and White's king
// did not.
func rookMoved(a, b *chess.Position) (from, to chess.Square, ok bool) {
	ra, oka := rook(a)
	rb, okb := rook(b)
	if !oka || !okb || ra == rb || a.King(chess.White) != b.King(chess.White) {
		return 0, 0, false
	}
	return ra, rb, true
}

// KRK returns the predicates of the thesis's rook-and-king table (Ejemplo 1,
// section 2.3) and the moves and safety tests any rook table needs.
func KRK() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		pos("rook_divides", "TDIVIDE: the rook's file or rank lies strictly between the two kings, so they are in different regions of the board", rookDivides),
		pos("rook_divides_squeeze", "TRDIVIDE (reconstructed: the thesis's fig. 2 is lost): the rook divides the kings along a line, the black king is at least two lines beyond it, and the rook's square one line nearer the black king is empty and out of its reach or next to the white king", rookCanStep),
		pos("kings_opposed", "REYESOP: the kings are on one file or rank with one square between them", kingsOpposed),
		pos("kings_knight_apart", "REYESPC: the kings are a knight's move apart", func(p *chess.Position) bool {
			return knightApart(p.King(chess.White), p.King(chess.Black))
		}),
		pos("rook_far", "LEJOSTORRE: the rook is more than four squares from the black king (Manhattan distance; the thesis gives the number, not the metric)", func(p *chess.Position) bool {
			r, ok := rook(p)
			return ok && manhattan(r, p.King(chess.Black)) > 4
		}),
		pos("rook_near", "the rook is next to the black king (the thesis's NOCERCATORRE is its negation)", func(p *chess.Position) bool {
			r, ok := rook(p)
			return ok && dist(r, p.King(chess.Black)) == 1
		}),
		pos("rook_safe", "PROTTORRE: White has a rook (or, without one, a queen: it plays the rook in KQK) and it is not next to the black king or is next to the white king (defended)", rookSafe),
		pos("rook_lost", "White has no rook (nor a queen to play its part), or Black is to move and can take it (next to the black king and not to the white king), as in Bratko's rooklost", func(p *chess.Position) bool {
			r, ok := rook(p)
			return !ok || p.SideToMove() == chess.Black && dist(r, p.King(chess.Black)) == 1 && dist(r, p.King(chess.White)) > 1
		}),
		pos("black_king_edge", "the black king is on an edge of the board", func(p *chess.Position) bool { return onEdge(p.King(chess.Black)) }),
		pos("white_king_edge", "the white king is on an edge of the board", func(p *chess.Position) bool { return onEdge(p.King(chess.White)) }),
		rel("room_smaller", "RESTRINGE: the black king's room (LIBERTAD: the number of squares it can reach by king steps through empty squares White does not attack, its own included when not attacked; flood fill) is smaller in the second position", func(a, b *chess.Position) bool {
			return room(b) < room(a)
		}),
		rel("room_equal", "RESTRIGUAL: the black king's room (see room_smaller) is the same in both positions", func(a, b *chess.Position) bool {
			return room(b) == room(a)
		}),
		rel("kings_manhattan_smaller", "MENDORDIS (reconstructed: the copy gives no definition): the Manhattan distance between the kings is smaller in the second position", func(a, b *chess.Position) bool {
			return manhattan(b.King(chess.White), b.King(chess.Black)) < manhattan(a.King(chess.White), a.King(chess.Black))
		}),
		rel("rook_move", "MTORRE: White's rook (its queen in KQK) moved from the first position to the second (White's king did not)", func(a, b *chess.Position) bool {
			_, _, ok := rookMoved(a, b)
			return ok
		}),
		// MREYB, white_king_move, is shared with KPK (kpk.go).
	}
}

func pos(name, doc string, f func(p *chess.Position) bool) kb.Predicate[chess.Position] {
	return kb.Predicate[chess.Position]{Name: name, Kind: kb.PositionKind, Doc: doc, Pos: f}
}

func rel(name, doc string, f func(a, b *chess.Position) bool) kb.Predicate[chess.Position] {
	return kb.Predicate[chess.Position]{Name: name, Kind: kb.RelationKind, Doc: doc, Rel: f}
}

package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The predicates of the short proved mates (knowledge/kqk-proved.al1 and
// the other tables of issue 17): the posts and patterns the endgame books
// teach for the queen, the rook, the two bishops and the bishop and
// knight, each a fact a player reads off the board.

// queen returns the square of White's queen (the lowest-indexed one).
func queen(p *chess.Position) (chess.Square, bool) {
	b := p.Pieces(chess.White, chess.Queen)
	if b == 0 {
		return chess.NoSquare, false
	}
	return b.First(), true
}

// Mating returns the predicates of the short proved mates.
func Mating() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		pos("queen_knight_apart", "the queen's post of the books' KQK method: White's queen stands a knight's move from the black king (it takes the squares around the king on two sides and follows it a knight's move behind)", func(p *chess.Position) bool {
			q, ok := queen(p)
			return ok && knightApart(q, p.King(chess.Black))
		}),
		rel("new_room_equal", "the room of new_room_smaller (the rectangle the rook's or the queen's lines confine the black king to) is the same in both positions", func(a, b *chess.Position) bool {
			return bratkoRoom(b) == bratkoRoom(a)
		}),
		rel("new_room_halved", "the room of new_room_smaller (the rectangle the rook's or the queen's lines confine the black king to) is at most half as large in the second position: the box cut in two", func(a, b *chess.Position) bool {
			return 2*bratkoRoom(b) <= bratkoRoom(a)
		}),
		rel("room_halved", "the black king's room (see room_smaller: the squares it reaches through squares White does not attack) is at most half as large in the second position: the king's space cut in two", func(a, b *chess.Position) bool {
			return 2*room(b) <= room(a)
		}),
		pos("kings_on_one_edge", "both kings stand on the same edge line of the board: the white king cannot come at the black king from there (it must come from the board's side)", kingsOnOneEdge),
	}
}

// kingsOnOneEdge reports whether both kings stand on the same edge line.
func kingsOnOneEdge(p *chess.Position) bool {
	w, b := p.King(chess.White), p.King(chess.Black)
	edge := func(c int) bool { return c == 0 || c == 7 }
	return file(w) == file(b) && edge(file(w)) || rank(w) == rank(b) && edge(rank(w))
}

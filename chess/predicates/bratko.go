package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// Bratko's AL0 program for KRK ("Prolog Programming for Artificial
// Intelligence", the chapter on game playing: an advice table with the rules
// edge_rule and else_rule and the advice mate_in_2, squeeze, approach,
// keeproom, divide_in_2 and divide_in_3). The vocabulary below lets it be
// written in our language; the definitions follow the book's predicate
// library for KRK (its figure "Predicate library for king and rook vs
// king").

// bratkoRoom is the book's room: the area of the rectangle the black king
// is confined to by the rook's lines, that is the number of files beyond the
// rook's file on the black king's side times the number of ranks beyond the
// rook's rank on its side; 64 when the black king stands on a line of the
// rook (or there is no rook).
func bratkoRoom(p *chess.Position) int {
	r, ok := rook(p)
	if !ok {
		return 64
	}
	bk := p.King(chess.Black)
	side := func(b, r int) int {
		switch {
		case b < r:
			return r
		case b > r:
			return 7 - r
		}
		return 0
	}
	n := side(file(bk), file(r)) * side(rank(bk), rank(r))
	if n == 0 {
		return 64
	}
	return n
}

// criticalSquare is the book's cs: the square diagonally next to the rook
// toward the black king (toward higher files or ranks when the black king is
// on the rook's file or rank). It may lie off the board when the rook is on
// an edge; it is then still a point to measure distance to.
func criticalSquare(p *chess.Position) (f, r int, ok bool) {
	sq, ok := rook(p)
	if !ok {
		return 0, 0, false
	}
	bk := p.King(chess.Black)
	f, r = file(sq)+1, rank(sq)+1
	if file(bk) < file(sq) {
		f = file(sq) - 1
	}
	if rank(bk) < rank(sq) {
		r = rank(sq) - 1
	}
	return f, r, true
}

// csDist is the Manhattan distance from the white king to the critical
// square.
func csDist(p *chess.Position) (int, bool) {
	f, r, ok := criticalSquare(p)
	wk := p.King(chess.White)
	return abs(file(wk)-f) + abs(rank(wk)-r), ok
}

// rookExposed is the book's test: the black king is nearer the rook than
// the white king, with a step's allowance when White is to move.
func rookExposed(p *chess.Position) bool {
	r, ok := rook(p)
	if !ok {
		return false
	}
	dw, db := dist(p.King(chess.White), r), dist(p.King(chess.Black), r)
	if p.SideToMove() == chess.White {
		return dw > db+1
	}
	return dw > db
}

// Bratko returns the vocabulary of Bratko's AL0 KRK advice table. It relies
// on rook_divides, rook_lost, black_king_edge, white_king_edge, mate,
// stalemate, check and black_to_move from the other groups.
func Bratko() []kb.Predicate[chess.Position] {
	return []kb.Predicate[chess.Position]{
		rel("new_room_smaller", "Bratko's newroomsmaller: the room (the area of the rectangle the rook's lines confine the black king to: files beyond the rook's file on its side times ranks beyond the rook's rank; 64 when it is on a line of the rook) is smaller in the second position", func(a, b *chess.Position) bool {
			return bratkoRoom(b) < bratkoRoom(a)
		}),
		pos("room_greater_than_2", "Bratko's roomgt2: the room (see new_room_smaller) is greater than 2", func(p *chess.Position) bool { return bratkoRoom(p) > 2 }),
		pos("rook_exposed", "Bratko's rookexposed: the black king is nearer the rook than the white king (king distance), by more than one when White is to move", rookExposed),
		rel("approached_critical_square", "Bratko's okapproachedcsquare: the white king's Manhattan distance to the critical square (diagonally next to the rook toward the black king) is smaller in the second position than in the first, each measured in its own position", func(a, b *chess.Position) bool {
			da, oka := csDist(a)
			db, okb := csDist(b)
			return oka && okb && db < da
		}),
		pos("l_pattern", "Bratko's lpatt: the kings at Manhattan distance 2 (on one line, one square between them) and the rook at Manhattan distance 3 from the black king", func(p *chess.Position) bool {
			r, ok := rook(p)
			bk := p.King(chess.Black)
			return ok && manhattan(p.King(chess.White), bk) == 2 && manhattan(r, bk) == 3
		}),
		rel("king_stays_near_rook", "Bratko's okorndle: the white king is no farther from the rook (king distance) in the second position than in the first", func(a, b *chess.Position) bool {
			ra, oka := rook(a)
			rb, okb := rook(b)
			return oka && okb && dist(b.King(chess.White), rb) <= dist(a.King(chess.White), ra)
		}),
		pos("kings_close", "Bratko's kings_close: the king distance between the kings is less than 4", func(p *chess.Position) bool {
			return dist(p.King(chess.White), p.King(chess.Black)) < 4
		}),
		rel("rook_check_move", "a checking rook move: the rook moved (see rook_move) and the side to move in the second position is in check", func(a, b *chess.Position) bool {
			_, _, ok := rookMoved(a, b)
			return ok && b.InCheck()
		}),
		rel("white_king_diagonal_move", "White's king moved diagonally (for Bratko's kingdiagfirst order: white_king_diagonal_move then white_king_move)", func(a, b *chess.Position) bool {
			x, y := a.King(chess.White), b.King(chess.White)
			return x != y && file(x) != file(y) && rank(x) != rank(y)
		}),
		rel("rook_move_rank", "the rook moved along its rank (for ordering rook moves by line: rook_move_rank then rook_move_file)", func(a, b *chess.Position) bool {
			from, to, ok := rookMoved(a, b)
			return ok && rank(from) == rank(to)
		}),
		rel("rook_move_file", "the rook moved along its file (see rook_move_rank)", func(a, b *chess.Position) bool {
			from, to, ok := rookMoved(a, b)
			return ok && file(from) == file(to)
		}),
	}
}

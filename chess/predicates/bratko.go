package predicates

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// Bratko's AL0 program for KRK ("Prolog Programming for Artificial
// Intelligence", the chapter on game playing: an advice table with the rules
// edge_rule and else_rule and the advice mate_in_2, squeeze, approach,
// keeproom, divide_in_2 and divide_in_3). The vocabulary below lets it be
// written in our language; the definitions follow the book's descriptions,
// and where the book's code was not at hand the doc line says reconstructed.

// bratkoRoom is the book's room: the product of the black king's distances
// to the rook's file and to its rank (the area it is confined to), 64 when
// the black king stands on a line of the rook (or there is no rook).
func bratkoRoom(p *chess.Position) int {
	r, ok := rook(p)
	if !ok {
		return 64
	}
	bk := p.King(chess.Black)
	n := abs(file(bk)-file(r)) * abs(rank(bk)-rank(r))
	if n == 0 {
		return 64
	}
	return n
}

// criticalSquare is the square next to the rook, one step toward the black
// king on each axis the black king is off the rook's lines.
func criticalSquare(p *chess.Position) (chess.Square, bool) {
	r, ok := rook(p)
	if !ok {
		return chess.NoSquare, false
	}
	bk := p.King(chess.Black)
	return chess.NewSquare(file(r)+sign(file(bk)-file(r)), rank(r)+sign(rank(bk)-rank(r))), true
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
		rel("new_room_smaller", "Bratko's newroomsmaller: the room (the product of the black king's distances to the rook's file and rank; 64 when it is on a line of the rook) is smaller in the second position", func(a, b *chess.Position) bool {
			return bratkoRoom(b) < bratkoRoom(a)
		}),
		pos("room_greater_than_2", "Bratko's roomgt2: the room (see new_room_smaller) is greater than 2", func(p *chess.Position) bool { return bratkoRoom(p) > 2 }),
		pos("rook_exposed", "Bratko's rookexposed: the black king is nearer the rook than the white king (king distance), by more than one when White is to move", rookExposed),
		rel("approached_critical_square", "Bratko's okapproachedcsquare: the white king's Manhattan distance to the critical square of the first position (the square next to the rook one step toward the black king on each axis) is smaller in the second", func(a, b *chess.Position) bool {
			cs, ok := criticalSquare(a)
			return ok && manhattan(b.King(chess.White), cs) < manhattan(a.King(chess.White), cs)
		}),
		pos("l_pattern", "Bratko's lpatt (reconstructed): the kings a knight's move apart with the rook's file or rank between them", func(p *chess.Position) bool {
			return knightApart(p.King(chess.White), p.King(chess.Black)) && rookDivides(p)
		}),
		rel("king_stays_near_rook", "Bratko's okorndle (reconstructed): the white king's distance to the rook does not grow from the first position to the second, or is 1 in the second", func(a, b *chess.Position) bool {
			ra, oka := rook(a)
			rb, okb := rook(b)
			if !oka || !okb {
				return false
			}
			d := dist(b.King(chess.White), rb)
			return d <= dist(a.King(chess.White), ra) || d == 1
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

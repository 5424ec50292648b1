# Bratko's AL0 vocabulary of rook and king against king (Bratko, "Prolog
# Programming for Artificial Intelligence", the KRK advice table), written
# in the language under Bratko's names. The rook is krk's the_rook (the
# queen plays it in KQK). The built-in predicates of the same meaning
# (new_room_smaller, rook_exposed, ...) are their Go twins;
# knowledge/vocab_test.go checks that each definition agrees with its twin.
import krk

# How many lines lie beyond the rook's line r on the black king's side b
# (files or ranks, 1 to 8): 0 when the king is on the rook's line.
define beyond(b: int, r: int) = if b < r then r - 1 else if b > r then 8 - r else 0

# The area of the rectangle the rook's lines confine the black king to (0
# when the king stands on a line of the rook or there is no rook).
define box = beyond(file(black king), file(the_rook)) * beyond(rank(black king), rank(the_rook))

# Bratko's room: the area of the rectangle the rook's lines confine the
# black king to (files beyond the rook's file on its side times ranks
# beyond the rook's rank); 64 when it is on a line of the rook.
define broom = if box = 0 then 64 else box

# newroomsmaller: the room (see broom) is smaller in the second position.
define newroomsmaller(P1, P2) = broom < broom in P1

# roomgt2: the room (see broom) is greater than 2.
define roomgt2 = broom > 2

# rookexposed: the black king is nearer the rook than the white king (king
# distance), by more than one when White is to move.
define rookexposed =
  if side_to_move = white then dist(white king, the_rook) > dist(black king, the_rook) + 1
  else dist(white king, the_rook) > dist(black king, the_rook)

# rooklost: White has no rook (nor a queen to play its part), or Black is
# to move and can take it (next to the black king and not to the white
# king).
define rooklost =
    pieces(white, rook) + pieces(white, queen) = 0
  | side_to_move = black & dist(the_rook, black king) = 1 & dist(the_rook, white king) > 1

# rookdivides: the rook's file or rank lies strictly between the kings
# (the thesis's TDIVIDE).
define rookdivides = tdivide

# The critical square's file: diagonally next to the rook, toward the
# black king (it may lie off the board: file 0 or 9).
define csfile = if file(black king) < file(the_rook) then file(the_rook) - 1 else file(the_rook) + 1

# The critical square's rank (see csfile; 0 to 9).
define csrank = if rank(black king) < rank(the_rook) then rank(the_rook) - 1 else rank(the_rook) + 1

# The white king's Manhattan distance to the critical square.
define csdist = abs(file(white king) - csfile) + abs(rank(white king) - csrank)

# okapproachedcsquare: the white king's Manhattan distance to the critical
# square is smaller in the second position than in the first, each measured
# in its own position.
define okapproachedcsquare(P1, P2) = csdist < csdist in P1

# lpatt: the kings at Manhattan distance 2 (on one line, one square between
# them) and the rook at Manhattan distance 3 from the black king.
define lpatt = manhattan(white king, black king) = 2 & manhattan(the_rook, black king) = 3

# okorndle: the white king is no farther from the rook (king distance) in
# the second position than in the first.
define okorndle(P1, P2) = dist(white king, the_rook) <= dist(white king, the_rook) in P1

# kingsclose: the king distance between the kings is less than 4.
define kingsclose = dist(white king, black king) < 4

# The black king is on an edge of the board.
define bkedge = edge(black king)

# The white king is on an edge of the board.
define wkedge = edge(white king)

# rookmove: the rook moved (the thesis's MTORRE).
define rookmove(P1, P2) = mtorre(P1, P2)

# kingmove: White's king moved (the thesis's MREYB).
define kingmove(P1, P2) = mreyb(P1, P2)

# kingdiag: White's king moved diagonally (for Bratko's kingdiagfirst:
# kingdiag then kingmove).
define kingdiag(P1, P2) =
    file(white king) != file(white king) in P1
  & rank(white king) != rank(white king) in P1

# rookcheck: a checking rook move: the rook moved and the side to move in
# the second position is in check.
define rookcheck(P1, P2) = mtorre(P1, P2) & check in P2

# The best squeeze of the box-method krk-short.al1 (issue 17; now
# scripts/krkharness/box.al1.txt): of the moves that leave the
# black king boxed, the one that leaves the smallest box, the white king
# nearest the critical square of the new box.

# A position after White's move that the box method accepts: Black to
# move, the rook between the kings, not exposed, not lost, no stalemate.
define boxheld = black_to_move & rookdivides & ~rookexposed & ~rooklost & ~stalemate

# The box (see broom) first, then the white king's Manhattan distance to
# its critical square (see csdist): sixteen times the box, plus the walk.
define squeezekey = broom * 16 + csdist

# No move of White's from the position leads to a position the box method
# accepts (see boxheld) with a key (see squeezekey) below n.
define nosqueezebelow(P1, n: int) = every move Q of P1: ~boxheld in Q | squeezekey in Q >= n

# The second position is the best box White has from the first (see
# nosqueezebelow): the move that confines most.
define bestsqueeze(P1, P2) = nosqueezebelow(P1, squeezekey)

# The box (see broom) has nine squares or fewer: three lines by three at
# most (krk-short.al1 divides the kings into a small box first).
define boxsmall = broom <= 9

# The box (see broom) has sixteen squares or fewer: a quarter of the board
# at most.
define boxquarter = broom <= 16

# The leap of the box-method krk-short.al1 (issue 17; now
# scripts/krkharness/box.al1.txt): where the box is large, the rook
# and the king together cut it to a third or a half within two moves (the
# king may cross the rook's line, the rook cut again nearer).

# The box (see broom) has more than 24 squares: more than three lines by
# eight, the black king far from confined.
define boxlarge = broom > 24

# The box (see broom) is at most a third as large in the second position.
define boxtothird(P1, P2) = 3 * broom <= broom in P1

# The box (see broom) is at most half as large in the second position.
define boxtohalf(P1, P2) = 2 * broom <= broom in P1

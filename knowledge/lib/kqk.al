# The vocabulary of queen and king against king (knowledge/kqk-proved.al1
# and knowledge/kqk-short.al1), in the language: the books' KQK method on Bratko's box (lib/bratko.al:
# broom, the rectangle the queen's file and rank confine the black king to;
# the queen plays krk's the_rook) and on the flood-fill room (the primitive
# room: the squares the black king reaches through squares White does not
# attack). The built-in predicates of the same meaning (queen_knight_apart,
# new_room_halved, king_nearer_room, ...) are their Go twins;
# knowledge/vocab_test.go checks that each definition agrees with its twin.
# The drive of kqk-short.al1 (at the end) has no Go twin.
import bratko

# The queen's post of the books' KQK method: White's queen stands a
# knight's move from the black king (it takes the squares around the king
# on two sides and follows it a knight's move behind).
define queenknight = abs(file(white queen) - file(black king)) * abs(rank(white queen) - rank(black king)) = 2

# The box (see broom: the rectangle the rook's or the queen's lines confine
# the black king to) is the same in both positions.
define boxequal(P1, P2) = broom = broom in P1

# The box (see broom) is at most half as large in the second position: the
# box cut in two.
define boxhalved(P1, P2) = 2 * broom <= broom in P1

# The black king's room (the flood fill: see restringe) is at most half as
# large in the second position: the king's space cut in two.
define roomhalved(P1, P2) = 2 * room <= room in P1

# Both kings stand on the same edge line of the board: the white king
# cannot come at the black king from there (it must come from the board's
# side).
define kingsoneedge =
    file(white king) = file(black king) & (file(white king) = 1 | file(white king) = 8)
  | rank(white king) = rank(black king) & (rank(white king) = 1 | rank(white king) = 8)

# The white king's distance (king steps) to the nearest square of the black
# king's room (the primitive room_distance; 15 when the room is empty).
define kingtoroom = room_distance(white king)

# The white king is nearer the black king's room (see kingtoroom) in the
# second position.
define kingnearerroom(P1, P2) = kingtoroom < kingtoroom in P1

# The white king is as near the black king's room (see kingtoroom) in both
# positions.
define kingasnearroom(P1, P2) = kingtoroom = kingtoroom in P1

# The drive of knowledge/kqk-short.al1: the white king's walk and the
# room together.

# The white king's greatest king distance to a square of the black king's
# room (the primitive room_reach): how far it is from the room's far side,
# the moves it needs to stand over the whole room.
define kingreach = room_reach(white king)

# The drive: the white king's reach (see kingreach) weighed as a line of the
# board, eight squares of room, then the room (the flood fill). A king step
# toward the room's far side is progress while the box is large, and a cut
# of the queen is progress where it takes more room than the king's
# distance gives back: the queen confines the black king on the white
# king's side. The black king's moves cannot change it (no goal is a check).
define drive = 8 * kingreach + room

# The drive (see drive) is smaller in the second position.
define drivesmaller(P1, P2) = drive < drive in P1

# The white king is nearer the room's far side (see kingreach) in the
# second position.
define reachnearer(P1, P2) = kingreach < kingreach in P1

# The white king is no farther from the room's far side (see kingreach) in
# the second position.
define reachnofarther(P1, P2) = kingreach <= kingreach in P1

# The black king boxed in two squares or one while the white king is not
# yet beside them: every way on stalemates or lets the king out.
define boxtrap = room <= 2 & kingreach >= 3

# No move of White's from the first position leads to a smaller drive (see
# drive) than the second position's, among the moves a goal of
# kqk-short.al1 accepts (no check, no stalemate, the queen safe, no box
# trap): the move that confines most.
define bestdrive(P1, P2) = every move Q of P1: check in Q | stalemate in Q | rooklost in Q | boxtrap in Q | drive in Q >= drive

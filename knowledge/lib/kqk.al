# The vocabulary of queen and king against king (knowledge/kqk-proved.al1),
# in the language: the books' KQK method on Bratko's box (lib/bratko.al:
# broom, the rectangle the queen's file and rank confine the black king to;
# the queen plays krk's the_rook) and on the flood-fill room (the primitive
# room: the squares the black king reaches through squares White does not
# attack). The built-in predicates of the same meaning (queen_knight_apart,
# new_room_halved, king_nearer_room, ...) are their Go twins;
# knowledge/vocab_test.go checks that each definition agrees with its twin.
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

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
define queenknight =
  abs(file(white queen) - file(black king)) * abs(rank(white queen) - rank(black king)) = 2

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
# room (the primitive room_reach): how far it is from the room's far side.
define kingreach = room_reach(white king)

# How many squares of the black king's room lie at a king distance from
# the white king with the binary digit k set (k is 1, 2 or 4: a distance
# is at most 7).
define roomdigit(k: int) = count square s: in_room(s) & dist(white king, s) / k mod 2 = 1

# The white king's walk to the room: the sum of its king distances to the
# squares of the room, counted digit by digit (three counts of the room's
# squares rather than one for each distance: a third faster). It shrinks
# when the queen takes squares, the more the farther they lie from the
# white king, and when the king walks toward the room: a cut that leaves
# the black king on the white king's side of the board is worth more than
# one of the same size on the far side.
define kingwalk = roomdigit(1) + 2 * roomdigit(2) + 4 * roomdigit(4)

# The drive: the white king's walk to the room (see kingwalk) and its
# reach to the room's far side (see kingreach), four squares of walk a
# step. The black king's moves cannot change it (no goal is a check).
define drive = kingwalk + 4 * kingreach

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

# No move of White's from the position leads to a drive (see drive) below
# n, among the moves a goal of kqk-short.al1 accepts (no check, no
# stalemate, the queen safe, no box trap).
define nodrivebelow(P1, n: int) =
  every move Q of P1: check in Q | stalemate in Q | rooklost in Q | boxtrap in Q | drive in Q >= n

# The second position is the best drive White has from the first (see
# nodrivebelow): the move that confines most.
define bestdrive(P1, P2) = nodrivebelow(P1, drive)

# The vocabulary of two bishops and king against king, written in the
# language: the thesis's "lamp" of Ejemplo 2 (Osorio 1988, chapter 2,
# section 2.3), each concept under the thesis's name in small letters, and
# the box of knowledge/kbbk-proved.al1. The built-in predicates of the same
# meaning (`al predicates`: lamp_lights, bishops_safe, room_box_smaller,
# ...) are their Go twins; knowledge/vocab_test.go checks that each
# definition agrees with its twin. The thesis's figures 4-7 are lost in our
# copy: the lamp is a reconstruction from its text. MREYB and NOAHOGADO
# are the KRK vocabulary's.

import krk

# White has its two bishops.
define two_bishops = pieces(white, bishop) = 2

# White's bishop on the lower square (a1, b1, ..., h8); nothing without one.
define bishop_a = white bishop

# White's other bishop, on the higher square (bishop_a itself when White
# has one; nothing without bishops).
define bishop_b = last_square_of(white, bishop)

# The bishops stand side by side on a rank, bishop_a on the left: a lamp.
define lamp_on_rank =
    two_bishops
  & rank(bishop_a) = rank(bishop_b)
  & file(bishop_b) = file(bishop_a) + 1
# The bishops stand side by side on a file, bishop_a below: a lamp.
define lamp_on_file =
    two_bishops
  & file(bishop_a) = file(bishop_b)
  & rank(bishop_b) = rank(bishop_a) + 1

# The square s is in the lamp's field on the black king's side: beyond the
# bishops' line, between the bishops' diagonals. Two bishops side by side
# attack four diagonals; k lines beyond them (k at least 2) the squares
# between the diagonals run from k - 2 files (or ranks) short of bishop_a
# to k - 2 past bishop_b (two squares two lines beyond, four three lines
# beyond, ...), a wedge the king inside
# cannot leave (every step out of it is onto a diagonal; the king's steps
# along the frontier meet two diagonals side by side). The king and the
# white king do not block the bishops' light: the white king stepping into
# a ray, as it must to move the lamp, does not put it out. Outside the
# wedge every square not attacked reaches the bishops' line, so a king
# outside it is not in a lamp's field.
define in_wedge(s: square) =
    lamp_on_rank
    & (rank(s) - rank(bishop_a)) * (rank(black king) - rank(bishop_a)) > 0
    & file(bishop_a) + 2 - abs(rank(s) - rank(bishop_a)) <= file(s) <= file(bishop_a) - 1 + abs(rank(s) - rank(bishop_a))
  | lamp_on_file
    & (file(s) - file(bishop_a)) * (file(black king) - file(bishop_a)) > 0
    & rank(bishop_a) + 2 - abs(file(s) - file(bishop_a)) <= rank(s) <= rank(bishop_a) - 1 + abs(file(s) - file(bishop_a))

# How many lines lie beyond the bishops' line on the black king's side,
# up to the edge: the field's rows are the second to the last of them.
define lines_beyond =
  if lamp_on_rank
  then (if rank(black king) > rank(bishop_a) then 8 - rank(bishop_a) else rank(bishop_a) - 1)
  else if lamp_on_file
  then (if file(black king) > file(bishop_a) then 8 - file(bishop_a) else file(bishop_a) - 1)
  else 0

# Where the lamp stands along its line: bishop_a's file for a lamp on a
# rank, its rank for a lamp on a file.
define lamp_along = if lamp_on_rank then file(bishop_a) else rank(bishop_a)

# 1 + 2 + ... + n (0 when n is not positive).
define triangle(n: int) = if n > 0 then n * (n + 1) / 2 else 0

# The number of squares of the lamp's field (0 when the black king is in
# none): row k of the wedge has 2k - 2 squares, d rows make d(d - 1), less
# the corners the board's edges cut off on either side.
define field =
  if in_wedge(black king)
  then lines_beyond * (lines_beyond - 1)
       - triangle(lines_beyond - 1 - lamp_along)
       - triangle(lines_beyond + lamp_along - 9)
  else 0

# The field's least king distance to a corner of the board (3 when there is
# no field): the rows widen towards the edge, so the nearest square is an
# end of the last row, on the edge line.
define field_corner_distance =
  if in_wedge(black king)
  then min(max(1, lamp_along + 2 - lines_beyond) - 1, 8 - min(8, lamp_along + lines_beyond - 1))
  else 3

# LAMPARA_ALUMBRA (reconstructed, fig. 4 lost): White's bishops stand side
# by side on a rank or file, the black king is in a field of the lamp (the
# squares it reaches through squares the bishops do not attack, their lines
# running through the kings; all beyond the bishops' line) and the white
# king is outside that field.
define lampara_alumbra = in_wedge(black king) & ~in_wedge(white king)

# BLANCO_CERCA_DE_LAMPARA (reconstructed, fig. 4c lost): the white king is
# within two squares (king distance) of each bishop.
define blanco_cerca_de_lampara =
    two_bishops
  & dist(white king, bishop_a) <= 2
  & dist(white king, bishop_b) <= 2

# LAMPARA_ALUMBRA_ORILLA (reconstructed, fig. 6a lost): the lamp lights with
# the whole field on one edge line (the black king driven to the edge), and
# the white king near the lamp. The field is then one row, the two squares
# two lines beyond the bishops, on the edge: any larger field has rows on
# two lines.
define lampara_alumbra_orilla = lampara_alumbra & blanco_cerca_de_lampara & lines_beyond = 2

# LAMPARA_ALUMBRA_ESQUINA (reconstructed, fig. 6c lost): the lamp lights
# with the whole field on a corner square or next to it (one corner), and
# the white king near the lamp: the field on the edge (see
# lampara_alumbra_orilla) is the corner and its neighbour, the bishops on
# the first two or the last two lines across.
define lampara_alumbra_esquina = lampara_alumbra_orilla & (lamp_along = 1 | lamp_along = 7)

# A bishop on square b, the other on square o, is safe: the black king is
# not next to it, or the white king or the other bishop defends it.
define bishop_safe(b: square, o: square) =
    dist(b, black king) > 1
  | dist(b, white king) = 1
  | attacks_from(o, b)

# ALFILES_A_SALVO: White has two bishops and neither is next to the black
# king unless the white king or the other bishop defends it.
define alfiles_a_salvo =
    two_bishops
  & bishop_safe(bishop_a, bishop_b)
  & bishop_safe(bishop_b, bishop_a)

# A bishop of White's moved from P1 to P2, n squares (king distance), and
# nothing else of White's.
define bishop_moved(P1, P2, n: int) =
    side_to_move in P1 = white
  & moved(P1, P2) = bishop
  & dist(moved_from(P1, P2), moved_to(P1, P2)) = n

# MALFIL1: one of White's bishops moved one square (and nothing else of
# White's).
define malfil1(P1, P2) = bishop_moved(P1, P2, 1)

# MALFIL2: one of White's bishops moved two squares (and nothing else of
# White's).
define malfil2(P1, P2) = bishop_moved(P1, P2, 2)

# REDUCE_CAMPO (reconstructed): the lamp lights in both positions and the
# field has fewer squares in the second.
define reduce_campo(P1, P2) = lampara_alumbra in P1 & lampara_alumbra & field < field in P1

# DESPLAZA_CAMPO (reconstructed, figs. 6a-6b lost): the lamp lights in both
# positions, the field is no larger in the second and its nearest square to
# a corner is nearer one.
define desplaza_campo(P1, P2) =
    lampara_alumbra in P1
  & lampara_alumbra
  & field <= field in P1
  & field_corner_distance < field_corner_distance in P1

# The white king's distance to the lamp: its king distance to the farther
# bishop (8 without two bishops).
define lamp_distance =
  if two_bishops then max(dist(white king, bishop_a), dist(white king, bishop_b)) else 8

# APROXIMA_BLANCO_A_LAMPARA (reconstructed): the white king's distance to
# the farther bishop is smaller in the second position.
define aproxima_blanco_a_lampara(P1, P2) = lamp_distance < lamp_distance in P1

# The box of knowledge/kbbk-proved.al1, over the black king's room (the
# primitive room: the squares it reaches through squares White does not
# attack, which its own moves never change unless it steps out of a check;
# the KRK vocabulary's restringe and restrigual say it shrank or stayed).

# The room has four squares or more.
define room_of_4 = room >= 4

# The room has three squares or more.
define room_of_3 = room >= 3

# The room lies within the four squares of one corner (a1, b1, a2, b2 or
# their like): its corner box (the side of the smallest square in a corner
# of the board that holds it) is 2 or less.
define room_in_corner = room_box <= 2

# The king distance from square s to the nearest square of the room; 15,
# farther than any square, when the room is empty.
define to_room(s: square) = room_distance(s)

# A bishop on square b, the other on square o, is beyond the black king's
# reach: defended (by the white king or the other bishop) or two squares or
# more from every square of the room.
define beyond_reach(b: square, o: square) =
    to_room(b) >= 2
  | dist(b, white king) = 1
  | attacks_from(o, b)

# White has two bishops and the black king cannot come to take either.
define bishops_beyond_reach =
    two_bishops
  & beyond_reach(bishop_a, bishop_b)
  & beyond_reach(bishop_b, bishop_a)

# The room's corner box is smaller in the second position.
define box_smaller(P1, P2) = room_box < room_box in P1

# After White's move the king is boxed (kbbk-short.al1's SETTLED: no
# check, the bishops beyond reach, room for four or three in a corner) in
# a smaller room than before: the first moves kbbk-short.al1's BOX tries.
define boxed_smaller(P1, P2) =
    ~check
  & bishops_beyond_reach
  & (room_of_4 | room_of_3 & room_in_corner)
  & room < room in P1

# The room's corner box is the same in both positions.
define box_kept(P1, P2) = room_box = room_box in P1

# The white king's distance to the nearest square of the room.
define king_to_room = to_room(white king)

# The white king is nearer the room in the second position.
define king_closer(P1, P2) = king_to_room < king_to_room in P1

# The white king is as near the room in both positions.
define king_as_close(P1, P2) = king_to_room = king_to_room in P1

# The sum of the two bishops' distances to the nearest square of the room
# (30 without two bishops).
define bishops_to_room = if two_bishops then to_room(bishop_a) + to_room(bishop_b) else 30

# The bishops are nearer the room, in sum, in the second position.
define bishops_closer(P1, P2) = bishops_to_room < bishops_to_room in P1

# The squeeze of knowledge/kbbk-short.al1: the room's squares and twice its
# corner box, one measure. A move may let the room grow by a square or two
# if it brings the room a line nearer a corner, or let it move a line away
# from the corner if it takes three squares or more from it: the drive
# weighs where the king is driven against how much room it keeps, where
# the corner box read first (kbbk-proved.al1) sends it to a far corner
# with room to spare and the room read first builds boxes far from any
# corner.
define squeeze = room + 2 * room_box

# The squeeze (see squeeze) is smaller in the second position.
define squeeze_smaller(P1, P2) = squeeze < squeeze in P1

# The squeeze (see squeeze) is the same in both positions.
define squeeze_kept(P1, P2) = squeeze = squeeze in P1

# The press of knowledge/kbbk-short.al1: the squeeze with a line nearer a
# corner worth three squares of room (the room's squares and three times
# its corner box), sixteen to a unit, and the white king's distance to the
# room, in one number: the room and its corner first, the king's approach
# after them. Like the squeeze it is read on the room, which the black
# king's moves do not change (no goal is a check).
define press = 16 * (room + 3 * room_box) + king_to_room

# The press (see press) is lower by n or more in the second position: by
# 16, the squeeze one smaller with the king no farther from the room (or
# the squeeze smaller still).
define pressed(P1, P2, n: int) = press <= press in P1 - n

# The press (see press) lower in the second position: the squeeze smaller,
# or the same and the white king nearer the room.
define press_lower(P1, P2) = pressed(P1, P2, 1)

# The press (see press) lower by k units of the squeeze (the king no
# farther): the steps kbbk-short.al1 tries first, the largest first.
define press_down_1(P1, P2) = pressed(P1, P2, 16)
define press_down_3(P1, P2) = pressed(P1, P2, 48)
define press_down_5(P1, P2) = pressed(P1, P2, 80)
define press_down_8(P1, P2) = pressed(P1, P2, 128)
define press_down_12(P1, P2) = pressed(P1, P2, 192)
define press_down_16(P1, P2) = pressed(P1, P2, 256)

# The drive of knowledge/kbbk-short.al1: the press while the room is
# large, then, nearer a corner, the kings' distance too, then the press
# again deep in the corner. With the press alone the white king walks
# round the room while the bishops squeeze it; a player brings the king
# to the black king and lets the bishops take the squares behind it,
# giving back a square of room when the kings come nearer.

# The press's squeeze: the room's squares and three times its corner box.
define squeeze3 = room + 3 * room_box

# The phase of the drive: 2 while the squeeze is above 24, 1 down to
# 17, 0 at 16 or below (deep in the corner).
define drive_phase = if squeeze3 > 24 then 2 else if squeeze3 > 16 then 1 else 0

# The kings' distance after Black's reply that keeps them farthest apart
# (read where Black is to move; nothing when Black has no move).
define kings_apart_after = most move Q: dist(white king, black king) in Q

# The black king's distance to the nearest edge of the board: 0 on an
# edge, 3 on the four centre squares.
define bk_to_edge =
    min(min(file(black king), 9 - file(black king)), min(rank(black king), 9 - rank(black king)))
  - 1

# The black king's king distance to the nearest corner: 0 in a corner, 3
# on the sixteen central squares.
define bk_to_corner =
    max(min(file(black king), 9 - file(black king)), min(rank(black king), 9 - rank(black king)))
  - 1

# The black king driven and the white king brought to it, in one number:
# k times the kings' distance, e times the black king's distance to the
# edge and c times to the corner. A player drives the king to the edge
# and along it to a corner, the white king with it: the tablebase's
# depth follows these far more than the room's squares
# (scripts/kbbkharness -fit: far from a corner about a move for each
# step of the kings apart, 1.7 for each line from the edge, 1.0 for each
# from a corner, 0.05 for a square of room; nearer a corner 1.0, 1.4,
# 0.8 and 0.2).
define herded(k: int, e: int, c: int) =
    k * dist(white king, black king)
  + e * bk_to_edge
  + c * bk_to_corner

# The chase of phase 2, far from a corner: the room's squares, its
# corner box, and herded(5, 6, 4), sixteen to a unit, then the white
# king's distance to the room. Where the press squeezed the room with the
# bishops and let the white king walk round it, the chase brings the
# white king to the black king while the bishops keep it boxed. Read with
# White to move; chase_after reads it where Black is to move, after the
# reply that leaves it highest.
define chase = 16 * (room + room_box + herded(5, 6, 4)) + king_to_room
define chase_after = 16 * (room + room_box + (most move Q: herded(5, 6, 4) in Q)) + king_to_room

# The closing of phase 1, nearer a corner: the squeeze and
# herded(5, 5, 3), sixteen to a unit, then the white king's distance to
# the room; closing_after after the reply that leaves it highest (the
# room does not change with the black king's moves when it is not in
# check, so neither does the rest).
define closing = 16 * (squeeze3 + herded(5, 5, 3)) + king_to_room
define closing_after = 16 * (squeeze3 + (most move Q: herded(5, 5, 3) in Q)) + king_to_room

# The drive lower by n or more in the second position: an earlier phase;
# or the same phase and, in phase 2, the chase lower by n after every
# reply, in phase 1 the closing, in phase 0 the press. The phase is read
# on the squeeze, which the black king's moves do not change; no phase is
# entered again, and within one the measure falls: the strategy cannot
# cycle.
define drove(P1, P2, n: int) =
    drive_phase < drive_phase in P1
  | drive_phase = drive_phase in P1
    & (drive_phase = 2 & chase_after <= chase in P1 - n
       | drive_phase = 1 & closing_after <= closing in P1 - n
       | drive_phase = 0 & pressed(P1, P2, n))

# The drive (see drove) lower by k units of the squeeze: the steps
# kbbk-short.al1 tries first, the largest first; drove_any: lower at all.
define drove_16(P1, P2) = drove(P1, P2, 256)
define drove_12(P1, P2) = drove(P1, P2, 192)
define drove_8(P1, P2) = drove(P1, P2, 128)
define drove_5(P1, P2) = drove(P1, P2, 80)
define drove_3(P1, P2) = drove(P1, P2, 48)
define drove_1(P1, P2) = drove(P1, P2, 16)
define drove_any(P1, P2) = drove(P1, P2, 1)

# The room has four squares or fewer: the king caught in a small room,
# near a corner or on an edge, where a player looks for the mate.
define room_at_most_4 = room <= 4

# The room has eight squares or fewer: the king caught in two lines on an
# edge or in a corner's nine squares, where a player looks for the mate.
define room_at_most_8 = room <= 8

# The room has six squares or fewer: the king caught in a strip of five or
# six on an edge (two lines of three, a line of five and a square), where
# a player looks further for the mate than in a room of eight.
define room_at_most_6 = room <= 6

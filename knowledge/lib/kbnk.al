# The vocabulary of bishop, knight and king against king, written in the
# language (docs/reference.md, "define"): `import kbnk` in a base
# (knowledge/kbnk.al1 is written on it).
#
# The mate can only be given in a corner of the bishop's colour (h1 and a8
# for a light-squared bishop, a1 and h8 for a dark one): the books drive the
# black king to the edge, then along it to such a corner, where the knight
# and the bishop weave the net. Here the black king's room (the primitive
# room: the squares it can reach through squares White does not attack,
# which its own moves never change unless it steps out of a check) is
# measured against those corners.

# The bishop's squares are light.
define light_bishop = light(white bishop)

# The king distance from s to the nearer corner of the bishop's colour.
define mate_corner_dist(s: square) =
  if light_bishop then min(dist(s, h1), dist(s, a8)) else min(dist(s, a1), dist(s, h8))

# The mate box: the side of the smallest square, in a corner of the
# bishop's colour, that holds the whole room (8 while the king is free to
# reach the far side of the board from both corners).
define mate_box =
    1
  + (if light_bishop then min(room_reach(h1), room_reach(a8))
     else min(room_reach(a1), room_reach(h8)))

# The mate box is smaller in the second position.
define mate_box_smaller(P1, P2) = mate_box < mate_box in P1

# The mate box is the same in both positions.
define mate_box_equal(P1, P2) = mate_box = mate_box in P1

# The mate box is no larger in the second position.
define mate_box_kept(P1, P2) = mate_box <= mate_box in P1

# The room lies within a square of side 3 in a corner of the bishop's
# colour: the king is where the mate is given.
define in_mate_corner = mate_box <= 3

# The knight's and the bishop's king distances to the room, summed.
define minors_to_room = room_distance(white knight) + room_distance(white bishop)

# The minor pieces are nearer the room in the second position.
define minors_nearer_room(P1, P2) = minors_to_room < minors_to_room in P1

# The minor pieces are as near the room in both positions.
define minors_as_near_room(P1, P2) = minors_to_room = minors_to_room in P1

# Neither minor piece can be taken: each is two squares or more from the
# black king, or defended.
define minors_safe =
    (dist(white bishop, black king) > 1 | defended(white bishop))
  & (dist(white knight, black king) > 1 | defended(white knight))

# Black, to move, has no capture: the exact test of which minors_safe is
# the quick one. They differ where the bishop checks along a line with the
# knight beyond the king (8/8/8/8/4B3/8/6k1/7N b: the knight on h1 is
# defended through g2, which `defended` does not see with the king there):
# a cornered knight is freed that way (docs/verify.md, "The four phases
# played over the whole endgame").
define nothing_taken(P2) = every move Q of P2: ~captured(P2, Q)

# The drive's order (the harness's HGIQLKS4, docs/verify.md "An order
# with no dead end"), each measure read at White's turn, after Black's
# reply, so that what the black king can answer counts.

# The room is in the mate box of side 3 and the white king stands on an
# edge line: the net is not woven with the king on the edge (it must stand
# in front of the corner), so such a position is a way to the mate, never
# an end, whatever else it holds.
define king_off_net = in_mate_corner & edge(white king)

# A minor piece stands next to the black king and is not defended: Black
# takes it next move, so the room, which does not count the capture, says
# nothing.
define minor_hangs =
    dist(white bishop, black king) = 1 & ~defended(white bishop)
  | dist(white knight, black king) = 1 & ~defended(white knight)

# The black king has no move at White's turn (its room is its own square):
# only a mate takes more from it, so it is a way to the mate, never an end.
define king_frozen = room = 1

# A cage away from the mate corners: a room of six squares or fewer that
# no square of side 3 in a corner of the bishop's colour holds. It must be
# opened again to drive the king on, so it is never the end of a step.
define far_cage = room <= 6 & mate_box > 3

# A minor piece next to the room and not defended: the cage the minors hold
# alone is worth less than one they hold safely (0, 1 or 2).
define loose_minors =
    (if room_distance(white knight) = 1 & ~defended(white knight) then 1 else 0)
  + (if room_distance(white bishop) = 1 & ~defended(white bishop) then 1 else 0)

# The white king's distance to the room: the king leads the drive.
define king_to_room = room_distance(white king)

# The room weighed toward the corners of the bishop's colour: each square
# of it 8 to the power of its king distance to the nearer one, counted up
# to 4 (in the open a far square weighs as much as any other far one, so
# the room's size counts; near a mate corner a square a step farther
# outweighs eight nearer ones, so the W manoeuvre, which lets the king out
# of the wrong corner toward the right one, is progress).
define drive_weight = if light_bishop then room_weight(h1, a8, 4) else room_weight(a1, h8, 4)

# The order's first part (smaller is better): a piece en prise (above
# all, so that a step never ends where a reply of Black attacks a piece,
# unless it started there), then the king off the net, then the king
# frozen, then a far cage, then the loose minors, then the white king's
# distance to the room.
define drive_high =
    512 * (if minor_hangs then 1 else 0)
  + 256 * (if king_off_net then 1 else 0)
  + 128 * (if king_frozen then 1 else 0)
  + 64 * (if far_cage then 1 else 0)
  + 16 * loose_minors
  + king_to_room

# Its second part: the room's weight, then the minor pieces' distance to
# the room.
define drive_low = 32 * drive_weight + minors_to_room

# The drive made progress from the first position to the second.
define drive_lower(P1, P2) =
    drive_high < drive_high in P1
  | drive_high = drive_high in P1 & drive_low < drive_low in P1

# Whatever the black king replies, the drive has made progress since the
# root: the goal of every step, judged at Black's turn.
define drive_progress(P0, P2) = every move Q of P2: drive_lower(P0, Q)

# The same order with the room's weight uncapped once the room is small
# (the harness's HGIQLZ20, docs/verify.md "A weight uncapped near the
# edge"): a room of 20 squares or fewer is below every larger one, and in
# it each square weighs 8 to the power of its whole distance to the nearer
# mate corner, so that on the edge the way from the wrong corner toward the
# right one is progress square by square.
define small_room = room <= 20

# The room weighed toward the corners of the bishop's colour, each square's
# distance uncapped (a king distance is at most 7).
define full_weight = if light_bishop then room_weight(h1, a8, 7) else room_weight(a1, h8, 7)

# The room's weight: uncapped in a small room, capped at 4 in a larger one.
define zone_weight = if small_room then full_weight else drive_weight

# 0 for a small room, 1 for a larger one.
define zone = if small_room then 0 else 1

# Below the order's first part: the zone, then the weight, then the minor
# pieces' distance to the room.
define zone_low = 32 * zone_weight + minors_to_room

# The drive made progress from the first position to the second, in this
# order.
define zone_lower(P1, P2) =
    drive_high < drive_high in P1
  | drive_high = drive_high in P1
    & (zone < zone in P1 | zone = zone in P1 & zone_low < zone_low in P1)

# Whatever the black king replies, the drive has made progress since the
# root, in this order.
define zone_progress(P0, P2) = every move Q of P2: zone_lower(P0, Q)

# A move constraint for the deep steps: the white king never steps away
# from the black king (the other men's moves keep the distance). With
# every move allowed in trees of depth 1 and 2 and this one in deeper
# trees, every won start still has a tree of depth 8 or less to a lower
# position in zone_lower's order (the harness, docs/verify.md), and the
# search tries fewer moves.
define king_not_back(P1, P2) = dist(white king, black king) <= dist(white king, black king) in P1

# The knight on a square next to a corner (b1, a2, b2 and their mirror
# images), next to the black king: it is tangled with the king and its
# own men there, and White must undo the net to free it (the net's 32
# won positions with no step of depth 6 that keeps the net all have it).
define knight_cornered =
    min(min(dist(white knight, a1), dist(white knight, h1)), min(dist(white knight, a8), dist(white knight, h8))) = 1
  & dist(white knight, black king) = 1

# The net (an eighth session, docs/verify.md "The net proved on its own"):
# the last phase of the book's method, where the king is caught in the
# corner of the bishop's colour and the mate is near. The room lies within
# the mate box of side 3, the white king stands next to the room (two
# steps from it: the squares next to the king are never the room's) and
# off the edge lines (in front of the corner, not beside the black king),
# no minor piece is en prise, and the knight is not caught beside a
# corner next to the black king (knight_cornered).
define in_net =
    in_mate_corner
  & king_to_room <= 2
  & ~edge(white king)
  & ~minor_hangs
  & ~knight_cornered

# The black king within three king steps of the nearer mate corner: a
# holding goal for the mate searched in the net (a tree in which the king
# walks away is not the net's).
define near_mate_corner = mate_corner_dist(black king) <= 3

# Whatever the black king replies, the drive's order (drive_lower) is
# lower than at the root and the king is still in the net: the goal of
# the net's steps. Within the net a step of depth 6 or less exists from
# every one of its 12,984 won positions (the KBNK harness's greatest
# fixpoint throws none out, docs/verify.md): a table of these steps mates
# from all of them without leaving the net.
define net_progress(P0, P2) = every move Q of P2: drive_lower(P0, Q) & in_net in Q

# The corner box around the net (the phase before it): the room in the mate
# box of side 4, the white king next to the room and off the edge lines,
# the knight off the edge lines and not caught beside a corner, and no
# minor piece next to the black king; or the net. From every one of its
# 18,992 won positions a step of depth 6 or less in the drive's order
# keeps the king in it (the KBNK harness's greatest fixpoint throws none
# out, docs/verify.md), so a table of those steps mates from all of them
# without letting the king out of the corner box.
define in_corner_box =
    in_net
  | mate_box <= 4
    & king_to_room <= 2
    & ~edge(white king)
    & ~edge(white knight)
    & ~knight_cornered
    & dist(white knight, black king) > 1
    & dist(white bishop, black king) > 1

# Whatever the black king replies, the drive's order is lower than at the
# root and the king is still in the corner box.
define box_progress(P0, P2) = every move Q of P2: drive_lower(P0, Q) & in_corner_box in Q

# The men placed (the phase before the corner box, anywhere on the board;
# measured in the harness, but a table on it is stuck from 193 of 200
# sampled starts, a discrepancy not yet explained: docs/verify.md):
# the white king next to the room and off the edge lines, the knight off
# the edge lines and not caught beside a corner, no minor piece next to the
# black king; or the net. From all but 16 of its 2,635,288 won positions a
# step of depth 6 or less in the drive's order keeps the men placed (the
# KBNK harness, docs/verify.md).
define men_placed =
    king_to_room <= 2
  & ~edge(white king)
  & ~edge(white knight)
  & ~knight_cornered
  & dist(white knight, black king) > 1
  & dist(white bishop, black king) > 1

# The men placed, or the net.
define in_placed = in_net | men_placed

# Whatever the black king replies, the drive's order is lower than at the
# root and the men are still placed (or the king is in the net).
define placed_progress(P0, P2) = every move Q of P2: drive_lower(P0, Q) & in_placed in Q

# The approach (a ninth session, docs/verify.md "The approach"): the phase
# before the men are placed, from anywhere on the board. Its order (smaller
# is better), read at White's turn after Black's reply: the white king on
# an edge line; then its Manhattan distance to the centre's four squares;
# then its distance to the room beyond two; then the knight on an edge line
# or caught beside a corner; then the minors next to the black king. Every
# position of in_placed is below every other. From every won position
# outside in_placed a tree of depth 4 or less reaches, against every reply,
# a position of in_placed or one lower in this order (the KBNK harness's
# greatest fixpoint, docs/verify.md).
define centre_distance =
  min(min(manhattan(white king, d4), manhattan(white king, e4)), min(manhattan(white king, d5), manhattan(white king, e5)))

# The number of minor pieces next to the black king.
define minors_by_king =
    (if dist(white knight, black king) = 1 then 1 else 0)
  + (if dist(white bishop, black king) = 1 then 1 else 0)

# The knight on an edge line or caught beside a corner (0 or 1).
define knight_astray = if edge(white knight) | knight_cornered then 1 else 0

# The approach's key: the five measures above, each in its own digit.
define approach_key =
    65536 * (if edge(white king) then 1 else 0)
  + 4096 * centre_distance
  + 256 * (if king_to_room > 2 then king_to_room - 2 else 0)
  + 16 * knight_astray
  + minors_by_king

# The approach made progress from the first position to the second.
define approach_lower(P1, P2) = approach_key < approach_key in P1

# The knight on the first two lines from an edge.
define knight_low =
    file(white knight) <= 2
  | file(white knight) >= 7
  | rank(white knight) <= 2
  | rank(white knight) >= 7

# A square a knight's move from the knight.
define knight_move_from(s: square) = manhattan(s, white knight) = 3 & dist(s, white knight) = 2

# The minors trapped (an eleventh session, docs/verify.md "Drives
# measured where the black king is"): the white king four steps or more
# from the knight, and either the knight next to the black king on the
# first two lines with the bishop next to it (8/8/8/8/8/1K5B/5kN1/8 w,
# drawn), or the knight hemmed in, its every move next to the black king
# (7N/8/5k2/8/2K5/7B/8/8 w, drawn). Before it the approach could walk
# into 590 such drawn positions; the KBNK harness finds none reached
# with it, and the four phases then mate from every won start.
define minors_trapped =
    dist(white king, white knight) >= 4
  & (dist(white knight, black king) = 1 & dist(white bishop, white knight) = 1 & knight_low
     | (every square s: knight_move_from(s) -> dist(s, black king) <= 1))

# Whatever the black king replies, the men are placed, or the approach has
# made progress since the root, no minor piece is en prise (a reply
# that forks the minors would lose one: the harness's trees end only on
# won positions) and the minors are not trapped.
define approach_progress(P0, P2) =
  every move Q of P2: in_placed in Q
                      | ~minor_hangs in Q & ~minors_trapped in Q & approach_lower(P0, Q)

# The black king's territory (a twelfth and thirteenth session,
# docs/verify.md "The press and the territory", "The territory without
# its flood fill"): the squares of its room nearer to it than to the white
# king (king distance, a tie the white king's, who moves first). On the
# open board the room stays 35-49 squares along the tablebase's lines
# until the last moves; the territory shrinks. The KBNK harness's
# territory was flooded from the black king through these squares; read
# without the flood (`-tvor`) it measured as well or better (fewer dead
# ends, shorter games), and this one the language counts.
define in_territory(s: square) = in_room(s) & dist(s, black king) < dist(s, white king)

# The territory's size.
define territory = count square s: in_territory(s)

# The largest king distance from a square of the territory to c (0 for an
# empty territory).
define territory_reach(c: square) = most square s: if in_territory(s) then dist(s, c) else 0

# The territory's mate box: the side of the smallest square in a corner of
# the bishop's colour that holds it.
define territory_box =
    1
  + (if light_bishop then min(territory_reach(h1), territory_reach(a8))
     else min(territory_reach(a1), territory_reach(h8)))

# The harness's tsb: the territory's size and three times its mate box.
define territory_key = territory + 3 * territory_box

# The territory's key is lower in the second position.
define territory_lower(P1, P2) = territory_key < territory_key in P1

# The territory weighed toward the corners of the bishop's colour, as
# drive_weight weighs the room: each square 8 to the power of its king
# distance to the nearer one, counted up to 4.
define territory_weight =
    (count square s: in_territory(s) & mate_corner_dist(s) = 0)
  + 8 * (count square s: in_territory(s) & mate_corner_dist(s) = 1)
  + 64 * (count square s: in_territory(s) & mate_corner_dist(s) = 2)
  + 512 * (count square s: in_territory(s) & mate_corner_dist(s) = 3)
  + 4096 * (count square s: in_territory(s) & mate_corner_dist(s) >= 4)

# The harness's territory order (tsb): the territory's key, then its
# weight, then the knight astray, then the room's weight; lower in the
# second position.
define territory_order_lower(P1, P2) =
    territory_key < territory_key in P1
  | territory_key = territory_key in P1
    & (territory_weight < territory_weight in P1
       | territory_weight = territory_weight in P1
         & (knight_astray < knight_astray in P1
            | knight_astray = knight_astray in P1 & drive_weight < drive_weight in P1))

# The territory's key lower by d or more in the second position (the
# press: the biggest drop first).
define territory_dropped(P1, P2, d: int) = territory_key <= territory_key in P1 - d

# Delétang's triangles (a fourteenth session, docs/verify.md "Delétang's
# triangles measured"): the book's method confines the black king in
# right-angled triangles at a mate corner, each bounded by a diagonal,
# shrinking toward the corner. The triangle of size n at corner c is the
# squares within Manhattan distance n of c: 6 is the half-board behind the
# long diagonal of the other colour, 5 the first triangle (behind the
# seven-square diagonal of the bishop's colour), 3 the second, 1 the
# third. Here the territory (the room's squares nearer the black king
# than the white king) is measured against them: the largest Manhattan distance from a square
# of the territory to c (0 for an empty territory).
define territory_reach_manhattan(c: square) =
  most square s: if in_territory(s) then manhattan(s, c) else 0

# The territory's triangle: the least n such that the territory lies in
# the triangle of size n at one mate corner.
define territory_triangle =
  if light_bishop then min(territory_reach_manhattan(h1), territory_reach_manhattan(a8))
  else min(territory_reach_manhattan(a1), territory_reach_manhattan(h8))

# The black king's territory in the triangle of size 6, behind the long
# diagonal of the other colour: a part of the set where White mates
# keeping the king in that triangle (the KBNK
# harness's -dcand 6 -tvor, docs/verify.md "Delétang's triangles
# measured"); no table is written on it yet.
define in_triangle_6 = territory_triangle <= 6

# The open board's order (the session after the best order on a feature
# set, docs/verify.md "The open board's order on three distances"): before
# the black king is held behind the long diagonal of the other colour
# (Delétang's triangle of size 6), the KBNK harness (`-prank`) finds that
# this order on three distances falls, within six moves, against every
# defence, from every one of the open board's 3,748,334 won positions (the
# light-squared bishop; the triangles read on the harness's graph): the
# white king to the centre, the black king away from it, the kings
# nearer, weighed 7, 3 and 2; and, below every other value, the black
# king on a corner not of the bishop's colour with the white king two
# steps away (the white king nearer the centre first there). No table is
# written on it yet.

# The black king's Manhattan distance to the centre's four squares.
define black_centre_distance =
  min(min(manhattan(black king, d4), manhattan(black king, e4)), min(manhattan(black king, d5), manhattan(black king, e5)))

# The black king on a corner not of the bishop's colour (a1 or h8 for a
# light-squared bishop): the long diagonal it stands on is the one the
# triangles keep it from.
define king_in_wrong_corner =
    light_bishop & (dist(black king, a1) = 0 | dist(black king, h8) = 0)
  | ~light_bishop & (dist(black king, h1) = 0 | dist(black king, a8) = 0)

# The open board's order (smaller is better).
define open_order =
  if king_in_wrong_corner & dist(white king, black king) = 2 then centre_distance
  else 50 + 7 * centre_distance - 3 * black_centre_distance + 2 * dist(white king, black king)

# The open board's order lower by d or more in the second position: a
# step asks for the biggest fall first (as the press does), then any
# fall. The KBNK harness (docs/verify.md, "The bigger fall first") plays
# open_order lower by 16, 8, 4 or 2 within six moves first, else by 1:
# every start mated, 71.31% within the fifty moves (49.40% with any fall
# taken first). No table is written on it yet.
define open_dropped(P1, P2, d: int) = open_order <= open_order in P1 - d

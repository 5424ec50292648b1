# The vocabulary of bishop, knight and king against king, written in the
# language (docs/reference.md, "define"): `import kbnk` in a base
# (knowledge/kbnk-proved.al1 is written on it).
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
define mate_corner_dist(s: square) = if light_bishop then min(dist(s, h1), dist(s, a8)) else min(dist(s, a1), dist(s, h8))

# The mate box: the side of the smallest square, in a corner of the
# bishop's colour, that holds the whole room (8 while the king is free to
# reach the far side of the board from both corners).
define mate_box =
    1
  + (if light_bishop then min(room_reach(h1), room_reach(a8)) else min(room_reach(a1), room_reach(h8)))

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

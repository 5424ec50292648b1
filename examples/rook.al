# The vocabulary of a rook against a lone king, written in the language
# (docs/reference.md, "Definitions"); examples/definitions.al1 imports it.

# The rook's file or rank lies strictly between the two kings.
define rook_cuts =
    file(white king) < file(white rook) < file(black king)
  | file(black king) < file(white rook) < file(white king)
  | rank(white king) < rank(white rook) < rank(black king)
  | rank(black king) < rank(white rook) < rank(white king)

# The black king cannot take the rook: it is not next to it, or the white
# king defends it.
define rook_defended = dist(white rook, black king) > 1 | dist(white rook, white king) = 1

# The move took room from the black king (room: the squares it can reach).
define squeezes(P1, P2) = room < room in P1

# The white king came nearer the black king (in king moves).
define approaches(P1, P2) = dist(white king, black king) < dist(white king, black king) in P1

# Board geometry for any material, in the definition language
# (docs/reference.md, "Definitions"): `import board` in a base.

# x lies strictly between a and b (in either order).
define between(a: int, x: int, b: int) = a < x < b | b < x < a

# The square t is next to the square s (a king's step away).
define next_to(s: square, t: square) = dist(s, t) = 1

# The kings stand in opposition: on one file or rank, one square between.
define opposition =
    manhattan(white king, black king) = 2
  & (file(white king) = file(black king) | rank(white king) = rank(black king))

# The side's king stands on an edge of the board, or in a corner.
define king_on_edge(c: side) = edge(square_of(c, king))
define king_in_corner(c: side) = corner(square_of(c, king))

# The piece on the square is attacked by its enemy and not defended.
define en_prise(s: square) = hanging(s)

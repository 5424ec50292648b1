# Moves by kind of piece and by direction, captures, checks, promotions
# and mates, for any material, in the definition language
# (docs/reference.md, "define"): `import movement` in a base. The
# relations read the move from P1 to P2, made by the side to move in P1
# (White's or Black's alike); they are the move constraints the thesis's
# meta-plan examples need (knowledge/meta-or.al3, meta-mod.al3). Check,
# mate and stalemate themselves are the library's `check`, `mate` and
# `stalemate`, used as primitives: a definition of mate over legal_moves
# counts every move where the library stops at the first, and made
# kqkr.al3 verify a fifth slower (docs/language.md).

# The move moved a king (castling too).
define with_king(P1, P2) = moved(P1, P2) = king

# The move moved a queen.
define with_queen(P1, P2) = moved(P1, P2) = queen

# The move moved a rook.
define with_rook(P1, P2) = moved(P1, P2) = rook

# The move moved a bishop.
define with_bishop(P1, P2) = moved(P1, P2) = bishop

# The move moved a knight.
define with_knight(P1, P2) = moved(P1, P2) = knight

# The move moved a pawn (a step, a double step, a capture or a promotion).
define with_pawn(P1, P2) = moved(P1, P2) = pawn

# The piece moved sideways: along its rank (the thesis's "en sentido
# horizontal").
define sideways(P1, P2) = rank(moved_from(P1, P2)) = rank(moved_to(P1, P2))

# The piece moved up or down its file (the thesis's "en sentido vertical").
define along_file(P1, P2) = file(moved_from(P1, P2)) = file(moved_to(P1, P2))

# The piece moved diagonally: to another file and another rank, as many of
# one as of the other.
define diagonally(P1, P2) =
    abs(file(moved_to(P1, P2)) - file(moved_from(P1, P2))) = abs(rank(moved_to(P1, P2)) - rank(moved_from(P1, P2)))
  & file(moved_to(P1, P2)) != file(moved_from(P1, P2))

# The move took a piece.
define capture(P1, P2) = captured(P1, P2)

# The move promoted a pawn.
define promotion(P1, P2) = promoted(P1, P2)

# The move gave check.
define gives_check(P1, P2) = check in P2

# The move mated.
define mates(P1, P2) = mate in P2

# The move stalemated.
define stalemates(P1, P2) = stalemate in P2

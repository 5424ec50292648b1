# The vocabulary of rook and king against king of the thesis's Ejemplo 1
# (Osorio 1988, chapter 2, section 2.3), written in the language: each
# concept keeps the thesis's name, in small letters. The built-in
# predicates of the same meaning (`al predicates`: rook_divides,
# kings_opposed, ...) are their Go twins; knowledge/vocab_test.go checks
# that each definition agrees with its twin.

# White's rook, or its queen when it has no rook (the queen plays the rook
# in KQK); nothing when White has neither.
define the_rook = if pieces(white, rook) > 0 then white rook else white queen

# TDIVIDE: the rook's file or rank lies strictly between the two kings, so
# they are in different regions of the board.
define tdivide =
    file(white king) < file(the_rook) < file(black king)
  | file(black king) < file(the_rook) < file(white king)
  | rank(white king) < rank(the_rook) < rank(black king)
  | rank(black king) < rank(the_rook) < rank(white king)

# The rook may step to square s, one line nearer the black king: s is empty,
# and out of the black king's reach or next to the white king.
define rook_step_safe(s: square) = empty(s) & (dist(s, black king) > 1 | dist(s, white king) = 1)

# TRDIVIDE (reconstructed: the thesis's fig. 2 is lost): the rook divides
# the kings along a line, the black king is at least two lines beyond it,
# and the rook's square one line nearer the black king is empty and out of
# its reach or next to the white king.
define trdivide =
    file(white king) < file(the_rook)
    & file(the_rook) + 2 <= file(black king)
    & rook_step_safe(square(file(the_rook) + 1, rank(the_rook)))
  | file(black king) + 2 <= file(the_rook)
    & file(the_rook) < file(white king)
    & rook_step_safe(square(file(the_rook) - 1, rank(the_rook)))
  | rank(white king) < rank(the_rook)
    & rank(the_rook) + 2 <= rank(black king)
    & rook_step_safe(square(file(the_rook), rank(the_rook) + 1))
  | rank(black king) + 2 <= rank(the_rook)
    & rank(the_rook) < rank(white king)
    & rook_step_safe(square(file(the_rook), rank(the_rook) - 1))

# REYESOP: the kings are on one file or rank with one square between them.
define reyesop =
    manhattan(white king, black king) = 2
  & (file(white king) = file(black king) | rank(white king) = rank(black king))

# REYESPC: the kings are a knight's move apart.
define reyespc =
  abs(file(white king) - file(black king)) * abs(rank(white king) - rank(black king)) = 2

# LEJOSTORRE: the rook is more than four squares from the black king
# (Manhattan distance; the thesis gives the number, not the metric).
define lejostorre = manhattan(the_rook, black king) > 4

# PROTTORRE: White has a rook (or, without one, a queen: it plays the rook
# in KQK) and it is not next to the black king or is next to the white king
# (defended).
define prottorre = dist(the_rook, black king) > 1 | dist(the_rook, white king) = 1

# NOAHOGADO: the side to move is not stalemated (it is in check or has a
# legal move).
define noahogado = ~stalemate

# RESTRINGE: the black king's room (LIBERTAD: the squares it can reach by
# king steps through empty squares White does not attack; the primitive
# room) is smaller in the second position.
define restringe(P1, P2) = room < room in P1

# RESTRIGUAL: the black king's room is the same in both positions.
define restrigual(P1, P2) = room = room in P1

# MENDORDIS (reconstructed: the copy gives no definition): the Manhattan
# distance between the kings is smaller in the second position.
define mendordis(P1, P2) =
  manhattan(white king, black king) < manhattan(white king, black king) in P1

# MTORRE: White's rook (its queen in KQK) moved from the first position to
# the second, and White's king did not.
define mtorre(P1, P2) = the_rook != the_rook in P1 & white king = white king in P1

# MREYB: White's king made the move from the first position to the second
# (a move of White's: the relation is meant for the two ends of one move).
define mreyb(P1, P2) = moved(P1, P2) = king & side_to_move in P1 = white

# Definitions: a base's own vocabulary (docs/reference.md, "Definitions").
import "lib/krk.al1"
import krk
endgame KRK or KQK or white K R, black K

# TDIVIDE: the rook's file or rank lies strictly between the two kings.
define divides =
    file(white king) < file(white rook) < file(black king)
  | file(black king) < file(white rook) < file(white king)
  | rank(white king) < rank(white rook) < rank(black king)
  | rank(black king) < rank(white rook) < rank(white king)

# The black king's room shrank (a relation of the move's two ends).
define shrinks(P1, P2) = room < room in P1   # room reads P2 by default

define near(s: square, n: int) = dist(s, black king) <= n
define far = ~near(white rook, 1) & -manhattan(white rook, black king) + 2 * 3 < -4 mod 3
define escapes = some square s: king_step(black king, s) & ~attacked(s, white)
define cornered = count square s: dist(s, black king) = 1 & s != a1
define mates_next = some move Q: mate in Q
define safe(P1) = every move Q of P1: ~(captured(P1, Q) & moved(P1, Q) = rook) | check in Q
define stm = side_to_move = white & (some square s: on_edge(s)) & pieces(black, pawn) = 0

pattern DIV = divides & ~far

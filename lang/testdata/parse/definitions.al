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

# A long conditional: each part on its line, an else-if chain flat.
define exposed = if side_to_move = white then dist(white king, white rook) > dist(black king, white rook) + 1 else if in_check then dist(white king, white rook) > 3 else dist(white king, white rook) > dist(black king, white rook)

# Too long inside: an operand broken in its parentheses, a long branch, a
# quantifier's long body.
define near_pawn(P1) = pieces(white, pawn) = 1 & (dist(white king, white pawn) in P1 = 1 | dist(white king, white pawn) <= dist(white king, white pawn) in P1 - 1)
define guard = if pieces(white, rook) > 0 & dist(white king, white rook) > 2 & dist(black king, white rook) < 3 & file(white rook) != file(black king) then dist(white king, white rook) < dist(black king, white rook) else false
define boxed_in = every square s: ~king_step(black king, s) | attacked(s, white) | dist(s, white king) <= 1 & dist(s, black king) >= 1 & rank(s) != rank(white rook)

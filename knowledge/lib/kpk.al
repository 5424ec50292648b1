# The vocabulary of king and pawn against king of the thesis's AL3
# knowledge base (Osorio 1988, the appendix's definitions: critical
# squares, the rule of the square, pawn lost, blocked pawn, ...), written
# in the language under the thesis's names in small letters; and the
# theory of key squares and blockades that kpk-complete.al3 adds. The
# built-in predicates of the same meaning (critical_squares, pawn_runs,
# ...) are their Go twins; knowledge/vocab_test.go checks that each
# definition agrees with its twin.
import krk

# White's pawn: the square of its only pawn; nothing when White has none
# or more than one.
define the_pawn = if pieces(white, pawn) = 1 then white pawn else square(0, 0)

# The black king can take the piece on t: next to it, and t not next to the
# white king.
define can_take(t: square) = dist(black king, t) = 1 & dist(white king, t) > 1

# PEON_T: the white pawn is a rook pawn, on the a- or h-file.
define peon_t = file(the_pawn) = 1 | file(the_pawn) = 8

# PEON_R7: the white pawn stands on the seventh rank.
define peon_r7 = rank(the_pawn) = 7

# CORRE_PEON (rule of the square): the black king is outside the pawn's
# square, counted from the pawn's rank with White to move and one rank
# further back with Black to move; a pawn on its second rank counts from
# the third (its double step); and (our additions) the white king is not on
# the pawn's path and the black king, to move, cannot take the pawn at once.
define corre_peon =
    pieces(white, pawn) = 1
  & ~in_pawn_square(the_pawn, black king)
  & ~(side_to_move = black & can_take(the_pawn))
  & ~(file(white king) = file(the_pawn) & rank(white king) > rank(the_pawn))

# CASILLAS_CRITICAS: the white king stands two ranks ahead of the pawn on
# its file or an adjacent one, or one rank ahead when the king is on the
# sixth rank or beyond.
define casillas_criticas =
    abs(file(white king) - file(the_pawn)) <= 1
  & (rank(white king) - rank(the_pawn) = 2
     | rank(white king) - rank(the_pawn) = 1 & rank(white king) >= 6)

# CASILLAS_CRITICAS_T: the rook pawn's critical square is occupied: the
# white king on b7 with an a-pawn, or on g7 with an h-pawn.
define casillas_criticas_t =
    file(the_pawn) = 1 & white king = b7
  | file(the_pawn) = 8 & white king = g7

# PATRON_BP6 (figure 3): White to move, king and pawn side by side on the
# sixth rank, the black king not on the eighth-rank square of the king's
# file.
define patron_bp6 =
    side_to_move = white
  & rank(white king) = 6
  & rank(the_pawn) = 6
  & abs(file(white king) - file(the_pawn)) = 1
  & black king != square(file(white king), 8)

# The piece a promotion made (its queen, else rook, bishop or knight);
# nothing when White has none.
define promoted_piece =
  if pieces(white, queen) > 0 then white queen
  else if pieces(white, rook) > 0 then white rook
  else if pieces(white, bishop) > 0 then white bishop
  else white knight

# The pawn, or the piece it promoted to.
define pawn_or_piece = if pieces(white, pawn) = 1 then the_pawn else promoted_piece

# In pierde_peon below, with White to move, a pawn three squares or more
# from the black king is safe for a move.

# PIERDE_PEON: the black king can take the pawn on its next move: now with
# Black to move; with White to move, whatever White plays (the piece a
# promotion makes counts as the pawn).
define pierde_peon =
    pieces(white, pawn) = 1
  & (if side_to_move = black then can_take(the_pawn)
     else dist(black king, the_pawn) <= 2
          & legal_moves > 0
          & (every move Q: can_take(pawn_or_piece) in Q))

# PEON_BLOQUEADO (figure 2a): the black king one or two squares in front
# of the pawn on its file, the pawn below the seventh rank.
define peon_bloqueado =
    file(black king) = file(the_pawn)
  & (rank(black king) - rank(the_pawn) = 1 | rank(black king) - rank(the_pawn) = 2)
  & rank(the_pawn) < 7

# RB_CERCA, through NO_MAS_LEJOS: the white king is no farther from the
# pawn in P2 than in P1 (in king moves), or it was next to the pawn in P1.
define rb_cerca(P1, P2) =
    pieces(white, pawn) = 1
  & (dist(white king, the_pawn) in P1 = 1
     | dist(white king, the_pawn) <= dist(white king, the_pawn) in P1)

# RN_CERCA, through NO_MAS_LEJOS: the black king is no farther from the
# pawn in P2 than in P1 (in king moves), or it was next to the pawn in P1.
define rn_cerca(P1, P2) =
    pieces(white, pawn) = 1
  & (dist(black king, the_pawn) in P1 = 1
     | dist(black king, the_pawn) <= dist(black king, the_pawn) in P1)

# The key squares of the pawn (squares from which the white king wins
# whoever is to move, the pawn being safe) form a rectangle: for a pawn
# off the rook files, the three files around it, two ranks ahead of it (on
# the 5th and 6th ranks also one rank ahead, on the 7th the 7th and 8th
# ranks); for a rook pawn on the 6th or 7th rank, the knight file's 7th
# and 8th ranks; a rook pawn lower down has none. The rectangle's first
# and last file, first and last rank:
define key_file_lo = if peon_t then (if file(the_pawn) = 1 then 2 else 7) else file(the_pawn) - 1

# The last file of the key squares (see key_file_lo).
define key_file_hi = if peon_t then key_file_lo else file(the_pawn) + 1

# The first rank of the key squares (see key_file_lo).
define key_rank_lo =
  if rank(the_pawn) <= 4 then rank(the_pawn) + 2
  else if rank(the_pawn) <= 6 then rank(the_pawn) + 1
  else 7

# The last rank of the key squares (see key_file_lo).
define key_rank_hi = min(rank(the_pawn) + 2, 8)

# How far x lies outside the interval from lo to hi (0 inside).
define gap(x: int, lo: int, hi: int) = max(max(lo - x, x - hi), 0)

# The pawn has key squares (see key_file_lo).
define has_key_squares = pieces(white, pawn) = 1 & ~(peon_t & rank(the_pawn) < 6)

# The white king stands on a key square of its pawn (see key_file_lo).
define on_key_square =
    has_key_squares
  & gap(file(white king), key_file_lo, key_file_hi) = 0
  & gap(rank(white king), key_rank_lo, key_rank_hi) = 0

# The white king's distance (king moves) to the nearest key square: 0
# without a pawn, 8 for a pawn without key squares.
define key_dist =
  if pieces(white, pawn) != 1 then 0
  else if ~has_key_squares then 8
  else max(gap(file(white king), key_file_lo, key_file_hi), gap(rank(white king), key_rank_lo, key_rank_hi))

# The white king is no farther (king distance) from the nearest key square
# of the pawn in P2 than in P1 (always true for a pawn without key
# squares).
define nearer_key_square(P1, P2) = key_dist <= key_dist in P1

# The black king's distance to the square in front of the pawn (0 without
# a pawn).
define front_dist =
  if pieces(white, pawn) = 1
  then dist(black king, square(file(the_pawn), min(rank(the_pawn) + 1, 8)))
  else 0

# The black king is no farther (king distance) from the square in front of
# the pawn in P2 than in P1.
define nearer_blockade(P1, P2) = front_dist <= front_dist in P1

# The black king stands in front of a pawn off the rook files on its file:
# one square ahead of a pawn on its 6th rank or lower, or two squares ahead
# of a pawn on its 5th rank or lower (a blockade White cannot break).
define blockade =
    ~peon_t
  & file(black king) = file(the_pawn)
  & (rank(black king) - rank(the_pawn) = 1 & rank(the_pawn) <= 6
     | rank(black king) - rank(the_pawn) = 2 & rank(the_pawn) <= 5)

# The pawn is a rook pawn and the black king stands ahead of it on its
# file or the next one (the corner White cannot drive it from).
define corner_draw =
    peon_t
  & abs(file(black king) - file(the_pawn)) <= 1
  & rank(black king) > rank(the_pawn)

# White's pawn moved from P1 to P2 (a step, a double step or a
# promotion), and its king did not.
define pawn_moved(P1, P2) =
    (pieces(white, pawn) != pieces(white, pawn) in P1 | white pawn != white pawn in P1)
  & white king = white king in P1

# White has queened (a piece other than king and pawn) and the black king,
# to move, cannot take the new piece.
define queened =
    pieces(white, queen) + pieces(white, rook) + pieces(white, bishop) + pieces(white, knight) > 0
  & (side_to_move = white | ~can_take(promoted_piece))

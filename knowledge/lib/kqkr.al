# The vocabulary of king and queen against king and rook (knowledge/
# kqkr.al3): what Black's tactics aim at (the queen gone, White mated; with
# the library's stalemate) and are made of (the queen en prise, Black's
# forcing moves), over the library's check and mate (docs/language.md says
# why those stay primitives). The built-in predicates queen_en_prise and
# black_forcing_move are the Go twins of black_can_take_queen and
# black_forces; knowledge/vocab_test.go checks that each definition agrees
# with its twin on KQKR positions.

# White's queen is gone (taken).
define queen_gone = pieces(white, queen) = 0

# White is to move and checkmated.
define white_mated = side_to_move = white & mate

# The queen en prise: Black is to move and can take White's queen, with
# the rook (along its open lines: a rook that takes a defended queen is
# taken back, and no queen is left to win with) or with the king where the
# queen is not defended. (In KQKR this is every legal capture of the queen:
# a rook pinned to its king can be pinned only by the queen, which it may
# then take.)
define black_can_take_queen =
    side_to_move = black
  & (attacks_from(black rook, white queen) | dist(black king, white queen) = 1 & ~defended(white queen))

# Black's move from P1 to P2 is forcing: it gives check, takes White's
# queen, or attacks the queen (a black piece attacks its square in P2).
# (White is to move in P2: Black made the move; the queen's capture is
# asked last, where a capture took it.)
define black_forces(P1, P2) =
    side_to_move = white
  & (check | attacks(black, white queen) | captured(P1, P2) & queen_gone & ~queen_gone in P1)

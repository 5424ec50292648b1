# The vocabulary of king and queen against king and rook (knowledge/
# kqkr.al3): what Black's tactics aim at (the queen gone, White mated; with
# the library's stalemate) and are made of (the queen en prise, Black's
# forcing moves and threats, the rook given away, the rook's immune check
# and perpetual check), over the library's check and mate (docs/language.md says
# why those stay primitives). The built-in predicates queen_en_prise,
# rook_en_prise and black_forcing_move are the Go twins of
# black_can_take_queen, rook_hangs and black_forces; knowledge/vocab_test.go
# checks that each definition agrees with its twin (and immune_check and
# perpetual_threat with a Go reference) on KQKR positions.

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
  & (attacks_from(black rook, white queen)
     | dist(black king, white queen) = 1 & ~defended(white queen))

# Black's move from P1 to P2 is forcing: it gives check, takes White's
# queen, or attacks the queen (a black piece attacks its square in P2).
# (White is to move in P2: Black made the move; the queen's capture is
# asked last, where a capture took it.)
define black_forces(P1, P2) =
    side_to_move = white
  & (check | attacks(black, white queen) | captured(P1, P2) & queen_gone & ~queen_gone in P1)

# The rook hangs: White, to move, takes it for nothing. The queen is on
# the board, and some capture of the rook leaves the black king a move
# and the queen out of its reach: king and queen against king then win.
# A forcing move of Black's that hangs the rook is no tactic.
define rook_hangs =
    side_to_move = white
  & pieces(white, queen) = 1
  & attacks(white, black rook)
  & (some move R: pieces(black, rook) in R = 0 & ~stalemate in R & ~black_can_take_queen in R)

# Black's threat: a forcing move that does not give the rook away.
define black_threatens(P1, P2) = black_forces(P1, P2) & ~rook_hangs(P2)

# The squares the black king could step to: next to it, not the rook's,
# and not attacked by White (a white piece there undefended counts: the
# king takes it). Read where the black king is not in check.
define black_king_flights =
  count square s: dist(s, black king) = 1 & s != black rook & ~attacks(white, s)

# The rook's immune check: White, to move, is in check from a rook he
# cannot take for nothing, and the rook stands by its king (taking it
# costs the queen) or the black king has at most one move (taking it
# stalemates, or nearly: the desperado rook).
define immune_check =
    side_to_move = white
  & check
  & ~rook_hangs
  & (dist(black king, black rook) = 1 | black_king_flights <= 1)

# The threat of perpetual check: White is in the rook's immune check, or
# Black, to move, can give one.
define perpetual_threat = immune_check | side_to_move = black & (some move Q: immune_check in Q)

# Black has moved since P1: his king or his rook stands elsewhere (or the
# rook is gone). A goal that reads the root as P1 holds only after a
# move of Black's.
define black_moved(P1, P2) =
  ~(black king in P1 = black king in P2 & black rook in P1 = black rook in P2)

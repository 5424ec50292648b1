# AL1.5 and AL0 (issue 20): per-move constraints, a table's option.
advice MATE_IN_2 white depth 2
  better mate
  moves any,check    # the first move any, the second a check
  replies any , any then (rook_move & check)

advice SQUEEZE white depth 1 better room_smaller replies false option al0 nodes 500

table T white
  option al0
  rule true : MATE_IN_2, SQUEEZE

# Calls: advice within advice.
advice DRIVE white depth 3
  better mate | black_to_move & suc(DRIVE)
  holding ~suc( ESCAPE )
plan ESCAPE black depth 1
  better ~rook_divides

# The exit.
plan PUSH white depth 2 better pawn_runs moves pawn_move otherwise suc(KEY) | stalemate
plan KEY white depth 2
  better key_square

# A semi-static plan.
plan WALK white depth 3
  better key_square
  moves white_king_move
  option semistatic, sacrifice

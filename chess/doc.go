// Package chess owns the board: squares, pieces, the Position value type,
// legal move generation, FEN and SAN, perft and the terminal diagram.
// Its sub-packages own the chess predicate library (registered into a
// kb.Library) and the endgame tablebase.
//
// chess may import kb (to register predicates); it never imports prover.
package chess

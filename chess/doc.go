// Package chess owns the board: squares, pieces, the Position value type,
// legal move generation, FEN and SAN, perft and the terminal diagram.
// Its sub-packages own the chess predicate library (registered into a
// kb.Library) and the endgame tablebase.
//
// A Position is a pointer-free value (bitboards, side to move, castling,
// en passant, counters and an incrementally kept Zobrist hash); Play returns
// a new Position (copy-make) and LegalMoves fills a caller-owned buffer, so
// neither allocates. The main entry points:
//
//   - Parse (FEN, piece list such as "Kb5 Pd3 / Ke5 w", or "startpos"),
//     ParseFEN, ParsePieceList, NewPosition, Position.FEN and Flipped.
//   - Position.LegalMoves, Play, InCheck, Mate, Stalemate, Status,
//     InsufficientMaterial, Hash, SideToMove, PieceAt, Pieces, King,
//     Attacked, AttackersTo and the attack tables (KnightAttacks,
//     RookAttacks, ...).
//   - Position.SAN, SANLine, ParseMove (SAN or UCI), ParseUCI, Move.UCI.
//   - Position.Diagram, Perft, Divide.
//   - Game, which satisfies game.Game[Position, Move] structurally.
//
// chess imports prover/game (the leaf that names Side and the game
// interface) and nothing else of al's; its predicate library imports kb.
// It never imports prover.
package chess

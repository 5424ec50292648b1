// Package prover owns the reasoning of al over one game: the forcing-tree
// search that decides whether a piece of advice is satisfiable, the
// combinations of advice (plans, refutation, or/mod, inverse advice), and
// AL1 advice tables with the game module that plays them.
//
// Files: forcing.go (Searcher: sat with iterative deepening, memo, budget,
// tracer), combine.go (plans, refutation, or/mod, inverse advice),
// strategy.go and play.go (the game module: Strategy over an AL1 table,
// Defender, PlayGame).
//
// Its siblings build on it and on the leaf prover/game (the Game
// interface, Side, Outcome and Referee), never the other way round:
// prover/target (AL3 targets: lines, product, simplification, implied
// values), prover/cycle (the AL3 execution cycle, game-independent),
// prover/al3 (the adapter from a compiled base to the cycle and the
// cycle's evaluator over positions), prover/verify (exhaustive
// verification), prover/search, prover/gametree and prover/deduce.
//
// prover works on any two-player game through game.Game; it imports kb and
// prover/game and never imports chess or its own sub-packages. Its unit
// tests run on toy games.
package prover

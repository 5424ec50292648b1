// Package prover owns the reasoning of al: the forcing-tree search that
// decides whether a piece of advice is satisfiable, AL1 advice tables and the
// game module that plays them, the AL3 target engine and execution cycle, and
// the justification of an answer.
//
// Files: forcing.go (Searcher: sat with iterative deepening, memo, budget,
// tracer), combine.go (plans, refutation, or/mod, inverse advice),
// strategy.go and play.go (the game module: Strategy over an AL1 table,
// PlayGame), al3.go (the AL3 cycle's Evaluator over a position).
// Sub-packages: target (AL3 targets: lines, product, simplification,
// implied values) and cycle (the AL3 execution cycle, game-independent).
//
// prover works on any two-player game through the Game interface; it imports
// kb and never imports chess. Its unit tests run on toy games.
package prover

// Package prover owns the reasoning of al: the forcing-tree search that
// decides whether a piece of advice is satisfiable, AL1 advice tables and the
// game module that plays them, the AL3 target engine and execution cycle, and
// the justification of an answer.
//
// prover works on any two-player game through the Game interface; it imports
// kb and never imports chess. Its unit tests run on toy games.
package prover

// Package kb owns the compiled knowledge base: names resolved against a
// predicate library, formulas compiled to an evaluable form (which allocates
// nothing when evaluated) and to clause form for the prover, and the checks
// that report every error of a knowledge base in one run.
//
// kb is generic over the position type P of the game the knowledge is about:
// a Library[P] holds the predicates a game offers, and a Base[P] is a
// knowledge base compiled against one. kb imports lang and the leaf
// prover/game (for Side, the player a piece of advice is for) and nothing
// else of ours; the chess predicate library registers its predicates
// through Library.
package kb

// Package al3 owns the adapter between a compiled AL3 knowledge base and
// the game-independent execution cycle of prover/cycle: Problem translates
// a kb.Base into the cycle's input, interning every hypothesis term to an
// ID there (the one boundary where that happens), with methods, plans and
// meta-plan relations over those IDs; Evaluator decides the cycle's lemma,
// plan and refutation hypotheses in one position with the forcing-tree
// search of prover.
//
// It sits beside prover/cycle rather than in prover because it needs both
// the searcher (prover) and the cycle; keeping it in prover made the root
// import its own children. It imports kb, prover and prover/cycle, never
// chess.
package al3

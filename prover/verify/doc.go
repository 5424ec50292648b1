// Package verify owns the exhaustive verification of strategies and knowledge
// against an oracle: an AL1 advice table explored against every defence from
// every start position the oracle says is won (proved, failed with a line and
// a reason, worst and mean length to mate beside the oracle's), an AL3 base's
// answers compared with the oracle's truth over every position, and the
// soundness of each AL3 method relation (the positions where it is false).
//
// It is game-independent: it works through game.Game, game.Referee and
// callbacks that decide hypotheses, answer queries and format positions and
// lines, so the chess wiring (tablebase, FEN, SAN) stays in the caller. It
// imports prover, prover/game, prover/cycle and kb, never chess, and prints nothing:
// progress goes to a callback.
//
// Work is split over workers (all cores by default), each with its own
// strategy, searcher and memo table built by a factory, since those are not
// safe for concurrent use. Every figure of a report (apart from its Stats)
// is a function of the input alone, never of the number of workers or the
// order they ran in; docs/verify.md says why, and the one caveat (a search
// budget that binds).
package verify

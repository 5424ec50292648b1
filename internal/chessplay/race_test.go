//go:build race

package chessplay

// raceOn is true under the race detector, which slows the KBBK table's
// generation (needed by the optimal defender in KBBK) about tenfold.
const raceOn = true

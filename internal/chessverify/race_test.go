//go:build race

package chessverify

// raceOn is true under the race detector, which slows the searches of a
// table's strategy about tenfold.
const raceOn = true

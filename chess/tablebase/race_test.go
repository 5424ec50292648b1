//go:build race

package tablebase

// raceOn is true when the tests run under the race detector, which slows
// KBBK's generation about tenfold.
const raceOn = true

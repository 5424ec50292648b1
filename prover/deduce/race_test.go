//go:build race

package deduce

// raceOn is true under the race detector, which slows the searches about
// tenfold: the longest proofs of the tests are left out then.
const raceOn = true

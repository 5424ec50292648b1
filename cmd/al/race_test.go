//go:build race

package main

// raceOn is true under the race detector, which slows al about tenfold:
// the scripts' [race] condition runs smaller hostile inputs then.
const raceOn = true

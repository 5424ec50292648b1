//go:build race

package main

// raceOn is true under the race detector: the scripts' [race] condition.
const raceOn = true

//go:build !race

package tablebase

const raceOn = false

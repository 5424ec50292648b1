//go:build !race

package deduce

const raceOn = false

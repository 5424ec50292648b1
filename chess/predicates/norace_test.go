//go:build !race

package predicates

const raceOn = false

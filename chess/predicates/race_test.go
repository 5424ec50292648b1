//go:build race

package predicates

// raceOn: under the race detector sync.Pool drops items at random, so the
// move quantifiers' pools allocate and the allocation tests do not apply.
const raceOn = true

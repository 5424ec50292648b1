package verify

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReplayContinuation: the replay of a start whose first failure was a
// failed node Y of the shared memo follows another start's path from Y
// (only from a depth where the ply limit cannot come sooner), and finds a cycle where
// that path comes back to a node on its own path; what it records is what
// the exploration records (the path above the failing node).
func TestReplayContinuation(t *testing.T) {
	const (
		z1, z2, y, a, c, term, b = 1, 2, 3, 4, 5, 6, 7
	)
	// The other start's exploration met plies up to 6, under a limit of 7.
	other := failure{reason: "stalemate", how: terminalAt, path: []uint64{z1, z2, y, a, c, term}, reach: 6}
	for _, tc := range []struct {
		name   string
		path   []uint64
		reason string
		ok     bool
		rec    []uint64
	}{
		// a, b, then Y (depth 2, as on the other path): from Y the other
		// path enters a, which is on this one: a cycle.
		{"cycle", []uint64{a, b, y}, cycleReason, true, []uint64{a, b, y}},
		// b, then Y (depth 1): from Y, a, c and the stalemate.
		{"terminal", []uint64{b, y}, "stalemate", true, []uint64{b, y, a, c, term}},
		// Y deeper (3) than on the other path (2), by less than the other
		// exploration's margin under the limit (1).
		{"deeper", []uint64{b, 100, 101, y}, "stalemate", true, []uint64{b, 100, 101, y, a, c, term}},
		// Y deeper by 2: the limit could come sooner below it, so the
		// start is explored.
		{"too deep", []uint64{b, 100, 101, 102, y}, "", false, nil},
	} {
		fails := []failure{other, {reason: "reaches a failing position", how: hitAt, path: tc.path}}
		cont := continuations(fails)
		require.Equal(t, map[uint64]nodeAt{y: {0, 2}}, cont, tc.name)
		e := &explorer[int, int]{opt: TableOptions{MaxPlies: 7}, failures: map[uint64]int32{}, on: map[uint64]struct{}{}, reasonN: map[string]int32{}}
		reason, ok := e.replay(&fails[1], fails, cont)
		require.Equal(t, tc.ok, ok, tc.name)
		require.Equal(t, tc.reason, reason, tc.name)
		var rec []uint64
		for _, q := range append(append([]uint64{}, tc.path...), other.path...) {
			if i, ok := e.failures[q]; ok && !contains(rec, q) {
				require.Equal(t, tc.reason, e.reasons[i], tc.name)
				rec = append(rec, q)
			}
		}
		require.Equal(t, tc.rec, rec, tc.name)
	}
}

func contains(s []uint64, q uint64) bool {
	for _, x := range s {
		if x == q {
			return true
		}
	}
	return false
}

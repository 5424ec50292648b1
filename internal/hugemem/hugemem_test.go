package hugemem

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

func TestMake(t *testing.T) {
	for _, c := range []struct {
		n      int
		mapped bool
	}{
		{0, false},
		{1000, false},
		{MinSize/8 - 1, false},
		{MinSize / 8, runtime.GOOS == "linux"},
		{3*MinSize/8 + 5, runtime.GOOS == "linux"},
	} {
		s, b := Make[uint64](c.n)
		require.Len(t, s, c.n)
		require.Equal(t, c.mapped, b != nil, "n %d", c.n)
		if b != nil {
			// Aligned to a huge page, zeroed and writable to its end.
			require.Zero(t, uintptr(unsafe.Pointer(&s[0]))%hugePage)
			require.GreaterOrEqual(t, len(b.mem), c.n*8+hugePage)
		}
		bad := -1
		for i := range s {
			if s[i] != 0 {
				bad = i
			}
			s[i] = uint64(i)
		}
		require.Equal(t, -1, bad, "not zeroed")
		for i := range s {
			if s[i] != uint64(i) {
				bad = i
			}
		}
		require.Equal(t, -1, bad, "not kept")
		b.Free()
		b.Free() // a second time: nothing
	}
}

// TestMemoryLimitCountsTheTables: while a table is mapped the runtime's
// memory limit is lowered by its size and Mapped counts it, both given
// back when it is freed; without a limit none is set.
func TestMemoryLimitCountsTheTables(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("ordinary slices elsewhere")
	}
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(math.MaxInt64)
	_, b := Make[byte](MinSize)
	require.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1))
	b.Free()
	require.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1))
	const limit = 1 << 40
	debug.SetMemoryLimit(limit)
	before := Mapped()
	_, b1 := Make[byte](MinSize)
	_, b2 := Make[uint64](MinSize)
	require.Equal(t, int64(limit-len(b1.mem)-len(b2.mem)), debug.SetMemoryLimit(-1))
	require.Equal(t, before+int64(len(b1.mem)+len(b2.mem)), Mapped())
	b1.Free()
	require.Equal(t, int64(limit-len(b2.mem)), debug.SetMemoryLimit(-1))
	b2.Free()
	require.Equal(t, int64(limit), debug.SetMemoryLimit(-1))
	require.Equal(t, before, Mapped())
}

// TestPrefetchNeverFaults: a prefetch of any address (a table's slot,
// nil) neither faults nor allocates.
func TestPrefetchNeverFaults(t *testing.T) {
	s, b := Make[uint64](MinSize / 8)
	defer b.Free()
	allocs := testing.AllocsPerRun(10, func() {
		Prefetch(unsafe.Pointer(&s[len(s)-1]))
		Prefetch(nil)
	})
	require.Zero(t, allocs)
}

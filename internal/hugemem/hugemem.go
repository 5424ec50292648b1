// Package hugemem allocates the large tables of the searches - the
// forcing-tree memos and goal tables (prover), the verifier's cache of
// explored positions (prover/verify) - in memory that the kernel backs
// with huge pages where it can. These tables are probed at random, each
// probe a cache miss, and with 4 KB pages most probes of a table of tens
// of megabytes also miss the TLB and walk the page tables, whose lines
// then compete for the caches with the tables' own; with 2 MB pages the
// TLB covers them. On the whole of KRK (al verify bratko.al1) this took
// 8 to 18% of the CPU of one worker and 16 to 22% of two's (docs/verify.md,
// "Workers, memory and CPU").
//
// Go's heap does not ask for huge pages (since Go 1.21.1), and on a
// machine whose transparent huge pages are set to "madvise" (the
// default of many distributions) only memory advised with MADV_HUGEPAGE
// gets them. So on Linux a table of at least MinSize bytes is mapped
// outside the heap and advised so; elsewhere, and when mapping fails, it
// is an ordinary slice. The memory is not the garbage collector's: it is
// released by Block.Free, or when the Block becomes unreachable. The Go
// runtime's soft memory limit (debug.SetMemoryLimit, GOMEMLIMIT) does not
// count it, so while a table is mapped the limit, when one is set, is
// lowered by its size: the heap and the tables together stay within the
// limit, as when the tables were in the heap.
//
// Prefetch asks the processor for a table's line before it is read
// (PREFETCHT0 on amd64, nothing elsewhere): a search that knows which
// slots a node will probe asks for them together, before the work that
// comes first, instead of stalling on each probe in turn.
package hugemem

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MinSize is the least size in bytes of a table mapped for huge pages:
// smaller ones are ordinary slices.
const MinSize = 2 << 20

// hugePage is the size of a huge page, to which a mapping is aligned.
const hugePage = 2 << 20

// Block is the memory of a slice Make mapped (nil for an ordinary slice).
// The slice must not be used once its Block is freed or unreachable: keep
// the Block beside the slice, and replace both together.
type Block struct {
	mem     []byte
	cleanup runtime.Cleanup
	lowered int64 // what the memory limit was lowered by
}

// release is what freeing a block does: unmap its memory and give the
// memory limit back what it was lowered by.
type release struct {
	mem     []byte
	lowered int64
}

func (r release) do() {
	unmap(r.mem)
	mapped.Add(-int64(len(r.mem)))
	lower(-r.lowered)
}

// mapped counts the bytes mapped (Mapped).
var mapped atomic.Int64

// Mapped returns the bytes of the tables mapped now: memory the process
// holds that the runtime's memory metrics do not count (cmd/al's
// --max-memory guard adds it to theirs).
func Mapped() int64 { return mapped.Load() }

// limitMu makes the changes of the memory limit atomic.
var limitMu sync.Mutex

// lower lowers the runtime's memory limit by n bytes (raises it for a
// negative n), and returns by how much it lowered it: 0 when no limit is
// set; the limit stays positive.
func lower(n int64) int64 {
	if n == 0 {
		return 0
	}
	limitMu.Lock()
	defer limitMu.Unlock()
	l := debug.SetMemoryLimit(-1)
	if l == math.MaxInt64 {
		return 0
	}
	n = min(n, l-1)
	debug.SetMemoryLimit(l - n)
	return n
}

// Make returns a zeroed slice of n T and its Block (nil when the slice is
// an ordinary one). T must hold no pointers: the garbage collector does
// not scan a mapped slice.
func Make[T any](n int) ([]T, *Block) {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if n <= 0 || size < MinSize {
		return make([]T, n), nil
	}
	mem, off, ok := mapHuge(size)
	if !ok {
		return make([]T, n), nil
	}
	mapped.Add(int64(len(mem)))
	b := &Block{mem: mem, lowered: lower(int64(len(mem)))}
	b.cleanup = runtime.AddCleanup(b, release.do, release{mem, b.lowered})
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n), b
}

// Free releases the block's memory now (nil and a freed block: nothing).
func (b *Block) Free() {
	if b == nil || b.mem == nil {
		return
	}
	b.cleanup.Stop()
	release{b.mem, b.lowered}.do()
	b.mem = nil
}

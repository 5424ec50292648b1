package predicates

import (
	"sync/atomic"
	_ "unsafe" // go:linkname
)

// The room cache keeps the rooms of the positions seen last, by their
// Zobrist hash: room, room_box, in_room, room_distance and room_reach of
// one position, and the position's room as P1 of each of its children,
// flood-fill once (without it the whole of KBBK with kbbk-proved.al1
// costs 6% more CPU). An entry is two words written one after the other;
// its tag is the hash xor the room, so that an entry read while another
// goroutine writes it (one word old, one new) does not match.
//
// There is one cache for each of the runtime's processors (its Ps, at
// most GOMAXPROCS goroutines running at once), chosen by the processor
// the lookup runs on, as sync.Pool chooses its pools. One cache for the
// process (before issue 21's twentieth session) was written by every
// worker of al verify: the whole of KBBK looks up 189 million rooms, 39
// million of them misses that write their entry, and with two workers
// running at once 17 to 18% of a worker's lookups read a line the other
// core wrote since (a transfer between the cores each: tens to hundreds
// of nanoseconds as the host places the two virtual CPUs) and as many
// write a line the other core holds (docs/verify.md, "Workers, memory and
// CPU", the twentieth session). A cache each misses no more often (34 to
// 36% of the lookups on that slice, against 35 to 37% shared). Choosing
// the cache costs about 16 instructions a lookup. Any cache answers any
// goroutine (an entry is a fact about its position), so a goroutine that
// moves to another processor costs misses, never an answer.
const roomCacheBits = 12

type roomEntry struct{ tag, set atomic.Uint64 }

type roomTable [1 << roomCacheBits]roomEntry

// roomTables are the caches, one a processor: processor i uses table i
// mod roomProcs. Their pages are touched only when used (64 KB a
// processor that looks up rooms).
var roomTables [roomProcs]roomTable

const roomProcs = 64

// procPin pins the calling goroutine to its processor and returns the
// processor's number; procUnpin ends the pin. They are the runtime's own
// (sync.Pool's per-processor pools use them, and the runtime keeps them
// for packages that link to them).
//
//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

package verify

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/advicelang/al/internal/hugemem"
)

// The memo of the explored graph (explore.go) is in two parts. The results
// - a node failed, or proved with its worst case - are functions of the
// node alone, so one cache holds them for every worker (resultCache). The
// nodes on a worker's path depend on the path, so each worker keeps its
// own set of them (the explorer's onStack). A fresh exploration whose
// lines are wanted (or, under NoShare, every start) keeps both in one
// exact map instead; worstLine reads the proved replies back from the
// shared cache, or from such a map when one is missing there.

// nodeKey identifies a node of the explored graph: the position's hash and
// the strategy state's key (prover.StateKey, packed). The defender's nodes
// carry the state the strategy's last move left, which decides its next
// move, so both kinds of node are keyed the same way.
type nodeKey struct {
	h, root, node uint64
	ra            uint32 // rule << 16 | advice, each as uint16 (-1 is 0xffff)
	depth         int32
}

// key64 folds a node key into the 64 bits the cache keys on (the cache
// trusts it, as the searcher trusts a position's hash): the position's
// Zobrist hash, with the state mixed in by a bijection of its own.
func (k nodeKey) key64() uint64 {
	s := bits.RotateLeft64(k.root*0x9e3779b97f4a7c15, 29) ^ bits.RotateLeft64(k.node*0x94d049bb133111eb, 43) ^
		(uint64(k.ra)<<32|uint64(uint32(k.depth)))*0xbf58476d1ce4e5b9
	return k.h ^ s
}

// resultCache holds the results of explored nodes for all the workers of
// a verification: a lock-free, pointer-free cache of 16-byte slots, four
// to a bucket of one cache line. A slot is two words: the data (the
// entry, never 0 once written) and the key xor the data. A reader checks
// that the two agree, so a slot being written by another worker at the
// same time reads as a miss, never as a wrong entry (the lockless hashing
// of chess programs). A full bucket replaces one of its slots, chosen by
// the new key. A miss or an eviction costs time only: the node is explored
// again and found the same.
//
// It starts small and doubles while it is more than half full, up to its
// bound: each worker holds a lock of its own (a cacheUser's) while it
// explores, and a growth holds them all (see start).
// Below the bound a bucket overflows only by chance (a bucket of four
// when half the slots are used), so evictions are rare until the bound.
//
// What every probe reads (w, mask) is on cache lines of its own, apart
// from what the workers write: a write of one worker would otherwise take
// the line every probe of the other reads. Each worker's lock and count
// of slots filled are its own too (cacheUser), on their own lines: before,
// every start locked and unlocked one shared RWMutex and added to one
// shared count, three writes of one line by both workers at every start.
type resultCache struct {
	_    [cacheLine]byte
	w    []atomic.Uint64
	wMem *hugemem.Block // w's memory (internal/hugemem: huge pages)
	mask uint64         // buckets - 1
	max  int            // the most buckets
	// wantGrow asks the workers to let go of the cache so that it grows
	// (written when it does, read at each start and checkpoint).
	wantGrow atomic.Bool
	_        [cacheLine]byte
	// mu serialises growths and the users' registration; users are the
	// workers, whose locks a growth takes.
	mu    sync.Mutex
	users []*cacheUser
	used  atomic.Int64
	_     [cacheLine]byte
}

// cacheUser is one worker's hold on the cache: the lock it holds while it
// explores, and the slots it filled that the cache's count does not have
// yet (added to it every usedTick).
type cacheUser struct {
	_       [cacheLine]byte
	c       *resultCache
	mu      sync.Mutex
	pending int
	_       [cacheLine]byte
}

// usedTick is how many filled slots a worker counts before it adds them to
// the cache's count: a growth may come that many slots a worker late.
const usedTick = 512

const (
	cacheWays = 4
	// cacheStart is the least first number of buckets (256 KB).
	cacheStart = 1 << 12
	// expectPerStart is the number of nodes a table's first pass is
	// expected to explore per start, for the cache's first size: each
	// growth copies the cache while the other workers wait (on the whole
	// of KRK, 9.5 nodes a start, eight growths took about 0.2 s of CPU
	// while the other worker waited).
	expectPerStart = 8
)

// newResultCache returns a cache of at most slots slots (rounded up to a
// power of two; at least one bucket), which starts with room for about
// expect entries (at most half full).
func newResultCache(slots, expect int) *resultCache {
	c := &resultCache{max: 1 << bits.Len(uint(max(slots/cacheWays, 1)-1))}
	n := min(c.max, max(cacheStart, 1<<bits.Len(uint(max(2*expect/cacheWays, 1)-1))))
	c.w, c.wMem = hugemem.Make[atomic.Uint64](2 * cacheWays * n)
	c.mask = uint64(n - 1)
	return c
}

// user registers a worker of the cache (one goroutine at a time).
func (c *resultCache) user() *cacheUser {
	c.mu.Lock()
	defer c.mu.Unlock()
	u := &cacheUser{c: c}
	c.users = append(c.users, u)
	return u
}

// start and finish bracket the exploration of a start by one worker, which
// holds its lock in between and calls checkpoint now and then (every 1024
// nodes). added is the number of slots it filled since its last call. A
// cache more than half full grows: the worker that finds it so asks for
// the cache, and the others let go of it at their next checkpoint, so that
// nothing reads it while it is copied.
func (u *cacheUser) start() { u.mu.Lock() }

func (u *cacheUser) finish(added int) {
	u.note(added)
	u.mu.Unlock()
	if u.c.wantGrow.Load() {
		u.c.grow()
	}
}

func (u *cacheUser) checkpoint(added int) {
	u.note(added)
	if u.c.wantGrow.Load() {
		u.mu.Unlock()
		u.c.grow()
		u.mu.Lock()
	}
}

// note counts added slots; the worker holds its lock.
func (u *cacheUser) note(added int) {
	if u.pending += added; u.pending < usedTick {
		return
	}
	c := u.c
	if used := c.used.Add(int64(u.pending)); int(c.mask)+1 < c.max && 2*used > int64(len(c.w)/2) {
		c.wantGrow.Store(true)
	}
	u.pending = 0
}

// grow doubles the cache if it is still more than half full.
// The caller holds no user's lock; it takes them all (the workers let go
// of theirs at their next checkpoint).
func (c *resultCache) grow() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.wantGrow.Load() {
		return // another worker has grown it
	}
	for _, u := range c.users {
		u.mu.Lock()
		defer u.mu.Unlock()
	}
	c.wantGrow.Store(false)
	if int(c.mask)+1 >= c.max || 2*c.used.Load() <= int64(len(c.w)/2) {
		return
	}
	old, oldMem := c.w, c.wMem
	defer oldMem.Free()
	n := 2 * (int(c.mask) + 1)
	c.w, c.wMem = hugemem.Make[atomic.Uint64](2 * cacheWays * n)
	c.mask = uint64(n - 1)
	used := 0
	for i := 0; i < len(old); i += 2 {
		if d := old[i+1].Load(); d != 0 {
			if c.put(old[i].Load()^d, decode(d)) {
				used++
			}
		}
	}
	c.used.Store(int64(used))
	for _, u := range c.users {
		u.pending = 0 // counted in used
	}
}

func (c *resultCache) bucket(key uint64) []atomic.Uint64 {
	b := (key * 0x9e3779b97f4a7c15 >> 32 & c.mask) * 2 * cacheWays
	return c.w[b : b+2*cacheWays : b+2*cacheWays]
}

// encode packs an entry in 64 bits, 16 a field (MaxPliesBound keeps every
// proved field below 2^15); a failed entry keeps no reason. The word is
// never 0: moves+3 is at least 1.
func encode(e entry) uint64 {
	if e.moves == failed {
		return uint64(failed + 3)
	}
	return uint64(uint16(e.moves+3)) | uint64(uint16(e.plies))<<16 | uint64(uint16(e.seg))<<32 | uint64(uint16(e.deep))<<48
}

func decode(d uint64) entry {
	return entry{int32(uint16(d)) - 3, int32(uint16(d >> 16)), int32(uint16(d >> 32)), int32(uint16(d >> 48))}
}

func (c *resultCache) get(key uint64) (entry, bool) {
	b := c.bucket(key)
	for i := 0; i < len(b); i += 2 {
		if d := b[i+1].Load(); d != 0 && b[i].Load()^d == key {
			return decode(d), true
		}
	}
	return entry{}, false
}

// put records a result (failed, or proved); filled says it took an empty
// slot.
func (c *resultCache) put(key uint64, e entry) (filled bool) {
	d := encode(e)
	b := c.bucket(key)
	v := -1
	for i := 0; i < len(b); i += 2 {
		old := b[i+1].Load()
		if old == 0 || b[i].Load()^old == key {
			v, filled = i, old == 0
			break
		}
	}
	if v < 0 {
		v = int(key>>62) * 2
	}
	b[v].Store(key ^ d)
	b[v+1].Store(d)
	return filled
}

// free releases the cache's memory at once (a mapped table is otherwise
// released when the collector finds it unreachable, and the next pass of
// a batched verification maps its own before that). It must not be used
// after.
func (c *resultCache) free() {
	c.wMem.Free()
	c.w, c.wMem = nil, nil
}

// clear empties the cache. It must not be used at the same time.
func (c *resultCache) clear() {
	for i := range c.w {
		c.w[i].Store(0)
	}
	c.used.Store(0)
	for _, u := range c.users {
		u.pending = 0
	}
}

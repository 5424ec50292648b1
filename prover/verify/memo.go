package verify

import (
	"math/bits"
	"sync/atomic"
)

// The memo of the explored graph (explore.go) is in two parts. The results
// - a node failed, or proved with its worst case - are functions of the
// node alone, so one cache holds them for every worker (resultCache). The
// nodes on a worker's path depend on the path, so each worker keeps its
// own set of them (the explorer's onStack). A fresh exploration whose
// lines are wanted (or, under NoShare, every start) keeps both in one
// exact map instead, since worstLine reads every proved reply back.

// nodeKey identifies a node of the explored graph: the position's hash and
// the strategy state's key (prover.StateKey, packed). The defender's nodes
// carry the state the strategy's last move left, which decides its next
// move, so both kinds of node are keyed the same way.
type nodeKey struct {
	h, root uint64
	ra      uint32 // rule << 16 | advice, each as uint16 (-1 is 0xffff)
	depth   int32
}

// key64 folds a node key into the 64 bits the cache keys on (the cache
// trusts it, as the searcher trusts a position's hash): the position's
// Zobrist hash, with the state mixed in by a bijection of its own.
func (k nodeKey) key64() uint64 {
	s := bits.RotateLeft64(k.root*0x9e3779b97f4a7c15, 29) ^ (uint64(k.ra)<<32|uint64(uint32(k.depth)))*0xbf58476d1ce4e5b9
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
type resultCache struct {
	w    []atomic.Uint64
	mask uint64 // buckets - 1
}

const cacheWays = 4

// newResultCache returns a cache of slots slots (rounded up to a power of
// two; at least one bucket).
func newResultCache(slots int) *resultCache {
	n := 1 << bits.Len(uint(max(slots/cacheWays, 1)-1))
	return &resultCache{w: make([]atomic.Uint64, 2*cacheWays*n), mask: uint64(n - 1)}
}

func (c *resultCache) bucket(key uint64) []atomic.Uint64 {
	b := (key * 0x9e3779b97f4a7c15 >> 32 & c.mask) * 2 * cacheWays
	return c.w[b : b+2*cacheWays : b+2*cacheWays]
}

func encode(e entry) uint64 { return uint64(uint32(e.moves+3))<<32 | uint64(uint32(e.plies)) }

func decode(d uint64) entry { return entry{int32(uint32(d>>32)) - 3, int32(uint32(d))} }

func (c *resultCache) get(key uint64) (entry, bool) {
	b := c.bucket(key)
	for i := 0; i < len(b); i += 2 {
		if d := b[i+1].Load(); d != 0 && b[i].Load()^d == key {
			return decode(d), true
		}
	}
	return entry{}, false
}

// put records a result (failed, or proved).
func (c *resultCache) put(key uint64, e entry) {
	d := encode(e)
	b := c.bucket(key)
	v := -1
	for i := 0; i < len(b); i += 2 {
		if old := b[i+1].Load(); old == 0 || b[i].Load()^old == key {
			v = i
			break
		}
	}
	if v < 0 {
		v = int(key>>62) * 2
	}
	b[v].Store(key ^ d)
	b[v+1].Store(d)
}

// clear empties the cache. It must not be used at the same time.
func (c *resultCache) clear() {
	for i := range c.w {
		c.w[i].Store(0)
	}
}

package verify

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// TestResultCacheIsACache: against an exact map, over random puts on keys
// that share buckets often, the cache answers either nothing or the last
// entry put for the key.
func TestResultCacheIsACache(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for round := range 40 {
		size := 4 << r.IntN(8)
		c := newResultCache(size, 0)
		ref := map[uint64]entry{}
		keys := make([]uint64, 1+r.IntN(4*size))
		for i := range keys {
			keys[i] = nodeKey{h: r.Uint64() & 0xffff, root: uint64(r.IntN(3)), ra: uint32(r.IntN(3)), depth: int32(r.IntN(3))}.key64()
		}
		hits := 0
		for range 20000 {
			k := keys[r.IntN(len(keys))]
			if r.IntN(3) > 0 {
				e := entry{int32(r.IntN(60)) - 2, int32(r.IntN(120)), int32(r.IntN(120)), int32(r.IntN(120))}
				if e.moves < 0 {
					e = entry{moves: failed}
				}
				c.put(k, e)
				ref[k] = e
			}
			got, ok := c.get(k)
			want, had := ref[k]
			if ok && (!had || got != want) {
				t.Fatalf("round %d: cache has %v for %x, want %v (%v)", round, got, k, want, had)
			}
			if ok {
				hits++
			}
		}
		if hits == 0 {
			t.Fatalf("round %d: the cache never answered", round)
		}
		c.clear()
		for _, k := range keys {
			if _, ok := c.get(k); ok {
				t.Fatalf("round %d: a cleared cache answers", round)
			}
		}
	}
}

// TestResultCacheConcurrent: workers writing the same keys at the same
// time (each key always with the same entry, as results are functions of
// the node) never read a wrong entry, while the cache grows under them
// (run it under -race too).
func TestResultCacheConcurrent(t *testing.T) {
	c := newResultCache(1<<18, 0)
	want := func(k uint64) entry { return entry{int32(k % 50), int32(k % 97), int32(k % 31), int32(k % 13)} }
	users := []*cacheUser{c.user(), c.user(), c.user(), c.user()}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			u := users[w]
			u.start()
			defer func() { u.finish(0) }()
			added := 0
			for i := range 200000 {
				k := r.Uint64N(100000) * 0x9e3779b97f4a7c15
				if r.IntN(2) == 0 {
					if c.put(k, want(k)) {
						added++
					}
				} else if e, ok := c.get(k); ok && e != want(k) {
					t.Errorf("read %v for %x, want %v", e, k, want(k))
					return
				}
				if i%1024 == 0 {
					u.checkpoint(added)
					added = 0
				}
			}
		}()
	}
	wg.Wait()
	if len(c.w)/2 <= 4*cacheStart*cacheWays {
		t.Fatalf("the cache did not grow: %d slots", len(c.w)/2)
	}
}

// TestNodeKeysDiffer: the 64-bit key of a node tells apart the states of
// one position and the positions of one state.
func TestNodeKeysDiffer(t *testing.T) {
	seen := map[uint64]nodeKey{}
	for h := range uint64(20) {
		for root := range uint64(4) {
			for ra := range uint32(4) {
				for d := range int32(4) {
					k := nodeKey{h: h * 0x9e3779b97f4a7c15, root: root, ra: ra, depth: d}
					if o, ok := seen[k.key64()]; ok {
						t.Fatalf("%v and %v share a key", k, o)
					}
					seen[k.key64()] = k
				}
			}
		}
	}
}

// TestResultCacheGrows: filled start by start, the cache doubles up to its
// bound and keeps most entries on the way (a bucket overflows by chance
// only).
func TestResultCacheGrows(t *testing.T) {
	c := newResultCache(1<<20, 0)
	u := c.user()
	const n = 100000
	for i := range uint64(n) {
		u.start()
		added := 0
		if c.put(i*0x9e3779b97f4a7c15, entry{moves: int32(i % 7), plies: 1}) {
			added++
		}
		u.finish(added)
	}
	if len(c.w)/2 <= 2*n || len(c.w)/2 > 1<<20 {
		t.Fatalf("%d slots for %d entries", len(c.w)/2, n)
	}
	kept := 0
	for i := range uint64(n) {
		if e, ok := c.get(i * 0x9e3779b97f4a7c15); ok {
			if e != (entry{moves: int32(i % 7), plies: 1}) {
				t.Fatalf("entry %d: %v", i, e)
			}
			kept++
		}
	}
	if kept < n*95/100 {
		t.Fatalf("kept %d of %d entries", kept, n)
	}
}

package prover

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/advicelang/al/internal/hugemem"
)

// memoKey is what a memoised expansion depends on besides the depth bound:
// the position's hash (mixed with the root's when the advice reads P0) and
// the advice's number in the searcher.
type memoKey struct {
	hash uint64
	adv  uint32
}

// memoEntry is one slot of the memo table, 16 bytes: a failure of a key
// (the largest bound disproved, or unbounded) or a proof of a key with
// exactly the bound depth (tree is then the index + 1 of its tree in the
// searcher's trees, 0 for a failure). It holds no pointer, so the garbage
// collector never scans the table.
type memoEntry struct {
	hash uint64
	tag  uint32 // (advice number + 1) << 16 | depth; 0 marks an empty slot
	tree uint32
}

// Limits of the packed tag: advice numbers below maxAdvice, bounds up to
// maxBound (a failure beyond it is stored as disproved up to maxBound,
// which only answers less; a proof beyond it is not stored).
const (
	maxAdvice = 1<<16 - 1
	maxBound  = 1<<16 - 2
	anyBound  = 1<<16 - 1 // the tag's depth of an unbounded failure
)

func tag(adv uint32, d int32) uint32 {
	switch {
	case d == unbounded:
		d = anyBound
	case d > maxBound:
		d = maxBound
	}
	return (adv+1)<<16 | uint32(d)
}

// memoTable is the searcher's memo: open addressing with linear probing
// over a power-of-two array of 16-byte entries, keyed by the position's
// Zobrist hash and the advice. A key has at most one failure entry and one
// proof entry per bound, all starting their probe at the same slot, so one
// scan finds them. The table starts small (a searcher is often made for
// one game), doubles while it is at most half full, up to the capacity
// that holds max entries at that load; then room reports false and the
// searcher empties it. No entry is removed alone: entries are only added,
// updated (a larger failure bound) or cleared all at once, and a memo hit
// returns what a fresh search would find, so clearing never changes an
// answer.
type memoTable struct {
	slots []memoEntry
	// costs[i] is the cost of slots[i]'s result (budget.go): the bound
	// it was found with and the nodes a search without a memo visits to
	// find it, costUnknown when that is not known or too large. Only a
	// searcher with Options.ExactBudget reads them; without it costs is
	// nil and nothing is written (a hit's cost reads as costUnknown), which
	// saves a fifth of the memo's memory and a cache line per probe.
	costs []uint32
	mask  uint64
	count int // entries in use
	max   int // entries allowed
	// The memory of slots and costs when large (internal/hugemem: backed
	// by huge pages), replaced with them.
	slotsMem, costsMem *hugemem.Block
}

// memoStart is the table's first size in slots: 16 KB, where a game of
// BenchmarkAL0Games keeps 162 entries on average, 343 at most (see
// goalStart).
const memoStart = 1 << 10

func (t *memoTable) init(max int, costs bool) {
	t.initSlots(max, costs, nil)
}

// firstSize is the size in slots of a memo table of max entries when it
// is made.
func firstSize(max int) int {
	if 2*max < memoStart {
		return 1 << bits.Len(uint(2*max-1))
	}
	return memoStart
}

// initSlots is init with the slots given (nil: made here), of the size
// firstSize gives.
func (t *memoTable) initSlots(max int, costs bool, slots []memoEntry) {
	t.max = max
	n := firstSize(max)
	t.slotsMem.Free()
	t.costsMem.Free()
	if slots != nil {
		t.slots, t.slotsMem = slots, nil
	} else {
		t.slots, t.slotsMem = hugemem.Make[memoEntry](n)
	}
	t.costs, t.costsMem = nil, nil
	if costs {
		t.costs, t.costsMem = hugemem.Make[uint32](n)
	}
	t.mask = uint64(n - 1)
	t.count = 0
}

// firstTables makes a searcher's memo table (of max entries, with costs
// or not) and its goal table (of goals entries at most) with their
// first slots in one allocation when both are small: a game of
// BenchmarkAL0Games makes a searcher of its own, and each table of
// 16 KB was an allocation of a span of the heap of its own, some 1.3 K
// instructions each. (Each table makes its own when it grows.) At the
// default sizes the block is a firstBlock, and returned; else nil.
func firstTables(memo *memoTable, goals *goalTable, max, goalsMax int, costs bool) *firstBlock {
	goals.max = goalsMax
	n := firstSize(max)
	if unsafe.Sizeof(memoEntry{}) != 16 || unsafe.Sizeof(goalEntry(0)) != 8 || (n+goalStart/2)*16 >= hugemem.MinSize {
		memo.init(max, costs)
		return nil
	}
	// The memo's n entries of two words each, then the goal table's
	// goalStart of one word.
	var w []uint64
	var blk *firstBlock
	if 2*n+goalStart == len(blk) {
		blk = newFirstBlock()
		w = blk[:]
	} else {
		w = make([]uint64, 2*n+goalStart)
	}
	memo.initSlots(max, costs, unsafe.Slice((*memoEntry)(unsafe.Pointer(&w[0])), n))
	goals.adopt(unsafe.Slice((*goalEntry)(unsafe.Pointer(&w[2*n])), goalStart), nil)
	return blk
}

// firstBlock is the memory of a searcher's first memo and goal tables at
// the default sizes (firstTables): 32 KB without pointers.
type firstBlock [2*memoStart + goalStart]uint64

// newFirstBlock returns a new, empty firstBlock. (The twenty-second
// session recycled the blocks of searchers gone through a sync.Pool and
// runtime.AddCleanup; withdrawn: docs/prover.md.)
func newFirstBlock() *firstBlock { return new(firstBlock) }

// A cost is the depth bound a result was found with << costBits | the
// nodes; costUnknown when not known (or the nodes reach costMask).
const (
	costBits    = 24
	costMask    = 1<<costBits - 1
	costUnknown = math.MaxUint32
)

// home is the first slot of key's probe sequence.
func (t *memoTable) home(h uint64, adv uint32) uint64 {
	return ((h ^ uint64(adv)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9) >> 32 & t.mask
}

// find returns the largest bound disproved for key (-1 when none;
// unbounded for any bound) and the tree index + 1 of its proof with bound
// d (0 when none), and where a save of key would write: the slot of its
// failure entry (-1 when none) and the empty slot that ends its probe;
// wslot is the slot of the proof (-1 when none).
func (t *memoTable) find(k memoKey, d int32) (fail int32, win uint32, fslot, free, wslot int) {
	fail, fslot, wslot = -1, -1, -1
	adv := (k.adv + 1) << 16
	for i := t.home(k.hash, k.adv); ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.tag == 0 {
			return fail, win, fslot, int(i), wslot
		}
		if e.hash == k.hash && e.tag&^0xffff == adv {
			ed := int32(e.tag & 0xffff)
			if e.tree == 0 {
				if ed == anyBound {
					ed = unbounded
				}
				fail, fslot = ed, int(i)
			} else if ed == d {
				win, wslot = e.tree, int(i)
			}
		}
	}
}

// empty returns k's first slot when it is empty, which tells what find
// would (nothing kept of k, and the slot a save would fill), else -1.
func (t *memoTable) empty(k memoKey) int {
	if i := t.home(k.hash, k.adv); t.slots[i].tag == 0 {
		return int(i)
	}
	return -1
}

// put writes the failure of k up to bound d, found at cost, into the
// empty slot free that find gave for k (saveAt of a new failure).
func (t *memoTable) put(k memoKey, d int32, cost uint32, free int) {
	t.slots[free] = memoEntry{hash: k.hash, tag: tag(k.adv, d)}
	t.setCost(free, cost)
	t.count++
}

// saveAt is save when nothing was added to the table since find gave
// fslot and free for k, and room reported no growth is needed: the
// failure updates its entry in place, anything else fills free.
func (t *memoTable) saveAt(k memoKey, d int32, tree, cost uint32, fslot, free int) {
	if tree != 0 && d > maxBound {
		return
	}
	tg := tag(k.adv, d)
	if tree == 0 && fslot >= 0 {
		e := &t.slots[fslot]
		if tg > e.tag {
			e.tag = tg
			t.setCost(fslot, cost)
		}
		return
	}
	t.slots[free] = memoEntry{hash: k.hash, tag: tg, tree: tree}
	t.setCost(free, cost)
	t.count++
}

// fits reports whether one more entry fits without the table growing or
// being full.
func (t *memoTable) fits() bool {
	return t.count < t.max && 2*(t.count+1) <= len(t.slots)
}

// room reports whether one more entry may be added, growing the table
// when it would be more than half full.
func (t *memoTable) room() bool {
	if t.count >= t.max {
		return false
	}
	if 2*(t.count+1) > len(t.slots) {
		t.grow()
	}
	return true
}

// save records a failure of key up to bound d (tree 0; an existing failure
// keeps the larger bound) or a proof of key with bound d whose tree is
// tree (not stored beyond maxBound), found at cost. The caller has made
// room.
func (t *memoTable) save(k memoKey, d int32, tree, cost uint32) {
	if tree != 0 && d > maxBound {
		return
	}
	tg := tag(k.adv, d)
	for i := t.home(k.hash, k.adv); ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.tag == 0 {
			*e = memoEntry{hash: k.hash, tag: tg, tree: tree}
			t.setCost(int(i), cost)
			t.count++
			return
		}
		if tree == 0 && e.tree == 0 && e.hash == k.hash && e.tag&^0xffff == tg&^0xffff {
			if tg > e.tag {
				e.tag = tg
				t.setCost(int(i), cost)
			}
			return
		}
	}
}

// prefetch asks the processor for the line of k's first slot
// (hugemem.Prefetch), which find reads first.
func (t *memoTable) prefetch(k memoKey) {
	hugemem.Prefetch(unsafe.Pointer(&t.slots[t.home(k.hash, k.adv)]))
}

// grow doubles the table and inserts every entry again.
func (t *memoTable) grow() {
	old, oldCosts := t.slots, t.costs
	oldMem, oldCostsMem := t.slotsMem, t.costsMem
	defer oldMem.Free()
	defer oldCostsMem.Free()
	t.slots, t.slotsMem = hugemem.Make[memoEntry](2 * len(old))
	if oldCosts != nil {
		t.costs, t.costsMem = hugemem.Make[uint32](2 * len(old))
	}
	t.mask = uint64(len(t.slots) - 1)
	for j, e := range old {
		if e.tag == 0 {
			continue
		}
		i := t.home(e.hash, e.tag>>16-1)
		for t.slots[i].tag != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = e
		if oldCosts != nil {
			t.costs[i] = oldCosts[j]
		}
	}
}

// cost returns the cost of slot i's result (costUnknown when the table
// keeps no costs).
func (t *memoTable) cost(i int) uint32 {
	if t.costs == nil {
		return costUnknown
	}
	return t.costs[i]
}

// setCost writes the cost of slot i's result, when the table keeps costs.
func (t *memoTable) setCost(i int, cost uint32) {
	if t.costs != nil {
		t.costs[i] = cost
	}
}

// clear empties the table, keeping the memory it grew to.
func (t *memoTable) clear() {
	clear(t.slots)
	t.count = 0
}

// findOnly is find with the costs of the failure and the proof found
// instead of the slots.
func (t *memoTable) findOnly(k memoKey, d int32) (fail int32, win uint32, fcost, wcost uint32) {
	fail, win, fslot, _, wslot := t.find(k, d)
	fcost, wcost = costUnknown, costUnknown
	if fslot >= 0 {
		fcost = t.cost(fslot)
	}
	if wslot >= 0 {
		wcost = t.cost(wslot)
	}
	return fail, win, fcost, wcost
}

// goalTable keeps the values of an advice's goals at the positions the
// search checked (Searcher.goals): the better goal and the holding goal of
// a node read only the node (P2) and the root (P0), unless a goal reads
// P1, so a position checked again (in the next iteration of the
// deepening, below another move order, in the next move's search) has
// the values it had. Keyed as the memo (the position's hash, mixed with
// the root's when the advice reads P0, and the advice's number); open
// addressing with linear probing over 8-byte entries without pointers;
// it starts small, doubles while at most half full, and is emptied when
// it holds max entries (a miss evaluates the goals again: it costs time,
// never an answer).
type goalTable struct {
	slots []goalEntry
	mem   *hugemem.Block // of slots, when large (internal/hugemem)
	count int            // entries in use
	// gen counts the times the table grew or was emptied: an entry's
	// address is valid while gen stays the same.
	gen uint32
	max int // entries allowed
	// limit is the count at which slot must make room: max, or half the
	// slots when that is fewer (0 before the first slots are made).
	limit int
}

// goalEntry is a key and its goals' values in one word: the key (the
// hash mixed with the advice's number, goalKey) with its six low bits
// replaced by failure << 3 | 4 | holding << 1 | better; 0 for an empty
// slot. failure is what the memo disproved for the same key, when the
// searcher keeps it here (Searcher.failInGoals): 0 nothing known, b + 1
// disproved up to bound b (b up to goalFailMax; a larger bound is kept
// as goalFailMax, which only answers less), 7 disproved for any bound.
// A node whose goals are found and that expands then needs no probe of
// the memo when the failure answers its bound: on the 5,000-start KBBK
// sample 5.45 M of the memo's 12.16 M probes were such failures, each a
// miss of the processor's caches. The six bits taken from the key leave
// 58 to tell keys apart, where the memo trusts 64 (a position's hash is
// all either keeps), in a table of at most goalMax entries.
type goalEntry uint64

// goalFailMax is the largest failure bound a goal entry keeps as it is.
const goalFailMax = 5

// fail returns the failure bound the entry keeps (-1 when none,
// unbounded for any bound).
func (e goalEntry) fail() int32 {
	switch c := int32(e>>3) & 7; c {
	case 7:
		return unbounded
	default:
		return c - 1
	}
}

// goalKey is k as one word, its six low bits clear: the hash through
// a bijection whose every bit depends on every bit of the hash
// (splitmix64's finaliser: a game's hash may differ only in its low
// bits, nim's is the heap), with the advice's number in its top bits.
func goalKey(k memoKey) uint64 {
	z := k.hash
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return (z ^ uint64(k.adv+1)<<47) &^ goalBits
}

// goalBits are the low bits of a goal entry that hold values, not key.
const goalBits = 63

// goalStart is the goal table's first size in slots: a game of
// BenchmarkAL0Games keeps 428 positions' goals on average, 928 at most,
// so a game's table never grows; 8,192 slots (when a game kept about
// 1,750) allocated and zeroed 48 KB more a game, and a game's two tables
// of 64 KB each cost some 15% of its CPU time in the caches' misses and
// the fresh pages, which instruction counts do not show.
const goalStart = 1 << 11

// goalMax bounds the entries of the goal table (and a quarter of
// Options.MaxMemo, when less): 32K entries in 64K slots, 512 KB, which
// stay in a core's second-level cache. What the table answers is mostly
// a position checked a few thousand nodes before (the next iteration of
// the deepening, the next move's search): on the 5,000-start KBBK sample
// a table of 256K entries (4 MB, as the memo's quarter gave it) answered
// 9.11 M of the 19.35 M checks and one of 32K entries 8.66 M, and each
// probe of the larger one missed the caches.
const goalMax = 1 << 15

// slot returns key's entry, or the empty slot (0) where it is to be
// written, after making room for one more entry (growing the table, or
// emptying it when it holds max entries); nil when the table keeps
// nothing. The slot stays valid until the next call: the caller fills an
// empty one (fill) once it has the goals' values.
func (t *goalTable) slot(key uint64) *goalEntry {
	if e := t.hit(key); e != nil {
		return e
	}
	return t.slotProbe(key)
}

// hit is slot's first probe, inlined where slot is called most (some
// 400 times a game of BenchmarkAL0Games, most of them answered there):
// key's first slot when it holds key or is empty and the table has room
// for one more, else nil (slot then probes on: a collision, or a table
// to make room in).
func (t *goalTable) hit(key uint64) *goalEntry {
	if t.count < t.limit {
		e := &t.slots[goalHome(key)&uint64(len(t.slots)-1)]
		if *e == 0 || uint64(*e)&^goalBits == key {
			return e
		}
	}
	return nil
}

// slotProbe is slot past its first probe (hit).
func (t *goalTable) slotProbe(key uint64) *goalEntry {
	if t.count >= t.limit && !t.makeRoom() {
		return nil
	}
	slots := t.slots
	mask := uint64(len(slots) - 1)
	for i := goalHome(key) & mask; ; i = (i + 1) & mask {
		e := &slots[i]
		if *e == 0 || uint64(*e)&^goalBits == key {
			return e
		}
	}
}

// noteFail notes in key's entry, when the table holds it, that the memo
// disproved key up to bound f (unbounded: any bound), keeping the larger
// bound.
func (t *goalTable) noteFail(key uint64, f int32) {
	slots := t.slots
	if len(slots) == 0 {
		return
	}
	mask := uint64(len(slots) - 1)
	for i := goalHome(key) & mask; ; i = (i + 1) & mask {
		e := &slots[i]
		switch {
		case *e == 0:
			return
		case uint64(*e)&^goalBits == key:
			e.noteFail(f)
			return
		}
	}
}

// noteFail notes in e that the memo disproved its key up to bound f
// (unbounded: any bound), keeping the larger bound.
func (e *goalEntry) noteFail(f int32) {
	c := uint64(7)
	if f != unbounded {
		c = uint64(min(f, goalFailMax) + 1)
	}
	if c > uint64(*e)>>3&7 {
		*e = *e&^(7<<3) | goalEntry(c<<3)
	}
}

// prefetch asks the processor for the line of key's first slot
// (hugemem.Prefetch), which slot reads first.
func (t *goalTable) prefetch(key uint64) {
	if len(t.slots) > 0 {
		hugemem.Prefetch(unsafe.Pointer(&t.slots[goalHome(key)&uint64(len(t.slots)-1)]))
	}
}

// makeRoom makes room for one more entry: it grows the table while it
// would be more than half full, and empties it when it holds max entries.
// It reports false when the table keeps nothing (max <= 0).
func (t *goalTable) makeRoom() bool {
	switch {
	case t.max <= 0:
		return false
	case t.count >= t.max:
		t.reset()
	default:
		t.grow()
	}
	return true
}

// fill writes the goals' values v (4 | HG << 1 | BG) of key into e, the
// empty slot that slot returned for it.
func (t *goalTable) fill(e *goalEntry, key uint64, v uint64) {
	*e = goalEntry(key | v)
	t.count++
}

// goalHome is the start of key's probe sequence, before the mask.
func goalHome(key uint64) uint64 {
	return (key * 0xbf58476d1ce4e5b9) >> 32
}

// grow doubles the table (or makes its first slots) and inserts every
// entry again.
func (t *goalTable) grow() {
	old, oldMem := t.slots, t.mem
	defer oldMem.Free()
	t.adopt(hugemem.Make[goalEntry](max(2*len(old), goalStart)))
	mask := uint64(len(t.slots) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := goalHome(uint64(e)&^goalBits) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = e
	}
}

// adopt makes slots (empty, a power of two, from mem when not nil) the
// table's, without its entries: grow inserts them again.
func (t *goalTable) adopt(slots []goalEntry, mem *hugemem.Block) {
	t.slots, t.mem = slots, mem
	t.gen++
	t.limit = min(t.max, len(t.slots)/2)
}

// reset empties the table, keeping the memory it grew to.
func (t *goalTable) reset() {
	t.gen++
	clear(t.slots)
	t.count = 0
}

package prover

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/advicelang/al/kb"
)

// SharedMemo is a memo of forcing-tree results that the searchers of
// several goroutines consult and fill (Searcher.ShareMemo): the workers of
// a verification, each with its own searcher and memo, share what they
// find, so that a worker that starts in the middle of the starts (or takes
// over another's) does not search again what the others have proved or
// disproved. A searcher consults it when its own memo misses, copies what
// it finds there into its own, and writes into it every result it finds
// itself. Its entries are what the searchers' own memos hold, functions of
// the key (the position, the advice, the root when the advice reads P0,
// the depth bound), so a hit returns what a fresh search would find, and
// the answers of searches do not depend on which searcher found what
// (answers with a node budget are defined from an empty memo, budget.go).
//
// It is a cache of fixed size, lock-free: failures in a pointer-free table
// of 16-byte slots (the data, and the key xor the data, so that a slot
// being written by another goroutine reads as a miss, never as a wrong
// entry: the lockless hashing of chess programs), four to a bucket of one
// cache line; proofs in a table of the same shape whose slots point to an
// immutable record (key, bound, cost, tree) that the reader checks. A full
// bucket replaces one of its slots, chosen by the new key: a lost entry
// costs time, never an answer. Trees are never changed once built, so a
// tree another goroutine found is read as it is.
//
// Only top-level searches (not the nested searches of calls, not the cold
// searches of budget.go) of a searcher without a memory use it.
type SharedMemo[P any, M comparable] struct {
	fails []atomic.Uint64 // buckets of sharedWays (key ^ data, data) pairs
	fmask uint64          // fail buckets - 1
	wins  []sharedSlot[P, M]
	wmask uint64 // win buckets - 1
	// ids numbers the advice for all the searchers (a searcher numbers
	// the advice it meets in its own order).
	mu  sync.Mutex
	ids map[*kb.Advice[P]]uint32
}

// sharedSlot is a slot of the proofs' table: a check word (the proof's
// key mixed with its bound; 0 when empty) that spares reading records of
// other keys, and the record.
type sharedSlot[P any, M comparable] struct {
	check atomic.Uint64
	p     atomic.Pointer[sharedProof[P, M]]
}

// sharedProof is a proof in the shared memo: never changed once written.
type sharedProof[P any, M comparable] struct {
	key   uint64
	depth int32
	cost  uint32
	tree  *Node[P, M]
}

const (
	sharedWays = 4
	// sharedWinShare: the proofs' table has a sixteenth of the failures'
	// slots (on the whole of KRK with bratko.al1, one result in ten is a
	// proof; a proof keeps its tree alive).
	sharedWinShare = 16
)

// NewSharedMemo returns a shared memo of about slots failure entries
// (rounded up to a power of two; 16 bytes each) and a sixteenth as many
// proofs (16 bytes each, and the proofs' records and trees).
func NewSharedMemo[P any, M comparable](slots int) *SharedMemo[P, M] {
	fb := 1 << bits.Len(uint(max(slots/sharedWays, 1)-1))
	wb := max(fb/sharedWinShare, 1)
	return &SharedMemo[P, M]{
		fails: make([]atomic.Uint64, 2*sharedWays*fb), fmask: uint64(fb - 1),
		wins: make([]sharedSlot[P, M], sharedWays*wb), wmask: uint64(wb - 1),
		ids: map[*kb.Advice[P]]uint32{},
	}
}

// adviceID returns the number of a in the shared memo, from 1.
func (m *SharedMemo[P, M]) adviceID(a *kb.Advice[P]) uint32 {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.ids[a]
	if !ok {
		id = uint32(len(m.ids) + 1)
		m.ids[a] = id
	}
	return id
}

// sharedKey is a memo key as one word: the key's hash (position, root,
// levels) with the shared number of its advice mixed in.
func sharedKey(hash uint64, adv uint32) uint64 {
	return hash ^ bits.RotateLeft64(uint64(adv)*0x9e3779b97f4a7c15, 23)
}

func sharedHome(key uint64) uint64 { return key * 0xbf58476d1ce4e5b9 >> 32 }

// A failure's data word: 1 << 63 (never 0), its cost << 16, its bound
// (the memo tag's depth: anyBound for an unbounded failure).
func failData(d int32, cost uint32) uint64 {
	return 1<<63 | uint64(cost)<<16 | uint64(tag(0, d)&0xffff)
}

func failBound(data uint64) int32 {
	d := int32(data & 0xffff)
	if d == anyBound {
		return unbounded
	}
	return d
}

// find returns the largest bound disproved for key (-1 when none) with its
// cost, and the proof with bound d (nil when none) with its cost.
func (m *SharedMemo[P, M]) find(key uint64, d int32) (fail int32, fcost uint32, tree *Node[P, M], wcost uint32) {
	fail, fcost, wcost = -1, costUnknown, costUnknown
	b := m.failBucket(key)
	for i := 0; i < len(b); i += 2 {
		if data := b[i+1].Load(); data != 0 && b[i].Load()^data == key {
			fail, fcost = failBound(data), uint32(data>>16)
			break
		}
	}
	if fail >= d {
		return fail, fcost, nil, wcost
	}
	c := winCheck(key, d)
	w := m.winBucket(c)
	for i := range w {
		if w[i].check.Load() != c {
			continue
		}
		if p := w[i].p.Load(); p != nil && p.key == key && p.depth == d {
			return fail, fcost, p.tree, p.cost
		}
	}
	return fail, fcost, nil, wcost
}

func (m *SharedMemo[P, M]) failBucket(key uint64) []atomic.Uint64 {
	b := (sharedHome(key) & m.fmask) * 2 * sharedWays
	return m.fails[b : b+2*sharedWays : b+2*sharedWays]
}

// winCheck is the check word of a proof of key with bound d (never 0).
func winCheck(key uint64, d int32) uint64 {
	return (key ^ bits.RotateLeft64(uint64(d+1)*0x94d049bb133111eb, 31)) | 1
}

func (m *SharedMemo[P, M]) winBucket(check uint64) []sharedSlot[P, M] {
	b := (sharedHome(check) & m.wmask) * sharedWays
	return m.wins[b : b+sharedWays : b+sharedWays]
}

// putFail records a failure of key up to bound d (an entry of the key
// with a larger bound stays) found at cost.
func (m *SharedMemo[P, M]) putFail(key uint64, d int32, cost uint32) {
	data := failData(d, cost)
	b := m.failBucket(key)
	v := -1
	for i := 0; i < len(b); i += 2 {
		old := b[i+1].Load()
		if old == 0 {
			v = i
			break
		}
		if b[i].Load()^old == key {
			if old&0xffff >= data&0xffff {
				return
			}
			v = i
			break
		}
	}
	if v < 0 {
		v = int(key>>62) * 2
	}
	b[v].Store(key ^ data)
	b[v+1].Store(data)
}

// putWin records the proof t of key with bound d found at cost.
func (m *SharedMemo[P, M]) putWin(key uint64, d int32, cost uint32, t *Node[P, M]) {
	c := winCheck(key, d)
	w := m.winBucket(c)
	v := -1
	for i := range w {
		if old := w[i].check.Load(); old == 0 || old == c {
			v = i
			break
		}
	}
	if v < 0 {
		v = int(c >> 62)
	}
	w[v].p.Store(&sharedProof[P, M]{key: key, depth: d, cost: cost, tree: t})
	w[v].check.Store(c)
}

// ShareMemo makes the searcher consult and fill m besides its own memo
// (nil: no more). The searchers sharing m must search the same game with
// the same options. A searcher with a memory (UseMemory) or learning does
// not use it.
func (s *Searcher[P, M]) ShareMemo(m *SharedMemo[P, M]) {
	s.shared = m
	clear(s.ids)
	s.ClearMemo()
}

package prover

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/advicelang/al/internal/hugemem"
	"github.com/advicelang/al/kb"
)

// SharedMemo is one forcing-tree memo for the searchers of several
// goroutines (Searcher.ShareMemo): the workers of a verification, each
// with its own searcher, search with one memo instead of one each, so a
// worker that starts in the middle of the starts finds what the others
// proved, and the memory of one memo holds what two would (issue 21).
// A searcher that shares it keeps no memo of its own for its top-level
// searches (the nested searches of calls keep theirs).
//
// Its entries are what a searcher's own memo holds, functions of the key
// (the position, the advice, the root when the advice reads P0, the
// per-move level), and the depth bound: a failure up to a bound, or the
// proof with a bound, which is the tree a fresh search finds. So a hit
// returns what a fresh search would find, whichever searcher found it,
// and a lost entry (replaced, or read while another goroutine writes it)
// costs time, never an answer.
//
// It is a cache of fixed size, lock-free. The slots are 16 bytes, four to
// a bucket of one cache line, pointer-free (outside the heap when large:
// internal/hugemem): the data (the entry, never 0) and the key xor the
// data, so that a slot read while another goroutine writes it (one word
// old, one new) reads as a miss, never as a wrong entry - the lockless
// hashing of chess programs. A proof's tree is in a heap array beside
// the slots (one a bucket) with a check word of its key and address,
// which the reader checks against the key it wants and the tree it read. A bucket
// keeps at most one failure of a key (the largest bound); a full bucket
// replaces the entry of the oldest generation (a generation is an eighth
// of the slots' saves; a hit makes an entry young again), the smallest
// bound among those, and a bucket holds at most sharedProofWays proofs.
//
// Searchers that share a memo must search the same game with the same
// options; it serves searches without ExactBudget (whose certificate
// needs the costs a searcher's own memo keeps), and without a memory of
// learned facts or learning.
type SharedMemo[P any, M comparable] struct {
	w    []atomic.Uint64 // buckets of sharedWays (key ^ data, data) pairs
	wMem *hugemem.Block  // w's memory (internal/hugemem)
	// recs[b] is the proof of bucket b, whose one proof slot
	// (sharedProofWays) it belongs to (a nil tree when the bucket holds
	// no proof): in the heap, so that the collector keeps the trees. One
	// a bucket, not one a slot: the collector scans this array at every
	// collection.
	recs []sharedProof[P, M]
	mask uint64 // buckets - 1
	// genSaves is the saves a generation.
	genSaves uint64
	// saves counts the entries written, in steps of sharedTick (each
	// searcher counts its own first); gen is the generation they make.
	// It is on a cache line of its own: its writes would otherwise take
	// the line of w, recs and mask, which every probe of every searcher
	// reads, from the other cores' caches.
	_     [64]byte
	saves atomic.Uint64
	_     [64]byte
	// ids numbers the advice for all the searchers, from 0 (a memo key
	// holds the advice's number).
	mu  sync.Mutex
	ids map[*kb.Advice[P]]uint32
}

// sharedProof is the proof of a bucket: its tree and a check word, the
// key's hash xor the tag's mix xor the tree's address (proofCheck),
// written one after the other by one writer at a time (lock). A reader
// that finds the check its key and the tree it read give has read a pair
// written together for its key; a pair being written reads as a miss.
// Nothing is allocated for a proof but its tree.
type sharedProof[P any, M comparable] struct {
	tree  atomic.Pointer[Node[P, M]]
	check atomic.Uint64
}

// proofWriting is the check word of a proof being written: one writer a
// bucket at a time (lock), so that a tree and a check word of two writers
// never stay side by side. A reader loads the tree first: if it then
// reads a check word that matches its key and that tree, the writer of
// that check stored that very tree (the tree it read is alive, since the
// reader holds it, and so is the one the check's writer stored, still in
// the bucket until the next writer locks it: one address, one object).
const proofWriting = 1

// lock takes the bucket's proof for writing (false: another goroutine
// writes it).
func (r *sharedProof[P, M]) lock() bool {
	c := r.check.Load()
	return c != proofWriting && r.check.CompareAndSwap(c, proofWriting)
}

// proofCheck is the check word of the proof t of a key of hash h and
// memo tag tg (the splitmix64 finalizer mixes the tag).
func proofCheck[P any, M comparable](h, tg uint64, t *Node[P, M]) uint64 {
	z := (tg + 0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return h ^ z ^ z>>31 ^ uint64(uintptr(unsafe.Pointer(t)))
}

const (
	sharedWays = 4
	// sharedTick is how many saves a searcher counts before it adds them
	// to the memo's count (one write of a shared line per sharedTick).
	sharedTick = 1 << 10
	// The data word of a slot: the memo tag (advice + 1 << 16 | bound,
	// tag()) in the low 32 bits, sharedProofBit for a proof, and the
	// generation it was written or last read in, 8 bits from sharedGenShift.
	sharedProofBit = 1 << 32
	sharedGenShift = 40
	// sharedProofWays bounds the proofs of a bucket: the trees they keep
	// are most of the memo's memory (on the whole of KBBK, a memo of 2M
	// entries whose proofs took any slot held a live heap of 520 MB and
	// more, growing, and the collector worked at the soft memory limit:
	// 124 s of CPU where one proof a bucket took 62 s, 345 MB live).
	// It is 1: the record of a proof is the bucket's (recs).
	sharedProofWays = 1
	// sharedMinSlots is the least number of slots.
	sharedMinSlots = 2 * sharedWays
)

// recs keeps one proof a bucket: sharedProofWays must be 1.
var _ [1]struct{} = [sharedProofWays]struct{}{}

// NewSharedMemo returns a shared memo of slots entries (rounded up to a
// power of two, at least 8): 16 bytes each, and 16 a bucket of four for
// its proof's tree pointer and check (the trees besides).
func NewSharedMemo[P any, M comparable](slots int) *SharedMemo[P, M] {
	n := 1 << bits.Len(uint(max(slots, sharedMinSlots)-1))
	m := &SharedMemo[P, M]{
		mask:     uint64(n/sharedWays - 1),
		recs:     make([]sharedProof[P, M], n/sharedWays),
		genSaves: uint64(max(n/8, sharedTick)),
		ids:      map[*kb.Advice[P]]uint32{},
	}
	m.w, m.wMem = hugemem.Make[atomic.Uint64](2 * n)
	return m
}

// Count returns the entries in use and the proofs among them (it reads
// the whole memo).
func (m *SharedMemo[P, M]) Count() (entries, proofs int) {
	for i := 1; i < len(m.w); i += 2 {
		if d := m.w[i].Load(); d != 0 {
			entries++
			if d&sharedProofBit != 0 {
				proofs++
			}
		}
	}
	return entries, proofs
}

// Slots returns the number of entries the memo holds at most.
func (m *SharedMemo[P, M]) Slots() int { return len(m.w) / 2 }

// adviceID returns the number of a in the memo, from 0.
func (m *SharedMemo[P, M]) adviceID(a *kb.Advice[P]) uint32 {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.ids[a]
	if !ok {
		id = uint32(len(m.ids))
		m.ids[a] = id
	}
	return id
}

// gen is the current generation (8 bits).
func (m *SharedMemo[P, M]) gen() uint64 {
	return m.saves.Load() / m.genSaves & 0xff
}

// bucket returns the first word of k's bucket.
func (m *SharedMemo[P, M]) bucket(k memoKey) uint64 {
	return (((k.hash ^ uint64(k.adv)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9) >> 32 & m.mask) * 2 * sharedWays
}

// prefetch asks the processor for k's bucket (one cache line).
func (m *SharedMemo[P, M]) prefetch(k memoKey) {
	hugemem.Prefetch(unsafe.Pointer(&m.w[m.bucket(k)]))
}

// find returns the largest bound disproved for k (-1 when none; unbounded
// for any bound) and the tree of its proof with bound d (nil when none).
// An entry found of an older generation than gen is made young.
func (m *SharedMemo[P, M]) find(k memoKey, d int32, gen uint64) (fail int32, win *Node[P, M]) {
	fail = -1
	b := m.bucket(k)
	adv := uint64(k.adv+1) << 16
	wtag := uint64(tag(k.adv, d))
	for i := b; i < b+2*sharedWays; i += 2 {
		data := m.w[i+1].Load()
		if data == 0 || m.w[i].Load()^data != k.hash || data&0xffff0000 != adv {
			continue
		}
		if data&sharedProofBit == 0 {
			f := int32(data & 0xffff)
			if f == anyBound {
				f = unbounded
			}
			if f > fail {
				fail = f
				if fail >= d {
					m.touch(i, data, k.hash, gen)
					return fail, nil // it answers d
				}
			}
			continue
		}
		if data&0xffffffff == wtag && d <= maxBound {
			r := &m.recs[b/(2*sharedWays)]
			if t := r.tree.Load(); t != nil && r.check.Load() == proofCheck(k.hash, wtag, t) {
				// (No failure of the key answers d where a proof does.)
				m.touch(i, data, k.hash, gen)
				return fail, t
			}
		}
	}
	return fail, nil
}

// touch makes the entry data at word i (of key hash), which answered a
// search, of generation gen when it is older.
func (m *SharedMemo[P, M]) touch(i uint64, data, hash, gen uint64) {
	if data>>sharedGenShift&0xff == gen {
		return
	}
	data = data&^(0xff<<sharedGenShift) | gen<<sharedGenShift
	m.w[i].Store(hash ^ data)
	m.w[i+1].Store(data)
}

// save records a failure of k up to bound d (t nil; a failure of k with a
// larger bound stays) or the proof t of k with bound d (not kept beyond
// maxBound), in generation gen.
func (m *SharedMemo[P, M]) save(k memoKey, d int32, t *Node[P, M], gen uint64) {
	if t != nil && d > maxBound {
		return
	}
	tg := uint64(tag(k.adv, d))
	data := tg | gen<<sharedGenShift
	if t != nil {
		data |= sharedProofBit
	}
	b := m.bucket(k)
	adv := uint64(k.adv+1) << 16
	v, worst := -1, -1
	// A proof replaces a proof when the bucket holds sharedProofWays.
	pv, pworst, proofs := -1, -1, 0
	for i := b; i < b+2*sharedWays; i += 2 {
		old := m.w[i+1].Load()
		if old&sharedProofBit != 0 {
			proofs++
			if s := victimScore(old, gen); s > pworst {
				pv, pworst = int(i), s
			}
		}
		if old == 0 || m.w[i].Load()^old != k.hash || old&0xffff0000 != adv {
			// Empty, another key's, or being written: a candidate.
			if s := victimScore(old, gen); s > worst {
				v, worst = int(i), s
			}
			continue
		}
		switch {
		case t == nil && old&sharedProofBit == 0:
			// The key's failure: keep the larger bound.
			if old&0xffff >= tg&0xffff {
				return
			}
			v, worst = int(i), 1<<30
		case t != nil && old&(sharedProofBit|0xffffffff) == sharedProofBit|tg:
			return // the same proof
		default:
			if s := victimScore(old, gen); s > worst {
				v, worst = int(i), s
			}
		}
	}
	if t != nil && proofs >= sharedProofWays && m.w[v+1].Load()&sharedProofBit == 0 {
		v = pv
	}
	r := &m.recs[b/(2*sharedWays)]
	if t != nil {
		if !r.lock() {
			return // another goroutine writes the bucket's proof: not kept
		}
		r.tree.Store(t)
		r.check.Store(proofCheck(k.hash, tg, t))
	} else if m.w[v+1].Load()&sharedProofBit != 0 && r.lock() {
		r.tree.Store(nil) // the tree it kept may go
		r.check.Store(0)
	}
	m.w[v].Store(k.hash ^ data)
	m.w[v+1].Store(data)
}

// victimScore is how readily the entry data is replaced in generation gen:
// empty first, then the oldest, then the smallest bound (an unbounded
// failure counts as bound 1).
func victimScore(data, gen uint64) int {
	if data == 0 {
		return 1 << 29
	}
	age := int((gen - data>>sharedGenShift) & 0xff)
	b := int(data & 0xffff)
	if b == anyBound {
		b = 1
	}
	return min(age, 63)<<8 | (255 - min(b, 255))
}

// count adds n saves of a searcher to the memo's count and returns the
// generation.
func (m *SharedMemo[P, M]) count(n uint64) uint64 {
	return m.saves.Add(n) / m.genSaves & 0xff
}

// ShareMemo makes the searcher's top-level searches use m instead of a
// memo of its own (nil: its own again), emptying its own. The searchers
// sharing m must search the same game with the same options. A search
// with Options.ExactBudget, or by a searcher with a memory of learned
// facts (UseMemory) or learning, keeps its own memo.
func (s *Searcher[P, M]) ShareMemo(m *SharedMemo[P, M]) {
	s.sh = m
	s.ids.clear() // numbered again, by m
	s.ClearMemo()
	if m != nil {
		s.shGen = m.gen()
	}
}

// sharedSave is save into the shared memo, counting the searcher's saves.
func (s *Searcher[P, M]) sharedSave(key memoKey, d int32, t *Node[P, M]) {
	s.sh.save(key, d, t, s.shGen)
	if s.shSaves++; s.shSaves == sharedTick {
		s.shSaves = 0
		s.shGen = s.sh.count(sharedTick)
	}
}

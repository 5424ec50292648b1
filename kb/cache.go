package kb

import (
	"slices"
	"sync/atomic"

	"github.com/advicelang/al/lang"
)

// A cache of definition values per position. The formulas of a base read
// many values that do not change between them: the better and the holding
// goal of a node both read `stalemate` and `the_rook` of the node; every
// child of a node reads `broom in P1`, a value of the node; a node's
// `room`, computed when it was the current position, is its children's
// `room in P1`. The compiler gives each such value (a term of one
// position, worth more than a lookup: see cacheCost) a number in its base,
// and its evaluator first looks in the evaluation's Cache, which keeps the
// values of the last few positions seen, keyed by the library's key of a
// position (Library.SetKey, the Zobrist hash for chess): a value is a pure
// function of its position, so a cached one is the one computed again.
//
// The values of P0, the root of the search, are kept apart, in one root
// line (rootTerm): every node of a search reads them, so a term of P0
// worth more than a primitive's call (broom in P1 of newroomsmaller,
// applied to the root and the node) is a load after its first reading in
// a search, without the search for its line that the other slots pay
// at every evaluation; and what only such terms read is not computed on
// entry (rootCovered).
//
// The searcher owns one Cache and passes it in the Env of every formula it
// evaluates (Env.Cache); an Env without one computes every value. A Cache
// is used by one goroutine at a time; it holds no pointer and is never
// allocated during a search.

// cacheLines is how many positions a Cache keeps values of; cacheIDs how
// many values a base may cache per position.
const (
	cacheLines = 4
	cacheIDs   = 128
)

// cacheCost is the least cost of a term worth caching: about a square
// quantifier's (a definition with a quantifier, legal moves in P1). A
// lookup, with the binding of its position's line, costs about a hundred
// instructions, and most terms are read once per position (most positions
// of a search are leaves): caching every term of cost 6 or more of P1 and
// P0 and of cost 20 or more of P2 made a game of BenchmarkAL0Games cost
// 6.03 M instructions instead of 4.97 M without the cache, and the game
// on the Go predicates (stalemate cached) 4.1 M instead of 3.46 M.
const cacheCost = 64

// Cache holds the values of definitions in the last positions a searcher's
// formulas were evaluated in (see the package's cache.go). Its zero value
// is empty and ready.
type Cache struct {
	owner uint64 // the base whose values the lines hold
	clock uint32
	// bound: for each position slot of the evaluation in progress, 1 + the
	// index of its line; 0 while no cached term has read it.
	bound [3]uint8
	last  [3]uint8 // the line each slot was bound to last
	lines [cacheLines]cacheLine
	// root holds the values of the formulas' P0, the root of the
	// search, kept apart from the lines (rootTerm): a search reads them
	// at every node, and its root changes only between searches.
	// rootBound: root is the line of the evaluation's P0.
	root      cacheLine
	rootBound bool
}

// cacheLine is the values of one position: vals[i] is known when bit i of
// known is set.
type cacheLine struct {
	key   uint64
	stamp uint32 // the clock when it was last used; 0 when empty
	known [cacheIDs / 64]uint64
	vals  [cacheIDs]int32
}

// cacheOwners numbers the compiled bases, so that a Cache passed the
// formulas of another base forgets the values of the first.
var cacheOwners atomic.Uint64

// enter starts an evaluation of a formula of base owner: no position is
// bound yet.
func (m *Cache) enter(owner uint64) {
	m.bound = [3]uint8{}
	m.rootBound = false
	if m.owner != owner {
		m.lines = [cacheLines]cacheLine{}
		m.root = cacheLine{}
		m.owner = owner
	}
}

// bindRoot binds the root line to the position whose key is k: its
// values are forgotten when it held another's.
func (m *Cache) bindRoot(k uint64) {
	m.rootBound = true
	if m.root.key != k || m.root.stamp == 0 {
		m.root.key, m.root.stamp, m.root.known = k, 1, [cacheIDs / 64]uint64{}
	}
}

// bind binds slot a, not bound yet, to the line of the position whose
// key is k, and returns the line.
func (m *Cache) bind(a uint8, k uint64) *cacheLine {
	m.clock++
	// The line the slot read last: the parent of the children evaluated
	// one after the other.
	if l := &m.lines[m.last[a]]; l.key == k && l.stamp != 0 {
		l.stamp = m.clock
		m.bound[a] = m.last[a] + 1
		return l
	}
	victim := -1
	for i := range m.lines {
		l := &m.lines[i]
		if l.stamp != 0 && l.key == k {
			l.stamp = m.clock
			m.bound[a], m.last[a] = uint8(i+1), uint8(i)
			return l
		}
		if m.isBound(i) {
			continue
		}
		if victim < 0 || l.stamp < m.lines[victim].stamp {
			victim = i
		}
	}
	// A line bound in this evaluation is never replaced: its values are
	// being read. There are more lines than slots, so one is free.
	l := &m.lines[victim]
	l.key, l.stamp, l.known = k, m.clock, [cacheIDs / 64]uint64{}
	m.bound[a], m.last[a] = uint8(victim+1), uint8(victim)
	return l
}

func (m *Cache) isBound(i int) bool {
	n := uint8(i + 1)
	return m.bound[0] == n || m.bound[1] == n || m.bound[2] == n
}

// cacheTerm is t, a term of the position in slot a, read from the cache
// (as value id) when the evaluation has one.
func cacheTerm[P any](t term[P], a uint8, id uint16, key func(*P) uint64) term[P] {
	f := t.fn
	w, bit := id>>6, uint64(1)<<(id&63)
	fn := func(r *regs[P]) int32 {
		m := r.m
		if m == nil {
			return f(r)
		}
		var l *cacheLine
		if i := m.bound[a]; i != 0 {
			l = &m.lines[i-1]
		} else {
			l = m.bind(a, key(r.pos(a)))
		}
		if l.known[w]&bit != 0 {
			return l.vals[id]
		}
		v := f(r)
		l.vals[id] = v
		l.known[w] |= bit
		return v
	}
	out := fnTerm(fn, t.typ, t.cost)
	out.usesHoist = t.usesHoist
	return out
}

// rootTerm is t, a term of the formula's P0 (slot 2), read from the
// cache's root line (as value id) when the evaluation has a cache. The
// line is bound once per evaluation, at the first such read (one call of
// key); a value read there is a load, where a line of the other slots is
// searched for (bind) at every evaluation.
func rootTerm[P any](t term[P], id uint16, key func(*P) uint64) term[P] {
	f := t.fn
	w, bit := id>>6, uint64(1)<<(id&63)
	fn := func(r *regs[P]) int32 {
		m := r.m
		if m == nil {
			return f(r)
		}
		if !m.rootBound {
			m.bindRoot(key(r.p[2]))
		}
		if m.root.known[w]&bit != 0 {
			return m.root.vals[id]
		}
		v := f(r)
		m.root.vals[id] = v
		m.root.known[w] |= bit
		return v
	}
	out := fnTerm(fn, t.typ, t.cost)
	out.usesHoist = t.usesHoist
	return out
}

// rootCost is the least cost of a term of P0 worth keeping in the root
// line (rootTerm): a read there costs about what a primitive's call does,
// and a primitive (white king) read in place by the closure around it
// costs less than a closure of its own.
const rootCost = 8

// cached returns t, the term of key k reading only the position in slot
// a, read through the cache when it is worth it in the formula being
// compiled (see cacheCost; rootCost for P0).
func (c *compiler[P]) cached(t term[P], k string, a uint8) term[P] {
	if !c.inFormula || c.lib.key == nil || a > 2 {
		return t
	}
	if t.leaf.kind == lConst || t.leaf.kind == lSlot {
		return t
	}
	if a == 2 && t.cost >= rootCost && t.leaf.kind != lPrim && !t.tabbed {
		id, ok := c.cacheID(k)
		if !ok {
			return t
		}
		c.fcached = true
		return rootTerm(t, id, c.lib.key)
	}
	if t.cost < cacheCost || t.tabbed || t.looked {
		return t
	}
	if a == 0 && c.p2readers != nil {
		if c.dry && c.dryRoot != nil {
			r := c.p2readers[k]
			if r == nil {
				r = map[dryReader[P]]bool{}
				c.p2readers[k] = r
			}
			r[dryReader[P]{c.dryGroup, c.dryRoot}] = true
		} else if !sharedRead(c.p2readers[k], c.curGroup) {
			return t // read by one formula of a node: computed again is cheaper
		}
	}
	id, ok := c.cacheID(k)
	if !ok {
		return t
	}
	c.fcached = true
	return cacheTerm(t, a, id, c.lib.key)
}

// cacheID is the number of the value of key k in the base's cache; ok is
// false when the cache has no room for another.
func (c *compiler[P]) cacheID(k string) (uint16, bool) {
	if c.cacheIDs == nil {
		c.cacheIDs = map[string]uint16{}
		c.owner = cacheOwners.Add(1)
	}
	id, ok := c.cacheIDs[k]
	if !ok {
		if len(c.cacheIDs) == cacheIDs {
			return 0, false
		}
		id = uint16(len(c.cacheIDs))
		c.cacheIDs[k] = id
	}
	return id, true
}

// callCached compiles call e in scope sc, read through the cache when e
// reads only the default position (no position named in it, no in) and
// no quantified variable, unless a call around it is cached (its value is
// then looked up once for both).
func (c *compiler[P]) callCached(e *lang.Call, sc *dscope) (term[P], bool) {
	if !c.cacheable(e, sc) {
		return c.call0(e, sc)
	}
	a := sc.def
	c.around[a]++
	t, ok := c.call0(e, sc)
	c.around[a]--
	if ok && c.around[a] == 0 {
		t = c.cached(t, "term:"+lang.ExprString(e), a)
	}
	return t, ok
}

func (c *compiler[P]) cacheable(e *lang.Call, sc *dscope) bool {
	if !c.inFormula || c.lib.key == nil || sc.def > 2 || !freeIn(e, sc) {
		return false
	}
	only := true
	walkExpr(e, func(x lang.Expr) {
		switch x := x.(type) {
		case *lang.In, *lang.Quant:
			only = false
		case *lang.Call:
			if v, found := sc.lookup(x.Name); found && !x.Paren && v.isPos {
				only = false
			}
		}
	})
	return only
}

// rootStored reports whether the subterm of key k of the formula being
// compiled is read from the root line (rootTerm): a call of P0 that
// cached would keep there.
func (c *compiler[P]) rootStored(k string) bool {
	h := c.cse
	n, ok := h.node[k]
	if !ok || n.sc.def != 2 || !c.inFormula || c.lib.key == nil || !c.cacheable(n.e, &n.sc) {
		return false
	}
	t := h.first[k]
	return t.cost >= rootCost && t.leaf.kind != lPrim && t.leaf.kind != lConst && t.leaf.kind != lSlot && !t.tabbed
}

// rootCovered reports whether the subterm of key k is read from the root
// line, or only inside subterms that are: computed on entry, it would be
// computed at every evaluation for values read once per search (box in
// P0, inside broom in P0).
func (c *compiler[P]) rootCovered(k string) bool {
	if c.rootStored(k) {
		return true
	}
	h := c.cse
	if len(h.inside[k]) == 0 {
		return false
	}
	for _, around := range h.inside[k] {
		if !slices.ContainsFunc(around, c.rootStored) {
			return false
		}
	}
	return true
}

// dryReader is a formula that reads a term, and its group: the advice or
// table whose formulas are read at one position (the goals of a node).
type dryReader[P any] struct {
	group any
	f     *Formula[P]
}

// sharedRead reports whether two formulas of group g read the term (of
// any one group when g is nil: a formula of no advice or table).
func sharedRead[P any](rs map[dryReader[P]]bool, g any) bool {
	n := map[any]int{}
	for r := range rs {
		if g != nil && r.group != g {
			continue
		}
		if n[r.group]++; n[r.group] == 2 {
			return true
		}
	}
	return false
}

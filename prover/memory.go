package prover

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/advicelang/al/kb"
)

// Rote learning (seed 002, chapter 4, "aprendizaje por memoria"): a
// Memory holds facts "the expansion of a piece of advice at a position is
// satisfiable" learned by earlier searches, possibly in other processes.
// A searcher given a memory treats a remembered X node as a proved leaf
// (a Remembered node), so its search sees deeper than the advice's depth
// bound. The prover never writes a memory: in learning mode a searcher
// collects the facts its proofs establish (Learned) and the caller stores
// them (al keeps them in an embedded database, internal/memstore).
//
// Facts are well founded by their level: a fact proved without the memory
// has level 0, one whose tree used remembered leaves has one more than
// the greatest level it used. Continuing a remembered leaf of level L
// searches with the facts of level below L only, so following remembered
// leaves always ends in trees that use no memory at all: a fact stands
// for a real forcing tree, and a game that follows it never loops through
// the memory.

// Fact is a remembered expansion: a forcing tree of the advice exists from
// the position (an X node where the holding goal holds and the better goal
// does not) with at most Depth moves of X, using remembered facts of level
// below Level only.
type Fact struct {
	Depth int32
	Level int32
}

// Memory looks facts up by the advice's memory identity (MemoryIDs) and
// the position's hash. It must be safe for concurrent use when searchers
// of several goroutines share it, and must not change while a search or a
// strategy uses it (the trees found are a function of its contents).
type Memory interface {
	Lookup(advice, pos uint64) (Fact, bool)
}

// MemoryIDs gives the memory identity of an advice; false for an advice
// the memory does not know (a combination built at run time, say), which
// is then searched without it.
type MemoryIDs[P any] func(*kb.Advice[P]) (uint64, bool)

// Learned is a fact a searcher in learning mode established.
type Learned struct {
	Advice, Pos uint64
	Fact        Fact
}

// noCap is the level cap of an ordinary search: every fact may be used.
const noCap = math.MaxInt32

// UseMemory makes later searches consult m (nil: none) for the advice ids
// identifies. Advice whose formulas read P0 is never remembered (its
// expansion depends on the root). The memo is emptied.
func (s *Searcher[P, M]) UseMemory(m Memory, ids MemoryIDs[P]) {
	s.mem, s.memIDs = m, ids
	s.ids.clear()
	s.ClearMemo()
}

// SetLearning turns learning mode on or off: in it, every satisfied
// search records the facts its tree proves (its root and inner X nodes)
// that the memory does not hold yet; TakeLearned hands them over.
func (s *Searcher[P, M]) SetLearning(on bool) { s.learning = on }

// SetLevelCap makes later Solve calls use only the facts of level below
// cap (negative: every fact). A learner that works in passes uses it so
// that a pass sees the facts of the passes before it only, whatever the
// order of its own work. The memo is emptied when the cap changes.
func (s *Searcher[P, M]) SetLevelCap(cap int) {
	c := int32(noCap)
	if cap >= 0 && cap < noCap {
		c = int32(cap)
	}
	if c != s.baseCap {
		s.baseCap = c
		s.ClearMemo()
	}
}

// TakeLearned returns the facts recorded since the last call.
func (s *Searcher[P, M]) TakeLearned() []Learned {
	l := s.learned
	s.learned = nil
	return l
}

// capKey mixes a level cap into memo keys, so that an expansion searched
// with fewer facts is never answered by one searched with more.
func capKey(c int32) uint64 {
	if c == noCap {
		return 0
	}
	return bits.RotateLeft64((uint64(c)+1)*0xbf58476d1ce4e5b9, 17)
}

// remembered looks q up in the memory for the advice being searched.
func (s *Searcher[P, M]) remembered(q *P) (Fact, bool) {
	if !s.memOn {
		return Fact{}, false
	}
	f, ok := s.mem.Lookup(s.memID, s.g.Hash(q))
	if !ok || f.Level >= s.cap {
		return Fact{}, false
	}
	return f, true
}

// Continue returns the forcing tree a remembered leaf stands for: the
// expansion of a at pos (an X node of a tree of a, where its holding goal
// held and its better goal did not) with bound f.Depth, using the facts
// of level below f.Level only. Its root is an X node.
func (s *Searcher[P, M]) Continue(ctx context.Context, a *kb.Advice[P], pos *P, f Fact) (Result[P, M], error) {
	saved := s.cap
	defer func() { s.cap = saved }()
	if err := s.begin(ctx, a, pos, f.Level); err != nil {
		return Result[P, M]{}, err
	}
	defer func() { s.ctx, s.adv = nil, nil }()
	res := Result[P, M]{Depth: int(f.Depth)}
	s.maxDepth, s.bound = int(f.Depth), int(f.Depth)
	r := s.expand(&s.root, 0, int(f.Depth), -1, nil, s.g.ToMove(&s.root) == s.x)
	res.Value = r.v
	switch {
	case s.stop:
		res.Value = Unknown
	case r.v == Sat:
		res.Tree = r.tree
	case r.v == Unsat:
		// Only a memory changed under the searcher, or a hash collision,
		// can refute a remembered fact.
		return res, fmt.Errorf("prover: advice %s: a remembered fact (depth %d, level %d) has no forcing tree: the memory does not belong to this knowledge", a.Name, f.Depth, f.Level)
	}
	res.Nodes = s.stats.Nodes - s.start
	if res.Value == Unknown {
		res.Reason = s.reason
		if res.Reason == "" {
			res.Reason = "ply limit"
		}
	}
	return res, nil
}

// level returns the level of the fact a tree proves: 0 without remembered
// leaves, else one more than the greatest level of its remembered leaves.
func level[P any, M comparable](n *Node[P, M], seen map[*Node[P, M]]int32) int32 {
	if l, ok := seen[n]; ok {
		return l
	}
	l := int32(0)
	if n.Kind == Remembered {
		l = n.Fact.Level + 1
	}
	for _, e := range n.Children {
		l = max(l, level(e.Node, seen))
	}
	seen[n] = l
	return l
}

// learn records the facts of a proof with bound depth from the root: the
// root and every inner X node, with the moves of X left below it, that
// the memory does not hold yet.
func (s *Searcher[P, M]) learn(t *Node[P, M], depth int) {
	seen := map[*Node[P, M]]int32{}
	done := map[uint64]bool{}
	var walk func(n *Node[P, M], d int)
	walk = func(n *Node[P, M], d int) {
		if n.Kind == XNode {
			h := s.g.Hash(&n.Pos)
			if !done[h] {
				done[h] = true
				if _, ok := s.mem.Lookup(s.memID, h); !ok {
					s.learned = append(s.learned, Learned{Advice: s.memID, Pos: h,
						Fact: Fact{Depth: int32(d), Level: level(n, seen)}})
				}
			}
			d--
		}
		for _, e := range n.Children {
			walk(e.Node, d)
		}
	}
	walk(t, depth)
}

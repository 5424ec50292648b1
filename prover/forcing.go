package prover

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
)

// Value is the three-valued answer of a search: a budget or a cancellation
// yields Unknown, never a wrong Sat or Unsat.
type Value uint8

const (
	Unknown Value = iota // the search ran out of nodes, time or plies
	Sat                  // a forcing tree exists
	Unsat                // no forcing tree exists within the depth bound
)

func (v Value) String() string {
	return [...]string{"unknown", "sat", "unsat"}[v]
}

// NodeKind says what a node of a forcing tree is.
type NodeKind uint8

const (
	// XNode: X is to move; the node has exactly one child, X's move.
	XNode NodeKind = iota
	// YNode: Y is to move; the node has every reply satisfying MCy.
	YNode
	// Goal: a terminal node where the better goal holds.
	Goal
	// NoReply: a terminal node where Y is to move and has no legal move
	// satisfying MCy.
	NoReply
	// Remembered: an X node the searcher's memory proves (memory.go);
	// Fact says with which bound and level the tree it stands for is
	// found again (Searcher.Continue).
	Remembered
	// Exit: a terminal node where X is to move, no move MCx allows keeps
	// HG, and the advice's exit (`otherwise`) holds (AL1.5).
	Exit
)

func (k NodeKind) String() string {
	return [...]string{"x", "y", "goal", "no-reply", "remembered", "exit"}[k]
}

// Node is a node of a forcing tree. Subtrees may be shared between parents
// (the memo table hands out the tree it proved once), so a node does not
// know the move that led to it: the parent's Edge does.
type Node[P any, M comparable] struct {
	Pos      P
	Kind     NodeKind
	Children []Edge[P, M]
	Fact     Fact // of a Remembered node
}

// Edge is a move of a forcing tree and the node it leads to.
type Edge[P any, M comparable] struct {
	Move M
	Node *Node[P, M]
}

// newInner returns an inner node of position q with a copy of the edges
// es. A node of up to eight edges (a king's moves) is one allocation, the node and its
// edges together (Children a slice of the node's own array): the trees
// are most of a verification's live heap, and each object of it is work
// for the garbage collector at every collection (issue 21).
func newInner[P any, M comparable](q *P, kind NodeKind, es []Edge[P, M]) *Node[P, M] {
	var n *Node[P, M]
	switch len(es) {
	case 1:
		b := &struct {
			n Node[P, M]
			e [1]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 2:
		b := &struct {
			n Node[P, M]
			e [2]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 3:
		b := &struct {
			n Node[P, M]
			e [3]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 4:
		b := &struct {
			n Node[P, M]
			e [4]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 5:
		b := &struct {
			n Node[P, M]
			e [5]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 6:
		b := &struct {
			n Node[P, M]
			e [6]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 7:
		b := &struct {
			n Node[P, M]
			e [7]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	case 8:
		b := &struct {
			n Node[P, M]
			e [8]Edge[P, M]
		}{}
		b.n.Children, n = b.e[:], &b.n
	default:
		n = &Node[P, M]{Children: make([]Edge[P, M], len(es))}
	}
	n.Pos, n.Kind = *q, kind
	copy(n.Children, es)
	return n
}

// xTree returns the tree of the X node q whose child kid by move m has
// the tree t (nil: kid is a goal whose leaf is not made yet, result.at).
// (A function of its own, so that xnode's visit stays small enough to be
// inlined.)
//
//go:noinline
func xTree[P any, M comparable](q *P, m M, kid *P, t *Node[P, M]) *Node[P, M] {
	if t == nil {
		return newGoalInner(q, m, kid)
	}
	return newInner(q, XNode, []Edge[P, M]{{Move: m, Node: t}})
}

// newGoalInner returns the X node of position q whose one edge, by m,
// leads to a goal of position g: the two nodes and the edge in one
// allocation (result.at).
func newGoalInner[P any, M comparable](q *P, m M, g *P) *Node[P, M] {
	b := &struct {
		n Node[P, M]
		e [1]Edge[P, M]
		g Node[P, M]
	}{}
	b.g.Pos, b.g.Kind = *g, Goal
	b.e[0] = Edge[P, M]{Move: m, Node: &b.g}
	b.n.Pos, b.n.Kind, b.n.Children = *q, XNode, b.e[:]
	return &b.n
}

// Terminal reports whether n ends its branch (Goal, NoReply or Exit).
func (n *Node[P, M]) Terminal() bool { return n.Kind == Goal || n.Kind == NoReply || n.Kind == Exit }

// PrincipalLine follows the first child of every node from n: X's moves and
// the first reply (in move order) of Y at each Y node.
func (n *Node[P, M]) PrincipalLine() []M {
	var line []M
	for n != nil && len(n.Children) > 0 {
		line = append(line, n.Children[0].Move)
		n = n.Children[0].Node
	}
	return line
}

// XMoves returns the largest number of X moves on a path of the tree from n,
// which is at most the depth bound the tree was found with.
func (n *Node[P, M]) XMoves() int {
	best := 0
	for _, e := range n.Children {
		d := e.Node.XMoves()
		if n.Kind == XNode {
			d++
		}
		best = max(best, d)
	}
	return best
}

// Size returns the number of nodes of the tree from n, counting a shared
// subtree once per parent.
func (n *Node[P, M]) Size() int {
	s := 1
	for _, e := range n.Children {
		s += e.Node.Size()
	}
	return s
}

// Options are the limits and switches of a Searcher. The zero value means
// the defaults below.
type Options struct {
	// MaxNodes bounds the nodes one Solve call may visit (0: DefaultMaxNodes,
	// negative: no bound). Running out yields Unknown.
	MaxNodes int64
	// MaxPly bounds the length of a path in plies (0: DefaultMaxPly). Only a
	// game where Y may move twice in a row can reach it; a path reaching it is
	// Unknown.
	MaxPly int
	// NoMemo turns the memo table off (for tests and measurements).
	NoMemo bool
	// MaxMemo bounds the entries of the memo table (0: DefaultMaxMemo); a
	// full table is emptied and refilled, which costs time, never answers.
	MaxMemo int
	// ExactBudget makes the answer of a search with a node budget that of
	// the same search from an empty memo, whatever the memo holds
	// (budget.go): without it, whether a search runs out of MaxNodes
	// depends on what the memo held when it began. It costs a second
	// search (cold) whenever the memo's search cannot certify that a
	// cold one stays within the budget (BenchmarkAL0Games with it: about
	// 6 cold searches a game, 1.8 times the nodes).
	ExactBudget bool
	// FixedBudget makes MaxNodes bound every search. Without it a
	// top-level search of advice whose base states its budget
	// (kb.Advice.MaxNodes, `nodes N`) is bounded by that instead; a
	// nested search (a call) by what is left of the search it is in. The
	// commands set it when their --max-nodes is given.
	FixedBudget bool
}

// Defaults of Options.
const (
	DefaultMaxNodes = 10_000_000
	DefaultMaxPly   = 256
	DefaultMaxMemo  = 4 << 20
)

// Stats counts the work of a Searcher. Nodes and memo counters accumulate
// over the Solve calls of one Searcher; Entries is the memo table's size.
type Stats struct {
	Nodes      int64 // nodes visited (a formula check at each)
	MemoHits   int64 // expansions answered by the memo table
	MemoSaves  int64 // results written to the memo table
	Entries    int   // entries in the memo table
	MemoClears int64 // times a full memo table was emptied
}

// Result is the answer of Solve.
type Result[P any, M comparable] struct {
	Value Value
	// Tree is the forcing tree when Value is Sat: a shortest one (fewest X
	// moves on its longest path) thanks to iterative deepening.
	Tree *Node[P, M]
	// Depth is the iteration that found the tree (the bound on X moves), or
	// the last bound tried.
	Depth int
	// Nodes is the number of nodes this call visited.
	Nodes int64
	// Reason says why the value is Unknown: ReasonBudget, "cancelled" or
	// "ply limit".
	Reason string
}

// ReasonBudget is the Reason of a search that ran out of its node budget
// (Options.MaxNodes); a strategy's undetermined decision quotes it.
const ReasonBudget = "node budget"

// EventKind is the kind of a search event a Tracer receives.
type EventKind uint8

const (
	EventIteration EventKind = iota // a new depth bound (Depth)
	EventEnter                      // a node (Pos, Move that led to it unless Ply is 0)
	EventExit                       // a node's value (Value)
	EventMemoHit                    // an expansion answered by the memo table (Value)
)

func (k EventKind) String() string {
	return [...]string{"iteration", "enter", "exit", "memo"}[k]
}

// Event is one step of a search. The tracer must not keep the pointer: the
// searcher reuses the event.
type Event[P any, M comparable] struct {
	Kind  EventKind
	Ply   int // plies from the root
	Depth int // moves of X still allowed
	Pos   *P
	Move  M // the move into Pos (zero at the root)
	Value Value
}

// Tracer receives the events of a search, the way OPA's topdown tracer does.
// A nil tracer costs nothing.
type Tracer[P any, M comparable] interface {
	Trace(e *Event[P, M])
}

// result is the value of a node inside the search. cut says that a failure
// depended on the depth bound: with a larger bound the node might succeed.
type result[P any, M comparable] struct {
	v    Value
	cut  bool
	tree *Node[P, M]
	// noHG: the node failed because its holding goal does not hold (an
	// X node's exit is for moves that all end so).
	noHG bool
}

// A Sat result without a tree is a goal (check) whose leaf is not made
// yet: the caller makes it from the node's position (at), or with its X
// parent in one allocation (newGoalInner). A game of BenchmarkAL0Games
// reaches about 16 goals, most of them below an X node, where the leaf
// and the parent were two allocations (some 250 instructions each).

// at returns r's tree, the goal leaf of position q when r is a goal.
func (r result[P, M]) at(q *P) *Node[P, M] {
	if r.tree == nil {
		return &Node[P, M]{Pos: *q, Kind: Goal}
	}
	return r.tree
}

// unbounded as a failure depth means the node fails whatever the bound.
const unbounded = math.MaxInt32

// Searcher decides the satisfiability of advice over a game. It keeps its
// memo table between calls (positions proved or disproved for an advice
// stay so) and reuses its buffers; it is not safe for concurrent use.
//
// The memo table stores the expansion of a node (its value once HG holds
// and BG does not), which depends on the position, the advice, the depth
// bound and, when a formula reads P0, the root: disproofs answer every
// smaller bound, proofs only their own bound, so the tree a memo hit returns
// is the one a fresh search would find.
type Searcher[P any, M comparable] struct {
	g      game.Game[P, M]
	into   game.InPlace[P, M]    // g, when it plays in place, else copyPlay
	passer game.Passer[P]        // g, when its side to move may pass
	peeker game.Peeker[P, M]     // g, when it tells a child's hash unplayed
	first  game.FirstMover[P, M] // g, when it tells its first move alone
	alt    bool                  // g's sides alternate (game.Alternating)
	xRoot  bool                  // X is to move at the root (xToMove)
	opt    Options
	tracer Tracer[P, M]
	// The memo in two generations (see find), each with the trees of its
	// proofs, indexed by its entries.
	memo, old       memoTable
	trees, oldTrees []*Node[P, M]
	// sh is the memo this searcher shares with others (shared.go), which
	// the current call uses instead of its own when shOn; shSaves and
	// shGen count its saves there and the generation they make.
	sh   *SharedMemo[P, M]
	shOn bool
	// prefetchOn: this call's checks prefetch (prefetchMin), set by
	// begin.
	prefetchOn bool
	shSaves    uint64
	shGen      uint64
	// epoch counts the changes of the current generation's layout (an
	// entry added, the table grown or emptied, the generations turned),
	// from 1: a memoSpot is valid only at its epoch.
	epoch uint64
	// ids: the notes of the advice met (idsOwn, unless a cold searcher
	// borrows another's: budget.go).
	ids    *adviceTable[P, M]
	idsOwn adviceTable[P, M]
	stats  Stats
	// The memory of learned facts (memory.go), if any.
	mem      Memory
	memIDs   MemoryIDs[P]
	learning bool
	learned  []Learned
	baseCap  int32 // the level cap of Solve

	// per call
	ctx     context.Context
	adv     *kb.Advice[P]
	x       game.Side
	advID   uint32
	rootKey uint64
	// bound is the iteration's bound on X moves: at a node with depth
	// left, X has made bound-depth moves (the index of its per-move
	// constraint, kb.Advice.MovesAt).
	bound int
	// rootExpands: this iteration's root goes straight to its expansion.
	rootExpands bool
	// The settings of the advice (adviceInfo), copied in one block by
	// begin.
	adviceSettings[P, M]
	goalTab goalTable
	// peekE and peekKey are the entry (or empty slot) and key a peek
	// that did not decide left for the goals of the child it was about
	// (nil when none).
	peekE   *goalEntry
	peekKey uint64
	// peekLook, screenLook: whether the lookups of peek and screen pay
	// (lookStat).
	peekLook, screenLook lookStat
	// Calls (AL1.5's suc(A) in a goal): a call is searched by sub, a
	// searcher nested one level deeper (parent is the searcher it is
	// nested in); maxDepth is the bound of the current search, callKey
	// what the searches this one is nested in are (mixed into its memo
	// keys), caller the searcher as the kb.Caller of its environments.
	parent, sub *Searcher[P, M]
	level       int
	maxDepth    int
	callKey     uint64
	caller      kb.Caller[P]
	// defs keeps the values of the base's definitions per position
	// between the formulas of its environments (kb.Cache).
	defs   kb.Cache
	cap    int32 // facts of this level or more are not used
	root   P
	budget int64
	// limit is the node budget of the top-level call (Options.MaxNodes,
	// or the advice's own: Options.FixedBudget); 0 or less: none.
	limit int64
	start int64
	// The budget certificate (solve): extra is the cost of the memo hits
	// of this call (memoTable.costs), unsure counts the hits and calls
	// whose cost is not known; cold is the searcher that searches again
	// from an empty memo when the certificate does not hold.
	extra, unsure int64
	cold          *Searcher[P, M]
	isCold        bool // this is a cold searcher
	// gate: a node is visited on the fast path while the node count is
	// below it (min of the budget and the next count at which the
	// context is checked); stopping or tracing sets it to MinInt64.
	gate   int64
	stop   bool
	reason string
	plyHit bool
	// screenCuts counts the Y nodes the screen refuted, passed the
	// hopeless children passed over (tests).
	screenCuts, passed int64
	plies              [][]plyBuf[P, M] // blocks of plyBlock plies, allocated as the search deepens
	edges              []Edge[P, M]
	ev                 Event[P, M]
	maxPly             int
	trueF              *kb.Formula[P]
	falseF             *kb.Formula[P]
}

// adviceInfo is what a searcher notes of an advice the first time it sees
// it: its number in the memo, whether a formula reads P0, and the settings
// of the searches of it (begin copies them into the searcher at each call;
// they depend on the advice and on what does not change in a searcher's
// life: its game and options, its memory of learned facts, which when set
// empties the searcher's notes). Worked out at every call, they cost a
// game of BenchmarkAL0Games (some 30 calls) about 4 K instructions.
type adviceInfo[P any, M comparable] struct {
	adv     *kb.Advice[P]
	id      uint32
	readsP0 bool
	adviceSettings[P, M]
}

// adviceSettings are the settings of a search that depend on its advice
// (and on what does not change in a searcher's life): the Searcher's
// fields of the same names, which begin copies from the advice's
// adviceInfo in one block (field by field, with the write barrier's
// test at each pointer, they cost some 100 instructions a call).
type adviceSettings[P any, M comparable] struct {
	// memOn: the memory knows the advice, as memID.
	memOn bool
	memID uint64
	// goalsCall: its better or holding goal calls advice (suc(A)), so
	// evaluating it searches (and counts nodes).
	goalsCall bool
	// keepGoals: its goals' values at a position are kept in goalTab:
	// they call no advice and read no P1 (and the searcher has a memo).
	keepGoals bool
	// holdFirst: the holding goal is evaluated first and the better
	// goal only where it holds (goals): the advice has no option
	// sacrifice and its goals call no advice (whose evaluation would
	// count nodes).
	holdFirst bool
	// levels: the advice has per-move constraints, which the memo key
	// must then hold.
	levels bool
	// failInGoals: the goal table's entries also keep the memo's failure
	// bound of their key (goalTable), which is the memo's key (no
	// per-move constraints) and no cost is kept (no ExactBudget).
	failInGoals bool
	// peekOn: a child without a move constraint is looked up in the goal
	// table before it is played (peek).
	peekOn bool
	// better, holding: the goals (never nil: false and true).
	better, holding *kb.Formula[P]
	// holdFn, betterFn: the goals' compiled evaluators when both have
	// one and holdFirst (kb.Formula.Compiled), else nil.
	holdFn, betterFn func(p0, p1, p2 *P, m *kb.Cache) bool
	// bgAfter: a condition the better goal needs after a move, told
	// without making it (kb.Predicate.After), when the advice lets the
	// children of X nodes with one move left be passed over by it
	// (hopeless); nil when not.
	bgAfter func(p *P, m M) bool
	// bgReply: with bgAfter, the same predicate's test that Y has a
	// reply after which it does not hold (kb.Predicate.Reply), nil
	// when it has none.
	bgReply func(p *P, m M) bool
	// bgRun: with bgReply, the loop over bgAfter and bgReply from a
	// move on, the game's (kb.Predicate.Run), nil when it has none.
	bgRun func(p *P, moves []M, i int) (int, bool)
	// bgMoves: with bgRun, the moves of a node and bgRun's answers from
	// each of them at once, the game's (kb.Predicate.RunMoves), nil when
	// it has none.
	bgMoves func(p *P, buf []M) ([]M, uint64, uint64, bool)
	// movesTest: the advice's move constraint told by the move before it
	// is made (kb.MoveTest), nil when it has none; movesPrep what it
	// computes once per position, nil when nothing.
	movesTest func(p1 *P, m M, e *kb.MoveEnv) (int, bool)
	movesPrep func(p0, p1 *P, e *kb.MoveEnv)
}

// adviceTable is a searcher's notes of the advice it met (adviceInfo),
// found by the advice's pointer: the first adviceListed in a list looked
// through, the others in a map. A searcher made for one game meets four
// or five advice, and making a map and looking the advice up in it at
// every Solve cost a game of BenchmarkAL0Games about 2 K instructions.
type adviceTable[P any, M comparable] struct {
	first [adviceListed]*adviceInfo[P, M]
	n     int // the advice noted
	more  map[*kb.Advice[P]]*adviceInfo[P, M]
}

// adviceListed is the number of advice an adviceTable lists.
const adviceListed = 8

// get returns the notes of a, nil when none.
func (t *adviceTable[P, M]) get(a *kb.Advice[P]) *adviceInfo[P, M] {
	for _, info := range t.first[:min(t.n, adviceListed)] {
		if info.adv == a {
			return info
		}
	}
	if t.n > adviceListed {
		return t.more[a]
	}
	return nil
}

// add notes info (of an advice not noted yet).
func (t *adviceTable[P, M]) add(info *adviceInfo[P, M]) {
	if t.n < adviceListed {
		t.first[t.n] = info
	} else {
		if t.more == nil {
			t.more = map[*kb.Advice[P]]*adviceInfo[P, M]{}
		}
		t.more[info.adv] = info
	}
	t.n++
}

// clear forgets every advice.
func (t *adviceTable[P, M]) clear() {
	clear(t.first[:])
	clear(t.more)
	t.n = 0
}

// plyBuf is what the search keeps for the node it is expanding at one ply:
// its moves, the child being searched when there is no move constraint (a
// slot of its own, so that the search hands its address down without
// copying it or moving it to the heap; anyReply's and passNode's too), and
// the moves of later parts of the move constraint, which wait until every
// move of an earlier part has been tried, with their positions (kids, a
// deferred move's position each; the child being searched under a
// constraint is played into kid).
type plyBuf[P any, M comparable] struct {
	moves    []M
	kid      P
	menv     kb.MoveEnv // what the move constraint's test computed of the node (kb.MoveTest)
	deferred []deferredMove
	kids     []P
	// unplayed: the replies screen found in the goal table (the first
	// 64), whose positions in kids it left unplayed.
	unplayed uint64
}

// deferredMove is a move of a later part: its index in the ply's moves and
// its part.
type deferredMove struct {
	i    int32
	part int32
}

// plyBlock is the number of plies whose buffers are allocated together;
// blocks never move, so a pointer to a ply's child stays valid.
const plyBlock = 16

// ply returns the buffers of ply, allocating its block on first use.
func (s *Searcher[P, M]) ply(ply int) *plyBuf[P, M] {
	b := ply / plyBlock
	for len(s.plies) <= b {
		s.plies = append(s.plies, make([]plyBuf[P, M], plyBlock))
	}
	return &s.plies[b][ply%plyBlock]
}

// NewSearcher returns a searcher over g.
func NewSearcher[P any, M comparable](g game.Game[P, M], opt Options) *Searcher[P, M] {
	if opt.MaxNodes == 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxPly <= 0 {
		opt.MaxPly = DefaultMaxPly
	}
	if opt.MaxMemo <= 0 {
		opt.MaxMemo = DefaultMaxMemo
	}
	s := &Searcher[P, M]{
		g:       g,
		opt:     opt,
		maxPly:  opt.MaxPly,
		baseCap: noCap,
		epoch:   1,
	}
	if into, ok := g.(game.InPlace[P, M]); ok {
		s.into = into
	} else {
		s.into = copyPlay[P, M]{g}
	}
	s.passer, _ = g.(game.Passer[P])
	s.peeker, _ = g.(game.Peeker[P, M])
	s.first, _ = g.(game.FirstMover[P, M])
	if a, ok := g.(game.Alternating); ok {
		s.alt = a.Alternates()
	}
	s.caller = s
	s.ids = &s.idsOwn
	// (The old generation on first use.)
	// (Its first tables are not recycled when s is gone: a cleanup of s
	// ran while a caller still read the tables through a copy of their
	// slices, the collector having found s itself unreachable; the race
	// detector's run of internal/chessverify crashed. docs/prover.md.)
	firstTables(&s.memo, &s.goalTab, max(opt.MaxMemo/2, 1), max(min(opt.MaxMemo/4, goalMax), 1), opt.ExactBudget)
	return s
}

// SetTracer sets the tracer of later calls (nil for none).
func (s *Searcher[P, M]) SetTracer(t Tracer[P, M]) { s.tracer = t }

// Game returns the game the searcher plays.
func (s *Searcher[P, M]) Game() game.Game[P, M] { return s.g }

// SetMaxNodes changes the node bound of the next Solve calls (0: the
// default, negative: none), as Options.MaxNodes.
func (s *Searcher[P, M]) SetMaxNodes(n int64) {
	if n == 0 {
		n = DefaultMaxNodes
	}
	s.opt.MaxNodes = n
}

// SetFixedBudget says whether the node bound of the next Solve calls
// bounds every search, the advice's own budget (kb.Advice.MaxNodes)
// ignored, as Options.FixedBudget.
func (s *Searcher[P, M]) SetFixedBudget(on bool) { s.opt.FixedBudget = on }

// Stats returns the counters accumulated so far.
func (s *Searcher[P, M]) Stats() Stats {
	st := s.stats
	st.Entries = s.memo.count + s.old.count
	return st
}

// ClearMemo empties the memo table.
func (s *Searcher[P, M]) ClearMemo() {
	s.epoch++
	s.memo.clear()
	s.old.clear()
	s.goalTab.reset()
	clear(s.trees)
	clear(s.oldTrees)
	s.trees, s.oldTrees = s.trees[:0], s.oldTrees[:0]
}

// Solve decides sat(a, pos) with iterative deepening from depth 0 (the
// better goal at the root) to a.Depth, so the tree found is a shortest one.
// The advice is identified by its pointer in the memo table: build combined
// advice once and reuse it. A nil Holding means true and a nil Better false.
// Moves (and Replies) are tried part by part in the order of the move
// constraint, then in the game's Moves order. Advice in AL0 mode (a.AL0)
// is searched once to a.Depth instead, so its tree is the first one in
// that order, and a Y node without an allowed reply fails.
func (s *Searcher[P, M]) Solve(ctx context.Context, a *kb.Advice[P], pos *P) (Result[P, M], error) {
	if a == nil {
		return Result[P, M]{}, fmt.Errorf("prover: nil advice")
	}
	return s.solve(ctx, a, pos, a.Depth)
}

// solve is Solve with the bound maxDepth instead of a.Depth (a call of
// advice already being searched runs with less; see Sat).
func (s *Searcher[P, M]) solve(ctx context.Context, a *kb.Advice[P], pos *P, maxDepth int) (Result[P, M], error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := s.begin(ctx, a, pos, s.baseCap); err != nil {
		return Result[P, M]{}, err
	}
	defer func() { s.ctx, s.adv = nil, nil }()
	s.maxDepth = maxDepth
	if s.parent != nil {
		// What a nested search finds depends on the searches it is
		// nested in (the depth of their recursive calls) and on its bound.
		s.rootKey ^= bits.RotateLeft64((s.callKey^uint64(maxDepth+1))*0x94d049bb133111eb, 41)
	}

	res := Result[P, M]{}
	var zero M
	first := 0
	if a.AL0 {
		// AL0 searches once, to the full depth: the first tree in the
		// move constraint's order, not a shortest one.
		first = maxDepth
	}
	for d := first; d <= maxDepth; d++ {
		if ctx.Err() != nil {
			s.halt("cancelled")
			res.Value = Unknown
			break
		}
		if s.tracer != nil {
			s.emit(EventIteration, 0, d, &s.root, zero, Unknown)
		}
		s.plyHit = false
		s.bound = d
		// After the first iteration the root's goals are known (else the
		// search would have ended), unless evaluating them searches.
		s.rootExpands = d > first && !s.goalsCall
		r := s.node(&s.root, &s.root, zero, 0, d)
		res.Depth = d
		res.Value = r.v
		if r.v == Sat {
			res.Tree = r.at(&s.root)
			break
		}
		if s.stop {
			res.Value = Unknown
			break
		}
		if r.v == Unsat && !r.cut {
			break // no X node was cut off by the bound: deeper is the same
		}
	}
	res.Nodes = s.stats.Nodes - s.start
	if res.Value == Unknown {
		res.Reason = s.reason
		if res.Reason == "" {
			res.Reason = "ply limit"
		}
	}
	if s.needsCold(res) {
		// The answer must be the one of a search from an empty memo
		// (budget.go): search again so.
		c, err := s.coldSolve(ctx, a, pos, maxDepth)
		if err != nil {
			return c, err
		}
		s.stats.Nodes += c.Nodes
		switch {
		case c.Value == Unknown:
			res = Result[P, M]{Value: Unknown, Depth: c.Depth, Reason: c.Reason}
		case res.Value == Unknown:
			res = c
		}
		res.Nodes = s.stats.Nodes - s.start
	}
	if res.Value == Sat && res.Tree.Kind == Remembered {
		// The root itself is remembered: the tree it stands for.
		nodes := res.Nodes
		cont, err := s.Continue(ctx, a, pos, res.Tree.Fact)
		cont.Nodes += nodes
		return cont, err
	}
	if s.learning && s.memOn && res.Value == Sat && res.Tree.Kind == XNode {
		s.learn(res.Tree, res.Depth)
	}
	return res, nil
}

// begin sets up a call of Solve or Continue for a at pos with level cap
// c: the advice's number and memory identity, the root, the budget.
func (s *Searcher[P, M]) begin(ctx context.Context, a *kb.Advice[P], pos *P, c int32) error {
	if a == nil {
		return fmt.Errorf("prover: nil advice")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	info := s.ids.get(a)
	if info == nil {
		// First seen: check it, number it, and note whether it reads P0
		// (an advice must not change after its first Solve).
		if a.Depth < 0 {
			return fmt.Errorf("prover: advice %q has a negative depth", a.Name)
		}
		if a.Semistatic && s.passer == nil {
			return fmt.Errorf("prover: advice %q is semi-static, but this game has no pass (game.Passer)", a.Name)
		}
		if err := checkOrder(a, a.Moves); err != nil {
			return err
		}
		if err := checkOrder(a, a.Replies); err != nil {
			return err
		}
		// (Not through kb.Advice.Orders, which makes a slice.)
		for _, os := range [2][]kb.Order[P]{a.MovesNext, a.RepliesNext} {
			for _, o := range os {
				if err := checkOrder(a, o); err != nil {
					return err
				}
			}
		}
		if s.ids.n >= maxAdvice {
			// The memo's tags number at most maxAdvice advice: start again.
			s.ids.clear()
			s.ClearMemo()
		}
		id := uint32(s.ids.n)
		if s.sh != nil {
			// Numbered as every searcher sharing the memo numbers it.
			if id = s.sh.adviceID(a); id >= maxAdvice {
				s.ShareMemo(nil)
				id = 0
			}
		}
		info = s.adviceInfo(a, id)
		s.ids.add(info)
	}
	s.ctx, s.adv, s.advID, s.x = ctx, a, info.id, a.Side
	s.shOn = s.sh != nil && s.parent == nil && !s.isCold && s.mem == nil && !s.learning && !s.opt.NoMemo && !s.opt.ExactBudget
	// (A memo that grows past prefetchMin during this call prefetches
	// from the next: the test is one load per node.)
	s.prefetchOn = len(s.memo.slots) >= prefetchMin || s.shOn
	s.adviceSettings = info.adviceSettings
	s.cap, s.rootExpands, s.peekE = c, false, nil
	s.maxDepth = a.Depth
	s.root = *pos
	s.xRoot = s.g.ToMove(&s.root) == s.x
	s.rootKey = capKey(c)
	if info.readsP0 {
		// Mixed, so that the key of (position a, root b) is not that of
		// (position b, root a).
		s.rootKey ^= bits.RotateLeft64(s.g.Hash(&s.root)*0x9e3779b97f4a7c15, 29)
	}
	s.stop, s.reason, s.plyHit = false, "", false
	s.start = s.stats.Nodes
	s.extra, s.unsure = 0, 0
	s.limit = s.opt.MaxNodes
	if a.MaxNodes > 0 && s.parent == nil && !s.opt.FixedBudget {
		s.limit = a.MaxNodes
	}
	s.budget = math.MaxInt64
	if s.limit > 0 {
		s.budget = s.stats.Nodes + s.limit
	}
	s.edges = s.edges[:0]
	s.setGate()
	return nil
}

// checkOrder checks the move constraint o of a (begin).
func checkOrder[P any](a *kb.Advice[P], o kb.Order[P]) error {
	if len(o) > MaxOrderParts {
		return fmt.Errorf("prover: advice %q has a move constraint of more than %d parts", a.Name, MaxOrderParts)
	}
	for _, f := range o {
		if f == nil {
			return fmt.Errorf("prover: advice %q has a nil move-constraint part", a.Name)
		}
	}
	return nil
}

// adviceInfo works out what begin notes of a, numbered id, the first time
// it meets it.
func (s *Searcher[P, M]) adviceInfo(a *kb.Advice[P], id uint32) *adviceInfo[P, M] {
	info := &adviceInfo[P, M]{adv: a, id: id, readsP0: AdviceReads(a, kb.P0)}
	info.goalsCall = formulaCalls(a.Better) || formulaCalls(a.Holding)
	info.keepGoals = !info.goalsCall && !FormulaReads(a.Better, kb.P1) && !FormulaReads(a.Holding, kb.P1) && !s.opt.NoMemo
	if len(a.MovesNext) == 0 {
		if prep, test := kb.MoveTest[P, M](a.Moves); test != nil {
			info.movesPrep, info.movesTest = prep, test
		}
	}
	// (Advice with per-move constraints is not remembered: a fact
	// about a node holds for the move number it was proved at.)
	if s.mem != nil && s.memIDs != nil && !info.readsP0 && len(a.MovesNext) == 0 && len(a.RepliesNext) == 0 {
		info.memID, info.memOn = s.memIDs(a)
	}
	info.holdFirst = !a.Sacrifice && !info.goalsCall
	info.levels = len(a.MovesNext) > 0 || len(a.RepliesNext) > 0
	info.failInGoals = info.keepGoals && !info.levels && !s.opt.ExactBudget
	// (Remembered facts and option sacrifice need the child's position
	// for what its goal entry says.)
	info.peekOn = s.peeker != nil && info.keepGoals && !info.memOn && !a.Sacrifice
	if !a.Sacrifice && a.Otherwise == nil && !a.Semistatic && !info.goalsCall && !info.memOn &&
		len(a.Replies) == 0 && len(a.RepliesNext) == 0 && s.first != nil && s.peeker != nil {
		if af, rf, run, runMoves := afterTest[P, M](a.Better); af != nil {
			info.bgAfter = af
			if rf != nil {
				info.bgReply = rf
				info.bgRun, _ = run.(func(*P, []M, int) (int, bool))
				if info.bgRun != nil {
					info.bgMoves, _ = runMoves.(func(*P, []M) ([]M, uint64, uint64, bool))
				}
			}
		}
	}
	info.better, info.holding = a.Better, a.Holding
	// (The searcher's constant formulas made when first needed: a
	// searcher made for one game met none.)
	if info.better == nil {
		if s.falseF == nil {
			s.falseF = kb.False[P]()
		}
		info.better = s.falseF
	}
	if info.holding == nil {
		if s.trueF == nil {
			s.trueF = kb.True[P]()
		}
		info.holding = s.trueF
	}
	if hf, bf := info.holding.Compiled(), info.better.Compiled(); info.holdFirst && hf != nil && bf != nil {
		info.holdFn, info.betterFn = hf, bf
	}
	return info
}

// halt stops the search with reason.
func (s *Searcher[P, M]) halt(reason string) {
	s.stop, s.reason = true, reason
	s.gate = math.MinInt64
}

// setGate sets the node count up to which node takes its fast path: below
// the budget and below the next count at which the context is checked.
func (s *Searcher[P, M]) setGate() {
	if s.stop || s.tracer != nil {
		s.gate = math.MinInt64
		return
	}
	s.gate = min(s.stats.Nodes|1023, s.budget)
}

func (s *Searcher[P, M]) emit(k EventKind, ply, depth int, pos *P, m M, v Value) {
	s.ev = Event[P, M]{Kind: k, Ply: ply, Depth: depth, Pos: pos, Move: m, Value: v}
	s.tracer.Trace(&s.ev)
}

// node checks the node q reached from parent by move m (at the root parent
// == q): the goals, then the expansion. It is check counting q, inlined
// into the move loops (check's fast path counts the node itself: a call
// less per node, about 35 instructions).
func (s *Searcher[P, M]) node(q, parent *P, m M, ply, depth int) result[P, M] {
	return s.check(q, parent, m, ply, depth, false)
}

// slowNode is node when the search has stopped, is traced, or reaches its
// budget or a context check.
func (s *Searcher[P, M]) slowNode(q, parent *P, m M, ply, depth int) result[P, M] {
	if s.stop {
		return result[P, M]{}
	}
	s.stats.Nodes++
	if s.stats.Nodes > s.budget {
		s.halt(ReasonBudget)
		return result[P, M]{}
	}
	if s.stats.Nodes&1023 == 0 && s.ctx.Err() != nil {
		s.halt("cancelled")
		return result[P, M]{}
	}
	s.setGate()
	if s.tracer == nil {
		return s.check(q, parent, m, ply, depth, true)
	}
	s.emit(EventEnter, ply, depth, q, m, Unknown)
	r := s.check(q, parent, m, ply, depth, true)
	s.emit(EventExit, ply, depth, q, m, r.v)
	return r
}

// check checks node q (node); counted says it was counted already
// (slowNode, screen), else it is counted here on node's fast path (no
// tracer, the budget and the next context check still ahead) or goes to
// slowNode (m, the move into q, is for its tracer).
func (s *Searcher[P, M]) check(q, parent *P, m M, ply, depth int, counted bool) result[P, M] {
	if !counted {
		if s.stats.Nodes >= s.gate {
			return s.slowNode(q, parent, m, ply, depth)
		}
		s.stats.Nodes++
	}
	if s.prefetchOn {
		s.prefetch(q, ply, depth)
	}
	if ply == 0 && s.rootExpands {
		// The goals at the root were checked in the first iteration: the
		// better goal does not hold there and the holding goal does.
		return s.expand(q, ply, depth, -1, nil, s.xToMove(q, ply))
	}
	bg, hg, fail, e := s.goals(q, parent)
	if bg {
		if s.adv.Sacrifice || hg {
			return result[P, M]{v: Sat} // a goal (at)
		}
		return result[P, M]{v: Unsat, noHG: true}
	}
	if !hg {
		// Without sacrifice HG must hold everywhere. With it, a node without
		// HG can only be a terminal: Y to move with no reply allowed.
		if s.adv.Sacrifice && !s.adv.AL0 && !s.adv.Semistatic && s.g.ToMove(q) != s.x {
			any, ok := s.anyReply(q, ply, depth)
			if !ok {
				return result[P, M]{}
			}
			if !any {
				return result[P, M]{v: Sat, tree: &Node[P, M]{Pos: *q, Kind: NoReply}}
			}
		}
		return result[P, M]{v: Unsat, noHG: true}
	}
	x := s.xToMove(q, ply)
	if x && depth == 0 && !s.memOn {
		// No move of X left (expand, without the call).
		return result[P, M]{v: Unsat, cut: true}
	}
	return s.expand(q, ply, depth, fail, e, x)
}

// xToMove reports whether X is to move at q, at ply plies from the root:
// where the sides alternate (game.Alternating), X is to move at the
// root's plies of the same parity as X at the root, and ToMove is not
// called.
func (s *Searcher[P, M]) xToMove(q *P, ply int) bool {
	if s.alt {
		return s.xRoot == (ply&1 == 0)
	}
	return s.g.ToMove(q) == s.x
}

// prefetchMin is the memo's size in slots from which a node's check
// prefetches (1 MB of entries, a core's second-level cache here): a
// searcher made for one game keeps small tables, which stay in the
// caches, and asking for their lines cost BenchmarkAL0Games 9% more
// instructions for nothing.
const prefetchMin = 1 << 16

// prefetch asks the processor for the lines the check of q will read
// first in the goal table and, when q may expand, in the memo's two
// generations: a verification keeps its searcher's tables from start to
// start, so they grow far larger than the processor's caches and most
// probes of a new position miss them. Asked at once, the three lines
// come from the memory together, and while the goals are evaluated,
// instead of one after the other when each probe reads its slot.
func (s *Searcher[P, M]) prefetch(q *P, ply, depth int) {
	h := s.g.Hash(q) ^ s.rootKey
	if s.keepGoals {
		s.goalTab.prefetch(goalKey(memoKey{hash: h, adv: s.advID}))
	}
	if depth == 0 && (s.failInGoals || s.g.ToMove(q) == s.x) {
		return // a node with no move of X left is not looked up (expand)
	}
	k := s.memoKeyOf(h, ply, depth)
	if s.shOn {
		s.sh.prefetch(k)
		return
	}
	s.memo.prefetch(k)
	if s.old.count > 0 {
		s.old.prefetch(k)
	}
}

// goals evaluates the better goal at q and the holding goal unless the
// better goal holds under option sacrifice (where it is not read: hg is
// then false); without the option (holdFirst) the holding goal first and
// the better goal only where it holds (bg is false where hg is); or finds their values in the goal table when the advice's
// goals are kept there, with the largest bound the memo disproved for q
// that the table keeps (-1 when none), and q's entry there (nil when the
// goals are not kept), valid until the table next grows or is emptied
// (goalTable.gen).
func (s *Searcher[P, M]) goals(q, parent *P) (bg, hg bool, fail int32, e *goalEntry) {
	var key uint64
	if e = s.peekE; e != nil {
		// The peek at q found its slot; nothing has touched the table
		// since.
		key, s.peekE = s.peekKey, nil
		if *e != 0 {
			return *e&1 != 0, *e&2 != 0, e.fail(), e
		}
	} else if s.keepGoals {
		key = s.goalKeyOf(s.g.Hash(q))
		if e = s.goalTab.hit(key); e == nil {
			e = s.goalTab.slotProbe(key) // (slot, its first probe inlined)
		}
		if e != nil && *e != 0 {
			return *e&1 != 0, *e&2 != 0, e.fail(), e
		}
	}
	if hf := s.holdFn; hf != nil {
		// Both compiled, the holding goal first (below): no
		// environment to build.
		if hg = hf(&s.root, parent, q, &s.defs); hg {
			bg = s.betterFn(&s.root, parent, q, &s.defs)
		}
	} else {
		bg, hg = s.evalGoals(q, parent)
	}
	if e != nil {
		// (Evaluating goals that call no advice searches nothing, so the
		// slot is still the key's.)
		s.goalTab.fill(e, key, goalValue(bg, hg))
	}
	return bg, hg, -1, e
}

// goalKeyOf is the goal table's key of a position whose hash is h under
// the current advice and root.
func (s *Searcher[P, M]) goalKeyOf(h uint64) uint64 {
	return goalKey(memoKey{hash: h ^ s.rootKey, adv: s.advID})
}

// goalValue is a goal entry's value for known goals: 4 (known), the
// better goal 1, the holding goal 2.
func goalValue(bg, hg bool) uint64 {
	v := uint64(4)
	if bg {
		v |= 1
	}
	if hg {
		v |= 2
	}
	return v
}

// evalGoals is goals' evaluation of the goals at q through an Env.
func (s *Searcher[P, M]) evalGoals(q, parent *P) (bg, hg bool) {
	// The environment is a local (on the stack: writing pointers into the
	// heap-allocated searcher would cost write barriers while the garbage
	// collector runs), its fields set one by one (a composite literal is
	// built in a temporary and copied).
	var env kb.Env[P]
	env.P0, env.P1, env.P2, env.Calls, env.Cache = &s.root, parent, q, s.caller, &s.defs
	if s.holdFirst {
		// Without option sacrifice a node without HG fails whatever its
		// better goal (check), so the better goal is read only where the
		// holding goal holds.
		if hg = s.holding.Eval(&env); hg {
			bg = s.better.Eval(&env)
		}
	} else {
		bg = s.better.Eval(&env)
		if !bg || !s.adv.Sacrifice {
			hg = s.holding.Eval(&env)
		}
	}
	return bg, hg
}

// peek decides the child of q by move m (with depth X moves left)
// from its goal entry, without playing it, when the entry decides it
// without the position: the child is counted as the node it is, and its
// result is the one check would return. ok is false when the child must
// be played and checked (node): on the fast path only, and then the
// slot peek found is left for the child's goals (peekE).
func (s *Searcher[P, M]) peek(q *P, m M, depth int) (r result[P, M], ok bool) {
	if s.stats.Nodes >= s.gate {
		return r, false // node's slow path: the budget, a context check, a tracer
	}
	h, side := s.peeker.HashAfter(q, m)
	key := s.goalKeyOf(h)
	e := s.goalTab.hit(key)
	if e == nil {
		e = s.goalTab.slotProbe(key) // (slot, its first probe inlined)
	}
	if e == nil {
		s.peekLook.note(false)
		return r, false
	}
	s.peekE, s.peekKey = e, key
	if *e == 0 || *e&1 != 0 && *e&2 != 0 {
		s.peekLook.note(false)
		return r, false // not known, or a goal: its tree keeps the position
	}
	switch {
	case *e&2 == 0:
		// No HG (without option sacrifice: check).
		r = result[P, M]{v: Unsat, noHG: true}
	case side == s.x && depth == 0:
		// No move of X left (check; nothing remembered, peekOn).
		r = result[P, M]{v: Unsat, cut: true}
	default:
		known := e.fail()
		if known < int32(depth) {
			s.peekLook.note(false)
			return r, false
		}
		// The memo's failure in the goal entry (expand).
		s.charge(costUnknown, false)
		s.stats.MemoHits++
		r = result[P, M]{v: Unsat, cut: known != unbounded}
	}
	s.peekE = nil
	s.stats.Nodes++
	s.peekLook.note(true)
	return r, true
}

// expand searches below q, which has HG and not BG; the result depends on
// q, the advice, the depth and (when P0 is read) the root only, so it is
// what the memo table stores. known is the failure bound of q's goal
// entry (-1 when none): what the memo disproved, which answers as the
// memo would without probing it; ge is q's goal entry (goals), nil when
// none, where the failures found are noted while the table has not moved
// (gen) since; x says X is to move at q.
func (s *Searcher[P, M]) expand(q *P, ply, depth int, known int32, ge *goalEntry, x bool) result[P, M] {
	if x && s.memOn {
		if f, ok := s.remembered(q); ok {
			return result[P, M]{v: Sat, tree: &Node[P, M]{Pos: *q, Kind: Remembered, Fact: f}}
		}
	}
	if x && depth == 0 {
		return result[P, M]{v: Unsat, cut: true}
	}
	var key memoKey
	var spot memoSpot
	d := int32(depth)
	if known >= d {
		// The memo's failure, kept in the goal table (no cost is kept,
		// so the hit charges as the memo's does: unknown).
		s.charge(costUnknown, false)
		s.stats.MemoHits++
		if s.tracer != nil {
			var zero M
			s.emit(EventMemoHit, ply, depth, q, zero, Unsat)
		}
		return result[P, M]{v: Unsat, cut: known != unbounded}
	}
	// A node with no move of X left (a Y node: X's are not expanded)
	// whose failures the goal table keeps (failInGoals) is not looked up
	// in the memo, and its failure is kept in the goal table only, unless
	// no bound cut it (then it answers larger bounds); a proof of it is
	// not kept (nothing would look it up). Its failure is the most common
	// result and the cheapest to find again (its first reply fails), so
	// the memo keeps the results that spare more.
	probe := !s.opt.NoMemo && (d > 0 || !s.failInGoals)
	if !s.failInGoals {
		ge = nil
	}
	gen := s.goalTab.gen
	if probe {
		key = s.memoKeyOf(s.g.Hash(q)^s.rootKey, ply, depth)
		var fail int32
		var win *Node[P, M]
		var fcost, wcost uint32
		if free := s.memo.empty(key); free >= 0 && s.old.count == 0 && !s.shOn {
			// find, when key's first slot is empty and there is no old
			// generation (the most common miss), without the calls.
			fail, spot = -1, memoSpot{epoch: s.epoch, fslot: -1, free: free}
		} else {
			fail, win, fcost, wcost, spot = s.find(key, d)
		}
		if fail > known && ge != nil {
			ge.noteFail(fail)
		}
		if fail >= d {
			s.charge(fcost, fail != d && (fail != unbounded || d < int32(fcost>>costBits)))
			s.stats.MemoHits++
			if s.tracer != nil {
				var zero M
				s.emit(EventMemoHit, ply, depth, q, zero, Unsat)
			}
			return result[P, M]{v: Unsat, cut: fail != unbounded}
		}
		if win != nil {
			s.charge(wcost, false)
			s.stats.MemoHits++
			if s.tracer != nil {
				var zero M
				s.emit(EventMemoHit, ply, depth, q, zero, Sat)
			}
			return result[P, M]{v: Sat, tree: win}
		}
	}
	var r result[P, M]
	// The cost of the result (budget.go) is kept and read only with
	// ExactBudget: not counted without it.
	exact := s.opt.ExactBudget
	var v0, u0 int64
	if exact {
		v0, u0 = s.stats.Nodes+s.extra, s.unsure
	}
	if x {
		r = s.xnode(q, ply, depth)
	} else {
		r = s.ynode(q, ply, depth)
	}
	if !s.opt.NoMemo && r.v != Unknown {
		cost := uint32(costUnknown)
		if exact {
			if c := s.stats.Nodes + s.extra - v0; s.unsure == u0 && c < costMask && depth < 255 {
				cost = uint32(depth)<<costBits | uint32(c)
			}
		}
		if r.v == Sat {
			if probe {
				s.saveSpot(key, d, cost, r.tree, spot)
				s.stats.MemoSaves++
			}
		} else {
			f := d
			if !r.cut {
				f = unbounded
			}
			if !probe && f == unbounded {
				key = s.memoKeyOf(s.g.Hash(q)^s.rootKey, ply, depth)
			}
			if probe || f == unbounded {
				// A new failure written into the slot find gave, or
				// into key's first slot when it is empty (nothing of
				// key kept), without the calls of saveSpot and save.
				free := -1
				if !s.shOn && s.memo.fits() {
					if spot.epoch != s.epoch {
						free = s.memo.empty(key)
					} else if spot.fslot < 0 {
						free = spot.free
					}
				}
				if free >= 0 {
					s.epoch++
					s.memo.put(key, f, cost, free)
				} else {
					s.saveSpot(key, f, cost, nil, spot)
				}
				s.stats.MemoSaves++
			}
			if ge != nil {
				if s.goalTab.gen == gen {
					ge.noteFail(f)
				} else {
					s.goalTab.noteFail(goalKey(s.memoKeyOf(s.g.Hash(q)^s.rootKey, ply, depth)), f)
				}
			}
		}
	}
	return r
}

// memoKeyOf is the memo key of a node at ply with depth X moves left
// whose hash, mixed with the root's, is h.
func (s *Searcher[P, M]) memoKeyOf(h uint64, ply, depth int) memoKey {
	key := memoKey{hash: h, adv: s.advID}
	if s.levels {
		// The per-move constraints below the node depend on how many
		// moves each side has made (capped: beyond the last constraint
		// they are all the same).
		xs := s.bound - depth
		ys := ply - xs
		lx := uint64(min(xs, len(s.adv.MovesNext)))
		ly := uint64(min(ys, len(s.adv.RepliesNext)))
		key.hash ^= bits.RotateLeft64((lx<<32|ly+1)*0xff51afd7ed558ccd, 17)
	}
	return key
}

// The memo has two generations: entries are saved in the current one;
// when it is full it becomes the old one (the previous old one is
// dropped) and a new current one starts empty; an entry found only in the
// old generation is copied into the current one. So what is used keeps
// its place and what is not used for a generation goes, instead of the
// whole memo being emptied at once. A hit returns what a fresh search
// would find, so dropping entries costs time, never an answer.

// memoSpot is where a save of the key just looked up would write in the
// current generation (memoTable.find), valid while the searcher's epoch
// is the one it was found at.
type memoSpot struct {
	epoch       uint64
	fslot, free int
}

// find returns the largest bound disproved for key (-1 when none) and the
// proof with bound d (nil when none) with their costs, promoting an old
// entry, and where a save of key would write.
func (s *Searcher[P, M]) find(key memoKey, d int32) (fail int32, win *Node[P, M], fcost, wcost uint32, spot memoSpot) {
	if s.shOn {
		fail, win = s.sh.find(key, d, s.shGen)
		return fail, win, costUnknown, costUnknown, memoSpot{}
	}
	fail, w, fslot, free, wslot := int32(-1), uint32(0), -1, s.memo.empty(key), -1
	if free < 0 {
		// (A key whose first slot is empty, the most common miss,
		// costs no call.)
		fail, w, fslot, free, wslot = s.memo.find(key, d)
	}
	fcost, wcost = costUnknown, costUnknown
	if fslot >= 0 {
		fcost = s.memo.cost(fslot)
	}
	if w != 0 {
		return fail, s.trees[w-1], fcost, s.memo.cost(wslot), memoSpot{}
	}
	spot = memoSpot{epoch: s.epoch, fslot: fslot, free: free}
	if fail >= d || s.old.count == 0 {
		return fail, nil, fcost, wcost, spot
	}
	ofail, owin, ofcost, owcost := s.old.findOnly(key, d)
	switch {
	case ofail >= d:
		s.save(key, ofail, ofcost, nil)
		return ofail, nil, ofcost, wcost, memoSpot{}
	case owin != 0:
		t := s.oldTrees[owin-1]
		s.save(key, d, owcost, t)
		return fail, t, fcost, owcost, memoSpot{}
	}
	return fail, nil, fcost, wcost, spot
}

// charge adds the cost of a memo hit to the budget certificate (solve):
// unknown when the hit answers another bound than the one it was found
// with (a search without the memo may cost more or less there).
func (s *Searcher[P, M]) charge(cost uint32, inexact bool) {
	if inexact || cost == costUnknown {
		s.unsure++
		return
	}
	s.extra += int64(cost & costMask)
}

// saveSpot is save of the key find gave spot for: written there at once
// when nothing was added to the memo since.
func (s *Searcher[P, M]) saveSpot(key memoKey, d int32, cost uint32, t *Node[P, M], spot memoSpot) {
	if spot.epoch != s.epoch || spot.epoch == 0 || !s.memo.fits() {
		s.save(key, d, cost, t)
		return
	}
	if t == nil {
		if spot.fslot < 0 {
			s.epoch++
		}
		s.memo.saveAt(key, d, 0, cost, spot.fslot, spot.free)
		return
	}
	if d > maxBound {
		return
	}
	s.epoch++
	s.addTree(t)
	s.memo.saveAt(key, d, uint32(len(s.trees)), cost, spot.fslot, spot.free)
}

// save records a failure up to bound d (t nil) or the proof t with bound
// d in the current generation, turning generations when it is full; cost
// is what it cost (memoTable.costs).
func (s *Searcher[P, M]) save(key memoKey, d int32, cost uint32, t *Node[P, M]) {
	if s.shOn {
		s.sharedSave(key, d, t)
		return
	}
	s.epoch++
	if !s.memo.room() {
		s.memo, s.old = s.old, s.memo
		if s.memo.slots == nil {
			s.memo.init(s.old.max, s.old.costs != nil)
		}
		s.memo.clear()
		clear(s.oldTrees)
		s.trees, s.oldTrees = s.oldTrees[:0], s.trees
		s.stats.MemoClears++
		if !s.memo.room() {
			return
		}
	}
	if t == nil {
		s.memo.save(key, d, 0, cost)
		return
	}
	s.addTree(t)
	s.memo.save(key, d, uint32(len(s.trees)), cost)
}

// addTree appends t to the trees of the memo's proofs: the first time
// with room for treesStart, where growing from none took a game of
// BenchmarkAL0Games five allocations.
func (s *Searcher[P, M]) addTree(t *Node[P, M]) {
	if cap(s.trees) == 0 {
		s.trees = make([]*Node[P, M], 0, treesStart)
	}
	s.trees = append(s.trees, t)
}

// treesStart is the room of the trees of a searcher's first proofs.
const treesStart = 32

// Children are tried part by part of the move constraint, then in the
// game's move order. The search streams them: a move of the first part is
// searched as soon as it is generated (no position is copied, and after a
// decisive child the others are never played), and a move of a later part
// waits, with its position, until every move has been generated.

// moves generates the moves of q into the buffers of ply. ok is false at
// the ply limit.
func (s *Searcher[P, M]) genMoves(q *P, ply int) (*plyBuf[P, M], bool) {
	if ply >= s.maxPly {
		s.plyHit = true
		return nil, false
	}
	b := s.ply(ply)
	b.moves = s.g.Moves(q, b.moves)
	b.deferred = b.deferred[:0]
	b.kids = b.kids[:0]
	return b, true
}

// allowed plays move i of b from q into the ply's slot b.kid and returns
// it when o (not empty) allows the move in its first part (the slot
// stays valid until the next move played at this ply); a move of a later
// part is deferred, its position copied into b.kids, and nil returned,
// as for a move o does not allow. (Most moves are allowed at once or
// refused: a copy for the few deferred costs less than taking a slot of
// b.kids for every move tested; xnode has it written out.)
func (s *Searcher[P, M]) allowed(q *P, b *plyBuf[P, M], i int, o kb.Order[P]) *P {
	kid := &b.kid
	s.play(kid, q, b.moves[i])
	part, ok := o.AllowsAt(&s.root, q, kid, &s.defs)
	if !ok {
		return nil
	}
	if part > 0 {
		b.deferred = append(b.deferred, deferredMove{i: int32(i), part: int32(part)})
		b.kids = append(b.kids, *kid)
		return nil
	}
	return kid
}

// play writes the position after m into dst.
func (s *Searcher[P, M]) play(dst, q *P, m M) { s.into.PlayInto(dst, q, m) }

// copyPlay is the game.InPlace of a game without it: Play, copied.
type copyPlay[P any, M comparable] struct{ g game.Game[P, M] }

func (c copyPlay[P, M]) PlayInto(dst, p *P, m M) { *dst = c.g.Play(p, m) }

// anyReply reports whether Y has a move in q that MCy allows (ok false at
// the ply limit); depth is the X moves left, as in node.
func (s *Searcher[P, M]) anyReply(q *P, ply, depth int) (any, ok bool) {
	b, ok := s.genMoves(q, ply)
	if !ok {
		return false, false
	}
	o := s.adv.RepliesAt(ply - (s.bound - depth))
	for i := range b.moves {
		if len(o) == 0 {
			return true, true
		}
		s.play(&b.kid, q, b.moves[i])
		env := kb.Env[P]{P0: &s.root, P1: q, P2: &b.kid, Cache: &s.defs}
		if _, ok := o.Allows(&env); ok {
			return true, true
		}
	}
	return false, true
}

// later calls visit on the deferred moves of b, part by part, in the order
// they were generated, until it returns false.
func later[P any, M comparable](b *plyBuf[P, M], visit func(j int) bool) {
	if len(b.deferred) == 0 {
		return
	}
	maxPart := int32(0)
	for _, d := range b.deferred {
		maxPart = max(maxPart, d.part)
	}
	for p := int32(1); p <= maxPart; p++ {
		for j, d := range b.deferred {
			if d.part == p && !visit(j) {
				return
			}
		}
	}
}

func (s *Searcher[P, M]) xnode(q *P, ply, depth int) result[P, M] {
	o := s.adv.MovesAt(s.bound - depth)
	// With one move left, a child that cannot reach the better goal
	// fails (hopeless): once a child's failure has been cut by the
	// bound, such children change nothing of q's result. In the last
	// iteration (xEager) they are passed over from the first, and q's
	// failure is then said to be cut, which it may not be: only the
	// memo reads it there (a failure kept for the bound rather than
	// for any bound, which answers less); a search with ExactBudget
	// does not (a memo entry's cost must be the one a cold search
	// pays in any iteration).
	after := s.bgAfter
	if depth != 1 || ply+2 >= s.maxPly || s.tracer != nil || s.stop {
		after = nil
	}
	// The node's flags (xEager, xCut, xKept, xUnknown) in one byte: the
	// move loop carries one value where it carried four.
	var f xflags
	if s.bound == s.maxDepth && !s.opt.ExactBudget {
		f = xEager
	}
	// masked: every move is run over (bgRun, below) from the first, and
	// the game told the moves with the run's answers for each (bgMoves:
	// stop and check, as the run's j and after), so that no move is
	// decoded again from each one the run stops at.
	var b *plyBuf[P, M]
	var stop, check uint64
	masked := false
	if after != nil && f&xEager != 0 && len(o) == 0 && s.bgMoves != nil {
		// (ply+2 < maxPly: genMoves' limit is not reached.)
		b = s.ply(ply)
		if b.moves, stop, check, masked = s.bgMoves(q, b.moves); !masked || len(b.moves) > 64 {
			masked = false
			b.moves = s.g.Moves(q, b.moves)
		}
		b.deferred = b.deferred[:0]
		b.kids = b.kids[:0]
	} else {
		var ok bool
		if b, ok = s.genMoves(q, ply); !ok {
			return result[P, M]{}
		}
	}
	mt := s.movesTest // (the advice has one constraint for every move)
	if mt != nil && s.movesPrep != nil {
		s.movesPrep(&s.root, q, &b.menv)
	}
	// visit takes the result of one child; done says the node's value is
	// decided.
	visit := func(r result[P, M], m M, kid *P) (result[P, M], bool) {
		if !r.noHG {
			f |= xKept
		}
		switch r.v {
		case Sat:
			return result[P, M]{v: Sat, tree: xTree(q, m, kid, r.tree)}, true
		case Unknown:
			if s.stop {
				return result[P, M]{}, true
			}
			f |= xUnknown
		default:
			if r.cut {
				f |= xCut
			}
		}
		return r, false
	}
	reply := s.bgReply
	for i := 0; i < len(b.moves); i++ {
		m := b.moves[i]
		kid := &b.kid
		if len(o) == 0 {
			if after != nil && f&(xCut|xEager) != 0 {
				var may bool
				if reply != nil {
					// The hopeless children told unplayed, in a run.
					i0 := i
					var ok bool
					if masked {
						i, may, ok = s.passMask(i, len(b.moves), stop, check)
					} else {
						i, may, ok = s.passRun(q, b.moves, i, after, reply)
					}
					if !ok {
						return result[P, M]{} // stopped
					}
					if i > i0 {
						f |= xCut
					}
					if i == len(b.moves) {
						break
					}
					m = b.moves[i]
				} else {
					may = after(q, m)
				}
				s.play(kid, q, m)
				if s.passOver(q, kid, may) {
					f |= xCut
					continue
				}
			} else {
				// Every move is allowed, none deferred: the ply's one
				// slot, unless the goal table decides the child
				// unplayed.
				if s.peekOn && s.peekLook.want() {
					if r, ok := s.peek(q, m, depth-1); ok {
						if r, done := visit(r, m, kid); done {
							return r
						}
						continue
					}
				}
				s.play(kid, q, m)
			}
		} else {
			// allowed, written out (a call less per move tested); a
			// move the constraint refuses told by the move itself, not
			// made, when the constraint can be (movesTest).
			var part int
			var ok bool
			if mt != nil {
				// The moves the test refuses (most of them), in a loop
				// of their own.
				moves, menv := b.moves, &b.menv
				for {
					if part, ok = mt(q, m, menv); ok {
						break
					}
					if i++; i == len(moves) {
						break
					}
					m = moves[i]
				}
				if !ok {
					continue
				}
				s.play(kid, q, m)
			} else {
				s.play(kid, q, m)
				if part, ok = o.AllowsAt(&s.root, q, kid, &s.defs); !ok {
					continue
				}
			}
			if part > 0 {
				b.deferred = append(b.deferred, deferredMove{i: int32(i), part: int32(part)})
				b.kids = append(b.kids, *kid)
				continue
			}
			if after != nil && f&(xCut|xEager) != 0 && s.passOver(q, kid, after(q, m)) {
				f |= xCut
				continue
			}
		}
		if r, done := visit(s.node(kid, q, m, ply+1, depth-1), m, kid); done {
			return r
		}
	}
	var res result[P, M]
	decided := false
	later(b, func(j int) bool {
		m := b.moves[b.deferred[j].i]
		if after != nil && f&(xCut|xEager) != 0 && s.passOver(q, &b.kids[j], after(q, m)) {
			f |= xCut
			return true
		}
		res, decided = visit(s.node(&b.kids[j], q, m, ply+1, depth-1), m, &b.kids[j])
		return !decided
	})
	if decided {
		return res
	}
	if f&xUnknown != 0 {
		return result[P, M]{}
	}
	if f&xKept == 0 && s.adv.Otherwise != nil {
		// AL1.5's exit: no allowed move keeps the holding goal.
		env := kb.Env[P]{P0: &s.root, P1: q, P2: q, Calls: s.caller, Cache: &s.defs}
		if s.adv.Otherwise.Eval(&env) {
			return result[P, M]{v: Sat, tree: &Node[P, M]{Pos: *q, Kind: Exit}}
		}
		if s.stop {
			return result[P, M]{}
		}
		return result[P, M]{v: Unsat}
	}
	return result[P, M]{v: Unsat, cut: f&xCut != 0}
}

// xflags are what xnode notes of a node as its moves are tried.
type xflags uint8

const (
	// xEager: the deepening's last iteration (hopeless children are
	// passed over from the first).
	xEager xflags = 1 << iota
	// xCut: a child's failure was cut by the bound (or a child passed
	// over).
	xCut
	// xKept: some allowed move keeps the holding goal (else the exit
	// decides).
	xKept
	// xUnknown: some child's value is not known.
	xUnknown
)

func (s *Searcher[P, M]) ynode(q *P, ply, depth int) result[P, M] {
	if s.adv.Semistatic {
		return s.passNode(q, ply, depth)
	}
	if ply >= s.maxPly {
		s.plyHit = true
		return result[P, M]{}
	}
	b := s.ply(ply)
	o := s.adv.RepliesAt(ply - (s.bound - depth))
	base := len(s.edges)
	unknown, replies := false, 0
	// visit takes the result of one reply; done says the node's value is
	// decided.
	visit := func(r result[P, M], m M, kid *P) (result[P, M], bool) {
		replies++
		switch r.v {
		case Unsat:
			s.edges = s.edges[:base]
			return r, true
		case Unknown:
			if s.stop {
				s.edges = s.edges[:base]
				return result[P, M]{}, true
			}
			unknown = true
		default:
			s.edges = append(s.edges, Edge[P, M]{Move: m, Node: r.at(kid)})
		}
		return r, false
	}
	first := 0
	if depth == 0 && len(o) == 0 && s.first != nil {
		// With no move of X left a Y node fails at its first reply, as
		// a rule (its goals hold, and X's move would have to reach the
		// better goal at once): that reply alone, when the game tells
		// it, and the others generated only when it does not decide.
		if m, ok := s.first.FirstMove(q); ok {
			s.play(&b.kid, q, m)
			if r, done := visit(s.node(&b.kid, q, m, ply+1, depth), m, &b.kid); done {
				return r
			}
			first = 1
		}
	}
	b.moves = s.g.Moves(q, b.moves)
	b.deferred = b.deferred[:0]
	b.kids = b.kids[:0]
	// The first screened replies (screen) are in b.kids, counted and
	// their goals in the goal table: checked, not counted again.
	screened := 0
	if depth > 0 && len(o) == 0 && s.keepGoals && s.holdFirst && s.adv.Otherwise == nil && s.tracer == nil && !s.stop {
		var r result[P, M]
		if r, screened = s.screen(q, b); screened < 0 {
			s.screenCuts++
			return r
		}
	}
	for i := first; i < len(b.moves); i++ {
		m := b.moves[i]
		kid := &b.kid
		if i < screened {
			if i < 64 && b.unplayed&(1<<i) != 0 {
				s.play(&b.kids[i], q, m)
			}
			if r, done := visit(s.check(&b.kids[i], q, m, ply+1, depth, true), m, &b.kids[i]); done {
				return r
			}
			continue
		} else if len(o) == 0 {
			// Every move is allowed, none deferred: the ply's one slot.
			s.play(kid, q, m)
		} else if kid = s.allowed(q, b, i, o); kid == nil {
			continue
		}
		if r, done := visit(s.node(kid, q, m, ply+1, depth), m, kid); done {
			return r
		}
	}
	var res result[P, M]
	decided := false
	later(b, func(j int) bool {
		m := b.moves[b.deferred[j].i]
		res, decided = visit(s.node(&b.kids[j], q, m, ply+1, depth), m, &b.kids[j])
		return !decided
	})
	if decided {
		return res
	}
	if replies == 0 {
		if s.adv.AL0 {
			// AL0's leaf rule: Y without an allowed reply fails (the
			// better goal, checked first, does not hold here).
			return result[P, M]{v: Unsat}
		}
		return result[P, M]{v: Sat, tree: &Node[P, M]{Pos: *q, Kind: NoReply}}
	}
	if unknown {
		s.edges = s.edges[:base]
		return result[P, M]{}
	}
	t := newInner(q, YNode, s.edges[base:])
	s.edges = s.edges[:base]
	return result[P, M]{v: Sat, tree: t}
}

// passOver reports whether the child kid of q, with no move of X left,
// fails for certain (hopeless) because its better goal does not hold:
// the move that led to it told so (may false: bgAfter), else the better
// goal is evaluated alone.
//
// Then kid, whose better goal does not hold, fails for certain, and is
// counted as the node it is without its goals (pass), when X is to move
// there (no move left), or Y with a first reply (game.FirstMover) after
// which X is to move and the better goal does not hold either (bgAfter
// again), so that X, with no move left, fails there. Without the
// advice's holding goal kid fails too. So kid fails whatever its goals,
// and it is not searched; only the cut of its failure is not known (it
// depends on the holding goals), which is why the move loop asks only
// once a sibling's failure has been cut. kid is counted through node's
// checks of the budget and the context; a traced search passes over
// nothing, so that the tracer sees every node entered. (One function,
// where the test of the first reply was a function of its own: a call
// less per child.)
func (s *Searcher[P, M]) passOver(q, kid *P, may bool) bool {
	if may {
		var bg bool
		if s.betterFn != nil {
			bg = s.betterFn(&s.root, q, kid, &s.defs)
		} else {
			var env kb.Env[P]
			env.P0, env.P1, env.P2, env.Cache = &s.root, q, kid, &s.defs
			bg = s.better.Eval(&env)
		}
		if bg {
			// The child is checked (node): its goals go into the goal
			// table now, so that the better goal is not evaluated
			// twice.
			if s.keepGoals {
				s.noteGoal(q, kid)
			}
			return false
		}
	}
	if s.alt || s.g.ToMove(kid) != s.x {
		// (kid follows a move of X: where the sides alternate, Y is
		// to move there.)
		r, ok := s.first.FirstMove(kid)
		if !ok {
			return false
		}
		if !s.alt {
			// (Where the sides alternate, X is to move after Y's
			// reply: no hash to compute for the side.)
			if _, side := s.peeker.HashAfter(kid, r); side != s.x {
				return false
			}
		}
		if s.bgAfter(kid, r) {
			return false
		}
	}
	return s.pass()
}

// noteGoal puts the goals of kid, a child of q whose better goal holds,
// in the goal table (passOver).
func (s *Searcher[P, M]) noteGoal(q, kid *P) {
	key := s.goalKeyOf(s.g.Hash(kid))
	if e := s.goalTab.slot(key); e != nil && *e == 0 {
		var hg bool
		if s.holdFn != nil {
			hg = s.holdFn(&s.root, q, kid, &s.defs)
		} else {
			var env kb.Env[P]
			env.P0, env.P1, env.P2, env.Cache = &s.root, q, kid, &s.defs
			hg = s.holding.Eval(&env)
		}
		s.goalTab.fill(e, key, goalValue(true, hg))
	}
}

// passRun passes over the moves of q from moves[i] on while each is
// hopeless, told unplayed: the better goal cannot hold after it (after
// false: kb.Predicate.After) and Y then has a reply after which it does
// not hold either (reply: kb.Predicate.Reply), each counted as the node
// it is (pass). It returns the index of the first move it does not pass
// over (len(moves) when none) with after's value there, and ok false
// when the search stops. It is xnode's loop over those moves (most moves
// of an X node with one move left once a sibling's failure was cut) in
// a function of its own, where the loop keeps its few values in
// registers.
func (s *Searcher[P, M]) passRun(q *P, moves []M, i int, after, reply func(*P, M) bool) (j int, may, ok bool) {
	if s.bgRun != nil {
		// The game's loop over the two tests (kb.Predicate.Run); the
		// moves passed over counted at once when no gate falls among
		// them, else one by one as below.
		j, may = s.bgRun(q, moves, i)
		if n := int64(j - i); s.stats.Nodes+n <= s.gate {
			s.stats.Nodes += n
			s.passed += n
			return j, may, true
		}
		for ; i < j; i++ {
			if !s.pass() {
				return i, false, false
			}
		}
		return j, may, true
	}
	for ; i < len(moves); i++ {
		m := moves[i]
		if after(q, m) {
			return i, true, true
		}
		if !reply(q, m) {
			return i, false, true
		}
		if !s.pass() {
			return i, false, false
		}
	}
	return i, false, true
}

// passMask is passRun over n moves whose run's answers the game told
// for all of them at once (bgMoves): bit j of stop set where the run
// stops at move j, of after where it stops there with after true.
func (s *Searcher[P, M]) passMask(i, n int, stop, after uint64) (j int, may, ok bool) {
	j = n
	if r := stop >> uint(i); r != 0 {
		j = i + bits.TrailingZeros64(r)
	}
	may = after>>uint(j)&1 != 0
	if d := int64(j - i); s.stats.Nodes+d <= s.gate {
		s.stats.Nodes += d
		s.passed += d
		return j, may, true
	}
	for ; i < j; i++ {
		if !s.pass() {
			return i, false, false
		}
	}
	return j, may, true
}

// pass counts a child passed over (hopeless) as the node it is, through
// node's checks of the budget and the context; false when the search
// stops there (the child then goes to node, which returns at once).
func (s *Searcher[P, M]) pass() bool {
	s.stats.Nodes++
	s.passed++
	return s.stats.Nodes <= s.gate || s.passGate()
}

// passGate is pass at the gate: node's slow path (no tracer: xnode), so
// that the nodes counted do not depend on where the gate falls. Stopped,
// kid goes to node, which returns at once. (Apart, so that pass is
// inlined.)
func (s *Searcher[P, M]) passGate() bool {
	if s.stats.Nodes > s.budget {
		s.halt(ReasonBudget)
		s.passed--
		return false
	}
	if s.stats.Nodes&1023 == 0 && s.ctx.Err() != nil {
		s.halt("cancelled")
		s.passed--
		return false
	}
	s.setGate()
	return true
}

// afterTest returns the test of a condition f needs after a move when f
// is a position predicate of P2 whose library tells one
// (kb.Predicate.After, a func(*P, M) bool), or a conjunction with such an
// operand, with the predicate's test of a reply (kb.Predicate.Reply) when
// it has one and its loop over the two (kb.Predicate.Run, a func(*P, []M,
// int) (int, bool)) and that loop's answers for a node's moves
// (kb.Predicate.RunMoves) when it has them; nil otherwise.
func afterTest[P any, M comparable](f *kb.Formula[P]) (after, reply func(*P, M) bool, run, runMoves any) {
	for f != nil {
		switch f.Op {
		case kb.OpAtom:
			if f.Pred == nil || f.Pred.Kind != kb.PositionKind || f.A != kb.P2 {
				return nil, nil, nil, nil
			}
			if after, _ = f.Pred.After.(func(*P, M) bool); after != nil {
				reply, _ = f.Pred.Reply.(func(*P, M) bool)
				run, runMoves = f.Pred.Run, f.Pred.RunMoves
			}
			return after, reply, run, runMoves
		case kb.OpAnd:
			if after, reply, run, runMoves = afterTest[P, M](f.L); after != nil {
				return after, reply, run, runMoves
			}
			f = f.R
		case kb.OpMemo:
			f = f.L
		default:
			return nil, nil, nil, nil
		}
	}
	return nil, nil, nil, nil
}

// screen checks the goals of the replies of the Y node q before any is
// searched, in the order of b.moves, and looks for one whose child has no
// holding goal: it refutes q at once, where the first reply in the moves'
// order may need a search of every move of X below it. q has X moves left
// (at none its first reply refutes it as a rule: ynode), no move
// constraint on its replies, goals kept in the goal table, no option
// sacrifice (holdFirst: a child without the holding goal fails, whatever
// its better goal) and no exit (whose test reads which reply refuted a
// node: noHG). Each reply screened is the node it is: counted, on node's
// fast path only (the screen stops at the gate: a budget, a context check
// or a tracer); its goals are found unplayed in the goal table where the
// game tells a child's hash (peekOn), or evaluated on its position. n < 0
// says a reply refuted q, with result r; otherwise the first n replies
// are screened, their positions left in b.kids and their goals in the goal
// table (unless it has grown or been emptied since), and the search checks
// them without counting them again.
//
// The order in which a Y node's replies are searched decides neither its
// value (every reply needs a tree) nor its tree (the replies' trees are
// kept in the moves' order). The screen decides by the holding goal only
// (not by a failure the memo knows, which a searcher with another memo
// would not see), and a reply it counts is counted once, so that the nodes
// a search visits stay a function of the position, the advice and the
// bound, as ExactBudget needs: a failure that no bound cut costs as many
// nodes at depth 0, where the replies are checked one by one until one
// refutes, as screened at a larger bound (the replies before the first
// without the holding goal are then goals).
func (s *Searcher[P, M]) screen(q *P, b *plyBuf[P, M]) (r result[P, M], n int) {
	if cap(b.kids) < len(b.moves) {
		b.kids = make([]P, len(b.moves), len(b.moves)+len(b.moves)/2)
	}
	b.kids = b.kids[:len(b.moves)]
	b.unplayed = 0
	for i, m := range b.moves {
		s.stats.Nodes++
		if s.stats.Nodes > s.gate {
			// node's slow path (no tracer, not stopped: ynode).
			if s.stats.Nodes > s.budget {
				s.halt(ReasonBudget)
				return result[P, M]{}, -1
			}
			if s.stats.Nodes&1023 == 0 && s.ctx.Err() != nil {
				s.halt("cancelled")
				return result[P, M]{}, -1
			}
			s.setGate()
		}
		if s.peekOn && s.screenLook.want() {
			h, _ := s.peeker.HashAfter(q, m)
			key := s.goalKeyOf(h)
			e := s.goalTab.hit(key)
			if e == nil {
				e = s.goalTab.slotProbe(key) // (slot, its first probe inlined)
			}
			s.screenLook.note(e != nil && *e != 0 && i < 64)
			if e != nil {
				if *e != 0 && i < 64 {
					if *e&2 == 0 {
						return result[P, M]{v: Unsat, noHG: true}, -1
					}
					// Known, with its holding goal: played if searched.
					b.unplayed |= 1 << i
					continue
				}
				s.peekE, s.peekKey = e, key
			}
		}
		kid := &b.kids[i]
		s.play(kid, q, m)
		if _, hg, _, _ := s.goals(kid, q); !hg {
			return result[P, M]{v: Unsat, noHG: true}, -1
		}
	}
	return r, len(b.moves)
}

// lookStat decides whether a searcher looks children up in the goal table
// before they are played (peek, and screen's replies): a lookup pays where
// it finds the child decided (peek) or known (screen), which spares the
// move, the check and the goals, and costs where it does not (the hash
// after the move; the slot it found spares the child's goals only a probe).
// On BenchmarkAL0Games, where each game has a searcher of its own, under a
// tenth of the lookups found anything, and a game spent some 20 K
// instructions on them; a verification, whose searcher keeps its tables
// from start to start, finds more. The lookups are counted in windows of
// lookWindow: a window in which a quarter or more found something turns
// them on, one in which fewer did turns them off. While they are off (and
// at first: a searcher's first searches find its tables empty), one
// candidate in lookSample is still looked up, to count the next window. Whether a child is looked
// up changes no answer, tree or node count (peek and screen decide as the
// child's check would), so this is a matter of speed only, and the same
// for any number of workers.
type lookStat struct {
	tries, hits uint32 // in the current window
	skip        uint32 // candidates while off
	on          bool
}

const (
	lookWindow = 32
	lookSample = 8
)

// want reports whether the next candidate is looked up.
func (l *lookStat) want() bool {
	if l.on {
		return true
	}
	l.skip++
	return l.skip%lookSample == 0
}

// note counts a lookup, hit when it found what it looked for.
func (l *lookStat) note(hit bool) {
	l.tries++
	if hit {
		l.hits++
	}
	if l.tries == lookWindow {
		l.on = 4*l.hits >= l.tries
		l.tries, l.hits = 0, 0
	}
}

// MaxCallDepth bounds the nesting of calls (suc(A) in a goal): a search
// nested deeper is Unknown, reason "call depth". Recursion is bounded by
// depth anyway (see Sat); this bounds the searchers a chain of distinct
// advice may stack.
const MaxCallDepth = 64

// Sat implements kb.Caller: a call suc(a) in a goal of the advice being
// searched, at pos. a is searched from pos (its own root) by a searcher
// nested one level deeper, with a.Depth, or, when a is being searched
// already by this searcher or one it is nested in, with one move less
// than the innermost of those searches: so a recursion ends (a call with
// a bound below 0 is false without a search). The nodes it visits count
// against this search's budget; when it cannot decide (a budget, a
// cancellation, the ply or call limit) this search stops, Unknown.
func (s *Searcher[P, M]) Sat(a *kb.Advice[P], pos *P) bool {
	if s.stop || a == nil {
		return false
	}
	depth := a.Depth
	for p := s; p != nil; p = p.parent {
		if p.adv == a {
			depth = min(depth, p.maxDepth-1)
			break
		}
	}
	if depth < 0 {
		return false
	}
	if s.level+1 >= MaxCallDepth {
		s.halt("call depth")
		return false
	}
	if s.sub == nil {
		s.sub = NewSearcher(s.g, s.opt)
		s.sub.parent, s.sub.level = s, s.level+1
	}
	sub := s.sub
	sub.callKey = bits.RotateLeft64((s.callKey^uint64(s.advID+1)<<20^uint64(s.maxDepth+1))*0xbf58476d1ce4e5b9, 23)
	sub.opt.MaxNodes = -1
	if s.budget != math.MaxInt64 {
		left := s.budget - s.stats.Nodes
		if left <= 0 {
			s.halt(ReasonBudget)
			return false
		}
		sub.opt.MaxNodes = left
	}
	res, err := sub.solve(s.ctx, a, pos, depth)
	s.stats.Nodes += res.Nodes
	s.unsure++ // what a call costs depends on its searcher's memo
	switch {
	case err != nil:
		s.halt(err.Error())
		return false
	case res.Value == Unknown:
		s.halt(res.Reason)
		return false
	}
	return res.Value == Sat
}

// passNode is a Y node of a semi-static search (AL1.5): Y passes, and the
// node's one child is q with X to move again (the edge's move is the zero
// move); where Y may not pass (chess: in check) the node fails.
func (s *Searcher[P, M]) passNode(q *P, ply, depth int) result[P, M] {
	if ply >= s.maxPly {
		s.plyHit = true
		return result[P, M]{}
	}
	b := s.ply(ply)
	kid, ok := s.passer.Pass(q)
	if !ok {
		return result[P, M]{v: Unsat}
	}
	b.kid = kid
	var zero M
	r := s.node(&b.kid, q, zero, ply+1, depth)
	if r.v != Sat {
		return result[P, M]{v: r.v, cut: r.cut}
	}
	return result[P, M]{v: Sat, tree: newInner(q, YNode, []Edge[P, M]{{Move: zero, Node: r.at(&b.kid)}})}
}

// FormulaReads reports whether f reads position a (kb.Formula.Reads: the
// answer is computed once for each of f's nodes and kept there; a
// searcher asks it of every advice it meets, and is often made for one
// game).
func FormulaReads[P any](f *kb.Formula[P], a kb.Arg) bool { return f.Reads(a) }

// formulaCalls reports whether f holds a call (suc(A)).
func formulaCalls[P any](f *kb.Formula[P]) bool { return f.Calls() }

// AdviceReads reports whether any formula of adv reads position a.
func AdviceReads[P any](adv *kb.Advice[P], a kb.Arg) bool {
	if adv.Better.Reads(a) || adv.Holding.Reads(a) || adv.Otherwise.Reads(a) ||
		orderReads(adv.Moves, a) || orderReads(adv.Replies, a) {
		return true
	}
	// (Not through kb.Advice.Orders, which makes a slice.)
	for _, os := range [2][]kb.Order[P]{adv.MovesNext, adv.RepliesNext} {
		for _, o := range os {
			if orderReads(o, a) {
				return true
			}
		}
	}
	return false
}

// orderReads reports whether a part of o reads a.
func orderReads[P any](o kb.Order[P], a kb.Arg) bool {
	for _, f := range o {
		if f.Reads(a) {
			return true
		}
	}
	return false
}

// WriterTracer prints search events to W, one line each, indented by ply:
// `iteration depth=D`, `enter MOVE depth=D` (the position's text at the
// root), `exit MOVE VALUE`, `memo VALUE`. Pos and Move format positions and
// moves (nil: fmt's %v). Write errors are ignored: tracing is best effort.
type WriterTracer[P any, M comparable] struct {
	W    io.Writer
	Pos  func(*P) string
	Move func(M) string
}

// Trace implements Tracer.
func (t *WriterTracer[P, M]) Trace(e *Event[P, M]) {
	indent := strings.Repeat("  ", e.Ply)
	mv := "root"
	if e.Ply > 0 {
		if t.Move != nil {
			mv = t.Move(e.Move)
		} else {
			mv = fmt.Sprint(e.Move)
		}
	} else if t.Pos != nil {
		mv = t.Pos(e.Pos)
	}
	switch e.Kind {
	case EventIteration:
		fmt.Fprintf(t.W, "iteration depth=%d\n", e.Depth)
	case EventEnter:
		fmt.Fprintf(t.W, "%senter %s depth=%d\n", indent, mv, e.Depth)
	case EventExit:
		fmt.Fprintf(t.W, "%sexit %s %s\n", indent, mv, e.Value)
	case EventMemoHit:
		fmt.Fprintf(t.W, "%s  memo %s\n", indent, e.Value)
	}
}

package verify

import (
	"context"
	"fmt"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// entry is a memoised node: onStack while its exploration is under way,
// failed, or proved with its worst case: moves of the strategy's side and
// plies to mate, and for the fifty-move rule seg, the longest run of plies
// from the node to a mate or to the first position reached by an
// irreversible move (a clock reset), and deep, the longest such run that
// starts at a reset position below the node. A failed entry of an exact
// memo keeps in plies the index of its reason (explorer.reasons).
type entry struct{ moves, plies, seg, deep int32 }

const (
	onStack = -1
	failed  = -2
)

// frame is a node being explored.
type frame[P any, M comparable] struct {
	pos  P
	st   prover.State[P, M]
	key  nodeKey
	k64  uint64
	move M // the move that led here (unset at the start)
	x    bool
	// x: the strategy's move and the state after it.
	xmove M
	xnext prover.State[P, M]
	// Defender: its legal moves (a buffer owned by the frame's slot).
	moves []M
	next  int
	// reset: the child being entered was reached by an irreversible move.
	reset bool
	// The worst case found so far below this node.
	bm, bp, bs, bd int32
}

// explorer is one worker's exploration engine. It is not safe for
// concurrent use.
//
// The workers' explorers are allocated one after the other, so without
// the pads the last line of one (its counters, written at every node)
// would be the first line of the next (its game and player, read at
// every node): each write of one worker would take that line from the
// other's cache (false sharing; see docs/verify.md, "Workers, memory and
// CPU", the fifteenth session).
type explorer[P any, M comparable] struct {
	_    [cacheLine]byte
	g    game.Game[P, M]
	pl   Player[P, M]
	side game.Side
	opt  TableOptions
	// The memo (memo.go): the results all workers share and this
	// worker's path; or, when exact is set, one exact map of both.
	shared    *resultCache
	user      *cacheUser // this worker's hold on shared
	onStack   map[uint64]struct{}
	exact     bool
	exactMemo map[nodeKey]entry
	added     int // slots of shared this start filled
	stack     []frame[P, M]
	// clock reads a position's halfmove clock (nil: no irreversible move).
	clock func(*P) int
	// chunked keeps the exact memo from start to start (the reasons
	// pass's exploration of every failed start, TableOptions.noReplay).
	chunked bool
	// failures, when set (the reasons pass), holds the failed nodes of
	// the chunk being tallied, each with its reason (an index into
	// reasons). The path is then in onStack, the failures there, and the
	// proved nodes in the shared cache, whose failed entries are not read
	// (they do not say why).
	failures map[uint64]int32
	// reasons interns the failure reasons an exact memo's failed entries,
	// or failures's, refer to.
	reasons []string
	reasonN map[string]int32
	// keepPath: verify returns the path of a failure (the first pass).
	keepPath bool
	// The node whose failure ended the exploration and how (set by enter:
	// a terminal, a node on the path: cycle, a failed entry of the memo:
	// hit).
	failKey    uint64
	cycle, hit bool
	// reach is the deepest ply the exploration has met: a node entered, or
	// a proved node's worst case added to its ply (the ply limit is
	// checked against those).
	reach int32
	// on is a scratch set of the reasons pass's replay.
	on map[uint64]struct{}
	// child holds the position being entered: a field, so that handing
	// its address to the game's interfaces costs no allocation.
	child P
	nodes int64
	hits  int64
	// last is the last start of a table's first pass this worker
	// verified (-1: none); starts counts those it verified.
	last, starts int
	_            [cacheLine]byte
}

// cacheLine is the processor's cache line (64 bytes on amd64 and arm64;
// 128 would be safer on some arm64 parts, at no cost here): a pad of one
// keeps what one worker writes off the lines another reads.
const cacheLine = 64

func newExplorer[P any, M comparable](g game.Game[P, M], pl Player[P, M], opt TableOptions, shared *resultCache, clock func(*P) int) *explorer[P, M] {
	return &explorer[P, M]{g: g, pl: pl, side: pl.Strategy.Side(), opt: opt, clock: clock,
		shared: shared, user: shared.user(), exactMemo: map[nodeKey]entry{}, reasonN: map[string]int32{}}
}

// searchNodes is the search nodes the worker's strategy has spent (0 when
// its player does not tell them).
func (e *explorer[P, M]) searchNodes() int64 {
	if e.pl.SearchNodes == nil {
		return 0
	}
	return e.pl.SearchNodes()
}

// fail is the entry of a node that fails for reason: in an exact memo it
// keeps the reason (a later visit reports it), in the shared cache none.
func (e *explorer[P, M]) fail(reason string) entry {
	if !e.exact && e.failures == nil {
		return entry{moves: failed}
	}
	return entry{moves: failed, plies: e.intern(reason)}
}

// intern returns the index of reason in e.reasons.
func (e *explorer[P, M]) intern(reason string) int32 {
	i, ok := e.reasonN[reason]
	if !ok {
		i = int32(len(e.reasons))
		e.reasons = append(e.reasons, reason)
		e.reasonN[reason] = i
	}
	return i
}

// failedReason is the reason of a failed entry.
func (e *explorer[P, M]) failedReason(en entry) string {
	if (e.exact || e.failures != nil) && int(en.plies) < len(e.reasons) && en.plies >= 0 {
		return e.reasons[en.plies]
	}
	return "reaches a failing position"
}

// lookup returns the memo's entry of node k (an on-stack marker, a
// failure or a proof).
func (e *explorer[P, M]) lookup(k nodeKey, k64 uint64) (entry, bool) {
	if e.exact {
		en, ok := e.exactMemo[k]
		return en, ok
	}
	if _, ok := e.onStack[k64]; ok {
		return entry{moves: onStack}, true
	}
	if e.failures != nil {
		if i, ok := e.failures[k64]; ok {
			return entry{moves: failed, plies: i}, true
		}
		if en, ok := e.shared.get(k64); ok && en.moves != failed {
			return en, true
		}
		return entry{}, false
	}
	return e.shared.get(k64)
}

// push marks node k as on the path.
func (e *explorer[P, M]) push(k nodeKey, k64 uint64) {
	if e.exact {
		e.exactMemo[k] = entry{moves: onStack}
		return
	}
	e.onStack[k64] = struct{}{}
}

// record stores the result of node k (failed, or proved), which is no
// longer on the path.
func (e *explorer[P, M]) record(k nodeKey, k64 uint64, en entry) {
	if e.exact {
		e.exactMemo[k] = en
		return
	}
	delete(e.onStack, k64)
	if e.failures != nil && en.moves == failed {
		e.failures[k64] = en.plies
		return
	}
	if e.shared.put(k64, en) {
		e.added++
	}
}

// forget takes node k off the path without a result.
func (e *explorer[P, M]) forget(k nodeKey, k64 uint64) {
	if e.exact {
		delete(e.exactMemo, k)
		return
	}
	delete(e.onStack, k64)
}

// verdict is the result of exploring one start. line and reason are set
// only when asked for. fifty: the start is proved but the fifty-move rule
// (TableOptions.FiftyMove) draws a line of it.
type verdict[M comparable] struct {
	proved       bool
	fifty        bool
	moves, plies int32
	reason       string
	line         []M
	// With keepPath, a failure's path: the nodes on the search's path
	// from the start (the keys of the shared cache), then, unless the ply
	// limit ended it, the node whose failure ended it; and how it failed.
	path  []uint64
	how   failHow
	reach int32
}

// failHow is how an exploration failed, for the reasons pass (table.go,
// replay).
type failHow uint8

const (
	// terminalAt: a failing terminal, or the strategy stuck: the last
	// node of the path, recorded with its reason, as the path is.
	terminalAt failHow = iota
	// cycleAt: the last node of the path is one of the path's.
	cycleAt
	// limitAt: the ply limit, which records nothing.
	limitAt
	// hitAt: the last node is a failed entry of the memo, whose reason the
	// shared cache does not keep.
	hitAt
)

// cycleReason is the reason of a cycle.
const cycleReason = "cycle: the defence can repeat a position forever"

// step is what entering a node found.
type step uint8

const (
	stepPushed step = iota // a frame was pushed: explore it
	stepProved             // known proved (terminal win or memo)
	stepFailed             // a failure (reason set)
	stepLimit              // the line is too long
)

func key(h uint64, k prover.StateKey) nodeKey {
	return nodeKey{h: h, root: k.RootHash, node: k.Node, ra: uint32(uint16(k.Rule))<<16 | uint32(uint16(k.Advice)), depth: int32(k.Depth)}
}

// verify explores the graph from start, depth first: the strategy's move at
// its nodes, every legal reply at the defender's, in the game's move order.
// With lines set, it uses a fresh memo table and returns the failing line
// and the reason; otherwise it shares the worker's memo table (unless
// NoShare) and says only whether the start is proved.
//
// Why memoised failures are sound (docs/verify.md): the strategy's move at
// a node is fixed, so every path in the graph is a line the defence can
// force. A failure reachable from a node - a failing terminal, or a cycle,
// which the defence can repeat forever - therefore makes that node fail,
// whatever path led to it. When the search finds a failure, every node on
// the current path reaches it along that path, so all of them are memoised
// as failed; a revisit of a node on the path is a cycle through it. A node
// whose exploration ends without failure reaches no failure and no cycle:
// its worst case is the longest path to a mate in a finite acyclic graph,
// a function of the node alone, and memoised. Only the ply limit depends
// on the path: a line too long aborts the start without memoising the
// nodes of the path.
func (e *explorer[P, M]) verify(ctx context.Context, start *P, lines bool) (verdict[M], error) {
	return e.verifyFrom(ctx, start, prover.NoAdvice[P, M](), lines)
}

// verifyFrom is verify from a node of the graph: pos with the strategy
// state st (a start's is prover.NoAdvice).
func (e *explorer[P, M]) verifyFrom(ctx context.Context, start *P, st prover.State[P, M], lines bool) (verdict[M], error) {
	e.exact = lines || (e.opt.NoShare && e.failures == nil) || e.chunked
	if e.exact {
		if !e.chunked {
			e.clearExact()
		}
	} else {
		if e.onStack == nil {
			// Made by the worker's goroutine, so that the map's header,
			// written at every node, is not beside another worker's.
			e.onStack = map[uint64]struct{}{}
		}
		e.user.start()
		defer func() { e.user.finish(e.added); e.added = 0 }()
	}
	e.stack, e.reach = e.stack[:0], 0
	var zero M
	var v verdict[M]
	e.child = *start
	s, en, reason, err := e.enter(ctx, &e.child, st, zero, 0)
	for err == nil {
		switch s {
		case stepProved:
			if len(e.stack) == 0 {
				return verdict[M]{proved: true, fifty: e.fiftyDraw(start, en), moves: en.moves, plies: en.plies}, nil
			}
			e.backUp(en)
		case stepFailed, stepLimit:
			v.reason = reason
			if lines {
				v.line = e.line(v.line)
			}
			if e.keepPath {
				v.path, v.how = e.failPath(s == stepLimit)
				v.reach = e.reach
			}
			fe := e.fail(reason)
			for i := range e.stack {
				if f := &e.stack[i]; s == stepFailed {
					e.record(f.key, f.k64, fe)
				} else {
					e.forget(f.key, f.k64)
				}
			}
			e.stack = e.stack[:0]
			return v, nil
		}
		// Next child of the top frame, or the frame is done.
		f := &e.stack[len(e.stack)-1]
		ply := len(e.stack)
		switch {
		case f.x && f.next == 0:
			f.next = 1
			e.child = e.g.Play(&f.pos, f.xmove)
			f.reset = e.reset(&e.child)
			s, en, reason, err = e.enter(ctx, &e.child, f.xnext, f.xmove, ply)
		case !f.x && f.next < len(f.moves):
			mv := f.moves[f.next]
			f.next++
			e.child = e.g.Play(&f.pos, mv)
			f.reset = e.reset(&e.child)
			s, en, reason, err = e.enter(ctx, &e.child, f.st, mv, ply)
		default:
			en = entry{f.bm, f.bp, f.bs, f.bd}
			e.record(f.key, f.k64, en)
			e.stack = e.stack[:len(e.stack)-1]
			s = stepProved
		}
		if (s == stepFailed || s == stepLimit) && lines && len(e.stack) > 0 {
			// The failing move is not on the stack: keep it for the line.
			v.line = append(v.line[:0], e.lastMove())
		}
	}
	// The path's markers are stale after an error (the results stand).
	clear(e.onStack)
	e.clearExact()
	e.stack = e.stack[:0]
	return v, err
}

// failPath returns the path of the failure just found (the stack, then the
// failing node unless the limit was reached) and how it failed.
func (e *explorer[P, M]) failPath(limit bool) ([]uint64, failHow) {
	path := make([]uint64, 0, len(e.stack)+1)
	for i := range e.stack {
		path = append(path, e.stack[i].k64)
	}
	switch {
	case limit:
		return path, limitAt
	case e.cycle:
		return append(path, e.failKey), cycleAt
	case e.hit:
		return append(path, e.failKey), hitAt
	}
	return append(path, e.failKey), terminalAt
}

// clearExact empties the exact memo and its reasons.
func (e *explorer[P, M]) clearExact() {
	clear(e.exactMemo)
	clear(e.reasonN)
	e.reasons = e.reasons[:0]
}

// reset says whether pos was reached by an irreversible move: its clock is
// 0.
func (e *explorer[P, M]) reset(pos *P) bool { return e.clock != nil && e.clock(pos) == 0 }

// fiftyDraw says whether the fifty-move rule draws a line of a proved
// start whose entry is en: the start's clock plus the longest run of plies
// to a mate or a reset exceeds the rule's plies, or a run after a reset
// does (docs/verify.md, "The fifty-move rule").
func (e *explorer[P, M]) fiftyDraw(start *P, en entry) bool {
	f := e.opt.FiftyMove
	if f <= 0 {
		return false
	}
	c := 0
	if e.clock != nil {
		c = e.clock(start)
	}
	return c+int(en.seg) > f || int(en.deep) > f
}

// backUp folds a proved child's entry into the top frame: its worst case,
// and the runs of plies without a reset (a child reached by a reset starts
// a run of its own).
func (e *explorer[P, M]) backUp(c entry) {
	f := &e.stack[len(e.stack)-1]
	s, d := c.seg+1, c.deep
	if f.reset {
		s, d = 1, max(c.seg, c.deep)
	}
	if f.x {
		f.bm, f.bp, f.bs, f.bd = c.moves+1, c.plies+1, s, d
		return
	}
	f.bm, f.bp, f.bs, f.bd = max(f.bm, c.moves), max(f.bp, c.plies+1), max(f.bs, s), max(f.bd, d)
}

// lastMove is the move the top frame has just tried.
func (e *explorer[P, M]) lastMove() M {
	f := &e.stack[len(e.stack)-1]
	if f.x {
		return f.xmove
	}
	return f.moves[f.next-1]
}

// line returns the moves from the start along the stack, then the failing
// move held in tail (if any).
func (e *explorer[P, M]) line(tail []M) []M {
	var out []M
	for i := 1; i < len(e.stack); i++ {
		out = append(out, e.stack[i].move)
	}
	return append(out, tail...)
}

// enter looks at a node reached at ply plies from the start: a memo hit, a
// terminal, a cycle, the limit, or a new frame pushed.
func (e *explorer[P, M]) enter(ctx context.Context, pos *P, st prover.State[P, M], move M, ply int) (step, entry, string, error) {
	if ply > e.opt.MaxPlies {
		return stepLimit, entry{}, fmt.Sprintf("limit: the defence makes the game last more than %d plies", e.opt.MaxPlies), nil
	}
	e.reach = max(e.reach, int32(ply))
	k := key(e.g.Hash(pos), st.Key())
	k64 := k.key64()
	e.failKey, e.cycle, e.hit = k64, false, false
	if en, ok := e.lookup(k, k64); ok {
		e.hits++
		switch en.moves {
		case onStack:
			e.cycle = true
			return stepFailed, entry{}, cycleReason, nil
		case failed:
			// A failed entry of the exact memo keeps the failure's
			// reason; the shared cache's says only that it fails.
			e.hit = !e.exact && e.failures == nil
			return stepFailed, entry{}, e.failedReason(en), nil
		}
		e.reach = max(e.reach, int32(ply)+en.plies)
		if ply+int(en.plies) > e.opt.MaxPlies {
			return stepLimit, entry{}, fmt.Sprintf("limit: the defence makes the game last more than %d plies", e.opt.MaxPlies), nil
		}
		return stepProved, en, "", nil
	}
	e.nodes++
	if e.nodes&1023 == 0 && !e.exact {
		e.user.checkpoint(e.added)
		e.added = 0
	}
	toMove := e.g.ToMove(pos)
	if o, why, over := e.pl.Referee.Over(pos); over {
		if o == game.Mate && toMove != e.side {
			e.record(k, k64, entry{})
			return stepProved, entry{}, "", nil
		}
		var reason string
		switch o {
		case game.Mate:
			reason = "lost: " + orDefault(why, "the strategy's side is mated")
		case game.Stalemate:
			reason = "stalemate"
		default:
			reason = o.String() + ": " + orDefault(why, "the game ends without a win")
		}
		e.record(k, k64, e.fail(reason))
		return stepFailed, entry{}, reason, nil
	}
	if len(e.stack) < cap(e.stack) {
		e.stack = e.stack[:len(e.stack)+1] // keeps the slot's move buffer
	} else {
		e.stack = append(e.stack, frame[P, M]{})
	}
	f := &e.stack[len(e.stack)-1]
	moves := f.moves
	*f = frame[P, M]{pos: *pos, st: st, key: k, k64: k64, move: move, x: toMove == e.side, moves: moves[:0]}
	if f.x {
		d, err := e.pl.Strategy.Move(ctx, pos, st)
		if err != nil {
			e.stack = e.stack[:len(e.stack)-1]
			return stepFailed, entry{}, "", err
		}
		if d.Outcome != game.Ongoing {
			e.stack = e.stack[:len(e.stack)-1]
			if e.stopAt(&d) {
				return stepFailed, entry{}, "", ErrBudget
			}
			reason := d.Outcome.String() + ": " + orDefault(d.Reason, "the strategy has no move")
			e.record(k, k64, e.fail(reason))
			return stepFailed, entry{}, reason, nil
		}
		f.xmove, f.xnext = d.Move, d.Next
	} else {
		f.moves = e.g.Moves(pos, moves)
		if len(f.moves) == 0 {
			e.stack = e.stack[:len(e.stack)-1]
			return stepFailed, entry{}, "", fmt.Errorf("verify: the referee lets the game go on but %s has no legal move", toMove)
		}
	}
	e.push(k, k64)
	return stepPushed, entry{}, "", nil
}

// stopAt reports whether decision d stops the run (TableOptions.StopAtBudget).
func (e *explorer[P, M]) stopAt(d *prover.Decision[P, M]) bool {
	return e.opt.StopAtBudget && d.Outcome == game.Undetermined && budgetReason(d.Reason)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// worstLine follows, from a proved start, the strategy's moves and at each
// of the defence's the reply whose worst case is longest (the first in
// move order among equals): the line of the start's worst case, ending in
// mate. The replies' worst cases are read from the run's shared memo,
// where they are (each a function of its node, so the line is the same
// whatever else the memo holds). A reply missing there (its slot taken by
// another node: with the cache a third full, about 1% of the buckets
// overflow, and a line of KRK reads hundreds of replies) is explored again
// from that node alone with the shared memo, which finds the same entry
// and puts it back. Before, the whole start was explored again with a
// fresh memo table: 0.2 s of CPU on one core at the end of a whole KRK
// verification, 2% of it. Under NoShare the start is explored so, and the
// line read from that table.
func (e *explorer[P, M]) worstLine(ctx context.Context, start *P) ([]M, error) {
	var get func(k nodeKey, child *P, st prover.State[P, M]) (entry, bool, error)
	if e.opt.NoShare {
		v, err := e.verify(ctx, start, true)
		if err != nil {
			return nil, err
		}
		if !v.proved {
			return nil, fmt.Errorf("verify: a proved start failed when explored again: the strategy is not a function of (position, state key)")
		}
		get = func(k nodeKey, _ *P, _ prover.State[P, M]) (entry, bool, error) {
			en, ok := e.exactMemo[k]
			return en, ok, nil
		}
	} else {
		get = func(k nodeKey, child *P, st prover.State[P, M]) (entry, bool, error) {
			if en, ok := e.shared.get(k.key64()); ok {
				return en, true, nil
			}
			v, err := e.verifyFrom(ctx, child, st, false)
			if err != nil || !v.proved {
				return entry{}, false, err
			}
			return entry{moves: v.moves, plies: v.plies}, true, nil
		}
	}
	line, ok, err := e.followWorst(ctx, start, get)
	if err == nil && !ok {
		err = fmt.Errorf("verify: a reply of a proved node is not proved in the memo table")
	}
	return line, err
}

// followWorst follows the worst line of a proved start reading the
// replies' entries with get (a reply's node, its position and the
// strategy state it is reached with); ok is false when one of them is not
// there (or not proved).
func (e *explorer[P, M]) followWorst(ctx context.Context, start *P, get func(k nodeKey, child *P, st prover.State[P, M]) (entry, bool, error)) (line []M, ok bool, err error) {
	pos, st := *start, prover.NoAdvice[P, M]()
	var buf []M
	for len(line) <= e.opt.MaxPlies {
		if _, _, over := e.pl.Referee.Over(&pos); over {
			return line, true, nil
		}
		if e.g.ToMove(&pos) == e.side {
			d, err := e.pl.Strategy.Move(ctx, &pos, st)
			if err == nil && e.stopAt(&d) {
				err = ErrBudget
			}
			if err != nil {
				return nil, false, err
			}
			line = append(line, d.Move)
			pos, st = e.g.Play(&pos, d.Move), d.Next
			continue
		}
		buf = e.g.Moves(&pos, buf[:0])
		var best M
		var bm, bp int32 = -1, -1
		for _, m := range buf {
			child := e.g.Play(&pos, m)
			en, ok, err := get(key(e.g.Hash(&child), st.Key()), &child, st)
			if err != nil {
				return nil, false, err
			}
			if !ok || en.moves < 0 {
				return nil, false, nil
			}
			if en.moves > bm || (en.moves == bm && en.plies > bp) {
				best, bm, bp = m, en.moves, en.plies
			}
		}
		line = append(line, best)
		pos = e.g.Play(&pos, best)
	}
	return nil, false, fmt.Errorf("verify: the worst line of a proved start is longer than %d plies", e.opt.MaxPlies)
}

// fiftyLine explores a start that is proved but drawn by the fifty-move
// rule again with a fresh memo table, and follows from it a line the
// defence can force to the draw: at each node, the first successor (the
// strategy's move, or the defence's replies in move order) from which the
// rule still draws, until the clock reaches the rule's plies. From a node
// where the rule draws (clock + seg > FiftyMove, or deep > FiftyMove) some
// successor is such a node, and a mate never is, so the line ends with the
// clock at FiftyMove in a position that is not mate.
func (e *explorer[P, M]) fiftyLine(ctx context.Context, start *P) ([]M, error) {
	v, err := e.verify(ctx, start, true)
	if err != nil {
		return nil, err
	}
	if !v.proved || !v.fifty {
		return nil, fmt.Errorf("verify: a start the fifty-move rule draws was not found so when explored again")
	}
	f := e.opt.FiftyMove
	c := 0
	if e.clock != nil {
		c = e.clock(start)
	}
	pos, st := *start, prover.NoAdvice[P, M]()
	var line, buf []M
	for c < f {
		var next []M
		nst := st
		if e.g.ToMove(&pos) == e.side {
			d, err := e.pl.Strategy.Move(ctx, &pos, st)
			if err == nil && e.stopAt(&d) {
				err = ErrBudget
			}
			if err != nil {
				return nil, err
			}
			next, nst = append(buf[:0], d.Move), d.Next
		} else {
			next = e.g.Moves(&pos, buf[:0])
		}
		found := false
		for _, m := range next {
			child := e.g.Play(&pos, m)
			en, ok := e.exactMemo[key(e.g.Hash(&child), nst.Key())]
			if !ok || en.moves < 0 {
				return nil, fmt.Errorf("verify: a successor of a proved node is not proved in the memo table")
			}
			cc := c + 1
			if e.reset(&child) {
				cc = 0
			}
			if cc+int(en.seg) > f || int(en.deep) > f {
				line = append(line, m)
				pos, st, c, found = child, nst, cc, true
				break
			}
		}
		buf = next
		if !found {
			return nil, fmt.Errorf("verify: no successor of a node the fifty-move rule draws is drawn by it")
		}
	}
	return line, nil
}

package verify

import (
	"context"
	"fmt"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// entry is a memoised node: onStack while its exploration is under way,
// failed, or proved with its worst case.
type entry struct{ moves, plies int32 }

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
	// The worst case found so far below this node.
	bm, bp int32
}

// explorer is one worker's exploration engine. It is not safe for
// concurrent use.
type explorer[P any, M comparable] struct {
	g    game.Game[P, M]
	pl   Player[P, M]
	side game.Side
	opt  TableOptions
	// The memo (memo.go): the results all workers share and this
	// worker's path; or, when exact is set, one exact map of both.
	shared    *resultCache
	onStack   map[uint64]struct{}
	exact     bool
	exactMemo map[nodeKey]entry
	added     int // slots of shared this start filled
	stack     []frame[P, M]
	// child holds the position being entered: a field, so that handing
	// its address to the game's interfaces costs no allocation.
	child P
	nodes int64
	hits  int64
}

func newExplorer[P any, M comparable](g game.Game[P, M], pl Player[P, M], opt TableOptions, shared *resultCache) *explorer[P, M] {
	return &explorer[P, M]{g: g, pl: pl, side: pl.Strategy.Side(), opt: opt,
		shared: shared, onStack: map[uint64]struct{}{}, exactMemo: map[nodeKey]entry{}}
}

// lookup returns the memo's entry of node k (an on-stack marker, a
// failure or a proof).
func (e *explorer[P, M]) lookup(k nodeKey, k64 uint64) (entry, bool) {
	if e.exact {
		en, ok := e.exactMemo[k]
		return en, ok
	}
	if _, ok := e.onStack[k64]; ok {
		return entry{onStack, onStack}, true
	}
	return e.shared.get(k64)
}

// push marks node k as on the path.
func (e *explorer[P, M]) push(k nodeKey, k64 uint64) {
	if e.exact {
		e.exactMemo[k] = entry{onStack, onStack}
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
// only when asked for.
type verdict[M comparable] struct {
	proved       bool
	moves, plies int32
	reason       string
	line         []M
}

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
	e.exact = lines || e.opt.NoShare
	if e.exact {
		clear(e.exactMemo)
	} else {
		e.shared.start()
		defer func() { e.shared.finish(e.added); e.added = 0 }()
	}
	e.stack = e.stack[:0]
	var zero M
	var v verdict[M]
	e.child = *start
	s, m, p, reason, err := e.enter(ctx, &e.child, prover.NoAdvice[P, M](), zero, 0)
	for err == nil {
		switch s {
		case stepProved:
			if len(e.stack) == 0 {
				return verdict[M]{proved: true, moves: m, plies: p}, nil
			}
			e.backUp(m, p)
		case stepFailed, stepLimit:
			v.reason = reason
			if lines {
				v.line = e.line(v.line)
			}
			for i := range e.stack {
				if f := &e.stack[i]; s == stepFailed {
					e.record(f.key, f.k64, entry{failed, failed})
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
			s, m, p, reason, err = e.enter(ctx, &e.child, f.xnext, f.xmove, ply)
		case !f.x && f.next < len(f.moves):
			mv := f.moves[f.next]
			f.next++
			e.child = e.g.Play(&f.pos, mv)
			s, m, p, reason, err = e.enter(ctx, &e.child, f.st, mv, ply)
		default:
			m, p = f.bm, f.bp
			e.record(f.key, f.k64, entry{m, p})
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
	clear(e.exactMemo)
	e.stack = e.stack[:0]
	return v, err
}

// backUp folds a proved child's worst case into the top frame.
func (e *explorer[P, M]) backUp(m, p int32) {
	f := &e.stack[len(e.stack)-1]
	if f.x {
		f.bm, f.bp = m+1, p+1
		return
	}
	f.bm, f.bp = max(f.bm, m), max(f.bp, p+1)
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
func (e *explorer[P, M]) enter(ctx context.Context, pos *P, st prover.State[P, M], move M, ply int) (step, int32, int32, string, error) {
	if ply > e.opt.MaxPlies {
		return stepLimit, 0, 0, fmt.Sprintf("limit: the defence makes the game last more than %d plies", e.opt.MaxPlies), nil
	}
	k := key(e.g.Hash(pos), st.Key())
	k64 := k.key64()
	if en, ok := e.lookup(k, k64); ok {
		e.hits++
		switch en.moves {
		case onStack:
			return stepFailed, 0, 0, "cycle: the defence can repeat a position forever", nil
		case failed:
			return stepFailed, 0, 0, "reaches a failing position", nil
		}
		if ply+int(en.plies) > e.opt.MaxPlies {
			return stepLimit, 0, 0, fmt.Sprintf("limit: the defence makes the game last more than %d plies", e.opt.MaxPlies), nil
		}
		return stepProved, en.moves, en.plies, "", nil
	}
	e.nodes++
	if e.nodes&1023 == 0 && !e.exact {
		e.shared.checkpoint(e.added)
		e.added = 0
	}
	toMove := e.g.ToMove(pos)
	if o, why, over := e.pl.Referee.Over(pos); over {
		if o == game.Mate && toMove != e.side {
			e.record(k, k64, entry{0, 0})
			return stepProved, 0, 0, "", nil
		}
		e.record(k, k64, entry{failed, failed})
		switch o {
		case game.Mate:
			return stepFailed, 0, 0, "lost: " + orDefault(why, "the strategy's side is mated"), nil
		case game.Stalemate:
			return stepFailed, 0, 0, "stalemate", nil
		}
		return stepFailed, 0, 0, o.String() + ": " + orDefault(why, "the game ends without a win"), nil
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
			return stepFailed, 0, 0, "", err
		}
		if d.Outcome != game.Ongoing {
			e.stack = e.stack[:len(e.stack)-1]
			e.record(k, k64, entry{failed, failed})
			return stepFailed, 0, 0, d.Outcome.String() + ": " + orDefault(d.Reason, "the strategy has no move"), nil
		}
		f.xmove, f.xnext = d.Move, d.Next
	} else {
		f.moves = e.g.Moves(pos, moves)
		if len(f.moves) == 0 {
			e.stack = e.stack[:len(e.stack)-1]
			return stepFailed, 0, 0, "", fmt.Errorf("verify: the referee lets the game go on but %s has no legal move", toMove)
		}
	}
	e.push(k, k64)
	return stepPushed, 0, 0, "", nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// worstLine explores a proved start again with a fresh memo table and
// follows, from it, the strategy's moves and at each of the defence's the
// reply whose worst case is longest (the first in move order among equals):
// the line of the start's worst case, ending in mate.
func (e *explorer[P, M]) worstLine(ctx context.Context, start *P) ([]M, error) {
	v, err := e.verify(ctx, start, true)
	if err != nil {
		return nil, err
	}
	if !v.proved {
		return nil, fmt.Errorf("verify: a proved start failed when explored again: the strategy is not a function of (position, state key)")
	}
	var line []M
	pos, st := *start, prover.NoAdvice[P, M]()
	var buf []M
	for len(line) <= e.opt.MaxPlies {
		if _, _, over := e.pl.Referee.Over(&pos); over {
			return line, nil
		}
		if e.g.ToMove(&pos) == e.side {
			d, err := e.pl.Strategy.Move(ctx, &pos, st)
			if err != nil {
				return nil, err
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
			en, ok := e.exactMemo[key(e.g.Hash(&child), st.Key())]
			if !ok || en.moves < 0 {
				return nil, fmt.Errorf("verify: a reply of a proved node is not proved in the memo table")
			}
			if en.moves > bm || (en.moves == bm && en.plies > bp) {
				best, bm, bp = m, en.moves, en.plies
			}
		}
		line = append(line, best)
		pos = e.g.Play(&pos, best)
	}
	return nil, fmt.Errorf("verify: the worst line of a proved start is longer than %d plies", e.opt.MaxPlies)
}

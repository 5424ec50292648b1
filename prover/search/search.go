// Package search owns the classical game-tree searches of al, written once
// over game.Game so that chess, the small games, the explicit teaching
// trees and the deductive game of alpha-beta deduction all share them:
//
//   - Minimax, the plain max/min backing-up of seed 003 (and of Shannon);
//   - AlphaBeta, the negamax procedure AB(X,N,C) of Osorio's thesis
//     (seed 002, ch. 1): one bound C, cut-offs one level deep only, which is
//     Knuth and Moore's alpha-beta without deep cut-offs (VEB in seed 001);
//   - IterativeAlphaBeta, the same search without recursion, with a stack of
//     move lists E(prof) and values Eval(prof), after Becerra (seed 004);
//   - AND/OR solving (seed 001): post-order evaluation, depth-bounded
//     depth-first search and breadth-first search.
//
// Every search counts the nodes it visits and the static evaluations it
// makes, and reports what it does to a Tracer passed in by the caller (in
// the style of OPA's topdown tracer): the package never prints.
//
// Values are integers. An Evaluator gives them from the point of view of the
// side to move; results are given from the point of view of the side to move
// at the root.
package search

import "github.com/advicelang/al/prover/game"

// Inf is larger than any value an Evaluator may return; the searches use
// -Inf and +Inf as the open bounds of the thesis (10e10 there).
const Inf = 1 << 40

// Evaluator gives the values a search backs up. Both methods are from the
// point of view of the side to move in p.
type Evaluator[P any] interface {
	// Static is the static evaluation of p, a position with legal moves at
	// which the search stops because its depth is used up.
	Static(p *P) int
	// Terminal is the value of p, a position without legal moves (mate,
	// stalemate, a finished game, a leaf of an explicit tree).
	Terminal(p *P) int
}

// EventKind says what a search did at a node.
type EventKind uint8

const (
	// Enter: the search reached a node.
	Enter EventKind = iota
	// Eval: the node was evaluated statically (Value; Terminal says which
	// of the evaluator's methods gave it).
	Eval
	// Cut: the node's value reached its bound (Value >= Bound, in the side
	// to move's view) and Skipped moves were not searched.
	Cut
	// Exit: the search leaves an interior node with the backed-up Value.
	Exit
)

func (k EventKind) String() string {
	switch k {
	case Enter:
		return "enter"
	case Eval:
		return "eval"
	case Cut:
		return "cut"
	case Exit:
		return "exit"
	}
	return "?"
}

// Event is one step of a search, given to a Tracer. Line and Pos belong to
// the search and are valid only during the call.
type Event[P any, M comparable] struct {
	Kind EventKind
	// Line is the moves from the root to the node; len(Line) is its ply.
	Line []M
	Pos  *P
	// Side is the side to move at the node.
	Side game.Side
	// Value is from the point of view of Side.
	Value int
	// Terminal is set on an Eval of a position without moves.
	Terminal bool
	// Bound is the bound a Cut reached (the thesis's C), in Side's view.
	Bound int
	// Skipped is the number of moves a Cut left unsearched.
	Skipped int
}

// Tracer receives the events of a search.
type Tracer[P any, M comparable] interface {
	Trace(e *Event[P, M])
}

// TracerFunc adapts a function to Tracer.
type TracerFunc[P any, M comparable] func(e *Event[P, M])

// Trace calls f(e).
func (f TracerFunc[P, M]) Trace(e *Event[P, M]) { f(e) }

// Options are the limits and the tracer of a search.
type Options[P any, M comparable] struct {
	// Depth is the number of plies searched; at depth 0 a position with
	// moves is evaluated statically.
	Depth int
	// Tracer, if not nil, receives every event.
	Tracer Tracer[P, M]
	// MaxNodes, when positive, bounds the nodes AlphaBeta visits: once
	// that many are visited, no node is entered, and the moves a node has
	// not searched count as its static value, as at the depth bound
	// (Result.Budget says so).
	MaxNodes int
	// MaxPV, when positive, bounds the principal line kept (its first
	// MaxPV moves): each improvement copies the line below it, which on
	// a search thousands of plies deep costs time quadratic in the depth.
	MaxPV int
}

// Result is what a search returns.
type Result[M comparable] struct {
	// Value is the backed-up value of the root, from the point of view of
	// the side to move at the root.
	Value int
	// Best is the first move reaching Value; HasBest is false when the
	// root has no moves or Depth is 0.
	Best    M
	HasBest bool
	// PV is the principal line: Best, the best reply, and so on.
	PV []M
	// Nodes counts the positions visited, the root included.
	Nodes int
	// Evals counts static evaluations (Static and Terminal).
	Evals int
	// Cuts counts cut-offs that left at least one move unsearched.
	Cuts int
	// Budget says Options.MaxNodes stopped the search somewhere.
	Budget bool
}

// searcher holds what every search shares: the game, the evaluator, the
// move buffers per ply, the current line and the triangular PV table.
type searcher[P any, M comparable] struct {
	g    game.Game[P, M]
	ev   Evaluator[P]
	tr   Tracer[P, M]
	bufs [][]M
	pos  []*P // one position per ply, so that no position escapes per node
	line []M
	pv   [][]M
	res  Result[M]
	e    Event[P, M]
	// maxNodes and maxPV are Options.MaxNodes and Options.MaxPV.
	maxNodes, maxPV int
}

func newSearcher[P any, M comparable](g game.Game[P, M], ev Evaluator[P], o Options[P, M]) *searcher[P, M] {
	return &searcher[P, M]{g: g, ev: ev, tr: o.Tracer, maxNodes: o.MaxNodes, maxPV: o.MaxPV}
}

// plyChunk is how many plies of storage are allocated at once: a search
// thousands of plies deep (al deduce on a long chain of clauses) would
// otherwise make three allocations per ply.
const plyChunk = 64

// slot returns the position storage of ply.
func (s *searcher[P, M]) slot(ply int) *P {
	for len(s.pos) <= ply {
		chunk := make([]P, plyChunk)
		for i := range chunk {
			s.pos = append(s.pos, &chunk[i])
		}
	}
	return s.pos[ply]
}

// moves returns the legal moves of p into the buffer of ply.
func (s *searcher[P, M]) moves(p *P, ply int) []M {
	for len(s.bufs) <= ply {
		const nb, npv = 32, 8
		bufs, pvs := make([]M, plyChunk*nb), make([]M, plyChunk*npv)
		for i := range plyChunk {
			s.bufs = append(s.bufs, bufs[i*nb:i*nb:(i+1)*nb])
			s.pv = append(s.pv, pvs[i*npv:i*npv:(i+1)*npv])
		}
	}
	ms := s.g.Moves(p, s.bufs[ply])
	s.bufs[ply] = ms
	s.pv[ply] = s.pv[ply][:0]
	return ms
}

// setPV records m followed by the line of ply+1 as the line of ply.
func (s *searcher[P, M]) setPV(ply int, m M) {
	s.pv[ply] = append(s.pv[ply][:0], m)
	if ply+1 < len(s.pv) {
		below := s.pv[ply+1]
		if s.maxPV > 0 && len(below) > s.maxPV-1 {
			below = below[:s.maxPV-1]
		}
		s.pv[ply] = append(s.pv[ply], below...)
	}
}

func (s *searcher[P, M]) trace(k EventKind, p *P, value int, terminal bool, bound, skipped int) {
	if s.tr == nil {
		return
	}
	s.e = Event[P, M]{Kind: k, Line: s.line, Pos: p, Side: s.g.ToMove(p), Value: value,
		Terminal: terminal, Bound: bound, Skipped: skipped}
	s.tr.Trace(&s.e)
}

// leaf evaluates p (side to move's view), counting and tracing.
func (s *searcher[P, M]) leaf(p *P, terminal bool) int {
	s.res.Evals++
	var v int
	if terminal {
		v = s.ev.Terminal(p)
	} else {
		v = s.ev.Static(p)
	}
	s.trace(Eval, p, v, terminal, 0, 0)
	return v
}

func (s *searcher[P, M]) finish(value int) Result[M] {
	r := s.res
	r.Value = value
	if len(s.pv) > 0 && len(s.pv[0]) > 0 {
		r.PV = append([]M(nil), s.pv[0]...)
		r.Best, r.HasBest = r.PV[0], true
	}
	return r
}

// sign is +1 for White and -1 for Black: it turns a value in the side to
// move's view into White's view and back.
func sign(s game.Side) int {
	if s == game.White {
		return 1
	}
	return -1
}

// Minimax searches root to o.Depth plies by plain minimax: White maximises
// and Black minimises values in White's view, every node's children are all
// searched, and the result is turned back into the root mover's view.
func Minimax[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o Options[P, M]) Result[M] {
	s := newSearcher(g, ev, o)
	r := s.slot(0)
	*r = root
	v := s.minimax(r, o.Depth, 0)
	return s.finish(v * sign(g.ToMove(&root)))
}

// minimax returns the value of p in White's view.
func (s *searcher[P, M]) minimax(p *P, depth, ply int) int {
	s.res.Nodes++
	s.trace(Enter, p, 0, false, 0, 0)
	side := s.g.ToMove(p)
	moves := s.moves(p, ply)
	if len(moves) == 0 {
		return s.leaf(p, true) * sign(side)
	}
	if depth <= 0 {
		return s.leaf(p, false) * sign(side)
	}
	best := -Inf * sign(side)
	for _, m := range moves {
		q := s.slot(ply + 1)
		*q = s.g.Play(p, m)
		s.line = append(s.line, m)
		v := s.minimax(q, depth-1, ply+1)
		s.line = s.line[:len(s.line)-1]
		if (side == game.White && v > best) || (side == game.Black && v < best) {
			best = v
			s.setPV(ply, m)
		}
	}
	s.trace(Exit, p, best*sign(side), false, 0, 0)
	return best
}

// AlphaBeta searches root to o.Depth plies with the thesis's procedure
// (seed 002, ch. 1):
//
//	procedimiento AB(X,N,C)
//	SI terminal(X) o N=0 entonces regresa S(X)
//	TEMP = -infinito
//	PARA TODO Hi hijo de X: TEMP = max{TEMP, -AB(Hi,N-1,-TEMP)}
//	                        Si TEMP >= C entonces regresa TEMP
//	regresa TEMP
//
// called as AB(root, Depth, +infinito). Values are in the side to move's
// view (negamax). The bound C is the negated best value of the parent, so a
// node is cut as soon as it is refuted one level up; there are no deep
// cut-offs. The value of the root equals Minimax's.
//
// A game may let a side move twice in a row (kalah's extra turn): a child
// with the same side to move is not negated and inherits its parent's bound
// C, since a value of the child that reaches C makes the parent reach it
// too. With alternating moves this is exactly AB(X,N,C).
func AlphaBeta[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o Options[P, M]) Result[M] {
	return NewSearcher(g, ev).AlphaBeta(root, o)
}

// Searcher runs searches of one game one after another, reusing its
// buffers (a position, a move list and a principal line per ply): a
// caller that runs many deep searches (al deduce runs one per atom it
// proves, each as deep as the proof) allocates them once.
type Searcher[P any, M comparable] struct{ s *searcher[P, M] }

// NewSearcher returns a Searcher of game g with evaluator ev.
func NewSearcher[P any, M comparable](g game.Game[P, M], ev Evaluator[P]) *Searcher[P, M] {
	return &Searcher[P, M]{s: newSearcher(g, ev, Options[P, M]{})}
}

// AlphaBeta is the function AlphaBeta with the searcher's buffers.
func (sr *Searcher[P, M]) AlphaBeta(root P, o Options[P, M]) Result[M] {
	s := sr.s
	s.tr, s.maxNodes, s.maxPV = o.Tracer, o.MaxNodes, o.MaxPV
	s.res, s.line = Result[M]{}, s.line[:0]
	r := s.slot(0)
	*r = root
	return s.finish(s.ab(r, o.Depth, 0, Inf))
}

func (s *searcher[P, M]) ab(x *P, n, ply, c int) int {
	s.res.Nodes++
	s.trace(Enter, x, 0, false, 0, 0)
	moves := s.moves(x, ply)
	if len(moves) == 0 {
		return s.leaf(x, true)
	}
	if n <= 0 {
		return s.leaf(x, false)
	}
	side := s.g.ToMove(x)
	temp := -Inf
	for i, m := range moves {
		if s.maxNodes > 0 && s.res.Nodes >= s.maxNodes {
			// The node budget is spent: the moves not searched count as
			// the node's static value.
			s.res.Budget = true
			if v := s.leaf(x, false); v > temp {
				temp = v
			}
			break
		}
		h := s.slot(ply + 1)
		*h = s.g.Play(x, m)
		s.line = append(s.line, m)
		var v int
		if s.g.ToMove(h) == side {
			// The same side moves again (an extra turn in kalah): the
			// child's value is the node's own, and the node's bound C is
			// the child's.
			v = s.ab(h, n-1, ply+1, c)
		} else {
			v = -s.ab(h, n-1, ply+1, -temp)
		}
		s.line = s.line[:len(s.line)-1]
		if v > temp {
			temp = v
			s.setPV(ply, m)
		}
		if temp >= c {
			if skipped := len(moves) - i - 1; skipped > 0 {
				s.res.Cuts++
				s.trace(Cut, x, temp, false, c, skipped)
			}
			s.trace(Exit, x, temp, false, 0, 0)
			return temp
		}
	}
	s.trace(Exit, x, temp, false, 0, 0)
	return temp
}

// AlphaBetaDeep is alpha-beta with deep cut-offs (Knuth and Moore's F2):
// negamax with two bounds, alpha and beta, passed down the whole line, so a
// node can be cut by a bound set any even number of levels up. It is not in
// the thesis; it is here to show what AB(X,N,C)'s one-level cut-offs leave
// (seed 001 quotes Knuth and Moore's analysis of the shallow procedure).
// Its root value equals Minimax's.
func AlphaBetaDeep[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o Options[P, M]) Result[M] {
	s := newSearcher(g, ev, o)
	r := s.slot(0)
	*r = root
	return s.finish(s.abDeep(r, o.Depth, 0, -Inf, Inf))
}

func (s *searcher[P, M]) abDeep(x *P, n, ply, alpha, beta int) int {
	s.res.Nodes++
	s.trace(Enter, x, 0, false, 0, 0)
	moves := s.moves(x, ply)
	if len(moves) == 0 {
		return s.leaf(x, true)
	}
	if n <= 0 {
		return s.leaf(x, false)
	}
	side := s.g.ToMove(x)
	temp := -Inf
	for i, m := range moves {
		h := s.slot(ply + 1)
		*h = s.g.Play(x, m)
		s.line = append(s.line, m)
		var v int
		if s.g.ToMove(h) == side {
			v = s.abDeep(h, n-1, ply+1, max(alpha, temp), beta)
		} else {
			v = -s.abDeep(h, n-1, ply+1, -beta, -max(alpha, temp))
		}
		s.line = s.line[:len(s.line)-1]
		if v > temp {
			temp = v
			s.setPV(ply, m)
		}
		if temp >= beta {
			if skipped := len(moves) - i - 1; skipped > 0 {
				s.res.Cuts++
				s.trace(Cut, x, temp, false, beta, skipped)
			}
			s.trace(Exit, x, temp, false, 0, 0)
			return temp
		}
	}
	s.trace(Exit, x, temp, false, 0, 0)
	return temp
}

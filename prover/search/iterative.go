package search

import "github.com/advicelang/al/prover/game"

// frame is one level of IterativeAlphaBeta's stack: the position, its move
// list E(prof) with the index of the next move, and its value Eval(prof) in
// White's view (the maximiser's, as in seed 004).
type frame[P any, M comparable] struct {
	pos   P
	moves []M
	next  int
	eval  int
	side  game.Side
	depth int
}

// IterativeAlphaBeta is AlphaBeta without recursion, after the iterative
// minimax with alpha-beta cut-offs of Becerra (seed 004), itself a
// correction of Laurière's: a stack holds, for each depth prof, the list of
// moves still to try E(prof) and the value so far Eval(prof), which starts
// at -infinity for the maximiser (White) and +infinity for the minimiser.
// When a value comes up to depth prof, a maximiser whose Eval(prof) reaches
// Eval(prof-1) (>=), or a minimiser whose Eval(prof) falls to Eval(prof-1)
// (<=), drops the rest of E(prof): the same one-level cut-off as the
// thesis's AB(X,N,C). It visits the same nodes in the same order, makes the
// same evaluations and reports the same events as AlphaBeta. When a side
// moves twice in a row (kalah's extra turn), Eval(prof) is compared with
// the nearest level above where the other side moves, as AlphaBeta passes
// its bound on to such a child.
func IterativeAlphaBeta[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o Options[P, M]) Result[M] {
	s := newSearcher(g, ev, o)
	rootSide := g.ToMove(&root)
	r := s.slot(0)
	*r = root
	moves, leaf, v := s.enterIter(r, o.Depth, 0)
	if leaf {
		return s.finish(v)
	}
	stack := []frame[P, M]{{pos: root, moves: moves, eval: -Inf * sign(rootSide), side: rootSide, depth: o.Depth}}
	for {
		prof := len(stack) - 1
		f := &stack[prof]
		var value int // the value coming up to stack[prof-1], White's view
		if f.next < len(f.moves) {
			m := f.moves[f.next]
			f.next++
			q := s.slot(prof + 1)
			*q = g.Play(&f.pos, m)
			s.line = append(s.line, m)
			moves, leaf, v := s.enterIter(q, f.depth-1, prof+1)
			if !leaf {
				side := g.ToMove(q)
				stack = append(stack, frame[P, M]{pos: *q, moves: moves, eval: -Inf * sign(side), side: side, depth: f.depth - 1})
				continue
			}
			s.line = s.line[:len(s.line)-1]
			value = v * sign(g.ToMove(q))
		} else {
			// E(prof) is empty: Eval(prof) is the node's value.
			s.trace(Exit, &f.pos, f.eval*sign(f.side), false, 0, 0)
			value = f.eval
			if prof == 0 {
				return s.finish(value * sign(rootSide))
			}
			stack = stack[:prof]
			s.line = s.line[:len(s.line)-1]
		}
		// Back the value up, cutting as long as a parent is refuted.
		for {
			prof = len(stack) - 1
			f = &stack[prof]
			if (f.side == game.White && value > f.eval) || (f.side == game.Black && value < f.eval) {
				f.eval = value
				s.setPV(prof, f.moves[f.next-1])
			}
			if prof == 0 {
				break
			}
			// The bound is Eval of the nearest node above of the other
			// side: the parent when the sides alternate; above a run of
			// extra turns (kalah), the node before the run.
			b := prof - 1
			for b >= 0 && stack[b].side == f.side {
				b--
			}
			if b < 0 {
				break
			}
			parent := stack[b].eval
			cut := (f.side == game.White && f.eval >= parent) || (f.side == game.Black && f.eval <= parent)
			if !cut {
				break
			}
			sv := f.eval * sign(f.side)
			if skipped := len(f.moves) - f.next; skipped > 0 {
				s.res.Cuts++
				s.trace(Cut, &f.pos, sv, false, parent*sign(f.side), skipped)
			}
			s.trace(Exit, &f.pos, sv, false, 0, 0)
			value = f.eval
			stack = stack[:prof]
			s.line = s.line[:len(s.line)-1]
		}
	}
}

// enterIter visits p at ply with depth plies to go: it counts and traces
// the node and either evaluates it (leaf, value in the side to move's
// view) or returns its moves.
func (s *searcher[P, M]) enterIter(p *P, depth, ply int) (moves []M, leaf bool, value int) {
	s.res.Nodes++
	s.trace(Enter, p, 0, false, 0, 0)
	moves = s.moves(p, ply)
	if len(moves) == 0 {
		return nil, true, s.leaf(p, true)
	}
	if depth <= 0 {
		return nil, true, s.leaf(p, false)
	}
	return moves, false, 0
}

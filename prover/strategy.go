package prover

import (
	"context"
	"fmt"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
)

// State is the memory of a Strategy between its moves: the active advice
// (indices into the table; Rule is -1 when none is active), the root of its
// forcing tree (P0), the moves of X the tree still has, and the tree node
// the next position must be found in.
type State[P any, M comparable] struct {
	Rule, Advice int
	RootHash     uint64
	Depth        int
	node         *Node[P, M]
	nodeHash     uint64 // the hash of node's position
}

// NoAdvice is the state of a strategy before its first move.
func NoAdvice[P any, M comparable]() State[P, M] { return State[P, M]{Rule: -1, Advice: -1} }

// Active reports whether a piece of advice is being followed.
func (st State[P, M]) Active() bool { return st.Rule >= 0 && st.node != nil }

// StateKey is the comparable part of a State. Forcing trees are a function
// of (advice, root, position, depth), so (position, StateKey) determines
// the move a Strategy plays: an exhaustive verifier can key its table on
// it. Node is the hash of the tree node the position is looked up under
// (the position the last move of X led to): the same position may be an
// inner node of the tree below one reply and a goal below another (a goal
// may read P1, the position before the last move), so rule, advice, root
// and depth alone do not decide whether the tree is followed.
type StateKey struct {
	Rule, Advice int
	RootHash     uint64
	Depth        int
	Node         uint64
}

// Key returns the comparable part of st.
func (st State[P, M]) Key() StateKey {
	if !st.Active() {
		return StateKey{Rule: -1, Advice: -1}
	}
	return StateKey{st.Rule, st.Advice, st.RootHash, st.Depth, st.nodeHash}
}

// Decision is what a Strategy does in one position.
type Decision[P any, M comparable] struct {
	Move    M
	Next    State[P, M]  // the state after Move
	Outcome game.Outcome // Ongoing when Move is set; Stuck or Undetermined otherwise
	// Rule and Advice index the table entry that chose the move (-1 when the
	// table found none); their names follow.
	Rule, Advice         int
	RuleName, AdviceName string
	// FromTree: the move continues the forcing tree of the active advice;
	// otherwise the table was consulted in this position.
	FromTree bool
	// Tree is the forcing tree being followed, from the current position.
	Tree *Node[P, M]
	// Reason explains a Stuck or Undetermined outcome.
	Reason string
	// Nodes counts the search nodes this decision cost.
	Nodes int64
}

// Strategy executes an AL1 advice table (DESIGN.md, "AL1 tables and the game
// module"): at each move of X, if a piece of advice is active and the
// position is a node of its forcing tree, it plays the tree's move;
// otherwise it consults the table (the first rule whose condition holds,
// the first satisfiable advice of that rule's list) and plays the first move
// of the new tree.
type Strategy[P any, M comparable] struct {
	g      game.Game[P, M]
	table  *kb.Table[P]
	search *Searcher[P, M]
}

// NewStrategy returns the strategy of table over g, searching with s (which
// keeps its memo table across moves).
func NewStrategy[P any, M comparable](g game.Game[P, M], table *kb.Table[P], s *Searcher[P, M]) (*Strategy[P, M], error) {
	if table == nil {
		return nil, fmt.Errorf("prover: nil advice table")
	}
	for _, r := range table.Rules {
		if r.Cond == nil {
			return nil, fmt.Errorf("prover: table %s: rule %q has no condition", table.Name, r.Name)
		}
		for _, a := range r.Advice {
			if a == nil {
				return nil, fmt.Errorf("prover: table %s: rule %q has a nil advice", table.Name, r.Name)
			}
			if a.Side != table.Side {
				return nil, fmt.Errorf("prover: table %s is for %s but its advice %s is for %s", table.Name, table.Side, a.Name, a.Side)
			}
		}
	}
	return &Strategy[P, M]{g: g, table: table, search: s}, nil
}

// Side returns the side the strategy plays.
func (s *Strategy[P, M]) Side() game.Side { return s.table.Side }

// Table returns the table the strategy executes.
func (s *Strategy[P, M]) Table() *kb.Table[P] { return s.table }

// Move decides the move of X in pos given the state st. It is an error to
// call it when X is not to move.
func (s *Strategy[P, M]) Move(ctx context.Context, pos *P, st State[P, M]) (Decision[P, M], error) {
	if s.g.ToMove(pos) != s.table.Side {
		return Decision[P, M]{}, fmt.Errorf("prover: table %s plays %s but %s is to move", s.table.Name, s.table.Side, s.g.ToMove(pos))
	}
	if st.Active() {
		n := s.follow(st.node, pos)
		if n != nil && n.Kind == Remembered {
			// A remembered leaf: the tree it stands for, from here.
			a := s.table.Rules[st.Rule].Advice[st.Advice]
			res, err := s.search.Continue(ctx, a, pos, n.Fact)
			if err != nil {
				return Decision[P, M]{}, err
			}
			if res.Value != Sat {
				return Decision[P, M]{Rule: st.Rule, Advice: st.Advice, Next: NoAdvice[P, M](),
					RuleName: s.table.Rules[st.Rule].Name, AdviceName: a.Name,
					Outcome: game.Undetermined, Nodes: res.Nodes,
					Reason: fmt.Sprintf("advice %s: search stopped (%s)", a.Name, res.Reason)}, nil
			}
			n = res.Tree
			st.RootHash, st.Depth = s.g.Hash(pos), res.Depth
		}
		if n != nil {
			next := st
			next.Depth--
			next.node = n.Children[0].Node
			next.nodeHash = s.g.Hash(&next.node.Pos)
			return Decision[P, M]{
				Move: n.Children[0].Move, Next: next, Outcome: game.Ongoing,
				Rule: st.Rule, Advice: st.Advice,
				RuleName: s.table.Rules[st.Rule].Name, AdviceName: s.table.Rules[st.Rule].Advice[st.Advice].Name,
				FromTree: true, Tree: n,
			}, nil
		}
	}
	return s.consult(ctx, pos)
}

// follow finds pos among the X nodes of the tree the last move of X led to:
// the node itself (X moves again) or a child of the Y node (either may be
// a remembered leaf, which the caller continues). It returns nil
// when pos is not a non-terminal X node of the tree (the goal was reached or
// Y left the tree).
func (s *Strategy[P, M]) follow(n *Node[P, M], pos *P) *Node[P, M] {
	h := s.g.Hash(pos)
	switch n.Kind {
	case XNode, Remembered:
		if s.g.Hash(&n.Pos) == h {
			return n
		}
	case YNode:
		for _, e := range n.Children {
			if (e.Node.Kind == XNode || e.Node.Kind == Remembered) && s.g.Hash(&e.Node.Pos) == h {
				return e.Node
			}
		}
	}
	return nil
}

func (s *Strategy[P, M]) consult(ctx context.Context, pos *P) (Decision[P, M], error) {
	d := Decision[P, M]{Rule: -1, Advice: -1, Next: NoAdvice[P, M]()}
	env := kb.Env[P]{P0: pos, P1: pos, P2: pos}
	for i := range s.table.Rules {
		if s.table.Rules[i].Cond.Eval(&env) {
			d.Rule = i
			break
		}
	}
	if d.Rule < 0 {
		d.Outcome, d.Reason = game.Stuck, "no rule of table "+s.table.Name+" applies"
		return d, nil
	}
	rule := &s.table.Rules[d.Rule]
	d.RuleName = rule.Name
	for j, a := range rule.Advice {
		res, err := s.search.Solve(ctx, a, pos)
		d.Nodes += res.Nodes
		if err != nil {
			return d, err
		}
		switch {
		case res.Value == Unknown:
			d.Advice, d.AdviceName = j, a.Name
			d.Outcome = game.Undetermined
			d.Reason = fmt.Sprintf("advice %s: search stopped (%s)", a.Name, res.Reason)
			return d, nil
		case res.Value == Sat && res.Tree.Kind == XNode:
			d.Advice, d.AdviceName = j, a.Name
			d.Move = res.Tree.Children[0].Move
			d.Tree = res.Tree
			d.Outcome = game.Ongoing
			d.Next = State[P, M]{Rule: d.Rule, Advice: j, RootHash: s.g.Hash(pos), Depth: res.Depth - 1,
				node: res.Tree.Children[0].Node, nodeHash: s.g.Hash(&res.Tree.Children[0].Node.Pos)}
			return d, nil
		}
		// Unsat, or satisfied with no move to play (the better goal holds
		// here already): the next advice.
	}
	d.Outcome = game.Stuck
	d.Reason = "no advice of rule " + rule.Name + " is satisfiable with a move"
	return d, nil
}

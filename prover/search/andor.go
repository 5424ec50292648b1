package search

import "github.com/advicelang/al/prover/game"

// A game seen as an AND/OR tree (seed 001): the player to move at the root
// wants a solution, so its nodes are OR nodes (one move must lead to a
// solved node) and the opponent's are AND nodes (every reply must). A
// position without moves is solved when its terminal value, in the root
// player's view, reaches Goal.

// SolveOptions are the limits of an AND/OR search.
type SolveOptions struct {
	// Depth bounds the search in plies: a position with moves at this depth
	// counts as unsolvable, as in seed 001. A negative Depth is no bound.
	Depth int
	// Goal is the least terminal value (root player's view) that counts as
	// solved: 1 asks for a win, 0 for at least a draw with values -1/0/1.
	Goal int
	// MaxNodes bounds the nodes BreadthFirst keeps (0: no bound).
	MaxNodes int
}

// SolutionNode is a node of a solution tree: at an OR node one move, at an
// AND node every reply, at a leaf none.
type SolutionNode[M comparable] struct {
	// Move leads from the parent to this node (zero at the root).
	Move M
	Next []*SolutionNode[M]
}

// Height is the number of plies of the longest line of the tree.
func (n *SolutionNode[M]) Height() int {
	h := 0
	for _, c := range n.Next {
		h = max(h, 1+c.Height())
	}
	return h
}

// Size is the number of nodes of the tree.
func (n *SolutionNode[M]) Size() int {
	k := 1
	for _, c := range n.Next {
		k += c.Size()
	}
	return k
}

// SolveResult is what an AND/OR search returns.
type SolveResult[M comparable] struct {
	// Solved says a solution tree was found; Tree is it.
	Solved bool
	Tree   *SolutionNode[M]
	// Cut says some position was given up on because of Depth or
	// MaxNodes, so an unsolved answer is not a proof of unsolvability.
	Cut bool
	// Nodes counts positions generated; Evals, terminal evaluations.
	Nodes, Evals int
}

type solver[P any, M comparable] struct {
	g      game.Game[P, M]
	ev     Evaluator[P]
	o      SolveOptions
	player game.Side
	bufs   [][]M
	pos    []*P // one position per ply
	res    SolveResult[M]
}

func (s *solver[P, M]) solvedLeaf(p *P) bool {
	s.res.Evals++
	v := s.ev.Terminal(p) * sign(s.g.ToMove(p)) * sign(s.player)
	return v >= s.o.Goal
}

// PostOrder solves the tree under root by the procedure RESUELVE of seed
// 001: a post-order walk that stops at an AND node's first unsolvable child
// and at an OR node's first solved child. It searches the whole tree and
// needs it to be finite.
func PostOrder[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o SolveOptions) SolveResult[M] {
	o.Depth = -1
	return DepthFirst(g, ev, root, o)
}

// DepthFirst is PostOrder with the depth bound o.Depth: positions with
// moves at that depth count as unsolvable (seed 001), which keeps the
// search finite on infinite trees; it finds a solution if one of height at
// most o.Depth exists.
func DepthFirst[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o SolveOptions) SolveResult[M] {
	s := &solver[P, M]{g: g, ev: ev, o: o, player: g.ToMove(&root)}
	var zero M
	s.res.Tree = s.df(&root, zero, o.Depth, 0)
	s.res.Solved = s.res.Tree != nil
	return s.res
}

func (s *solver[P, M]) df(p *P, via M, depth, ply int) *SolutionNode[M] {
	s.res.Nodes++
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, make([]M, 0, 32))
	}
	moves := s.g.Moves(p, s.bufs[ply])
	s.bufs[ply] = moves
	if len(moves) == 0 {
		if s.solvedLeaf(p) {
			return &SolutionNode[M]{Move: via}
		}
		return nil
	}
	if depth == 0 {
		s.res.Cut = true
		return nil
	}
	node := &SolutionNode[M]{Move: via}
	or := s.g.ToMove(p) == s.player
	for i := 0; i < len(moves); i++ {
		m := s.bufs[ply][i]
		for len(s.pos) <= ply+1 {
			s.pos = append(s.pos, new(P))
		}
		q := s.pos[ply+1]
		*q = s.g.Play(p, m)
		c := s.df(q, m, depth-1, ply+1)
		switch {
		case or && c != nil:
			node.Next = append(node.Next, c)
			return node
		case !or && c == nil:
			return nil
		case !or:
			node.Next = append(node.Next, c)
		}
	}
	if or {
		return nil
	}
	return node
}

// bnode is a node of BreadthFirst's explicit tree.
type bnode[P any, M comparable] struct {
	pos      P
	move     M
	parent   int32
	depth    int32
	or       bool
	status   int8 // 0 open, 1 solved, -1 unsolvable
	pending  int32
	first, n int32 // children
	via      int32 // the child that solved an OR node
}

// BreadthFirst solves the tree under root generating it level by level
// (seed 001): it finds a solution tree of least height if one exists within
// o.Depth (negative: no bound) and o.MaxNodes, even when the tree is
// infinite. Nodes under a node already decided are not expanded.
func BreadthFirst[P any, M comparable](g game.Game[P, M], ev Evaluator[P], root P, o SolveOptions) SolveResult[M] {
	s := &solver[P, M]{g: g, ev: ev, o: o, player: g.ToMove(&root)}
	nodes := []bnode[P, M]{{pos: root, parent: -1, or: true, via: -1}}
	s.res.Nodes = 1
	var buf []M
	for i := 0; i < len(nodes) && nodes[0].status == 0; i++ {
		if decided(nodes, i) {
			continue
		}
		nd := &nodes[i]
		buf = g.Moves(&nd.pos, buf)
		switch {
		case len(buf) == 0:
			st := int8(-1)
			if s.solvedLeaf(&nd.pos) {
				st = 1
			}
			settle(nodes, i, st)
			continue
		case o.Depth >= 0 && int(nd.depth) >= o.Depth,
			o.MaxNodes > 0 && len(nodes)+len(buf) > o.MaxNodes:
			s.res.Cut = true
			settle(nodes, i, -1)
			continue
		}
		nd.first, nd.n, nd.pending = int32(len(nodes)), int32(len(buf)), int32(len(buf))
		pos, depth := nd.pos, nd.depth
		for _, m := range buf {
			q := g.Play(&pos, m)
			nodes = append(nodes, bnode[P, M]{pos: q, move: m, parent: int32(i), depth: depth + 1,
				or: g.ToMove(&q) == s.player, via: -1})
		}
		s.res.Nodes += len(buf)
	}
	if nodes[0].status == 1 {
		s.res.Solved = true
		var zero M
		s.res.Tree = extract(nodes, 0, zero)
	}
	return s.res
}

// decided says whether node i or one of its ancestors is already solved
// or unsolvable, so that expanding it is useless.
func decided[P any, M comparable](nodes []bnode[P, M], i int) bool {
	for j := int32(i); j >= 0; j = nodes[j].parent {
		if nodes[j].status != 0 {
			return true
		}
	}
	return false
}

// settle gives node i its status and passes it up as far as it decides
// ancestors.
func settle[P any, M comparable](nodes []bnode[P, M], i int, st int8) {
	j := int32(i)
	nodes[j].status = st
	for {
		p := nodes[j].parent
		if p < 0 || nodes[p].status != 0 {
			return
		}
		pn := &nodes[p]
		switch {
		case pn.or && st == 1:
			pn.via = j
		case !pn.or && st == -1:
		default:
			pn.pending--
			if pn.pending > 0 {
				return
			}
		}
		// An OR node with every child unsolvable, an AND node with every
		// child solved, or the first decisive child: the status stands.
		pn.status = st
		j = p
	}
}

func extract[P any, M comparable](nodes []bnode[P, M], i int32, via M) *SolutionNode[M] {
	n := &SolutionNode[M]{Move: via}
	nd := &nodes[i]
	if nd.n == 0 {
		return n
	}
	if nd.or {
		c := nd.via
		n.Next = append(n.Next, extract(nodes, c, nodes[c].move))
		return n
	}
	for c := nd.first; c < nd.first+nd.n; c++ {
		n.Next = append(n.Next, extract(nodes, c, nodes[c].move))
	}
	return n
}

package deduce

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// Kind is the kind of a node of the alternated tree.
type Kind uint8

const (
	// Formula: an atom to prove, at even depth. The prover (game.White) moves
	// here by choosing a clause; with no clause to choose the node is lost
	// (the thesis's set P).
	Formula Kind = iota
	// ClauseNode: an atom with the clause chosen for it, at odd depth. The
	// refuter (game.Black) moves here by choosing a premise to challenge.
	ClauseNode
	// DatumNode: the copy of a datum the thesis's AA-AAJ adds at odd depth;
	// the refuter has no move there, so it is won (the set G).
	DatumNode
)

// TNode is a node <atom, number> of the alternated tree J(A).
type TNode struct {
	Atom   int32
	Copy   int32 // the thesis's number: the n-th node of this atom
	Kind   Kind
	Clause int32 // the clause of a ClauseNode, else -1
	Parent int32
	Depth  int32
	Kids   []int32
	// Expanded says Kids are known; Loop says a Formula node has no move
	// because its atom is already being proved above it; Budget says the
	// node was left unexpanded because the tree reached MaxNodes.
	Expanded, Loop, Budget bool
}

// Tree is the alternated AND/OR tree J(A) of a goal, unfolded lazily from
// the graph as a search asks for moves, and the deductive game J_A on it
// (seed 000, IV.2.1): positions are nodes, the prover moves at even depth,
// the refuter at odd depth, and a side without a move has lost. The won
// states are the datum copies; the lost states are Formula nodes that no
// clause expands. A Formula node whose atom appears on an ancestor Formula
// node gets no move either: a proof never needs an atom to prove itself,
// and the cut keeps the tree finite when the clauses have cycles.
//
// The tree is built as the searches ask for moves, so Moves allocates the
// first time it expands a node (never again for that node), unlike the
// allocation-free games game.Game describes; MaxNodes bounds the growth.
//
// Tree is also the evaluator of the searches (the thesis's h): a position
// without moves is -1 for the side to move (+1 for the prover at a datum,
// -1 at a lost node), 0 for a node left unexpanded by MaxNodes, and a
// position cut by the depth bound is 0 (unknown).
type Tree struct {
	G     *Graph
	Nodes []TNode
	// MaxNodes bounds the tree (0: no bound).
	MaxNodes int
	// Horizon counts static evaluations at the depth bound; BudgetHit says
	// MaxNodes stopped an expansion. Either makes a failure a
	// semi-decision.
	Horizon   int
	BudgetHit bool
	// SearchBudget says the searches' node bound (Options.MaxNodes) cut
	// a search or stopped the proof.
	SearchBudget bool
	copies       []int32
}

// Pos is a position of the deductive game: a node of the tree.
type Pos struct{ N int32 }

// Move is the node a move leads to.
type Move = int32

var _ game.Game[Pos, Move] = (*Tree)(nil)

// NewTree starts J(A) for goal a: the root <a, 1>.
func NewTree(g *Graph, a int32, maxNodes int) *Tree {
	t := &Tree{G: g, MaxNodes: maxNodes, copies: make([]int32, len(g.Atoms))}
	t.add(a, Formula, -1, -1, 0)
	return t
}

func (t *Tree) add(atom int32, k Kind, clause, parent, depth int32) int32 {
	t.copies[atom]++
	t.Nodes = append(t.Nodes, TNode{Atom: atom, Copy: t.copies[atom], Kind: k, Clause: clause, Parent: parent, Depth: depth})
	return int32(len(t.Nodes) - 1)
}

// Name is the thesis's notation for node n, "(atom number)".
func (t *Tree) Name(n int32) string {
	nd := &t.Nodes[n]
	return fmt.Sprintf("(%s %d)", t.G.Atoms[nd.Atom], nd.Copy)
}

// Expand computes the children of n (once).
func (t *Tree) Expand(n int32) {
	nd := &t.Nodes[n]
	if nd.Expanded || nd.Budget {
		return
	}
	var kids []int32
	switch nd.Kind {
	case Formula:
		switch {
		case t.G.Datum[nd.Atom]:
			kids = []int32{-1}
		case t.loop(n):
			nd.Loop = true
		default:
			kids = t.G.ByHead[nd.Atom]
		}
	case ClauseNode:
		kids = t.G.Clauses[nd.Clause].Body
	}
	if t.MaxNodes > 0 && len(t.Nodes)+len(kids) > t.MaxNodes {
		nd.Budget = true
		t.BudgetHit = true
		return
	}
	atom, kind, depth := nd.Atom, nd.Kind, nd.Depth+1
	out := make([]int32, 0, len(kids))
	for _, k := range kids {
		switch {
		case kind == Formula && k < 0:
			out = append(out, t.add(atom, DatumNode, -1, n, depth))
		case kind == Formula:
			out = append(out, t.add(atom, ClauseNode, k, n, depth))
		default:
			out = append(out, t.add(k, Formula, -1, n, depth))
		}
	}
	nd = &t.Nodes[n]
	nd.Kids, nd.Expanded = out, true
}

// loop says whether Formula node n's atom is being proved above it.
func (t *Tree) loop(n int32) bool {
	a := t.Nodes[n].Atom
	for p := t.Nodes[n].Parent; p >= 0; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == Formula && t.Nodes[p].Atom == a {
			return true
		}
	}
	return false
}

// Lost says n is a lost state (in P): a Formula node no clause expands.
func (t *Tree) Lost(n int32) bool {
	t.Expand(n)
	nd := &t.Nodes[n]
	return nd.Kind == Formula && nd.Expanded && len(nd.Kids) == 0
}

// ToMove is the prover (White) at even depth, the refuter at odd depth.
func (t *Tree) ToMove(p *Pos) game.Side {
	if t.Nodes[p.N].Depth%2 == 0 {
		return game.White
	}
	return game.Black
}

// Moves expands p and appends its children.
func (t *Tree) Moves(p *Pos, buf []Move) []Move {
	t.Expand(p.N)
	return append(buf[:0], t.Nodes[p.N].Kids...)
}

// Play goes to the child m.
func (t *Tree) Play(p *Pos, m Move) Pos { return Pos{m} }

// Hash is the node index.
func (t *Tree) Hash(p *Pos) uint64 { return uint64(p.N) }

// Terminal: the side to move without a move has lost, unless the node was
// only left unexpanded (unknown).
func (t *Tree) Terminal(p *Pos) int {
	if t.Nodes[p.N].Budget {
		return 0
	}
	return -1
}

// Static is 0, unknown: the depth bound stopped the search here.
func (t *Tree) Static(p *Pos) int {
	t.Horizon++
	return 0
}

// MaxDepth is a depth no line of the tree exceeds: Formula nodes on a line
// have distinct atoms, so a line has at most 2·atoms+1 plies.
func (t *Tree) MaxDepth() int { return 2*len(t.G.Atoms) + 2 }

// Format prints the tree under n, expanding it to depth plies below n, one
// node a line, at most maxLines lines (then "..."). Each line shows the
// node, its kind, and whether it is won or lost.
func (t *Tree) Format(n int32, depth, maxLines int) string {
	var b strings.Builder
	lines := 0
	var walk func(n int32, d int)
	walk = func(n int32, d int) {
		if lines >= maxLines {
			return
		}
		lines++
		if lines == maxLines {
			b.WriteString("...\n")
			return
		}
		if d < depth {
			t.Expand(n)
		}
		nd := &t.Nodes[n]
		b.WriteString(strings.Repeat("  ", int(nd.Depth)))
		b.WriteString(t.Name(n))
		switch nd.Kind {
		case Formula:
			switch {
			case !nd.Expanded:
				b.WriteString("  prove " + t.G.Atoms[nd.Atom] + " (not expanded)")
			case nd.Loop:
				b.WriteString("  lost: " + t.G.Atoms[nd.Atom] + " is being proved above")
			case len(nd.Kids) == 0:
				b.WriteString("  lost: no clause concludes " + t.G.Atoms[nd.Atom])
			default:
				b.WriteString("  prove " + t.G.Atoms[nd.Atom] + ", prover to move")
			}
		case ClauseNode:
			b.WriteString("  by " + t.G.Clauses[nd.Clause].Src.String() + " refuter to move")
		case DatumNode:
			b.WriteString("  datum: won")
		}
		b.WriteByte('\n')
		for _, k := range nd.Kids {
			walk(k, d+1)
		}
	}
	walk(n, 0)
	return b.String()
}

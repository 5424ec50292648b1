package gametree

import (
	"strconv"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// Pos is a position of the tree game: a node index.
type Pos struct{ N int32 }

// Move is a move of the tree game: the index of the node it leads to.
type Move = int32

var _ game.Game[Pos, Move] = (*Tree)(nil)

// Root is the position at the root.
func (t *Tree) Root() Pos { return Pos{0} }

// Max says whether the maximiser moves at node n.
func (t *Tree) Max(n int32) bool { return (t.Nodes[n].Depth%2 == 0) != t.MinRoot }

// ToMove maps the maximiser to White.
func (t *Tree) ToMove(p *Pos) game.Side {
	if t.Max(p.N) {
		return game.White
	}
	return game.Black
}

// Moves appends the children of p.
func (t *Tree) Moves(p *Pos, buf []Move) []Move { return append(buf[:0], t.Nodes[p.N].Kids...) }

// Play goes to the child m.
func (t *Tree) Play(p *Pos, m Move) Pos { return Pos{m} }

// Hash is the node index.
func (t *Tree) Hash(p *Pos) uint64 { return uint64(p.N) }

// maxView turns a value in the maximiser's view into the side to move's.
func (t *Tree) maxView(n int32) int {
	if t.Max(n) {
		return 1
	}
	return -1
}

// Static is the static value of an interior node (0 if it has none;
// CheckDepth rejects searches that would need a missing one).
func (t *Tree) Static(p *Pos) int { return t.Nodes[p.N].Value * t.maxView(p.N) }

// Terminal is the value of a leaf.
func (t *Tree) Terminal(p *Pos) int { return t.Nodes[p.N].Value * t.maxView(p.N) }

// Height is the number of plies of the longest line.
func (t *Tree) Height() int {
	h := 0
	for _, n := range t.Nodes {
		h = max(h, n.Depth)
	}
	return h
}

// Name is the path of labels from the root to n, joined by '.'; the root
// is "root".
func (t *Tree) Name(n int32) string {
	if n == 0 {
		return "root"
	}
	var parts []string
	for ; n > 0; n = t.Nodes[n].Parent {
		parts = append(parts, t.Nodes[n].Label)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".")
}

// Leaves is the number of leaves.
func (t *Tree) Leaves() int {
	k := 0
	for _, n := range t.Nodes {
		if len(n.Kids) == 0 {
			k++
		}
	}
	return k
}

// CheckDepth returns the first interior node at depth d that has no static
// value, or -1: a search to depth d needs one there.
func (t *Tree) CheckDepth(d int) int32 {
	for i, n := range t.Nodes {
		if n.Depth == d && len(n.Kids) > 0 && !n.HasValue {
			return int32(i)
		}
	}
	return -1
}

// Format prints t in the tree format; Parse(Format(t)) is t again (up to
// positions). Nodes whose children are all leaves go on one line.
func Format(t *Tree) string {
	var b strings.Builder
	if t.MinRoot {
		b.WriteString("min\n")
	} else {
		b.WriteString("max\n")
	}
	format(&b, t, 0, 0)
	b.WriteByte('\n')
	return b.String()
}

func format(b *strings.Builder, t *Tree, n int32, indent int) {
	nd := &t.Nodes[n]
	if nd.HasValue || len(nd.Kids) == 0 {
		b.WriteString(strconv.Itoa(nd.Value))
		if len(nd.Kids) == 0 {
			return
		}
		b.WriteByte(' ')
	}
	flat := true
	for _, c := range nd.Kids {
		if len(t.Nodes[c].Kids) > 0 {
			flat = false
		}
	}
	b.WriteByte('(')
	for i, c := range nd.Kids {
		if flat {
			if i > 0 {
				b.WriteByte(' ')
			}
		} else {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat("  ", indent+1))
		}
		if l := t.Nodes[c].Label; l != strconv.Itoa(i+1) {
			b.WriteString(l)
			b.WriteString(": ")
		}
		format(b, t, c, indent+1)
	}
	if !flat {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat("  ", indent))
	}
	b.WriteByte(')')
}

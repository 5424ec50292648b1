package deduce

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/kb"
)

// Graph is the AND/OR graph <For, R_CL> of a problem (seed 000, IV.1.3.2):
// one node per atom; an atom's alternatives are the clauses of CL that
// conclude it, each the set of its premises. CL leaves out the clauses that
// conclude a datum (IV.1.2: they can play no part in a proof).
type Graph struct {
	Atoms []string
	index map[string]int32
	// Datum says whether an atom is a datum (a fact of the file).
	Datum []bool
	// Clauses are the clauses of CL; ByHead lists them per atom.
	Clauses []GClause
	ByHead  [][]int32
	// Excluded are the clauses left out because their head is a datum.
	Excluded []Clause
}

// GClause is a clause of CL with atoms as indices.
type GClause struct {
	Head int32
	Body []int32
	Src  Clause
}

// NewGraph builds the AND/OR graph of p.
func NewGraph(p *Program) *Graph {
	g := &Graph{index: map[string]int32{}}
	for _, a := range p.Atoms() {
		g.index[a] = int32(len(g.Atoms))
		g.Atoms = append(g.Atoms, a)
	}
	if p.Goal != "" {
		g.atom(p.Goal)
	}
	g.Datum = make([]bool, len(g.Atoms))
	g.ByHead = make([][]int32, len(g.Atoms))
	for _, c := range p.Clauses {
		if len(c.Body) == 0 {
			g.Datum[g.index[c.Head]] = true
		}
	}
	for _, c := range p.Clauses {
		if len(c.Body) == 0 {
			continue
		}
		h := g.index[c.Head]
		if g.Datum[h] {
			g.Excluded = append(g.Excluded, c)
			continue
		}
		gc := GClause{Head: h, Src: c}
		for _, b := range c.Body {
			gc.Body = append(gc.Body, g.index[b])
		}
		g.ByHead[h] = append(g.ByHead[h], int32(len(g.Clauses)))
		g.Clauses = append(g.Clauses, gc)
	}
	return g
}

// atom adds a (for a goal no clause mentions) and returns its index.
func (g *Graph) atom(a string) int32 {
	if i, ok := g.index[a]; ok {
		return i
	}
	g.index[a] = int32(len(g.Atoms))
	g.Atoms = append(g.Atoms, a)
	g.Datum = append(g.Datum, false)
	g.ByHead = append(g.ByHead, nil)
	return int32(len(g.Atoms) - 1)
}

// Lookup returns the index of atom a.
func (g *Graph) Lookup(a string) (int32, bool) {
	i, ok := g.index[a]
	return i, ok
}

// Nearest returns the atom closest to a, for "did you mean" messages (""
// if none is close): kb.Nearest, so a Horn file suggests names by the same
// rule as a knowledge base.
func (g *Graph) Nearest(a string) string { return kb.Nearest(a, g.Atoms) }

// ForwardChain returns the atoms that follow from the data by the clauses,
// by plain forward chaining (each clause fires once all its premises hold):
// the reference answer for every deduction.
func ForwardChain(g *Graph) []bool {
	known := make([]bool, len(g.Atoms))
	missing := make([]int, len(g.Clauses))
	uses := make([][]int32, len(g.Atoms)) // clause per premise occurrence
	var queue []int32
	for i, c := range g.Clauses {
		missing[i] = len(c.Body)
		for _, b := range c.Body {
			uses[b] = append(uses[b], int32(i))
		}
	}
	for a, d := range g.Datum {
		if d {
			known[a] = true
			queue = append(queue, int32(a))
		}
	}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, ci := range uses[a] {
			missing[ci]--
			if missing[ci] == 0 {
				if h := g.Clauses[ci].Head; !known[h] {
					known[h] = true
					queue = append(queue, h)
				}
			}
		}
	}
	return known
}

// String prints the graph: each atom with its alternatives (premise sets
// joined by '&', alternatives by '|'), the data, and the excluded clauses.
func (g *Graph) String() string {
	var b strings.Builder
	w := 0
	for _, a := range g.Atoms {
		w = max(w, len(a))
	}
	for i, a := range g.Atoms {
		fmt.Fprintf(&b, "  %-*s  ", w, a)
		switch {
		case g.Datum[i]:
			b.WriteString("datum (won)")
		case len(g.ByHead[i]) == 0:
			b.WriteString("no clause (lost)")
		default:
			for k, ci := range g.ByHead[i] {
				if k > 0 {
					b.WriteString("  |  ")
				}
				for j, p := range g.Clauses[ci].Body {
					if j > 0 {
						b.WriteString(" & ")
					}
					b.WriteString(g.Atoms[p])
				}
			}
		}
		b.WriteByte('\n')
	}
	for _, c := range g.Excluded {
		fmt.Fprintf(&b, "  excluded, its head is a datum: %s\n", c)
	}
	return b.String()
}

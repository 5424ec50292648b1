// Package target owns the targets of the AL3 prover (DESIGN.md, "The AL3
// execution cycle", points 3-5): sets of lines `A -> B` over interned
// hypotheses, their product with the clause form of a relation, their
// simplification against facts, the implied values of hypotheses, the
// "most interesting hypothesis" counts and the theorem test. It knows
// nothing of games, formulas or hypothesis terms: it works on hypotheses
// already interned to IDs (the AL3 cycle's table of hypotheses does that),
// and prints them through a Namer. It imports nothing of ours.
package target

import (
	"cmp"
	"slices"
	"strings"
)

// ID is an interned hypothesis.
type ID int32

// Namer gives the printed name of a hypothesis (the AL3 cycle's table of
// hypotheses is one), for String.
type Namer interface {
	Name(id ID) string
}

// Line is `If -> Then`: the clause ~(and If) | (or Then). Both sides are
// sorted and free of duplicates (NewLine makes them so).
type Line struct{ If, Then []ID }

// NewLine returns the line ifs -> thens with sorted, deduplicated sides.
func NewLine(ifs, thens []ID) Line {
	return Line{If: set(ifs), Then: set(thens)}
}

func set(ids []ID) []ID {
	if len(ids) == 0 {
		return nil
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// Eval reports whether the line holds under the assignment v.
func (l Line) Eval(v func(ID) bool) bool {
	for _, h := range l.If {
		if !v(h) {
			return true
		}
	}
	for _, h := range l.Then {
		if v(h) {
			return true
		}
	}
	return false
}

// Meets reports whether the two sides share a hypothesis (then the line is
// a tautology).
func (l Line) Meets() bool { return intersects(l.If, l.Then) }

// Implies reports whether l implies m: l.If ⊆ m.If and l.Then ⊆ m.Then.
func (l Line) Implies(m Line) bool { return subset(l.If, m.If) && subset(l.Then, m.Then) }

func (l Line) String(n Namer) string {
	var b strings.Builder
	for i, h := range l.If {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n.Name(h))
	}
	if len(l.If) > 0 {
		b.WriteByte(' ')
	}
	b.WriteString("->")
	for i, h := range l.Then {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(n.Name(h))
	}
	return b.String()
}

func subset(a, b []ID) bool {
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i == len(b) || b[i] != x {
			return false
		}
		i++
	}
	return true
}

func intersects(a, b []ID) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

func union(a, b []ID) []ID {
	out := make([]ID, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, a[i])
			i++
			j++
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		default:
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// Target is a conjunction of lines. No lines is true (a theorem); a line
// with both sides empty is false.
type Target struct{ Lines []Line }

// Start returns the targets of DESIGN.md point 1 for the query q: the
// positive target `-> q` and the negative target `q ->`.
func Start(q ID) (pos, neg Target) {
	return Of(NewLine(nil, []ID{q})), Of(NewLine([]ID{q}, nil))
}

// Of returns the target of the given lines.
func Of(lines ...Line) Target { return Target{Lines: lines} }

// Eval reports whether t holds under the assignment v.
func (t Target) Eval(v func(ID) bool) bool {
	for _, l := range t.Lines {
		if !l.Eval(v) {
			return false
		}
	}
	return true
}

// Proved reports whether t has no lines left (it is true).
func (t Target) Proved() bool { return len(t.Lines) == 0 }

// String prints the lines, one per line of text.
func (t Target) String(n Namer) string {
	var b strings.Builder
	for _, l := range t.Lines {
		b.WriteString(l.String(n))
		b.WriteByte('\n')
	}
	return b.String()
}

// Or returns the product t | c: every line of t joined with every line of
// c (a target with no lines, true, absorbs the other). Applying a method
// with relation R makes each target T into Or(T, clauses(~R)).
func Or(t, c Target) Target {
	if t.Proved() || c.Proved() {
		return Target{}
	}
	out := Target{Lines: make([]Line, 0, len(t.Lines)*len(c.Lines))}
	for _, a := range t.Lines {
		for _, b := range c.Lines {
			out.Lines = append(out.Lines, Line{If: union(a.If, b.If), Then: union(a.Then, b.Then)})
		}
	}
	return out
}

// Facts are the decided hypotheses.
type Facts map[ID]bool

// Simplify returns t with the facts substituted and redundant lines gone:
// a line with a false fact on the left, a true fact on the right, or a
// hypothesis on both sides is dropped (a tautology); true facts leave the
// left sides and false facts the right sides; a line implied by another
// (A ⊆ A1 and B ⊆ B1 implies A1 -> B1) is dropped, and of equal lines the
// first is kept. The lines come out sorted by size, then by hypotheses, so
// the result does not depend on the input order.
func Simplify(t Target, facts Facts) Target {
	lines := make([]Line, 0, len(t.Lines))
next:
	for _, l := range t.Lines {
		var nl Line
		for _, h := range l.If {
			v, ok := facts[h]
			if ok && !v {
				continue next
			}
			if !ok {
				nl.If = append(nl.If, h)
			}
		}
		for _, h := range l.Then {
			v, ok := facts[h]
			if ok && v {
				continue next
			}
			if !ok {
				nl.Then = append(nl.Then, h)
			}
		}
		if nl.Meets() {
			continue
		}
		lines = append(lines, nl)
	}
	slices.SortFunc(lines, compareLines)
	out := Target{Lines: lines[:0]}
	for _, l := range lines {
		implied := false
		for _, k := range out.Lines {
			if k.Implies(l) {
				implied = true
				break
			}
		}
		if !implied {
			out.Lines = append(out.Lines, l)
		}
	}
	if len(out.Lines) == 0 {
		out.Lines = nil
	}
	return out
}

func compareLines(a, b Line) int {
	if c := cmp.Compare(len(a.If)+len(a.Then), len(b.If)+len(b.Then)); c != 0 {
		return c
	}
	if c := slices.Compare(a.If, b.If); c != 0 {
		return c
	}
	return slices.Compare(a.Then, b.Then)
}

// Value is a hypothesis with the value implied for it.
type Value struct {
	H     ID
	Value bool
}

// Implied returns the implied values of DESIGN.md point 4: a hypothesis on
// the left of every line of both targets is true, one on the right of every
// line of both is false. (Were it the other way, both targets would hold,
// so the query and its negation would both follow.) Both targets must have
// lines; the result is sorted by hypothesis.
func Implied(pos, neg Target) []Value {
	if pos.Proved() || neg.Proved() {
		return nil
	}
	left, right := pos.Lines[0].If, pos.Lines[0].Then
	for _, t := range []Target{pos, neg} {
		for _, l := range t.Lines {
			left = intersect(left, l.If)
			right = intersect(right, l.Then)
		}
	}
	var out []Value
	for _, h := range left {
		out = append(out, Value{h, true})
	}
	for _, h := range right {
		out = append(out, Value{h, false})
	}
	slices.SortFunc(out, func(a, b Value) int { return cmp.Compare(a.H, b.H) })
	return out
}

func intersect(a, b []ID) []ID {
	var out []ID
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, a[i])
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return out
}

// Occurrences counts the occurrences of each hypothesis in both targets,
// the measure of "the most interesting hypothesis".
func Occurrences(pos, neg Target) map[ID]int {
	n := map[ID]int{}
	for _, t := range []Target{pos, neg} {
		for _, l := range t.Lines {
			for _, h := range l.If {
				n[h]++
			}
			for _, h := range l.Then {
				n[h]++
			}
		}
	}
	return n
}

// Answer is the verdict the targets give.
type Answer uint8

const (
	Open Answer = iota // neither target is proved yet
	Yes                // the positive target has no lines: the query is a theorem
	No                 // the negative target has no lines: its negation is
)

func (a Answer) String() string { return [...]string{"open", "yes", "no"}[a] }

// Verdict is the theorem test of DESIGN.md point 5. Were both targets proved
// the knowledge base would be inconsistent; Yes is reported then, and the
// caller may check Proved on both.
func Verdict(pos, neg Target) Answer {
	switch {
	case pos.Proved():
		return Yes
	case neg.Proved():
		return No
	}
	return Open
}

package target

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

const nHyp = 6

func randomLine(r *rand.Rand) Line {
	var ifs, thens []ID
	for h := range nHyp {
		switch r.IntN(5) {
		case 0:
			ifs = append(ifs, ID(h))
		case 1:
			thens = append(thens, ID(h))
		case 2:
			if r.IntN(3) == 0 {
				ifs = append(ifs, ID(h))
				thens = append(thens, ID(h))
			}
		}
	}
	return NewLine(ifs, thens)
}

func randomTarget(r *rand.Rand) Target {
	n := r.IntN(6)
	t := Target{}
	for range n {
		t.Lines = append(t.Lines, randomLine(r))
	}
	return t
}

func randomFacts(r *rand.Rand) Facts {
	f := Facts{}
	for h := range nHyp {
		if r.IntN(3) == 0 {
			f[ID(h)] = r.IntN(2) == 0
		}
	}
	return f
}

// assignments calls fn with every assignment of the nHyp hypotheses.
func assignments(fn func(v func(ID) bool, bits int)) {
	for bits := range 1 << nHyp {
		fn(func(h ID) bool { return bits>>h&1 == 1 }, bits)
	}
}

func TestSimplifyKeepsTheMeaning(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 3000 {
		tg, facts := randomTarget(r), randomFacts(r)
		if i%3 == 0 {
			facts = Facts{}
		}
		s := Simplify(tg, facts)
		assignments(func(v func(ID) bool, bits int) {
			for h, val := range facts {
				if v(h) != val {
					return // not consistent with the facts
				}
			}
			require.Equal(t, tg.Eval(v), s.Eval(v), "case %d assignment %b", i, bits)
		})
		for j, l := range s.Lines {
			require.False(t, l.Meets(), "tautology left")
			for _, h := range append(append([]ID{}, l.If...), l.Then...) {
				_, decided := facts[h]
				require.False(t, decided, "decided hypothesis left")
			}
			for k, m := range s.Lines {
				if j != k {
					require.False(t, m.Implies(l), "implied line left")
				}
			}
		}
		// Simplification is idempotent and independent of the line order.
		require.Equal(t, s, Simplify(s, facts))
		rev := Target{}
		for k := len(tg.Lines) - 1; k >= 0; k-- {
			rev.Lines = append(rev.Lines, tg.Lines[k])
		}
		require.Equal(t, s, Simplify(rev, facts))
	}
}

func TestProductIsDisjunction(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for i := range 2000 {
		a, b := randomTarget(r), randomTarget(r)
		p := Or(a, b)
		assignments(func(v func(ID) bool, bits int) {
			require.Equal(t, a.Eval(v) || b.Eval(v), p.Eval(v), "case %d assignment %b", i, bits)
		})
	}
}

func TestImpliedValues(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	found := 0
	for i := range 5000 {
		pos, neg := randomTarget(r), randomTarget(r)
		if i%2 == 0 { // make shared hypotheses likely
			h := ID(r.IntN(nHyp))
			for k := range pos.Lines {
				pos.Lines[k] = NewLine(append(pos.Lines[k].If, h), pos.Lines[k].Then)
			}
			for k := range neg.Lines {
				neg.Lines[k] = NewLine(append(neg.Lines[k].If, h), neg.Lines[k].Then)
			}
		}
		for _, iv := range Implied(pos, neg) {
			found++
			// With the opposite value both targets hold: the query and its
			// negation would both follow.
			assignments(func(v func(ID) bool, bits int) {
				if v(iv.H) == iv.Value {
					return
				}
				require.True(t, pos.Eval(v) && neg.Eval(v), "case %d: %v", i, iv)
			})
		}
	}
	require.Greater(t, found, 100)
	require.Nil(t, Implied(Target{}, Of(NewLine([]ID{1}, nil))))
}

// TestMethodApplication follows DESIGN.md: query H1; method with relation
// H2 | H3 | H4 -> H1, whose negation has the clause form {-> H2, H3, H4;
// H1 ->}; then the fact H2 = true proves the query.
func TestMethodApplication(t *testing.T) {
	n := names{"H1", "H2", "H3", "H4"}
	q := n.id("H1")
	pos, neg := Start(q)
	require.Equal(t, "-> H1\n", pos.String(n))
	require.Equal(t, "H1 ->\n", neg.String(n))
	notR := Of(NewLine(nil, []ID{n.id("H2"), n.id("H3"), n.id("H4")}), NewLine([]ID{n.id("H1")}, nil))
	pos = Simplify(Or(pos, notR), nil)
	neg = Simplify(Or(neg, notR), nil)
	require.Equal(t, "-> H1, H2, H3, H4\n", pos.String(n))
	require.Equal(t, "H1 ->\n", neg.String(n))
	require.Equal(t, Open, Verdict(pos, neg))
	occ := Occurrences(pos, neg)
	require.Equal(t, 2, occ[q])
	require.Equal(t, 1, occ[n.id("H3")])
	facts := Facts{n.id("H2"): true}
	pos, neg = Simplify(pos, facts), Simplify(neg, facts)
	require.True(t, pos.Proved())
	require.Equal(t, Yes, Verdict(pos, neg))
	// H1 = false instead leaves the negative target empty: no.
	pos2, neg2 := Start(q)
	facts = Facts{q: false}
	require.Equal(t, No, Verdict(Simplify(pos2, facts), Simplify(neg2, facts)))
	// A false fact on the right of `-> H1` leaves the empty line: false.
	require.Equal(t, []Line{{}}, Simplify(pos2, facts).Lines)
}

func TestLineHelpers(t *testing.T) {
	l := NewLine([]ID{3, 1, 3}, []ID{2, 2})
	require.Equal(t, Line{If: []ID{1, 3}, Then: []ID{2}}, l)
	require.True(t, NewLine([]ID{1}, nil).Implies(l))
	require.False(t, l.Implies(NewLine([]ID{1}, nil)))
	require.True(t, NewLine([]ID{1}, []ID{1}).Meets())
	require.True(t, Or(Target{}, Of(l)).Proved())
	require.Equal(t, "a -> suc(P)", NewLine([]ID{0}, []ID{1}).String(names{"a", "suc(P)"}))
	require.Equal(t, "a, suc(P) ->", NewLine([]ID{1, 0, 1}, nil).String(names{"a", "suc(P)"}))
}

// names is a Namer: the name of ID i is names[i].
type names []string

func (n names) Name(id ID) string { return n[id] }

func (n names) id(name string) ID {
	for i, m := range n {
		if m == name {
			return ID(i)
		}
	}
	panic("no hypothesis " + name)
}

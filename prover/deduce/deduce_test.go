package deduce

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/lang/langtest"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func loadWith(t *testing.T, name string, data ...string) *Graph {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	for _, d := range data {
		src = append(src, []byte(d+".\n")...)
	}
	p, ds := Parse(name, string(src))
	require.Empty(t, ds)
	return NewGraph(p)
}

// check proves goal, checks the answer against forward chaining and the
// proof clause by clause, and returns the result.
func check(t *testing.T, g *Graph, goal string, o Options) *Result {
	t.Helper()
	r, _, err := Prove(g, goal, o)
	require.NoError(t, err)
	fc := ForwardChain(g)
	a, _ := g.Lookup(goal)
	if r.Proved {
		require.True(t, fc[a], "proved %s but forward chaining does not derive it", goal)
		checkProof(t, g, r.Proof)
	} else {
		require.NotEmpty(t, r.Failed)
		if !r.SemiDecision {
			require.False(t, fc[a], "%s not proved without a cut, but forward chaining derives it", goal)
		}
	}
	if o.Depth == 0 && o.MaxNodes == 0 {
		require.Equal(t, fc[a], r.Proved, "an unbounded search decides %s", goal)
		require.False(t, r.SemiDecision)
	}
	if o.MaxNodes > 0 {
		// The node bound bounds the searches together (issue 22).
		require.LessOrEqual(t, r.Nodes, o.MaxNodes, "the searches visited %d nodes under a bound of %d", r.Nodes, o.MaxNodes)
	}
	return r
}

// checkProof verifies each step: a datum, or a clause of the problem whose
// premises are proved below it.
func checkProof(t *testing.T, g *Graph, p *Proof) {
	a, ok := g.Lookup(p.Atom)
	require.True(t, ok)
	if p.Clause == nil {
		require.True(t, g.Datum[a], "%s used as a datum", p.Atom)
		require.Empty(t, p.Premises)
		return
	}
	require.Equal(t, p.Atom, p.Clause.Head)
	require.Len(t, p.Premises, len(p.Clause.Body))
	found := false
	for _, c := range g.Clauses {
		if c.Src.String() == p.Clause.String() {
			found = true
		}
	}
	require.True(t, found, "clause %s", p.Clause)
	for i, q := range p.Premises {
		require.Equal(t, p.Clause.Body[i], q.Atom)
		checkProof(t, g, q)
	}
}

func trace(r *Result) string {
	var b strings.Builder
	for _, s := range r.Steps {
		b.WriteString(s.String())
		b.WriteByte('\n')
	}
	if r.Proved {
		b.WriteString("proved:\n" + r.Proof.Lines())
	} else {
		b.WriteString("not proved\n")
	}
	return b.String()
}

// The examples of seed 000, IV.4, with the thesis's answers.
func TestThesisExamples(t *testing.T) {
	for _, tc := range []struct {
		name, file, goal string
		data             []string
		proved           bool
	}{
		{"4.1", "loans.horn", "pd", nil, true},
		{"4.2", "ex42.horn", "h", []string{"b", "c"}, true},
		{"4.3", "ex42.horn", "f", []string{"b"}, true},
		{"4.4", "ex42.horn", "a", []string{"b"}, false},
		{"4.5", "ex45.horn", "d", []string{"a", "k"}, true},
		{"4.6", "ex45.horn", "b", []string{"a", "k"}, false},
		{"4.7", "ex45.horn", "d", []string{"a", "c", "h"}, true},
		{"4.8", "ex45.horn", "e", []string{"a", "c", "h"}, false},
		{"4.9", "ex49.horn", "a", []string{"j", "v", "z"}, true},
		{"4.10", "ex49.horn", "a", []string{"o", "r"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := loadWith(t, tc.file, tc.data...)
			r := check(t, g, tc.goal, Options{})
			require.Equal(t, tc.proved, r.Proved)
			got := trace(r)
			path := filepath.Join("testdata", "ex"+tc.name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, string(want), got)
		})
	}
}

func TestThesisFirstMoves(t *testing.T) {
	// 4.1: "para demostrar (pd 1) hay que demostrar (pd 2)" where pd 2 is
	// the clause pd :- bs, mc (the other one needs cu, a lost node).
	r := check(t, loadWith(t, "loans.horn"), "pd", Options{})
	require.Equal(t, "to prove (pd 1) prove (pd 3)   value 1, clause pd :- bs, mc. (search: 22 nodes, 6 static evaluations)", r.Steps[0].String())
	// 4.4: no clause for g: "no puedo hacer la demostracion".
	r = check(t, loadWith(t, "ex42.horn", "b"), "a", Options{})
	require.False(t, r.Proved)
	require.False(t, r.SemiDecision)
}

func TestCyclesAndDeadEnds(t *testing.T) {
	g := loadWith(t, "cycle.horn")
	r := check(t, g, "a", Options{})
	require.True(t, r.Proved)
	require.Equal(t, "a :- b.\n  b :- c.\n    c :- d.\n      d.\n", r.Proof.Lines())
	// Only the cycle: no proof, and a definite one.
	p, ds := Parse("f", "a :- b. b :- a. b :- dead.")
	require.Empty(t, ds)
	r = check(t, NewGraph(p), "a", Options{})
	require.False(t, r.Proved)
	require.False(t, r.SemiDecision)
}

// A bound too small to see the data makes failures semi-decisions; a
// proof found under a bound is still a proof.
func TestBoundsAreSemiDecisions(t *testing.T) {
	// The first clause is a long dead end, the second a short proof; with
	// a bound of 2 plies alpha-beta cannot tell them apart (both 0) and
	// takes the first, then finds it lost; 3 plies see the datum z.
	p, ds := Parse("f", "a :- b. b :- c. c :- d. d :- e. a :- z. z.")
	require.Empty(t, ds)
	g := NewGraph(p)
	r := check(t, g, "a", Options{Depth: 2})
	require.False(t, r.Proved, trace(r))
	require.True(t, r.SemiDecision)
	require.Equal(t, "(e 1)", r.Failed)
	r = check(t, g, "a", Options{Depth: 3})
	require.True(t, r.Proved, trace(r))
	require.Equal(t, "a :- z.\n  z.\n", r.Proof.Lines())
	p, ds = Parse("f", "a :- b, q. b :- c. c :- d. d :- e. a :- y, z. y :- w. w :- v. v :- u. u. z.")
	require.Empty(t, ds)
	g = NewGraph(p)
	r = check(t, g, "a", Options{Depth: 1})
	require.False(t, r.Proved, trace(r))
	require.True(t, r.SemiDecision)
	r = check(t, g, "a", Options{})
	require.True(t, r.Proved)
	// The node bound.
	r = check(t, g, "a", Options{MaxNodes: 4})
	require.False(t, r.Proved)
	require.True(t, r.SemiDecision)
}

// Random problems, with cycles and dead ends: every answer agrees with
// forward chaining, with and without bounds.
func TestRandomProblems(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 600 {
		src := randomProblem(r)
		p, ds := Parse("rand", src)
		require.Empty(t, ds, src)
		g := NewGraph(p)
		for _, goal := range g.Atoms {
			check(t, g, goal, Options{})
			check(t, g, goal, Options{Depth: 1 + r.IntN(6)})
			check(t, g, goal, Options{MaxNodes: 1 + r.IntN(60)})
		}
		_ = i
	}
}

// TestLongChainsAndCycles: a chain of 5,000 clauses is proved, and a
// cycle of 10,000 fails, within the node bound and in time linear in the
// nodes visited (issue 22: neither finished in 90 s, with or without a
// bound).
func TestLongChainsAndCycles(t *testing.T) {
	for _, c := range []struct {
		src      string
		bound    int
		proved   bool
		semiDec  bool
		failedAt string
	}{
		{hostileChain(5000), 30_000_000, true, false, ""},
		{hostileChain(5000), 100_000, false, true, ""},
		{hostileCycle(10_000), 1_000_000, false, true, ""},
		{hostileCycle(300), 1_000_000, false, false, "(a0 3)"},
	} {
		if (testing.Short() || raceOn) && c.bound > 1_000_000 {
			continue
		}
		p, ds := Parse("h", c.src)
		require.Empty(t, ds)
		g := NewGraph(p)
		r := check(t, g, "a0", Options{MaxNodes: c.bound})
		require.Equal(t, c.proved, r.Proved)
		require.Equal(t, c.semiDec, r.SemiDecision, "%s %s", r.Failed, r.Reason)
		if c.failedAt != "" {
			require.Equal(t, c.failedAt, r.Failed)
		}
	}
}

func hostileChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d :- a%d.\n", i, i+1)
	}
	fmt.Fprintf(&b, "a%d.\n", n)
	return b.String()
}

func hostileCycle(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d :- a%d.\n", i, (i+1)%n)
	}
	return b.String()
}

// BenchmarkChain is the cost of proving a chain of n clauses (n searches,
// each through the rest of the chain: n²/2 nodes): a search whose cost
// per node grew with the depth (copying principal lines, allocating per
// ply) would show as ns/node growing with n.
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{500, 2000} {
		p, _ := Parse("h", hostileChain(n))
		g := NewGraph(p)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var nodes int
			for b.Loop() {
				r, _, _ := Prove(g, "a0", Options{MaxNodes: 100_000_000})
				nodes = r.Nodes
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		})
	}
}

func randomProblem(r *rand.Rand) string {
	n := 2 + r.IntN(7)
	atom := func() string { return fmt.Sprintf("a%d", r.IntN(n)) }
	var b strings.Builder
	for range r.IntN(3 * n) {
		b.WriteString(atom())
		b.WriteString(" :- ")
		k := 1 + r.IntN(3)
		for j := range k {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(atom())
		}
		b.WriteString(".\n")
	}
	for range r.IntN(3) {
		b.WriteString(atom() + ".\n")
	}
	return b.String()
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a :- b", "f:1:7: expected ',' or '.' after b, found end of file"},
		{"a :- .", "f:1:6: expected an atom in the body of a, found '.'"},
		{"a b.", "f:1:3: expected ':-' or '.' after a, found atom b"},
		{":- a.", "f:1:1: expected a clause or a datum, found ':-'"},
		{"a :- b, $.", "f:1:9: expected an atom in the body of a, found character \"$\""},
		{"?- a. ?- b.", "f:1:7: a second goal; the first is at 1:4"},
		{"?- .", "f:1:4: expected the goal's atom after '?-', found '.'"},
		// Every error, with recovery at the next '.'.
		{"a :- . b c.\nd :- e,, f.\ng.", "f:1:6: expected an atom in the body of a, found '.'\nf:1:10: expected ':-' or '.' after b, found atom c\nf:2:8: expected an atom in the body of d, found ','"},
		// Columns count characters, as lang.Pos does.
		{"é. a b.", "f:1:1: expected a clause or a datum, found character \"é\"\nf:1:6: expected ':-' or '.' after a, found atom b"},
	} {
		p, ds := Parse("f", tc.src)
		require.Nil(t, p, tc.src)
		require.True(t, ds.HasErrors(), tc.src)
		require.Equal(t, tc.want, ds.Error(), tc.src)
	}
}

// The errors are lang.Diagnostics with the whole position: the byte offset
// too, which is what a printer needs to find the source line.
func TestParseErrorPositions(t *testing.T) {
	_, ds := Parse("f.horn", "a.\nb :- $.")
	require.Equal(t, lang.Diagnostics{{
		Pos:      lang.Pos{Filename: "f.horn", Offset: 8, Line: 2, Column: 6},
		Severity: lang.Error,
		Msg:      `expected an atom in the body of b, found character "$"`,
	}}, ds)
}

func TestUnknownGoal(t *testing.T) {
	_, _, err := Prove(loadWith(t, "loans.horn"), "pdd", Options{})
	require.EqualError(t, err, `the goal "pdd" is not an atom of the problem; did you mean "pd"?`)
	// The same rule as a knowledge base's unknown names (kb.Nearest):
	// case is ignored, a far name gets no suggestion.
	_, _, err = Prove(loadWith(t, "loans.horn"), "PD", Options{})
	require.EqualError(t, err, `the goal "PD" is not an atom of the problem; did you mean "pd"?`)
	_, _, err = Prove(loadWith(t, "loans.horn"), "zzzz", Options{})
	require.EqualError(t, err, `the goal "zzzz" is not an atom of the problem`)
}

func TestGraphAndTree(t *testing.T) {
	g := loadWith(t, "loans.horn")
	a, _ := g.Lookup("pd")
	tr := NewTree(g, a, 0)
	got := g.String() + "\n" + tr.Format(0, 100, 1000)
	path := filepath.Join("testdata", "loans.tree.golden")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), got)
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a :- b, c.\nd.\n?- a.", "a :- . b c.", "% c\n# c\nx_1 :- y2."} {
		f.Add(s)
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "errors.horn")); err == nil {
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, ds := Parse("fuzz", src)
		if ds != nil {
			if p != nil || !ds.HasErrors() {
				t.Fatalf("Parse returned a program with errors, or only warnings: %v", ds)
			}
			checkPositions(t, src, ds)
			return
		}
		out := Format(p)
		q, ds := Parse("fuzz", out)
		if ds != nil || Format(q) != out {
			t.Fatalf("Format does not round-trip: %v\n%s", ds, out)
		}
		g := NewGraph(p)
		if len(g.Atoms) > 12 || len(g.Clauses) > 24 {
			return
		}
		fc := ForwardChain(g)
		for i, a := range g.Atoms {
			r, _, err := Prove(g, a, Options{MaxNodes: 20000})
			if err != nil {
				t.Fatal(err)
			}
			if r.Proved && !fc[i] || !r.Proved && !r.SemiDecision && fc[i] {
				t.Fatalf("%s: proved=%v, forward chaining %v", a, r.Proved, fc[i])
			}
		}
	})
}

// TestErrorFile checks a file of errors against the expectations written
// inline on its lines, as the knowledge-base tests do (lang/langtest).
func TestErrorFile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "errors.horn"))
	require.NoError(t, err)
	_, ds := Parse("errors.horn", string(src))
	require.NotEmpty(t, ds)
	langtest.Check(t, src, ds)
}

// checkPositions fails t unless every position of ds is the one
// lang.Pos.Advance gives for its offset: the line and column the error
// printer shows and the offset it finds the source line by agree.
func checkPositions(t *testing.T, src string, ds lang.Diagnostics) {
	t.Helper()
	for _, d := range ds {
		if d.Pos.Offset < 0 || d.Pos.Offset > len(src) {
			t.Fatalf("%s: offset %d outside the source (%d bytes)", d, d.Pos.Offset, len(src))
		}
		want := lang.Pos{Filename: "fuzz", Line: 1, Column: 1}
		want.Advance(src[:d.Pos.Offset])
		if d.Pos != want {
			t.Fatalf("%s: position %#v, but offset %d is at %#v", d, d.Pos, d.Pos.Offset, want)
		}
	}
}

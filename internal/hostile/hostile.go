// Package hostile generates the hostile inputs of issue 22: knowledge
// bases, Horn files and queries built to make a careless front end, prover
// or deduction run away (huge clause forms, plan combinations with
// themselves, patterns sharing sub-patterns, chains and cycles of clauses,
// files of nothing but errors). Each input is data in one list, Inputs, so
// that the command-line tests (cmd/al/testdata/script/hostile*.txtar, through
// the testscript command `hostile NAME FILE [N]`), the benchmarks and
// `go run ./internal/hostile/gen DIR` (which writes every input at its
// default size into DIR, by default testdata/hostile) use the same bytes.
//
// Sizes are parameters: the tests generate the huge ones at test time
// rather than commit megabytes.
package hostile

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Input is one hostile input.
type Input struct {
	// Name is the input's name and its file name (with its extension).
	Name string
	// What says what it attacks.
	What string
	// N is the default size (what gen writes and the issue reported).
	N int
	// Gen returns the input of size n.
	Gen func(n int) []byte
}

// Inputs are the hostile inputs, by name.
var Inputs = []Input{
	{"pattern3.al1", "a pattern declared with three position parameters, used without arguments", 1, pattern3},
	{"errors.al3", "n errors, each an unknown name (each asks for a nearest-name suggestion)", 100_000, manyErrors},
	{"syntax.al3", "n syntax errors, one per line", 100_000, manySyntax},
	{"lexical.al3", "n characters that start no token", 100_000, manyLexical},
	{"patterns.al3", "n patterns, a binary tree of uses (a valid base)", 100_000, manyPatterns},
	{"clauses.al3", "n methods (n relations), a valid base", 100_000, manyMethods},
	{"cnf.al3", "a relation whose clause form has 2^n lines: (A1 & B1) | ... | (An & Bn) -> GANA", 40, cnfBlowup},
	{"orchain.al3", "a query combining a plan with itself n times: suc(P or P or ... or P)", 100_000, orChain},
	{"dag.al1", "patterns referring to the one below twice, n levels (a DAG of n nodes, a tree of 2^n)", 60, dag},
	{"chain.horn", "a chain of n Horn clauses a0 :- a1. ... an.", 5_000, hornChain},
	{"cycle.horn", "a cycle of n Horn clauses a0 :- a1. ... an-1 :- a0.", 10_000, hornCycle},
	{"wide.horn", "n clauses concluding one atom, each from n premises that fail", 300, hornWide},
	{"longline.txt", "one line of n bytes and no line end (a defender's input)", 1 << 20, longLine},
	{"garbage.txt", "n lines that are no move (a defender's input)", 10_000, garbage},
}

// Lookup returns the input called name.
func Lookup(name string) (Input, bool) {
	for _, in := range Inputs {
		if in.Name == name {
			return in, true
		}
	}
	return Input{}, false
}

// Names lists the inputs' names, sorted.
func Names() []string {
	out := make([]string, len(Inputs))
	for i, in := range Inputs {
		out[i] = in.Name
	}
	sort.Strings(out)
	return out
}

func pattern3(int) []byte {
	return []byte(`pattern NEAR(P0, P1, P2) = mate
advice A white depth 1
  better NEAR
table T white
  rule true : A
`)
}

func manyErrors(n int) []byte {
	var b bytes.Buffer
	b.WriteString("query GANA\n")
	for i := range n {
		fmt.Fprintf(&b, "pattern X%d = nosuch%d\n", i, i)
	}
	return b.Bytes()
}

func manySyntax(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "pattern X%d = (\n", i)
	}
	return b.Bytes()
}

func manyLexical(n int) []byte {
	var b bytes.Buffer
	b.WriteString("pattern X = mate\n")
	for i := range n {
		b.WriteByte('$')
		if i%80 == 79 {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

func manyPatterns(n int) []byte {
	var b bytes.Buffer
	// A binary tree of patterns: X(i) = X(2i+1) | X(2i+2), the leaves
	// library predicates, every pattern used once, nesting log2(n) deep.
	for i := range n {
		l, r := 2*i+1, 2*i+2
		switch {
		case r < n:
			fmt.Fprintf(&b, "pattern X%d = X%d | X%d\n", i, l, r)
		case l < n:
			fmt.Fprintf(&b, "pattern X%d = X%d | mate\n", i, l)
		default:
			fmt.Fprintf(&b, "pattern X%d = check\n", i)
		}
	}
	b.WriteString("lemma L = X0\nquery L\n")
	return b.Bytes()
}

func manyMethods(n int) []byte {
	var b bytes.Buffer
	b.WriteString("query H0\n")
	for i := range n {
		fmt.Fprintf(&b, "method M%d easy\n  pre A: H%d\n  action B: H%d\n  relation B -> A\n", i, i, i+1)
	}
	return b.Bytes()
}

func cnfBlowup(n int) []byte {
	var b bytes.Buffer
	b.WriteString("query GANA\nmethod M easy\n  pre H: GANA\n  action ")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "A%d, B%d", i, i)
	}
	b.WriteString("\n  relation ")
	for i := range n {
		if i > 0 {
			b.WriteString(" | ")
		}
		fmt.Fprintf(&b, "(A%d & B%d)", i, i)
	}
	b.WriteString(" -> H\n")
	return b.Bytes()
}

func orChain(n int) []byte {
	var b bytes.Buffer
	b.WriteString("plan P white depth 1\n  better mate\nquery suc(P")
	for range n - 1 {
		b.WriteString(" or P")
	}
	b.WriteString(")\n")
	return b.Bytes()
}

func dag(n int) []byte {
	var b bytes.Buffer
	b.WriteString("pattern D0 = mate\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "pattern D%d = D%d <-> D%d\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "advice A white depth 1\n  better D%d\ntable T white\n  rule D%d | true : A\n", n, n)
	return b.Bytes()
}

func hornChain(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d :- a%d.\n", i, i+1)
	}
	fmt.Fprintf(&b, "a%d.\n?- a0.\n", n)
	return []byte(b.String())
}

func hornCycle(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d :- a%d.\n", i, (i+1)%n)
	}
	b.WriteString("?- a0.\n")
	return []byte(b.String())
}

func hornWide(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "g :- ")
		for j := range n {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "p%d_%d", i, j)
		}
		b.WriteString(".\n")
	}
	b.WriteString("?- g.\n")
	return []byte(b.String())
}

func longLine(n int) []byte { return bytes.Repeat([]byte("e"), n) }

func garbage(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "\x01junk%d\xff\n", i)
	}
	return b.Bytes()
}

package kb

import (
	"fmt"
	"strings"
	"testing"
)

// The class of inputs of issue 22's panic: patterns declared with any
// number of parameters (valid, invalid, repeated) and predicates and
// patterns called with any number of arguments, in every place a formula
// may stand. arityBase builds one such base from a string of choices;
// TestArityExhaustive walks every pattern and use of one level, and
// FuzzArity lets the fuzzer combine several.

var (
	arityParams = []string{"P0", "P1", "P2", "X", "P1"}
	arityArgs   = []string{"P0", "P1", "P2", "Q", "P2"}
	// Places a formula stands, with the name of what it is compiled as.
	arityPlaces = []string{"rule", "lemma", "better", "holding", "moves", "replies", "pattern"}
)

// arityArgList returns "(a, b, ...)" of n arguments picked by c, or "" for n < 0
// (no parentheses at all).
func arityArgList(n int, c func() int) string {
	if n < 0 {
		return ""
	}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = arityArgs[c()%len(arityArgs)]
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// arityBase returns a knowledge base built from the choices in data (any
// bytes: they are read in a cycle; none gives the first choice of each).
func arityBase(data []byte) string {
	i := 0
	c := func() int {
		if len(data) == 0 {
			return 0
		}
		v := int(data[i%len(data)])
		i++
		return v
	}
	var pats []string
	npat := 1 + c()%3
	for k := range npat {
		params := ""
		if np := c()%6 - 1; np >= 0 {
			ps := make([]string, np)
			for j := range ps {
				ps[j] = arityParams[c()%len(arityParams)]
			}
			params = "(" + strings.Join(ps, ", ") + ")"
		}
		pats = append(pats, fmt.Sprintf("pattern N%d%s = %s", k, params, arityAtom(k, c)))
	}
	return aritySource(pats, arityAtom(npat, c), arityPlaces[c()%len(arityPlaces)])
}

// aritySource is a base of the pattern declarations pats and a formula
// use standing in place (one of arityPlaces).
func aritySource(pats []string, use, place string) string {
	var b strings.Builder
	for _, p := range pats {
		b.WriteString(p + "\n")
	}
	switch place {
	case "rule":
		fmt.Fprintf(&b, "advice A white depth 1\n  better mate\ntable T white\n  rule %s : A\n", use)
	case "lemma":
		fmt.Fprintf(&b, "lemma L = %s\nquery L\n", use)
	case "pattern":
		fmt.Fprintf(&b, "pattern U(P1, P2) = %s\nadvice A white depth 1\n  better U\ntable T white\n  rule true : A\n", use)
	case "better":
		fmt.Fprintf(&b, "advice A white depth 1\n  better %s\ntable T white\n  rule true : A\n", use)
	default:
		fmt.Fprintf(&b, "advice A white depth 1\n  better mate\n  %s %s\ntable T white\n  rule true : A\n", place, use)
	}
	return b.String()
}

// arityAtom is a predicate or one of the first k patterns, called with
// any number of arguments.
func arityAtom(k int, c func() int) string {
	n := c()%5 - 1 // -1: no parentheses
	switch x := c() % (2 + k); x {
	case 0:
		return "mate" + arityArgList(n, c)
	case 1:
		return "grew" + arityArgList(n, c)
	default:
		return fmt.Sprintf("N%d%s", x-2, arityArgList(n, c))
	}
}

// checkArity loads src and fails on a panic or on a base that disagrees
// with its diagnostics.
func checkArity(t *testing.T, lib *Library[toy], src string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic %v on\n%s", r, src)
		}
	}()
	b, diags := Load(lib, "arity.al", []byte(src))
	if diags.HasErrors() != (b == nil) {
		t.Fatalf("base %v with diagnostics %v on\n%s", b != nil, diags, src)
	}
}

// TestArityExhaustive: a pattern with each parameter list (none, empty,
// one to four names, valid, invalid or repeated) whose body calls a
// position predicate, a relation or nothing with each number of
// arguments, used with each number of arguments in every place.
func TestArityExhaustive(t *testing.T) {
	lib := toyLibrary()
	params := []string{"", "()", "(P1)", "(P0, P2)", "(P1, P1)", "(X)", "(P2, X)", "(P0, P1, P2)", "(P0, P1, P2, P0)"}
	calls := func(name string) []string {
		out := []string{name}
		for _, args := range []string{"()", "(P1)", "(P0, P2)", "(Q)", "(P1, P2, P0)", "(P0, P1, P2, P2)"} {
			out = append(out, name+args)
		}
		return out
	}
	bodies := append(append(calls("mate"), calls("grew")...), "true")
	n := 0
	for _, ps := range params {
		for _, body := range bodies {
			for _, use := range calls("N0") {
				for _, place := range arityPlaces {
					checkArity(t, lib, aritySource([]string{"pattern N0" + ps + " = " + body}, use, place))
					n++
				}
			}
		}
	}
	t.Logf("%d bases", n)
}

// FuzzArity: any combination of parameter lists and argument counts
// compiles without a panic.
func FuzzArity(f *testing.F) {
	f.Add([]byte{0, 4, 0, 1, 2, 0, 0})
	f.Add([]byte{2, 3, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{1, 2, 0, 1, 3, 2, 2, 1, 0, 6})
	lib := toyLibrary()
	f.Fuzz(func(t *testing.T, data []byte) {
		checkArity(t, lib, arityBase(data))
	})
}

package kb

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// osa is the plain dynamic programme of the optimal-string-alignment
// distance over the whole table, ignoring ASCII case: the reference
// boundedDistance is checked against.
func osa(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestBoundedDistance(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, r.IntN(9))
		for i := range b {
			b[i] = "abAB_c"[r.IntN(6)]
		}
		return string(b)
	}
	for range 20000 {
		a, b, k := word(), word(), r.IntN(5)
		want := min(osa(a, b), k+1)
		if got := boundedDistance(a, b, k); got != want {
			t.Fatalf("boundedDistance(%q, %q, %d) = %d, want %d", a, b, k, got, want)
		}
	}
}

func TestNearestTies(t *testing.T) {
	names := []string{"mate", "check", "stalemate", "Mate", "CHEK", "press_down_1", "press_down_16"}
	for _, c := range []struct{ name, want string }{
		{"mat", "Mate"}, // equally near: the first in byte order
		{"chek", "CHEK"},
		{"chekc", "check"}, // a swap and a deletion are one edit each: the same length first
		{"press_down_61", "press_down_16"},
		{"stalmate", "stalemate"},
		{"zzzz", ""},
		{"mate", "Mate"},
	} {
		if got := Nearest(c.name, names); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestSuggestBudget: the suggestions of a file of many unknown names
// among many names of the same length stop when the budget is spent,
// and the compilation still reports every error.
func TestSuggestBudget(t *testing.T) {
	var b strings.Builder
	const n = 3000
	for i := range n {
		fmt.Fprintf(&b, "pattern AAAA%05d = BBBB%05d\n", i, i)
	}
	_, diags := Load(toyLibrary(), "many.al", []byte(b.String()))
	if len(diags) != n {
		t.Fatalf("%d diagnostics, want %d", len(diags), n)
	}
}

// BenchmarkManyUnknownNames shows the front end's cost per unknown name:
// it must not grow with the file (quadratic behaviour would show as a
// time per op growing with n).
func BenchmarkManyUnknownNames(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		var src strings.Builder
		for i := range n {
			fmt.Fprintf(&src, "pattern X%d = nosuch%d\n", i, i)
		}
		lib := toyLibrary()
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Load(lib, "many.al", []byte(src.String()))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/name")
		})
	}
}

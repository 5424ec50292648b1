package kb

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestMemoDAG: a formula whose tree is exponentially larger than its DAG
// is evaluated with a memo, to the value the tree gives, and at depth 60
// at once.
func TestMemoDAG(t *testing.T) {
	for _, op := range []string{"<->", "&", "|", "->"} {
		for _, n := range []int{10, 60} {
			var b strings.Builder
			b.WriteString("pattern D0 = even | ~odd\n")
			for i := 1; i <= n; i++ {
				fmt.Fprintf(&b, "pattern D%d = (D%d %s ~D%d) | (big & D%d)\n", i, i-1, op, i-1, i-1)
			}
			fmt.Fprintf(&b, "lemma L = D%d\nquery L\n", n)
			base, diags := Load(toyLibrary(), "dag.al3", []byte(b.String()))
			if base == nil {
				t.Fatal(diags)
			}
			l, _ := base.Lemma("L")
			if l.Formula.Op != OpMemo {
				t.Fatalf("%s, %d levels: not memoised", op, n)
			}
			for k := range 8 {
				x := toy{k}
				env := &Env[toy]{P0: &x, P1: &x, P2: &x}
				start := time.Now()
				got := l.Formula.Eval(env)
				if time.Since(start) > time.Second {
					t.Fatalf("%s, %d levels: %v", op, n, time.Since(start))
				}
				if n <= 10 {
					if want := l.Formula.L.Eval(env); got != want {
						t.Fatalf("%s, position %d: memo %v, tree %v", op, k, got, want)
					}
				}
			}
			x := toy{3}
			env := &Env[toy]{P0: &x, P1: &x, P2: &x}
			if allocs := testing.AllocsPerRun(50, func() { l.Formula.Eval(env) }); allocs != 0 {
				t.Errorf("%s: %v allocations per evaluation", op, allocs)
			}
		}
	}
}

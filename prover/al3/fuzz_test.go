package al3

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/advicelang/al/internal/hostile"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
)

// FuzzSolve: any base that compiles runs on nim within its budgets
// (cycles, nodes, time) and the targets' bound: no panic, no error but
// an inconsistent base, and an undetermined answer always has a reason.
// The seeds include issue 22's hostile bases at sizes a fuzzer can mutate
// (a relation whose clause form explodes, plan combinations of
// themselves, methods that multiply the targets).
func FuzzSolve(f *testing.F) {
	f.Add([]byte(nimBase), uint8(4))
	for _, name := range []string{"cnf.al3", "orchain.al3", "clauses.al3"} {
		in, _ := hostile.Lookup(name)
		for _, n := range []int{2, 8, 12} {
			f.Add(in.Gen(n), uint8(n))
		}
	}
	f.Add([]byte(`query G
plan P white depth 3
  better empty
plan Q white depth 3
  better empty & black_to_move
plan R black depth 2
  better empty
method M easy
  pre H: G
  action A: suc(P or Q or P mod Q), B: ref(R, P or Q)
  relation A & ~B -> H
method N hard
  pre H: G
  action C: suc(P mod (Q or P) mod Q)
  relation (C | A) & (C | B) <-> H
`), uint8(5))
	// AL1.5: calls (recursive), an exit, a semi-static plan, per-move
	// constraints, AL0 mode.
	f.Add([]byte(`query G
plan P white depth 3
  better empty & black_to_move | black_to_move & suc(P)
  otherwise suc(Q)
  moves took1, took2 then took1
plan Q white depth 2
  better empty
  option semistatic
plan R black depth 2
  better empty
  holding ~suc(Q)
  option al0
method M easy
  pre H: G
  action A: suc(P), B: ref(R, P), C: suc(Q mod P)
  relation A & ~B | C -> H
`), uint8(7))
	lib := nimLibrary()
	f.Fuzz(func(t *testing.T, src []byte, heap uint8) {
		b, diags := kb.Load(lib, "fuzz.al3", src)
		if diags.HasErrors() || b.Query == nil {
			return
		}
		p, err := Problem(b, nil)
		if err != nil {
			t.Fatalf("a compiled base is not a problem: %v", err)
		}
		ev := NewEvaluator(b, prover.NewSearcher[nim, int](nimGame{}, prover.Options{}), nim{heap: int(heap % 12)})
		ev.MaxNodes = 5000
		start := time.Now()
		res, err := cycle.Run(context.Background(), p, ev, cycle.Options{MaxCycles: 30, Timeout: 2 * time.Second})
		if err != nil && !strings.Contains(err.Error(), "inconsistent") {
			var pe *prover.PartsError
			if errors.As(err, &pe) {
				t.Fatalf("a combination too large ended the run: %v", err)
			}
			t.Fatalf("run: %v\n%s", err, src)
		}
		if err == nil && res.Answer == cycle.Undetermined && res.Reason == "" {
			t.Fatalf("undetermined without a reason\n%s", src)
		}
		// A hang detector, far above the budgets (not a speed test).
		if d := time.Since(start); d > 30*time.Second {
			t.Fatalf("the run took %s under a time budget of 2s\n%s", d, src)
		}
	})
}

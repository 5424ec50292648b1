package knowledge_test

import (
	"context"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover"
)

// TestAL15EachFeatureMatters: al15.al3 compiles with no diagnostic, and
// each of AL1.5's additions it uses decides a position: the advice or
// plan is satisfiable there, and the same base without the addition
// (the line edited as `without` says) is not.
func TestAL15EachFeatureMatters(t *testing.T) {
	src, err := knowledge.Files.ReadFile("al15.al3")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		feature, name, fen string
		old, new           string // the edit that removes the feature
	}{
		{"per-move constraints", "MATE_IN_2", "8/k7/2K5/8/8/8/8/7R w - - 0 1", "  moves any, check\n", "  moves check\n"},
		{"calls", "MATE_IN_3", "8/k7/8/2K5/8/8/8/7R w - - 0 1", "better black_to_move & suc(MATE_IN_2)", "better black_to_move & mate"},
		{"the exit", "PUSH", "8/8/8/3K4/3P4/8/8/7k w - - 0 1", "  otherwise suc(KEY)\n", ""},
		{"semi-static search", "KEY_STATIC", "8/8/4k3/8/8/1K1P4/8/8 w - - 0 1", "  option semistatic\n", ""},
	} {
		pos, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		without := strings.Replace(string(src), c.old, c.new, 1)
		if without == string(src) {
			t.Fatalf("%s: the edit %q is not in al15.al3", c.feature, c.old)
		}
		for _, v := range []struct {
			text string
			want prover.Value
		}{{string(src), prover.Sat}, {without, prover.Unsat}} {
			b, diags := kb.Load(predicates.Library(), "al15.al3", []byte(v.text))
			if diags.HasErrors() {
				t.Fatalf("%s: %v", c.feature, diags)
			}
			if v.want == prover.Sat && len(diags) > 0 {
				t.Fatalf("al15.al3: %v", diags)
			}
			a, ok := b.AdviceNamed(c.name)
			if !ok {
				p, _ := b.Plan(c.name)
				a = prover.AsPlan(p)
			}
			r, err := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{}).Solve(context.Background(), a, &pos)
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != v.want || v.want == prover.Sat && r.Tree.Kind == prover.Goal {
				t.Errorf("%s: %s at %s is %v, want %v", c.feature, c.name, c.fen, r.Value, v.want)
			}
		}
	}
}

package knowledge_test

import (
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/knowledge"
)

func TestKPKCompiles(t *testing.T) {
	b, diags := knowledge.Load(predicates.Library(), "kpk.al3")
	if diags.HasErrors() || b == nil {
		t.Fatalf("kpk.al3 does not compile:\n%v", diags)
	}
	for _, d := range diags {
		t.Log(d)
	}
	if b.Query == nil || b.Query.Key() != "GANA" {
		t.Fatalf("query %v, want GANA", b.Query)
	}
	if l, ok := b.Lemma("CORRE_PEON"); !ok || l.Text != "corre_peon" {
		t.Fatalf("lemma CORRE_PEON: %v %+v", ok, l)
	}
	if len(b.Methods) != 10 || len(b.Plans) != 3 {
		t.Fatalf("%d methods and %d plans, want 10 and 3", len(b.Methods), len(b.Plans))
	}
}

// TestKPKCompleteCompiles: the complete KPK base compiles with no
// diagnostic and asks GANA (internal/chessverify verifies its answers).
func TestKPKCompleteCompiles(t *testing.T) {
	b, diags := knowledge.Load(predicates.Library(), "kpk-complete.al3")
	if len(diags) > 0 || b == nil {
		t.Fatalf("kpk-complete.al3:\n%v", diags)
	}
	if b.Query == nil || b.Query.Key() != "GANA" {
		t.Fatalf("query %v, want GANA", b.Query)
	}
}

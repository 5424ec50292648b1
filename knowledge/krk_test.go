package knowledge_test

import (
	"strings"
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/knowledge"
)

// TestAL1TablesCompile checks that the shipped AL1 tables of the thesis's
// chapter 2 compile against the chess predicate library with no diagnostic
// at all, and hold the table they are named after.
func TestAL1TablesCompile(t *testing.T) {
	for _, c := range []struct{ file, table string }{
		{"krk.al1", "KRK"},
		{"kbbk.al1", "KBBK"},
		{"bratko.al1", "AL0_KRK"},
		{"al0-krk.al1", "AL0_KRK"},
		{"krk-proved.al1", "KRK_PROVED"},
		{"krk-short.al1", "KRK_SHORT"},
		{"kbbk-proved.al1", "KBBK_PROVED"},
		{"kbbk-short.al1", "KBBK_SHORT"},
		{"kbbk-drive.al1", "KBBK_DRIVE"},
		{"kqk-proved.al1", "KQK_PROVED"},
		{"kqk-short.al1", "KQK_SHORT"},
		{"kbnk.al1", "KBNK"},
	} {
		base, diags := knowledge.Load(predicates.Library(), c.file)
		if len(diags) > 0 {
			var b strings.Builder
			for _, d := range diags {
				b.WriteString(d.String() + "\n")
			}
			t.Fatalf("%s:\n%s", c.file, b.String())
		}
		if _, ok := base.Table(c.table); !ok {
			t.Errorf("%s: no table %s", c.file, c.table)
		}
	}
}

package lang_test

import (
	"os"
	"testing"

	"github.com/advicelang/al/lang"
)

func BenchmarkParseKPK(b *testing.B) {
	src, err := os.ReadFile("testdata/parse/kpk_thesis.al3")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, d := lang.Parse("kpk.al3", src); len(d) > 0 {
			b.Fatal(d)
		}
	}
}

func BenchmarkFormatKPK(b *testing.B) {
	src, err := os.ReadFile("testdata/parse/kpk_thesis.al3")
	if err != nil {
		b.Fatal(err)
	}
	f, _ := lang.Parse("kpk.al3", src)
	for b.Loop() {
		lang.Format(f)
	}
}

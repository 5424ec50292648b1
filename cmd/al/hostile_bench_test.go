package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/internal/hostile"
)

// BenchmarkCheckHostile runs `al check` in process on the front end's
// hostile inputs (issue 22) at two sizes, and reports the time per
// declaration or error: a front end that is linear keeps ns/item flat
// from the small size to the large; a quadratic one multiplies it by ten.
//
//	go test ./cmd/al -run '^$' -bench CheckHostile
func BenchmarkCheckHostile(b *testing.B) {
	for _, name := range []string{"errors.al3", "syntax.al3", "lexical.al3", "patterns.al3", "clauses.al3"} {
		in, _ := hostile.Lookup(name)
		for _, n := range []int{2000, 20000} {
			path := filepath.Join(b.TempDir(), name)
			if err := os.WriteFile(path, in.Gen(n), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%d", strings.TrimSuffix(name, ".al3"), n), func(b *testing.B) {
				for b.Loop() {
					run([]string{"check", "--max-errors", "100", path}, strings.NewReader(""), io.Discard, io.Discard)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
			})
		}
	}
}

package main

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkSolveCommand runs `al solve kpk.al3 --pos FEN` in process on a
// few KPK positions: load and compile the base, run the cycle, print.
func BenchmarkSolveCommand(b *testing.B) {
	fens := []string{
		"8/8/8/1K2k3/8/3P4/8/8 w - - 0 1", // the thesis's run: yes
		"8/8/8/3k4/3P4/3K4/8/8 w - - 0 1", // blocked: no
		"8/8/8/8/8/1k5P/8/K7 w - - 0 1",   // the pawn runs: yes
		"3k4/8/4P3/2K5/8/8/8/8 w - - 0 1", // a win the thesis's base calls a draw
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		args := []string{"solve", "kpk.al3", "--pos", fens[i%len(fens)]}
		if code := run(args, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
			b.Fatalf("al %v: exit %d", args, code)
		}
	}
}

// Command gen writes every hostile input of package hostile, at its
// default size, into a directory (default testdata/hostile):
//
//	go run ./internal/hostile/gen [DIR]
//
// The files are not committed (some are megabytes); the tests generate
// them as they need them.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/advicelang/al/internal/hostile"
)

func main() {
	dir := "testdata/hostile"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, in := range hostile.Inputs {
		p := filepath.Join(dir, in.Name)
		if err := os.WriteFile(p, in.Gen(in.N), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%-14s n=%-7d %s\n", in.Name, in.N, in.What)
	}
}

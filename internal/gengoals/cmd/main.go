// Command gengoals writes kb/goals_gen.go (package gengoals): run by `go
// generate ./kb`, from the kb directory.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/advicelang/al/internal/gengoals"
)

func main() {
	out := flag.String("o", "goals_gen.go", "the file to write")
	flag.Parse()
	src, err := gengoals.File()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gengoals:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gengoals:", err)
		os.Exit(1)
	}
}

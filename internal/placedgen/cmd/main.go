// Command placedgen expands the placed reads of kb's closures from their
// directives (package placedgen): run by `go generate ./kb`, from the kb
// directory.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/advicelang/al/internal/placedgen"
)

func main() {
	files, err := filepath.Glob("*.go")
	if err != nil {
		fmt.Fprintln(os.Stderr, "placedgen:", err)
		os.Exit(1)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "placedgen:", err)
			os.Exit(1)
		}
		out, n, err := placedgen.Expand(f, src)
		if err != nil {
			fmt.Fprintln(os.Stderr, "placedgen:", err)
			os.Exit(1)
		}
		if n > 0 && string(out) != string(src) {
			if err := os.WriteFile(f, out, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "placedgen:", err)
				os.Exit(1)
			}
		}
	}
}

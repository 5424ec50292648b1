//go:build !linux

// corelatency pins its threads to CPUs with sched_setaffinity, which only
// Linux has; elsewhere it says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "corelatency: Linux only (it pins its threads to CPUs with sched_setaffinity)")
	os.Exit(2)
}

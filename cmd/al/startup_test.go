package main

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkStartup builds al (as `make build` does, without cgo) and runs
// `al version` and `al show` (which needs the chess tables) b.N times,
// reporting the CPU time (user + system) of one run: the cost of starting
// the process, which docs/chess.md keeps under 5 ms.
func BenchmarkStartup(b *testing.B) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command to build al with")
	}
	bin := filepath.Join(b.TempDir(), "al")
	build := exec.Command(gobin, "build", "-o", bin, ".")
	build.Env = append(build.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"version"}, {"show", "--pos", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"}} {
		b.Run(args[0], func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(bin, args...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("al %v: %v\n%s", args, err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/run")
		})
	}
}

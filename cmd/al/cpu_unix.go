//go:build unix

package main

import (
	"syscall"
	"time"
)

// procCPU returns the CPU time (user + system) the process has used.
func procCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

//go:build !unix

package main

import "time"

// procCPU returns 0: the process's CPU time is not read here.
func procCPU() time.Duration { return 0 }

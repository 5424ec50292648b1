//go:build !linux

package verify

// threadCPU returns 0: the thread's CPU time is read on Linux only.
func threadCPU() int64 { return 0 }

package hugemem

import "unsafe"

// Prefetch asks the processor to bring the cache line at p into its
// caches without waiting for it (PREFETCHT0): a probe of a large table
// whose slot is known some work before it is read then finds the line
// there instead of stalling on the memory. It never faults, and p need
// not be valid.
//
//go:noescape
func Prefetch(p unsafe.Pointer)

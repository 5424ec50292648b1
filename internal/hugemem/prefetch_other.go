//go:build !amd64

package hugemem

import "unsafe"

// Prefetch does nothing on this architecture (see prefetch_amd64.go).
func Prefetch(p unsafe.Pointer) {}

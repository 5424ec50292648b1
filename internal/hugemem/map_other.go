//go:build !linux

package hugemem

func mapHuge(size uintptr) (mem []byte, off int, ok bool) { return nil, 0, false }

func unmap(mem []byte) {}

package hugemem

import (
	"syscall"
	"unsafe"
)

// madvHugepage is MADV_HUGEPAGE.
const madvHugepage = 14

// mapHuge maps size bytes, zeroed, advised for huge pages, and returns the
// mapping and the offset in it of its first address aligned to a huge
// page (the mapping is a huge page longer than size, so that every huge
// page of the table is whole).
func mapHuge(size uintptr) (mem []byte, off int, ok bool) {
	n := int((size+hugePage-1)&^(hugePage-1)) + hugePage
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, 0, false
	}
	start := uintptr(unsafe.Pointer(&mem[0]))
	off = int((start+hugePage-1)&^(hugePage-1) - start)
	// Without huge pages (turned off, or none free) the memory is still
	// good: the advice is only advice.
	_ = syscall.Madvise(mem[off:], madvHugepage)
	return mem, off, true
}

func unmap(mem []byte) { _ = syscall.Munmap(mem) }

//go:build unix

package main

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// links is the number of hard links of the file (1 when unknown).
func links(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// chown gives path the owner and group of info where the process may
// (root may; others keep their own, which is what a rewrite by its owner
// gives anyway).
func chown(path string, info fs.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		_ = os.Lchown(path, int(st.Uid), int(st.Gid))
	}
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// raise sends the signal to this process again, once its handler is
// reset, so that al dies of it as it would have.
func raise(sig os.Signal) {
	if s, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), s)
	}
}

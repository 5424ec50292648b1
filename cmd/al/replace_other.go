//go:build !unix

package main

import (
	"io/fs"
	"os"
)

// On systems without Unix's hard-link counts, owners and signals (Windows)
// a rewrite keeps what it can: the file's mode and content.

// links is 1: the count is not known here.
func links(fs.FileInfo) uint64 { return 1 }

// chown does nothing: there is no Unix owner to keep.
func chown(string, fs.FileInfo) {}

// alive says every process may be alive, so that a temporary file is never
// removed from under a run that is still writing it.
func alive(int) bool { return true }

// raise does nothing: the caller exits with the interrupt's status.
func raise(os.Signal) {}

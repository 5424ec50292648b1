package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// copyXattrs copies the extended attributes of from to to. An attribute
// of the user namespace that cannot be set is an error (the rewrite would
// lose it); those of the system namespaces (security, trusted, system:
// ACLs, SELinux labels) are copied where the process may and left to the
// file system's defaults otherwise. A file system without extended
// attributes has none to copy.
func copyXattrs(from, to string) error {
	names, err := listXattrs(from)
	if err != nil {
		if errors.Is(err, syscall.ENOTSUP) {
			return nil
		}
		return err
	}
	for _, n := range names {
		v, err := getXattr(from, n)
		if err != nil {
			return fmt.Errorf("%s: %v", n, err)
		}
		if err := syscall.Setxattr(to, n, v, 0); err != nil && strings.HasPrefix(n, "user.") {
			return fmt.Errorf("%s: %v", n, err)
		}
	}
	return nil
}

func listXattrs(path string) ([]string, error) {
	size := 256
	for {
		buf := make([]byte, size)
		n, err := syscall.Listxattr(path, buf)
		if errors.Is(err, syscall.ERANGE) && size < 1<<20 {
			size *= 4
			continue
		}
		if err != nil {
			return nil, err
		}
		var out []string
		for _, b := range bytes.Split(buf[:n], []byte{0}) {
			if len(b) > 0 {
				out = append(out, string(b))
			}
		}
		return out, nil
	}
}

func getXattr(path, name string) ([]byte, error) {
	size := 256
	for {
		buf := make([]byte, size)
		n, err := syscall.Getxattr(path, name, buf)
		if errors.Is(err, syscall.ERANGE) && size < 1<<20 {
			size *= 4
			continue
		}
		if err != nil {
			return nil, err
		}
		return buf[:n], nil
	}
}

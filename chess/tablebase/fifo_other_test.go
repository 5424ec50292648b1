//go:build !unix

package tablebase

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs here") }

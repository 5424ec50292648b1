package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// byteSize is a flag value counting bytes: a number with an optional unit
// (B, KB, MB, GB, TB are powers of 1000; KiB, MiB, GiB, TiB powers of
// 1024; case does not matter).
type byteSize int64

var sizeUnits = []struct {
	name string
	mul  int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40},
	{"b", 1},
}

func parseByteSize(s string) (byteSize, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	mul := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.name) {
			t, mul = strings.TrimSpace(strings.TrimSuffix(t, u.name)), u.mul
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*float64(mul) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, with an optional unit such as KiB, MiB, GiB or MB)", s)
	}
	return byteSize(v * float64(mul)), nil
}

// UnmarshalText makes byteSize a flag value for kong.
func (b *byteSize) UnmarshalText(text []byte) error {
	v, err := parseByteSize(string(text))
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// String prints b in the largest binary unit that keeps one decimal.
func (b byteSize) String() string {
	v := float64(b)
	for _, u := range []struct {
		name string
		mul  float64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if v >= u.mul {
			s := strconv.FormatFloat(v/u.mul, 'f', 1, 64)
			return strings.TrimSuffix(s, ".0") + " " + u.name
		}
	}
	return strconv.FormatInt(int64(b), 10) + " bytes"
}

// inputError is a file that cannot be read, with the reason in words.
type inputError struct {
	path string
	msg  string
}

func (e *inputError) Error() string { return e.path + ": " + e.msg }

// readInput is how every command reads a file it was given: path "-" is
// standard input; any other path must be a regular file (after symbolic
// links). Named pipes, devices (/dev/zero), sockets and directories are
// refused without reading them, and so is anything longer than limit
// bytes (limit <= 0: no limit). The error says why, in words, prefixed
// with the path.
func readInput(env *Env, path string, limit byteSize) ([]byte, error) {
	if path == "-" {
		return readLimited(env.Stdin, "-", limit)
	}
	// Stat first, so that a named pipe is refused before open(2) blocks
	// waiting for a writer.
	info, err := os.Stat(path)
	if err != nil {
		return nil, &inputError{path, "cannot read the file: " + pathErr(err)}
	}
	if msg := irregular(info); msg != "" {
		return nil, &inputError{path, msg}
	}
	if limit > 0 && info.Size() > int64(limit) {
		return nil, &inputError{path, tooLong(info.Size(), limit)}
	}
	// O_NONBLOCK: had the file been replaced by a named pipe since the
	// Stat, opening it does not block; the Stat of the open file decides.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &inputError{path, "cannot read the file: " + pathErr(err)}
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, &inputError{path, "cannot read the file: " + pathErr(err)}
	}
	if msg := irregular(info); msg != "" {
		return nil, &inputError{path, msg}
	}
	return readLimited(f, path, limit)
}

// readLimited reads r to its end, or fails once it has read more than
// limit bytes.
func readLimited(r io.Reader, path string, limit byteSize) ([]byte, error) {
	if limit <= 0 {
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, &inputError{path, "cannot read the file: " + pathErr(err)}
		}
		return b, nil
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, &inputError{path, "cannot read the file: " + pathErr(err)}
	}
	if int64(len(b)) > int64(limit) {
		return nil, &inputError{path, fmt.Sprintf("longer than the limit of %s (--max-file-size raises it)", limit)}
	}
	return b, nil
}

func tooLong(size int64, limit byteSize) string {
	return fmt.Sprintf("%s, longer than the limit of %s (--max-file-size raises it)", byteSize(size), limit)
}

// irregular says what a file is when it is not a regular file, or "".
func irregular(info fs.FileInfo) string {
	m := info.Mode()
	var what string
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "cannot read the file: is a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	default:
		what = "not a regular file"
		return "cannot read the file: " + what
	}
	return "cannot read the file: it is " + what + ", not a regular file (give - to read standard input)"
}

// pathErr is the reason of a file error without the operation and path.
func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

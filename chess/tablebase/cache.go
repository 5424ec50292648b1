package tablebase

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// The cache file of an endgame is a header, the White-to-move values, the
// Black-to-move values, and the SHA-256 of everything before it. The
// header, the file's name and its size are derived from the endgame's
// spec. A file is read only when it is a regular file of exactly that
// size, and trusted only when its header and checksum agree; anything else
// is regenerated and rewritten.
//
//	offset  size  field
//	0       4     magic "ALTB"
//	4       4     format version (little-endian uint32)
//	8       8     the endgame's name ("kqkr"), zero-padded
//	16      1     men (kings included)
//	17      1     index layout: 1 with the board's eight symmetries, 0 without
//	18      2     zero
//	20      4     indices per side to move (little-endian uint32)
//	24      2N    values: White to move, then Black to move
//	24+2N   32    SHA-256 of bytes 0..24+2N
const (
	cacheMagic   = "ALTB"
	cacheVersion = 2 // bump whenever the generator's output or the layout changes
	headerSize   = 24
)

// DefaultCacheDir is the directory of the cached tables:
// os.UserCacheDir()/al/tablebase.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "al", "tablebase"), nil
}

func cachePath(dir string, eg Endgame) string {
	return filepath.Join(dir, fmt.Sprintf("%s.v%d.altb", eg, cacheVersion))
}

func header(eg Endgame) []byte {
	s := &specs[eg]
	h := make([]byte, headerSize)
	copy(h, cacheMagic)
	binary.LittleEndian.PutUint32(h[4:], cacheVersion)
	copy(h[8:16], s.name)
	h[16] = byte(s.n)
	if s.sym {
		h[17] = 1
	}
	binary.LittleEndian.PutUint32(h[20:], uint32(s.size))
	return h
}

// cacheSize is the size of eg's cache file.
func cacheSize(eg Endgame) int64 {
	return int64(headerSize + 2*specs[eg].size + sha256.Size)
}

// readCache loads the table of eg from path, or says why it cannot be
// trusted. It reads nothing from a file that is not a regular file or not
// of the size the endgame's table has.
func readCache(path string, eg Endgame) (*Table, error) {
	want := cacheSize(eg)
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no cache file %s", path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read cache file: %w", err)
	}
	if err := checkCacheFile(fi, want); err != nil {
		return nil, fmt.Errorf("cache file %s %w", path, err)
	}
	// O_NONBLOCK: should a FIFO have replaced the file since the look,
	// opening it does not wait for a writer (the look below refuses it).
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot read cache file: %w", err)
	}
	defer f.Close()
	// The file may have been replaced between the two looks.
	if fi2, err := f.Stat(); err != nil || !os.SameFile(fi, fi2) {
		return nil, fmt.Errorf("cache file %s changed while it was opened", path)
	} else if err := checkCacheFile(fi2, want); err != nil {
		return nil, fmt.Errorf("cache file %s %w", path, err)
	}
	data := make([]byte, want)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("cache file %s is truncated (%v)", path, err)
	}
	var extra [1]byte
	if n, _ := f.Read(extra[:]); n > 0 {
		return nil, fmt.Errorf("cache file %s is too long (it grew while read)", path)
	}
	t, err := decodeCache(data, eg)
	if err != nil {
		return nil, fmt.Errorf("cache file %s %w", path, err)
	}
	return t, nil
}

// checkCacheFile refuses what is not a regular file of want bytes; the
// error completes the sentence "cache file X ...".
func checkCacheFile(fi fs.FileInfo, want int64) error {
	switch {
	case !fi.Mode().IsRegular():
		return fmt.Errorf("is not a regular file (%s)", fi.Mode().Type())
	case fi.Size() < want:
		return fmt.Errorf("is truncated (%d bytes, want %d)", fi.Size(), want)
	case fi.Size() > want:
		return fmt.Errorf("is too long (%d bytes, want %d)", fi.Size(), want)
	}
	return nil
}

// decodeCache checks a cache file's contents and returns its table; the
// error completes the sentence "cache file X ...".
func decodeCache(data []byte, eg Endgame) (*Table, error) {
	s := &specs[eg]
	want := int(cacheSize(eg))
	switch {
	case len(data) < want:
		return nil, fmt.Errorf("is truncated (%d bytes, want %d)", len(data), want)
	case len(data) > want:
		return nil, fmt.Errorf("is too long (%d bytes, want %d)", len(data), want)
	case !bytes.Equal(data[:headerSize], header(eg)):
		return nil, errors.New("has a wrong header")
	}
	body := data[:want-sha256.Size]
	sum := sha256.Sum256(body)
	if !bytes.Equal(sum[:], data[want-sha256.Size:]) {
		return nil, errors.New("is corrupt (checksum mismatch)")
	}
	t := &Table{eg: eg, spec: s}
	n := s.size
	t.v[wtm] = body[headerSize : headerSize+n : headerSize+n]
	t.v[btm] = body[headerSize+n : headerSize+2*n : headerSize+2*n]
	return t, nil
}

// writeCache writes t to path atomically: a temporary file in the same
// directory, synced, then renamed over path.
func writeCache(path string, t *Table) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	h := sha256.New()
	for _, part := range [][]byte{header(t.eg), t.v[wtm], t.v[btm]} {
		h.Write(part)
		if _, err := f.Write(part); err != nil {
			return err
		}
	}
	if _, err := f.Write(h.Sum(nil)); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

package tablebase

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The cache file of an endgame is a header, the White-to-move values, the
// Black-to-move values, and the SHA-256 of everything before it. A file is
// trusted only when its length, header and checksum all agree; anything
// else is regenerated and rewritten.
//
//	offset  size  field
//	0       4     magic "ALTB"
//	4       4     format version (little-endian uint32)
//	8       1     endgame (KQK=0, KRK=1, KBBK=2, KPK=3)
//	9       1     men (kings included)
//	10      2     zero
//	12      4     indices per side to move (little-endian uint32)
//	16      2N    values: White to move, then Black to move
//	16+2N   32    SHA-256 of bytes 0..16+2N
const (
	cacheMagic   = "ALTB"
	cacheVersion = 1 // bump whenever the generator's output changes
	headerSize   = 16
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
	h[8] = byte(eg)
	h[9] = byte(s.n)
	binary.LittleEndian.PutUint32(h[12:], uint32(s.size()))
	return h
}

// readCache loads the table of eg from path, or says why it cannot be
// trusted.
func readCache(path string, eg Endgame) (*Table, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no cache file %s", path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read cache file: %w", err)
	}
	t, err := decodeCache(data, eg)
	if err != nil {
		return nil, fmt.Errorf("cache file %s %w", path, err)
	}
	return t, nil
}

// decodeCache checks a cache file's contents and returns its table; the
// error completes the sentence "cache file X ...".
func decodeCache(data []byte, eg Endgame) (*Table, error) {
	s := &specs[eg]
	want := headerSize + 2*s.size() + sha256.Size
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
	n := s.size()
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

package tablebase

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sameTable(t *testing.T, a, b *Table) {
	t.Helper()
	for stm := range 2 {
		if !bytes.Equal(a.v[stm], b.v[stm]) {
			t.Fatalf("%s: tables differ (side %d)", a.eg, stm)
		}
	}
}

func TestCache(t *testing.T) {
	dir := t.TempDir()
	var warn bytes.Buffer
	tb := New(Options{CacheDir: dir, Warn: &warn})
	kpk, err := tb.Table(MustEndgame("kpk"))
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, kpk, table(t, "kpk"))
	// The first use finds no files: a warning for each, and files for KPK
	// and the two tables it needed.
	if got := strings.Count(warn.String(), "no cache file"); got != 3 {
		t.Errorf("warnings %q, want 3 about missing files", warn.String())
	}
	for _, name := range []string{"kqk", "krk", "kpk"} {
		if _, err := os.Stat(filepath.Join(dir, name+".v2.altb")); err != nil {
			t.Error(err)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "*.tmp*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}

	// A second Tablebase reads the file, quietly.
	warn.Reset()
	again, err := New(Options{CacheDir: dir, Warn: &warn}).Table(MustEndgame("kpk"))
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, again, kpk)
	if warn.Len() > 0 {
		t.Errorf("warnings on a good cache: %q", warn.String())
	}

	kpkEg := MustEndgame("kpk")
	good, err := os.ReadFile(cachePath(dir, kpkEg))
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(good)) != cacheSize(kpkEg) {
		t.Fatalf("cache file of %d bytes, want %d", len(good), cacheSize(kpkEg))
	}
	// Every kind of damage is refused, with the reason.
	for _, tc := range []struct {
		name, reason string
		data         func([]byte) []byte
	}{
		{"truncated", "truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"empty", "truncated", func(b []byte) []byte { return nil }},
		{"too long", "too long", func(b []byte) []byte { return append(b, 0) }},
		{"flipped value", "checksum", func(b []byte) []byte { b[headerSize+1000] ^= 1; return b }},
		{"flipped checksum", "checksum", func(b []byte) []byte { b[len(b)-1] ^= 1; return b }},
		{"wrong endgame", "header", func(b []byte) []byte { b[9] = 'x'; return b }},
		{"wrong layout", "header", func(b []byte) []byte { b[17] ^= 1; return b }},
		{"wrong version", "header", func(b []byte) []byte { b[4]++; return b }},
	} {
		_, err := decodeCache(tc.data(append([]byte(nil), good...)), kpkEg)
		if err == nil || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s: error %v, want one about %q", tc.name, err, tc.reason)
		}
	}
	if _, err := decodeCache(good, kpkEg); err != nil {
		t.Errorf("good file refused: %v", err)
	}

	// A damaged file is regenerated with a warning and rewritten.
	kqkEg := MustEndgame("kqk")
	path := cachePath(dir, kqkEg)
	kqk, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, warning string
		data          []byte
	}{
		{"truncated", "truncated", kqk[:100]},
		{"corrupt", "checksum", append(append([]byte(nil), kqk[:len(kqk)-1]...), kqk[len(kqk)-1]^1)},
		{"another table", "header", func() []byte {
			b := append([]byte(nil), kqk...)
			copy(b[8:16], "krk\x00")
			return b
		}()},
	} {
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		warn.Reset()
		got, err := New(Options{CacheDir: dir, Warn: &warn}).Table(kqkEg)
		if err != nil {
			t.Fatal(err)
		}
		sameTable(t, got, table(t, "kqk"))
		if !strings.Contains(warn.String(), tc.warning) || !strings.Contains(warn.String(), "generating kqk") {
			t.Errorf("%s: warning %q, want one about %q", tc.name, warn.String(), tc.warning)
		}
		if data, _ := os.ReadFile(path); !bytes.Equal(data, kqk) {
			t.Errorf("%s: cache file not rewritten", tc.name)
		}
	}
}

// TestCacheNotRead: what is not a regular file of the table's size is not
// read at all (a FIFO would block a reader, a huge file would fill the
// memory): it is regenerated and replaced.
func TestCacheNotRead(t *testing.T) {
	kqk := MustEndgame("kqk")
	for _, tc := range []struct {
		name, warning string
		make          func(path string) error
	}{
		{"fifo", "not a regular file", func(path string) error { return mkfifo(path) }},
		{"directory", "not a regular file", func(path string) error { return os.Mkdir(path, 0o755) }},
		{"huge", "too long", func(path string) error {
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(1 << 40) // sparse: a terabyte that takes no room
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := cachePath(dir, kqk)
			if err := tc.make(path); err != nil {
				t.Skip(err)
			}
			var warn bytes.Buffer
			got, err := New(Options{CacheDir: dir, Warn: &warn}).Table(kqk)
			if err != nil {
				t.Fatal(err)
			}
			sameTable(t, got, table(t, "kqk"))
			if !strings.Contains(warn.String(), tc.warning) {
				t.Errorf("warning %q, want one about %q", warn.String(), tc.warning)
			}
			if tc.name == "directory" {
				return // a directory cannot be renamed over
			}
			fi, err := os.Lstat(path)
			if err != nil || !fi.Mode().IsRegular() || fi.Size() != cacheSize(kqk) {
				t.Errorf("cache file not replaced: %v %v", fi, err)
			}
		})
	}
}

func TestNoCache(t *testing.T) {
	dir := t.TempDir()
	if _, err := New(Options{CacheDir: dir, NoCache: true}).Table(MustEndgame("kqk")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("--no-cache wrote %d files", len(entries))
	}
}

func TestDefaultCacheDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	t.Setenv("HOME", "/tmp/home")
	d, err := DefaultCacheDir()
	if err != nil {
		t.Skip(err)
	}
	if !strings.HasSuffix(d, filepath.Join("al", "tablebase")) {
		t.Errorf("DefaultCacheDir() = %q", d)
	}
}

// TestCacheNames: every endgame has a file of its own and a header naming
// it, both derived from its name.
func TestCacheNames(t *testing.T) {
	seen := map[string]bool{}
	for _, eg := range Endgames() {
		p := cachePath("d", eg)
		if seen[p] || !strings.Contains(p, eg.String()) {
			t.Errorf("%s: cache file %s", eg, p)
		}
		seen[p] = true
		if h := header(eg); !bytes.HasPrefix(h[8:], []byte(eg.String())) {
			t.Errorf("%s: header %q", eg, h)
		}
	}
}

// FuzzDecodeCache: no file contents make the reader panic, and whatever it
// accepts has the right header and size.
func FuzzDecodeCache(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("ALTB"))
	f.Add(header(MustEndgame("kqk")))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, eg := range Endgames() {
			tab, err := decodeCache(data, eg)
			if err != nil {
				continue
			}
			if len(tab.v[wtm]) != specs[eg].size || !bytes.Equal(data[:headerSize], header(eg)) {
				t.Fatalf("accepted a bad %s file", eg)
			}
		}
	})
}

// TestCacheUnwritable: a cache directory that cannot be made is a warning;
// the table is still generated and used.
func TestCacheUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	tab, err := New(Options{CacheDir: filepath.Join(file, "sub"), Warn: &warn}).Table(MustEndgame("krk"))
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, tab, table(t, "krk"))
	if !strings.Contains(warn.String(), "cannot cache krk") {
		t.Errorf("warnings %q", warn.String())
	}
}

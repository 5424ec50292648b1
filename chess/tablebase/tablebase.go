package tablebase

import (
	"fmt"
	"io"
	"os"
	"sync"
)

// Options configure a Tablebase.
type Options struct {
	// CacheDir is the directory of the cached tables; empty means
	// DefaultCacheDir().
	CacheDir string
	// NoCache generates every table in memory and neither reads nor
	// writes the cache.
	NoCache bool
	// Warn receives warnings (a cache file missing, truncated or corrupt
	// and regenerated, a cache that cannot be written); nil discards them.
	Warn io.Writer
	// Progress receives generation progress; nil means none.
	Progress ProgressFunc
}

// Tablebase hands out tables, loading each from the cache or generating
// it on first use. It is safe for concurrent use.
type Tablebase struct {
	opts   Options
	mu     sync.Mutex
	tables [numEndgames]*Table
	// generating: the endgames whose generation is under way (a guard
	// against a cycle of dependencies in the list of endgames).
	generating [numEndgames]bool
}

// New returns a Tablebase with the given options. Nothing is generated or
// read until a table is asked for.
func New(opts Options) *Tablebase { return &Tablebase{opts: opts} }

// Table returns the table of eg, from memory, the cache, or a generation
// (which first obtains the tables of the endgames eg's captures and
// promotions lead to, and only those: KQK and KRK for KPK, KQK and KRK for
// KQKR).
func (tb *Tablebase) Table(eg Endgame) (*Table, error) {
	if eg >= numEndgames {
		return nil, fmt.Errorf("tablebase: unknown endgame %d", eg)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.table(eg)
}

func (tb *Tablebase) table(eg Endgame) (*Table, error) {
	if t := tb.tables[eg]; t != nil {
		return t, nil
	}
	var path string
	if !tb.opts.NoCache {
		dir := tb.opts.CacheDir
		if dir == "" {
			d, err := DefaultCacheDir()
			if err != nil {
				tb.warnf("tablebase: no cache directory (%v); generating %s in memory", err, eg)
			}
			dir = d
		}
		if dir != "" {
			path = cachePath(dir, eg)
			t, err := readCache(path, eg)
			if err == nil {
				tb.tables[eg] = t
				return t, nil
			}
			tb.warnf("tablebase: %v; generating %s", err, eg)
		}
	}
	if tb.generating[eg] {
		return nil, fmt.Errorf("tablebase: %s depends on itself", eg)
	}
	tb.generating[eg] = true
	defer func() { tb.generating[eg] = false }()
	for _, d := range eg.deps() {
		if _, err := tb.table(d); err != nil {
			return nil, err
		}
	}
	t, err := generate(eg, func(e Endgame) *Table { return tb.tables[e] }, tb.opts.Progress)
	if err != nil {
		return nil, err
	}
	tb.tables[eg] = t
	if path != "" {
		if err := writeCache(path, t); err != nil {
			tb.warnf("tablebase: cannot cache %s: %v", eg, err)
		}
	}
	return t, nil
}

// Cached reports whether Table(eg) would find eg's table in memory or in
// the cache, without reading or generating it (al verify then loads it
// beside the knowledge base's compilation).
func (tb *Tablebase) Cached(eg Endgame) bool {
	if eg >= numEndgames {
		return false
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.tables[eg] != nil {
		return true
	}
	if tb.opts.NoCache {
		return false
	}
	dir := tb.opts.CacheDir
	if dir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			return false
		}
		dir = d
	}
	st, err := os.Stat(cachePath(dir, eg))
	return err == nil && st.Mode().IsRegular()
}

func (tb *Tablebase) warnf(format string, args ...any) {
	if tb.opts.Warn != nil {
		fmt.Fprintf(tb.opts.Warn, format+"\n", args...)
	}
}

// Generate builds the table of eg in memory, with the tables it depends
// on, without touching the cache.
func Generate(eg Endgame, progress ProgressFunc) (*Table, error) {
	return New(Options{NoCache: true, Progress: progress}).Table(eg)
}

// Package memstore is the persistent memory of `al learn memory` (rote
// learning, seed 002 chapter 4): the facts "this piece of advice is
// satisfiable from this position, with this bound and level"
// (prover.Fact) in an embedded database on disk, and the identities that
// key them.
//
// The database is bbolt (go.etcd.io/bbolt): pure Go, one file,
// transactions that either commit whole or leave no trace (copy-on-write
// pages and a meta page written last, with a checksum), so a process
// killed in the middle of a write leaves the file as it was before the
// transaction; and a file lock, shared for readers and exclusive for a
// writer, so two processes never write at once. Readers and writers open
// the file only for the moment they need it (Load, Add), so two learners
// can run at the same time and take turns. A fact is added only when the
// store does not hold one for the same key and never changes afterwards,
// so what two processes add in any order is consistent: every fact stands
// for a forcing tree made of facts of lower level (see prover/memory.go).
//
// Layout: bucket "meta" holds the format; bucket "advice" maps an advice
// identity (8 bytes, big-endian) to its name and canonical text; bucket
// "facts" holds one bucket per advice identity, mapping the position's
// Zobrist hash (8 bytes, big-endian) to the fact (depth, level: two
// big-endian uint32).
package memstore

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/advicelang/al/prover"
	bolt "go.etcd.io/bbolt"
)

// Format is the format of the store, kept in its meta bucket.
const Format = "al-memory 1"

var (
	metaBucket   = []byte("meta")
	adviceBucket = []byte("advice")
	factsBucket  = []byte("facts")
	formatKey    = []byte("format")
)

// DefaultTimeout is how long Open waits for another process's lock.
const DefaultTimeout = 30 * time.Second

// Store is an open memory.
type Store struct {
	db   *bolt.DB
	path string
}

// Open opens the store at path: read-only (it must exist; other readers
// may share it) or for writing (created when missing; the lock is
// exclusive). It waits up to timeout (0: DefaultTimeout) for another
// process's lock.
func Open(path string, readOnly bool, timeout time.Duration) (*Store, error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if readOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("memory %s: %w", path, err)
		}
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: timeout, ReadOnly: readOnly})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("memory %s: another process holds it (waited %s)", path, timeout)
		}
		return nil, fmt.Errorf("memory %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if readOnly {
		err = db.View(func(tx *bolt.Tx) error { return checkFormat(tx, path) })
	} else {
		err = db.Update(func(tx *bolt.Tx) error {
			m, err := tx.CreateBucketIfNotExists(metaBucket)
			if err != nil {
				return err
			}
			if m.Get(formatKey) == nil {
				if err := m.Put(formatKey, []byte(Format)); err != nil {
					return err
				}
			}
			for _, b := range [][]byte{adviceBucket, factsBucket} {
				if _, err := tx.CreateBucketIfNotExists(b); err != nil {
					return err
				}
			}
			return checkFormat(tx, path)
		})
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func checkFormat(tx *bolt.Tx, path string) error {
	m := tx.Bucket(metaBucket)
	if m == nil || tx.Bucket(factsBucket) == nil || tx.Bucket(adviceBucket) == nil {
		return fmt.Errorf("memory %s: not a memory of al (no meta, advice or facts bucket)", path)
	}
	if f := string(m.Get(formatKey)); f != Format {
		return fmt.Errorf("memory %s: format %q, want %q", path, f, Format)
	}
	return nil
}

// Close closes the store, releasing its lock.
func (s *Store) Close() error { return s.db.Close() }

// Key is what a fact is looked up by.
type Key struct{ Advice, Pos uint64 }

// Facts is a snapshot of the facts of some advice, in memory: it is the
// prover.Memory searches consult (safe for concurrent reads).
type Facts map[Key]prover.Fact

// Lookup implements prover.Memory.
func (f Facts) Lookup(advice, pos uint64) (prover.Fact, bool) {
	x, ok := f[Key{advice, pos}]
	return x, ok
}

func key8(x uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], x)
	return b[:]
}

func encodeFact(f prover.Fact) []byte {
	var b [8]byte
	binary.BigEndian.PutUint32(b[:4], uint32(f.Depth))
	binary.BigEndian.PutUint32(b[4:], uint32(f.Level))
	return b[:]
}

func decodeFact(v []byte) (prover.Fact, error) {
	if len(v) != 8 {
		return prover.Fact{}, fmt.Errorf("a fact of %d bytes, not 8", len(v))
	}
	f := prover.Fact{Depth: int32(binary.BigEndian.Uint32(v[:4])), Level: int32(binary.BigEndian.Uint32(v[4:]))}
	if f.Depth < 0 || f.Level < 0 {
		return f, fmt.Errorf("a fact with depth %d and level %d", f.Depth, f.Level)
	}
	return f, nil
}

// Load reads every fact of the given advice identities into memory.
func (s *Store) Load(ids []uint64) (Facts, error) {
	out := Facts{}
	err := s.db.View(func(tx *bolt.Tx) error {
		fb := tx.Bucket(factsBucket)
		for _, id := range ids {
			b := fb.Bucket(key8(id))
			if b == nil {
				continue
			}
			err := b.ForEach(func(k, v []byte) error {
				if len(k) != 8 {
					return fmt.Errorf("a position key of %d bytes, not 8", len(k))
				}
				f, err := decodeFact(v)
				if err != nil {
					return err
				}
				out[Key{id, binary.BigEndian.Uint64(k)}] = f
				return nil
			})
			if err != nil {
				return fmt.Errorf("memory %s: advice %016x: %w", s.path, id, err)
			}
		}
		return nil
	})
	return out, err
}

// Add stores the facts the store does not hold yet, in one transaction
// (all or none), and the names of their advice; a fact for a key already
// held is left alone (facts never change). Among facts of the same key
// the one of least level, then least depth, is kept. It returns how many
// were new.
func (s *Store) Add(learned []prover.Learned, advice map[uint64]string) (int, error) {
	ls := append([]prover.Learned(nil), learned...)
	sort.Slice(ls, func(i, j int) bool {
		a, b := ls[i], ls[j]
		if a.Advice != b.Advice {
			return a.Advice < b.Advice
		}
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		if a.Fact.Level != b.Fact.Level {
			return a.Fact.Level < b.Fact.Level
		}
		return a.Fact.Depth < b.Fact.Depth
	})
	added := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		added = 0
		ab := tx.Bucket(adviceBucket)
		fb := tx.Bucket(factsBucket)
		for id, text := range advice {
			if ab.Get(key8(id)) == nil {
				if err := ab.Put(key8(id), []byte(text)); err != nil {
					return err
				}
			}
		}
		var b *bolt.Bucket
		var cur uint64
		for i, l := range ls {
			if b == nil || l.Advice != cur {
				var err error
				if b, err = fb.CreateBucketIfNotExists(key8(l.Advice)); err != nil {
					return err
				}
				cur = l.Advice
			}
			if i > 0 && ls[i-1].Advice == l.Advice && ls[i-1].Pos == l.Pos {
				continue
			}
			k := key8(l.Pos)
			if b.Get(k) != nil {
				continue
			}
			if err := b.Put(k, encodeFact(l.Fact)); err != nil {
				return err
			}
			added++
		}
		return nil
	})
	return added, err
}

// AdviceCount is the number of facts of one piece of advice.
type AdviceCount struct {
	ID    uint64
	Text  string
	Facts int
	// Levels counts the facts by level.
	Levels []int
}

// Counts returns, for every advice of the store in the order of its
// identity, its facts by level.
func (s *Store) Counts() ([]AdviceCount, error) {
	var out []AdviceCount
	err := s.db.View(func(tx *bolt.Tx) error {
		ab := tx.Bucket(adviceBucket)
		return tx.Bucket(factsBucket).ForEachBucket(func(k []byte) error {
			id := binary.BigEndian.Uint64(k)
			c := AdviceCount{ID: id, Text: string(ab.Get(k))}
			err := tx.Bucket(factsBucket).Bucket(k).ForEach(func(_, v []byte) error {
				f, err := decodeFact(v)
				if err != nil {
					return err
				}
				c.Facts++
				for len(c.Levels) <= int(f.Level) {
					c.Levels = append(c.Levels, 0)
				}
				c.Levels[f.Level]++
				return nil
			})
			out = append(out, c)
			return err
		})
	})
	return out, err
}

// Check runs bbolt's consistency check of the whole file (every page
// reachable once, free pages free) and decodes every fact.
func (s *Store) Check() error {
	return s.db.View(func(tx *bolt.Tx) error {
		for err := range tx.Check() {
			return fmt.Errorf("memory %s: %w", s.path, err)
		}
		if err := checkFormat(tx, s.path); err != nil {
			return err
		}
		return tx.Bucket(factsBucket).ForEachBucket(func(k []byte) error {
			return tx.Bucket(factsBucket).Bucket(k).ForEach(func(_, v []byte) error {
				_, err := decodeFact(v)
				return err
			})
		})
	})
}

// Identity is the memory identity of a piece of advice: the first 8 bytes
// of the SHA-256 of the store's format, the base's identity and the
// advice's canonical declaration. base is the identity of the whole
// knowledge base (BaseIdentity), so a base changed anywhere (a pattern the
// advice uses, say) never reuses the facts learned with the old one.
func Identity(base [32]byte, decl string) uint64 {
	h := sha256.New()
	h.Write([]byte(Format + "\x00"))
	h.Write(base[:])
	h.Write([]byte("\x00" + decl))
	return binary.BigEndian.Uint64(h.Sum(nil)[:8])
}

// BaseIdentity is the identity of a knowledge base: the SHA-256 of the
// predicate library's description (names, kinds and definitions: a
// library changed under a base changes what it means) and the base's
// declarations in canonical form (comments and layout do not count).
func BaseIdentity(library string, decls []string) [32]byte {
	h := sha256.New()
	h.Write([]byte(library))
	for _, d := range decls {
		h.Write([]byte("\x00" + d))
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

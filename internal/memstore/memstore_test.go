package memstore

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/advicelang/al/prover"
	"github.com/stretchr/testify/require"
)

// TestMain runs the writer of the crash and concurrency tests when the
// test binary is started again as one: AL_MEMSTORE_WRITER=PATH writes
// batches of facts of advice AL_MEMSTORE_ADVICE to PATH until
// AL_MEMSTORE_BATCHES are written (forever when 0).
func TestMain(m *testing.M) {
	if path := os.Getenv("AL_MEMSTORE_WRITER"); path != "" {
		os.Exit(writer(path))
	}
	os.Exit(m.Run())
}

func writer(path string) int {
	adv, _ := strconv.ParseUint(os.Getenv("AL_MEMSTORE_ADVICE"), 10, 64)
	batches, _ := strconv.Atoi(os.Getenv("AL_MEMSTORE_BATCHES"))
	for b := 0; batches == 0 || b < batches; b++ {
		s, err := Open(path, false, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if _, err := s.Add(batch(adv, b), map[uint64]string{adv: "advice"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if err := s.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if batches == 0 {
			fmt.Println(b) // the parent waits for the first batches
		}
	}
	return 0
}

// batch is batch b of a writer: 500 facts whose fields say where they came
// from, so a reader can check each.
func batch(adv uint64, b int) []prover.Learned {
	out := make([]prover.Learned, 500)
	for i := range out {
		pos := uint64(b*500 + i)
		out[i] = prover.Learned{Advice: adv, Pos: pos, Fact: prover.Fact{Depth: int32(pos % 7), Level: int32(pos % 3)}}
	}
	return out
}

func checkFacts(t *testing.T, facts Facts, adv uint64) int {
	t.Helper()
	n := 0
	for k, f := range facts {
		if k.Advice != adv {
			continue
		}
		require.Equal(t, prover.Fact{Depth: int32(k.Pos % 7), Level: int32(k.Pos % 3)}, f)
		n++
	}
	// Batches are whole: a transaction commits all its facts or none.
	require.Zero(t, n%500, "a batch written in part")
	return n
}

func TestAddLoadAndFactsNeverChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	s, err := Open(path, false, 0)
	require.NoError(t, err)
	n, err := s.Add([]prover.Learned{
		{Advice: 1, Pos: 10, Fact: prover.Fact{Depth: 3, Level: 2}},
		{Advice: 1, Pos: 10, Fact: prover.Fact{Depth: 4, Level: 1}}, // the least level wins
		{Advice: 2, Pos: 10, Fact: prover.Fact{Depth: 1, Level: 0}},
	}, map[uint64]string{1: "advice A", 2: "advice B"})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	n, err = s.Add([]prover.Learned{{Advice: 1, Pos: 10, Fact: prover.Fact{Depth: 1, Level: 0}}}, nil)
	require.NoError(t, err)
	require.Zero(t, n, "a fact held is never replaced")
	f, err := s.Load([]uint64{1, 3})
	require.NoError(t, err)
	require.Equal(t, Facts{{1, 10}: {Depth: 4, Level: 1}}, f)
	got, ok := f.Lookup(1, 10)
	require.True(t, ok)
	require.Equal(t, prover.Fact{Depth: 4, Level: 1}, got)
	_, ok = f.Lookup(2, 10)
	require.False(t, ok)
	c, err := s.Counts()
	require.NoError(t, err)
	require.Equal(t, []AdviceCount{{ID: 1, Text: "advice A", Facts: 1, Levels: []int{0, 1}}, {ID: 2, Text: "advice B", Facts: 1, Levels: []int{1}}}, c)
	require.NoError(t, s.Check())
	require.NoError(t, s.Close())
	// Read-only: a second reader at once.
	r1, err := Open(path, true, 0)
	require.NoError(t, err)
	r2, err := Open(path, true, time.Second)
	require.NoError(t, err)
	require.NoError(t, r1.Close())
	require.NoError(t, r2.Close())
}

func TestOpenRejectsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(filepath.Join(dir, "missing.db"), true, 0)
	require.ErrorContains(t, err, "missing.db")
	junk := filepath.Join(dir, "junk.db")
	require.NoError(t, os.WriteFile(junk, []byte("not a database at all, just text that is long enough"), 0o644))
	_, err = Open(junk, false, time.Second)
	require.Error(t, err)
}

func TestIdentity(t *testing.T) {
	b1 := BaseIdentity("lib", []string{"advice A white depth 1\n  better mate"})
	b2 := BaseIdentity("lib", []string{"advice A white depth 1\n  better mate", "pattern P = check"})
	b3 := BaseIdentity("lib2", []string{"advice A white depth 1\n  better mate"})
	require.NotEqual(t, b1, b2)
	require.NotEqual(t, b1, b3)
	require.NotEqual(t, Identity(b1, "advice A white depth 1\n  better mate"), Identity(b2, "advice A white depth 1\n  better mate"))
	require.NotEqual(t, Identity(b1, "advice A white depth 1\n  better mate"), Identity(b1, "advice A white depth 2\n  better mate"))
	require.Equal(t, Identity(b1, "x"), Identity(b1, "x"))
}

func writerCmd(t *testing.T, path string, adv uint64, batches int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "AL_MEMSTORE_WRITER="+path,
		"AL_MEMSTORE_ADVICE="+strconv.FormatUint(adv, 10), "AL_MEMSTORE_BATCHES="+strconv.Itoa(batches))
	return cmd
}

// A writer killed with SIGKILL in the middle of its writes leaves a store
// that opens, passes bbolt's consistency check and holds whole batches.
func TestKilledWriterLeavesAConsistentStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	for round := range 3 {
		cmd := writerCmd(t, path, 1, 0)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		// Wait for a few batches, then kill it while it writes the next.
		buf := make([]byte, 64)
		lines := 0
		for lines < 3+round {
			n, err := out.Read(buf)
			require.NoError(t, err)
			for _, c := range buf[:n] {
				if c == '\n' {
					lines++
				}
			}
		}
		time.Sleep(time.Duration(round) * time.Millisecond)
		require.NoError(t, cmd.Process.Kill())
		_ = cmd.Wait()
		s, err := Open(path, false, 5*time.Second)
		require.NoError(t, err, "round %d", round)
		require.NoError(t, s.Check(), "round %d", round)
		f, err := s.Load([]uint64{1})
		require.NoError(t, err)
		require.GreaterOrEqual(t, checkFacts(t, f, 1), 3*500)
		require.NoError(t, s.Close())
	}
}

// Two processes writing at once take turns through the file lock: every
// batch of both is there afterwards.
func TestTwoWritersAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	a, b := writerCmd(t, path, 1, 20), writerCmd(t, path, 2, 20)
	require.NoError(t, a.Start())
	require.NoError(t, b.Start())
	require.NoError(t, a.Wait())
	require.NoError(t, b.Wait())
	s, err := Open(path, true, 0)
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.Check())
	f, err := s.Load([]uint64{1, 2})
	require.NoError(t, err)
	require.Equal(t, 20*500, checkFacts(t, f, 1))
	require.Equal(t, 20*500, checkFacts(t, f, 2))
}

// Readers (al verify --memory, al play --memory) while a writer process
// adds batches: each load sees whole batches, never fewer than the load
// before, and the last sees every batch.
func TestReadersWhileAWriterWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	s, err := Open(path, false, 0)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	w := writerCmd(t, path, 1, 30)
	require.NoError(t, w.Start())
	exited := make(chan error, 1)
	go func() { exited <- w.Wait() }()
	last, loads := 0, 0
	for running := true; running; loads++ {
		select {
		case err := <-exited:
			require.NoError(t, err)
			running = false
		default:
		}
		r, err := Open(path, true, 5*time.Second)
		require.NoError(t, err)
		f, err := r.Load([]uint64{1})
		require.NoError(t, err)
		require.NoError(t, r.Close())
		n := checkFacts(t, f, 1)
		require.GreaterOrEqual(t, n, last, "a load saw fewer facts than the one before")
		last = n
	}
	require.Equal(t, 30*500, last)
	require.Greater(t, loads, 1)
}

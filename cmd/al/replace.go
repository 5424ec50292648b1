package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// replaceFile is how `al fmt -w` rewrites a file (docs/language.md,
// "Canonical form"): atomically, so that a crash or a kill leaves the old
// file or the new one, never a mix, and as the same file:
//   - through a symbolic link, the link's target is rewritten and the link
//     kept;
//   - the new file gets the old one's permissions (setuid, setgid and
//     sticky bits included), its owner and group where the process may
//     set them, and its extended attributes;
//   - a read-only file, or one with other hard links (which a rename would
//     part from the new text), is refused unless force;
//   - the temporary file (".NAME.al-fmt-PID-N.tmp" beside the target) is
//     removed on every way out, an interrupt or termination signal
//     included; those a killed run (SIGKILL) left behind are removed by
//     the next rewrite in that directory once their process is gone.
func replaceFile(name string, data []byte, force bool) (err error) {
	if name == "-" {
		return errors.New("cannot rewrite standard input in place (leave out -w)")
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return fmt.Errorf("cannot rewrite the file: %s", pathErr(err))
	}
	info, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("cannot rewrite the file: %s", pathErr(err))
	}
	if !info.Mode().IsRegular() {
		return errors.New("cannot rewrite the file: not a regular file")
	}
	if !force {
		if info.Mode().Perm()&0o222 == 0 {
			return errors.New("the file is read-only: not rewritten (--force rewrites it, keeping it read-only)")
		}
		if n := links(info); n > 1 {
			return fmt.Errorf("the file has %d hard links: not rewritten, since the new file would no longer be shared with the other links (--force rewrites this one)", n)
		}
	}
	return writeThroughTemp(target, data, 0o600, func(tmp string) error {
		// Owner and extended attributes first: changing them clears the
		// setuid and setgid bits, which the mode then sets again.
		chown(tmp, info)
		if err := copyXattrs(target, tmp); err != nil {
			return fmt.Errorf("cannot keep the file's extended attributes: %v", err)
		}
		if err := os.Chmod(tmp, info.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)); err != nil {
			return fmt.Errorf("cannot keep the file's permissions: %s", pathErr(err))
		}
		return nil
	})
}

// writeFile writes a file that may not exist yet (`al learn -o`): one
// that exists (through a symbolic link too) is rewritten by replaceFile;
// a new one is written as replaceFile writes, through a temporary file
// beside it that a signal removes and then renamed to its name, so a
// crash or a kill leaves no file or the whole new one, never part of
// it. The new file's permissions are 0666 less the umask, as a file
// created by a shell redirection has.
func writeFile(name string, data []byte, force bool) error {
	if name == "-" {
		return errors.New("cannot write a file named - (standard output is where the report goes)")
	}
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		return replaceFile(name, data, force)
	}
	if _, err := os.Lstat(name); err == nil {
		return errors.New("cannot write the file: a symbolic link to a file that does not exist")
	}
	return writeThroughTemp(name, data, 0o666, nil)
}

// writeThroughTemp writes data to a temporary file beside target, created
// with perm (less the umask), calls finish (if set) with its name, and
// renames it to target. The temporary file is removed on every way out
// but the rename.
func writeThroughTemp(target string, data []byte, perm fs.FileMode, finish func(tmp string) error) (err error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	removeStale(dir)
	tmp, err := createTemp(dir, base, perm)
	if err != nil {
		return fmt.Errorf("cannot write the file: %s", pathErr(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		temps.drop(tmp.Name())
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("cannot write the file: %s", pathErr(err))
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("cannot write the file: %s", pathErr(err))
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("cannot write the file: %s", pathErr(err))
	}
	if testHookTempWritten != nil {
		testHookTempWritten(tmp.Name())
	}
	if finish != nil {
		if err = finish(tmp.Name()); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("cannot replace the file: %s", pathErr(err))
	}
	return nil
}

// testHookTempWritten, when set (by the tests only), is called once the
// temporary file is written, before it replaces the file: a script stops
// al there to kill it.
var testHookTempWritten func(tmp string)

// tempPrefix and tempSuffix frame the temporary files: ".NAME" +
// tempPrefix + "PID-N" + tempSuffix.
const (
	tempPrefix = ".al-fmt-"
	tempSuffix = ".tmp"
)

// createTemp creates the temporary file for base in dir, with perm (less
// the umask), named with this process's id so that a later run can tell a
// stale one, and registers it for removal on a signal.
func createTemp(dir, base string, perm fs.FileMode) (*os.File, error) {
	temps.watch()
	for i := 0; ; i++ {
		name := filepath.Join(dir, fmt.Sprintf(".%s%s%d-%d%s", base, tempPrefix, os.Getpid(), i, tempSuffix))
		// Created and registered under the lock the signal handler takes:
		// a signal between the two would otherwise leave the file behind.
		temps.mu.Lock()
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			temps.names[name] = true
		}
		temps.mu.Unlock()
		if errors.Is(err, fs.ErrExist) && i < 1000 {
			continue
		}
		if err != nil {
			return nil, err
		}
		return f, nil
	}
}

// removeStale removes the temporary files of al fmt -w (and al learn -o)
// in dir that a run
// killed before it could clean up left behind: those whose process no
// longer exists. Any other file is left alone. Each directory is looked
// at once per run.
func removeStale(dir string) {
	staleMu.Lock()
	defer staleMu.Unlock()
	if staleDone[dir] {
		return
	}
	staleDone[dir] = true
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		n := e.Name()
		i := strings.LastIndex(n, tempPrefix)
		if !strings.HasPrefix(n, ".") || i < 0 || !strings.HasSuffix(n, tempSuffix) || !e.Type().IsRegular() {
			continue
		}
		pid, _, ok := strings.Cut(strings.TrimSuffix(n[i+len(tempPrefix):], tempSuffix), "-")
		p, err := strconv.Atoi(pid)
		if !ok || err != nil || p <= 0 || p == os.Getpid() || alive(p) {
			continue
		}
		os.Remove(filepath.Join(dir, n))
	}
}

var (
	staleMu   sync.Mutex
	staleDone = map[string]bool{}
)

// temps are the temporary files being written, removed if the process is
// interrupted or terminated before it renames or removes them.
var temps = &tempFiles{names: map[string]bool{}}

type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
	once  sync.Once
}

func (t *tempFiles) drop(name string) {
	t.mu.Lock()
	delete(t.names, name)
	t.mu.Unlock()
}

// watch starts, once, the handler of SIGINT, SIGTERM and SIGHUP that
// removes the temporary files and then dies of the signal as it would
// have.
func (t *tempFiles) watch() {
	t.once.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		go func() {
			sig := <-c
			t.mu.Lock()
			for n := range t.names {
				os.Remove(n)
			}
			t.mu.Unlock()
			signal.Reset(sig)
			raise(sig)
			os.Exit(128 + 2)
		}()
	})
}

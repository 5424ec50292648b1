package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: what is written on slave is read on
// master, and slave is a terminal (term.IsTerminal).
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("cannot unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("no pseudo-terminal number: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return m, s
}

func TestColourFor(t *testing.T) {
	_, tty := openPTY(t)
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	unset := "<unset>"
	for _, c := range []struct {
		mode, noColor, term string
		w                   io.Writer
		want                bool
	}{
		{"auto", unset, "xterm", tty, true},
		{"auto", "", "xterm", tty, true}, // an empty NO_COLOR does not count
		{"auto", "1", "xterm", tty, false},
		{"auto", "0", "xterm", tty, false}, // any non-empty value
		{"auto", unset, "dumb", tty, false},
		{"auto", unset, unset, tty, true},
		{"auto", unset, "xterm", file, false},
		{"auto", unset, "xterm", &bytes.Buffer{}, false},
		{"always", "1", "dumb", file, true},
		{"never", unset, "xterm", tty, false},
	} {
		setOrUnset(t, "NO_COLOR", c.noColor, unset)
		setOrUnset(t, "TERM", c.term, unset)
		if got := colourFor(c.mode, c.w); got != c.want {
			t.Errorf("--color %s, NO_COLOR %q, TERM %q, %T: %v, want %v", c.mode, c.noColor, c.term, c.w, got, c.want)
		}
	}
}

func setOrUnset(t *testing.T, name, value, unset string) {
	t.Setenv(name, "") // restored after the test
	if value == unset {
		os.Unsetenv(name)
	} else {
		os.Setenv(name, value)
	}
}

// TestColourPerStream runs al check on a file with an error, its
// diagnostics on stderr: with stdout a terminal and stderr a file, the
// file gets no escape code; with stderr a terminal, the terminal gets
// colour.
func TestColourPerStream(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.al1")
	if err := os.WriteFile(bad, []byte("table T white\n  @@@\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	master, tty := openPTY(t)
	read := make(chan string)
	go func() {
		var b bytes.Buffer
		buf := make([]byte, 4096)
		for {
			// Ends (EIO) once the terminal's side is closed.
			n, err := master.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				read <- b.String()
				return
			}
		}
	}()
	file, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()

	if code := run([]string{"check", bad}, strings.NewReader(""), tty, file); code != exitInput {
		t.Fatalf("al check: exit %d", code)
	}
	got, err := os.ReadFile(file.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "bad.al1:2:") || strings.Contains(string(got), "\x1b[") {
		t.Errorf("stderr redirected to a file, stdout a terminal: %q", got)
	}

	out, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if code := run([]string{"check", bad}, strings.NewReader(""), out, tty); code != exitInput {
		t.Fatalf("al check: exit %d", code)
	}
	tty.Close()
	if s := <-read; !strings.Contains(s, "bad.al1:2:") || !strings.Contains(s, "\x1b[") {
		t.Errorf("stderr a terminal: no colour in %q", s)
	}
}

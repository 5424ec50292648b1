package tablebase

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
)

// TestDump: one line per legal position, each "fen,outcome,dtm" with the
// value Probe gives (checked on every 101st line).
func TestDump(t *testing.T) {
	tb := testBase(t)
	tab := tables(t)(KQK)
	var out bytes.Buffer
	if err := tab.Dump(&out); err != nil {
		t.Fatal(err)
	}
	st := tab.Stats()
	if n := bytes.Count(out.Bytes(), []byte("\n")); n != st[0].Positions+st[1].Positions {
		t.Fatalf("%d lines, want %d", n, st[0].Positions+st[1].Positions)
	}
	sc := bufio.NewScanner(&out)
	for line := 0; sc.Scan(); line++ {
		if line%101 != 0 {
			continue
		}
		f := strings.Split(sc.Text(), ",")
		if len(f) != 3 {
			t.Fatalf("line %q", sc.Text())
		}
		p, err := chess.ParseFEN(f[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := tb.Value(p)
		if err != nil {
			t.Fatal(err)
		}
		if f[1] != v.Outcome.String() || f[2] != strconv.Itoa(v.DTM) {
			t.Fatalf("line %q, Probe says %v", sc.Text(), v)
		}
	}
}

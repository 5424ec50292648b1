package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/advicelang/al/chess/tablebase"
)

// TestProgressLine: the progress line overwrites itself, skips repeats and
// is erased at the end.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(0, 0)
	p := &progressLine{&progressBar{statusLine: statusLine{w: &b}, on: true, now: func() time.Time { return now }}}
	p.report(tablebase.Progress{Endgame: tablebase.MustEndgame("kqk"), Stage: "setup", Done: 1, Total: 2})
	p.report(tablebase.Progress{Endgame: tablebase.MustEndgame("kqk"), Stage: "setup", Done: 1, Total: 2})
	p.report(tablebase.Progress{Endgame: tablebase.MustEndgame("kqk"), Stage: "retrograde", Done: 3})
	p.end()
	p.end()
	want := "\r\033[Ktablebase: generating kqk: setup   [###############...............]  50% 1/2" +
		"\r\033[Ktablebase: generating kqk: retrograde, ply 3" +
		"\r\033[K"
	if got := b.String(); got != want {
		t.Errorf("progress output %q, want %q", got, want)
	}
}

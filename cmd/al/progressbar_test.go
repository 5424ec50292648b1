package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressText(t *testing.T) {
	for _, c := range []struct {
		stage       string
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{"", 0, 10, 0, "solve: [..............................]   0% 0/10"},
		{"", 5, 10, 500 * time.Millisecond, "solve: [###############...............]  50% 5/10"},
		{"", 5, 10, 3 * time.Second, "solve: [###############...............]  50% 5/10, 3s left"},
		{"play", 1, 4, 25 * time.Second, "solve: play    [#######.......................]  25% 1/4, 1m15s left"},
		{"", 1, 1000, 10 * time.Second, "solve: [..............................]   0% 1/1000, 2h46m left"},
		{"", 10, 10, time.Hour, "solve: [##############################] 100% 10/10"},
		{"", 12, 10, time.Second, "solve: [##############################] 100% 10/10"},
	} {
		if got := progressText("solve", c.stage, c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressText(%q, %d, %d, %v) =\n%q, want\n%q", c.stage, c.done, c.total, c.elapsed, got, c.want)
		}
	}
}

// TestProgressBarDraws: nothing unless on; at most every tenth of a second
// but always the last step; a new stage restarts the clock.
func TestProgressBarDraws(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(100, 0)
	p := &progressBar{statusLine: statusLine{w: &b}, label: "verify", now: func() time.Time { return now }}
	p.report("play", 1, 10)
	if b.Len() != 0 {
		t.Fatalf("drawn while off: %q", b.String())
	}
	p.on = true
	p.report("play", 1, 10)
	now = now.Add(50 * time.Millisecond)
	p.report("play", 2, 10) // too soon: skipped
	now = now.Add(2 * time.Second)
	p.report("play", 4, 10) // 2.05 s for 4 of 10: 3 s left
	p.report("play", 10, 10)
	p.report("check", 1, 2) // a new stage: no time left yet
	p.end()
	got := strings.Split(b.String(), "\r\033[K")
	want := []string{"",
		"verify: play    [###...........................]  10% 1/10",
		"verify: play    [############..................]  40% 4/10, 3s left",
		"verify: play    [##############################] 100% 10/10",
		"verify: check   [###############...............]  50% 1/2",
		""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("drawn:\n%q\nwant\n%q", got, want)
	}
}

// TestLearnProgress: the learners get no progress function off a
// terminal, and on one the progress bar labelled "learn".
func TestLearnProgress(t *testing.T) {
	var b bytes.Buffer
	off := newLearnProgress(&Env{Stderr: &b})
	if off != nil || off.reporter() != nil || off.stage("rank") != nil {
		t.Fatal("a progress function off a terminal")
	}
	off.done()
	p := newLearnProgress(&Env{Stderr: &b, Terminal: true})
	p.reporter()("label", 1, 4)
	p.stage("verify")(2, 2)
	p.done()
	got := strings.Split(b.String(), "\r\033[K")
	want := []string{"",
		"learn: label   [#######.......................]  25% 1/4",
		"learn: verify  [##############################] 100% 2/2",
		""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("drawn:\n%q\nwant\n%q", got, want)
	}
}

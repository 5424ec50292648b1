package main

import (
	"fmt"
	"strings"
	"time"
)

// progressBar is the progress of a long run with a known total on a
// status line of stderr: a bar, the percentage, the count and the time
// left, estimated from the rate so far once a second has passed ("label:
// stage [#####.....] 45% 450/1000, 12s left"). It draws only when stderr
// is a terminal (a redirected stderr never gets its escape codes) and at
// most every tenth of a second, except the last step.
type progressBar struct {
	statusLine
	on    bool
	label string
	stage string
	start time.Time
	drawn time.Time
	now   func() time.Time
}

// newProgressBar returns the progress bar of a run called label; it draws
// nothing unless env's stderr is a terminal.
func newProgressBar(env *Env, label string) *progressBar {
	return &progressBar{statusLine: statusLine{w: env.Stderr}, on: env.Terminal, label: label, now: time.Now}
}

// report shows done of total in stage; a new stage starts the clock again.
func (p *progressBar) report(stage string, done, total int) {
	if !p.on || total <= 0 {
		return
	}
	now := p.now()
	if stage != p.stage || p.start.IsZero() {
		p.stage, p.start, p.drawn = stage, now, time.Time{}
	}
	if done < total && !p.drawn.IsZero() && now.Sub(p.drawn) < 100*time.Millisecond {
		return
	}
	p.drawn = now
	p.show(progressText(p.label, stage, done, total, now.Sub(p.start)))
}

// clear erases the line so that other output can be written; the next
// report draws it again.
func (p *progressBar) clear() {
	p.end()
	p.drawn = time.Time{}
}

// progressText is one state of a progress bar.
func progressText(label, stage string, done, total int, elapsed time.Duration) string {
	const width = 30
	done = min(max(done, 0), total)
	n := width * done / total
	var b strings.Builder
	b.WriteString(label + ": ")
	if stage != "" {
		fmt.Fprintf(&b, "%-7s ", stage)
	}
	fmt.Fprintf(&b, "[%s%s] %3d%% %d/%d", strings.Repeat("#", n), strings.Repeat(".", width-n), 100*done/total, done, total)
	if left, ok := timeLeft(done, total, elapsed); ok {
		b.WriteString(", " + left + " left")
	}
	return b.String()
}

// timeLeft estimates the time the rest of a run takes at the rate so
// far; it says nothing before a second has passed or anything is done.
func timeLeft(done, total int, elapsed time.Duration) (string, bool) {
	if done <= 0 || done >= total || elapsed < time.Second {
		return "", false
	}
	left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
	return shortDuration(left), true
}

// shortDuration writes d in whole seconds, minutes and hours: 7s, 1m05s,
// 2h03m.
func shortDuration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s/60%60)
}

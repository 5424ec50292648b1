package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/advicelang/al/internal/hugemem"
)

// The run guard bounds a command's time and memory whatever its input
// (docs/decisions.md, "Hostile input"). Each command runs under the
// context of its Env. When a budget runs out (--max-memory, or a command's
// --timeout) the guard cancels that context with a budgetError as its
// cause: the searches, the AL3 cycle and the verifier stop at their next
// check and the command prints what it knows, the budget named as the
// reason. Should the command not have returned a grace period later (it
// was in a step that does not look at the context: parsing, compiling),
// the guard prints the budget and what the command was doing (its phase)
// and ends the process with exit status 1 itself.

// graceBudget is how long a command may take to stop and print after its
// context is cancelled, before the guard ends the process. Two seconds,
// not less: under the race detector on a loaded machine, compiling
// kpk.al3 after a spent --timeout took more than half a second, and the
// guard ended a run that was about to answer.
const graceBudget = 2 * time.Second

// memoryPoll is how often the guard reads the memory in use.
const memoryPoll = 50 * time.Millisecond

// budgetError is the cause of a cancelled run: which budget ran out
// ("time budget of 2s spent") and the flag that sets it.
type budgetError struct{ msg, flag string }

func (e *budgetError) Error() string { return e.msg }

// Long is the message with the flag: "time budget of 2s spent (--timeout)".
func (e *budgetError) Long() string { return e.msg + " (" + e.flag + ")" }

// guard is the budgets of one run. The zero value (no guard) is not
// used; newGuard makes one.
type guard struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	stderr io.Writer
	// exit ends the process after the grace period; nil (in-process
	// runs: tests, benchmarks) only cancels.
	exit  func(code int)
	phase atomic.Value // string: what the command is doing
	done  chan struct{}
	once  sync.Once
	stops sync.Once
}

func newGuard(stderr io.Writer, exit func(int)) *guard {
	g := &guard{stderr: stderr, exit: exit, done: make(chan struct{})}
	g.ctx, g.cancel = context.WithCancelCause(context.Background())
	g.phase.Store("")
	return g
}

// setPhase records what the command is doing, for the message of a hard
// stop ("while compiling the knowledge base").
func (g *guard) setPhase(p string) { g.phase.Store(p) }

// finish says the command has returned: no hard stop after this.
func (g *guard) finish() {
	g.once.Do(func() { close(g.done) })
	g.cancel(nil)
}

// trip cancels the run with cause err and, unless the command returns
// within the grace period, stops the process.
func (g *guard) trip(err *budgetError) {
	select {
	case <-g.done:
		return
	default:
	}
	g.cancel(err)
	if g.exit == nil {
		return
	}
	go func() {
		select {
		case <-g.done:
		case <-time.After(graceBudget):
			g.stops.Do(func() {
				msg := "al: " + err.Long()
				if p, _ := g.phase.Load().(string); p != "" {
					msg += " while " + p
				}
				fmt.Fprintln(g.stderr, msg+"; stopped")
				g.exit(exitInput)
			})
		}
	}()
}

// deadline trips the guard d from now (d <= 0: never); the message names
// the flag. The run's context gets the deadline itself too, so that a
// budget already spent when a step looks is seen at once.
func (g *guard) deadline(d time.Duration, flag string) {
	if d <= 0 {
		return
	}
	be := &budgetError{msg: fmt.Sprintf("time budget of %s spent", d), flag: flag}
	var cancel context.CancelFunc
	g.ctx, cancel = context.WithDeadlineCause(g.ctx, time.Now().Add(d), be)
	t := time.AfterFunc(d, func() { g.trip(be) })
	go func() {
		<-g.done
		t.Stop()
		cancel()
	}()
}

// watchMemory sets the Go runtime's soft memory limit to limit (so that
// the collector works harder as the heap nears it) and trips the guard
// when the memory the runtime holds from the system, with the tables
// mapped outside it (internal/hugemem), still exceeds it: the
// run stops with "memory budget of X spent (--max-memory)" instead of the
// runtime's fatal out-of-memory error or the kernel's OOM killer. limit
// <= 0: no limit.
func (g *guard) watchMemory(limit byteSize) {
	if limit <= 0 {
		return
	}
	debug.SetMemoryLimit(int64(limit))
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	go func() {
		t := time.NewTicker(memoryPoll)
		defer t.Stop()
		for {
			select {
			case <-g.done:
				return
			case <-t.C:
			}
			metrics.Read(samples)
			// The searches' large tables are mapped outside the
			// runtime's memory (internal/hugemem): counted too.
			held := int64(samples[0].Value.Uint64()-samples[1].Value.Uint64()) + hugemem.Mapped()
			if held > int64(limit) {
				g.trip(&budgetError{msg: fmt.Sprintf("memory budget of %s spent", limit), flag: "--max-memory"})
				return
			}
		}
	}()
}

// budgetCause returns the budget that cancelled ctx, if one did.
func budgetCause(ctx context.Context) (*budgetError, bool) {
	var be *budgetError
	if errors.As(context.Cause(ctx), &be) {
		return be, true
	}
	return nil, false
}

// defaultMaxMemory is the default of --max-memory: half the machine's
// memory (or of the cgroup's limit when it is lower), or none when neither
// can be read.
func defaultMaxMemory() byteSize {
	total := memTotal()
	if cg := cgroupLimit(); cg > 0 && (total == 0 || cg < total) {
		total = cg
	}
	return byteSize(total / 2)
}

// memTotal reads MemTotal from /proc/meminfo (0 when it cannot).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) >= 2 && fs[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fs[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupLimit reads the memory limit of the process's cgroup (v2), 0 when
// there is none.
func cgroupLimit() int64 {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0 // "max"
	}
	return v
}

// memLimit is the value of --max-memory: a size, 0 for no limit, or
// "auto" (the default, defaultMaxMemory).
type memLimit struct {
	auto bool
	size byteSize
}

// UnmarshalText makes memLimit a flag value for kong.
func (m *memLimit) UnmarshalText(text []byte) error {
	if strings.EqualFold(strings.TrimSpace(string(text)), "auto") {
		*m = memLimit{auto: true}
		return nil
	}
	v, err := parseByteSize(string(text))
	if err != nil {
		return err
	}
	*m = memLimit{size: v}
	return nil
}

// limit is the budget in bytes (0: none).
func (m memLimit) limit() byteSize {
	if m.auto {
		return defaultMaxMemory()
	}
	return m.size
}

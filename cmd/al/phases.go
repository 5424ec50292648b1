package main

import (
	"fmt"
	"io"
	"time"
)

// started is when the command's package was initialised: after the
// runtime's start and the imported packages' init, a few milliseconds
// after the process began.
var started = time.Now()

// phases writes, for al verify --worker-stats, when each phase of a run
// ended: the wall clock and the process's CPU time (user + system; 0 where
// the platform cannot tell, see procCPU) since the command's start. What
// runs on one core before the workers start and after they end is read off
// them (docs/verify.md, "Workers, memory and CPU", the sixteenth session).
type phases struct{ w io.Writer }

// mark writes one phase's line; a nil phases writes nothing.
func (p *phases) mark(format string, args ...any) {
	if p == nil {
		return
	}
	fmt.Fprintf(p.w, "%s at %.3f s (%.3f s of CPU)\n", fmt.Sprintf(format, args...), time.Since(started).Seconds(), procCPU().Seconds())
}

// Package testenv owns the one switch between the quick tests and the
// exhaustive ones. `make test` runs the quick ones (unit, golden,
// testscript, sampled verification); the tests that take more than a few
// seconds without the race detector run only when AL_SLOW is set, which
// `make verify` does.
package testenv

import (
	"os"
	"testing"
)

// SlowVar is the environment variable that turns the slow tests on.
const SlowVar = "AL_SLOW"

// Slow reports whether the slow, exhaustive tests run.
func Slow() bool { return os.Getenv(SlowVar) != "" }

// SkipUnlessSlow skips t unless the slow tests run; why says what the test
// costs and what covers it in the quick run.
func SkipUnlessSlow(t testing.TB, why string) {
	t.Helper()
	if !Slow() {
		t.Skipf("slow (%s); set %s=1 or run make verify", why, SlowVar)
	}
}

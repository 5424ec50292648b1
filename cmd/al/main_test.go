package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"al": func() {
			testLimits()
			os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Exit))
		},
	})
}

// TestScripts runs every testdata/script/*.txtar against the al command.
func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams("testdata/script"))
}

// scriptParams are the parameters of the script tests of dir.
func scriptParams(dir string) testscript.Params {
	return testscript.Params{
		Dir: dir,
		Setup: func(e *testscript.Env) error {
			// Keep caches (the tablebase's among them) inside the test's work dir.
			e.Setenv("XDG_CACHE_HOME", e.WorkDir+"/.cache")
			e.Setenv("HOME", e.WorkDir)
			e.Setenv("NO_COLOR", "1")
			// No run of al in a script may hang the tests: each ends
			// after this long (hostile.txtar sets shorter limits).
			e.Setenv("AL_TEST_LIMIT", "120s")
			return nil
		},
		Cmds:      scriptCmds(),
		Condition: scriptCondition,
	}
}

// cmdExitcode is `exitcode N prog args...`: it runs prog like exec and fails
// unless prog exits with status N exactly. Its output is checked afterwards
// with stdout and stderr, as after exec.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N prog [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

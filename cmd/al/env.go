package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"time"

	"github.com/fatih/color"
	"golang.org/x/term"
)

// Env is what a command's Run method is given: the global flags and the
// streams to read and write, with the colour decision made once.
type Env struct {
	*Globals
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Colour says whether text output may use colour.
	Colour bool
	// Terminal says whether stderr is a terminal (for progress bars).
	Terminal bool

	guard *guard // the run's budgets of time and memory (guard.go)
}

// Context is the context a command runs under: cancelled, with a
// budgetError as its cause, when a budget of the run is spent.
func (e *Env) Context() context.Context {
	if e.guard == nil {
		return context.Background()
	}
	return e.guard.ctx
}

// Phase records what the command is doing, for the message of the guard
// should it have to stop the process ("while compiling the knowledge
// base").
func (e *Env) Phase(p string) {
	if e.guard != nil {
		e.guard.setPhase(p)
	}
}

// Deadline makes the run's budget of time d from now (d <= 0: none),
// covering everything the command does after it; flag names the flag in
// the message.
func (e *Env) Deadline(d time.Duration, flag string) {
	if e.guard != nil {
		e.guard.deadline(d, flag)
	}
}

func newEnv(g *Globals, stdin io.Reader, stdout, stderr io.Writer) *Env {
	e := &Env{Globals: g, Stdin: stdin, Stdout: stdout, Stderr: stderr}
	e.Terminal = isTerminal(stderr)
	switch g.Color {
	case "always":
		e.Colour = true
	case "never":
		e.Colour = false
	default:
		_, noColor := os.LookupEnv("NO_COLOR")
		e.Colour = !noColor && isTerminal(stdout)
	}
	return e
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Paint returns s in the given attributes when colour is on, else s.
func (e *Env) Paint(s string, attrs ...color.Attribute) string {
	if !e.Colour {
		return s
	}
	c := color.New(attrs...)
	c.EnableColor()
	return c.Sprint(s)
}

// WriteJSON writes v as indented JSON followed by a newline.
func (e *Env) WriteJSON(v any) error {
	enc := json.NewEncoder(e.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

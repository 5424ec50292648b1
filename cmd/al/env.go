package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"time"

	"github.com/alecthomas/kong"
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
	// Colour says whether text on stdout may use colour, ErrColour the
	// same for stderr: each stream is decided on its own (colourFor), so
	// a redirected stderr never gets escape codes, whatever stdout is.
	Colour    bool
	ErrColour bool
	// Terminal says whether stderr is a terminal that understands the
	// escape codes of a progress line (not TERM=dumb).
	Terminal bool

	guard *guard // the run's budgets of time and memory (guard.go)
	// given holds the long names of the flags given on the command line
	// (not from their defaults): Given.
	given map[string]bool
}

// Given reports whether the flag of long name name was given on the
// command line (a flag left at its default was not): --max-nodes
// overrides a base's own node budgets only when given.
func (e *Env) Given(name string) bool { return e.given[name] }

// flagsGiven lists the flags given on ctx's command line.
func flagsGiven(ctx *kong.Context) map[string]bool {
	m := map[string]bool{}
	for _, p := range ctx.Path {
		if p.Flag != nil && !p.Resolved {
			m[p.Flag.Name] = true
		}
	}
	return m
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
	e.Terminal = isTerminal(stderr) && os.Getenv("TERM") != "dumb"
	e.Colour = colourFor(g.Color, stdout)
	e.ErrColour = colourFor(g.Color, stderr)
	return e
}

// colourFor decides colour for one output stream: --color always or never
// decide; auto colours a terminal, unless NO_COLOR is set to a non-empty
// value (no-color.org: an empty NO_COLOR does not count) or TERM is dumb.
func colourFor(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(w)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Paint returns s in the given attributes when colour is on for stdout,
// else s.
func (e *Env) Paint(s string, attrs ...color.Attribute) string {
	return paint(e.Colour, s, attrs...)
}

// PaintErr is Paint for text written on stderr.
func (e *Env) PaintErr(s string, attrs ...color.Attribute) string {
	return paint(e.ErrColour, s, attrs...)
}

func paint(on bool, s string, attrs ...color.Attribute) string {
	if !on {
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

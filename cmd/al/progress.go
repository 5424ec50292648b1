package main

import (
	"fmt"
	"io"
)

// statusLine is one self-overwriting line on a terminal, for the progress of
// long runs (tablebase generation, verification). Commands create one only
// when env.Terminal says stderr is a terminal.
type statusLine struct {
	w    io.Writer
	last string
}

// show replaces the line with s; a repeat of the last text writes nothing.
func (p *statusLine) show(s string) {
	if s != p.last {
		fmt.Fprintf(p.w, "\r\033[K%s", s)
		p.last = s
	}
}

// end erases the line; it is safe to call more than once.
func (p *statusLine) end() {
	if p.last != "" {
		fmt.Fprint(p.w, "\r\033[K")
		p.last = ""
	}
}

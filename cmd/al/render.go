package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/fatih/color"
)

// The rendering seam of the command line: a command computes a report
// value and hands it to env.render, the one place that chooses how it is
// written. Text is the report's writeText; JSON is the report itself, or
// its jsonValue when the machine form differs from the value; HTML (--html
// FILE, on the commands that offer it) is its writeHTML, written besides
// the text or JSON.

// renderable is a report: what a command prints.
type renderable interface {
	// writeText writes the report for people; colour through env.Paint.
	writeText(env *Env, w io.Writer) error
}

// jsonReport is a report whose JSON form is another value than itself.
type jsonReport interface {
	jsonValue() any
}

// htmlReport is a report that has an HTML page (--html FILE).
type htmlReport interface {
	writeHTML(p *htmlPage)
}

// render writes r on stdout: as JSON under --json, else as text. The text
// is written in one piece, so that a failure midway prints nothing.
func (e *Env) render(r renderable) error {
	if e.JSON {
		var v any = r
		if j, ok := r.(jsonReport); ok {
			v = j.jsonValue()
		}
		return e.WriteJSON(v)
	}
	var b bytes.Buffer
	if err := r.writeText(e, &b); err != nil {
		return err
	}
	_, err := e.Stdout.Write(b.Bytes())
	return err
}

// htmlFlag is the --html flag of the commands that write an HTML page.
type htmlFlag struct {
	HTML string `name:"html" placeholder:"FILE" help:"Also write the report as one self-contained HTML page (boards in SVG, the justification as a tree) to FILE."`
}

// renderWithHTML renders r, then writes its HTML page to the --html file
// when one is given.
func (e *Env) renderWithHTML(r renderable, f htmlFlag) error {
	if err := e.render(r); err != nil {
		return err
	}
	if f.HTML == "" {
		return nil
	}
	h, ok := r.(htmlReport)
	if !ok {
		return usageError{"--html: this report has no HTML form"}
	}
	p := newHTMLPage()
	h.writeHTML(p)
	if err := os.WriteFile(f.HTML, p.bytes(), 0o644); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	return nil
}

// column says how a column of a textTable is aligned: Left or right, at
// least Min characters wide (padding included), and at least Gap spaces
// between its text and its neighbour (after a left column's text, before
// a right column's).
type column struct {
	Left     bool
	Min, Gap int
}

// cell is a table cell: its text and the colour attributes it is painted
// in when colour is on.
type cell struct {
	text  string
	attrs []color.Attribute
}

// textTable is a table of text written through text/tabwriter: columns of
// cells aligned by their visible width, the last cell of a row written as
// it is (not aligned). Colours are painted after the alignment, so escape
// codes never count as width.
type textTable struct {
	indent string
	cols   []column
	rows   [][]cell
}

func newTable(indent string, cols ...column) *textTable {
	return &textTable{indent: indent, cols: cols}
}

// row adds a row: strings or cells, one per column (a row may end with
// one more, its unaligned tail).
func (t *textTable) row(cells ...any) {
	r := make([]cell, len(cells))
	for i, c := range cells {
		switch c := c.(type) {
		case cell:
			r[i] = c
		case string:
			r[i] = cell{text: c}
		default:
			r[i] = cell{text: fmt.Sprint(c)}
		}
	}
	t.rows = append(t.rows, r)
}

// write writes the table to w. Left columns are padded here to their
// width (tabwriter has one alignment for every column), right columns are
// right-aligned by tabwriter.
func (t *textTable) write(env *Env, w io.Writer) error {
	width := make([]int, len(t.cols))
	for i, c := range t.cols {
		width[i] = c.Min
		for _, r := range t.rows {
			if i < len(r) {
				width[i] = max(width[i], utf8.RuneCountInString(r[i].text)+c.Gap)
			}
		}
	}
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 0, ' ', tabwriter.AlignRight)
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(t.cols) {
				fmt.Fprint(tw, c.text)
				continue
			}
			n := utf8.RuneCountInString(c.text)
			if t.cols[i].Left {
				fmt.Fprint(tw, c.text+strings.Repeat(" ", width[i]-n)+"\t")
			} else {
				fmt.Fprint(tw, strings.Repeat(" ", max(0, t.cols[i].Min-n, t.cols[i].Gap))+c.text+"\t")
			}
		}
		fmt.Fprint(tw, "\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	lines := strings.SplitAfter(b.String(), "\n")
	for i, r := range t.rows {
		line := strings.TrimRight(lines[i], " \n")
		// Paint the coloured cells: each is found after the cells before it.
		var out strings.Builder
		at := 0
		for _, c := range r {
			k := strings.Index(line[at:], c.text)
			if k < 0 || c.text == "" {
				continue
			}
			out.WriteString(line[at : at+k])
			if len(c.attrs) > 0 {
				out.WriteString(env.Paint(c.text, c.attrs...))
			} else {
				out.WriteString(c.text)
			}
			at += k + len(c.text)
		}
		out.WriteString(line[at:])
		if _, err := fmt.Fprintf(w, "%s%s\n", t.indent, out.String()); err != nil {
			return err
		}
	}
	return nil
}

// textReport is a report made of a value (its JSON) and the function that
// writes it as text: the commands whose text is a few lines use it rather
// than a type of their own.
type textReport struct {
	value any
	text  func(w io.Writer) error
}

func (r textReport) jsonValue() any                      { return r.value }
func (r textReport) writeText(_ *Env, w io.Writer) error { return r.text(w) }

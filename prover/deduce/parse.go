// Package deduce owns alpha-beta deduction (Márquez, seed 000, ch. IV): a
// propositional Horn problem {CL, D} |- A read from a small file format,
// its AND/OR graph, the alternated AND/OR tree J(A) unfolded from it, the
// deductive game on that tree (won states: the data; lost states: nodes no
// clause expands), and the iterated alpha-beta search that turns the game's
// best moves into a proof. Plain forward chaining is here too, as the
// reference every answer is checked against.
//
// The file format (docs/search.md has more):
//
//	# '#' or '%' starts a comment
//	pd :- pe.          # a clause: pd if pe
//	pd :- bs, mc.      # pd if bs and mc
//	bs.                # a datum (a fact)
//	?- pd.             # the goal (optional; al deduce --goal overrides it)
//
// Atoms are names of letters, digits and '_' starting with a letter or '_'.
package deduce

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Position is a line and column (1-based; columns count bytes).
type Position struct{ Line, Col int }

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is one error of a Horn file.
type Error struct {
	File string
	Pos  Position
	Msg  string
}

func (e Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
}

// ErrorList is every error of a file, in order.
type ErrorList []Error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// Clause is "Head :- Body." (a datum when Body is empty).
type Clause struct {
	Head string
	Body []string
	Pos  Position
}

// String prints the clause in the file format.
func (c Clause) String() string {
	if len(c.Body) == 0 {
		return c.Head + "."
	}
	return c.Head + " :- " + strings.Join(c.Body, ", ") + "."
}

// Program is a parsed Horn file: its clauses and data in file order and
// the goal of its "?-" line, if any.
type Program struct {
	File    string
	Clauses []Clause
	Goal    string
	GoalPos Position
}

type tokKind uint8

const (
	tEOF tokKind = iota
	tAtom
	tIf    // :-
	tQuery // ?-
	tComma
	tDot
	tBad
)

type token struct {
	kind tokKind
	text string
	pos  Position
}

type lexer struct {
	src       string
	off       int
	line, col int
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func (lx *lexer) next() token {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		if c == '\n' {
			lx.off++
			lx.line++
			lx.col = 1
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' {
			lx.off++
			lx.col++
			continue
		}
		if c == '#' || c == '%' {
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.off++
				lx.col++
			}
			continue
		}
		break
	}
	pos := Position{lx.line, lx.col}
	if lx.off >= len(lx.src) {
		return token{kind: tEOF, pos: pos}
	}
	start := lx.off
	c := lx.src[lx.off]
	kind := tBad
	switch {
	case isLetter(c):
		kind = tAtom
		for lx.off < len(lx.src) && (isLetter(lx.src[lx.off]) || isDigit(lx.src[lx.off])) {
			lx.off++
		}
	case c == ',':
		kind = tComma
		lx.off++
	case c == '.':
		kind = tDot
		lx.off++
	case (c == ':' || c == '?') && lx.off+1 < len(lx.src) && lx.src[lx.off+1] == '-':
		kind = tIf
		if c == '?' {
			kind = tQuery
		}
		lx.off += 2
	default:
		lx.off++
		for lx.off < len(lx.src) && lx.src[lx.off]&0xC0 == 0x80 {
			lx.off++ // the rest of a UTF-8 character
		}
	}
	lx.col += lx.off - start
	return token{kind: kind, text: lx.src[start:lx.off], pos: pos}
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tAtom:
		return "atom " + t.text
	case tBad:
		return "character " + strconv.Quote(t.text)
	}
	return "'" + t.text + "'"
}

const maxErrors = 50

type parser struct {
	lx   lexer
	tok  token
	prog *Program
	errs ErrorList
}

func (p *parser) errorf(pos Position, format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs = append(p.errs, Error{File: p.prog.File, Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
}

func (p *parser) advance() { p.tok = p.lx.next() }

// skip drops tokens up to and including the next '.', to resume after an
// error.
func (p *parser) skip() {
	for p.tok.kind != tEOF && p.tok.kind != tDot {
		p.advance()
	}
	if p.tok.kind == tDot {
		p.advance()
	}
}

// Parse reads a Horn file and returns every error as an ErrorList.
func Parse(file, src string) (*Program, error) {
	p := &parser{lx: lexer{src: src, line: 1, col: 1}, prog: &Program{File: file}}
	p.advance()
	for p.tok.kind != tEOF {
		p.statement()
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.prog, nil
}

func (p *parser) statement() {
	start := p.tok
	if start.kind == tQuery {
		p.advance()
		if p.tok.kind != tAtom {
			p.errorf(p.tok.pos, "expected the goal's atom after '?-', found %s", describe(p.tok))
			p.skip()
			return
		}
		goal, gpos := p.tok.text, p.tok.pos
		p.advance()
		if p.tok.kind != tDot {
			p.errorf(p.tok.pos, "expected '.' after the goal, found %s", describe(p.tok))
			p.skip()
			return
		}
		p.advance()
		if p.prog.Goal != "" {
			p.errorf(start.pos, "a second goal; the first is at %s", p.prog.GoalPos)
			return
		}
		p.prog.Goal, p.prog.GoalPos = goal, gpos
		return
	}
	if start.kind != tAtom {
		p.errorf(start.pos, "expected a clause or a datum, found %s", describe(start))
		if start.kind == tDot {
			p.advance()
		} else {
			p.skip()
		}
		return
	}
	c := Clause{Head: start.text, Pos: start.pos}
	p.advance()
	switch p.tok.kind {
	case tDot:
		p.advance()
		p.prog.Clauses = append(p.prog.Clauses, c)
		return
	case tIf:
	default:
		p.errorf(p.tok.pos, "expected ':-' or '.' after %s, found %s", c.Head, describe(p.tok))
		p.skip()
		return
	}
	p.advance()
	for {
		if p.tok.kind != tAtom {
			p.errorf(p.tok.pos, "expected an atom in the body of %s, found %s", c.Head, describe(p.tok))
			p.skip()
			return
		}
		c.Body = append(c.Body, p.tok.text)
		p.advance()
		if p.tok.kind == tComma {
			p.advance()
			continue
		}
		if p.tok.kind == tDot {
			p.advance()
			p.prog.Clauses = append(p.prog.Clauses, c)
			return
		}
		p.errorf(p.tok.pos, "expected ',' or '.' after %s, found %s", c.Body[len(c.Body)-1], describe(p.tok))
		p.skip()
		return
	}
}

// Format prints the program in the file format, one statement a line;
// Parse(Format(p)) gives p again (up to positions).
func Format(p *Program) string {
	var b strings.Builder
	for _, c := range p.Clauses {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	if p.Goal != "" {
		b.WriteString("?- " + p.Goal + ".\n")
	}
	return b.String()
}

// Atoms returns every atom of p, sorted.
func (p *Program) Atoms() []string {
	seen := map[string]bool{}
	for _, c := range p.Clauses {
		seen[c.Head] = true
		for _, a := range c.Body {
			seen[a] = true
		}
	}
	out := make([]string, 0, len(seen))
	for a := range seen {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

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
	"sort"
	"strconv"
	"strings"

	"github.com/advicelang/al/lang"
)

// Clause is "Head :- Body." (a datum when Body is empty).
type Clause struct {
	Head string
	Body []string
	Pos  lang.Pos
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
	GoalPos lang.Pos
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
	pos  lang.Pos
}

// lexer splits a Horn file into tokens; pos is the position of
// src[pos.Offset], kept by lang.Pos.Advance (columns count characters).
type lexer struct {
	src string
	pos lang.Pos
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// skipSpace passes over blanks, newlines and comments.
func (lx *lexer) skipSpace() {
	i := lx.pos.Offset
	for i < len(lx.src) {
		c := lx.src[i]
		if c == '#' || c == '%' {
			for i < len(lx.src) && lx.src[i] != '\n' {
				i++
			}
			continue
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
		i++
	}
	lx.pos.Advance(lx.src[lx.pos.Offset:i])
}

func (lx *lexer) next() token {
	lx.skipSpace()
	pos := lx.pos
	start := pos.Offset
	if start >= len(lx.src) {
		return token{kind: tEOF, pos: pos}
	}
	end := start + 1
	c := lx.src[start]
	kind := tBad
	switch {
	case isLetter(c):
		kind = tAtom
		for end < len(lx.src) && (isLetter(lx.src[end]) || isDigit(lx.src[end])) {
			end++
		}
	case c == ',':
		kind = tComma
	case c == '.':
		kind = tDot
	case (c == ':' || c == '?') && end < len(lx.src) && lx.src[end] == '-':
		kind = tIf
		if c == '?' {
			kind = tQuery
		}
		end++
	default:
		for end < len(lx.src) && lx.src[end]&0xC0 == 0x80 {
			end++ // the rest of a UTF-8 character
		}
	}
	text := lx.src[start:end]
	lx.pos.Advance(text)
	return token{kind: kind, text: text, pos: pos}
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
	errs lang.Diagnostics
}

func (p *parser) errorf(pos lang.Pos, format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs.Errorf(pos, format, args...)
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

// Parse reads a Horn file. It returns every error it finds (at most 50), in
// file order, with a nil program.
func Parse(file, src string) (*Program, lang.Diagnostics) {
	p := &parser{lx: lexer{src: src, pos: lang.Pos{Filename: file, Line: 1, Column: 1}}, prog: &Program{File: file}}
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
			p.errorf(start.pos, "a second goal; the first is at %d:%d", p.prog.GoalPos.Line, p.prog.GoalPos.Column)
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

// Package gametree owns the explicit game trees al uses for teaching: a
// small text format for a tree with leaf values, its parser (errors as
// file:line:col, all of them), a printer that round-trips, the tree as a
// game.Game with its evaluator, and the teaching trace of a minimax or
// alpha-beta run (each static evaluation, each backed-up value, each
// cut-off, in order).
//
// The format (docs/search.md has more):
//
//	# Winston's tree of seed 003; '#' starts a comment
//	max                      # who moves at the root: max (default) or min
//	( L: ( (8 7 2) (9 1 6) (2 4 1) )
//	  M: ( (1 3 5) (3 9 2) (6 5 2) )
//	  R: ( (1 2 3) (9 7 2) (16 6 4) ) )
//
// A node is a value (a leaf) or a parenthesised list of children; a child
// may have a label ("L:"), else it is named by its position (1, 2, ...). An
// interior node may carry a static value before its list ("4 (...)"),
// used when a search's depth stops there. Values are integers in the
// maximiser's view.
package gametree

import (
	"strconv"
	"unicode/utf8"

	"github.com/advicelang/al/lang"
)

// MaxValue bounds the magnitude of a value in a tree file.
const MaxValue = 1_000_000_000

// Node is a node of a tree. Kids are indices into Tree.Nodes.
type Node struct {
	Label    string
	Value    int
	HasValue bool
	Kids     []int32
	Parent   int32
	Depth    int
	Pos      lang.Pos
}

// Tree is a parsed tree; Nodes[0] is the root.
type Tree struct {
	File string
	// MinRoot says the minimiser moves at the root.
	MinRoot bool
	Nodes   []Node
}

type tokKind uint8

const (
	tEOF tokKind = iota
	tLParen
	tRParen
	tColon
	tInt
	tIdent
	tBad
)

type token struct {
	kind tokKind
	text string
	pos  lang.Pos
}

// lexer splits a tree file into tokens; pos is the position of
// src[pos.Offset], kept by lang.Pos.Advance (columns count characters).
type lexer struct {
	src string
	pos lang.Pos
}

// skipSpace passes over blanks, newlines and comments.
func (lx *lexer) skipSpace() {
	i := lx.pos.Offset
	for i < len(lx.src) {
		c := lx.src[i]
		if c == '#' {
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
	case c == '(':
		kind = tLParen
	case c == ')':
		kind = tRParen
	case c == ':':
		kind = tColon
	case c == '-' || c == '+' || isDigit(c):
		kind = tInt
		for end < len(lx.src) && isDigit(lx.src[end]) {
			end++
		}
	case isLetter(c):
		kind = tIdent
		for end < len(lx.src) && (isLetter(lx.src[end]) || isDigit(lx.src[end])) {
			end++
		}
	default:
		// One whole UTF-8 character, so columns stay sane.
		_, size := utf8.DecodeRuneInString(lx.src[start:])
		end = start + size
	}
	text := lx.src[start:end]
	lx.pos.Advance(text)
	return token{kind: kind, text: text, pos: pos}
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

type parser struct {
	lx   lexer
	tok  token
	t    *Tree
	errs lang.Diagnostics
}

// maxErrors stops a parse that has gone off the rails.
const maxErrors = 50

// maxDepth bounds the nesting of a tree file.
const maxDepth = 1000

func (p *parser) errorf(pos lang.Pos, format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs.Errorf(pos, format, args...)
	}
}

func (p *parser) advance() { p.tok = p.lx.next() }

// Parse reads a tree file. It returns every error it finds (at most 50),
// in file order, with a nil tree.
func Parse(file, src string) (*Tree, lang.Diagnostics) {
	p := &parser{lx: lexer{src: src, pos: lang.Pos{Filename: file, Line: 1, Column: 1}}, t: &Tree{File: file}}
	p.advance()
	if p.tok.kind == tIdent {
		switch p.tok.text {
		case "max":
			p.advance()
		case "min":
			p.t.MinRoot = true
			p.advance()
		}
	}
	if p.tok.kind == tEOF {
		p.errorf(p.tok.pos, "empty tree: expected a value or '('")
		return nil, p.errs
	}
	p.node("", p.tok.pos, -1, 0)
	if p.tok.kind != tEOF {
		p.errorf(p.tok.pos, "unexpected %s after the root node", describe(p.tok))
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.t, nil
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tLParen, tRParen, tColon:
		return "'" + t.text + "'"
	case tInt:
		return "value " + t.text
	case tIdent:
		return "name " + strconv.Quote(t.text)
	}
	return "character " + strconv.Quote(t.text)
}

func (p *parser) value(t token) (int, bool) {
	v, err := strconv.Atoi(t.text)
	if err != nil || v > MaxValue || v < -MaxValue {
		if t.text == "-" || t.text == "+" {
			p.errorf(t.pos, "expected digits after %q", t.text)
		} else {
			p.errorf(t.pos, "value %s out of range (at most %d in magnitude)", t.text, MaxValue)
		}
		return 0, false
	}
	return v, true
}

// node parses a node at the current token and returns its index, or -1.
func (p *parser) node(label string, pos lang.Pos, parent int32, depth int) int32 {
	idx := int32(len(p.t.Nodes))
	p.t.Nodes = append(p.t.Nodes, Node{Label: label, Parent: parent, Depth: depth, Pos: pos})
	if depth > maxDepth {
		p.errorf(p.tok.pos, "tree nested deeper than %d levels", maxDepth)
		p.tok = token{kind: tEOF, pos: p.tok.pos}
		return idx
	}
	if p.tok.kind == tInt {
		v, ok := p.value(p.tok)
		p.t.Nodes[idx].Value, p.t.Nodes[idx].HasValue = v, ok
		p.advance()
		if p.tok.kind != tLParen {
			return idx
		}
	}
	if p.tok.kind != tLParen {
		p.errorf(p.tok.pos, "expected a value or '(', found %s", describe(p.tok))
		if p.tok.kind != tEOF && p.tok.kind != tRParen {
			p.advance()
		}
		return idx
	}
	open := p.tok.pos
	p.advance()
	seen := map[string]lang.Pos{}
	for p.tok.kind != tRParen && p.tok.kind != tEOF {
		cpos := p.tok.pos
		clabel := ""
		if p.tok.kind == tIdent {
			clabel = p.tok.text
			p.advance()
			if p.tok.kind != tColon {
				p.errorf(p.tok.pos, "expected ':' after the label %q", clabel)
			} else {
				p.advance()
			}
		}
		if clabel == "" {
			clabel = strconv.Itoa(len(p.t.Nodes[idx].Kids) + 1)
		}
		if prev, dup := seen[clabel]; dup {
			p.errorf(cpos, "label %q used twice among siblings (first at %d:%d)", clabel, prev.Line, prev.Column)
		} else {
			seen[clabel] = cpos
		}
		before := p.tok
		c := p.node(clabel, cpos, idx, depth+1)
		p.t.Nodes[idx].Kids = append(p.t.Nodes[idx].Kids, c)
		if p.tok == before && p.tok.kind != tEOF && p.tok.kind != tRParen {
			p.advance() // no progress: skip the token
		}
	}
	if p.tok.kind == tEOF {
		p.errorf(open, "'(' is never closed")
		return idx
	}
	if len(p.t.Nodes[idx].Kids) == 0 {
		p.errorf(open, "a node needs at least one child: '()' is empty")
	}
	p.advance()
	return idx
}

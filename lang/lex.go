package lang

import (
	"io"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the language. Comments are kept (the formatter needs them)
// but never reach the grammar.
const (
	tokEOF lexer.TokenType = lexer.EOF - iota
	tokComment
	tokIdent
	tokKeyword
	tokInt
	tokPunct
	tokString
)

var symbols = map[string]lexer.TokenType{
	"EOF":     tokEOF,
	"Comment": tokComment,
	"Ident":   tokIdent,
	"Keyword": tokKeyword,
	"Int":     tokInt,
	"Punct":   tokPunct,
	"String":  tokString,
}

// Keywords are the reserved words of LANGUAGE.md; they are never names.
var Keywords = []string{
	"query", "observe", "lemma", "pattern", "method", "easy", "hard", "pre",
	"action", "relation", "plan", "advice", "table", "rule", "white", "black",
	"depth", "better", "holding", "moves", "replies", "any", "true", "false",
	"suc", "ref", "or", "mod", "option", "then", "otherwise", "define", "import", "endgame",
	"nodes",
}

var keywordSet = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range Keywords {
		m[k] = true
	}
	return m
}()

// declKeywords start a top-level declaration.
var declKeywords = map[string]bool{
	"query": true, "observe": true, "lemma": true, "pattern": true,
	"method": true, "plan": true, "advice": true, "table": true,
	"define": true, "import": true, "endgame": true,
}

// puncts are the operators and punctuation, longest first where one is a
// prefix of another.
var puncts = []string{"<->", "<=>", "->", "=>", "!=", "<=", ">=", "|", "+", "&", "~", "(", ")", ",", ":", "=", "<", ">", "-", "*", "/"}

// lex splits src into tokens (comments included, white space dropped),
// reporting every character that starts no token and carrying on after it.
func lex(filename string, src []byte, diags *Diagnostics) []lexer.Token {
	var toks []lexer.Token
	pos := lexer.Position{Filename: filename, Line: 1, Column: 1}
	advance := func(n int) {
		for _, r := range string(src[pos.Offset : pos.Offset+n]) {
			if r == '\n' {
				pos.Line++
				pos.Column = 1
			} else {
				pos.Column++
			}
		}
		pos.Offset += n
	}
	emit := func(t lexer.TokenType, n int) {
		toks = append(toks, lexer.Token{Type: t, Value: string(src[pos.Offset : pos.Offset+n]), Pos: pos})
		advance(n)
	}
	for pos.Offset < len(src) {
		i := pos.Offset
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			advance(1)
		case c == '#':
			n := 0
			for i+n < len(src) && src[i+n] != '\n' {
				n++
			}
			emit(tokComment, n)
		case isIdentStart(c):
			n := 1
			for i+n < len(src) && (isIdentStart(src[i+n]) || isDigit(src[i+n])) {
				n++
			}
			if keywordSet[string(src[i:i+n])] {
				emit(tokKeyword, n)
			} else {
				emit(tokIdent, n)
			}
		case c == '"':
			n := 1
			for i+n < len(src) && src[i+n] != '"' && src[i+n] != '\n' {
				n++
			}
			if i+n >= len(src) || src[i+n] != '"' {
				diags.Errorf(pos, "unterminated string: a string (a file to import) ends with \" on the same line")
				advance(n)
				continue
			}
			emit(tokString, n+1)
		case isDigit(c):
			n := 1
			for i+n < len(src) && isDigit(src[i+n]) {
				n++
			}
			emit(tokInt, n)
		default:
			matched := false
			for _, p := range puncts {
				if len(src)-i >= len(p) && string(src[i:i+len(p)]) == p {
					emit(tokPunct, len(p))
					matched = true
					break
				}
			}
			if matched {
				continue
			}
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size <= 1 {
				diags.Errorf(pos, "invalid UTF-8 byte %#x", src[i])
				pos.Offset++
				pos.Column++
				continue
			}
			if unicode.IsLetter(r) {
				diags.Errorf(pos, "unexpected character %q: names are made of ASCII letters, digits and _", r)
			} else {
				diags.Errorf(pos, "unexpected character %q: names are letters, digits and _, and the operators are <-> -> | & ~ = != < <= > >= + - * /", r)
			}
			advance(size)
		}
	}
	toks = append(toks, lexer.Token{Type: tokEOF, Pos: pos})
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// definition is the participle lexer definition of the language.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var diags Diagnostics
	var toks []lexer.Token
	for _, t := range lex(filename, src, &diags) {
		if t.Type != tokComment {
			toks = append(toks, t)
		}
	}
	if err := diags.Err(); err != nil {
		return nil, err
	}
	return &sliceLexer{toks: toks}, nil
}

// sliceLexer replays tokens already lexed; the last one is EOF.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

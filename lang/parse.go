package lang

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// declHolder is the grammar's root: one declaration. A file is split into
// declarations at their keywords before participle sees it, so that one
// malformed declaration does not hide the errors of the others.
type declHolder struct {
	D Decl `parser:"@@"`
}

// parser is built on first use, not at start-up: commands that read no
// knowledge base (al version, al perft, al tb) never pay for it.
var parser = sync.OnceValue(func() *participle.Parser[declHolder] {
	return participle.MustBuild[declHolder](
		participle.Lexer(definition{}),
		participle.Union[Decl](&Query{}, &Pattern{}, &Observe{}, &Lemma{}, &Method{}, &Advice{}, &Table{}, &Define{}, &Import{}, &Endgame{}),
		participle.Union[Clause](&PreClause{}, &ActionClause{}, &RelationClause{}, &GoalClause{}, &MovesClause{}, &OptionClause{}, &NodesClause{}, &RuleClause{}),
		participle.UseLookahead(2),
	)
})

// clauseHolder is the root used to re-parse the clauses of a declaration
// that failed, one by one, so that each clause's error is reported.
type clauseHolder struct {
	C Clause `parser:"@@"`
}

var clauseParser = sync.OnceValue(func() *participle.Parser[clauseHolder] {
	return participle.MustBuild[clauseHolder](
		participle.Lexer(definition{}),
		participle.Union[Clause](&PreClause{}, &ActionClause{}, &RelationClause{}, &GoalClause{}, &MovesClause{}, &OptionClause{}, &NodesClause{}, &RuleClause{}),
		participle.UseLookahead(2),
	)
})

// clauseKeywords start a clause.
var clauseKeywords = map[string]bool{
	"pre": true, "action": true, "relation": true, "better": true, "holding": true,
	"moves": true, "replies": true, "option": true, "rule": true, "otherwise": true,
	"nodes": true,
}

// Grammar returns the EBNF of the declaration grammar (formulas are parsed
// by a precedence parser and appear as Formula, MoveFormula and Term).
func Grammar() string { return parser().String() }

// Parse parses src, the contents of the file called filename. It returns the
// declarations it could parse and every syntax error found; the File is
// usable (for instance by the checker) even when there are errors, but only
// the declarations that parsed are in it.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	var diags Diagnostics
	toks := lex(filename, src, &diags)
	f := &File{Name: filename}
	var code []lexer.Token
	for _, t := range toks {
		if t.Type == tokComment {
			f.Comments = append(f.Comments, Comment{Pos: t.Pos, Text: strings.TrimRight(t.Value, " \t\r")})
			continue
		}
		code = append(code, t)
		if t.Type != tokEOF {
			f.toks = append(f.toks, t.Pos)
		}
	}
	code = code[:len(code)-1] // drop EOF: each declaration gets its own
	// Split at declaration keywords.
	for start := 0; start < len(code); {
		end := start + 1
		for end < len(code) && !(code[end].Type == tokKeyword && declKeywords[code[end].Value] && !(namesNext(code[end-1]) && code[end-1].Pos.Line == code[end].Pos.Line)) {
			end++
		}
		chunk := code[start:end]
		// The end of a declaration is reported just after its last token.
		last := chunk[len(chunk)-1]
		next := last
		next.Pos.Offset += len(last.Value)
		next.Pos.Column += utf8.RuneCountInString(last.Value)
		start = end
		if first := chunk[0]; !(first.Type == tokKeyword && declKeywords[first.Value]) {
			diags.Errorf(first.Pos, "expected a declaration (query, pattern, observe, lemma, method, plan, advice, table, define, import or endgame), found %s", describe(&first))
			continue
		}
		d, err := parseDecl(chunk, next)
		if err != nil {
			diags = append(diags, declErrors(chunk, next, err)...)
			continue
		}
		switch d := d.(type) {
		case *Pattern:
			if d.Params != nil && d.Params.List == nil {
				d.Params = nil
			}
		case *Define:
			if d.Params != nil && d.Params.List == nil {
				d.Params = nil
			}
			d.Doc = f.Doc(d.Pos)
		case *Import:
			d.Path = strings.Trim(d.Path, "\"")
		}
		f.Decls = append(f.Decls, d)
		checkClauses(d, &diags)
	}
	diags.Sort()
	return f, diags
}

// declErrors reports the errors of a declaration that failed to parse. A
// declaration with clauses is cut at its clause keywords and each part is
// parsed alone, so that every bad clause is reported, not only the first.
func declErrors(chunk []lexer.Token, next lexer.Token, err error) []Diagnostic {
	first := syntaxError(err, chunk)
	if clausesOf[chunk[0].Value] == nil && chunk[0].Value != "plan" && chunk[0].Value != "advice" {
		return []Diagnostic{first}
	}
	var parts [][]lexer.Token
	start := 0
	for i := 1; i <= len(chunk); i++ {
		if i == len(chunk) || (chunk[i].Type == tokKeyword && clauseKeywords[chunk[i].Value]) {
			parts = append(parts, chunk[start:i])
			start = i
		}
	}
	var out []Diagnostic
	for k, part := range parts {
		end := next
		if k+1 < len(parts) {
			last := part[len(part)-1]
			end = last
			end.Pos.Offset += len(last.Value)
			end.Pos.Column += utf8.RuneCountInString(last.Value)
		}
		eof := lexer.Token{Type: tokEOF, Pos: end.Pos}
		if k > 0 {
			eof.Value = "clause"
		}
		toks := append(append([]lexer.Token(nil), part...), eof)
		plex, lerr := lexer.Upgrade(&sliceLexer{toks: toks})
		if lerr != nil {
			continue
		}
		if k == 0 {
			_, err = parser().ParseFromLexer(plex)
		} else {
			_, err = clauseParser().ParseFromLexer(plex)
		}
		if err != nil {
			out = append(out, syntaxError(err, append([]lexer.Token{chunk[0]}, part...)))
		}
	}
	if len(out) == 0 {
		// The parts parse alone but not together: report the original error.
		return []Diagnostic{first}
	}
	return out
}

// namesNext reports whether t is a declaration keyword followed by a name,
// so that a reserved word in that place is reported as a bad name instead
// of starting a declaration.
func namesNext(t lexer.Token) bool {
	return t.Type == tokKeyword && declKeywords[t.Value] && t.Value != "query" && t.Value != "observe" && t.Value != "lemma"
}

func parseDecl(chunk []lexer.Token, next lexer.Token) (d Decl, err error) {
	toks := append(append([]lexer.Token(nil), chunk...), lexer.Token{Type: tokEOF, Pos: next.Pos})
	plex, err := lexer.Upgrade(&sliceLexer{toks: toks})
	if err != nil {
		return nil, err
	}
	h, err := parser().ParseFromLexer(plex)
	if err != nil {
		return nil, err
	}
	return h.D, nil
}

// syntaxError turns a participle error into a diagnostic in plain words.
func syntaxError(err error, chunk []lexer.Token) Diagnostic {
	first := chunk[0]
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		t := ute.Unexpected
		what := describe(&t)
		if t.Type == tokEOF {
			what = describe(&t)
		}
		msg := fmt.Sprintf("unexpected %s in %s", what, first.Value)
		exp := ""
		if m := ute.Message(); strings.HasSuffix(m, ")") {
			if k := strings.Index(m, " (expected "); k >= 0 {
				exp = expectation(m[k+len(" (expected ") : len(m)-1])
			}
		}
		switch {
		case exp != "":
			msg += ", expected " + exp
		case t.Type != tokEOF && firstOnLine(chunk, t) && clausesOf[first.Value] != nil:
			msg += fmt.Sprintf("; each line of a %s starts with %s", first.Value, orList(clausesOf[first.Value]))
		case t.Type != tokEOF:
			msg += " (is a comma or an operator missing before it?)"
		}
		if t.Type == tokKeyword && keywordSet[t.Value] && strings.Contains(exp, "a name") {
			msg += fmt.Sprintf(" (%q is a reserved word and cannot be a name)", t.Value)
		}
		return Diagnostic{Pos: t.Pos, Severity: Error, Msg: msg}
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		return Diagnostic{Pos: pe.Position(), Severity: Error, Msg: pe.Message()}
	}
	return Diagnostic{Pos: first.Pos, Severity: Error, Msg: err.Error()}
}

// expectation rewrites the first element of participle's grammar fragment
// into words.
func expectation(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "(") {
		depth := 0
		for i, c := range s {
			if c == '(' {
				depth++
			} else if c == ')' {
				depth--
				if depth == 0 {
					s = s[1:i]
					break
				}
			}
		}
	} else if k := strings.IndexByte(s, ' '); k > 0 {
		s = s[:k]
	}
	s = strings.ReplaceAll(s, " | ", " or ")
	s = strings.ReplaceAll(s, "Ident", "a name")
	s = strings.ReplaceAll(s, "Int", "a number")
	s = strings.ReplaceAll(s, "Formula", "a formula")
	s = strings.ReplaceAll(s, "Term", "a hypothesis")
	s = strings.ReplaceAll(s, "<ident>", "a name")
	s = strings.ReplaceAll(s, "<int>", "a number")
	s = strings.ReplaceAll(s, "<string>", "a file name in quotes")
	s = strings.ReplaceAll(s, "<eof>", "end of file")
	return s
}

// aKind is a kind of declaration with its article: "a plan", "a piece of
// advice".
func aKind(kind string) string {
	if kind == "advice" {
		return "a piece of advice"
	}
	return "a " + kind
}

// clausesOf says which clauses each declaration takes, in canonical order.
var clausesOf = map[string][]string{
	"method": {"pre", "action", "relation"},
	"plan":   {"better", "holding", "otherwise", "moves", "option", "nodes"},
	"advice": {"better", "holding", "otherwise", "moves", "replies", "option", "nodes"},
	"table":  {"option", "rule"},
}

// checkClauses reports clauses a declaration does not take, and repeated
// clauses other than rules.
func checkClauses(d Decl, diags *Diagnostics) {
	var kind, name string
	var cs []Clause
	switch d := d.(type) {
	case *Method:
		kind, name, cs = "method", d.Name, d.Clauses
	case *Advice:
		kind, name, cs = d.Kw, d.Name, d.Clauses
	case *Table:
		kind, name, cs = "table", d.Name, d.Clauses
	default:
		return
	}
	allowed := clausesOf[kind]
	seen := map[string]Pos{}
	for _, c := range cs {
		kw := c.Keyword()
		ok := false
		for _, a := range allowed {
			ok = ok || a == kw
		}
		switch {
		case !ok:
			diags.Errorf(c.Position(), "%s takes no %q clause (%s %s takes %s)", aKind(kind), kw, kind, name, wordList(allowed))
		case kw != "rule":
			if p, dup := seen[kw]; dup {
				diags.Errorf(c.Position(), "%s %s has a second %q clause (the first is at line %d)", kind, name, kw, p.Line)
			} else {
				seen[kw] = c.Position()
			}
		}
	}
}

// firstOnLine reports whether t is the first token of its line in chunk.
func firstOnLine(chunk []lexer.Token, t lexer.Token) bool {
	for i, c := range chunk {
		if c.Pos.Offset == t.Pos.Offset {
			return i > 0 && chunk[i-1].Pos.Line < t.Pos.Line
		}
	}
	return false
}

func orList(ws []string) string {
	if len(ws) == 1 {
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

func wordList(ws []string) string {
	if len(ws) == 1 {
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

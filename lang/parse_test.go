package lang_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/lang/langtest"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// inputs returns every .al, .al1 and .al3 file under testdata/dir.
func inputs(t *testing.T, dir string) []string {
	var out []string
	for _, ext := range []string{"al", "al1", "al3"} {
		m, err := filepath.Glob(filepath.Join("testdata", dir, "*."+ext))
		require.NoError(t, err)
		out = append(out, m...)
	}
	require.NotEmpty(t, out)
	return out
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./lang -update to create it")
	require.Equal(t, string(want), string(got), path)
}

// TestParseGolden parses every input under testdata/parse and compares the
// tree (as S-expressions) and the canonical form with golden files; it also
// checks that formatting is idempotent and preserves meaning.
func TestParseGolden(t *testing.T) {
	for _, path := range inputs(t, "parse") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			f, diags := lang.Parse(path, src)
			require.Empty(t, diags)
			base := strings.TrimSuffix(path, filepath.Ext(path))
			golden(t, base+".sexpr", []byte(lang.SExpr(f)))
			out := lang.Format(f)
			golden(t, base+".fmt", out)
			f2, diags := lang.Parse(path, out)
			require.Empty(t, diags)
			require.Equal(t, lang.SExpr(f), lang.SExpr(f2), "parse(fmt(x)) != parse(x)")
			require.Equal(t, string(out), string(lang.Format(f2)), "fmt is not idempotent")
		})
	}
}

// TestErrors checks every syntax error message against the expectations
// written inline in testdata/errors.
func TestErrors(t *testing.T) {
	for _, path := range inputs(t, "errors") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			_, diags := lang.Parse(path, src)
			langtest.Check(t, src, diags)
		})
	}
}

func TestPositions(t *testing.T) {
	src := []byte("# c\npattern X =\n  ~é_bad | mate(P0)\n")
	f, diags := lang.Parse("p.al", src)
	require.Len(t, diags, 1)
	require.Equal(t, 3, diags[0].Pos.Line)
	require.Equal(t, 4, diags[0].Pos.Column, "columns count characters")
	require.Equal(t, "p.al:3:4: unexpected character 'é': names are made of ASCII letters, digits and _", diags[0].String())
	p := f.Decls[0].(*lang.Pattern)
	require.Equal(t, 2, p.Pos.Line)
	or := p.Body.X.(*lang.Binary)
	require.Equal(t, 3, or.Pos.Line)
	require.Equal(t, 10, or.Pos.Column)
	require.Equal(t, 3, lang.Start(or).Column)
	atom := or.R.(*lang.Atom)
	require.Equal(t, 12, atom.Pos.Column)
	require.Equal(t, 17, atom.Args[0].Pos.Column)
}

func TestPrecedence(t *testing.T) {
	cases := map[string]string{
		"a | b & c":        "(| a (& b c))",
		"a & b | c":        "(| (& a b) c)",
		"a -> b -> c":      "(-> a (-> b c))",
		"a <-> b <=> c":    "(<-> (<-> a b) c)",
		"~a & b":           "(& (~ a) b)",
		"~(a & b)":         "(~ (& a b))",
		"a + b => c <-> d": "(<-> (-> (| a b) c) d)",
		"a -> b | c & ~d":  "(-> a (| b (& c (~ d))))",
	}
	for in, want := range cases {
		f, diags := lang.Parse("t", []byte("pattern X = "+in))
		require.Empty(t, diags, in)
		require.Equal(t, want, lang.ExprSExpr(f.Decls[0].(*lang.Pattern).Body.X), in)
	}
}

// TestGrammar keeps the declaration grammar (EBNF) under review.
func TestGrammar(t *testing.T) {
	golden(t, "testdata/grammar.ebnf", []byte(lang.Grammar()+"\n"))
}

func TestLexicalErrors(t *testing.T) {
	_, diags := lang.Parse("u.al", []byte("pattern X = mate \xff & check\npattern Y = ~"+strings.Repeat("(", 300)+"mate"))
	require.Len(t, diags, 2)
	require.Equal(t, "u.al:1:18: invalid UTF-8 byte 0xff", diags[0].String())
	require.Equal(t, "u.al:2:214: formula nested more than 200 levels deep", diags[1].String())
	_, diags = lang.Parse("u.al", []byte("query suc("+strings.Repeat("(", 300)+"P"))
	require.Len(t, diags, 1)
	require.Contains(t, diags[0].Msg, "plan combination nested more than 200 levels deep")
}

// TestKnowledgeParses parses every shipped knowledge base (knowledge/), so
// that the thesis's bases keep parsing once they are translated there.
func TestKnowledgeParses(t *testing.T) {
	var paths []string
	for _, ext := range []string{"al", "al1", "al3"} {
		m, err := filepath.Glob(filepath.Join("..", "knowledge", "*."+ext))
		require.NoError(t, err)
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Skip("no knowledge base shipped yet")
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		_, diags := lang.Parse(p, src)
		require.Empty(t, diags, p)
	}
}

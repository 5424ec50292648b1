package kb_test

import (
	"testing"

	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/stretchr/testify/require"
)

// TestDocs: a lemma's doc is its pattern's doc comment, else the words of
// what it stands for (the library's definitions, without the thesis's
// names, joined by their operators); a plan's doc is its doc comment and
// its goals are the better goal's disjuncts, each with its words.
func TestDocs(t *testing.T) {
	src := `query GANA

# The white king stands on a key square.
pattern KEY = critical_squares
pattern SAFE = ~pawn_lost
lemma KEY, SAFE, RUNS = pawn_runs | rook_pawn
# White walks the king forward.
plan P white depth 1
  better KEY | pawn_runs
method M easy
  pre H1: GANA
  action H2: KEY, H3: SAFE, H4: RUNS, H5: suc(P)
  relation H2 & H3 & H4 & H5 -> H1
`
	b, ds := kb.Load(predicates.Library(), "d.al3", []byte(src))
	require.False(t, ds.HasErrors(), "%v", ds)
	lib := predicates.Library()
	def := func(name string) string {
		p, ok := lib.Lookup(name)
		require.True(t, ok)
		return p.Doc
	}
	docs := map[string]string{}
	for _, l := range b.Lemmas {
		docs[l.Name] = l.Doc
	}
	require.Equal(t, "The white king stands on a key square.", docs["KEY"])
	require.Regexp(t, `^not: the black king can take the pawn on its next move`, docs["SAFE"])
	require.NotContains(t, docs["SAFE"], "PIERDE_PEON")
	require.Contains(t, def("pawn_lost"), "PIERDE_PEON: ")
	require.Regexp(t, `^the black king is outside the pawn's square.*; or the white pawn is a rook pawn, on the a- or h-file$`, docs["RUNS"])
	p, ok := b.Plan("P")
	require.True(t, ok)
	require.Equal(t, "White walks the king forward.", p.Doc)
	require.Len(t, p.Goals, 2)
	require.Equal(t, "KEY", p.Goals[0].Text)
	require.Equal(t, "The white king stands on a key square.", p.Goals[0].Doc)
	require.Equal(t, "pawn_runs", p.Goals[1].Text)
	require.Regexp(t, `^the black king is outside`, p.Goals[1].Doc)
}

// TestDefinitionDocs: a lemma over a definition is described by the
// definition's doc comment, on one line, without the thesis's name and
// the final full stop.
func TestDefinitionDocs(t *testing.T) {
	src := `query GANA

# PEON_R7: the white pawn stands
# on the seventh rank.
define peon_r7 = rank(white pawn) = 7
pattern R7 = peon_r7
lemma R7, NOT7 = ~peon_r7
method M easy
  pre H1: GANA
  action H2: R7, H3: NOT7
  relation H2 & H3 -> H1
`
	b, ds := kb.Load(predicates.Library(), "d.al3", []byte(src))
	require.False(t, ds.HasErrors(), "%v", ds)
	docs := map[string]string{}
	for _, l := range b.Lemmas {
		docs[l.Name] = l.Doc
	}
	require.Equal(t, "the white pawn stands on the seventh rank", docs["R7"])
	require.Equal(t, "not: the white pawn stands on the seventh rank", docs["NOT7"])
}

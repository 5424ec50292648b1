package lang

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDoc: the comment lines directly above a declaration are its doc; a
// blank line cuts them off; a comment at the end of the line is the doc
// of a declaration with none above; a trailing comment of the line above
// is not.
func TestDoc(t *testing.T) {
	src := `# A group comment, cut off by the blank line.

# The king stands on a key
# square of the pawn.
pattern KEY = critical_squares
pattern RUNS = pawn_runs   # the pawn outruns the king
pattern BARE = rook_pawn
lemma A = pawn_lost  # not B's doc
lemma B = pawn_blocked
`
	f, ds := Parse("doc.al3", []byte(src))
	require.Empty(t, ds)
	want := map[string]string{
		"KEY":  "The king stands on a key square of the pawn.",
		"RUNS": "the pawn outruns the king",
		"BARE": "",
	}
	for _, d := range f.Decls {
		if p, ok := d.(*Pattern); ok {
			require.Equal(t, want[p.Name], f.Doc(p.Pos), p.Name)
		}
		if l, ok := d.(*Lemma); ok {
			it := l.Items[0]
			if it.Name == "B" {
				require.Equal(t, "", f.Doc(l.Pos))
			} else {
				require.Equal(t, "not B's doc", f.Doc(l.Pos))
			}
		}
	}
	var nilFile *File
	require.Equal(t, "", nilFile.Doc(Pos{Line: 1}))
}

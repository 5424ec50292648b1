package kb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOptionAL0: `option al0` on advice sets its mode; on a table, the
// table's rules name AL0 copies (one per advice), and the advice itself
// (named by another table) stays in al's mode.
func TestOptionAL0(t *testing.T) {
	src := `advice A white depth 1
  better mate
  replies false
  option al0
advice B white depth 1
  better mate
advice C white depth 1
  better mate
  replies false
table T1 white
  option al0
  rule check : B, C
  rule true : A, B
table T2 white
  rule true : A, B
`
	b, diags := Load(toyLibrary(), "t.al", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	// C's replies false is AL0's nomove: no warning; no other warning.
	require.Empty(t, diags, "%v", diags)
	a, _ := b.AdviceNamed("A")
	bb, _ := b.AdviceNamed("B")
	require.True(t, a.AL0)
	require.False(t, bb.AL0)
	t1, _ := b.Table("T1")
	t2, _ := b.Table("T2")
	require.True(t, t1.AL0)
	require.False(t, t2.AL0)
	require.True(t, t1.Rules[0].Advice[0].AL0)
	require.Same(t, t1.Rules[0].Advice[0], t1.Rules[1].Advice[1], "one AL0 copy of B")
	require.NotSame(t, bb, t1.Rules[0].Advice[0])
	require.Same(t, a, t1.Rules[1].Advice[0], "A is AL0 already")
	require.Same(t, bb, t2.Rules[0].Advice[1])

	// Named by an al-mode table too, C's replies false is al's trap again.
	_, diags = Load(toyLibrary(), "t.al", []byte(src+"table T3 white\n  rule true : C\n"))
	require.Contains(t, diags.Error(), "the replies of advice C allow no move of black")

	_, diags = Load(toyLibrary(), "t.al", []byte("advice A white depth 1\n  better mate\n  option al1\ntable T white\n  option sacrifice\n  rule true : A\n"))
	require.Contains(t, diags.Error(), "unknown option al1 (the options are: sacrifice, al0, semistatic) (did you mean al0?)")
	require.Contains(t, diags.Error(), "unknown option sacrifice for a table (a table takes only al0)")
}

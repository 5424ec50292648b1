package kb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCalls: suc(A) in a goal compiles to a call of A (resolved even when
// A is declared later), and each advice lists its calls.
func TestCalls(t *testing.T) {
	src := `advice A white depth 2
  better check & suc(B) | suc(P)
  holding ~suc(B)
advice B white depth 1
  better mate
plan P black depth 1
  better mate
table T white
  rule true : A
`
	b, diags := Load(toyLibrary(), "t.al", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Empty(t, diags, "%v", diags)
	a, _ := b.AdviceNamed("A")
	bb, _ := b.AdviceNamed("B")
	p, _ := b.Plan("P")
	require.Equal(t, []*Advice[toy]{bb, p}, a.Calls)
	require.Empty(t, bb.Calls)
}

// TestCallErrors: where a call may stand and what it may name, and the
// cycles of calls that never bottom out.
func TestCallErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"advice A white depth 1\n  better mate\n  moves suc(A)\ntable T white\n  rule true : A\n",
			"suc(A) is a hypothesis term; it can appear only in a method, or as a call suc(ADVICE) in the better or holding goal of advice or a plan"},
		{"advice A white depth 1\n  better mate\ntable T white\n  rule suc(A) : A\n",
			"suc(A) is a hypothesis term; it can appear only in a method"},
		{"advice A white depth 1\n  better suc(A or A)\ntable T white\n  rule true : A\n",
			"suc(A or A) cannot be called in a goal: a call is suc(NAME), one piece of advice or one plan"},
		{"advice A white depth 1\n  better suc(AA)\ntable T white\n  rule true : A\n",
			"suc(AA) calls unknown advice or plan AA (did you mean A?)"},
		{"pattern X = mate\nadvice A white depth 1\n  better suc(X)\ntable T white\n  rule true : A\n",
			"suc(X) calls not advice or a plan: X is a pattern; a call names advice or a plan"},
		{"advice A white depth 1\n  better suc(B)\n  holding suc(B)\nadvice B white depth 1\n  better suc(A)\n  holding suc(A)\ntable T white\n  rule true : A\n",
			"the calls A -> B -> A never bottom out"},
	} {
		_, diags := Load(toyLibrary(), "t.al", []byte(c.src))
		require.Contains(t, diags.Error(), c.want, c.src)
	}
	// A cycle with a base case is no error; one that bottoms out only
	// where the opponent cannot reply is a warning.
	_, diags := Load(toyLibrary(), "t.al", []byte("advice A white depth 3\n  better mate | suc(A)\ntable T white\n  rule true : A\n"))
	require.Empty(t, diags, "%v", diags)
	_, diags = Load(toyLibrary(), "t.al", []byte("advice A white depth 3\n  better suc(A)\ntable T white\n  rule true : A\n"))
	require.False(t, diags.HasErrors())
	require.Contains(t, diags.Error(), "the calls of A to itself reach a better goal only through a call of the cycle")
}

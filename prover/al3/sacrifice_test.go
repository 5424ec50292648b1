package al3

import (
	"context"
	"fmt"
	"testing"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/cycle"
	"github.com/stretchr/testify/require"
)

// askNim compiles src (a base without query) and asks it query in a nim
// position with White to move.
func askNim(t *testing.T, src, query string, heap int) cycle.Answer {
	t.Helper()
	b := mustLoad(t, src)
	q, err := b.ParseTerm(query)
	require.NoError(t, err)
	p, err := Problem(b, &q)
	require.NoError(t, err)
	ev := NewEvaluator(b, prover.NewSearcher[nim, int](nimGame{}, prover.Options{}), nim{heap: heap})
	res, err := cycle.Run(context.Background(), p, ev, cycle.Options{})
	require.NoError(t, err)
	return res.Answer
}

// sacrificeBase: White's plan WIN takes the last stone (done) while the
// heap is never empty: the node where it succeeds breaks its holding goal.
// Black's plan LAST takes the last stone under the same holding goal.
const sacrificeBase = `
pattern done = empty & black_to_move
plan WIN white depth 6
  better done
  holding ~empty
  %s
plan LAST black depth 6
  better empty & ~black_to_move
  holding ~empty
  %s
`

func sacrificeSrc(win, last bool) string {
	opt := func(b bool) string {
		if b {
			return "option sacrifice"
		}
		return ""
	}
	return fmt.Sprintf(sacrificeBase, opt(win), opt(last))
}

// TestPlanSacrifice: option sacrifice on a plan is the thesis's reform of
// the forcing tree (section 2.5) for suc(P): HG only at non-terminal
// nodes. Without it WIN can never succeed (its better goal breaks its
// holding goal); with it, suc(WIN) is White's win in nim.
func TestPlanSacrifice(t *testing.T) {
	for heap := 1; heap <= 7; heap++ {
		require.Equal(t, cycle.No, askNim(t, sacrificeSrc(false, false), "suc(WIN)", heap), "heap %d", heap)
		want := cycle.Yes
		if heap%3 == 0 {
			want = cycle.No
		}
		require.Equal(t, want, askNim(t, sacrificeSrc(true, false), "suc(WIN)", heap), "heap %d", heap)
	}
}

// TestRefutationSacrifice: in ref(LAST, WIN), Black breaking LAST's
// holding goal counts for White, unless LAST has option sacrifice and
// breaks it by reaching its better goal (taking the last stone). From a
// heap of three, Black wins whatever White does, so LAST with sacrifice
// refutes WIN; without it, Black's winning move breaks LAST's holding goal
// and so counts as a success of White.
func TestRefutationSacrifice(t *testing.T) {
	require.Equal(t, cycle.No, askNim(t, sacrificeSrc(true, false), "ref(LAST, WIN)", 3))
	require.Equal(t, cycle.Yes, askNim(t, sacrificeSrc(true, true), "ref(LAST, WIN)", 3))
	// From a heap of four White wins: no refutation either way, and
	// suc(WIN) holds.
	for _, last := range []bool{false, true} {
		require.Equal(t, cycle.No, askNim(t, sacrificeSrc(true, last), "ref(LAST, WIN)", 4))
	}
}

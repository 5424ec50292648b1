package prover

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/advicelang/al/kb"
)

// TestSharedMemoAnswersAsAFreshSearch: searchers that share a memo, on
// goroutines of their own at once, find for every query the value and the
// tree a fresh searcher finds, on random games, with a shared memo tiny
// enough that its buckets overflow and small own memos that turn their
// generations; with a node budget (ExactBudget), an answer is the fresh
// search's, Unknown included.
func TestSharedMemoAnswersAsAFreshSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	games := 60
	if testing.Short() {
		games = 20
	}
	for i := range games {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		type query struct {
			a    *kb.Advice[int]
			root int
		}
		var qs []query
		for range 12 {
			qs = append(qs, query{randomLevels(r, ps, randomAdvice(r, ps, r.IntN(4))), r.IntN(len(g.nodes) / 2)})
		}
		opt := Options{MaxMemo: 1 + r.IntN(40)}
		if i%3 == 0 {
			opt.MaxNodes, opt.ExactBudget = int64(5+r.IntN(40)), true
		}
		// What a fresh searcher finds for each query.
		want := make([]string, len(qs))
		for k, q := range qs {
			want[k] = answer(t, NewSearcher[int, int](g, opt), q.a, q.root)
		}
		shared := NewSharedMemo[int, int](8)
		var wg sync.WaitGroup
		got := make([][]string, 3)
		for w := range got {
			s := NewSearcher[int, int](g, opt)
			s.ShareMemo(shared)
			order := r.Perm(len(qs))
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[w] = make([]string, len(qs))
				for range 2 {
					for _, k := range order {
						got[w][k] = answer(t, s, qs[k].a, qs[k].root)
					}
				}
			}()
		}
		wg.Wait()
		for w := range got {
			require.Equal(t, want, got[w], "game %d, searcher %d", i, w)
		}
	}
}

// answer is a search's value and tree as a string.
func answer(t *testing.T, s *Searcher[int, int], a *kb.Advice[int], root int) string {
	res, err := s.Solve(context.Background(), a, &root)
	if err != nil {
		t.Error(err)
		return ""
	}
	out := res.Value.String()
	if res.Value == Sat {
		out += " " + treeString(res.Tree)
	}
	return out
}

// TestSharedMemoIsRead: a searcher with an empty memo of its own answers
// from what another searcher put in the shared memo, and copies it into
// its own.
func TestSharedMemoIsRead(t *testing.T) {
	k := kingGame{size: 8}
	root := kings{w: 36, b: 0}
	a := kingsAdvice(k, 6)
	shared := NewSharedMemo[kings, int8](1 << 12)
	first := NewSearcher[kings, int8](k, Options{})
	first.ShareMemo(shared)
	r1, err := first.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, r1.Value)
	second := NewSearcher[kings, int8](k, Options{})
	second.ShareMemo(shared)
	r2, err := second.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, treeString(r1.Tree), treeString(r2.Tree))
	require.Less(t, r2.Nodes, r1.Nodes, "the shared memo spared no node")
	require.Positive(t, second.Stats().Entries, "nothing copied into the searcher's own memo")
	// Without the shared memo the second search costs what the first did.
	third := NewSearcher[kings, int8](k, Options{})
	r3, err := third.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, r1.Nodes, r3.Nodes)
}

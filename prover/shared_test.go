package prover

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/stretchr/testify/require"
)

// TestSharedMemoAgainstTheDefinition: searchers sharing one memo, tiny
// (so that it replaces entries all the time) or large, find the values
// and trees that refSat and a searcher without memo find, on random
// explicit games and advice, searching one after the other and at the
// same time.
func TestSharedMemoAgainstTheDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 200
	if testing.Short() {
		n = 60
	}
	for i := range n {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		m := NewSharedMemo[int, int]([]int{1, 64, 1 << 12}[i%3])
		shared := make([]*Searcher[int, int], 3)
		for k := range shared {
			shared[k] = NewSearcher[int, int](g, Options{})
			shared[k].ShareMemo(m)
		}
		plain := NewSearcher[int, int](g, Options{NoMemo: true})
		type query struct {
			a    int
			root int
		}
		var advice []*kb.Advice[int]
		for range 4 {
			advice = append(advice, randomLevels(r, ps, randomAdvice(r, ps, r.IntN(4))))
		}
		var qs []query
		for range 12 {
			qs = append(qs, query{r.IntN(len(advice)), r.IntN(len(g.nodes) / 2)})
		}
		want := make([]string, len(qs))
		for j, q := range qs {
			res, err := plain.Solve(context.Background(), advice[q.a], &q.root)
			require.NoError(t, err)
			want[j] = res.Value.String()
			if res.Value == Sat {
				want[j] += treeString(res.Tree)
			}
		}
		// One after the other, in turn, twice (the second round reads the
		// memo the others filled).
		for round := range 2 {
			for j, q := range qs {
				s := shared[(j+round)%len(shared)]
				res, err := s.Solve(context.Background(), advice[q.a], &q.root)
				require.NoError(t, err)
				got := res.Value.String()
				if res.Value == Sat {
					got += treeString(res.Tree)
				}
				require.Equal(t, want[j], got, "game %d query %d round %d", i, j, round)
			}
		}
		// At the same time, each searcher every query in its own order.
		var wg sync.WaitGroup
		errs := make([]string, len(shared))
		for k, s := range shared {
			wg.Go(func() {
				for jj := range qs {
					j := (jj*(k+1) + k) % len(qs)
					q := qs[j]
					res, err := s.Solve(context.Background(), advice[q.a], &q.root)
					if err != nil {
						errs[k] = err.Error()
						return
					}
					got := res.Value.String()
					if res.Value == Sat {
						got += treeString(res.Tree)
					}
					if got != want[j] {
						errs[k] = got + " != " + want[j]
						return
					}
				}
			})
		}
		wg.Wait()
		for _, e := range errs {
			require.Empty(t, e, "game %d", i)
		}
	}
}

// TestSharedMemoNeverBelievesATornSlot: goroutines write and read the
// entries of many keys into a memo of 8 slots at once, each key's
// entries a function of the key; a read finds the key's own entry or
// nothing, never another key's or half of one.
func TestSharedMemoNeverBelievesATornSlot(t *testing.T) {
	m := NewSharedMemo[int, int](1)
	trees := make([]*Node[int, int], 64)
	for i := range trees {
		trees[i] = &Node[int, int]{Pos: i}
	}
	failOf := func(h uint64) int32 { return int32(h % 5) }
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	var wg sync.WaitGroup
	bad := make([]int, 4)
	for w := range 4 {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for range n {
				h := r.Uint64N(64)
				k := memoKey{hash: h * 0x9e3779b97f4a7c15, adv: uint32(h % 3)}
				if r.IntN(2) == 0 {
					if h%2 == 0 {
						m.save(k, failOf(h), nil, uint64(r.IntN(3)))
					} else {
						m.save(k, int32(h%4), trees[h], uint64(r.IntN(3)))
					}
					continue
				}
				fail, win := m.find(k, int32(h%4), 0)
				if fail != -1 && (h%2 != 0 || fail != failOf(h)) {
					bad[w]++
				}
				if win != nil && (h%2 == 0 || win.Pos != int(h)) {
					bad[w]++
				}
			}
		})
	}
	wg.Wait()
	require.Equal(t, []int{0, 0, 0, 0}, bad)
}

// TestSharedMemoKeepsTheLargerFailure: a failure of a key keeps its
// largest bound, answers every smaller one, and a proof answers its own
// bound only.
func TestSharedMemoKeepsTheLargerFailure(t *testing.T) {
	m := NewSharedMemo[int, int](64)
	k := memoKey{hash: 12345, adv: 2}
	tree := &Node[int, int]{Pos: 7}
	m.save(k, 3, nil, 0)
	m.save(k, 1, nil, 0)
	m.save(k, 5, tree, 0)
	_, win := m.find(k, 5, 0)
	require.Same(t, tree, win)
	fail, win := m.find(k, 4, 0)
	require.Equal(t, int32(3), fail)
	require.Nil(t, win)
	fail, _ = m.find(k, 2, 0)
	require.Equal(t, int32(3), fail)
	m.save(k, unbounded, nil, 0)
	fail, _ = m.find(k, 9, 0)
	require.Equal(t, int32(unbounded), fail)
	fail, win = m.find(memoKey{hash: 12345, adv: 1}, 5, 0)
	require.Equal(t, int32(-1), fail)
	require.Nil(t, win)
}

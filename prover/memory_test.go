package prover

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// mapMemory is a Memory in a map, as the tests need.
type mapMemory map[[2]uint64]Fact

func (m mapMemory) Lookup(a, p uint64) (Fact, bool) { f, ok := m[[2]uint64{a, p}]; return f, ok }

// learnPasses learns a's facts over every position of starts in passes:
// pass k sees the facts of the passes before it only, as al learn memory
// does, until a pass learns nothing.
func learnPasses[P any, M comparable](t *testing.T, g game.Game[P, M], a *kb.Advice[P], starts []P, mem mapMemory) int {
	t.Helper()
	s := NewSearcher(g, Options{})
	s.UseMemory(mem, func(*kb.Advice[P]) (uint64, bool) { return 7, true })
	s.SetLearning(true)
	passes := 0
	for pass := 0; ; pass++ {
		s.SetLevelCap(pass)
		var learned []Learned
		for i := range starts {
			if g.ToMove(&starts[i]) != a.Side {
				continue
			}
			_, err := s.Solve(context.Background(), a, &starts[i])
			require.NoError(t, err)
			learned = append(learned, s.TakeLearned()...)
		}
		added := 0
		for _, l := range learned {
			k := [2]uint64{l.Advice, l.Pos}
			if old, ok := mem[k]; !ok || l.Fact.Level < old.Level {
				if !ok {
					added++
				}
				mem[k] = l.Fact
			}
		}
		passes++
		if added == 0 {
			return passes
		}
	}
}

// expandRemembered replaces every remembered leaf of a tree by the tree it
// stands for, recursively: the result uses no memory.
func expandRemembered[P any, M comparable](t *testing.T, s *Searcher[P, M], a *kb.Advice[P], n *Node[P, M]) *Node[P, M] {
	t.Helper()
	if n.Kind == Remembered {
		res, err := s.Continue(context.Background(), a, &n.Pos, n.Fact)
		require.NoError(t, err)
		require.Equal(t, Sat, res.Value)
		require.Equal(t, XNode, res.Tree.Kind)
		return expandRemembered(t, s, a, res.Tree)
	}
	c := *n
	c.Children = make([]Edge[P, M], len(n.Children))
	for i, e := range n.Children {
		c.Children[i] = Edge[P, M]{Move: e.Move, Node: expandRemembered(t, s, a, e.Node)}
	}
	return &c
}

func TestMemorySeesDeeperOnTheKingWalk(t *testing.T) {
	k := kingGame{size: 6}
	a := kingsAdvice(k, 1) // one step at a time
	var starts []kings
	for w := range int8(36) {
		for b := range int8(36) {
			if w != b && !k.adjacent(w, b) {
				starts = append(starts, kings{w: w, b: b})
			}
		}
	}
	mem := mapMemory{}
	passes := learnPasses[kings, int8](t, k, a, starts, mem)
	require.Greater(t, passes, 3)
	root := kings{w: 7, b: 5} // b2 to f6: four steps against the black king on f1
	plain, err := NewSearcher[kings, int8](k, Options{}).Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, plain.Value)
	s := NewSearcher[kings, int8](k, Options{})
	s.UseMemory(mem, func(*kb.Advice[kings]) (uint64, bool) { return 7, true })
	res, err := s.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Sat, res.Value)
	full := expandRemembered(t, s, a, res.Tree)
	require.GreaterOrEqual(t, full.XMoves(), 4)
	checkTree(t, k, kingsAdvice(k, 100), root, full, 100)
	// Another advice identity, or none, is searched without the memory.
	s2 := NewSearcher[kings, int8](k, Options{})
	s2.UseMemory(mem, func(*kb.Advice[kings]) (uint64, bool) { return 8, true })
	res, err = s2.Solve(context.Background(), a, &root)
	require.NoError(t, err)
	require.Equal(t, Unsat, res.Value)
}

// The strategy follows remembered leaves through to the goal, and its
// moves are a function of (position, state key).
func TestStrategyFollowsRememberedLeaves(t *testing.T) {
	k := kingGame{size: 6}
	a := kingsAdvice(k, 1)
	var starts []kings
	for w := range int8(36) {
		for b := range int8(36) {
			if w != b && !k.adjacent(w, b) {
				starts = append(starts, kings{w: w, b: b})
			}
		}
	}
	mem := mapMemory{}
	learnPasses[kings, int8](t, k, a, starts, mem)
	table := &kb.Table[kings]{Name: "T", Side: game.White, Rules: []kb.Rule[kings]{{Name: "r", Cond: kb.True[kings](), Advice: []*kb.Advice[kings]{a}}}}
	s := NewSearcher[kings, int8](k, Options{})
	s.UseMemory(mem, func(*kb.Advice[kings]) (uint64, bool) { return 7, true })
	st, err := NewStrategy[kings, int8](k, table, s)
	require.NoError(t, err)
	pos := kings{w: 7, b: 5}
	state := NoAdvice[kings, int8]()
	def := FirstMove[kings, int8]{G: k}
	moves := 0
	for pos.w != 35 {
		require.Less(t, moves, 20)
		d, err := st.Move(context.Background(), &pos, state)
		require.NoError(t, err)
		require.Equal(t, game.Ongoing, d.Outcome, d.Reason)
		pos = k.Play(&pos, d.Move)
		state = d.Next
		moves++
		if pos.w == 35 {
			break
		}
		m, err := def.Reply(context.Background(), &pos)
		require.NoError(t, err)
		pos = k.Play(&pos, m)
	}
	require.GreaterOrEqual(t, moves, 4)
}

// Soundness on random games: with a learned memory every satisfied search
// stands for a real forcing tree (of a larger bound), and nothing the
// plain search satisfies is lost.
func TestMemoryIsSoundOnRandomGames(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 150
	if testing.Short() {
		n = 40
	}
	gained := 0
	for i := range n {
		g := randomTree(r, 8+r.IntN(18), i%2 == 0)
		ps := treeLib(g)
		a := randomAdvice(r, ps, r.IntN(3))
		starts := make([]int, len(g.nodes))
		for j := range starts {
			starts[j] = j
		}
		mem := mapMemory{}
		learnPasses[int, int](t, g, a, starts, mem)
		s := NewSearcher[int, int](g, Options{})
		s.UseMemory(mem, func(*kb.Advice[int]) (uint64, bool) { return 7, true })
		for root := range g.nodes {
			res, err := s.Solve(context.Background(), a, &root)
			require.NoError(t, err)
			plain := refSat[int, int](g, a, root, a.Depth)
			if plain {
				require.Equal(t, Sat, res.Value, "game %d root %d: the memory lost a tree", i, root)
			}
			if res.Value != Sat {
				continue
			}
			require.True(t, refSat[int, int](g, a, root, len(g.nodes)), "game %d root %d: a remembered tree that does not exist", i, root)
			checkTree(t, g, a, root, expandRemembered(t, s, a, res.Tree), len(g.nodes))
			if !plain {
				gained++
			}
		}
	}
	require.Positive(t, gained, "the memory never saw deeper")
}

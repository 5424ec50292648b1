package chesslearn

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

var (
	tbOnce sync.Once
	tbase  *tablebase.Tablebase
)

func oracle(t testing.TB, eg string) (*tablebase.Tablebase, *tablebase.Table) {
	t.Helper()
	tbOnce.Do(func() { tbase = tablebase.New(tablebase.Options{NoCache: true}) })
	tab, err := tbase.Table(tablebase.MustEndgame(eg))
	require.NoError(t, err)
	return tbase, tab
}

func compile(t testing.TB, src string) (*kb.Base[chess.Position], *memstore.Memory[chess.Position]) {
	t.Helper()
	f, diags := lang.Parse("test.al1", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	b, diags := kb.Load(predicates.Library(), "test.al1", []byte(src))
	require.False(t, diags.HasErrors(), "%v", diags)
	return b, memstore.Identities([]*lang.File{f}, b, "test library")
}

const mateSrc = `advice MATE white depth 2
  better mate
  holding ~rook_lost & ~stalemate

table T white
  rule true : MATE
`

// The KRK starts with White to move and mate in at most maxDTM.
func nearMates(t testing.TB, tab *tablebase.Table, maxDTM int) []verify.Start[chess.Position] {
	var out []verify.Start[chess.Position]
	for _, s := range chessverify.TableStarts(tab, 0, chessverify.Options{}) {
		if s.Optimal <= maxDTM {
			out = append(out, s)
		}
	}
	return out
}

// Rote learning over the KRK starts within mate in 4, in passes: the
// memory proves each start the advice alone cannot, and what it proves is
// right against the tablebase: every remembered tree, expanded, ends in
// mates, and is no shorter than the tablebase's optimal play.
func TestRoteLearningIsSoundAgainstTheTablebase(t *testing.T) {
	tb, tab := oracle(t, "krk")
	base, mem := compile(t, mateSrc)
	starts := nearMates(t, tab, 4)
	if testing.Short() {
		starts = chessverify.Pick(starts, 1500, 1)
	}
	path := filepath.Join(t.TempDir(), "m.db")
	cfg := MemoryConfig{Table: base.Tables[0], Memory: mem, Store: path, TB: tb, Tab: tab, Starts: starts, Workers: 2}
	rep, err := LearnMemory(context.Background(), cfg)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(rep.Passes), 2)
	require.Positive(t, rep.Learned)
	s, err := memstore.Open(path, true, 0)
	require.NoError(t, err)
	mem.Facts, err = s.Load(mem.List(base))
	require.NoError(t, err)
	require.NoError(t, s.Close())

	a := base.Advice[0]
	plain := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	with := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	with.UseMemory(mem.Facts, mem.ID)
	gained := 0
	for i := range starts {
		p := &starts[i].Pos
		rp, err := plain.Solve(context.Background(), a, p)
		require.NoError(t, err)
		rw, err := with.Solve(context.Background(), a, p)
		require.NoError(t, err)
		if rp.Value == prover.Sat {
			require.Equal(t, prover.Sat, rw.Value, "the memory lost a mate: %s", p.FEN())
		}
		if rw.Value != prover.Sat {
			continue
		}
		if rp.Value != prover.Sat {
			gained++
		}
		moves := mateTree(t, with, a, rw.Tree)
		require.GreaterOrEqual(t, moves, starts[i].Optimal, "%s: a mate faster than the tablebase's", p.FEN())
		v, err := tb.Value(*p)
		require.NoError(t, err)
		require.Equal(t, tablebase.Win, v.Outcome)
	}
	require.Positive(t, gained, "the memory proved nothing the advice alone did not")
}

// mateTree expands the remembered leaves of a tree of MATE and checks it
// against the rules of chess: every move legal, every Y node with every
// legal reply, every goal a checkmate. It returns the longest line in
// moves of White.
func mateTree(t *testing.T, s *prover.Searcher[chess.Position, chess.Move], a *kb.Advice[chess.Position], n *prover.Node[chess.Position, chess.Move]) int {
	t.Helper()
	switch n.Kind {
	case prover.Remembered:
		res, err := s.Continue(context.Background(), a, &n.Pos, n.Fact)
		require.NoError(t, err)
		require.Equal(t, prover.Sat, res.Value)
		return mateTree(t, s, a, res.Tree)
	case prover.Goal:
		require.Equal(t, chess.Checkmate, n.Pos.Status(), "a goal that is no mate: %s", n.Pos.FEN())
		return 0
	case prover.XNode:
		require.True(t, n.Pos.IsLegal(n.Children[0].Move))
		return 1 + mateTree(t, s, a, n.Children[0].Node)
	case prover.YNode:
		require.Len(t, n.Children, len(chess.Game{}.Moves(&n.Pos, nil)), "a reply left out")
		worst := 0
		for _, e := range n.Children {
			worst = max(worst, mateTree(t, s, a, e.Node))
		}
		return worst
	}
	t.Fatalf("a %s node in a tree of MATE", n.Kind)
	return 0
}

// What is learned does not depend on the workers.
func TestRoteLearningIsDeterministic(t *testing.T) {
	tb, tab := oracle(t, "krk")
	base, mem := compile(t, mateSrc)
	starts := chessverify.Pick(nearMates(t, tab, 3), 600, 2)
	var got []memstore.Facts
	for _, w := range []int{1, 3} {
		f, _ := learnFacts(t, base, MemoryConfig{Table: base.Tables[0], Memory: mem, TB: tb, Tab: tab, Starts: starts, Workers: w})
		got = append(got, f)
	}
	require.NotEmpty(t, got[0])
	require.Equal(t, got[0], got[1])
}

// What is learned does not depend on the workers even where the node
// budget binds: each block of starts is searched from an empty memo, so
// whether a search runs out of --max-nodes is a function of its block.
func TestRoteLearningWithABindingBudgetIsDeterministic(t *testing.T) {
	tb, tab := oracle(t, "krk")
	base, mem := compile(t, `advice MATE white depth 3
  better mate
  holding ~rook_lost & ~stalemate

table T white
  rule true : MATE
`)
	starts := chessverify.Pick(nearMates(t, tab, 4), 400, 3)
	learn := func(w int, maxNodes int64) (memstore.Facts, MemoryReport) {
		return learnFacts(t, base, MemoryConfig{Table: base.Tables[0], Memory: mem, TB: tb, Tab: tab,
			Starts: starts, Workers: w, MaxNodes: maxNodes, Passes: 1})
	}
	free, freeRep := learn(1, 0)
	one, oneRep := learn(1, 2000)
	three, _ := learn(3, 2000)
	require.Less(t, oneRep.Passes[0].Sat, freeRep.Passes[0].Sat, "the budget does not bind")
	require.NotEmpty(t, one)
	require.Less(t, len(one), len(free))
	require.Equal(t, one, three)
}

// learnFacts learns into a new store with cfg (its Store set here) and
// returns the facts the store holds and the report.
func learnFacts(t *testing.T, base *kb.Base[chess.Position], cfg MemoryConfig) (memstore.Facts, MemoryReport) {
	t.Helper()
	cfg.Store = filepath.Join(t.TempDir(), "m.db")
	rep, err := LearnMemory(context.Background(), cfg)
	require.NoError(t, err)
	s, err := memstore.Open(cfg.Store, true, 0)
	require.NoError(t, err)
	f, err := s.Load(cfg.Memory.List(base))
	require.NoError(t, err)
	require.NoError(t, s.Close())
	return f, rep
}

package chesslearn

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/internal/testenv"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

// sigs builds labels: each (sat, good, opt, feature bits, count).
func synthetic(rows ...[5]uint64) []label {
	var ls []label
	for _, r := range rows {
		for range r[4] {
			ls = append(ls, label{sat: r[0], good: r[1], opt: r[2], feats: []uint64{r[3]}, class: int8(lowBit(r[1])), n: 1})
		}
	}
	return ls
}

func lowBit(x uint64) int {
	for a := range 64 {
		if x>>a&1 == 1 {
			return a
		}
	}
	return -1
}

func TestBestListIsExact(t *testing.T) {
	// Advice 0 makes progress at the most positions (10) but is also
	// satisfiable without progress at 20 others, where advice 2 makes
	// progress; advice 1 alone serves 9 more. A greedy list (0 first)
	// serves 19; the best serves all 39, with 2 before 0.
	groups := []sig{
		{sat: 0b001, good: 0b001, opt: 0b001, n: 10},
		{sat: 0b101, good: 0b100, opt: 0b100, n: 20},
		{sat: 0b010, good: 0b010, opt: 0b010, n: 9},
	}
	list, sc := bestList(groups, 3, pricing{worth: 0})
	good, opt := served(groups, list)
	require.Equal(t, 39, good)
	require.Equal(t, 39, opt)
	require.Equal(t, score{0, 39, 0, 39}, sc)
	require.Less(t, slices.Index(list, 2), slices.Index(list, 0))
	// The least distance breaks ties between lists that serve as many.
	groups = []sig{{sat: 0b11, good: 0b11, opt: 0b10, n: 5}}
	list, _ = bestList(groups, 2, pricing{worth: 0})
	require.Equal(t, []int{1}, list)
}

// Priced searches: a list pays the nodes of the advice it tries, and
// loses the worth of each position where it is stuck or stops.
func TestBestListPricesTheSearches(t *testing.T) {
	// Advice 0 makes progress at 10 more positions than advice 1, whose
	// searches cost a hundredth of advice 0's: free, 0 first; at 100
	// nodes a position of progress, 1 first (0 is never tried after it);
	// at 100,000, 0 first again.
	groups := []sig{
		{sat: 0b11, good: 0b11, opt: 0b11, n: 90, cost: []int64{90 * 5000, 90 * 50}},
		{sat: 0b11, good: 0b01, opt: 0b01, n: 10, cost: []int64{10 * 5000, 10 * 50}},
	}
	list, _ := bestList(groups, 2, pricing{worth: 0})
	require.Equal(t, []int{0}, list)
	list, sc := bestList(groups, 2, pricing{worth: 100})
	require.Equal(t, []int{1}, list)
	require.Equal(t, score{0, 90*100 - 100*50, 0, 90}, sc)
	list, _ = bestList(groups, 2, pricing{worth: 100000})
	require.Equal(t, []int{0}, list)
	// Where the first advice's search stops, the table stops (a
	// position lost, and the nodes spent): the advice that never stops
	// comes first, the other after it where it alone is satisfiable.
	groups = []sig{
		{sat: 0b11, good: 0b01, stop: 0b10, n: 5, cost: []int64{5 * 10, 5 * 1000}},
		{sat: 0b10, good: 0b10, n: 20, cost: []int64{20 * 10, 20 * 10}},
	}
	list, _ = bestList(groups, 2, pricing{worth: 100})
	require.Equal(t, []int{0, 1}, list)
	list, _ = bestList(groups, 2, pricing{worth: 1000000})
	require.Equal(t, []int{0, 1}, list)
	// Cheap ties: progress first, then the nodes, then the distance.
	groups = []sig{
		{sat: 0b11, good: 0b11, opt: 0b01, n: 10, cost: []int64{10 * 500, 10 * 5}},
		{sat: 0b01, good: 0b01, opt: 0b01, n: 2, cost: []int64{2 * 500, 2 * 5}},
	}
	list, _ = bestList(groups, 2, pricing{worth: 0})
	require.Equal(t, []int{0}, list, "unpriced, the least distance")
	list, sc = bestList(groups, 2, pricing{worth: cheapTies})
	require.Equal(t, []int{1, 0}, list, "as much progress for fewer nodes")
	require.Equal(t, score{0, 12, -(10*5 + 2*5 + 2*500), 2}, sc)
	groups[1].good = 0 // a tie still: the fewer nodes
	list, _ = bestList(groups, 2, pricing{worth: cheapTies})
	require.Equal(t, []int{1, 0}, list)
	groups[0].good = 0b01 // and now 0 does: progress is never traded
	list, _ = bestList(groups, 2, pricing{worth: cheapTies})
	require.Equal(t, []int{0}, list)
	// An empty list is stuck everywhere: never the best while some
	// advice is satisfiable, however costly.
	groups = []sig{{sat: 0b1, n: 3, cost: []int64{3 * 1000}}}
	list, _ = bestList(groups, 1, pricing{worth: 1})
	require.Equal(t, []int{0}, list)
}

func TestTreeSplitsWhereTheAdviceDiffers(t *testing.T) {
	// Feature 0 tells where advice 0 makes progress from where advice 1
	// does; both are satisfiable everywhere, so one list cannot serve both.
	ls := synthetic(
		[5]uint64{0b11, 0b01, 0b01, 0b01, 30},
		[5]uint64{0b11, 0b10, 0b10, 0b10, 20},
	)
	idx := make([]int, len(ls))
	for i := range idx {
		idx[i] = i
	}
	root := grow(ls, idx, 2, 2, 12, 1, pricing{})
	var got []string
	rules(root, nil, func(path []int, leaf *node) {
		good, _ := served(signatures(ls, leaf.idx, -1, false), leaf.list)
		require.Equal(t, len(leaf.idx), good)
		got = append(got, string(rune('0'+len(path)))+":"+string(rune('0'+leaf.list[0])))
	})
	require.Equal(t, []string{"1:0", "0:1"}, got) // rule f0 : A0, then rule true : A1
	// At most one leaf: the root, whatever serves best.
	root = grow(ls, idx, 2, 2, 1, 1, pricing{})
	require.Equal(t, -1, root.feat)
}

// Stops avoided (--avoid-stopped): a list whose first satisfiable advice
// ran out of nodes somewhere loses to any that does not, whatever the
// progress; and the tree splits where that keeps an advice that stops
// elsewhere.
func TestAvoidStoppedSearches(t *testing.T) {
	// Advice 0 (TIGHTEN) makes progress at 30 positions and stops at 2;
	// advice 1 (BOX) is satisfiable everywhere, progress at 2 only.
	groups := []sig{
		{sat: 0b11, good: 0b01, n: 30, cost: []int64{30, 30}},
		{sat: 0b11, good: 0b10, stop: 0b01, n: 2, cost: []int64{200, 2}},
	}
	list, sc := bestList(groups, 2, pricing{})
	require.Equal(t, []int{0}, list, "unpriced, progress first: the stops are ignored")
	require.Equal(t, 2, listStops([]label{{sat: 0b11, stop: 0b01, n: 2}}, []int{0}, list))
	require.Equal(t, int64(0), sc.f)
	list, sc = bestList(groups, 2, pricing{avoidStop: true})
	require.Equal(t, []int{1}, list, "no stop: BOX first, progress at 2 only")
	require.Equal(t, score{0, 2, 0, 0}, sc)
	list, _ = bestList(groups, 2, pricing{worth: 100, avoidStop: true})
	require.Equal(t, []int{1}, list)
	// Where every satisfiable advice stops, the list cannot help: the
	// stops are counted (as the stuck positions of a list that leaves the
	// advice out) and the progress decides.
	groups = []sig{
		{sat: 0b01, good: 0b01, n: 10},
		{sat: 0b11, stop: 0b11, n: 3},
	}
	list, sc = bestList(groups, 2, pricing{avoidStop: true})
	require.Equal(t, []int{0}, list)
	require.Equal(t, score{-3, 10, 0, 0}, sc)

	// In a tree: feature 0 (boxed) tells where advice 0 never stops. The
	// tree grown asks advice 0 everywhere (one rule: no split serves
	// more); refined, it splits on feature 0, advice 0 in the box, and out
	// of it, where no feature tells the stops apart, advice 1.
	ls := synthetic(
		[5]uint64{0b11, 0b01, 0b01, 0b01, 30}, // boxed
		[5]uint64{0b11, 0b11, 0b01, 0b10, 10}, // not boxed
		[5]uint64{0b11, 0b01, 0b01, 0b10, 8},
		[5]uint64{0b11, 0b00, 0b00, 0b10, 2},
	)
	for i := 48; i < 50; i++ {
		ls[i].stop = 0b01 // advice 0 ran out of nodes out of the box
	}
	for i := range ls {
		ls[i].cost = []int64{1, 1}
	}
	idx := make([]int, len(ls))
	for i := range idx {
		idx[i] = i
	}
	shape := func(avoid bool, tolerance float64) []string {
		root := grow(ls, idx, 2, 2, 12, 1, pricing{})
		if avoid {
			refine(ls, root, 2, 2, 12, 1, pricing{}, tolerance)
		}
		var got []string
		rules(root, nil, func(path []int, leaf *node) {
			got = append(got, fmt.Sprint(path, leaf.list, listStops(ls, leaf.idx, leaf.list)))
		})
		return got
	}
	require.Equal(t, []string{"[] [0] 2"}, shape(false, 0))
	require.Equal(t, []string{"[0] [0] 0", "[] [1] 0"}, shape(true, 0))
	// A tolerance: a rule that stops at no more than that fraction of its
	// positions is left alone (2 of 50 is 4%).
	require.Equal(t, []string{"[] [0] 2"}, shape(true, 0.04))
	require.Equal(t, []string{"[0] [0] 0", "[] [1] 0"}, shape(true, 0.039))
}

// cover appends to a list the advice satisfiable where none of the list
// is, the most such positions first; a stopped search does not count.
func TestCoverLeavesNoPositionStuck(t *testing.T) {
	rows := []label{
		{sat: 0b0001, good: 0b0001, n: 10}, // served by the list
		{sat: 0b0110, n: 4},                // advice 1 or 2
		{sat: 0b0100, n: 3},                // advice 2 alone
		{sat: 0b1000, stop: 0b1000, n: 2},  // advice 3 ran out: stuck
		{sat: 0b1010, stop: 0b1000, n: 5},  // advice 1 (3 ran out)
		{sat: 0, n: 1},                     // nothing satisfiable
	}
	idx := []int{0, 1, 2, 3, 4, 5}
	list, uncovered, stuck := cover(rows, idx, []int{0}, 4)
	require.Equal(t, []int{0, 1, 2}, list) // 1 covers 9, then 2 covers 3
	require.Equal(t, 15, uncovered)
	require.Equal(t, 3, stuck)
	list, uncovered, stuck = cover(rows, idx[1:3], []int{2, 1}, 4)
	require.Equal(t, []int{2, 1}, list)
	require.Zero(t, uncovered)
	require.Zero(t, stuck)
}

// A subtree whose leaves all have one advice list becomes one leaf.
func TestCollapse(t *testing.T) {
	leaf := func(list ...int) *node { return &node{feat: -1, list: list, score: score{0, 1, 0, 0}} }
	tree := &node{feat: 0,
		yes: &node{feat: 1, yes: leaf(0), no: &node{feat: 2, yes: leaf(1), no: leaf(1)}},
		no:  &node{feat: 1, yes: leaf(1, 0), no: leaf(1, 0)}}
	collapse(tree)
	var got []string
	rules(tree, nil, func(path []int, l *node) { got = append(got, fmt.Sprint(path, l.list, l.score)) })
	require.Equal(t, []string{"[0 1] [0] {0 1 0 0}", "[0] [1] {0 2 0 0}", "[] [1 0] {0 2 0 0}"}, got)
}

// Rows of many positions grow the tree the positions one by one grow.
func TestRowsWeighAsTheirPositions(t *testing.T) {
	rows := [][5]uint64{
		{0b011, 0b001, 0b001, 0b001, 7},
		{0b011, 0b010, 0b010, 0b010, 5},
		{0b111, 0b100, 0b100, 0b100, 9},
		{0b111, 0b101, 0b001, 0b101, 3},
		{0b110, 0b010, 0b010, 0b011, 4},
	}
	one := synthetic(rows...)
	var grouped []label
	for _, r := range rows {
		grouped = append(grouped, label{sat: r[0], good: r[1], opt: r[2], feats: []uint64{r[3]}, class: int8(lowBit(r[1])), n: int(r[4])})
	}
	shape := func(ls []label, root *node) []string {
		var out []string
		rules(root, nil, func(path []int, leaf *node) {
			good, opt := served(signatures(ls, leaf.idx, -1, false), leaf.list)
			out = append(out, fmt.Sprint(path, leaf.list, count(ls, leaf.idx), good, opt))
		})
		return out
	}
	all := func(ls []label) []int {
		idx := make([]int, len(ls))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	for _, leaves := range []int{1, 2, 3, 5} {
		require.Equal(t, shape(one, grow(one, all(one), 3, 3, leaves, 2, pricing{})), shape(grouped, grow(grouped, all(grouped), 3, 3, leaves, 2, pricing{})))
		require.Equal(t, shape(one, growPrune(one, all(one), 3, 3, 8, leaves, 2, pricing{})), shape(grouped, growPrune(grouped, all(grouped), 3, 3, 8, leaves, 2, pricing{})))
	}
}

// The class key is the same for the eight images of a position without
// pawns, the two of one with pawns, and tells positions apart.
func TestClassKeys(t *testing.T) {
	p, err := chess.ParseFEN("8/8/8/8/8/1R6/2k5/K7 w - - 0 1")
	require.NoError(t, err)
	images := []string{
		"8/8/8/8/8/6R1/5k2/7K w - - 0 1", // the wings mirrored
		"K7/2k5/1R6/8/8/8/8/8 w - - 0 1", // the sides
		"8/8/8/8/8/8/2k5/KR6 w - - 0 1",  // wrong: the rook on b1 is no image
	}
	k := keyOf(&p, 8)
	for i, fen := range images {
		q, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		require.Equal(t, i < 2, k == keyOf(&q, 8), fen)
		require.NotEqual(t, keyOf(&p, 1), keyOf(&q, 1), fen)
	}
	// Every image of every KRK start of a sample under tablebase.Transform has
	// the key of the start.
	_, tab := oracle(t, "krk")
	for _, s := range chessverify.Pick(chessverify.TableStarts(tab, game.White, chessverify.Options{}), 50, 3) {
		k := keyOf(&s.Pos, 8)
		for tr := range 8 {
			var pl []chess.Placement
			for c := chess.White; c <= chess.Black; c++ {
				for pt := chess.Pawn; pt <= chess.King; pt++ {
					for sq := range s.Pos.Pieces(c, pt).All() {
						pl = append(pl, chess.Placement{Piece: chess.NewPiece(c, pt), Square: tablebase.Transform(sq, tr)})
					}
				}
			}
			q, err := chess.NewPosition(chess.White, pl...)
			require.NoError(t, err)
			require.Equal(t, k, keyOf(&q, 8))
		}
	}
	pawn, err := chess.ParseFEN("8/8/8/8/8/1P6/2k5/K7 w - - 0 1")
	require.NoError(t, err)
	require.Equal(t, 2, symmetries(&pawn, true))
	require.Equal(t, 1, symmetries(&pawn, false))
	require.Equal(t, 8, symmetries(&p, true))
}

// Induction on a sample of KRK from bratko.al1's advice: a table that
// checks, is in canonical form, and does not depend on the workers.
func TestInduceWritesACheckedTable(t *testing.T) {
	tb, tab := oracle(t, "krk")
	src, err := knowledge.Files.ReadFile("bratko.al1")
	require.NoError(t, err)
	base, diags, _ := kb.LoadAll(predicates.Library(), "bratko.al1", src, shipped)
	require.False(t, diags.HasErrors(), "%v", diags)
	cfg := InduceConfig{Name: "bratko.al1", Src: src, Base: base, Library: predicates.Library(), Resolve: shipped, TB: tb, Tab: tab,
		Side: game.White, Sample: 400, Seed: 5, Workers: 1}
	rep, err := Induce(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, 400, rep.Positions)
	require.NotEmpty(t, rep.Rules)
	require.LessOrEqual(t, len(rep.Rules), 12)
	require.Equal(t, "true", rep.Rules[len(rep.Rules)-1].Cond)
	f, diags := lang.Parse("induced.al1", []byte(rep.Text))
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Equal(t, rep.Text, string(lang.Format(f)), "not in canonical form")
	learned, diags, _ := kb.LoadAll(predicates.Library(), "induced.al1", []byte(rep.Text), shipped)
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Equal(t, "INDUCED", learned.Tables[0].Name)
	require.Len(t, learned.Tables[0].Rules, len(rep.Rules))
	cfg.Workers = 3
	rep3, err := Induce(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, rep.Text, rep3.Text)
	require.Equal(t, rep.Positions, rep.Classes)

	// With the symmetry: fewer searches, the same satisfiability (the
	// advice mean the same in every image), the same for any workers.
	cfg.Symmetry = true
	sym1, err := Induce(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, 400, sym1.Positions)
	require.LessOrEqual(t, sym1.Classes, sym1.Positions)
	for a := range rep.Advice {
		require.Equal(t, rep.Advice[a].Satisfiable, sym1.Advice[a].Satisfiable, rep.Advice[a].Name)
	}
	cfg.Workers = 2
	sym2, err := Induce(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, sym1.Text, sym2.Text)

	// A search that runs out of nodes is counted, not an error; its
	// advice is satisfiable there without progress.
	cfg.Symmetry, cfg.Sample, cfg.MaxNodes = false, 60, 20
	small, err := Induce(context.Background(), cfg)
	require.NoError(t, err)
	stopped := 0
	for _, a := range small.Advice {
		stopped += a.Stopped
		require.LessOrEqual(t, a.Stopped, a.Satisfiable)
		require.LessOrEqual(t, a.Progress, a.Satisfiable-a.Stopped)
	}
	require.Positive(t, stopped)
	require.Contains(t, small.Text, "(search stopped at ")
}

// The vocabulary leaves out the patterns that compare two positions.
func TestVocabularyLeavesOutRelations(t *testing.T) {
	src := []byte(`pattern NEAR = kings_close
pattern CLOSER = room_smaller(P1, P2)

advice A white depth 1
  better mate
`)
	base, diags := kb.Load(predicates.Library(), "v.al1", src)
	require.False(t, diags.HasErrors(), "%v", diags)
	feats, err := vocabulary(&InduceConfig{Name: "v.al1", Src: src, Base: base, Library: predicates.Library(), Side: game.White})
	require.NoError(t, err)
	var names []string
	for _, f := range feats {
		names = append(names, f.text)
	}
	require.Contains(t, names, "NEAR")
	require.Contains(t, names, "kings_close")
	require.NotContains(t, names, "CLOSER")
	require.NotContains(t, names, "room_smaller")
}

// The learned tables shipped in knowledge/learned check without a
// warning, are in canonical form, and prove what their header says ("al
// verify ...: proved N of M won starts"): every start of a sample in make
// test, N of the whole endgame under AL_SLOW (make verify), the figures of
// docs/learning.md. A table that does not prove every start is verified
// under AL_SLOW only.
func TestShippedLearnedTables(t *testing.T) {
	files, err := filepath.Glob("../../knowledge/learned/*.al1")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	claim := regexp.MustCompile(`proved ([0-9,]+) of ([0-9,]+) won starts`)
	number := func(b []byte) int {
		n, err := strconv.Atoi(strings.ReplaceAll(string(b), ",", ""))
		require.NoError(t, err)
		return n
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		f, diags := lang.Parse(name, src)
		require.False(t, diags.HasErrors(), "%v", diags)
		require.Equal(t, string(src), string(lang.Format(f)), "%s is not in canonical form", name)
		base, diags, _ := kb.LoadAll(predicates.Library(), name, src, shipped)
		require.Empty(t, diags, "%s", name)
		eg, _, ok := strings.Cut(filepath.Base(name), "-")
		require.True(t, ok, "%s: name it ENDGAME-how.al1", name)
		m := claim.FindSubmatch([]byte(strings.ReplaceAll(string(src), "\n# ", " ")))
		if m == nil {
			// Not verified over its endgame yet (kbbk-induced.al1): its
			// header says so.
			require.Contains(t, string(src), "did not finish", "%s: its header says what al verify proves", name)
			continue
		}
		proved, of := number(m[1]), number(m[2])
		if proved < of && !testenv.Slow() {
			continue
		}
		_, tab := oracle(t, eg)
		n := 40
		if testenv.Slow() {
			n = 0
		}
		starts := chessverify.Pick(chessverify.TableStarts(tab, game.White, chessverify.Options{}), n, 7)
		rep, err := chessverify.Table(context.Background(), base.Tables[0], tablebase.MustEndgame(eg), starts, chessverify.Options{Workers: 2})
		require.NoError(t, err)
		if n == 0 {
			require.Equal(t, of, len(starts), "%s", name)
			require.Equal(t, proved, rep.Proved, "%s", name)
		} else {
			require.Equal(t, len(starts), rep.Proved, "%s", name)
		}
	}
}

// shipped resolves the imports of the shipped vocabularies (import NAME).
func shipped(_ string, imp *lang.Import) (string, []byte, error) {
	name := "lib/" + imp.Name + ".al"
	b, err := knowledge.Files.ReadFile(name)
	return name, b, err
}

// A label does not depend on the searches made before it: with a node
// budget, each start's advice is labelled as a search from an empty memo
// labels it (prover.Options.ExactBudget), whatever the labeller's memo
// holds after the starts before it, and so whatever the workers. Counted
// per advice: where a cold search is satisfiable and where it runs out of
// the budget. The cold search is a fresh searcher with ExactBudget too:
// node counts of the two modes may differ (failInGoals is off under
// ExactBudget), so a fresh searcher without it is not the definition. (Without ExactBudget, the memo of the starts before makes
// 68 of the 284 searches that run out cold end within 3,000 nodes.)
func TestLabelsDoNotDependOnTheMemo(t *testing.T) {
	tb, tab := oracle(t, "krk")
	src := []byte(`advice MATE white depth 3
  better mate
  holding ~rook_lost & ~stalemate
`)
	base, diags := kb.Load(predicates.Library(), "mate.al1", src)
	require.False(t, diags.HasErrors(), "%v", diags)
	const budget = 3000
	cfg := InduceConfig{Name: "mate.al1", Src: src, Base: base, Library: predicates.Library(), TB: tb, Tab: tab,
		Side: game.White, Sample: 300, Seed: 9, Workers: 1, MaxNodes: budget}
	sat, stopped := 0, 0
	each, _ := chessverify.SelectTableStarts(tab, game.White, cfg.Sample, cfg.Seed)
	for p := range each() {
		cold := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: budget, ExactBudget: true})
		res, err := cold.Solve(context.Background(), base.Advice[0], &p)
		require.NoError(t, err)
		switch {
		case res.Value == prover.Unknown:
			sat++
			stopped++
		case res.Value == prover.Sat && res.Tree.Kind == prover.XNode:
			sat++
		}
	}
	require.Positive(t, stopped)
	require.Less(t, stopped, cfg.Sample)
	for _, workers := range []int{1, 2} {
		cfg.Workers = workers
		rep, err := Induce(context.Background(), cfg)
		require.NoError(t, err)
		require.Equal(t, sat, rep.Advice[0].Satisfiable, "%d workers: satisfiable", workers)
		require.Equal(t, stopped, rep.Advice[0].Stopped, "%d workers: stopped", workers)
	}
}

package chesslearn

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// InduceConfig is a run of rule induction (Quinlan's decision trees, as
// chapter 4 of the thesis proposes them for AL1).
type InduceConfig struct {
	// Name and Src are the advice file; Base is it compiled.
	Name string
	Src  []byte
	Base *kb.Base[chess.Position]
	// Library is the predicate library, whose position predicates are
	// part of the vocabulary.
	Library *kb.Library[chess.Position]
	TB      *tablebase.Tablebase
	Tab     *tablebase.Table
	Endgame tablebase.Endgame
	Side    game.Side
	// Sample positions (0: every won start) labelled and learned from.
	Sample   int
	Seed     uint64
	Workers  int
	MaxRules int // the most rules (leaves) of the tree (0: 12)
	MinLeaf  int // the fewest positions a split may leave on a side (0: 1)
	MaxNodes int64
	Table    string // the learned table's name (0: INDUCED)
	Progress func(stage string, done, total int)
}

// InduceReport is what Induce learned.
type InduceReport struct {
	Positions int `json:"positions"`
	Of        int `json:"of"`
	// Features are the vocabulary's conditions tried.
	Features int `json:"features"`
	// Served counts the positions with at least one piece of advice that
	// is satisfiable and makes progress; Correct those where the learned
	// table's rule chooses (through its first satisfiable advice) one that
	// makes progress.
	Served  int `json:"served"`
	Correct int `json:"correct"`
	// Advice counts, for each piece of advice, the positions where it is
	// satisfiable and where it makes progress.
	Advice []AdviceLabel `json:"advice"`
	Rules  []InducedRule `json:"rules"`
	// Text is the learned knowledge base.
	Text string `json:"-"`
}

// AdviceLabel is one piece of advice's labels over the sample.
type AdviceLabel struct {
	Name        string `json:"name"`
	Satisfiable int    `json:"satisfiable"`
	Progress    int    `json:"progress"`
}

// InducedRule is a rule of the learned table with its statistics.
type InducedRule struct {
	Cond      string   `json:"condition"`
	Advice    []string `json:"advice"`
	Positions int      `json:"positions"`
	Correct   int      `json:"correct"`
}

// label is what the sample says of one position: per advice, whether it
// is satisfiable and whether it makes progress (every leaf of its
// forcing tree nearer mate than the position, by the tablebase), and the
// class ID3 learns: the advice of best progress along the optimal
// defence's line, per move (-1: none makes progress).
type label struct {
	sat, good uint64 // bit a: advice a
	class     int8
	feats     []uint64 // bit f: feature f holds
}

// feature is a condition of the vocabulary: its text and its formula.
type feature struct {
	text string
	f    *kb.Formula[chess.Position]
}

// vocabulary compiles every condition the file declares or the library
// offers over one position: the file's patterns without parameters and
// the library's position predicates, in that order. It compiles them as
// the rules of a table added to the file, so they mean what they would
// mean in a rule the file's author wrote.
func vocabulary(c *InduceConfig) ([]feature, error) {
	f, diags := lang.Parse(c.Name, c.Src)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: does not parse", c.Name)
	}
	var texts []string
	seen := map[string]bool{}
	for _, d := range f.Decls {
		if p, ok := d.(*lang.Pattern); ok && p.Params == nil && !seen[p.Name] {
			seen[p.Name] = true
			texts = append(texts, p.Name)
		}
	}
	for _, p := range c.Library.All() {
		if p.Kind == kb.PositionKind && !seen[p.Name] {
			seen[p.Name] = true
			texts = append(texts, p.Name)
		}
	}
	if len(c.Base.Advice) == 0 {
		return nil, fmt.Errorf("%s declares no advice", c.Name)
	}
	adv := c.Base.Advice[0].Name
	var b strings.Builder
	b.Write(c.Src)
	b.WriteString("\ntable AL_LEARN_VOCABULARY " + c.Side.String() + "\n")
	for _, t := range texts {
		fmt.Fprintf(&b, "  rule %s : %s\n", t, adv)
	}
	base, diags := kb.Load(c.Library, c.Name, []byte(b.String()))
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: its vocabulary does not compile: %v", c.Name, diags)
	}
	t := base.Tables[len(base.Tables)-1]
	out := make([]feature, len(texts))
	for i := range texts {
		out[i] = feature{text: texts[i], f: t.Rules[i].Cond}
	}
	return out, nil
}

// pliesToMate is the tablebase's distance to mate of q in plies when the
// side x wins it, -1 otherwise.
func pliesToMate(tb *tablebase.Tablebase, q *chess.Position, x game.Side) (int, error) {
	v, err := tb.Value(*q)
	if err != nil {
		return 0, err
	}
	toMove := game.White
	if q.SideToMove() == chess.Black {
		toMove = game.Black
	}
	switch {
	case toMove == x && v.Outcome == tablebase.Win, toMove != x && v.Outcome == tablebase.Loss:
		return v.Plies, nil
	}
	return -1, nil
}

// progress measures a forcing tree from a start w plies from mate: worst
// is the greatest distance (plies) of its leaves (-1 when a leaf is not
// won), line the distance of the leaf the tablebase's defence reaches and
// moves the moves of X on that line.
func progress(tb *tablebase.Tablebase, t *prover.Node[chess.Position, chess.Move], x game.Side) (worst, line, moves int, err error) {
	var walk func(n *prover.Node[chess.Position, chess.Move]) (int, error)
	walk = func(n *prover.Node[chess.Position, chess.Move]) (int, error) {
		if len(n.Children) == 0 {
			return pliesToMate(tb, &n.Pos, x)
		}
		w := 0
		for _, e := range n.Children {
			d, err := walk(e.Node)
			if err != nil || d < 0 {
				return -1, err
			}
			w = max(w, d)
		}
		return w, nil
	}
	if worst, err = walk(t); err != nil || worst < 0 {
		return -1, -1, 0, err
	}
	n := t
	for len(n.Children) > 0 {
		switch n.Kind {
		case prover.XNode:
			moves++
			n = n.Children[0].Node
		default:
			m, _, err := tb.BestMove(n.Pos)
			if err != nil {
				return -1, -1, 0, err
			}
			next := n.Children[0].Node
			for _, e := range n.Children {
				if e.Move == m {
					next = e.Node
				}
			}
			n = next
		}
	}
	line, err = pliesToMate(tb, &n.Pos, x)
	return worst, line, moves, err
}

// labels labels the sample.
func labels(ctx context.Context, c *InduceConfig, feats []feature, starts []chessverifyStart) ([]label, error) {
	advice := c.Base.Advice
	out := make([]label, len(starts))
	nw := c.Workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	searchers := make([]*prover.Searcher[chess.Position, chess.Move], nw)
	searcher := func(w int) *prover.Searcher[chess.Position, chess.Move] {
		if searchers[w] == nil {
			searchers[w] = prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: c.MaxNodes, MaxMemo: chessverify.SearchMemo})
		}
		return searchers[w]
	}
	words := (len(feats) + 63) / 64
	progressFn := func(done, total int) {
		if c.Progress != nil {
			c.Progress("label", done, total)
		}
	}
	err := parallel(ctx, len(starts), c.Workers, func(w, i int) error {
		s := searcher(w)
		p := &starts[i].Pos
		l := label{class: -1, feats: make([]uint64, words)}
		env := kb.Env[chess.Position]{P0: p, P1: p, P2: p}
		for f := range feats {
			if feats[f].f.Eval(&env) {
				l.feats[f/64] |= 1 << (f % 64)
			}
		}
		w0, err := pliesToMate(c.TB, p, c.Side)
		if err != nil {
			return err
		}
		bestRate := -1.0
		for a, adv := range advice {
			res, err := s.Solve(ctx, adv, p)
			if err != nil {
				return err
			}
			if res.Value != prover.Sat || res.Tree.Kind != prover.XNode {
				continue
			}
			l.sat |= 1 << a
			worst, line, moves, err := progress(c.TB, res.Tree, c.Side)
			if err != nil {
				return err
			}
			if worst < 0 || line >= w0 {
				continue
			}
			l.good |= 1 << a
			rate := float64(w0-line) / float64(2*max(moves, 1))
			if rate > bestRate+1e-9 {
				bestRate, l.class = rate, int8(a)
			}
		}
		out[i] = l
		return nil
	}, progressFn)
	return out, err
}

// chessverifyStart is a start position of the sample.
type chessverifyStart = struct {
	Pos     chess.Position
	Optimal int
}

// firstGood says whether the advice list makes progress at l: its first
// satisfiable advice does.
func firstGood(list []int, l *label) bool {
	for _, a := range list {
		if l.sat>>a&1 == 1 {
			return l.good>>a&1 == 1
		}
	}
	return false
}

// bestList builds greedily the advice list that makes progress at the
// most of the positions idx: at each step the advice that serves the
// most positions no earlier advice of the list is satisfiable at.
func bestList(ls []label, idx []int, nAdvice int) ([]int, int) {
	var list []int
	open := append([]int(nil), idx...)
	correct := 0
	used := make([]bool, nAdvice)
	for {
		best, bestGain := -1, 0
		for a := range nAdvice {
			if used[a] {
				continue
			}
			gain := 0
			for _, i := range open {
				if ls[i].good>>a&1 == 1 {
					gain++
				}
			}
			if gain > bestGain {
				best, bestGain = a, gain
			}
		}
		if best < 0 {
			return list, correct
		}
		used[best] = true
		list = append(list, best)
		correct += bestGain
		rest := open[:0]
		for _, i := range open {
			if ls[i].sat>>best&1 == 0 {
				rest = append(rest, i)
			}
		}
		open = rest
	}
}

// node is a node of the decision tree.
type node struct {
	idx     []int // the positions that reach it
	feat    int   // the split's feature (-1: a leaf)
	yes, no *node
	list    []int // a leaf's advice list
	correct int
	// The best split of a leaf, found once.
	split      int
	splitGain  int
	splitFound bool
}

func entropy(counts map[int8]int, n int) float64 {
	h := 0.0
	for _, k := range counts {
		if k > 0 {
			p := float64(k) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return h
}

// bestSplit finds the feature of greatest information gain (ID3) over the
// classes at n, among those that leave at least minLeaf positions on each
// side, and how many more positions the two leaves it makes serve.
func bestSplit(ls []label, n *node, nFeats, nAdvice, minLeaf int) {
	n.splitFound = true
	n.split = -1
	total := map[int8]int{}
	for _, i := range n.idx {
		total[ls[i].class]++
	}
	h := entropy(total, len(n.idx))
	bestGain := 1e-12
	for f := range nFeats {
		yes := map[int8]int{}
		ny := 0
		for _, i := range n.idx {
			if ls[i].feats[f/64]>>(f%64)&1 == 1 {
				yes[ls[i].class]++
				ny++
			}
		}
		nn := len(n.idx) - ny
		if ny < minLeaf || nn < minLeaf {
			continue
		}
		no := map[int8]int{}
		for k, v := range total {
			no[k] = v - yes[k]
		}
		g := h - (float64(ny)*entropy(yes, ny)+float64(nn)*entropy(no, nn))/float64(len(n.idx))
		if g > bestGain {
			bestGain, n.split = g, f
		}
	}
	if n.split < 0 {
		return
	}
	y, no := partition(ls, n.idx, n.split)
	_, cy := bestList(ls, y, nAdvice)
	_, cn := bestList(ls, no, nAdvice)
	n.splitGain = cy + cn - n.correct
}

func partition(ls []label, idx []int, f int) (yes, no []int) {
	for _, i := range idx {
		if ls[i].feats[f/64]>>(f%64)&1 == 1 {
			yes = append(yes, i)
		} else {
			no = append(no, i)
		}
	}
	return yes, no
}

// grow grows the tree best first: while there are fewer than maxLeaves
// leaves, the leaf whose ID3 split serves the most more positions is
// split; it stops when no split serves more.
func grow(ls []label, all []int, nFeats, nAdvice, maxLeaves, minLeaf int) *node {
	root := &node{idx: all, feat: -1}
	root.list, root.correct = bestList(ls, all, nAdvice)
	leaves := []*node{root}
	for len(leaves) < maxLeaves {
		var best *node
		for _, l := range leaves {
			if !l.splitFound {
				bestSplit(ls, l, nFeats, nAdvice, minLeaf)
			}
			if l.split >= 0 && l.splitGain > 0 && (best == nil || l.splitGain > best.splitGain) {
				best = l
			}
		}
		if best == nil {
			break
		}
		y, n := partition(ls, best.idx, best.split)
		best.feat = best.split
		best.yes = &node{idx: y, feat: -1}
		best.no = &node{idx: n, feat: -1}
		for _, k := range []*node{best.yes, best.no} {
			k.list, k.correct = bestList(ls, k.idx, nAdvice)
		}
		var next []*node
		for _, l := range leaves {
			if l != best {
				next = append(next, l)
			}
		}
		leaves = append(next, best.yes, best.no)
	}
	return root
}

// rules turns the tree into an ordered list of rules: its leaves in
// depth-first order, the branch where the feature holds first, each with
// the conjunction of the features that hold on its path. The negated
// features are left out: every position where one holds is taken by a
// rule before (the leaves of the other branch cover it), so the first
// rule whose condition holds is the position's leaf. The last leaf has
// no feature that holds: its condition is true.
func rules(n *node, path []int, visit func(path []int, leaf *node)) {
	if n.feat < 0 {
		visit(path, n)
		return
	}
	rules(n.yes, append(append([]int(nil), path...), n.feat), visit)
	rules(n.no, path, visit)
}

// Induce labels the sample, grows the tree and writes the table.
func Induce(ctx context.Context, c InduceConfig) (InduceReport, error) {
	if c.MaxRules <= 0 {
		c.MaxRules = 12
	}
	if c.MinLeaf <= 0 {
		c.MinLeaf = 1
	}
	if c.Table == "" {
		c.Table = "INDUCED"
	}
	advice := c.Base.Advice
	if len(advice) > 64 {
		return InduceReport{}, fmt.Errorf("%s: %d pieces of advice, at most 64", c.Name, len(advice))
	}
	for _, a := range advice {
		if a.Side != c.Side {
			return InduceReport{}, fmt.Errorf("%s: advice %s is for %s, the endgame's winner is %s", c.Name, a.Name, a.Side, c.Side)
		}
	}
	feats, err := vocabulary(&c)
	if err != nil {
		return InduceReport{}, err
	}
	vs, all := chessverify.SampleTableStarts(c.Tab, c.Side, c.Sample, c.Seed)
	starts := make([]chessverifyStart, len(vs))
	for i := range vs {
		starts[i] = chessverifyStart{Pos: vs[i].Pos, Optimal: vs[i].Optimal}
	}
	ls, err := labels(ctx, &c, feats, starts)
	if err != nil {
		return InduceReport{}, err
	}
	rep := InduceReport{Positions: len(starts), Of: all, Features: len(feats)}
	for a, adv := range advice {
		al := AdviceLabel{Name: adv.Name}
		for i := range ls {
			al.Satisfiable += int(ls[i].sat >> a & 1)
			al.Progress += int(ls[i].good >> a & 1)
		}
		rep.Advice = append(rep.Advice, al)
	}
	idx := make([]int, 0, len(ls))
	for i := range ls {
		if ls[i].good != 0 {
			rep.Served++
		}
		idx = append(idx, i)
	}
	tree := grow(ls, idx, len(feats), len(advice), c.MaxRules, c.MinLeaf)
	rules(tree, nil, func(path []int, leaf *node) {
		cond := "true"
		if len(path) > 0 {
			parts := make([]string, len(path))
			for k, f := range path {
				parts[k] = feats[f].text
			}
			cond = strings.Join(parts, " & ")
		}
		r := InducedRule{Cond: cond, Positions: len(leaf.idx), Correct: leaf.correct}
		list := leaf.list
		if len(list) == 0 {
			list = []int{0}
		}
		for _, a := range list {
			r.Advice = append(r.Advice, advice[a].Name)
		}
		rep.Correct += leaf.correct
		rep.Rules = append(rep.Rules, r)
	})
	rep.Text, err = induced(&c, &rep)
	return rep, err
}

// induced writes the learned knowledge base: the advice file's
// declarations but its tables (in canonical form, comments left out), a
// comment with the tree's statistics, and the learned table.
func induced(c *InduceConfig, rep *InduceReport) (string, error) {
	f, diags := lang.Parse(c.Name, c.Src)
	if diags.HasErrors() {
		return "", fmt.Errorf("%s: does not parse", c.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Induced by al learn table from the advice of %s on %s: a decision\n", c.Name, c.Endgame)
	b.WriteString("# tree (ID3's information gain over the classes \"the advice of best\n")
	b.WriteString("# progress along the tablebase's defence\"), grown best first by the\n")
	b.WriteString("# positions each split serves, over the conditions of the vocabulary\n")
	b.WriteString("# (the file's patterns and the library's position predicates).\n")
	fmt.Fprintf(&b, "# Positions %d of %d (seed %d); vocabulary %d conditions; advice\n", rep.Positions, rep.Of, c.Seed, rep.Features)
	fmt.Fprintf(&b, "# satisfiable with progress at %d; the table's choice makes progress at\n", rep.Served)
	fmt.Fprintf(&b, "# %d (%s).\n", rep.Correct, pct(rep.Correct, rep.Positions))
	for _, a := range rep.Advice {
		fmt.Fprintf(&b, "#   %-20s satisfiable %7d, progress %7d\n", a.Name, a.Satisfiable, a.Progress)
	}
	for _, d := range f.Decls {
		if _, ok := d.(*lang.Table); ok {
			continue
		}
		b.WriteString("\n" + lang.DeclString(d) + "\n")
	}
	b.WriteString("\n")
	for k, r := range rep.Rules {
		fmt.Fprintf(&b, "# rule %d: %d positions, its choice makes progress at %d\n", k+1, r.Positions, r.Correct)
	}
	fmt.Fprintf(&b, "table %s %s\n", c.Table, c.Side)
	for _, r := range rep.Rules {
		fmt.Fprintf(&b, "  rule %s : %s\n", r.Cond, strings.Join(r.Advice, ", "))
	}
	out, diags := lang.Parse(c.Name, []byte(b.String()))
	if diags.HasErrors() {
		return "", fmt.Errorf("the induced table does not parse: %v", diags)
	}
	return string(lang.Format(out)), nil
}

func pct(n, of int) string {
	if of == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(of))
}

package chesslearn

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/game"
)

// InduceConfig is a run of rule induction (Quinlan's decision trees, as
// chapter 4 of the thesis proposes them for AL1).
type InduceConfig struct {
	// Name and Src are the advice file; Base is it compiled. Resolve
	// reads the files it imports (nil: imports are errors).
	Name    string
	Src     []byte
	Base    *kb.Base[chess.Position]
	Resolve kb.Resolver
	// Library is the predicate library, whose position predicates are
	// part of the vocabulary.
	Library *kb.Library[chess.Position]
	TB      *tablebase.Tablebase
	Tab     *tablebase.Table
	Endgame tablebase.Endgame
	Side    game.Side
	// Sample positions (0: every won start) labelled and learned from.
	Sample int
	// Symmetry shares the labels of a position with its images under the
	// board's symmetries (the searches are made once a class): right when
	// the advice means the same in every image, as the library's
	// geometric predicates do.
	Symmetry bool
	Seed     uint64
	Workers  int
	MaxRules int // the most rules (leaves) of the tree (0: 12)
	MinLeaf  int // the fewest positions a split may leave on a side (0: 1)
	MaxNodes int64
	Table    string // the learned table's name (0: INDUCED)
	// Labels is a file that keeps the labels (labelfile.go): read when
	// it holds this run's, else written ("": none).
	Labels string
	// ProgressWorth prices the searches: a position where the rule's
	// choice makes progress is worth ProgressWorth nodes, and a list's
	// score is its progress so priced less the nodes of the searches it
	// asks for, over its positions (0: the searches are free).
	ProgressWorth int64
	// CheapTies, with ProgressWorth 0, breaks ties by the searches: among
	// lists (and splits) of as much progress, the one whose searches
	// visit the fewest nodes, before the least distance; progress is
	// never traded for nodes.
	CheapTies bool
	// AvoidStopped refines the tree grown where its table would stop: a
	// position where a rule's first satisfiable advice is a search that
	// ran out of nodes (MaxNodes; the strategy stops there, and al verify
	// calls the start undetermined). Such leaves are split further (at
	// most 4 × MaxRules more splits) until their lists stop nowhere, or
	// take a list that never stops (see refine).
	AvoidStopped bool
	// StopTolerance is the fraction of a rule's positions where it may
	// stop and not be refined (AvoidStopped): a search out of the
	// labelling budget may end within the verifier's larger one.
	StopTolerance float64
	Progress      func(stage string, done, total int)
}

// InduceReport is what Induce learned.
type InduceReport struct {
	Positions int `json:"positions"`
	Of        int `json:"of"`
	// Classes counts the positions searched: one a class of the board's
	// symmetries with InduceConfig.Symmetry, else every position. Rows
	// counts the groups of positions alike in labels and features the
	// tree is grown from.
	Classes int `json:"classes"`
	Rows    int `json:"rows"`
	// Features are the vocabulary's conditions tried.
	Features int `json:"features"`
	// Served counts the positions with at least one piece of advice that
	// is satisfiable and makes progress; Correct those where the learned
	// table's rule chooses (through its first satisfiable advice) one that
	// makes progress.
	Served int `json:"served"`
	// Growth says which tree was kept: "served" (grown best first by the
	// positions each split serves) or "id3-pruned" (grown by information
	// gain, then pruned).
	Growth string `json:"growth"`
	// Distance is the mean distance to mate with the advice (moves of the
	// winner) over the served positions: the least mean any table made of
	// them can reach, choosing the best advice everywhere.
	Distance float64 `json:"distance"`
	Correct  int     `json:"correct"`
	// Best counts the positions where the chosen advice also has the
	// least distance to mate of all.
	Best int `json:"best"`
	// Advice counts, for each piece of advice, the positions where it is
	// satisfiable and where it makes progress.
	Advice []AdviceLabel `json:"advice"`
	// Uncovered counts the positions where none of the list the tree
	// chose for their rule is satisfiable (the table would be stuck
	// there), before cover appends advice; Stuck those left after it.
	Uncovered int           `json:"uncovered"`
	Stuck     int           `json:"stuck"`
	Rules     []InducedRule `json:"rules"`
	// LabelsRead says the labels were read from InduceConfig.Labels, not
	// searched.
	LabelsRead bool `json:"labels_read,omitempty"`
	// LabelsNote says what was done with InduceConfig.Labels: "read",
	// "written" (there was no file), or "replaced: " and why the file's
	// labels were not this run's; empty without the flag.
	LabelsNote string `json:"labels_note,omitempty"`
	// Cost is the nodes of the searches the table asks for at the
	// positions, summed (at each position, its rule's advice up to the
	// first satisfiable one, as labelled).
	Cost int64 `json:"cost"`
	// Stops counts the positions where the table's first satisfiable
	// advice is so because its search ran out of nodes (as labelled): the
	// strategy stops there, al verify's "undetermined".
	Stops int `json:"stops"`
	// Text is the learned knowledge base.
	Text string `json:"-"`
}

// AdviceLabel is one piece of advice's labels over the sample.
type AdviceLabel struct {
	Name        string `json:"name"`
	Satisfiable int    `json:"satisfiable"`
	Progress    int    `json:"progress"`
	// Stopped counts the positions where its search ran out of nodes
	// (--max-nodes): counted as satisfiable without progress, since the
	// table's strategy stops there.
	Stopped int `json:"stopped,omitempty"`
}

// InducedRule is a rule of the learned table with its statistics.
type InducedRule struct {
	Cond      string   `json:"condition"`
	Advice    []string `json:"advice"`
	Positions int      `json:"positions"`
	Correct   int      `json:"correct"`
	Best      int      `json:"best"`
	// Added are the advice appended to the list the tree chose so that
	// the rule is never stuck where some advice is satisfiable (see
	// cover); Stuck counts the rule's positions where still none of its
	// advice is satisfiable (a search that ran out of nodes does not
	// count as satisfiable here).
	Added []string `json:"added,omitempty"`
	Stuck int      `json:"stuck,omitempty"`
	// Cost is the nodes of the searches the rule asks for at its
	// positions (see InduceReport.Cost).
	Cost int64 `json:"cost"`
	// Stops counts its positions where its first satisfiable advice is a
	// search that ran out of nodes (see InduceReport.Stops).
	Stops int `json:"stops,omitempty"`
}

// label is a row the tree is grown from: n positions alike in their
// labels (per advice, whether it is satisfiable and whether it makes
// progress; the class ID3 learns) and in their features.
type label struct {
	sat, good uint64   // bit a: advice a
	opt       uint64   // bit a: advice a makes progress and has the least distance
	stop      uint64   // bit a: advice a's search ran out of nodes (counted in sat)
	class     int8     // the advice of least distance (-1: none mates)
	n         int      // the positions of the row
	feats     []uint64 // bit f: feature f holds
	// cost[a] is the nodes advice a's searches visit at the row's
	// positions, summed (a class's search counted at each position of
	// it).
	cost []int64
}

// count is how many positions the rows idx hold.
func count(ls []label, idx []int) int {
	n := 0
	for _, i := range idx {
		n += ls[i].n
	}
	return n
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
	_, diags, srcs := kb.LoadAll(c.Library, c.Name, c.Src, c.Resolve)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: does not compile: %v", c.Name, diags)
	}
	// FILE's patterns and definitions without parameters, then those of
	// the files it imports (in the order of their names).
	names := []string{c.Name}
	for n := range srcs {
		if n != c.Name {
			names = append(names, n)
		}
	}
	sort.Strings(names[1:])
	var texts []string
	seen := map[string]bool{}
	for _, n := range names {
		f, _ := lang.Parse(n, srcs[n])
		for _, d := range f.Decls {
			name := ""
			switch d := d.(type) {
			case *lang.Pattern:
				if d.Params == nil {
					name = d.Name
				}
			case *lang.Define:
				if d.Params == nil {
					name = d.Name
				}
			}
			if name != "" && !seen[name] {
				seen[name] = true
				texts = append(texts, name)
			}
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
	// The conditions are compiled as the rules of a table added to the
	// file; a pattern that cannot be a rule's condition (it compares two
	// positions) is left out, and the rest compiled again.
	var base *kb.Base[chess.Position]
	for {
		var b strings.Builder
		b.Write(c.Src)
		b.WriteString("\ntable AL_LEARN_VOCABULARY " + c.Side.String() + "\n")
		first := strings.Count(b.String(), "\n") + 1 // the line of the first rule
		for _, t := range texts {
			fmt.Fprintf(&b, "  rule %s : %s\n", t, adv)
		}
		var diags lang.Diagnostics
		base, diags, _ = kb.LoadAll(c.Library, c.Name, []byte(b.String()), c.Resolve)
		if !diags.HasErrors() {
			break
		}
		bad := map[int]bool{}
		for _, d := range diags {
			if k := d.Pos.Line - first; d.Severity == lang.Error && d.Pos.Filename == c.Name && k >= 0 && k < len(texts) {
				bad[k] = true
			}
		}
		if len(bad) == 0 {
			return nil, fmt.Errorf("%s: its vocabulary does not compile: %v", c.Name, diags)
		}
		kept := texts[:0]
		for k, t := range texts {
			if !bad[k] {
				kept = append(kept, t)
			}
		}
		texts = kept
	}
	t := base.Tables[len(base.Tables)-1]
	out := make([]feature, len(texts))
	for i := range texts {
		out[i] = feature{text: texts[i], f: t.Rules[i].Cond}
	}
	return out, nil
}

// sig is a group of positions alike for advice lists: the same advice
// satisfiable, the same making progress, and how many there are.
type sig struct {
	sat, good, opt uint64
	stop           uint64 // bit a: advice a's search ran out of nodes
	n              int
	cost           []int64 // per advice, the nodes of its searches there
}

// signatures groups the positions idx (whose feature f holds, or does
// not, when f >= 0) by what advice lists make of them.
func signatures(ls []label, idx []int, f int, holds bool) []sig {
	m := map[[4]uint64]*sig{}
	for _, i := range idx {
		if f >= 0 && (ls[i].feats[f/64]>>(f%64)&1 == 1) != holds {
			continue
		}
		k := [4]uint64{ls[i].sat, ls[i].good, ls[i].opt, ls[i].stop}
		g := m[k]
		if g == nil {
			g = &sig{sat: k[0], good: k[1], opt: k[2], stop: k[3], cost: make([]int64, len(ls[i].cost))}
			m[k] = g
		}
		g.n += ls[i].n
		for a, c := range ls[i].cost {
			g.cost[a] += c
		}
	}
	out := make([]sig, 0, len(m))
	for _, g := range m {
		out = append(out, *g)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].sat != out[b].sat {
			return out[a].sat < out[b].sat
		}
		if out[a].good != out[b].good {
			return out[a].good < out[b].good
		}
		if out[a].opt != out[b].opt {
			return out[a].opt < out[b].opt
		}
		return out[a].stop < out[b].stop
	})
	return out
}

// score is the worth of an advice list (or of a tree's lists) over
// positions, compared first by f, then p, then o. p counts the positions
// where the first satisfiable advice makes progress; o those where that
// advice also has the least distance. When the searches are priced
// (InduceConfig.ProgressWorth), a position of progress is worth that many
// nodes in p, less the nodes of the searches the list asks for there
// (each advice tried up to the first satisfiable one), less as much again
// where the first satisfiable advice is so because its search ran out of
// nodes (the strategy stops there, or needs a larger budget: a position
// lost); and f is minus the positions where no listed advice is
// satisfiable (stuck), a failure no progress elsewhere makes up for.
// Unpriced, f is 0 (cover makes the lists never stuck afterwards) and a
// stopped search counts as satisfiable without progress.
//
// With cheap ties (InduceConfig.CheapTies; worth cheapTies here), p counts
// positions of progress, f the stuck ones as above, and c, compared after
// p and before o, is minus the nodes of the searches: progress is never
// traded for nodes.
type score struct{ f, p, c, o int64 }

func (a score) add(b score) score { return score{a.f + b.f, a.p + b.p, a.c + b.c, a.o + b.o} }
func (a score) sub(b score) score { return score{a.f - b.f, a.p - b.p, a.c - b.c, a.o - b.o} }
func (a score) less(b score) bool {
	switch {
	case a.f != b.f:
		return a.f < b.f
	case a.p != b.p:
		return a.p < b.p
	case a.c != b.c:
		return a.c < b.c
	}
	return a.o < b.o
}

// cheapTies is the worth that stands for InduceConfig.CheapTies.
const cheapTies = -1

// pricing is how lists are scored: worth is InduceConfig.ProgressWorth
// (cheapTies for InduceConfig.CheapTies, 0 for neither), and avoidStop is
// InduceConfig.AvoidStopped: a position where the list's first
// satisfiable advice is so because its search ran out of nodes counts in
// f, a failure no progress elsewhere makes up for, as a stuck one does
// (else the empty list, stuck everywhere, would never stop).
type pricing struct {
	worth     int64
	avoidStop bool
}

// worthOf is what a position where the chosen advice makes progress adds
// to p: one position, or worth nodes when the searches are priced.
func worthOf(worth int64) int64 { return max(worth, 1) }

// bestList finds the advice list of greatest score over the groups. It
// is a depth-first search over the lists (advice in the file's order
// first), pruned by the bound "the score so far, and every undecided
// position at its best with some unused advice, at no further cost".
// Among lists of equal score the first found (the shortest) is kept.
func bestList(groups []sig, nAdvice int, pr pricing) ([]int, score) {
	var best []int
	var bestN score
	found := false
	var list []int
	worth := pr.worth
	w := worthOf(worth)
	var dfs func(open []sig, sc score, used uint64)
	dfs = func(open []sig, sc score, used uint64) {
		here := sc
		if worth != 0 || pr.avoidStop {
			for _, g := range open {
				here.f -= int64(g.n) // stuck
			}
		}
		if !found || bestN.less(here) {
			found, bestN = true, here
			best = append(best[:0], list...)
		}
		bound := sc
		for _, g := range open {
			if g.good&^used != 0 {
				bound.p += w * int64(g.n)
			}
			if g.opt&^used != 0 {
				bound.o += int64(g.n)
			}
		}
		if !bestN.less(bound) {
			return
		}
		for a := range nAdvice {
			bit := uint64(1) << a
			if used&bit != 0 {
				continue
			}
			var gain score
			any := false
			var rest []sig
			for _, g := range open {
				switch {
				case worth > 0:
					gain.p -= g.cost[a]
				case worth == cheapTies:
					gain.c -= g.cost[a]
				}
				if g.sat&bit != 0 {
					any = true
					if g.good&bit != 0 {
						gain.p += w * int64(g.n)
					}
					if worth > 0 && g.stop&bit != 0 {
						gain.p -= w * int64(g.n) // the strategy stops
					}
					if pr.avoidStop && g.stop&bit != 0 {
						gain.f -= int64(g.n) // the strategy stops
					}
					if g.opt&bit != 0 {
						gain.o += int64(g.n)
					}
				} else {
					rest = append(rest, g)
				}
			}
			if !any {
				continue
			}
			list = append(list, a)
			dfs(rest, sc.add(gain), used|bit)
			list = list[:len(list)-1]
		}
	}
	dfs(groups, score{}, 0)
	return append([]int(nil), best...), bestN
}

// listCost is the nodes of the searches the list asks for at the rows
// idx: at each position, its advice up to the first satisfiable one (all
// of them where none is).
func listCost(ls []label, idx []int, list []int) int64 {
	var c int64
	for _, i := range idx {
		for _, a := range list {
			c += ls[i].cost[a]
			if ls[i].sat>>a&1 == 1 {
				break
			}
		}
	}
	return c
}

// listStops counts the positions of the rows idx where the list's first
// satisfiable advice is so because its search ran out of nodes.
func listStops(ls []label, idx []int, list []int) int {
	n := 0
	for _, i := range idx {
		for _, a := range list {
			if ls[i].sat>>a&1 == 1 {
				n += ls[i].n * int(ls[i].stop>>a&1)
				break
			}
		}
	}
	return n
}

// served counts the positions of the groups where the list's first
// satisfiable advice makes progress, and where it is also of least
// distance.
func served(groups []sig, list []int) (good, opt int) {
	for _, g := range groups {
		for _, a := range list {
			if g.sat>>a&1 == 1 {
				good += g.n * int(g.good>>a&1)
				opt += g.n * int(g.opt>>a&1)
				break
			}
		}
	}
	return good, opt
}

// cover makes the advice list of the rows idx satisfiable wherever some
// advice is: a table whose rule holds where none of the rule's advice is
// satisfiable is stuck there ("no advice of rule ... is satisfiable"), a
// failure al verify finds and the tree's score does not see (it counts
// the positions served, and a position no listed advice is satisfiable
// at is merely not served). The list the tree chose is kept and, while
// some of the rows' positions have no listed advice satisfiable, the
// advice satisfiable at most of them (the first in the file among
// equals) is appended; appended last, it changes nothing where the list
// served. A search that ran out of nodes does not count as satisfiable:
// where it is the only one, the strategy would stop. It returns the list,
// the positions no advice of the tree's list was satisfiable at, and
// those left so after the appending (no advice of the file is).
func cover(ls []label, idx []int, list []int, nAdvice int) (out []int, uncovered, stuck int) {
	out = slices.Clone(list)
	if len(out) == 0 {
		out = []int{0}
	}
	var used uint64
	for _, a := range out {
		used |= 1 << a
	}
	open := func() []int {
		var rest []int
		for _, i := range idx {
			if (ls[i].sat&^ls[i].stop)&used == 0 {
				rest = append(rest, i)
			}
		}
		return rest
	}
	rest := open()
	uncovered = count(ls, rest)
	for len(rest) > 0 {
		best, bestN := -1, 0
		for a := range nAdvice {
			if used>>a&1 == 1 {
				continue
			}
			n := 0
			for _, i := range rest {
				if (ls[i].sat&^ls[i].stop)>>a&1 == 1 {
					n += ls[i].n
				}
			}
			if n > bestN {
				best, bestN = a, n
			}
		}
		if best < 0 {
			break
		}
		out = append(out, best)
		used |= 1 << best
		rest = open()
	}
	return out, uncovered, count(ls, rest)
}

// node is a node of the decision tree.
type node struct {
	idx     []int // the positions that reach it
	feat    int   // the split's feature (-1: a leaf)
	yes, no *node
	list    []int // a leaf's advice list
	score   score
	// The best split of a leaf, found once.
	split      int
	splitGain  score
	splitFound bool
}

// entropy is the entropy of the classes' counts over n positions.
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

// gains is ID3's measure at node n: for each feature, the information
// gain over the classes of splitting n on it, and whether the split
// leaves at least minLeaf positions on each side.
func gains(ls []label, n *node, nFeats, minLeaf int) func(f int) (float64, bool) {
	total := map[int8]int{}
	for _, i := range n.idx {
		total[ls[i].class] += ls[i].n
	}
	all := count(ls, n.idx)
	h := entropy(total, all)
	return func(f int) (float64, bool) {
		yes := map[int8]int{}
		ny := 0
		for _, i := range n.idx {
			if ls[i].feats[f/64]>>(f%64)&1 == 1 {
				yes[ls[i].class] += ls[i].n
				ny += ls[i].n
			}
		}
		nn := all - ny
		if ny < minLeaf || nn < minLeaf {
			return 0, false
		}
		no := map[int8]int{}
		for k, v := range total {
			no[k] = v - yes[k]
		}
		return h - (float64(ny)*entropy(yes, ny)+float64(nn)*entropy(no, nn))/float64(all), true
	}
}

// bestSplit finds the split of leaf n: the feature whose two leaves'
// advice lists serve the most more positions, and among equals the one of
// greatest information gain over the classes (ID3), among the features
// that leave at least minLeaf positions on each side.
func bestSplit(ls []label, n *node, nFeats, nAdvice, minLeaf int, pr pricing) {
	n.splitFound = true
	n.split = -1
	gain := gains(ls, n, nFeats, minLeaf)
	var bestServed score
	bestGain := 0.0
	for f := range nFeats {
		g, ok := gain(f)
		if !ok {
			continue
		}
		_, cy := bestList(signatures(ls, n.idx, f, true), nAdvice, pr)
		_, cn := bestList(signatures(ls, n.idx, f, false), nAdvice, pr)
		served := cy.add(cn).sub(n.score)
		if bestServed.less(served) || (served == bestServed && (score{}).less(served) && g > bestGain+1e-12) {
			bestServed, bestGain, n.split = served, g, f
		}
	}
	n.splitGain = bestServed
}

// infoSplit finds the feature of greatest information gain over the
// classes at n (ID3), leaving at least minLeaf positions on each side; -1
// when none gains.
func infoSplit(ls []label, n *node, nFeats, minLeaf int) int {
	gain := gains(ls, n, nFeats, minLeaf)
	best, bestGain := -1, 1e-9
	for f := range nFeats {
		if g, ok := gain(f); ok && g > bestGain {
			best, bestGain = f, g
		}
	}
	return best
}

// leaf makes a leaf of the rows idx, with its best advice list.
func leaf(ls []label, idx []int, nAdvice int, pr pricing) *node {
	n := &node{idx: idx, feat: -1}
	n.list, n.score = bestList(signatures(ls, idx, -1, false), nAdvice, pr)
	return n
}

// split splits leaf n on feature f.
func split(ls []label, n *node, f, nAdvice int, pr pricing) {
	y, no := partition(ls, n.idx, f)
	n.feat = f
	n.yes, n.no = leaf(ls, y, nAdvice, pr), leaf(ls, no, nAdvice, pr)
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
// leaves, the leaf whose split serves the most more positions is split
// (the first leaf among equals); it stops when no split serves more.
// Leaves are kept in the order of the tree (depth first, the branch where
// the feature holds first), so that ties break the same way every time.
func grow(ls []label, all []int, nFeats, nAdvice, maxLeaves, minLeaf int, pr pricing) *node {
	root := leaf(ls, all, nAdvice, pr)
	for leaves := 1; leaves < maxLeaves; leaves++ {
		var best *node
		rules(root, nil, func(_ []int, l *node) {
			if !l.splitFound {
				bestSplit(ls, l, nFeats, nAdvice, minLeaf, pr)
			}
			if l.split >= 0 && (score{}).less(l.splitGain) && (best == nil || best.splitGain.less(l.splitGain)) {
				best = l
			}
		})
		if best == nil {
			break
		}
		split(ls, best, best.split, nAdvice, pr)
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
	if c.Endgame.Men() > maxKeyMen {
		return InduceReport{}, fmt.Errorf("%s: %d men, at most %d", c.Endgame, c.Endgame.Men(), maxKeyMen)
	}
	lab, note, err := cachedLabels(ctx, &c, feats)
	if err != nil {
		return InduceReport{}, err
	}
	ls := lab.rows
	_, all := chessverify.SelectTableStarts(c.Tab, c.Side, c.Sample, c.Seed)
	if all < 0 {
		all = lab.positions
	}
	rep := InduceReport{Positions: lab.positions, Of: all, Classes: lab.classes, Rows: len(ls), Features: len(feats),
		Advice: lab.advice, Served: lab.served, LabelsRead: note == "read", LabelsNote: note}
	if rep.Served > 0 {
		rep.Distance = lab.distSum / float64(rep.Served)
	}
	idx := make([]int, len(ls))
	for i := range idx {
		idx[i] = i
	}
	// Both ways of growing; the tree that serves more is kept (the
	// first, best first by what each split serves, among equals).
	pr := pricing{worth: c.ProgressWorth}
	if pr.worth == 0 && c.CheapTies {
		pr.worth = cheapTies
	}
	tree := grow(ls, idx, len(feats), len(advice), c.MaxRules, c.MinLeaf, pr)
	rep.Growth = "served"
	if alt := growPrune(ls, idx, len(feats), len(advice), 8*c.MaxRules, c.MaxRules, c.MinLeaf, pr); treeScore(tree).less(treeScore(alt)) {
		tree, rep.Growth = alt, "id3-pruned"
	}
	if c.AvoidStopped {
		refine(ls, tree, len(feats), len(advice), 4*c.MaxRules, c.MinLeaf, pr, c.StopTolerance)
	}
	collapse(tree)
	rules(tree, nil, func(path []int, leaf *node) {
		cond := "true"
		if len(path) > 0 {
			parts := make([]string, len(path))
			for k, f := range path {
				parts[k] = feats[f].text
			}
			cond = strings.Join(parts, " & ")
		}
		good, opt := served(signatures(ls, leaf.idx, -1, false), leaf.list)
		r := InducedRule{Cond: cond, Positions: count(ls, leaf.idx), Correct: good, Best: opt}
		list, uncovered, stuck := cover(ls, leaf.idx, leaf.list, len(advice))
		r.Cost = listCost(ls, leaf.idx, list)
		rep.Cost += r.Cost
		r.Stops = listStops(ls, leaf.idx, list)
		rep.Stops += r.Stops
		rep.Uncovered += uncovered
		rep.Stuck += stuck
		r.Stuck = stuck
		for k, a := range list {
			r.Advice = append(r.Advice, advice[a].Name)
			if k >= len(leaf.list) {
				r.Added = append(r.Added, advice[a].Name)
			}
		}
		rep.Correct += good
		rep.Best += opt
		rep.Rules = append(rep.Rules, r)
	})
	rep.Text, err = induced(&c, &rep)
	return rep, err
}

// induced writes the learned knowledge base: the advice file's
// declarations but its tables (in canonical form, comments left out), a
// comment with the tree's statistics, and the learned table. Advice the
// table never names is left out, and then the patterns nothing uses any
// more, so that al check has nothing to warn about.
func induced(c *InduceConfig, rep *InduceReport) (string, error) {
	f, diags := lang.Parse(c.Name, c.Src)
	if diags.HasErrors() {
		return "", fmt.Errorf("%s: does not parse", c.Name)
	}
	drop := map[string]bool{}
	for {
		text := inducedText(c, rep, f, drop)
		base, diags, _ := kb.LoadAll(c.Library, c.Name, []byte(text), c.Resolve)
		if diags.HasErrors() || base == nil {
			return "", fmt.Errorf("the induced table does not compile: %v", diags)
		}
		more := false
		for _, d := range diags {
			for _, kind := range []string{"advice ", "pattern "} {
				rest, ok := strings.CutPrefix(d.Msg, kind)
				name, _, unused := strings.Cut(rest, " is never used")
				if ok && unused && !drop[name] {
					drop[name], more = true, true
				}
			}
		}
		if !more {
			out, diags := lang.Parse(c.Name, []byte(text))
			if diags.HasErrors() {
				return "", fmt.Errorf("the induced table does not parse: %v", diags)
			}
			return string(lang.Format(out)), nil
		}
	}
}

func inducedText(c *InduceConfig, rep *InduceReport, f *lang.File, drop map[string]bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Induced by al learn table from the advice of %s on %s: a decision\n", c.Name, c.Endgame)
	b.WriteString("# tree over the conditions of the vocabulary (the file's patterns and\n")
	b.WriteString("# the library's position predicates), grown best first by the\n")
	b.WriteString("# positions each split serves (ties broken by ID3's information gain\n")
	b.WriteString("# over the class \"the advice nearest mate\"); each rule's advice list\n")
	b.WriteString("# is the one that serves most of its positions (docs/learning.md).\n")
	fmt.Fprintf(&b, "# Positions %d of %d (seed %d); vocabulary %d conditions; advice\n", rep.Positions, rep.Of, c.Seed, rep.Features)
	fmt.Fprintf(&b, "# satisfiable with progress at %d (mean distance to mate with the best\n", rep.Served)
	fmt.Fprintf(&b, "# advice everywhere %.2f); the table's choice makes progress at\n", rep.Distance)
	fmt.Fprintf(&b, "# %d (%s), and is the advice nearest mate at %d.\n", rep.Correct, pct(rep.Correct, rep.Positions), rep.Best)
	for _, a := range rep.Advice {
		fmt.Fprintf(&b, "#   %-20s satisfiable %7d, progress %7d%s\n", a.Name, a.Satisfiable, a.Progress, StoppedNote(a))
	}
	switch {
	case c.ProgressWorth > 0:
		fmt.Fprintf(&b, "# The searches priced: a position of progress worth %d nodes, less\n", c.ProgressWorth)
		b.WriteString("# the nodes of the searches a list asks for there; no failure (stuck,\n")
		b.WriteString("# or a search out of nodes) where a list avoids it.\n")
	case c.CheapTies:
		b.WriteString("# Ties broken by the searches: among lists and splits of as much\n")
		b.WriteString("# progress, the fewest nodes.\n")
	}
	if c.AvoidStopped {
		b.WriteString("# Refined where it would stop: a rule whose first satisfiable advice ran\n")
		b.WriteString("# out of nodes somewhere (as labelled) split further, or given a list\n")
		b.WriteString("# that never stops there")
		if c.StopTolerance > 0 {
			fmt.Fprintf(&b, " (but where it stops at no more than %g of its\n# positions)", c.StopTolerance)
		}
		b.WriteString(".\n")
	}
	fmt.Fprintf(&b, "# The table's searches, as labelled: %d nodes over the positions;\n", rep.Cost)
	fmt.Fprintf(&b, "# its first satisfiable advice ran out of nodes at %d.\n", rep.Stops)
	if rep.Uncovered > 0 || rep.Stuck > 0 {
		fmt.Fprintf(&b, "# No advice of the tree's list satisfiable at %d positions; advice\n", rep.Uncovered)
		fmt.Fprintf(&b, "# appended to the lists (last) leave %d where the table is stuck.\n", rep.Stuck)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *lang.Table:
			continue
		case *lang.Advice:
			if drop[d.Name] {
				continue
			}
		case *lang.Pattern:
			if drop[d.Name] {
				continue
			}
		}
		b.WriteString("\n" + lang.DeclString(d) + "\n")
	}
	b.WriteString("\n")
	for k, r := range rep.Rules {
		fmt.Fprintf(&b, "# rule %d: %d positions, its choice makes progress at %d, is the nearest mate at %d, %d nodes%s\n", k+1, r.Positions, r.Correct, r.Best, r.Cost, CoverNote(r))
	}
	fmt.Fprintf(&b, "table %s %s\n", c.Table, c.Side)
	for _, r := range rep.Rules {
		fmt.Fprintf(&b, "  rule %s : %s\n", r.Cond, strings.Join(r.Advice, ", "))
	}
	return b.String()
}

// CoverNote says what cover appended to a rule's list, and where it is
// stuck still, if anything.
func CoverNote(r InducedRule) string {
	note := ""
	if len(r.Added) > 0 {
		note += "; " + strings.Join(r.Added, ", ") + " appended, never stuck"
	}
	if r.Stuck > 0 {
		note = fmt.Sprintf("; stuck at %d", r.Stuck)
		if len(r.Added) > 0 {
			note = fmt.Sprintf("; %s appended, stuck at %d", strings.Join(r.Added, ", "), r.Stuck)
		}
	}
	if r.Stops > 0 {
		note += fmt.Sprintf("; a search out of nodes at %d", r.Stops)
	}
	return note
}

// StoppedNote says at how many positions a search of the advice ran out
// of nodes, if any.
func StoppedNote(a AdviceLabel) string {
	if a.Stopped == 0 {
		return ""
	}
	return fmt.Sprintf(" (search stopped at %d)", a.Stopped)
}

func pct(n, of int) string {
	if of == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(of))
}

// growPrune is the other way of growing (C4.5's): the tree is grown by
// ID3's information gain alone, the largest leaf first, to maxGrow
// leaves, and then pruned back to maxLeaves: the split whose two leaves
// serve the least more than their parent alone is undone, again and
// again.
func growPrune(ls []label, all []int, nFeats, nAdvice, maxGrow, maxLeaves, minLeaf int, pr pricing) *node {
	root := leaf(ls, all, nAdvice, pr)
	tried := map[*node]bool{}
	size := map[*node]int{}
	for leaves := 1; leaves < maxGrow; leaves++ {
		var best *node
		rules(root, nil, func(_ []int, l *node) {
			if _, ok := size[l]; !ok {
				size[l] = count(ls, l.idx)
			}
			if !tried[l] && (best == nil || size[l] > size[best]) {
				best = l
			}
		})
		if best == nil {
			break
		}
		tried[best] = true
		f := infoSplit(ls, best, nFeats, minLeaf)
		if f < 0 {
			leaves--
			continue
		}
		split(ls, best, f, nAdvice, pr)
	}
	// Prune: the subtree score of each node, then undo the cheapest split
	// of two leaves while there are too many leaves.
	count := func() int {
		n := 0
		rules(root, nil, func([]int, *node) { n++ })
		return n
	}
	for count() > maxLeaves {
		var cheapest *node
		var loss score
		var walk func(n *node)
		walk = func(n *node) {
			if n.feat < 0 {
				return
			}
			if n.yes.feat < 0 && n.no.feat < 0 {
				l := n.yes.score.add(n.no.score).sub(n.score)
				if cheapest == nil || l.less(loss) {
					cheapest, loss = n, l
				}
				return
			}
			walk(n.yes)
			walk(n.no)
		}
		walk(root)
		cheapest.feat, cheapest.yes, cheapest.no = -1, nil, nil
	}
	return root
}

// collapse makes a leaf of every node whose two branches are leaves with
// one advice list, from the leaves up: every position below it is given
// that list either way, so the table means the same with fewer rules.
func collapse(n *node) {
	if n.feat < 0 {
		return
	}
	collapse(n.yes)
	collapse(n.no)
	if n.yes.feat < 0 && n.no.feat < 0 && slices.Equal(n.yes.list, n.no.list) {
		n.list, n.score = n.yes.list, n.yes.score.add(n.no.score)
		n.feat, n.yes, n.no = -1, nil, nil
	}
}

// refine splits the leaves of a grown tree where the table would stop
// (InduceConfig.AvoidStopped): while some leaf's list has a first
// satisfiable advice whose search ran out of nodes at some of its
// positions, the leaf with the most such positions is split on the
// feature that leaves the fewest positions on a side whose list (as the
// tree chooses lists, pr) still stops somewhere, the other side stopping
// nowhere and serving some (among equals, the split whose clean sides
// serve most). The side that still stops is refined again; at most
// maxSplits splits. A leaf no split helps takes its best list when a
// stop is a failure (pricing.avoidStop): the advice that stops comes
// after one that serves there, or not at all. So the tree grown first is
// kept where nothing stops, and its progress is traded only where the
// strategy would stop. A list that stops at no more than tolerance (a
// fraction) of a side's positions counts as stopping nowhere: a search
// that ran out of the labelling budget may end within the verifier's.
func refine(ls []label, root *node, nFeats, nAdvice, maxSplits, minLeaf int, pr pricing, tolerance float64) {
	// stops counts the stops of a list over positions, those within the
	// tolerance (a fraction of the positions) not counted.
	stops := func(idx []int, list []int) int {
		n := listStops(ls, idx, list)
		if float64(n) <= tolerance*float64(count(ls, idx)) {
			return 0
		}
		return n
	}
	av := pr
	av.avoidStop = true
	done := map[*node]bool{}
	splits := 0
	for {
		var worst *node
		worstN := 0
		rules(root, nil, func(_ []int, l *node) {
			if n := stops(l.idx, l.list); !done[l] && n > worstN {
				worst, worstN = l, n
			}
		})
		if worst == nil {
			return
		}
		own, ownScore := bestList(signatures(ls, worst.idx, -1, false), nAdvice, av)
		f, best, bestRest := -1, score{}, 0
		if splits < maxSplits {
			gain := gains(ls, worst, nFeats, minLeaf)
			for k := range nFeats {
				if _, ok := gain(k); !ok {
					continue
				}
				// A side whose list stops nowhere is worth its score;
				// the other is refined again, and counts for nothing.
				var sc score
				rest := 0
				y, n := partition(ls, worst.idx, k)
				for side, idx := range [][]int{y, n} {
					l, c := bestList(signatures(ls, worst.idx, k, side == 0), nAdvice, pr)
					if stops(idx, l) == 0 {
						sc = sc.add(c)
					} else {
						rest += count(ls, idx)
					}
				}
				if (score{}).less(sc) && (f < 0 || rest < bestRest || rest == bestRest && best.less(sc)) {
					f, best, bestRest = k, sc, rest
				}
			}
		}
		if f < 0 {
			worst.list, worst.score = own, ownScore
			done[worst] = true
			continue
		}
		split(ls, worst, f, nAdvice, pr)
		splits++
	}
}

// listBits is the set of a list's advice.
func listBits(list []int) uint64 {
	var b uint64
	for _, a := range list {
		b |= 1 << a
	}
	return b
}

// treeScore is the score of a tree's leaves.
func treeScore(root *node) score {
	var s score
	rules(root, nil, func(_ []int, l *node) { s = s.add(l.score) })
	return s
}

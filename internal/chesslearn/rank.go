package chesslearn

import (
	"context"
	"fmt"
	"sort"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
)

// RankConfig is a run of learning by generalisation (Samuel 1963 as the
// thesis, chapter 4, adapts it to advice languages).
type RankConfig struct {
	Table    *kb.Table[chess.Position]
	TB       *tablebase.Tablebase
	Tab      *tablebase.Table
	Sample   int // positions (0: every won start)
	Seed     uint64
	Workers  int
	Progress func(done, total int)
}

// Feature is one term of Samuel's polynomial: a better goal of the
// table's advice or a rule's condition, with its counts over the sample.
// H counts the moves rated above the correct move, L those rated below
// it; C = (L - H) / (L + H) (0 when both are 0) is +1 for a term that
// always rates a correct move highest and -1 for one that never does.
type Feature struct {
	Kind   string  `json:"kind"` // "better" or "condition"
	Name   string  `json:"name"` // the advice, or the condition as written
	H      int     `json:"h"`
	L      int     `json:"l"`
	C      float64 `json:"c"`
	advice *kb.Advice[chess.Position]
	rule   int
}

// RankReport is what Rank found: the features in the table's order, and
// the table reordered by them.
type RankReport struct {
	Positions int       `json:"positions"`
	Of        int       `json:"of"`
	Moves     int       `json:"moves"` // moves compared with a correct move
	Features  []Feature `json:"features"`
	// Order is the new order of the rules (indices into the table) and,
	// for each, the new order of its advice (names).
	Order  []int      `json:"rule_order"`
	Advice [][]string `json:"advice_order"`
	// Shadowed lists the pairs (i, j) of rules where i must stay before
	// j: i's condition holds in the sample only where j's does.
	Shadowed [][2]int `json:"kept_before"`
}

// Rank measures every better goal and rule condition of the table as
// Samuel measured the terms of his polynomial: in each sampled won start,
// the tablebase's best moves are the correct moves; each term is
// evaluated on the position after every legal move (P0 = P1 = the start,
// P2 = after the move: the environment of a forcing tree's first move);
// the correct moves' value is the greatest among them, and every other
// move counts in H when the term rates it higher, in L when lower.
func Rank(ctx context.Context, c RankConfig) (RankReport, error) {
	starts, all := chessverify.SampleTableStarts(c.Tab, c.Table.Side, c.Sample, c.Seed)
	var feats []Feature
	for _, a := range tableAdvice(c.Table) {
		feats = append(feats, Feature{Kind: "better", Name: a.Name, advice: a, rule: -1})
	}
	for i, r := range c.Table.Rules {
		feats = append(feats, Feature{Kind: "condition", Name: r.Name, rule: i})
	}
	type counts struct{ h, l []int32 }
	per := make([]counts, len(starts))
	// Where each rule's condition holds, at the starts themselves.
	conds := make([][]bool, len(starts))
	moves := make([]int, len(starts))
	err := parallel(ctx, len(starts), c.Workers, func(_, i int) error {
		p := starts[i].Pos
		r, err := c.TB.Probe(p)
		if err != nil {
			return err
		}
		best := map[chess.Move]bool{}
		for _, m := range r.Best {
			best[m] = true
		}
		legal := p.LegalMoves(nil)
		kids := make([]chess.Position, len(legal))
		for k, m := range legal {
			kids[k] = p.Play(m)
		}
		cs := counts{h: make([]int32, len(feats)), l: make([]int32, len(feats))}
		vals := make([]bool, len(legal))
		for f := range feats {
			form := feats[f].formula(c.Table)
			star := false
			for k := range legal {
				env := kb.Env[chess.Position]{P0: &p, P1: &p, P2: &kids[k]}
				vals[k] = form != nil && form.Eval(&env)
				if best[legal[k]] && vals[k] {
					star = true
				}
			}
			for k := range legal {
				if best[legal[k]] {
					continue
				}
				switch {
				case vals[k] && !star:
					cs.h[f]++
				case !vals[k] && star:
					cs.l[f]++
				}
			}
		}
		per[i] = cs
		moves[i] = len(legal) - len(r.Best)
		conds[i] = make([]bool, len(c.Table.Rules))
		env := kb.Env[chess.Position]{P0: &p, P1: &p, P2: &p}
		for k, rule := range c.Table.Rules {
			conds[i][k] = rule.Cond.Eval(&env)
		}
		return nil
	}, c.Progress)
	if err != nil {
		return RankReport{}, err
	}
	rep := RankReport{Positions: len(starts), Of: all}
	for i := range starts {
		rep.Moves += moves[i]
		for f := range feats {
			feats[f].H += int(per[i].h[f])
			feats[f].L += int(per[i].l[f])
		}
	}
	for f := range feats {
		if n := feats[f].H + feats[f].L; n > 0 {
			feats[f].C = float64(feats[f].L-feats[f].H) / float64(n)
		}
	}
	rep.Features = feats
	// Rule i must stay before rule j (i < j in the table) when i's
	// condition holds nowhere in the sample that j's does not: j would
	// shadow it.
	n := len(c.Table.Rules)
	before := make([][]bool, n)
	for i := range before {
		before[i] = make([]bool, n)
		for j := i + 1; j < n; j++ {
			before[i][j] = true
			for _, cs := range conds {
				if cs[i] && !cs[j] {
					before[i][j] = false
					break
				}
			}
		}
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if before[i][j] && c.Table.Rules[j].Cond.Op != kb.OpTrue {
				rep.Shadowed = append(rep.Shadowed, [2]int{i, j})
			}
		}
	}
	rep.Order, rep.Advice = reorder(c.Table, feats, before)
	return rep, nil
}

// formula is the term's formula in t.
func (f *Feature) formula(t *kb.Table[chess.Position]) *kb.Formula[chess.Position] {
	if f.advice != nil {
		return f.advice.Better
	}
	return t.Rules[f.rule].Cond
}

// reorder proposes the table reordered by C: each rule's advice by the C
// of its better goal (stably: equal C keep the table's order), and the
// rules by the C of their conditions, the greatest first, except that a
// rule never moves after one that shadows it (before[i][j]: rule i must
// stay before rule j, its condition holding in the sample only where j's
// does), and a rule whose condition is the constant true stays last (it
// is the table's default: any rule after it would never be consulted).
func reorder(t *kb.Table[chess.Position], feats []Feature, before [][]bool) ([]int, [][]string) {
	cOf := map[*kb.Advice[chess.Position]]float64{}
	condC := make([]float64, len(t.Rules))
	for _, f := range feats {
		if f.advice != nil {
			cOf[f.advice] = f.C
		} else {
			condC[f.rule] = f.C
		}
	}
	n := len(t.Rules)
	isDefault := func(i int) bool { return t.Rules[i].Cond != nil && t.Rules[i].Cond.Op == kb.OpTrue }
	placed := make([]bool, n)
	var order []int
	for len(order) < n {
		pick := -1
		for j := range n {
			if placed[j] {
				continue
			}
			ready := true
			for i := range n {
				if !placed[i] && i != j && (before[i][j] || (isDefault(j) && !isDefault(i))) {
					ready = false
					break
				}
			}
			if ready && (pick < 0 || condC[j] > condC[pick]) {
				pick = j
			}
		}
		if pick < 0 { // cannot happen: before only points forwards
			for j := range n {
				if !placed[j] {
					pick = j
					break
				}
			}
		}
		placed[pick] = true
		order = append(order, pick)
	}
	advice := make([][]string, len(order))
	for k, i := range order {
		as := append([]*kb.Advice[chess.Position](nil), t.Rules[i].Advice...)
		sort.SliceStable(as, func(a, b int) bool { return cOf[as[a]] > cOf[as[b]] })
		for _, a := range as {
			advice[k] = append(advice[k], a.Name)
		}
	}
	return order, advice
}

// CString prints a coefficient with its sign.
func CString(c float64) string { return fmt.Sprintf("%+.3f", c) }

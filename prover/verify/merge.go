package verify

import (
	"fmt"
	"sort"

	"github.com/advicelang/al/prover/cycle"
)

// Sharding. A verification that outgrows one machine is cut into shards:
// contiguous slices of the starts (or cases), each verified on its own
// (Table, Query, Methods over the slice, with Options.Chunk set to
// ChunkSize of the whole list so that an AL3 base's memo lives for the same
// chunks as in a whole run), each giving a part (TableReport.Part,
// QueryReport.Part, MethodsReport.Part) that holds the sums behind the
// report's figures and its examples with their indices in the whole list.
// MergeTable, MergeQuery and MergeMethods join the parts of all the shards
// into the report a whole run gives: every figure is a function of the
// starts alone (docs/verify.md, "Determinism"), the examples are the first
// of each kind in the whole list's order, and the worst line is that of
// the first start with the worst case.

// ChunkSize is the number of consecutive items a worker takes at a time in
// a list of n (Options.chunk's default).
func ChunkSize(n int) int { return Options{}.chunk(n) }

// Shard returns the slice [lo, hi) of a list of n items that shard i of
// shards (1 <= i <= shards) verifies: the chunks of c items (ChunkSize(n),
// or Options.Chunk when set) are dealt out in order, as evenly as they go,
// so a shard starts on a chunk's first item. A shard may be empty.
func Shard(n, c, i, shards int) (lo, hi int, err error) {
	if shards < 1 || i < 1 || i > shards {
		return 0, 0, fmt.Errorf("shard %d/%d: want 1 <= I <= N", i, shards)
	}
	if c < 1 {
		return 0, 0, fmt.Errorf("shard: chunks of %d items", c)
	}
	chunks := (n + c - 1) / c
	lo = min((i-1)*chunks/shards*c, n)
	hi = min(i*chunks/shards*c, n)
	return lo, hi, nil
}

// TablePart is what a shard of a table's verification contributes.
type TablePart struct {
	// Offset is the index of the shard's first start in the whole list.
	Offset       int   `json:"offset"`
	Positions    int   `json:"positions"`
	Proved       int   `json:"proved"`
	Failed       int   `json:"failed"`
	Moves        int64 `json:"moves_sum"`   // the proved starts' worst cases
	Optimal      int64 `json:"optimal_sum"` // their optimal distances
	Worst        int   `json:"worst"`
	OptimalWorst int   `json:"optimal_worst"`
	// WorstIndex is the first proved start with the worst case (-1: none
	// proved), with its FEN and line.
	WorstIndex int      `json:"worst_index"`
	WorstFEN   string   `json:"worst_fen,omitempty"`
	WorstLine  []string `json:"worst_line,omitempty"`
	// FiftyMove and Without: the rule's plies, and the sums without it.
	FiftyMove int            `json:"fifty_move,omitempty"`
	Without   *FiguresPart   `json:"without_rule,omitempty"`
	Reasons   []ReasonCount  `json:"reasons"`
	Failures  []IndexedEntry `json:"failures"`
}

// FiguresPart is a shard's sums behind Figures.
type FiguresPart struct {
	Proved       int   `json:"proved"`
	Failed       int   `json:"failed"`
	Moves        int64 `json:"moves_sum"`
	Optimal      int64 `json:"optimal_sum"`
	Worst        int   `json:"worst"`
	OptimalWorst int   `json:"optimal_worst"`
}

// IndexedEntry is an example with its index in the whole list: a Failure,
// a WrongAnswer, an undetermined position or a Counterexample.
type IndexedEntry struct {
	Index  int             `json:"index"`
	FEN    string          `json:"fen"`
	Reason string          `json:"reason,omitempty"`
	Line   []string        `json:"line,omitempty"`
	Answer string          `json:"answer,omitempty"`
	Truth  *bool           `json:"truth,omitempty"`
	Values map[string]bool `json:"values,omitempty"`
}

// Part returns r (the report of Table over a shard whose first start is
// the whole list's offset-th) as a part to merge.
func (r *TableReport) Part(offset int) TablePart {
	p := TablePart{Offset: offset, Positions: r.Positions, Proved: r.Proved, Failed: r.Failed,
		Worst: r.Worst, OptimalWorst: r.OptimalWorst, WorstIndex: -1, WorstFEN: r.WorstFEN, WorstLine: r.WorstLine,
		FiftyMove: r.FiftyMove, Reasons: r.Reasons, Failures: []IndexedEntry{}}
	if p.Reasons == nil {
		p.Reasons = []ReasonCount{}
	}
	if r.WithoutRule != nil {
		w := &FiguresPart{Proved: r.WithoutRule.Proved, Failed: r.WithoutRule.Failed, Worst: r.WithoutRule.Worst, OptimalWorst: r.WithoutRule.OptimalWorst}
		for _, s := range r.Results {
			if s.Proved || s.Fifty {
				w.Moves += int64(s.Moves)
				w.Optimal += int64(s.Optimal)
			}
		}
		p.Without = w
	}
	for i, s := range r.Results {
		if !s.Proved {
			continue
		}
		p.Moves += int64(s.Moves)
		p.Optimal += int64(s.Optimal)
		if p.WorstIndex < 0 && int(s.Moves) == r.Worst {
			p.WorstIndex = offset + i
		}
	}
	for _, f := range r.Failures {
		line := f.Line
		if line == nil {
			line = []string{}
		}
		p.Failures = append(p.Failures, IndexedEntry{Index: offset + f.Index, FEN: f.FEN, Reason: f.Reason, Line: line})
	}
	return p
}

// covers checks that the parts, sorted by offset, tile [0, n) with no gap
// and no overlap, and returns n.
func covers(offsets, sizes []int) (int, error) {
	n := 0
	for i := range offsets {
		if offsets[i] != n {
			return 0, fmt.Errorf("verify: the parts do not join: one starts at %d, the one before ends at %d (a shard missing or given twice?)", offsets[i], n)
		}
		n += sizes[i]
	}
	return n, nil
}

// MergeTable joins the parts of every shard of a table's verification
// (in any order) into the report of the whole, with at most examples
// failures (0: DefaultExamples; negative: none). Results and Stats are
// left empty: they are not in the report's text or JSON.
func MergeTable(parts []TablePart, examples int) (TableReport, error) {
	parts = append([]TablePart(nil), parts...)
	sort.Slice(parts, func(a, b int) bool {
		return parts[a].Offset < parts[b].Offset || parts[a].Offset == parts[b].Offset && parts[a].Positions < parts[b].Positions
	})
	offsets, sizes := make([]int, len(parts)), make([]int, len(parts))
	for i, p := range parts {
		offsets[i], sizes[i] = p.Offset, p.Positions
	}
	n, err := covers(offsets, sizes)
	rep := TableReport{Positions: n, Failures: []Failure{}}
	if err != nil {
		return rep, err
	}
	var moves, optimal int64
	worstIndex := -1
	var failures []IndexedEntry
	count := map[string]int{}
	var without *FiguresPart
	for _, p := range parts {
		for _, c := range p.Reasons {
			count[c.Reason] += c.Starts
		}
		if p.FiftyMove != parts[0].FiftyMove || (p.Without == nil) != (parts[0].Without == nil) {
			return rep, fmt.Errorf("verify: the parts were verified with different fifty-move rules")
		}
		if w := p.Without; w != nil {
			if without == nil {
				without = &FiguresPart{}
			}
			without.Proved += w.Proved
			without.Failed += w.Failed
			without.Moves += w.Moves
			without.Optimal += w.Optimal
			without.Worst = max(without.Worst, w.Worst)
			without.OptimalWorst = max(without.OptimalWorst, w.OptimalWorst)
		}
		rep.Proved += p.Proved
		rep.Failed += p.Failed
		moves += p.Moves
		optimal += p.Optimal
		rep.OptimalWorst = max(rep.OptimalWorst, p.OptimalWorst)
		if p.WorstIndex >= 0 && (worstIndex < 0 || p.Worst > rep.Worst) {
			rep.Worst, worstIndex = p.Worst, p.WorstIndex
			rep.WorstFEN, rep.WorstLine = p.WorstFEN, p.WorstLine
		}
		failures = append(failures, p.Failures...)
	}
	if rep.Proved > 0 {
		rep.Mean = float64(moves) / float64(rep.Proved)
		rep.OptimalMean = float64(optimal) / float64(rep.Proved)
	}
	rep.Reasons = sortReasons(count)
	if len(parts) > 0 {
		rep.FiftyMove = parts[0].FiftyMove
	}
	if without != nil {
		w := &Figures{Proved: without.Proved, Failed: without.Failed, Worst: without.Worst, OptimalWorst: without.OptimalWorst}
		if w.Proved > 0 {
			w.Mean = float64(without.Moves) / float64(w.Proved)
			w.OptimalMean = float64(without.Optimal) / float64(w.Proved)
		}
		rep.WithoutRule = w
	}
	limit := Options{Examples: examples}.examples()
	for _, f := range failures[:min(len(failures), limit)] {
		line := f.Line
		if line == nil {
			line = []string{}
		}
		rep.Failures = append(rep.Failures, Failure{Index: f.Index, FEN: f.FEN, Reason: f.Reason, Line: line})
	}
	return rep, nil
}

// TallyPart is a Tally's counts and sums.
type TallyPart struct {
	Positions    int   `json:"positions"`
	Right        int   `json:"right"`
	Wrong        int   `json:"wrong"`
	Undetermined int   `json:"undetermined"`
	Cycles       int64 `json:"cycles_sum"`
	Nodes        int64 `json:"nodes_sum"`
}

func (t *Tally) part() TallyPart {
	return TallyPart{t.Positions, t.Right, t.Wrong, t.Undetermined, t.cycles, t.nodes}
}

func (t *Tally) merge(p TallyPart) {
	t.Positions += p.Positions
	t.Right += p.Right
	t.Wrong += p.Wrong
	t.Undetermined += p.Undetermined
	t.cycles += p.Cycles
	t.nodes += p.Nodes
}

// QueryPart is what a shard of an AL3 base's verification contributes.
type QueryPart struct {
	Offset       int            `json:"offset"`
	All          TallyPart      `json:"all"`
	White        TallyPart      `json:"white"`
	Black        TallyPart      `json:"black"`
	Wrong        []IndexedEntry `json:"wrong_examples"`
	Undetermined []IndexedEntry `json:"undetermined_examples"`
}

// Part returns r (the report of Query over a shard whose first case is the
// whole list's offset-th) as a part to merge. The undetermined examples
// carry their indices from the answers.
func (r *QueryReport) Part(offset int) QueryPart {
	p := QueryPart{Offset: offset, All: r.Tally.part(), White: r.White.part(), Black: r.Black.part(),
		Wrong: []IndexedEntry{}, Undetermined: []IndexedEntry{}}
	for _, w := range r.WrongExamples {
		truth := w.Truth
		p.Wrong = append(p.Wrong, IndexedEntry{Index: offset + w.Index, FEN: w.FEN, Answer: w.Answer, Truth: &truth})
	}
	k := 0
	for i, a := range r.Answers {
		if k == len(r.UndeterminedExamples) {
			break
		}
		if a.Value == cycle.Undetermined {
			p.Undetermined = append(p.Undetermined, IndexedEntry{Index: offset + i, FEN: r.UndeterminedExamples[k]})
			k++
		}
	}
	return p
}

// MergeQuery joins the parts of every shard of an AL3 base's answers into
// the report of the whole (Answers left empty), with at most examples of
// each kind.
func MergeQuery(parts []QueryPart, examples int) (QueryReport, error) {
	parts = append([]QueryPart(nil), parts...)
	sort.Slice(parts, func(a, b int) bool {
		return parts[a].Offset < parts[b].Offset || parts[a].Offset == parts[b].Offset && parts[a].All.Positions < parts[b].All.Positions
	})
	offsets, sizes := make([]int, len(parts)), make([]int, len(parts))
	for i, p := range parts {
		offsets[i], sizes[i] = p.Offset, p.All.Positions
	}
	rep := QueryReport{WrongExamples: []WrongAnswer{}, UndeterminedExamples: []string{}}
	if _, err := covers(offsets, sizes); err != nil {
		return rep, err
	}
	limit := Options{Examples: examples}.examples()
	wrongYes, wrongNo := 0, 0
	for _, p := range parts {
		rep.Tally.merge(p.All)
		rep.White.merge(p.White)
		rep.Black.merge(p.Black)
		for _, w := range p.Wrong {
			n := &wrongNo
			if w.Answer == "yes" {
				n = &wrongYes
			}
			if *n >= limit || w.Truth == nil {
				continue
			}
			*n++
			rep.WrongExamples = append(rep.WrongExamples, WrongAnswer{Index: w.Index, FEN: w.FEN, Answer: w.Answer, Truth: *w.Truth})
		}
		for _, u := range p.Undetermined {
			if len(rep.UndeterminedExamples) < limit {
				rep.UndeterminedExamples = append(rep.UndeterminedExamples, u.FEN)
			}
		}
	}
	rep.finish()
	rep.White.finish()
	rep.Black.finish()
	return rep, nil
}

// MethodsPart is what a shard of a methods check contributes.
type MethodsPart struct {
	Offset    int          `json:"offset"`
	Positions int          `json:"positions"`
	Methods   []MethodPart `json:"methods"`
}

// MethodPart is one method's counts and counterexamples in a shard.
type MethodPart struct {
	Name            string         `json:"name"`
	Relation        string         `json:"relation"`
	Applies         int            `json:"applies"`
	Holds           int            `json:"holds"`
	Violated        int            `json:"violated"`
	Undetermined    int            `json:"undetermined"`
	Counterexamples []IndexedEntry `json:"counterexamples"`
}

// Part returns r (the report of Methods over a shard whose first position
// is the whole list's offset-th) as a part to merge.
func (r *MethodsReport) Part(offset int) MethodsPart {
	p := MethodsPart{Offset: offset, Positions: r.Positions, Methods: []MethodPart{}}
	for _, m := range r.Methods {
		mp := MethodPart{Name: m.Name, Relation: m.Relation, Applies: m.Applies, Holds: m.Holds,
			Violated: m.Violated, Undetermined: m.Undetermined, Counterexamples: []IndexedEntry{}}
		for _, c := range m.Counterexamples {
			mp.Counterexamples = append(mp.Counterexamples, IndexedEntry{Index: offset + c.Index, FEN: c.FEN, Values: c.Values})
		}
		p.Methods = append(p.Methods, mp)
	}
	return p
}

// MergeMethods joins the parts of every shard of a methods check into the
// report of the whole, with at most examples counterexamples per method.
// Every part must check the same methods.
func MergeMethods(parts []MethodsPart, examples int) (MethodsReport, error) {
	parts = append([]MethodsPart(nil), parts...)
	sort.Slice(parts, func(a, b int) bool {
		return parts[a].Offset < parts[b].Offset || parts[a].Offset == parts[b].Offset && parts[a].Positions < parts[b].Positions
	})
	offsets, sizes := make([]int, len(parts)), make([]int, len(parts))
	for i, p := range parts {
		offsets[i], sizes[i] = p.Offset, p.Positions
	}
	n, err := covers(offsets, sizes)
	rep := MethodsReport{Positions: n, Methods: []MethodReport{}}
	if err != nil || len(parts) == 0 {
		return rep, err
	}
	limit := Options{Examples: examples}.examples()
	for j, m := range parts[0].Methods {
		mr := MethodReport{Name: m.Name, Relation: m.Relation, Counterexamples: []Counterexample{}}
		for _, p := range parts {
			if len(p.Methods) != len(parts[0].Methods) || p.Methods[j].Name != m.Name || p.Methods[j].Relation != m.Relation {
				return rep, fmt.Errorf("verify: the parts check different methods")
			}
			pm := p.Methods[j]
			mr.Applies += pm.Applies
			mr.Holds += pm.Holds
			mr.Violated += pm.Violated
			mr.Undetermined += pm.Undetermined
			for _, c := range pm.Counterexamples {
				if len(mr.Counterexamples) < limit {
					values := c.Values
					if values == nil {
						values = map[string]bool{}
					}
					mr.Counterexamples = append(mr.Counterexamples, Counterexample{Index: c.Index, FEN: c.FEN, Values: values})
				}
			}
		}
		rep.Methods = append(rep.Methods, mr)
	}
	return rep, nil
}

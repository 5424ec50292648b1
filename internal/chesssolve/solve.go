// Package chesssolve wires chess to the prover: it runs the AL3 execution
// cycle of a knowledge base on a chess position (the prover's evaluator
// over chess.Game, principal lines in SAN) and renders the answer, its
// justification and statistics for `al solve`. It lives outside both
// packages because chess must not import the prover and the prover must
// not import chess.
package chesssolve

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/al3"
	"github.com/advicelang/al/prover/cycle"
)

// Options are the budgets of Solve and its tracer.
type Options struct {
	// MaxCycles bounds the cycles (0: cycle.DefaultMaxCycles).
	MaxCycles int
	// MaxNodes bounds the forcing-tree nodes of the whole run (0:
	// DefaultMaxNodes, negative: no bound but the searcher's default for
	// each search, prover.DefaultMaxNodes).
	MaxNodes int64
	// Timeout bounds the time of the run (0: none).
	Timeout time.Duration
	// Tracer receives the cycle's events (nil: none).
	Tracer cycle.Tracer
	// Policy chooses each cycle's procedure (zero: cycle.CostPolicy).
	Policy cycle.Policy
	// Terse leaves out what only explains the answer and costs searches:
	// the defence that beats a plan that fails (al verify and al compare
	// need the answer alone).
	Terse bool
	// Memory, when set, is the learned memory the plans' searches consult.
	Memory *memstore.Memory[chess.Position]
}

// SANs is a line played from a position, one move a SAN string; a pass
// (chess.NoMove, in a semi-static plan's line) is "--".
func SANs(from *chess.Position, moves []chess.Move) []string {
	out := make([]string, 0, len(moves))
	q := *from
	for _, m := range moves {
		if m == chess.NoMove {
			next, ok := q.Pass()
			if !ok {
				break
			}
			out = append(out, "--")
			q = next
			continue
		}
		if !q.IsLegal(m) {
			break
		}
		out = append(out, q.SAN(m))
		q = q.Play(m)
	}
	return out
}

// Numbered is a line of SAN moves played from pos with its move numbers
// ("1. Kc5 Kd6 2. Kb6", "1... Kd6 2. Kc5").
func Numbered(pos *chess.Position, sans []string) string {
	var b strings.Builder
	n, white := pos.FullmoveNumber(), pos.SideToMove() == chess.White
	for i, m := range sans {
		if i > 0 {
			b.WriteByte(' ')
		}
		if white {
			fmt.Fprintf(&b, "%d. ", n)
		} else if i == 0 {
			fmt.Fprintf(&b, "%d... ", n)
		}
		b.WriteString(m)
		if !white {
			n++
		}
		white = !white
	}
	return b.String()
}

// DefaultMaxNodes is the default node budget of a run.
const DefaultMaxNodes = 1_000_000

// Report is the outcome of Solve.
type Report struct {
	Query    string
	Position chess.Position
	Result   cycle.Result
	// Nodes are the forcing-tree nodes searched; Elapsed the run's time.
	Nodes   int64
	Elapsed time.Duration
}

// Solve asks query (nil: the base's own) of base b in position pos.
func Solve(ctx context.Context, b *kb.Base[chess.Position], pos chess.Position, query *kb.Term, opt Options) (*Report, error) {
	start := time.Now()
	p, err := al3.Problem(b, query)
	if err != nil {
		return nil, err
	}
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	if opt.Memory != nil {
		s.UseMemory(opt.Memory.Facts, opt.Memory.ID)
	}
	ev := al3.NewEvaluator(b, s, pos)
	ev.Line = func(from *chess.Position, moves []chess.Move) string { return from.SANLine(moves) }
	ev.Moves = SANs
	ev.Show = func(p *chess.Position) string { return p.FEN() }
	ev.Explain = !opt.Terse
	ev.MaxNodes = opt.MaxNodes
	if ev.MaxNodes == 0 {
		ev.MaxNodes = DefaultMaxNodes
	}
	if ev.MaxNodes < 0 {
		ev.MaxNodes = 0
	}
	res, err := cycle.Run(ctx, p, ev, cycle.Options{MaxCycles: opt.MaxCycles, Timeout: opt.Timeout, Tracer: opt.Tracer, Policy: opt.Policy})
	if err != nil {
		return nil, err
	}
	return &Report{Query: p.Hyps.Name(p.Query), Position: pos, Result: res, Nodes: ev.Nodes, Elapsed: time.Since(start)}, nil
}

// Fact is one line of the justification: a hypothesis, its value, where
// the value came from and why.
type Fact struct {
	Hypothesis string `json:"hypothesis"`
	Value      bool   `json:"value"`
	// Source is observation, lemma, plan, refutation (evaluated), method
	// (derived through applied method relations) or implied (by the
	// targets, DESIGN.md point 4).
	Source string `json:"source"`
	Detail string `json:"detail"`
	// Needed marks the facts the answer follows from (and the values
	// derived on the way).
	Needed bool `json:"needed"`
	// Doc says in words what the hypothesis means (a lemma's pattern's
	// doc comment or its predicates' definitions, a plan's doc comment).
	Doc string `json:"doc,omitempty"`
	// Line is a plan's principal line in SAN (for a false refutation the
	// plan's line the refuting plan does not stop), Reached the FEN at
	// its end, Reaches the parts of the better goal that hold there (as
	// written) and ReachesDoc their words.
	Line       []string `json:"line,omitempty"`
	Reached    string   `json:"reached,omitempty"`
	Reaches    []string `json:"reaches,omitempty"`
	ReachesDoc []string `json:"reaches_doc,omitempty"`
	// Defence is how the other side beats a plan that fails (a false suc,
	// a true refutation), in SAN: with the plan's side to move, for each
	// of its first moves that move and the reply after which no forcing
	// tree is left (or the move alone when it breaks the holding goal);
	// with the other side to move, its move after which none is left.
	Defence []DefenceLine `json:"defence,omitempty"`
}

// DefenceLine is one line of a defence (see Fact.Defence).
type DefenceLine struct {
	Line          []string `json:"line"`
	BreaksHolding bool     `json:"breaks_holding,omitempty"`
}

// withEvidence adds an evaluation's evidence to f.
func (f Fact) withEvidence(e cycle.Evidence) Fact {
	f.Doc, f.Line, f.Reached, f.Reaches, f.ReachesDoc = e.Doc, e.Line, e.Reached, e.Goals, e.GoalDocs
	for _, d := range e.Defence {
		f.Defence = append(f.Defence, DefenceLine{Line: d.Moves, BreaksHolding: d.Breaks})
	}
	return f
}

// Open is a hypothesis an undetermined answer still needs, with why it
// is open.
type Open struct {
	Hypothesis string `json:"hypothesis"`
	Why        string `json:"why"`
}

// Open lists what an undetermined answer still needs.
func (r *Report) Open() []Open {
	out := []Open{}
	for _, o := range r.Result.Open {
		out = append(out, Open{Hypothesis: o.Key, Why: o.Why})
	}
	return out
}

// Facts lists every fact of the run in decision order, then the values the
// applied relations derive from them.
func (r *Report) Facts() []Fact {
	res := r.Result
	inChain := map[string]bool{}
	for _, l := range res.Chain {
		inChain[l.Key] = true
	}
	var out []Fact
	have := map[string]bool{}
	for _, f := range res.Facts {
		have[f.Key] = true
		out = append(out, Fact{Hypothesis: f.Key, Value: f.Value, Source: source(f), Detail: detail(f), Needed: inChain[f.Key] || slices.Contains(res.Needed, f.Key)}.withEvidence(f.Evidence))
	}
	for _, l := range res.Derived {
		if have[l.Key] {
			continue
		}
		out = append(out, Fact{Hypothesis: l.Key, Value: l.Value, Source: "method", Detail: linkDetail(l), Needed: inChain[l.Key]})
	}
	return out
}

func source(f cycle.Fact) string {
	switch f.Source {
	case cycle.Observed:
		return "observation"
	case cycle.Implied:
		return "implied"
	}
	return f.Kind.String()
}

func detail(f cycle.Fact) string {
	if f.Source != cycle.Implied {
		return f.Why
	}
	d := "the applied relations"
	if len(f.Methods) > 0 {
		d = "the relations of " + strings.Join(f.Methods, ", ")
	}
	if len(f.From) > 0 {
		d += " with " + strings.Join(f.From, ", ")
	}
	return "both targets hold only with this value, given " + d
}

// linkDetail says which relation derived l and from what.
func linkDetail(l cycle.Link) string {
	s := l.Method
	if !strings.HasPrefix(s, "meta-plan") {
		s = "method " + s
	}
	s += " " + l.Text
	if len(l.From) > 0 {
		s += " from " + strings.Join(l.From, ", ")
	}
	return s
}

// Reason is one sentence saying why the answer is what it is.
func (r *Report) Reason() string {
	res := r.Result
	if res.Answer == cycle.Undetermined {
		return res.Reason
	}
	var facts []string
	for _, f := range res.Facts {
		if slices.Contains(res.Needed, f.Key) {
			facts = append(facts, fmt.Sprintf("%s = %v", f.Key, f.Value))
		}
	}
	var methods []string
	for _, l := range res.Chain {
		if l.Method != "" && !slices.Contains(methods, l.Method) {
			methods = append(methods, l.Method)
		}
	}
	s := fmt.Sprintf("%s is %v", r.Query, res.Answer == cycle.Yes)
	if len(facts) > 0 {
		s += " because " + strings.Join(facts, " and ")
	}
	if len(methods) > 0 {
		slices.Reverse(methods)
		s += " (through " + strings.Join(methods, ", ") + ")"
	}
	return s
}

// JSON is the machine form of a report (`al solve --json`).
type JSON struct {
	Answer string `json:"answer"`
	Query  string `json:"query"`
	FEN    string `json:"fen"`
	Reason string `json:"reason"`
	Facts  []Fact `json:"facts"`
	// Why is the chain from the answer back to the facts it needs, as a
	// tree (absent when the relations applied do not reach the query).
	Why *WhyNode `json:"why,omitempty"`
	// Open are the hypotheses an undetermined answer still needs, each
	// with why it is open (absent when the answer is yes or no).
	Open   []Open `json:"open,omitempty"`
	Cycles int    `json:"cycles"`
	Nodes  int64  `json:"nodes"`
	// Trace is the cycles run (`al solve --trace --json`; nil otherwise).
	Trace []Step `json:"trace,omitempty"`
}

// Step is one cycle in JSON: the interesting hypothesis, the procedure
// chosen, its result (true, false or unknown for an evaluation, the
// targets' sizes after a method, what a meta-plan opened) and, for an
// evaluation, its reason.
type Step struct {
	Cycle      int    `json:"cycle"`
	Hypothesis string `json:"hypothesis"`
	Procedure  string `json:"procedure"`
	Result     string `json:"result"`
	Detail     string `json:"detail,omitempty"`
}

// JSON returns the machine form of r.
func (r *Report) JSON() JSON {
	facts := r.Facts()
	if facts == nil {
		facts = []Fact{}
	}
	j := JSON{Answer: r.Result.Answer.String(), Query: r.Query, FEN: r.Position.FEN(), Reason: r.Reason(),
		Facts: facts, Cycles: r.Result.Cycles, Nodes: r.Nodes}
	if r.Result.Answer == cycle.Undetermined {
		j.Open = r.Open()
	}
	j.Why = r.WhyTree()
	return j
}

// Trace returns the cycles of the run, for JSON.
func (r *Report) Trace() []Step {
	out := make([]Step, len(r.Result.Steps))
	for i, s := range r.Result.Steps {
		out[i] = Step{Cycle: s.Cycle, Hypothesis: s.Hypothesis, Procedure: s.Procedure, Result: s.Result, Detail: s.Detail}
	}
	return out
}

// WriteJustification writes the answer, the chain from it back to the
// facts it needs, and every fact with its value and reason.
func (r *Report) WriteJustification(w io.Writer) {
	res := r.Result
	fmt.Fprintf(w, "answer: %s\n", res.Answer)
	if res.Answer == cycle.Undetermined {
		fmt.Fprintf(w, "reason: %s\n", res.Reason)
		if len(res.Open) > 0 {
			fmt.Fprintln(w, "still open:")
			for _, o := range res.Open {
				fmt.Fprintf(w, "  %s: %s\n", o.Key, o.Why)
			}
		}
	}
	if len(res.Chain) > 0 {
		fmt.Fprintln(w, "\nwhy:")
		links := map[string]cycle.Link{}
		for _, l := range res.Chain {
			links[l.Key] = l
		}
		seen := map[string]bool{}
		var walk func(k string, depth int)
		walk = func(k string, depth int) {
			l := links[k]
			ind := strings.Repeat("  ", depth+1)
			if seen[k] {
				fmt.Fprintf(w, "%s%s = %v (above)\n", ind, k, l.Value)
				return
			}
			seen[k] = true
			if l.Fact != nil {
				f := Fact{Source: source(*l.Fact), Detail: detail(*l.Fact)}
				fmt.Fprintf(w, "%s%s = %v: %s%s%s\n", ind, k, l.Value, f.Source, withDetail(f.Detail), reachesText(l.Fact.Goals))
				return
			}
			fmt.Fprintf(w, "%s%s = %v: by %s, from\n", ind, k, l.Value, linkDetail(cycle.Link{Method: l.Method, Text: l.Text}))
			for _, f := range l.From {
				walk(f, depth+1)
			}
		}
		walk(r.Query, 0)
	} else if res.Answer != cycle.Undetermined && len(res.Needed) > 0 {
		fmt.Fprintf(w, "\nwhy: the targets are proved from %s\n", strings.Join(res.Needed, ", "))
	}
	fmt.Fprintln(w, "\nfacts (* needed for the answer):")
	for _, f := range r.Facts() {
		mark := " "
		if f.Needed {
			mark = "*"
		}
		what := f.Source + withDetail(f.Detail)
		if f.Source == "method" {
			what = f.Detail
		}
		fmt.Fprintf(w, "%s %s = %v: %s\n", mark, f.Hypothesis, f.Value, what)
		for _, l := range r.Explain(f) {
			fmt.Fprintf(w, "      %s\n", l)
		}
	}
}

// Explain says a fact in words, a sentence a line: what the hypothesis
// means, the goal a plan's line reaches and where, the defence that beats
// a plan that fails (and a refuted plan, when the refuting side moves
// first: the reason of a refutation says the defence otherwise).
func (r *Report) Explain(f Fact) []string {
	var out []string
	if f.Doc != "" {
		out = append(out, f.Doc)
	}
	if f.Reached != "" {
		s := "the line reaches " + f.Reached
		if len(f.Reaches) > 0 {
			var gs []string
			for i, g := range f.Reaches {
				if i < len(f.ReachesDoc) && f.ReachesDoc[i] != "" {
					g += " (" + f.ReachesDoc[i] + ")"
				}
				gs = append(gs, g)
			}
			s += ", where " + strings.Join(gs, " and ") + " holds"
		}
		out = append(out, s)
	}
	switch {
	case len(f.Defence) == 0:
	case f.Source == "plan":
		out = append(out, "refuted by: "+r.DefenceText(f.Defence))
	case f.Source == "refutation" && !strings.Contains(f.Detail, "defence: "):
		// The refuting side moves first: the reason does not say its
		// move (meta-or.al3: 1. Kg7).
		out = append(out, "defence: "+r.DefenceText(f.Defence)+" (the refuting side moves first)")
	}
	return out
}

// DefenceText is a defence in SAN with move numbers, its lines apart.
func (r *Report) DefenceText(d []DefenceLine) string {
	var parts []string
	for _, l := range d {
		s := Numbered(&r.Position, l.Line)
		if l.BreaksHolding {
			s += " breaks the holding goal"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// reachesText is ", reaching G1 and G2" for the goals a line reaches.
func reachesText(goals []string) string {
	if len(goals) == 0 {
		return ""
	}
	return ", reaching " + strings.Join(goals, " and ")
}

func withDetail(d string) string {
	if d == "" {
		return ""
	}
	return ", " + d
}

// WhyNode is a node of the justification's tree: a value derived by a
// method's relation From other values, or a fact (a leaf, Fact set).
// Above marks a value already given higher in the tree.
type WhyNode struct {
	Hypothesis string     `json:"hypothesis"`
	Value      bool       `json:"value"`
	Method     string     `json:"method,omitempty"`
	Relation   string     `json:"relation,omitempty"`
	Fact       *Fact      `json:"fact,omitempty"`
	Above      bool       `json:"above,omitempty"`
	From       []*WhyNode `json:"from,omitempty"`
}

// WhyTree is the chain of the answer as a tree (nil without a chain).
func (r *Report) WhyTree() *WhyNode {
	res := r.Result
	if len(res.Chain) == 0 {
		return nil
	}
	links := map[string]cycle.Link{}
	for _, l := range res.Chain {
		links[l.Key] = l
	}
	facts := map[string]Fact{}
	for _, f := range r.Facts() {
		facts[f.Hypothesis] = f
	}
	seen := map[string]bool{}
	var walk func(k string) *WhyNode
	walk = func(k string) *WhyNode {
		l := links[k]
		n := &WhyNode{Hypothesis: k, Value: l.Value}
		if seen[k] {
			n.Above = true
			return n
		}
		seen[k] = true
		if l.Fact != nil {
			f := facts[k]
			n.Fact = &f
			return n
		}
		n.Method, n.Relation = l.Method, l.Text
		for _, f := range l.From {
			n.From = append(n.From, walk(f))
		}
		return n
	}
	return walk(r.Query)
}

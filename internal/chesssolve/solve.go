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
	// Memory, when set, is the learned memory the plans' searches consult.
	Memory *memstore.Memory[chess.Position]
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
		out = append(out, Fact{Hypothesis: f.Key, Value: f.Value, Source: source(f), Detail: detail(f), Needed: inChain[f.Key] || slices.Contains(res.Needed, f.Key)})
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
	return JSON{Answer: r.Result.Answer.String(), Query: r.Query, FEN: r.Position.FEN(), Reason: r.Reason(),
		Facts: facts, Cycles: r.Result.Cycles, Nodes: r.Nodes}
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
				fmt.Fprintf(w, "%s%s = %v: %s%s\n", ind, k, l.Value, f.Source, withDetail(f.Detail))
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
	}
}

func withDetail(d string) string {
	if d == "" {
		return ""
	}
	return ", " + d
}

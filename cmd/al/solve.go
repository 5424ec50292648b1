package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chesssolve"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/cycle"
	"github.com/fatih/color"
)

// SolveCmd is `al solve`: ask an AL3 knowledge base a question about a
// position and print the answer with its justification.
type SolveCmd struct {
	KB        string        `arg:"" name:"kb" help:"The knowledge base (.al3). A path that does not exist but names a shipped base (kpk.al3) reads the embedded copy."`
	Pos       string        `required:"" help:"The position, as FEN or a piece list such as \"Kb5 Pd3 / Ke5 w\"."`
	Query     string        `help:"The hypothesis to decide (default: the base's query), e.g. GANA or suc(P_BLANCO_NT)."`
	Trace     bool          `help:"Print one line per cycle as it runs: the interesting hypothesis, the procedure chosen, the result (with --json: a \"trace\" list of the cycles)."`
	Policy    string        `default:"cost" enum:"${policies}" help:"How each cycle chooses its procedure: ${policy_list}."`
	MaxCycles int           `default:"1000" help:"The most cycles of the prover."`
	MaxNodes  int64         `default:"1000000" help:"The most forcing-tree nodes of all the plan and refutation searches together."`
	Memory    string        `help:"Consult the memory al learn memory wrote (read only): remembered positions are proved leaves of the plans' searches." placeholder:"PATH"`
	Timeout   time.Duration `default:"60s" help:"The longest the prover may run (0 for no limit)."`
}

// Help is the long help of `al solve`.
func (SolveCmd) Help() string {
	return `Runs the AL3 execution cycle of the knowledge base on the position and prints
the board, the question, the answer (yes, no or undetermined, saying which
budget ran out or that nothing applicable was left), the justification (the
chain from the answer back to the facts it needs, then every fact with its
value and reason: observation, lemma, plan with its principal line in SAN,
refutation, or the method relation it follows from) and statistics.
--json prints {"answer","query","fen","reason","facts":[{"hypothesis","value",
"source","detail","needed"}],"cycles","nodes"}; with --trace also "trace":
[{"cycle","hypothesis","procedure","result","detail"}].

--policy thesis chooses as the thesis's Micro-Prolog prototype did (its
list of current hypotheses in order, every procedure class on one hypothesis
before the next) and reproduces the 14 cycles of its appendix's run; the
default, cost, is the cheapest class first, then the hypothesis with most
occurrences in both targets (docs/prover.md).

Example:
  al solve knowledge/kpk.al3 --pos "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --trace
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --policy thesis --trace --json
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --query "suc(P_BLANCO_NT)" --json`
}

// solvePolicyVars names the cycle's selection policies for --policy's
// enum and help (the list is cycle.Policies).
func solvePolicyVars() map[string]string {
	var names, docs []string
	for _, p := range cycle.Policies() {
		names = append(names, p.String())
		docs = append(docs, p.String()+": "+p.Doc())
	}
	return map[string]string{"policies": strings.Join(names, ","), "policy_list": strings.Join(docs, "; ")}
}

// traceWriter prints the cycle's events as they come.
type traceWriter struct{ env *Env }

func (t traceWriter) Trace(e cycle.Event) {
	if e.Kind == cycle.EventAnswer {
		return
	}
	fmt.Fprintln(t.env.Stdout, t.env.Paint("trace:", color.Faint)+" "+e.String())
}

// Run answers the question.
func (c *SolveCmd) Run(env *Env) error {
	if c.MaxCycles <= 0 || c.MaxNodes <= 0 || c.Timeout < 0 {
		return usageError{"--max-cycles and --max-nodes must be positive and --timeout not negative"}
	}
	// The time budget covers the whole run, reading and compiling the
	// base included (the run guard, guard.go).
	env.Deadline(c.Timeout, "--timeout")
	pos, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %w", err)
	}
	env.Phase("reading the knowledge base")
	b, _, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	var query *kb.Term
	if c.Query != "" {
		q, err := b.ParseTerm(c.Query)
		if err != nil {
			return fmt.Errorf("--query: %w", err)
		}
		query = &q
	}
	policy, err := cycle.ParsePolicy(c.Policy)
	if err != nil {
		return usageError{"--policy: " + err.Error()}
	}
	// The cycle's time budget is the run's (the context's deadline), so
	// it is not given again here.
	mem, err := loadMemory(env, c.KB, c.Memory, b)
	if err != nil {
		return err
	}
	opt := chesssolve.Options{MaxCycles: c.MaxCycles, MaxNodes: c.MaxNodes, Policy: policy, Memory: mem}
	if c.Trace && !env.JSON {
		fmt.Fprintln(env.Stdout, pos.Diagram(false))
		opt.Tracer = traceWriter{env}
	}
	env.Phase("running the prover")
	rep, err := chesssolve.Solve(env.Context(), b, pos, query, opt)
	if err != nil {
		return err
	}
	env.Phase("writing the answer")
	if env.JSON {
		j := rep.JSON()
		if c.Trace {
			j.Trace = rep.Trace()
		}
		return env.WriteJSON(j)
	}
	var out strings.Builder
	if !c.Trace {
		out.WriteString(pos.Diagram(false) + "\n")
	} else {
		out.WriteString("\n")
	}
	fmt.Fprintf(&out, "FEN: %s\n", pos.FEN())
	fmt.Fprintf(&out, "question: %s\n", rep.Query)
	var j strings.Builder
	rep.WriteJustification(&j)
	answer, rest, _ := strings.Cut(j.String(), "\n")
	attr := map[cycle.Answer]color.Attribute{cycle.Yes: color.FgGreen, cycle.No: color.FgRed, cycle.Undetermined: color.FgYellow}[rep.Result.Answer]
	out.WriteString(env.Paint(answer, attr, color.Bold) + "\n" + rest)
	fmt.Fprintf(&out, "\nstatistics: %d cycles, %d forcing-tree nodes, %s\n", rep.Result.Cycles, rep.Nodes, rep.Elapsed.Round(10*time.Microsecond))
	_, err = fmt.Fprint(env.Stdout, out.String())
	return err
}

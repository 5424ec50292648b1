package main

import (
	"fmt"
	"io"
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
	htmlFlag
	KB        string        `arg:"" name:"kb" help:"The knowledge base (.al3). A path that does not exist but names a shipped base (kpk.al3) reads the embedded copy."`
	Pos       string        `help:"The position, as FEN or a piece list such as \"Kb5 Pd3 / Ke5 w\" (--pos or --epd is required)."`
	EPD       string        `name:"epd" placeholder:"FILE" help:"Answer every position of FILE (- for stdin), one a line as EPD, FEN or a piece list: one answer line each (one JSON line each with --json)."`
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
refutation, or the method relation it follows from) and statistics. Under
each fact, in words: what it means (the doc comment of its pattern or plan,
else its predicates' definitions), the position a plan's line reaches and
the goal that holds there, the defence that refutes a plan that fails; an
undetermined answer lists what is still open and why.
--json prints {"answer","query","fen","reason","facts":[{"hypothesis","value",
"source","detail","needed","doc","line","reached","reaches","defence"}],
"why","open","cycles","nodes"}; with --trace also "trace":
[{"cycle","hypothesis","procedure","result","detail"}]. --html FILE also
writes the report as a self-contained HTML page (boards, the why tree).

--epd FILE (- for stdin) answers every position of FILE, one a line (EPD
with its id operation, FEN, or a piece list; blank lines and # comments
skipped): one line each, FILE:LINE: answer, FEN, id and reason, then a
count; with --json one JSON object a line ({"file","line","id"?, and al
solve --json's fields}). A line that is not a position is reported as
FILE:LINE: message on stderr (with --json also as {"file","line","error"})
and the others are still answered; the exit status is then 1. The budgets
are each position's.

--policy thesis chooses as the thesis's Micro-Prolog prototype did (its
list of current hypotheses in order, every procedure class on one hypothesis
before the next) and reproduces the 14 cycles of its appendix's run; the
default, cost, is the cheapest class first, then the hypothesis with most
occurrences in both targets (docs/prover.md).

Example:
  al solve knowledge/kpk.al3 --pos "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --trace
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --policy thesis --trace --json
  al solve kpk.al3 --pos "Kb5 Pd3 / Ke5 w" --query "suc(P_BLANCO_NT)" --json
  al solve kpk.al3 --epd examples/kpk.epd
  al solve kpk.al3 --epd examples/kpk.epd --json`
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
	if err := checkBounds(positive("--max-cycles", c.MaxCycles), positive("--max-nodes", c.MaxNodes), nonNegative("--timeout", c.Timeout)); err != nil {
		return err
	}
	if c.EPD != "" && c.HTML != "" {
		return usageError{"--html writes the page of one position (--pos), not of an --epd batch"}
	}
	if c.EPD != "" {
		return c.runEPD(env)
	}
	if c.Pos == "" {
		return usageError{"missing flags: --pos=STRING or --epd=FILE"}
	}
	// The time budget covers the whole run, reading and compiling the
	// base included (the run guard, guard.go).
	env.Deadline(c.Timeout, "--timeout")
	pos, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %w", err)
	}
	env.Phase("reading the knowledge base")
	b, name, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	if err := checkMaterial(b, name, &pos); err != nil {
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
	return env.renderWithHTML(solveReport{rep: rep, trace: c.Trace}, c.htmlFlag)
}

// solveReport is al solve's report: the answer, its justification and
// statistics (with --trace, the cycles were printed as they ran).
type solveReport struct {
	rep   *chesssolve.Report
	trace bool
}

func (r solveReport) jsonValue() any {
	j := r.rep.JSON()
	if r.trace {
		j.Trace = r.rep.Trace()
	}
	return j
}

func (r solveReport) writeText(env *Env, out io.Writer) error {
	rep := r.rep
	if !r.trace {
		fmt.Fprintln(out, rep.Position.Diagram(false))
	} else {
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "FEN: %s\n", rep.Position.FEN())
	fmt.Fprintf(out, "question: %s\n", rep.Query)
	var j strings.Builder
	rep.WriteJustification(&j)
	answer, rest, _ := strings.Cut(j.String(), "\n")
	attr := map[cycle.Answer]color.Attribute{cycle.Yes: color.FgGreen, cycle.No: color.FgRed, cycle.Undetermined: color.FgYellow}[rep.Result.Answer]
	fmt.Fprint(out, env.Paint(answer, attr, color.Bold)+"\n"+rest)
	fmt.Fprintf(out, "\nstatistics: %d cycles, %d forcing-tree nodes, %s\n", rep.Result.Cycles, rep.Nodes, rep.Elapsed.Round(10*time.Microsecond))
	return nil
}

func (r solveReport) writeHTML(p *htmlPage) {
	rep := r.rep
	j := rep.JSON()
	pos := rep.Position
	p.heading("al solve: "+rep.Query, "The question "+rep.Query+" asked of the knowledge base in the position below.")
	p.open("div", "head")
	b, _ := boardOf(pos.FEN())
	p.board(b, 320, "the position asked about, "+strings.ToLower(pos.SideToMove().String())+" to move")
	p.open("div", "summary")
	p.raw("<dl>")
	p.el("dt", "", "question")
	p.open("dd", "")
	p.el("span", "hyp", rep.Query)
	p.close("dd")
	p.el("dt", "", "answer")
	p.open("dd", "")
	p.badge(j.Answer)
	p.close("dd")
	p.el("dt", "", "because")
	p.el("dd", "", j.Reason)
	p.el("dt", "", "statistics")
	p.el("dd", "", fmt.Sprintf("%d cycles, %d forcing-tree nodes", j.Cycles, j.Nodes))
	p.raw("</dl>")
	p.close("div")
	p.close("div")
	p.el("h2", "", "Justification")
	p.justification(pos, &j, 220)
	if r.trace {
		p.el("h2", "", "The cycles (--trace)")
		var rows [][]string
		for _, s := range rep.Trace() {
			rows = append(rows, []string{fmt.Sprint(s.Cycle), s.Hypothesis, s.Procedure, s.Result, s.Detail})
		}
		p.table([]string{"cycle", "hypothesis", "procedure", "result", "detail"}, rows, 0)
	}
}

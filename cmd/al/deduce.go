package main

import (
	"fmt"
	"io"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/deduce"
)

// DeduceCmd proves a goal from Horn clauses by alpha-beta deduction.
type DeduceCmd struct {
	File     string `arg:"" help:"A Horn-clause file: 'a :- b, c.' clauses, 'd.' data, an optional '?- a.' goal (docs/search.md)."`
	Goal     string `help:"The atom to prove (default: the file's '?-' goal)."`
	Trace    bool   `help:"Print each step of the iterated alpha-beta search, as the thesis's programs do."`
	Depth    int    `default:"0" help:"Bound of each alpha-beta search in plies (the thesis's cota); 0 is no bound. Below the bound a failure is only a semi-decision."`
	MaxNodes int    `name:"max-nodes" default:"1000000" help:"Bound on the nodes of the alternated tree, and on the nodes all the alpha-beta searches visit together (at least 1)."`
	Graph    bool   `help:"Print the AND/OR graph of the problem."`
	Tree     bool   `help:"Print the alternated AND/OR tree J(A) (to the bound, at most 500 lines) with its won and lost states."`
}

// Help is the long help of al deduce.
func (DeduceCmd) Help() string {
	return `Alpha-beta deduction (Marquez 1991, seed 000 ch. IV): the problem
{clauses, data} |- goal becomes a game whose winning strategies are its
proofs. At each atom to prove, an alpha-beta search of the game chooses a
clause; its premises are proved in turn, until every branch ends in a datum
(proved) or in an atom no clause concludes (not proved). A failure after a
search cut by --depth or --max-nodes is a semi-decision: the goal may still
follow.

Example:
  al deduce examples/loans.horn --goal pd --trace
  al deduce examples/loans.horn --graph --tree
  al deduce examples/loans.horn --goal pd --depth 2 --json`
}

// Run parses the file and proves the goal.
func (c *DeduceCmd) Run(env *Env) error {
	if c.Depth < 0 {
		return usageError{"--depth must be at least 0"}
	}
	if c.MaxNodes < 1 {
		return usageError{"--max-nodes must be at least 1 (there is no unbounded search: give a large bound)"}
	}
	env.Phase("reading the Horn file")
	src, bad := readSource(env, c.File)
	if bad != nil {
		return reportDiagnostics(env, nil, lang.Diagnostics{*bad})
	}
	p, ds := deduce.Parse(c.File, string(src))
	if ds == nil && len(p.Clauses) == 0 {
		// Nothing to prove from: say so rather than ask for a --goal that
		// could not be proved anyway.
		ds.Errorf(lang.Pos{Filename: c.File}, "no clauses and no data: nothing to prove from")
	}
	if ds != nil {
		return reportDiagnostics(env, sources{c.File: src}, ds)
	}
	goal := c.Goal
	if goal == "" {
		goal = p.Goal
	}
	if goal == "" {
		return usageError{c.File + " has no '?-' goal: give one with --goal"}
	}
	g := deduce.NewGraph(p)
	w := env.Stdout
	o := deduce.Options{Depth: c.Depth, MaxNodes: c.MaxNodes}
	if c.Trace && !env.JSON {
		o.Tracer = stepPrinter{env}
	}
	if c.Graph && !env.JSON {
		fmt.Fprintf(w, "AND/OR graph (alternatives joined by |, premises by &):\n%s", g)
	}
	env.Phase("proving " + goal)
	r, t, err := deduce.Prove(g, goal, o)
	if err != nil {
		return err
	}
	return env.render(textReport{r, func(w io.Writer) error {
		if c.Tree {
			fmt.Fprintf(w, "alternated tree J(%s) to depth %d:\n%s", goal, r.Depth, t.Format(0, r.Depth, 500))
		}
		if r.Proved {
			fmt.Fprintf(w, "proved %s\n%s", goal, r.Proof.Lines())
		} else {
			fmt.Fprintf(w, "not proved %s: %s %s\n", goal, r.Failed, r.Reason)
			if r.SemiDecision {
				fmt.Fprintf(w, "this is a semi-decision: a search was cut by its bound (depth %d, at most %d nodes), so %s may still follow; try a larger --depth or --max-nodes\n", r.Depth, c.MaxNodes, goal)
			} else {
				fmt.Fprintf(w, "no search was cut by a bound: %s does not follow\n", goal)
			}
		}
		fmt.Fprintf(w, "%d searches, %d nodes, %d static evaluations; alternated tree of %d nodes\n", r.Searches, r.Nodes, r.Evals, r.TreeNodes)
		return nil
	}})
}

type stepPrinter struct{ env *Env }

func (s stepPrinter) Step(st deduce.Step) { fmt.Fprintln(s.env.Stdout, st) }

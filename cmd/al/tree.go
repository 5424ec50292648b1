package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/gametree"
)

// TreeCmd runs minimax or alpha-beta on an explicit game tree and shows
// what it does: the teaching side of prover/search.
type TreeCmd struct {
	Algorithm string `arg:"" enum:"minimax,alphabeta,iterative,deep,andor" help:"minimax, alphabeta (the thesis's AB(X,N,C)), iterative (the same alpha-beta without recursion, seed 004), deep (alpha-beta with deep cut-offs, for comparison) or andor (solve the tree as an AND/OR tree, seed 001)."`
	File      string `arg:"" help:"A game tree file (docs/search.md)."`
	Trace     bool   `help:"Print every step: each static evaluation, each backed-up value and each cut-off, numbered in order."`
	Depth     int    `default:"-1" help:"Plies to search; -1 is the whole tree. Interior nodes at this depth need a static value (andor: they count as unsolvable)."`
	Goal      int    `default:"1" help:"andor: the least leaf value, in the root player's view (the maximiser's values, negated when min moves at the root), that counts as solved."`
}

// Help is the long help of al tree.
func (TreeCmd) Help() string {
	return `A tree file is a parenthesised tree with leaf values, for example

  max                        # the maximiser moves at the root
  ( L: ( (8 7 2) (9 1 6) (2 4 1) )
    M: ( (1 3 5) (3 9 2) (6 5 2) )
    R: ( (1 2 3) (9 7 2) (16 6 4) ) )

Nodes are named by the labels on the path from the root ("L.2.1"; children
without a label are numbered). Values are in the maximiser's view.

Example:
  al tree alphabeta examples/winston.tree --trace
  al tree minimax examples/winston.tree --json
  al tree andor examples/winston.tree --goal 5`
}

// Run parses the tree, searches it and prints the report.
func (c *TreeCmd) Run(env *Env) error {
	if c.Depth < -1 {
		return usageError{"--depth must be -1 (the whole tree) or at least 0"}
	}
	src, bad := readSource(env, c.File)
	if bad != nil {
		return reportDiagnostics(env, nil, lang.Diagnostics{*bad})
	}
	t, ds := gametree.Parse(c.File, string(src))
	if ds != nil {
		return reportDiagnostics(env, sources{c.File: src}, ds)
	}
	if c.Algorithm == "andor" {
		return c.solve(env, t)
	}
	r, err := gametree.Run(t, gametree.Algorithm(c.Algorithm), c.Depth)
	if err != nil {
		return err
	}
	return env.render(textReport{r, func(w io.Writer) error {
		fmt.Fprintf(w, "%s: %s, depth %d, %s to move at the root\n", c.File, c.Algorithm, r.Depth, map[bool]string{false: "max", true: "min"}[t.MinRoot])
		if c.Trace {
			for _, s := range r.Steps {
				fmt.Fprintln(w, s)
			}
		}
		fmt.Fprintf(w, "value          %d\n", r.Value)
		best := r.Best
		if best == "" {
			best = "(none)"
		}
		fmt.Fprintf(w, "best move      %s\n", best)
		fmt.Fprintf(w, "line           %s\n", strings.Join(r.Line, " "))
		evals := r.Evals()
		fmt.Fprintf(w, "static evaluations, in order (%d; the tree has %d leaves):\n", len(evals), r.Leaves)
		var b strings.Builder
		for i, e := range evals {
			if i > 0 && i%8 == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "  %s=%d", e.Node, e.Value)
		}
		fmt.Fprintln(w, b.String())
		cuts := r.Cuts()
		fmt.Fprintf(w, "cut-offs (%d):\n", len(cuts))
		for _, s := range cuts {
			fmt.Fprintf(w, "  %s\n", s.Describe())
		}
		fmt.Fprintf(w, "nodes %d, static evaluations %d, cut-offs %d\n", r.Nodes, r.StaticEvals, r.CutOffs)
		return nil
	}})
}

// solve runs the three AND/OR methods and prints their answers and the
// first solution tree.
func (c *TreeCmd) solve(env *Env, t *gametree.Tree) error {
	sols := gametree.Solve(t, c.Goal, c.Depth)
	return env.render(textReport{sols, func(w io.Writer) error {
		root := "max"
		if t.MinRoot {
			root = "min"
		}
		fmt.Fprintf(w, "%s: and/or, %s (OR) to move at the root, solved leaves >= %d\n", c.File, root, c.Goal)
		for _, s := range sols {
			ans := "unsolvable"
			switch {
			case s.Solved:
				ans = fmt.Sprintf("solved, solution of height %d", s.Height)
			case s.Cut:
				ans = "not solved within the bound"
			}
			fmt.Fprintf(w, "%-26s %s; %d nodes, %d evaluations\n", s.Method, ans, s.Nodes, s.Evals)
		}
		for _, s := range sols {
			if s.Solved {
				fmt.Fprintf(w, "solution tree (%s):\n", s.Method)
				for _, l := range s.Tree {
					fmt.Fprintf(w, "  %s\n", l)
				}
				break
			}
		}
		return nil
	}})
}

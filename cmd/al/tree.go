package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/advicelang/al/prover/gametree"
)

// TreeCmd runs minimax or alpha-beta on an explicit game tree and shows
// what it does: the teaching side of prover/search.
type TreeCmd struct {
	Algorithm string `arg:"" enum:"minimax,alphabeta,iterative" help:"minimax, alphabeta (the thesis's AB(X,N,C)) or iterative (the same alpha-beta without recursion, seed 004)."`
	File      string `arg:"" help:"A game tree file (docs/search.md)."`
	Trace     bool   `help:"Print every step: each static evaluation, each backed-up value and each cut-off, numbered in order."`
	Depth     int    `default:"-1" help:"Plies to search; -1 is the whole tree. Interior nodes at this depth need a static value."`
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
  al tree alphabeta seed003.tree --trace
  al tree minimax seed003.tree --json`
}

// Run parses the tree, searches it and prints the report.
func (c *TreeCmd) Run(env *Env) error {
	src, err := os.ReadFile(c.File)
	if err != nil {
		return err
	}
	t, err := gametree.Parse(c.File, string(src))
	if err != nil {
		fmt.Fprintln(env.Stderr, err)
		return silentError{exitInput}
	}
	if c.Depth < -1 {
		return usageError{"--depth must be -1 (the whole tree) or at least 0"}
	}
	r, err := gametree.Run(t, gametree.Algorithm(c.Algorithm), c.Depth)
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(r)
	}
	w := env.Stdout
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
		line := s.String()
		fmt.Fprintf(w, "  %s\n", strings.TrimSpace(line[strings.Index(line, "cut")+3:]))
	}
	fmt.Fprintf(w, "nodes %d, static evaluations %d, cut-offs %d\n", r.Nodes, r.StaticEvals, r.CutOffs)
	return nil
}

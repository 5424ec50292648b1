package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/hexapawn"
	"github.com/advicelang/al/prover/games/tictactoe"
	"github.com/advicelang/al/prover/search"
)

// SearchCmd searches a game from a position with minimax and alpha-beta
// and shows what pruning saves.
type SearchCmd struct {
	Game  string `enum:",tictactoe,hexapawn" default:"" help:"A small game to solve from its start: tictactoe or hexapawn."`
	Pos   string `help:"A chess position (FEN, a piece list such as 'Kb5 Pd3 / Ke5' or 'startpos') to search instead of a game."`
	Algo  string `enum:"minimax,alphabeta,iterative" default:"alphabeta" help:"The search whose move and line are shown: minimax, alphabeta (AB(X,N,C)) or iterative (seed 004). The counts of all three are always shown."`
	Depth int    `default:"-1" help:"Plies to search; -1 searches a game to its end, and chess to 3 plies."`
	Eval  string `enum:"shannon,material" default:"shannon" help:"Chess evaluation: shannon (material, doubled, isolated and backward pawns, mobility; seed 002) or material."`
}

// Help is the long help of al search.
func (SearchCmd) Help() string {
	return `With --pos, searches a chess position to --depth plies with Shannon's
evaluation function (or material only): the best move, its value in pawns
for the side to move, the principal line in SAN and the node counts of
minimax and alpha-beta, so you see what pruning saves.

With --game, solves a small game from its start:
the value for the side to move (1 win, 0 draw, -1 loss), the best move,
the principal line, the node and evaluation counts of minimax, of the
thesis's alpha-beta AB(X,N,C) and of the iterative alpha-beta of seed 004,
and the same question asked as an AND/OR tree (post-order and
breadth-first solving, seed 001).

Example:
  al search --game tictactoe
  al search --game hexapawn --algo minimax --json
  al search --pos "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" --depth 3
  al search --pos "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --depth 2 --eval material`
}

// searchReport is the JSON form of al search.
type searchReport struct {
	Game   string         `json:"game"`
	Depth  int            `json:"depth"`
	ToMove string         `json:"to_move"`
	Algo   string         `json:"algorithm"`
	Value  int            `json:"value"`
	Best   string         `json:"best"`
	Line   []string       `json:"line"`
	Counts []searchCounts `json:"counts"`
	AndOr  []andOrAnswer  `json:"and_or"`
}

type searchCounts struct {
	Algo  string `json:"algorithm"`
	Nodes int    `json:"nodes"`
	Evals int    `json:"static_evaluations"`
	Cuts  int    `json:"cut_offs"`
}

type andOrAnswer struct {
	Goal   int    `json:"goal"`
	Method string `json:"method"`
	Solved bool   `json:"solved"`
	Nodes  int    `json:"nodes"`
	Height int    `json:"height,omitempty"`
}

// Run solves the game.
func (c *SearchCmd) Run(env *Env) error {
	switch {
	case c.Depth < -1:
		return usageError{fmt.Sprintf("--depth must be -1 (to the end; 3 plies for chess) or at least 0, got %d", c.Depth)}
	case c.Game != "" && c.Pos != "":
		return usageError{"give --game or --pos, not both"}
	case c.Pos != "":
		return c.runChess(env)
	case c.Game == "":
		return usageError{"give --game tictactoe|hexapawn or --pos FEN"}
	}
	if c.Eval != "shannon" {
		return usageError{"--eval is for chess positions (--pos)"}
	}
	switch c.Game {
	case "tictactoe":
		g := tictactoe.Game{}
		return runGame[tictactoe.Position, tictactoe.Move](env, c, g, g, tictactoe.Start(), 9)
	case "hexapawn":
		g := hexapawn.Game{}
		return runGame[hexapawn.Position, hexapawn.Move](env, c, g, g, hexapawn.Start(), 12)
	}
	return usageError{"--game must be tictactoe or hexapawn"}
}

type stringMove interface {
	comparable
	String() string
}

func runGame[P any, M stringMove](env *Env, c *SearchCmd, g game.Game[P, M], ev search.Evaluator[P], root P, fullDepth int) error {
	depth := c.Depth
	if depth < 0 {
		depth = fullDepth
	}
	o := search.Options[P, M]{Depth: depth}
	results := map[string]search.Result[M]{
		"minimax":   search.Minimax(g, ev, root, o),
		"alphabeta": search.AlphaBeta(g, ev, root, o),
		"iterative": search.IterativeAlphaBeta(g, ev, root, o),
	}
	main := results[c.Algo]
	rep := searchReport{Game: c.Game, Depth: depth, ToMove: sideName(c.Game, g.ToMove(&root)), Algo: c.Algo,
		Value: main.Value, Line: []string{}}
	if main.HasBest {
		rep.Best = main.Best.String()
	}
	for _, m := range main.PV {
		rep.Line = append(rep.Line, m.String())
	}
	for _, a := range []string{"minimax", "alphabeta", "iterative"} {
		r := results[a]
		rep.Counts = append(rep.Counts, searchCounts{Algo: a, Nodes: r.Nodes, Evals: r.Evals, Cuts: r.Cuts})
	}
	// The same question as an AND/OR tree: can the side to move force the
	// value, and can it force more? Only when the search saw the whole game.
	if c.Depth < 0 {
		for _, goal := range []int{main.Value, main.Value + 1} {
			if goal > 1 || goal <= -1 {
				continue // every line reaches -1: nothing to ask
			}
			so := search.SolveOptions{Goal: goal, Depth: -1}
			po := search.PostOrder(g, ev, root, so)
			rep.AndOr = append(rep.AndOr, andOrAnswer{Goal: goal, Method: "post-order", Solved: po.Solved, Nodes: po.Nodes, Height: height(po.Tree)})
			bf := search.BreadthFirst(g, ev, root, so)
			rep.AndOr = append(rep.AndOr, andOrAnswer{Goal: goal, Method: "breadth-first", Solved: bf.Solved, Nodes: bf.Nodes, Height: height(bf.Tree)})
		}
	}
	if env.JSON {
		return env.WriteJSON(rep)
	}
	w := env.Stdout
	fmt.Fprintf(w, "%s from the start, %s to move, depth %d\n", c.Game, rep.ToMove, depth)
	fmt.Fprintf(w, "value        %d%s\n", rep.Value, valueWords(c, rep, depth))
	fmt.Fprintf(w, "best move    %s (%s)\n", rep.Best, c.Algo)
	fmt.Fprintf(w, "line         %s\n", strings.Join(rep.Line, " "))
	for _, k := range rep.Counts {
		fmt.Fprintf(w, "%-12s nodes %d, static evaluations %d, cut-offs %d\n", k.Algo, k.Nodes, k.Evals, k.Cuts)
	}
	for _, a := range rep.AndOr {
		yes := "no"
		if a.Solved {
			yes = fmt.Sprintf("yes, by a solution tree of height %d", a.Height)
		}
		fmt.Fprintf(w, "and/or       can %s force a value >= %d? %s (%s, %d nodes)\n", rep.ToMove, a.Goal, yes, a.Method, a.Nodes)
	}
	return nil
}

func height[M comparable](t *search.SolutionNode[M]) int {
	if t == nil {
		return 0
	}
	return t.Height()
}

func sideName(name string, s game.Side) string {
	switch {
	case name == "tictactoe" && s == game.White:
		return "x"
	case name == "tictactoe":
		return "o"
	}
	return s.String()
}

func valueWords(c *SearchCmd, rep searchReport, depth int) string {
	if c.Depth >= 0 {
		return " (within the depth; a static value where the game goes on)"
	}
	switch rep.Value {
	case 1:
		return fmt.Sprintf(" (%s, to move, wins)", rep.ToMove)
	case 0:
		return " (a draw)"
	case -1:
		return fmt.Sprintf(" (%s, to move, loses: the second player wins)", rep.ToMove)
	}
	return ""
}

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/search"
)

// SearchCmd searches a game from a position with minimax and alpha-beta
// and shows what pruning saves.
type SearchCmd struct {
	Game  string `enum:",${games}" default:"" help:"A small game to search from its start: ${game_list}."`
	Start string `help:"Where the game starts, for the games that take one (${game_starts})."`
	Pos   string `help:"A chess position (FEN, a piece list such as 'Kb5 Pd3 / Ke5' or 'startpos') to search instead of a game."`
	Algo  string `enum:"minimax,alphabeta,iterative" default:"alphabeta" help:"The search whose move and line are shown: minimax, alphabeta (AB(X,N,C)) or iterative (seed 004). The counts of all three are always shown."`
	Depth int    `default:"-1" help:"Plies to search; -1 ${game_depths} and chess to 3."`
	Eval  string `enum:"shannon,material" default:"shannon" help:"Chess evaluation: shannon (material, doubled, isolated and backward pawns, mobility; seed 002) or material."`
}

// Help is the long help of al search.
func (SearchCmd) Help() string {
	return `With --pos, searches a chess position to --depth plies with Shannon's
evaluation function (or material only): the best move, its value in pawns
for the side to move, the principal line in SAN and the node counts of
minimax and alpha-beta, so you see what pruning saves.

With --game, searches a small game from its start (or from --start):
the value for the side to move (1 win, 0 draw, -1 loss for the games
solved to the end; the game's static evaluation for the others), the best
move, the principal line, the node and evaluation counts of minimax, of
the thesis's alpha-beta AB(X,N,C) and of the iterative alpha-beta of seed
004, and, for a game solved to the end, the same question asked as an
AND/OR tree (post-order and breadth-first solving, seed 001). The games:

` + searchGameHelp() + `
Example:
  al search --game tictactoe
  al search --game hexapawn --algo minimax --json
  al search --game fibnim --start 15
  al search --game kalah --depth 6
  al search --pos "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" --depth 3
  al search --pos "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --depth 2 --eval material`
}

// searchReport is the JSON form of al search.
type searchReport struct {
	Game   string         `json:"game"`
	Start  string         `json:"start,omitempty"`
	Depth  int            `json:"depth"`
	Solved bool           `json:"solved"` // the search saw every line to its end
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
		if c.Start != "" {
			return usageError{"--start is for games (--game); a chess position is --pos"}
		}
		return c.runChess(env)
	case c.Game == "":
		return usageError{"give --game " + strings.ReplaceAll(searchGameVars()["games"], ",", "|") + " or --pos FEN"}
	}
	if c.Eval != "shannon" {
		return usageError{"--eval is for chess positions (--pos)"}
	}
	g := findSearchGame(c.Game)
	if g == nil { // kong's enum already refuses it
		return usageError{fmt.Sprintf("--game must be one of %s", searchGameVars()["game_list"])}
	}
	if c.Start != "" && g.start == "" {
		return usageError{fmt.Sprintf("%s starts only from its initial position: --start is for %s", g.name, gamesWithStart())}
	}
	return g.run(env, c, g)
}

// gamesWithStart lists the games that take --start.
func gamesWithStart() string {
	var names []string
	for _, g := range searchGames {
		if g.start != "" {
			names = append(names, g.name)
		}
	}
	return strings.Join(names, ", ")
}

type stringMove interface {
	comparable
	String() string
}

// runGame searches root with the three searches and reports. A game that
// always ends (sg.depth 0) is solved when --depth is -1: every line ends
// within toEnd plies. Another is searched to --depth, by default sg.depth,
// and valueNote says what its static values mean.
func runGame[P any, M stringMove](env *Env, c *SearchCmd, sg *searchGame, g game.Game[P, M], ev search.Evaluator[P], root P, toEnd int, valueNote string) error {
	depth := c.Depth
	switch {
	case depth < 0 && sg.depth == 0:
		depth = toEnd
	case depth < 0:
		depth = sg.depth
	case sg.depth > 0 && depth > maxChessDepth:
		return usageError{fmt.Sprintf("--depth must be at most %d for %s, which can go on for ever, got %d", maxChessDepth, sg.name, depth)}
	}
	o := search.Options[P, M]{Depth: depth}
	// Minimax visits every line: if it never needed the static evaluation,
	// every line reached the end of the game and the value is exact.
	counting := &staticCounter[P]{Evaluator: ev}
	results := map[string]search.Result[M]{
		"minimax":   search.Minimax(g, counting, root, o),
		"alphabeta": search.AlphaBeta(g, ev, root, o),
		"iterative": search.IterativeAlphaBeta(g, ev, root, o),
	}
	main := results[c.Algo]
	solved := counting.static == 0
	rep := searchReport{Game: c.Game, Start: c.Start, Depth: depth, Solved: solved, ToMove: sg.player(g.ToMove(&root)),
		Algo: c.Algo, Value: main.Value, Line: []string{}}
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
	// value, and can it force more? Only when the search saw the whole game
	// and its values are outcomes (1, 0, -1).
	if solved && valueNote == "" {
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
	return env.render(textReport{rep, func(w io.Writer) error {
		from := "the start"
		if c.Start != "" {
			from = c.Start
		}
		fmt.Fprintf(w, "%s from %s, %s to move, depth %d\n", c.Game, from, rep.ToMove, depth)
		fmt.Fprintf(w, "value        %d%s\n", rep.Value, valueWords(rep, valueNote))
		if rep.Best == "" {
			fmt.Fprintf(w, "best move    (none: the game is over)\n")
		} else {
			fmt.Fprintf(w, "best move    %s (%s)\n", rep.Best, c.Algo)
		}
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
	}})
}

// staticCounter counts the static evaluations an evaluator makes.
type staticCounter[P any] struct {
	search.Evaluator[P]
	static int
}

func (s *staticCounter[P]) Static(p *P) int {
	s.static++
	return s.Evaluator.Static(p)
}

func height[M comparable](t *search.SolutionNode[M]) int {
	if t == nil {
		return 0
	}
	return t.Height()
}

// valueWords says what the value means: a game's outcome when it was
// solved; else a value within the depth, described by note when the game
// has a static evaluation of its own.
func valueWords(rep searchReport, note string) string {
	switch {
	case !rep.Solved && note != "":
		return fmt.Sprintf(" (for %s, %s, within the depth)", rep.ToMove, note)
	case !rep.Solved:
		return " (within the depth; a static value where the game goes on)"
	case note != "":
		return fmt.Sprintf(" (for %s, %s, at the end of every line: the exact value)", rep.ToMove, note)
	}
	switch rep.Value {
	case 1:
		return fmt.Sprintf(" (%s, to move, wins)", rep.ToMove)
	case 0:
		return " (a draw)"
	case -1:
		if rep.Start == "" {
			return fmt.Sprintf(" (%s, to move, loses: the second player wins)", rep.ToMove)
		}
		return fmt.Sprintf(" (%s, to move, loses)", rep.ToMove)
	}
	return ""
}

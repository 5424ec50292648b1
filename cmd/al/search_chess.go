package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/eval"
	"github.com/advicelang/al/prover/search"
)

// maxChessDepth bounds --depth for a chess position (al search --pos, al
// perft). A chess game need not end, so a search or a perft goes as deep as
// it is told: far past this bound it would run out of stack or memory
// instead of just taking forever. 64 plies is already beyond any search
// that could finish.
const maxChessDepth = 64

// chessReport is the JSON form of al search --pos.
type chessReport struct {
	FEN    string         `json:"fen"`
	ToMove string         `json:"to_move"`
	Depth  int            `json:"depth"`
	Eval   string         `json:"eval"`
	Algo   string         `json:"algorithm"`
	Value  int            `json:"value"` // tenths of a pawn, side to move's view
	Best   string         `json:"best"`
	Line   []string       `json:"line"`
	Counts []searchCounts `json:"counts"`
}

// runChess searches a chess position with the three searches.
func (c *SearchCmd) runChess(env *Env) error {
	if c.Depth > maxChessDepth {
		return usageError{fmt.Sprintf("--depth must be at most %d for a chess position, got %d", maxChessDepth, c.Depth)}
	}
	p, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %w", err)
	}
	ev, err := eval.NewEvaluator(c.Eval)
	if err != nil {
		return usageError{err.Error()}
	}
	depth := c.Depth
	if depth < 0 {
		depth = 3
	}
	g := chess.Game{}
	o := search.Options[chess.Position, chess.Move]{Depth: depth}
	results := map[string]search.Result[chess.Move]{
		"minimax":   search.Minimax[chess.Position, chess.Move](g, ev, p, o),
		"alphabeta": search.AlphaBeta[chess.Position, chess.Move](g, ev, p, o),
		"iterative": search.IterativeAlphaBeta[chess.Position, chess.Move](g, ev, p, o),
	}
	main := results[c.Algo]
	rep := chessReport{FEN: p.FEN(), ToMove: p.SideToMove().String(), Depth: depth, Eval: c.Eval, Algo: c.Algo,
		Value: main.Value, Line: []string{}}
	q := p
	for i, m := range main.PV {
		san := q.SAN(m)
		if i == 0 {
			rep.Best = san
		}
		rep.Line = append(rep.Line, san)
		q = q.Play(m)
	}
	for _, a := range []string{"minimax", "alphabeta", "iterative"} {
		r := results[a]
		rep.Counts = append(rep.Counts, searchCounts{Algo: a, Nodes: r.Nodes, Evals: r.Evals, Cuts: r.Cuts})
	}
	return env.render(textReport{rep, func(w io.Writer) error {
		fmt.Fprintf(w, "%s\n%s to move, depth %d, %s evaluation\n", rep.FEN, rep.ToMove, depth, c.Eval)
		fmt.Fprintf(w, "value        %s\n", pawns(rep.Value, rep.ToMove))
		best := rep.Best
		switch {
		case best == "" && depth == 0:
			best = "(none: depth 0 only evaluates the position)"
		case best == "":
			best = "(none: " + strings.ToLower(p.Status().String()) + ")"
		}
		fmt.Fprintf(w, "best move    %s (%s)\n", best, c.Algo)
		fmt.Fprintf(w, "line         %s\n", strings.Join(rep.Line, " "))
		for _, k := range rep.Counts {
			fmt.Fprintf(w, "%-12s nodes %d, static evaluations %d, cut-offs %d\n", k.Algo, k.Nodes, k.Evals, k.Cuts)
		}
		mm, ab := results["minimax"], results["alphabeta"]
		if mm.Nodes > 0 {
			fmt.Fprintf(w, "alpha-beta visits %.1f%% of minimax's nodes\n", 100*float64(ab.Nodes)/float64(mm.Nodes))
		}
		return nil
	}})
}

// pawns prints tenths of a pawn as pawns for side, and mates as such.
func pawns(v int, side string) string {
	switch {
	case v >= eval.Mate/2:
		return fmt.Sprintf("%s mates (%d)", side, v)
	case v <= -eval.Mate/2:
		return fmt.Sprintf("%s is mated (%d)", side, v)
	}
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%d pawns for %s", sign, v/10, v%10, side)
}

package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/advicelang/al/chess"
)

// PerftCmd counts the leaf nodes of the legal move tree (the move
// generator's standard test).
type PerftCmd struct {
	Pos    string `default:"startpos" help:"The position: a FEN, a piece list such as \"Kb5 Pd3 / Ke5 w\", or startpos."`
	Depth  int    `default:"4" help:"The depth in plies."`
	Divide bool   `help:"Also print each root move's count, by UCI move."`
}

// Help is the long help of `al perft`.
func (PerftCmd) Help() string {
	return `Counts the positions reached after exactly --depth plies of legal moves
and prints the total; with --divide also each root move's count (sorted by
UCI move, as Stockfish's "go perft" prints them). The time taken goes to
stderr when it is a terminal; stdout is the same for the same input.

Example:
  al perft --depth 5
  al perft --pos "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 3 --divide
  al perft --pos "Kb5 Pd3 / Ke5 w" --depth 6 --json`
}

type perftDivideJSON struct {
	Move  string `json:"move"`
	SAN   string `json:"san"`
	Nodes uint64 `json:"nodes"`
}

type perftJSON struct {
	FEN    string            `json:"fen"`
	Depth  int               `json:"depth"`
	Nodes  uint64            `json:"nodes"`
	Divide []perftDivideJSON `json:"divide,omitempty"`
}

// Run counts and prints.
func (c PerftCmd) Run(env *Env) error {
	if c.Depth < 0 || c.Depth > maxChessDepth {
		return usageError{fmt.Sprintf("--depth must be from 0 to %d, got %d", maxChessDepth, c.Depth)}
	}
	p, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %w", err)
	}
	start := time.Now()
	out := perftJSON{FEN: p.FEN(), Depth: c.Depth}
	if c.Divide && c.Depth > 0 {
		for _, e := range chess.Divide(&p, c.Depth) {
			out.Divide = append(out.Divide, perftDivideJSON{Move: e.Move.UCI(), SAN: p.SAN(e.Move), Nodes: e.Nodes})
			out.Nodes += e.Nodes
		}
		slices.SortFunc(out.Divide, func(a, b perftDivideJSON) int {
			switch {
			case a.Move < b.Move:
				return -1
			case a.Move > b.Move:
				return 1
			}
			return 0
		})
	} else {
		out.Nodes = chess.Perft(&p, c.Depth)
	}
	elapsed := time.Since(start)
	if env.Terminal {
		fmt.Fprintf(env.Stderr, "time %.3fs, %.1f million nodes per second\n", elapsed.Seconds(), float64(out.Nodes)/elapsed.Seconds()/1e6)
	}
	return env.render(textReport{out, func(w io.Writer) error {
		for _, d := range out.Divide {
			fmt.Fprintf(w, "%s: %d\n", d.Move, d.Nodes)
		}
		if len(out.Divide) > 0 {
			fmt.Fprintln(w)
		}
		_, err := fmt.Fprintf(w, "nodes: %d\n", out.Nodes)
		return err
	}})
}

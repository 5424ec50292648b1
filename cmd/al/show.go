package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/chess"
)

// ShowCmd prints a position: diagram, FEN, legal moves and status.
type ShowCmd struct {
	Pos     string `default:"startpos" help:"The position: a FEN, a piece list such as \"Kb5 Pd3 / Ke5 w\", or startpos."`
	Glyphs  string `enum:"auto,unicode,ascii" default:"auto" help:"Pieces in the diagram: unicode symbols, ascii letters, or auto (unicode when stdout is a terminal or --color=always)."`
	Unicode bool   `help:"Same as --glyphs unicode."`
}

// Help is the long help of `al show`.
func (ShowCmd) Help() string {
	return `Draws the position (rank 8 at the top) and prints its FEN, its status
(normal, check, mate or stalemate; insufficient material is noted) and its
legal moves in SAN.

Example:
  al show --pos "Kb5 Pd3 / Ke5 w"
  al show --pos "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" --glyphs unicode
  al show --pos startpos --json`
}

type showJSON struct {
	FEN                  string   `json:"fen"`
	SideToMove           string   `json:"side_to_move"`
	Status               string   `json:"status"`
	Check                bool     `json:"check"`
	Mate                 bool     `json:"mate"`
	Stalemate            bool     `json:"stalemate"`
	InsufficientMaterial bool     `json:"insufficient_material"`
	Moves                []string `json:"moves"`
	UCI                  []string `json:"uci"`
	Diagram              string   `json:"diagram"`
}

// Run prints the position.
func (c ShowCmd) Run(env *Env) error {
	p, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %w", err)
	}
	status := p.Status()
	var buf [chess.MaxMoves]chess.Move
	moves := p.LegalMoves(buf[:0])
	out := showJSON{
		FEN:                  p.FEN(),
		SideToMove:           p.SideToMove().String(),
		Status:               status.String(),
		Check:                status == chess.Check || status == chess.Checkmate,
		Mate:                 status == chess.Checkmate,
		Stalemate:            status == chess.StalemateStatus,
		InsufficientMaterial: p.InsufficientMaterial(),
		Moves:                []string{},
		UCI:                  []string{},
		Diagram:              p.Diagram(false),
	}
	for _, m := range moves {
		out.Moves = append(out.Moves, p.SAN(m))
		out.UCI = append(out.UCI, m.UCI())
	}
	unicode := c.Unicode || c.Glyphs == "unicode" || c.Glyphs == "auto" && (env.Color == "always" || isTerminal(env.Stdout))
	return env.render(textReport{out, func(w io.Writer) error {
		fmt.Fprint(w, p.Diagram(unicode))
		fmt.Fprint(w, "\nFEN: "+out.FEN+"\n")
		st := out.Status
		if out.InsufficientMaterial {
			st += " (insufficient material)"
		}
		fmt.Fprint(w, "Status: "+st+"\n")
		_, err := fmt.Fprintf(w, "Moves (%d): %s\n", len(out.Moves), strings.Join(out.Moves, " "))
		return err
	}})
}

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
)

// PlayCmd is `al play`: an AL1 advice table plays a chess position against
// a defender.
type PlayCmd struct {
	tbFlags
	htmlFlag
	KB       string       `arg:"" name:"kb" help:"The knowledge base holding the table (a file; a shipped base such as krk.al1 when no such file exists)."`
	Pos      string       `required:"" help:"The starting position, as FEN or a piece list such as \"Kd4 Rh1 / Kd6 w\"."`
	Table    string       `help:"The advice table to play (default: the base's only table)." placeholder:"NAME"`
	Defender string       `enum:"optimal,random,first,stdin" default:"optimal" help:"Who plays the other side: optimal (the tablebase), random, first (the first legal move) or stdin (you, typing SAN or UCI moves)."`
	Seed     uint64       `default:"1" help:"Seed of the random defender."`
	MaxMoves int          `default:"200" help:"Most plies the game may last; reaching it is the outcome limit."`
	MaxNodes int64        `default:"10000000" help:"Most nodes one forcing-tree search may visit; running out ends the game as undetermined. Without it a search of advice whose base states its budget (nodes N) has that one."`
	PGN      optionalFile `name:"pgn" help:"Write the game as PGN: on stdout instead of the text (--pgn alone, or --pgn -), or to a file (--pgn game.pgn, or --pgn=FILE for a name not ending in .pgn)."`
	Memory   string       `help:"Consult the memory al learn memory wrote (read only)." placeholder:"PATH"`
}

// Help is the long help of `al play`.
func (PlayCmd) Help() string {
	return `Plays an AL1 advice table from a position: at each move of the table's side
the active advice's forcing tree gives the move, or the table is consulted
(the first rule whose condition holds, the first satisfiable advice of it).
Prints the game in SAN, one line per move of the table's side with the
advice and rule that chose it, and the outcome: mate, stalemate, draw
(material gone, the fifty-move rule or repetition), stuck (the table had no
move), limit (--max-moves reached) or undetermined (--max-nodes ran out).

KB is a file; when no file of that path exists and a shipped knowledge base
has its base name (krk.al1, kbbk.al1, ...), the shipped one is used.
The optimal defender is the tablebase's (generated and cached on first use).
With --defender stdin you defend: the position is shown on stderr and you
type moves (Kd5, e7e6) on stdin, one a line (or give them in a file, as in
the third example); an illegal move is refused with the list of legal ones.

--pgn writes the game as PGN (the advice of each move of the table as a
comment) for any chess program to open: on stdout instead of the text, or
to a file with --pgn game.pgn (--pgn=FILE for a name not ending in .pgn).

Example:
  al play krk.al1 --pos "Kd4 Rh1 / Kd6 w"
  al play kbbk.al1 --pos "Ke1 Bc1 Bf1 / Ke8 w" --defender random --seed 7
  al play krk.al1 --pos "Kd4 Rh1 / Kd6 w" --defender stdin < examples/krk-defence.txt
  al play krk.al1 --pos "Kd4 Rh1 / Kd6 w" --json
  al play krk.al1 --pos "Kd4 Rh1 / Kd6 w" --pgn`
}

// playJSON is the --json output of `al play`.
type playJSON struct {
	Outcome string           `json:"outcome"`
	Reason  string           `json:"reason"`
	Winner  string           `json:"winner,omitempty"`
	Moves   []string         `json:"moves"`
	Plies   int              `json:"plies"`
	Advice  []chessplay.Move `json:"advice"`
	Final   string           `json:"final"`
	Nodes   int64            `json:"nodes"`
}

// Run plays the game.
func (c *PlayCmd) Run(env *Env) error {
	if err := checkBounds(positive("--max-moves", c.MaxMoves)); err != nil {
		return err
	}
	if c.PGN.Stdout() && env.JSON {
		return usageError{"--pgn without a file writes the game on stdout, as --json does: give --pgn FILE"}
	}
	start, err := chess.Parse(c.Pos)
	if err != nil {
		return fmt.Errorf("--pos: %v", err)
	}
	base, name, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	if err := checkMaterial(base, name, &start); err != nil {
		return err
	}
	table, err := pickTable(base, c.Table)
	if err != nil {
		return err
	}
	var def prover.Defender[chess.Position, chess.Move]
	switch c.Defender {
	case "optimal":
		tb, done := c.open(env)
		_, err := tb.Value(start)
		done()
		if err != nil {
			return fmt.Errorf("the optimal defender needs a tablebase position: %v", err)
		}
		def = chessplay.Optimal{TB: tb}
	case "random":
		def = chessplay.NewRandom(c.Seed)
	case "first":
		def = chessplay.NewFirst()
	case "stdin":
		def = chessplay.Stdin{In: bufio.NewReader(env.Stdin), Out: env.Stderr}
	}
	mem, err := loadMemory(env, c.KB, c.Memory, base)
	if err != nil {
		return err
	}
	game, err := chessplay.Play(env.Context(), table, def, start, chessplay.Options{MaxMoves: c.MaxMoves, MaxNodes: c.MaxNodes, FixedBudget: env.Given("max-nodes"), Memory: mem})
	if err != nil {
		return err
	}
	if be, ok := budgetCause(env.Context()); ok && game.Outcome == "undetermined" {
		game.Reason = be.Long() // rather than the search's "cancelled"
	}
	var r renderable = playReport{table: table, game: &game}
	if c.PGN.Set {
		if r, err = c.pgnReport(r.(playReport)); err != nil {
			return err
		}
	}
	return env.renderWithHTML(r, c.htmlFlag)
}

// playReport is al play's report: the game and its outcome.
type playReport struct {
	table *kb.Table[chess.Position]
	game  *chessplay.Game
}

func (r playReport) jsonValue() any {
	game := r.game
	out := playJSON{Outcome: game.Outcome, Reason: game.Reason, Winner: game.Winner, Moves: []string{},
		Plies: len(game.Moves), Advice: game.Moves, Final: game.Final.FEN(), Nodes: game.Nodes}
	if out.Advice == nil {
		out.Advice = []chessplay.Move{}
	}
	for _, m := range game.Moves {
		out.Moves = append(out.Moves, m.SAN)
	}
	return out
}

func (r playReport) writeText(env *Env, w io.Writer) error {
	printGame(env, w, r.table, r.game)
	return nil
}

// pickTable returns the table called name, or the base's only table.
func pickTable(base *kb.Base[chess.Position], name string) (*kb.Table[chess.Position], error) {
	var names []string
	for _, t := range base.Tables {
		names = append(names, t.Name)
	}
	if name != "" {
		if t, ok := base.Table(name); ok {
			return t, nil
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("no table %s: the knowledge base has no advice table", name)
		}
		msg := fmt.Sprintf("no table %s (tables: %s)", name, strings.Join(names, ", "))
		if s := kb.Nearest(name, names); s != "" {
			msg = fmt.Sprintf("no table %s; did you mean %s?", name, s)
		}
		return nil, errors.New(msg)
	}
	switch len(base.Tables) {
	case 0:
		return nil, errors.New("the knowledge base has no advice table")
	case 1:
		return base.Tables[0], nil
	}
	return nil, usageError{fmt.Sprintf("the knowledge base has %d tables (%s): choose one with --table", len(names), strings.Join(names, ", "))}
}

// printGame writes the game: a header, one line per move of the table's
// side (with the defender's reply on the same line when the pair is
// White-Black), each naming the advice and rule that chose it, and the
// outcome.
func printGame(env *Env, w io.Writer, table *kb.Table[chess.Position], g *chessplay.Game) {
	fmt.Fprintf(w, "table %s (%s) from %s\n", table.Name, table.Side, g.Start.FEN())
	num := g.Start.FullmoveNumber()
	i := 0
	for i < len(g.Moves) {
		var line, note string
		m := g.Moves[i]
		if m.Side == "black" {
			line = fmt.Sprintf("%d... %s", num, m.SAN)
			note = moveNote(m)
			i++
		} else {
			line = fmt.Sprintf("%d. %s", num, m.SAN)
			note = moveNote(m)
			i++
			if i < len(g.Moves) {
				r := g.Moves[i]
				line += " " + r.SAN
				if note == "" {
					note = moveNote(r)
				}
				i++
			}
		}
		num++
		if note != "" {
			line = fmt.Sprintf("%-20s %s", line, note)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	outcome := g.Outcome
	if g.Winner != "" {
		outcome += ", " + g.Winner + " wins"
	}
	fmt.Fprintf(w, "%s (%s) after %d plies\n", env.Paint(outcome), g.Reason, len(g.Moves))
}

func moveNote(m chessplay.Move) string {
	if !m.ByTable {
		return ""
	}
	s := "advice " + m.Advice
	if m.FromTree {
		s += " (its tree)"
	}
	return s + ", rule " + m.Rule
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/kb"
)

// optionalFile is a flag whose value may be left out: `--pgn` alone (or
// `--pgn -`) means standard output, `--pgn FILE` and `--pgn=FILE` a file.
// The word after the flag is its value unless it starts with '-' (another
// flag), so a positional argument must come before the flag.
type optionalFile struct {
	Set  bool
	Path string // "" or "-": standard output
}

// Decode implements kong.MapperValue: it takes the next word as the file
// when it is a value, and nothing otherwise.
func (o *optionalFile) Decode(ctx *kong.DecodeContext) error {
	o.Set = true
	if t := ctx.Scan.Peek(); t.IsValue() {
		ctx.Scan.Pop()
		o.Path = t.String()
	}
	return nil
}

// IsBool makes kong accept the flag without a value (and show it so in
// the help).
func (o *optionalFile) IsBool() bool { return true }

// Stdout says whether the output goes to standard output.
func (o *optionalFile) Stdout() bool { return o.Set && (o.Path == "" || o.Path == "-") }

// pgnDate is the Date tag of a game played now: today in UTC, or the day
// of SOURCE_DATE_EPOCH when that is set (reproducible output).
func pgnDate() string {
	t := time.Now().UTC()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			t = time.Unix(n, 0).UTC()
		}
	}
	return t.Format("2006.01.02")
}

// defenderName is how the PGN names the defender of `al play`.
func (c *PlayCmd) defenderName() string {
	switch c.Defender {
	case "optimal":
		return "optimal defender (tablebase)"
	case "random":
		return fmt.Sprintf("random defender (seed %d)", c.Seed)
	case "first":
		return "first-move defender"
	}
	return "a person (stdin)"
}

// writePGN writes the game as PGN where --pgn says: White and Black are
// the table and the defender, on the sides they played.
func (c *PlayCmd) writePGN(env *Env, table *kb.Table[chess.Position], g *chessplay.Game) error {
	tableName := fmt.Sprintf("table %s (%s)", table.Name, filepath.Base(c.KB))
	tags := chessplay.PGNTags{
		Event: "al play " + filepath.Base(c.KB),
		Date:  pgnDate(),
		White: tableName,
		Black: c.defenderName(),
		// The comments are al's: it is the annotator.
		Extra: map[string]string{"Annotator": "al " + alVersion()},
	}
	if table.Side.String() != "white" {
		tags.White, tags.Black = tags.Black, tags.White
	}
	if c.PGN.Stdout() {
		return chessplay.WritePGN(env.Stdout, g, tags)
	}
	var b strings.Builder
	if err := chessplay.WritePGN(&b, g, tags); err != nil {
		return err
	}
	if err := os.WriteFile(c.PGN.Path, []byte(b.String()), 0o666); err != nil {
		return fmt.Errorf("--pgn: cannot write the game: %v", err)
	}
	return nil
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/advicelang/al/internal/chessplay"
)

// optionalFile is a flag whose value may be left out: `--pgn` alone (or
// `--pgn -`) means standard output, `--pgn=FILE` a file, and `--pgn FILE`
// too when FILE ends in .pgn. Any other word after the flag is not its
// value: `al play --pgn krk.al1 --pos ...` reads krk.al1 as the base, as
// a user means it.
type optionalFile struct {
	Set  bool
	Path string // "" or "-": standard output
}

// Decode implements kong.MapperValue.
func (o *optionalFile) Decode(ctx *kong.DecodeContext) error {
	o.Set = true
	t := ctx.Scan.Peek()
	s := t.String()
	if t.Type == kong.FlagValueToken || t.IsValue() && (s == "-" || strings.HasSuffix(strings.ToLower(s), ".pgn")) {
		ctx.Scan.Pop()
		o.Path = s
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

// pgnText is the report of `al play --pgn` on stdout: the game as PGN is
// its text; its HTML is the game's (--html).
type pgnText struct {
	playReport
	pgn string
}

func (r pgnText) writeText(_ *Env, w io.Writer) error {
	_, err := io.WriteString(w, r.pgn)
	return err
}

// pgnReport writes the game as PGN where --pgn says: to its file, and
// then the report is r; or on stdout, as the report's text. White and
// Black are the table and the defender, on the sides they played.
func (c *PlayCmd) pgnReport(r playReport) (renderable, error) {
	table, g := r.table, r.game
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
	var b strings.Builder
	if err := chessplay.WritePGN(&b, g, tags); err != nil {
		return nil, err
	}
	if c.PGN.Stdout() {
		return pgnText{playReport: r, pgn: b.String()}, nil
	}
	if err := os.WriteFile(c.PGN.Path, []byte(b.String()), 0o666); err != nil {
		return nil, fmt.Errorf("--pgn: cannot write the game: %v", err)
	}
	return r, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessuci"
)

// UCICmd is `al uci`: an AL1 advice table as a UCI chess engine, so that
// any chess GUI or script can play against the knowledge.
type UCICmd struct {
	tbFlags
	KB       string `arg:"" name:"kb" help:"The knowledge base holding the table (a file; a shipped base such as krk.al1 when no such file exists)."`
	Table    string `help:"The advice table to play (default: the base's only table)." placeholder:"NAME"`
	Fallback string `enum:"${uci_fallbacks}" default:"tablebase" help:"Where the table has no move: the tablebase's move (tablebase), or the first legal move (first); the UCI option Fallback changes it."`
	MaxNodes int64  `default:"10000000" help:"Most nodes one forcing-tree search may visit (the UCI option MaxNodes changes it)."`
	Memory   string `help:"Consult the memory al learn memory wrote (read only), as al play --memory does." placeholder:"PATH"`
}

// Help is the long help of `al uci`.
func (UCICmd) Help() string {
	return `Runs an AL1 advice table as a UCI engine: a chess GUI (cutechess-cli,
Arena, Banksia, ...) or a script talks to it on stdin and stdout. It
answers uci, isready, ucinewgame, setoption, position startpos|fen ...
[moves ...], go [movetime N | wtime N btime N ... | depth N | infinite],
stop, ponderhit and quit. On go it plays the table's move, as al play does
(the active advice's forcing tree is followed across moves), with an
info string naming the advice and rule. Where the table has no move (no
rule applies, no advice is satisfiable, the search ran out of time or
nodes, or the other side is to move) it says so in an info string and
plays the fallback: the tablebase's move (option Fallback tablebase, the
default; the first legal move where the tablebase has no table) or the
first legal move (Fallback first). The fallback is the engine's, so that
a game can go on: it is not the knowledge. docs/play.md says how to hook
al uci into a GUI.

Example:
  al uci krk.al1 < examples/uci-krk.txt
  al uci kbbk.al1 --fallback first < examples/uci-kbbk.txt`
}

// Run loads the table and talks UCI until quit or the end of the input.
func (c *UCICmd) Run(env *Env) error {
	if err := checkBounds(positive("--max-nodes", c.MaxNodes)); err != nil {
		return err
	}
	base, name, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	table, err := pickTable(base, c.Table)
	if err != nil {
		return err
	}
	mem, err := loadMemory(env, c.KB, c.Memory, base)
	if err != nil {
		return err
	}
	env.Phase("playing UCI")
	return chessuci.Run(env.Context(), table, env.Stdin, env.Stdout, chessuci.Options{
		Name:     fmt.Sprintf("al %s (table %s of %s)", alVersion(), table.Name, filepath.Base(c.KB)),
		Fallback: c.Fallback,
		MaxNodes: c.MaxNodes,
		Memory:   mem,
		Outside: func(p *chess.Position) error {
			if err := checkMaterial(base, name, p); err != nil {
				return errors.New(strings.TrimPrefix(err.Error(), "--pos: "))
			}
			return nil
		},
		OpenTB: func() (*tablebase.Tablebase, func()) { return c.open(env) },
		Cause: func() string {
			if be, ok := budgetCause(env.Context()); ok {
				return be.Long()
			}
			return context.Cause(env.Context()).Error()
		},
	})
}

package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chesslearn"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
)

// LearnCmd is `al learn`: the three ways of learning of seed 002's
// chapter 4, each judged by the tablebase.
type LearnCmd struct {
	Memory LearnMemoryCmd `cmd:"" help:"Rote learning: store in a database on disk where the table's advice is satisfied, so later searches (--memory of play, solve, verify) see deeper."`
}

// Help is the long help of `al learn`.
func (LearnCmd) Help() string {
	return `Learning as chapter 4 of Osorio's thesis proposes it, with the tablebase as
teacher and judge (docs/learning.md): rote learning (memory), learning by
generalisation (rank) and the induction of an advice table (table).

Example:
  al learn memory krk.al1 --endgame krk --db krk.mem
  al verify krk.al1 --endgame krk --memory krk.mem`
}

// LearnMemoryCmd is `al learn memory`.
type LearnMemoryCmd struct {
	tbFlags
	KB        string `arg:"" name:"kb" help:"The knowledge base holding the table (a file; a shipped base such as krk.al1 when no such file exists)."`
	Endgame   string `required:"" help:"The endgame whose won starts are learned from: ${endgames_help}." placeholder:"E"`
	Table     string `help:"The advice table (default: the base's only table)." placeholder:"NAME"`
	DB        string `default:"al-memory.db" help:"The memory: a bbolt database file, created when missing." placeholder:"PATH"`
	Games     int    `help:"Play N games from a sample of won starts against the tablebase's defence and learn what their searches prove (instead of --positions)." placeholder:"N"`
	Positions int    `default:"0" help:"Search N sampled won starts (0: all) with every advice of the table, in passes until one learns nothing new." placeholder:"N"`
	Passes    int    `default:"0" help:"Most passes over the positions (0: until nothing new)." placeholder:"N"`
	Seed      uint64 `default:"1" help:"Seed of the sample of starts."`
	Workers   int    `default:"0" help:"Goroutines (0: all cores). What is learned does not depend on it."`
	MaxNodes  int64  `default:"1000000" help:"Most nodes of one forcing-tree search."`
}

// Help is the long help of `al learn memory`.
func (LearnMemoryCmd) Help() string {
	return `Rote learning (the thesis's "aprendizaje por memoria"): wherever a piece of
advice of the table is satisfied, the fact (position, advice, depth) is
stored in a database on disk (bbolt: transactions that survive a crash, a
file lock so that two processes take turns). A later forcing-tree search
given the database (--memory PATH of al play, al solve, al verify) treats a
remembered position as a proved leaf, so it sees deeper than the advice's
depth bound; a game that reaches one continues with the tree the fact
stands for.

By default every won start of the endgame (or --positions N of them) is
searched with every advice of the table, in passes: each pass uses the
facts of the passes before it, so the depth reached grows by the advice's
depth a pass, until a pass learns nothing new. --games N plays N games
instead and keeps what their searches prove. Facts are keyed by the
advice's canonical text and the whole base's (and the predicate
library's), so a changed base never reuses old facts.

Example:
  al learn memory krk.al1 --endgame krk --db krk.mem --positions 2000
  al verify krk.al1 --endgame krk --memory krk.mem --sample 2000`
}

// learnProgress draws a progress bar on a status line.
type learnProgress struct{ statusLine }

func (p *learnProgress) report(stage string, done, total int) {
	if total == 0 {
		return
	}
	const width = 30
	n := width * done / total
	p.show(fmt.Sprintf("learn: %s [%s%s] %d/%d", stage, strings.Repeat("#", n), strings.Repeat(".", width-n), done, total))
}

// libraryText describes the predicate library for the memory's keys.
func libraryText() string {
	var b strings.Builder
	for _, p := range library().All() {
		fmt.Fprintf(&b, "%s %d %s\n", p.Name, p.Kind, p.Doc)
	}
	return b.String()
}

// baseMemory returns the memory identities of the base at path (read
// again and parsed: the identities are of its canonical declarations).
func baseMemory(env *Env, path string, base *kb.Base[chess.Position]) (*memstore.Memory[chess.Position], error) {
	name, src, err := readKnowledge(env, path)
	if err != nil {
		return nil, err
	}
	f, diags := lang.Parse(name, src)
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: changed while it was read", name)
	}
	return memstore.Identities(f, base, libraryText()), nil
}

// loadMemory opens the memory of --memory PATH for base, read-only, and
// loads its facts ("" : none).
func loadMemory(env *Env, kbPath, memPath string, base *kb.Base[chess.Position]) (*memstore.Memory[chess.Position], error) {
	if memPath == "" {
		return nil, nil
	}
	m, err := baseMemory(env, kbPath, base)
	if err != nil {
		return nil, err
	}
	s, err := memstore.Open(memPath, true, 0)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if m.Facts, err = s.Load(m.List(base)); err != nil {
		return nil, err
	}
	return m, nil
}

// Run learns.
func (c *LearnMemoryCmd) Run(env *Env) error {
	if c.Games < 0 || c.Positions < 0 || c.Passes < 0 || c.Workers < 0 || c.MaxNodes <= 0 {
		return usageError{"--games, --positions, --passes and --workers must not be negative; --max-nodes must be positive"}
	}
	if c.Games > 0 && c.Positions > 0 {
		return usageError{"give --games or --positions, not both"}
	}
	vf := verifyFlags{Endgame: c.Endgame}
	base, _, err := loadBase(env, c.KB)
	if err != nil {
		return err
	}
	table, err := pickTable(base, c.Table)
	if err != nil {
		return err
	}
	mem, err := baseMemory(env, c.KB, base)
	if err != nil {
		return err
	}
	tb, eg, tab, err := vf.oracleTable(env, &c.tbFlags)
	if err != nil {
		return err
	}
	cfg := chesslearn.MemoryConfig{Table: table, Memory: mem, Store: c.DB, TB: tb, Tab: tab,
		Games: c.Games, Positions: c.Positions, Passes: c.Passes, Seed: c.Seed, Workers: c.Workers, MaxNodes: c.MaxNodes}
	done := func() {}
	if env.Terminal {
		p := &learnProgress{statusLine{w: env.Stderr}}
		cfg.Progress = p.report
		done = p.end
	}
	rep, err := chesslearn.LearnMemory(env.Context(), cfg)
	done()
	if err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(rep)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "%s: table %s on %s, memory %s\n", c.KB, table.Name, eg, c.DB)
	fmt.Fprintf(&out, "starts   %d of %d (%s)\n", rep.Starts, rep.Of, rep.Mode)
	for _, p := range rep.Passes {
		if rep.Mode == "games" {
			fmt.Fprintf(&out, "games    %d moves, %d mated, %d facts learned\n", p.Searched, p.Sat, p.Learned)
			continue
		}
		fmt.Fprintf(&out, "pass %-3d %d searches, %d satisfied, %d facts learned\n", p.Pass, p.Searched, p.Sat, p.Learned)
	}
	fmt.Fprintf(&out, "learned  %d facts\n", rep.Learned)
	for _, a := range rep.Advice {
		if !a.Remembered {
			fmt.Fprintf(&out, "  %-16s never remembered (it compares with the root, P0)\n", a.Name)
			continue
		}
		fmt.Fprintf(&out, "  %-16s %7d facts, by level %v\n", a.Name, a.Facts, a.Levels)
	}
	_, err = fmt.Fprint(env.Stdout, out.String())
	return err
}

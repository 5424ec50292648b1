package main

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chesslearn"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
)

// LearnCmd is `al learn`: the three ways of learning of seed 002's
// chapter 4, each judged by the tablebase.
type LearnCmd struct {
	Memory LearnMemoryCmd `cmd:"" help:"Rote learning: store in a database on disk where the table's advice is satisfied, so later searches (--memory of play, solve, verify) see deeper."`
	Table  LearnTableCmd  `cmd:"" help:"Induction (Quinlan): a decision tree over a file's vocabulary, from tablebase-labelled positions, written as a complete advice table and verified."`
	Rank   LearnRankCmd   `cmd:"" help:"Learning by generalisation (Samuel): measure each better goal and rule condition against the tablebase's moves, reorder the table by it, verify both."`
}

// Help is the long help of `al learn`.
func (LearnCmd) Help() string {
	return `Learning as chapter 4 of Osorio's thesis proposes it, with the tablebase as
teacher and judge (docs/learning.md): rote learning (memory), learning by
generalisation (rank) and the induction of an advice table (table).

Example:
  al learn memory examples/krk-mate.al1 --endgame krk --db learn.mem --positions 400
  al verify examples/krk-mate.al1 --endgame krk --memory learn.mem --sample 400`
}

// learnFlags are the flags every al learn command has.
type learnFlags struct {
	tbFlags
	Endgame  string `required:"" help:"The endgame learned from (its won starts, its tablebase's labels or moves) and verified on: ${endgames_help}." placeholder:"E"`
	Seed     uint64 `default:"1" help:"Seed of the samples of starts."`
	Workers  int    `default:"0" help:"Goroutines (0: all cores). What is learned and the output do not depend on it."`
	MaxNodes int64  `default:"1000000" help:"Most nodes of one forcing-tree search."`
}

// LearnMemoryCmd is `al learn memory`.
type LearnMemoryCmd struct {
	learnFlags
	KB        string `arg:"" name:"kb" help:"The knowledge base holding the table (a file; a shipped base such as krk.al1 when no such file exists)."`
	Table     string `help:"The advice table (default: the base's only table)." placeholder:"NAME"`
	DB        string `default:"al-memory.db" help:"The memory: a bbolt database file, created when missing." placeholder:"PATH"`
	Games     int    `help:"Play N games from a sample of won starts against the tablebase's defence and learn what their searches prove (instead of --positions)." placeholder:"N"`
	Positions int    `default:"0" help:"Search N sampled won starts (0: all) with every advice of the table, in passes until one learns nothing new." placeholder:"N"`
	Passes    int    `default:"0" help:"Most passes over the positions (0: until nothing new)." placeholder:"N"`
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

Over the whole of KRK, examples/krk-mate.al1 (mate within two moves, which
alone mates from 3.53% of the won starts) learns in 8 passes a fact for
every won start, and al verify with the memory proves all of them, each
as fast as the tablebase (docs/learning.md has the figures and times).

Example:
  al learn memory examples/krk-mate.al1 --endgame krk --db krk-mate.mem --positions 500
  al verify examples/krk-mate.al1 --endgame krk --memory krk-mate.mem --sample 500`
}

// learnProgress is the progress bar of a learner (progressBar, labelled
// "learn"); nil when stderr is not a terminal, so that the learners are
// given no progress function at all.
type learnProgress struct{ *progressBar }

// newLearnProgress returns the progress bar of a run: nil unless stderr is
// a terminal.
func newLearnProgress(env *Env) *learnProgress {
	if !env.Terminal {
		return nil
	}
	return &learnProgress{newProgressBar(env, "learn")}
}

// stage returns the progress function of a stage (nil without a bar).
func (p *learnProgress) stage(name string) func(done, total int) {
	if p == nil {
		return nil
	}
	return func(d, t int) { p.report(name, d, t) }
}

// reporter returns p.report (nil without a bar).
func (p *learnProgress) reporter() func(stage string, done, total int) {
	if p == nil {
		return nil
	}
	return p.report
}

// done erases the bar.
func (p *learnProgress) done() {
	if p != nil {
		p.end()
	}
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
	// Every file of the base, the ones it imports too: a changed
	// vocabulary changes the identities.
	_, diags, srcs := kb.LoadAll(library(), name, src, importer(env, name, path))
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s: changed while it was read", name)
	}
	names := slices.Sorted(maps.Keys(srcs))
	files := make([]*lang.File, 0, len(names))
	f, _ := lang.Parse(name, src)
	files = append(files, f)
	for _, n := range names {
		if n != name {
			g, _ := lang.Parse(n, srcs[n])
			files = append(files, g)
		}
	}
	return memstore.Identities(files, base, libraryText()), nil
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
	if err := checkBounds(nonNegative("--games", c.Games), nonNegative("--positions", c.Positions), nonNegative("--passes", c.Passes),
		nonNegative("--workers", c.Workers), positive("--max-nodes", c.MaxNodes)); err != nil {
		return err
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
	tb, eg, tab, err := vf.oracleTable(env, &c.learnFlags.tbFlags)
	if err != nil {
		return err
	}
	cfg := chesslearn.MemoryConfig{Table: table, Memory: mem, Store: c.DB, TB: tb, Tab: tab,
		Games: c.Games, Positions: c.Positions, Passes: c.Passes, Seed: c.Seed, Workers: c.Workers, MaxNodes: c.MaxNodes}
	prog := newLearnProgress(env)
	cfg.Progress = prog.reporter()
	rep, err := chesslearn.LearnMemory(env.Context(), cfg)
	prog.done()
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

// LearnRankCmd is `al learn rank`.
type LearnRankCmd struct {
	learnFlags
	KB           string `arg:"" name:"kb" help:"The knowledge base holding the table (a file; a shipped base such as bratko.al1 when no such file exists)."`
	Table        string `help:"The advice table (default: the base's only table)." placeholder:"NAME"`
	Sample       int    `default:"2000" help:"Won starts on which the terms are measured (0: all)." placeholder:"N"`
	VerifySample int    `default:"0" help:"Starts on which both tables are verified (0: all)." placeholder:"N"`
	Output       string `short:"o" help:"Write the reordered knowledge base there (a complete .al1 file)." placeholder:"OUT.al1"`
}

// Help is the long help of `al learn rank`.
func (LearnRankCmd) Help() string {
	return `Learning by generalisation (Samuel 1963, as chapter 4 of the thesis adapts
it): each better goal of the table's advice and each rule condition is a
term of Samuel's polynomial. On a sample of won starts the tablebase's best
moves are the correct moves; every term is evaluated after every legal
move, and each other move counts in H when the term rates it above the
correct moves, in L when below. C = (L - H) / (L + H) is +1 for a term that
always points at a correct move and -1 for one that never does.

The table is then proposed reordered by C (each rule's advice by the C of
its better goal, the rules by the C of their conditions; a rule whose
condition is true stays last), and both tables are verified against the
tablebase side by side. -o writes the reordered base.

Example:
  al learn rank bratko.al1 --endgame krk --sample 300 --verify-sample 300
  al learn rank krk.al1 --endgame krk --sample 300 --verify-sample 300 -o krk-ranked.al1`
}

// rankJSON is the --json output of al learn rank.
type rankJSON struct {
	chesslearn.RankReport
	Original *verifySummary `json:"original"`
	Ranked   *verifySummary `json:"ranked"`
	Output   string         `json:"output,omitempty"`
}

// verifySummary is a table's verification in a few figures.
type verifySummary struct {
	Proved       int     `json:"proved"`
	Failed       int     `json:"failed"`
	Worst        int     `json:"worst"`
	Mean         float64 `json:"mean"`
	OptimalWorst int     `json:"optimal_worst"`
	OptimalMean  float64 `json:"optimal_mean"`
}

func summarize(r *chessverify.TableReport) *verifySummary {
	return &verifySummary{Proved: r.Proved, Failed: r.Failed, Worst: r.Worst, Mean: r.Mean, OptimalWorst: r.OptimalWorst, OptimalMean: r.OptimalMean}
}

// verify verifies tables (of one side) on the sample of n starts of tab
// drawn with seed (0: all) and ends the progress bar.
func (p *learnProgress) verify(ctx context.Context, eg tablebase.Endgame, tab *tablebase.Table, n int, seed uint64, workers int, maxNodes int64, tables ...*kb.Table[chess.Position]) ([]verify.Start[chess.Position], []chessverify.TableReport, error) {
	defer p.done()
	starts, _ := chessverify.SampleTableStarts(tab, tables[0].Side, n, seed)
	o := chessverify.Options{Workers: workers, MaxNodes: maxNodes, Examples: -1}
	if f := p.stage("verify"); f != nil {
		o.Progress = func(_ string, d, t int) { f(d, t) }
	}
	var out []chessverify.TableReport
	for _, t := range tables {
		r, err := chessverify.Table(ctx, t, eg, starts, o)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, r)
	}
	return starts, out, nil
}

func (v *verifySummary) line(n int) string {
	return fmt.Sprintf("proved %d (%s), failed %d, worst %d (tablebase %d), mean %.2f (%.2f)",
		v.Proved, percent(v.Proved, n), v.Failed, v.Worst, v.OptimalWorst, v.Mean, v.OptimalMean)
}

// Run ranks.
func (c *LearnRankCmd) Run(env *Env) error {
	if err := checkBounds(nonNegative("--sample", c.Sample), nonNegative("--verify-sample", c.VerifySample),
		nonNegative("--workers", c.Workers), positive("--max-nodes", c.MaxNodes)); err != nil {
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
	vf := verifyFlags{Endgame: c.Endgame}
	tb, eg, tab, err := vf.oracleTable(env, &c.learnFlags.tbFlags)
	if err != nil {
		return err
	}
	ctx := env.Context()
	prog := newLearnProgress(env)
	rep, err := chesslearn.Rank(ctx, chesslearn.RankConfig{Table: table, TB: tb, Tab: tab, Sample: c.Sample, Seed: c.Seed, Workers: c.Workers, Progress: prog.stage("rank")})
	if err != nil {
		return err
	}
	_, src, err := readKnowledge(env, c.KB)
	if err != nil {
		return err
	}
	note := []string{fmt.Sprintf("Reordered by al learn rank (Samuel's C = (L - H) / (L + H) over %d won starts of %s, seed %d):", rep.Positions, eg, c.Seed)}
	for _, f := range rep.Features {
		note = append(note, fmt.Sprintf("  %-9s %-40s H %6d  L %6d  C %s", f.Kind, f.Name, f.H, f.L, chesslearn.CString(f.C)))
	}
	out, err := chesslearn.RewriteTable(name, src, table.Name, rep.Order, rep.Advice, note)
	if err != nil {
		return err
	}
	ranked, diags, _ := kb.LoadAll(library(), name, out, importer(env, name, c.KB))
	if diags.HasErrors() {
		return fmt.Errorf("the reordered base does not compile: %v", diags)
	}
	rtable, err := pickTable(ranked, table.Name)
	if err != nil {
		return err
	}
	// Written before the verification, which may fail or be interrupted.
	if c.Output != "" {
		if err := writeFile(c.Output, out, false); err != nil {
			prog.done()
			return fmt.Errorf("-o %s: %v", c.Output, err)
		}
	}
	starts, vers, err := prog.verify(ctx, eg, tab, c.VerifySample, c.Seed, c.Workers, c.MaxNodes, table, rtable)
	if err != nil {
		return err
	}
	orig, rver := vers[0], vers[1]
	if env.JSON {
		return env.WriteJSON(rankJSON{RankReport: rep, Original: summarize(&orig), Ranked: summarize(&rver), Output: c.Output})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: table %s on %s, %d won starts of %d (seed %d), %d moves compared\n", name, table.Name, eg, rep.Positions, rep.Of, c.Seed, rep.Moves)
	fmt.Fprintf(&b, "%-9s  %-40s %8s %8s %7s\n", "term", "name", "H", "L", "C")
	for _, f := range rep.Features {
		fmt.Fprintf(&b, "%-9s  %-40s %8d %8d %7s\n", f.Kind, f.Name, f.H, f.L, chesslearn.CString(f.C))
	}
	for _, sh := range rep.Shadowed {
		fmt.Fprintf(&b, "kept: rule %s before rule %s (it holds only where the second does)\n", table.Rules[sh[0]].Name, table.Rules[sh[1]].Name)
	}
	b.WriteString("reordered:\n")
	for k, i := range rep.Order {
		fmt.Fprintf(&b, "  rule %s : %s\n", table.Rules[i].Name, strings.Join(rep.Advice[k], ", "))
	}
	fmt.Fprintf(&b, "verified on %d starts:\n", len(starts))
	fmt.Fprintf(&b, "  original  %s\n", summarize(&orig).line(len(starts)))
	fmt.Fprintf(&b, "  ranked    %s\n", summarize(&rver).line(len(starts)))
	if c.Output != "" {
		fmt.Fprintf(&b, "wrote %s\n", c.Output)
	}
	_, err = fmt.Fprint(env.Stdout, b.String())
	return err
}

// LearnTableCmd is `al learn table`.
type LearnTableCmd struct {
	learnFlags
	Advice         string  `required:"" help:"The file whose advice, patterns (and the library's predicates) the table is made of (a file, or a shipped base such as bratko.al1)." placeholder:"FILE"`
	Sample         int     `default:"0" help:"Learn from N sampled won starts (0: all)." placeholder:"N"`
	Symmetry       bool    `help:"Search one position of each class of the board's symmetries (8 without pawns, 2 with) and give its labels to the others: about 8 times faster; right when the advice means the same in every image, as the library's predicates do (docs/learning.md)."`
	VerifySample   int     `default:"0" help:"Verify the learned table on N starts (0: all)." placeholder:"N"`
	VerifyMaxNodes int64   `default:"1000000" help:"Most nodes of one search of the verification (al verify's --max-nodes); --max-nodes bounds the labelling searches only." placeholder:"N"`
	MaxRules       int     `default:"12" help:"The most rules of the learned table (leaves of the tree)." placeholder:"N"`
	MinLeaf        int     `default:"1" help:"The fewest positions a split may leave on either side." placeholder:"N"`
	Name           string  `default:"INDUCED" help:"The learned table's name."`
	ProgressWorth  int64   `default:"0" help:"Price the searches: a position where the rule's choice makes progress is worth N nodes, and the nodes its advice's searches visit there (as labelled) are subtracted, so the lists and splits chosen are also cheap to play and verify (0: searches are free; docs/learning.md)." placeholder:"N"`
	CheapTies      bool    `help:"Among advice lists and splits that serve as many positions, prefer those whose searches visit the fewest nodes (as labelled), before the least distance; progress is never traded for nodes (docs/learning.md)."`
	AvoidStopped   bool    `help:"Refine the tree where its table would stop (a rule's first satisfiable advice a search that ran out of --max-nodes, as labelled): such rules are split further (at most 4 × --max-rules more rules) until they stop nowhere, or ask first an advice that never stops there (docs/learning.md)."`
	StopTolerance  float64 `default:"0" help:"With --avoid-stopped, the fraction of a rule's positions where it may stop and not be refined (a search out of --max-nodes may end within al verify's larger budget)." placeholder:"F"`
	Labels         string  `help:"Keep the labels in FILE: read instead of searching when it holds this run's (the same advice files, endgame, --sample, --seed, --symmetry, --max-nodes), else written; the tree options (--max-rules, --min-leaf, --progress-worth) may differ." placeholder:"FILE"`
	Output         string  `short:"o" help:"Write the learned knowledge base there (a complete .al1 file); without it, it is printed after the report." placeholder:"OUT.al1"`
}

// Help is the long help of `al learn table`.
func (LearnTableCmd) Help() string {
	return `Induction of an advice table (Quinlan's decision trees, as chapter 4 of the
thesis proposes them for AL1). Every won start of the endgame (or --sample N)
is labelled by the tablebase: which of FILE's pieces of advice is
satisfiable there, and which makes progress (every leaf of its forcing tree
nearer mate than the start). A decision tree over the conditions FILE
declares (its patterns without parameters) and the library's position
predicates, split by information gain (ID3) over the class "the advice of
best progress along the tablebase's defence" and grown best first while a
split serves more positions, up to --max-rules leaves, becomes the table:
one rule per leaf, its condition the features that hold on the leaf's path,
its advice the list that serves most of the leaf's positions. The file
written holds FILE's declarations, the table and a comment with the
statistics, passes al check and is in al fmt's canonical form; it is then
verified against the tablebase.

The labels need the whole endgame: a piece of advice makes progress at a
position when every position it hands the game back at is nearer mate, so
those must be labelled too; a sample serves only the positions whose
outcomes it holds (docs/learning.md). The starts are walked from the
tablebase, never held, so the memory is bounded by the labels, not by the
endgame. The whole of KRK, "al learn table --endgame krk --advice
bratko.al1 -o krk-induced.al1", takes about 30 s of CPU and gives
knowledge/learned/krk-induced.al1. --symmetry searches one position of each
class of the board's symmetries and gives its labels to the others: an
eighth of the searches (what makes KBBK affordable), right for
satisfiability but not for progress, since the searcher finds its own tree
at each image; al verify over the whole endgame judges the table.

Example:
  al learn table --endgame krk --advice bratko.al1 --sample 300 --verify-sample 300 -o induced.al1`
}

// tableJSON is the --json output of al learn table.
type tableJSON struct {
	chesslearn.InduceReport
	Verified *verifySummary `json:"verified"`
	Starts   int            `json:"verified_starts"`
	Output   string         `json:"output,omitempty"`
}

// Run induces.
func (c *LearnTableCmd) Run(env *Env) error {
	if err := checkBounds(nonNegative("--sample", c.Sample), nonNegative("--verify-sample", c.VerifySample), nonNegative("--workers", c.Workers),
		positive("--max-nodes", c.MaxNodes), positive("--verify-max-nodes", c.VerifyMaxNodes), positive("--max-rules", c.MaxRules),
		positive("--min-leaf", c.MinLeaf), nonNegative("--progress-worth", c.ProgressWorth)); err != nil {
		return err
	}
	if c.StopTolerance < 0 || c.StopTolerance >= 1 {
		return usageError{"--stop-tolerance must be at least 0 and below 1"}
	}
	if c.CheapTies && c.ProgressWorth > 0 {
		return usageError{"--cheap-ties and --progress-worth are two ways to weigh the searches: give one (--progress-worth already prefers the cheaper of two lists that serve as many positions)"}
	}
	base, name, err := loadBase(env, c.Advice)
	if err != nil {
		return err
	}
	_, src, err := readKnowledge(env, c.Advice)
	if err != nil {
		return err
	}
	vf := verifyFlags{Endgame: c.Endgame}
	tb, eg, tab, err := vf.oracleTable(env, &c.learnFlags.tbFlags)
	if err != nil {
		return err
	}
	side := game.White
	if len(base.Advice) > 0 {
		side = base.Advice[0].Side
	}
	prog := newLearnProgress(env)
	cfg := chesslearn.InduceConfig{Name: name, Src: src, Base: base, Library: library(), TB: tb, Tab: tab, Endgame: eg, Side: side,
		Sample: c.Sample, Symmetry: c.Symmetry, Seed: c.Seed, Workers: c.Workers, MaxRules: c.MaxRules, MinLeaf: c.MinLeaf, MaxNodes: c.MaxNodes, Table: c.Name,
		ProgressWorth: c.ProgressWorth, CheapTies: c.CheapTies, AvoidStopped: c.AvoidStopped, StopTolerance: c.StopTolerance, Labels: c.Labels, Resolve: importer(env, name, c.Advice)}
	cfg.Progress = prog.reporter()
	ctx := env.Context()
	rep, err := chesslearn.Induce(ctx, cfg)
	if err != nil {
		prog.done()
		return err
	}
	learned, diags, _ := kb.LoadAll(library(), name, []byte(rep.Text), importer(env, name, c.Advice))
	if diags.HasErrors() {
		return fmt.Errorf("the induced base does not compile: %v", diags)
	}
	table, err := pickTable(learned, c.Name)
	if err != nil {
		return err
	}
	// The learned base is written before it is verified: a verification
	// that fails or is interrupted does not lose what was learned.
	if c.Output != "" {
		if err := writeFile(c.Output, []byte(rep.Text), false); err != nil {
			prog.done()
			return fmt.Errorf("-o %s: %v", c.Output, err)
		}
	}
	starts, vers, err := prog.verify(ctx, eg, tab, c.VerifySample, c.Seed, c.Workers, c.VerifyMaxNodes, table)
	if err != nil {
		return err
	}
	ver := vers[0]
	if env.JSON {
		return env.WriteJSON(tableJSON{InduceReport: rep, Verified: summarize(&ver), Starts: len(starts), Output: c.Output})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s on %s: %d won starts of %d (seed %d), %d conditions\n", name, eg, rep.Positions, rep.Of, c.Seed, rep.Features)
	switch {
	case rep.LabelsRead:
		fmt.Fprintf(&b, "labels   read from %s\n", c.Labels)
	case rep.LabelsNote == "written":
		fmt.Fprintf(&b, "labels   written to %s\n", c.Labels)
	case rep.LabelsNote != "":
		fmt.Fprintf(&b, "labels   written to %s (%s)\n", c.Labels, rep.LabelsNote)
	}
	for _, a := range rep.Advice {
		fmt.Fprintf(&b, "  %-20s satisfiable %7d, progress %7d%s\n", a.Name, a.Satisfiable, a.Progress, chesslearn.StoppedNote(a))
	}
	fmt.Fprintf(&b, "served   %d (some advice makes progress; mean distance with the best advice %.2f)\n", rep.Served, rep.Distance)
	fmt.Fprintf(&b, "chosen   well %d (%s), nearest mate %d\n", rep.Correct, percent(rep.Correct, rep.Positions), rep.Best)
	fmt.Fprintf(&b, "stuck    %d (positions where no advice of their rule is satisfiable; %d before advice were appended to the lists)\n", rep.Stuck, rep.Uncovered)
	fmt.Fprintf(&b, "searches %d nodes (the table's advice at every position, up to the first satisfiable, as labelled)\n", rep.Cost)
	fmt.Fprintf(&b, "stops    %d (positions where the first satisfiable advice of their rule ran out of nodes, as labelled)\n", rep.Stops)
	fmt.Fprintf(&b, "table %s, %s:\n", c.Name, plural(len(rep.Rules), "rule"))
	for _, r := range rep.Rules {
		fmt.Fprintf(&b, "  rule %s : %s   (%s, %d well, %d nearest, %s%s)\n", r.Cond, strings.Join(r.Advice, ", "), plural(r.Positions, "position"), r.Correct, r.Best, plural(r.Cost, "node"), chesslearn.CoverNote(r))
	}
	fmt.Fprintf(&b, "verified on %d starts: %s\n", len(starts), summarize(&ver).line(len(starts)))
	if c.Output != "" {
		fmt.Fprintf(&b, "wrote %s\n", c.Output)
	} else {
		b.WriteString("\n" + rep.Text)
	}
	_, err = fmt.Fprint(env.Stdout, b.String())
	return err
}

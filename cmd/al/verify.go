package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
	"github.com/fatih/color"
)

// VerifyCmd is `al verify`: an advice table or an AL3 base measured
// against the tablebase over a whole endgame.
type VerifyCmd struct {
	tbFlags
	verifyFlags
	KB          []string `arg:"" optional:"" name:"kb" help:"The knowledge base (a file; a shipped base such as krk.al1 or kpk.al3 when no such file exists). With --merge: the partial reports of the shards."`
	Table       string   `help:"Verify this advice table (default: the base's only table, when it has no query)." placeholder:"NAME"`
	Query       string   `help:"Verify the AL3 base's answers to this hypothesis (default: the base's query), e.g. GANA." placeholder:"Q"`
	Shard       string   `help:"Verify only shard I of N (1 <= I <= N), a deterministic slice of the starts or positions, and write its partial report as JSON for --merge." placeholder:"I/N"`
	Merge       bool     `help:"Merge the partial reports of every shard of one run, given as arguments, into the report of the whole run (text, or JSON with --json)."`
	Rule        int      `help:"Verify only the starts where the table's rule N (1 for the first) is the first whose condition holds: one phase of a table proved on its own (--sample and --shard draw from those starts)." placeholder:"N"`
	Memory      string   `help:"Consult the memory al learn memory wrote (read only): remembered positions are proved leaves of the searches." placeholder:"PATH"`
	Batch       int      `hidden:"" default:"1048576" help:"The most starts or positions one pass builds and holds; a larger run goes through passes of consecutive chunks, as its shards would, and merges them (tests set it small)."`
	WorkerStats bool     `name:"worker-stats" hidden:"" help:"Write to standard error what each worker did in each pass of a table's verification: starts, nodes, memo hits, search nodes, the CPU time of its thread (Linux) and when it ended after the pass's start; and when each phase of the run ended (the base compiled, the table opened, each pass's starts built and verified, the report written), wall clock and the process's CPU time since the command's start (docs/verify.md, \"Workers, memory and CPU\")."`
}

// verifyFlags are the flags al verify and al compare share.
type verifyFlags struct {
	htmlFlag
	Endgame     string   `help:"The endgame whose tablebase is the oracle (required): ${endgames_help}." placeholder:"E"`
	Truth       []string `help:"Map a hypothesis to the oracle: KEY=win (White wins) or KEY=draw (White does not win); repeatable. The base's own query means White wins unless mapped." placeholder:"KEY=win|draw"`
	Sample      int      `default:"0" help:"Verify a deterministic sample of N start positions instead of all (0: all)." placeholder:"N"`
	Seed        uint64   `default:"1" help:"Seed of the sample."`
	Workers     int      `default:"0" help:"Goroutines (0: all cores). The output does not depend on it."`
	Examples    int      `default:"5" help:"Failures, wrong answers and counterexamples shown of each kind (0: none)."`
	MaxNodes    int64    `default:"1000000" help:"Most nodes of one forcing-tree search (a table's decision; an AL3 position's run or one hypothesis). Without it a table's search of advice whose base states its budget (nodes N) has that one."`
	ExactBudget bool     `name:"exact-budget" help:"A table's search that runs out of --max-nodes is undetermined exactly when the same search from an empty memo would run out (slower: the searcher checks it, searching again when it cannot tell). Always so below the default budget; at or above it, a table is verified again with exact budgets once a search runs out, and this flag makes them exact from the start."`
	MaxCycles   int      `default:"1000" help:"Most AL3 cycles per position."`
	MaxPlies    int      `default:"1000" help:"Longest winning line of a table, in plies; a longer one fails as limit."`
	FiftyMove   bool     `name:"fifty-move" help:"Apply the fifty-move rule to a table's games: a line that goes on for 100 plies with no capture or pawn move (the start's halfmove clock counting) and is not mate by then is a draw, a failure of its own (fifty-move). The report gives the figures without the rule too."`
	MaxMemo     int      `default:"128" help:"Memory of a table's memo of explored positions, in MB (16 bytes a position; it grows as needed up to this and then replaces old entries, which costs time, never a result)." placeholder:"MB"`
}

// Help is the long help of `al verify`.
func (VerifyCmd) Help() string {
	return `Measures knowledge against the tablebase of an endgame, over every position.

An advice table is played from every legal position with its side to move
that the tablebase says that side wins, against every defence (not only the
best one). A start is proved when every line ends in mate with no cycle;
otherwise it fails (stuck, stalemate, material lost, a cycle the defence can
repeat, the ply limit), the failed starts are counted by reason, and the
first failures are shown with the failing line in SAN. The worst case is the longest mate against the defence that
resists the strategy best, in moves; worst and mean are over the proved
starts, beside the tablebase's optimal distance of the same starts. The
worst line is that defence's game from the first start with the worst case.

An AL3 base is asked its query in every legal position, both sides to move,
and the answer is compared with the tablebase's truth: right, wrong and
undetermined, for each side to move, mean cycles and nodes per position, and
examples of each wrong and undetermined answer (the memo of the searches is
kept within chunks of consecutive positions, so the nodes counted are those
of this order). Then each method relation is checked where
its conditions hold: where is it false according to the tablebase? Lemmas
are evaluated, plans searched, and the hypotheses mapped by --truth (the
query at least) read from the tablebase; the others stay undetermined.

The endgame is any of the tablebase's (al tb --help lists them); a table
of either side is verified from the positions that side wins. Captures by
the table's side continue into the sub-endgame (KQKR into KQK), where it
must still mate; a start where the defence takes one of its men (the rook
winning the queen) fails as "lost: material lost".

--fifty-move applies the fifty-move rule to the table's games: a line the
defence can make last 100 plies with no capture or pawn move (from the
start's halfmove clock, 0 for the tablebase's positions) without being
mated is a draw, a failure of its own ("fifty-move", with the line to the
draw); the report gives the figures without the rule too.

--sample N verifies N start positions drawn with --seed (the first N of a
seeded shuffle, in tablebase order). The output is the same for any
--workers. A progress bar is drawn on stderr when it is a terminal.

--shard I/N verifies a deterministic slice of the starts (or positions)
and writes its partial report as JSON; al verify --merge FILES... joins
the partial reports of all N shards of one run into the report the run
without --shard prints, byte for byte (docs/verify.md shows GNU parallel,
a CI matrix and a Kubernetes indexed Job running the shards).

--json prints, for a table, {"positions","proved","failed","worst","mean",
"optimal_worst","optimal_mean","worst_fen","worst_line","fifty_move",
"without_rule","reasons":[{"reason","starts"}],"failures":[{"fen",
"reason","line"}]}, for an AL3 base {"positions","right","wrong",
"undetermined","mean_cycles","mean_nodes","white","black","wrong_examples",
"undetermined_examples","methods"}.

Example:
  al verify krk.al1 --endgame krk
  al verify knowledge/kpk.al3 --endgame kpk --truth TABLAS=draw --sample 2000
  al verify bratko.al1 --endgame krk --sample 2000 --seed 7
  al verify krk.al1 --endgame krk --sample 1000 --json
  al verify krk-proved.al1 --endgame kqkr --sample 300
  al verify krk-proved.al1 --endgame krk --sample 500 --fifty-move
  al verify kpk.al3 --endgame kpk --sample 2000 --shard 1/2 > part-1.json
  al verify kpk.al3 --endgame kpk --sample 2000 --shard 2/2 > part-2.json
  al verify --merge part-*.json`
}

// endgame reads --endgame (not a kong enum: al verify --merge takes none).
func (f *verifyFlags) endgame() (tablebase.Endgame, error) {
	if f.Endgame == "" {
		return 0, usageError{"missing flags: --endgame=E"}
	}
	eg, err := tablebase.ParseEndgame(f.Endgame)
	if err != nil {
		return 0, usageError{"--endgame: " + err.Error()}
	}
	return eg, nil
}

// options returns the verification options of the flags.
func (f *verifyFlags) options(env *Env) (chessverify.Options, func(), error) {
	if err := checkBounds(nonNegative("--sample", f.Sample), nonNegative("--workers", f.Workers), positive("--max-nodes", f.MaxNodes),
		positive("--max-cycles", f.MaxCycles), positive("--max-plies", f.MaxPlies), positive("--max-memo", f.MaxMemo)); err != nil {
		return chessverify.Options{}, nil, err
	}
	ex := f.Examples
	if ex == 0 {
		ex = -1
	}
	if f.MaxPlies > verify.MaxPliesBound {
		return chessverify.Options{}, nil, usageError{fmt.Sprintf("--max-plies must be at most %d", verify.MaxPliesBound)}
	}
	o := chessverify.Options{Workers: f.Workers, Examples: ex, MaxNodes: f.MaxNodes, MaxCycles: f.MaxCycles, MaxPlies: f.MaxPlies,
		MaxMemo: f.MaxMemo << 20 / 16, FiftyMove: f.FiftyMove, ExactBudget: f.ExactBudget,
		FixedBudget: env.Given("max-nodes")}
	// A soft limit on the heap as a backstop, never above the one already
	// set (--max-memory, GOMEMLIMIT): the garbage collector works harder
	// near it rather than let the heap grow to twice what is live. The
	// memo is at most --max-memo; the starts of the largest endgame, the
	// searchers' shared memo and their trees, and the tablebases take a
	// few hundred MB more, and each worker its searcher's tables and
	// trees (512 + 64 a worker: on the whole of KBBK with two workers,
	// 512 left the collector 80 MB above the live heap in the last pass,
	// 14 collections where one worker makes 9; 576 made 12, at a peak of
	// 855 MB; later 7 where one worker makes 5, and 640 makes 5, at a
	// peak of 887 MB: docs/verify.md, "Workers, memory and CPU", the
	// twentieth session).
	workers := f.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if soft := int64(2*f.MaxMemo+512+64*workers) << 20; soft < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(soft)
	}
	// The collector runs a third as often as by default (GOGC=200 unless
	// GOGC is set; the soft limit above still bounds the heap): with one
	// worker its marking takes the idle core, with two it takes a
	// worker's, and on the whole of KRK the default's nine collections
	// marked for 0.1 to 0.16 s of CPU, 4% of two workers' wall clock,
	// where three mark for 0.01 to 0.03 s, at the same peak memory
	// (docs/verify.md, "Workers, memory and CPU", the tenth session).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(verifyGOGC)
	}
	done := func() {}
	if env.Terminal {
		p := newProgressBar(env, "verify")
		o.Progress = p.report
		done = p.end
	}
	return o, done, nil
}

// verifyGOGC is the collector's GOGC during al verify and al compare.
const verifyGOGC = 200

// setUp turns the collector off for the set-up of a verification (the
// base compiled, the table opened, the first pass's starts built), when
// GOGC is not set, and returns what turns it on again (GOGC=200, as
// options set it) when the workers start; calling it again does nothing.
// The set-up runs on one core while the other waits, and it allocates some
// 50 MB on KRK (the base's compilation, 175,168 starts) from a heap of a
// few MB, so that the collector ran four times before the first worker
// started; the soft memory limit stays the backstop (docs/verify.md,
// "Workers, memory and CPU", the nineteenth session).
func setUp() (work func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	debug.SetGCPercent(-1)
	on := false
	return func() {
		if !on {
			on = true
			debug.SetGCPercent(verifyGOGC)
		}
	}
}

// target is what a base is verified as: a table, or an AL3 query.
type target struct {
	table *kb.Table[chess.Position]
	query *kb.Term
}

// resolveTarget chooses the table or query of base to verify.
func resolveTarget(base *kb.Base[chess.Position], name, table, query string) (target, error) {
	switch {
	case table != "" && query != "":
		return target{}, usageError{"give --table or --query, not both"}
	case table != "":
		t, err := pickTable(base, table)
		return target{table: t}, err
	case query != "":
		q, err := base.ParseTerm(query)
		if err != nil {
			return target{}, fmt.Errorf("--query: %w", err)
		}
		return target{query: &q}, nil
	case base.Query != nil && len(base.Tables) > 0:
		return target{}, usageError{fmt.Sprintf("%s has a query and advice tables: choose one with --table or --query", name)}
	case base.Query != nil:
		return target{}, nil
	case len(base.Tables) > 0:
		t, err := pickTable(base, "")
		return target{table: t}, err
	}
	return target{}, fmt.Errorf("%s has nothing to verify: no advice table and no query", name)
}

// oracleTable returns the tablebase and the table of the flags' endgame.
func (f *verifyFlags) oracleTable(env *Env, tf *tbFlags) (*tablebase.Tablebase, tablebase.Endgame, *tablebase.Table, error) {
	eg, err := f.endgame()
	if err != nil {
		return nil, 0, nil, err
	}
	tb, done := tf.open(env)
	t, err := tb.Table(eg)
	done()
	return tb, eg, t, err
}

// Run verifies, verifies a shard, or merges the shards' reports.
func (c *VerifyCmd) Run(env *Env) error {
	if c.Merge {
		return c.merge(env)
	}
	switch {
	case len(c.KB) == 0:
		return usageError{"expected <kb>"}
	case len(c.KB) > 1:
		return usageError{fmt.Sprintf("one knowledge base, not %d (merging partial reports needs --merge)", len(c.KB))}
	}
	shard, shards, err := parseShard(c.Shard)
	if err != nil {
		return err
	}
	if shards > 0 && c.HTML != "" {
		return usageError{"--shard writes a partial report as JSON; --html goes with the whole run or --merge"}
	}
	o, done, err := c.options(env)
	if err != nil {
		return err
	}
	// The collector waits until the workers start (setUp).
	work := setUp()
	defer work()
	var ph *phases
	if c.WorkerStats {
		ph = &phases{env.Stderr}
	}
	tbase, tbDone := c.tbFlags.open(env)
	guess := c.guessStarts(tbase, shards)
	base, name, srcs, err := loadBaseFiles(env, c.KB[0])
	if err != nil {
		return err
	}
	ph.mark("knowledge base compiled")
	if err := checkEndgame(base, name, c.Endgame); err != nil {
		return err
	}
	tgt, err := resolveTarget(base, name, c.Table, c.Query)
	if err != nil {
		return err
	}
	if o.Memory, err = loadMemory(env, c.KB[0], c.Memory, base); err != nil {
		return err
	}
	truth, err := chessverify.ParseTruth(base, c.Truth)
	if err != nil {
		return usageError{err.Error()}
	}
	eg, err := c.endgame()
	if err != nil {
		return err
	}
	tb := tbase
	tab, err := tb.Table(eg)
	tbDone()
	if err != nil {
		return err
	}
	ph.mark("table of %s opened", eg)
	if c.FiftyMove && tgt.table == nil {
		return usageError{"--fifty-move applies to an advice table's games, not to an AL3 base's answers"}
	}
	if c.ExactBudget && tgt.table == nil {
		return usageError{"--exact-budget applies to an advice table's searches, not to an AL3 base's answers (its --max-nodes bounds a whole run)"}
	}
	run := verifyRun{Format: partialFormat, Version: versionString(), Name: name, Endgame: eg.String(),
		Sample: c.Sample, Seed: c.Seed, Examples: c.Examples, MaxNodes: c.MaxNodes, MaxCycles: c.MaxCycles, MaxPlies: c.MaxPlies,
		FiftyMove: c.FiftyMove, ExactBudget: c.ExactBudget, FixedBudget: env.Given("max-nodes")}
	if shards > 0 {
		// The partial reports name the texts the base was compiled from,
		// its imports' too, so that --merge refuses parts of different
		// bases or vocabularies.
		run.KB = knowledgeSum(srcs)
	}
	ctx := env.Context()
	if c.Rule != 0 && tgt.table == nil {
		return usageError{fmt.Sprintf("--rule N names one of the verified table's rules, and %s verifies no table (--rule %d)", name, c.Rule)}
	}
	if c.Rule != 0 && (c.Rule < 0 || c.Rule > len(tgt.table.Rules)) {
		return usageError{fmt.Sprintf("--rule N names one of the verified table's rules, 1 for the first: table %s has %s (got %d)",
			tgt.table.Name, plural(len(tgt.table.Rules), "rule"), c.Rule)}
	}
	if tgt.table != nil {
		items, all := chessverify.CountTableStarts(tab, tgt.table.Side, c.Sample)
		var region []verify.Start[chess.Position]
		if c.Rule > 0 {
			// The rule's starts are read from the conditions, so they
			// are built and held (a phase's region, not the endgame).
			region = chessverify.RuleStarts(tab, tgt.table, c.Rule-1)
			all = len(region)
			region = chessverify.Pick(region, c.Sample, c.Seed)
			items = len(region)
			run.Rule = c.Rule
		}
		run.Kind, run.Table, run.Side, run.Items, run.Of = "table", tgt.table.Name, tgt.table.Side.String(), items, all
		passes, err := runSlices(items, shard, shards, c.Batch, &o)
		if err != nil {
			return err
		}
		var parts []verify.TablePart
		var whole *chessverify.TableReport
		walk := chessverify.NewStartsWalk(tab, tgt.table.Side, c.Sample, c.Seed)
		defer walk.Close()
		if len(passes) > 1 {
			// The passes go on with the same workers and memos, and the
			// walk that builds their starts where the last one stopped.
			o.Session = &verify.TableSession[chess.Position, chess.Move]{}
			defer o.Session.Close()
		}
		o.WorkerCPU = c.WorkerStats
		var first []verify.Start[chess.Position]
		if guess != nil {
			// The first pass's starts built beside the compilation,
			// when they are this run's (guessStarts).
			if g := <-guess; g.ok && g.tab == tab && tgt.table.Side == game.White && c.Rule == 0 && c.Sample == 0 &&
				len(passes) > 0 && g.lo == passes[0].lo && g.hi == passes[0].hi {
				first = g.starts
			}
		}
		for i, s := range passes {
			// Each pass builds its own starts only (the whole of KBNK
			// holds 10.8 million, 96 bytes each).
			var starts []verify.Start[chess.Position]
			switch {
			case c.Rule > 0:
				starts = region[s.lo:s.hi]
			case i == 0 && first != nil:
				starts = first
			default:
				starts = walk.Next(s.lo, s.hi)
			}
			ph.mark("pass %d/%d: %d starts built", i+1, len(passes), len(starts))
			work()
			rep, err := chessverify.Table(ctx, tgt.table, eg, starts, s.options(o, items))
			if err != nil {
				done()
				return notAFunction(err, starts, c.ExactBudget)
			}
			if c.WorkerStats {
				writeWorkerStats(env.Stderr, i+1, len(passes), rep.Stats.Workers)
			}
			ph.mark("pass %d/%d: verified", i+1, len(passes))
			if len(passes) == 1 && shards == 0 {
				whole = &rep
				break
			}
			parts = append(parts, rep.TableReport.Part(s.lo))
			if c.Rule == 0 {
				// Nothing reads this pass's starts any more: the next
				// pass's are built in their memory.
				walk.Reuse(starts)
			}
		}
		done()
		if shards > 0 {
			return env.WriteJSON(partialReport{Run: run, Shard: shard, Shards: shards, Table: &parts[0]})
		}
		if whole == nil {
			tr, err := verify.MergeTable(parts, mergeExamples(&run))
			if err != nil {
				return err
			}
			whole = &chessverify.TableReport{Table: run.Table, Side: run.Side, Endgame: run.Endgame, TableReport: tr}
		}
		err = writeTableVerification(env, &run, whole, c.htmlFlag)
		ph.mark("report written")
		return err
	}
	items, all := chessverify.CountBaseCases(tab, c.Sample)
	run.Kind, run.Items, run.Of = "query", items, all
	run.Truth = map[string]bool(truth)
	passes, err := runSlices(items, shard, shards, c.Batch, &o)
	if err != nil {
		return err
	}
	var qps []verify.QueryPart
	var mps []verify.MethodsPart
	var whole *chessverify.BaseReport
	o.WorkerCPU = c.WorkerStats
	for i, s := range passes {
		cases := chessverify.SampleBaseCasesIn(tab, c.Sample, c.Seed, s.lo, s.hi)
		ph.mark("pass %d/%d: %d positions built", i+1, len(passes), len(cases))
		work()
		rep, err := chessverify.Base(ctx, tb, base, tgt.query, truth, eg, cases, s.options(o, items))
		if err != nil {
			done()
			return err
		}
		if c.WorkerStats {
			writeBaseWorkerStats(env.Stderr, i+1, len(passes), "query", rep.QueryWorkers)
			writeBaseWorkerStats(env.Stderr, i+1, len(passes), "methods", rep.MethodsWorkers)
		}
		ph.mark("pass %d/%d: verified", i+1, len(passes))
		run.Query = rep.Query
		if len(passes) == 1 && shards == 0 {
			whole = &rep
			break
		}
		qps = append(qps, rep.QueryReport.Part(s.lo))
		mr := verify.MethodsReport{Positions: s.hi - s.lo, Methods: rep.Methods}
		mps = append(mps, mr.Part(s.lo))
	}
	done()
	if shards > 0 {
		return env.WriteJSON(partialReport{Run: run, Shard: shard, Shards: shards, Query: &qps[0], Methods: &mps[0]})
	}
	if whole == nil {
		qr, err := verify.MergeQuery(qps, mergeExamples(&run))
		if err != nil {
			return err
		}
		mr, err := verify.MergeMethods(mps, mergeExamples(&run))
		if err != nil {
			return err
		}
		whole = &chessverify.BaseReport{Query: run.Query, Endgame: run.Endgame, QueryReport: qr, Methods: mr.Methods}
	}
	err = writeBaseVerification(env, &run, whole, c.htmlFlag)
	ph.mark("report written")
	return err
}

// guessedStarts are the first pass's starts of a table of White's over
// every start of tab (guessStarts), and the pass's slice [lo, hi).
type guessedStarts struct {
	tab    *tablebase.Table
	lo, hi int
	starts []verify.Start[chess.Position]
	ok     bool
}

// guessStarts builds, beside the knowledge base's compilation, the starts
// of the run's first pass as they are when the base verifies a table of
// White's over every start (no --sample, --rule or --shard: the walk of a
// pass is then a function of the table, the side and the slice), when the
// endgame's table is in the tablebase's cache (else it is generated after
// the compilation, as before). The compilation runs on one core and the
// starts are built on the other (on KRK about 20 ms and 10 ms, before the
// workers start: docs/verify.md, "Workers, memory and CPU", the nineteenth
// session); the run uses them when the base's table is White's (every
// shipped table of an endgame where Black has a lone king), and builds its
// own otherwise. It returns nil when it builds nothing.
func (c *VerifyCmd) guessStarts(tb *tablebase.Tablebase, shards int) chan guessedStarts {
	if c.Sample != 0 || c.Rule != 0 || shards > 0 || c.Query != "" || strings.HasSuffix(c.KB[0], ".al3") {
		return nil
	}
	eg, err := c.endgame()
	if err != nil || !tb.Cached(eg) {
		return nil
	}
	ch := make(chan guessedStarts, 1)
	go func() {
		var g guessedStarts
		defer func() { ch <- g }()
		tab, err := tb.Table(eg)
		if err != nil {
			return
		}
		items, _ := chessverify.CountTableStarts(tab, game.White, 0)
		var o chessverify.Options
		passes, err := runSlices(items, 0, 0, c.Batch, &o)
		if err != nil || len(passes) == 0 {
			return
		}
		g.tab, g.lo, g.hi = tab, passes[0].lo, passes[0].hi
		g.starts = chessverify.NewStartsWalk(tab, game.White, 0, c.Seed).Next(g.lo, g.hi)
		g.ok = true
	}()
	return ch
}

// pass is a slice [lo, hi) of the starts or positions of a run that one
// pass of the verifier builds and verifies.
type pass struct{ lo, hi int }

// options are o for the pass, its progress counted in the whole run's
// items.
func (s pass) options(o chessverify.Options, items int) chessverify.Options {
	if p := o.Progress; p != nil && (s.lo > 0 || s.hi < items) {
		o.Progress = func(stage string, done, _ int) { p(stage, s.lo+done, items) }
	}
	return o
}

// runSlices returns the passes of a run over items starts or positions:
// the shard's one (--shard), the whole run in one pass when it holds at
// most batch items, or else passes of at most about batch items, which
// are its shards (verify.Shard over the same chunks, whose parts merge
// into the report of the whole run as --merge merges them: the same
// report, byte for byte, for the memory of a pass). Sharded or in passes,
// the chunks are those of the whole run (o.Chunk).
func runSlices(items, shard, shards, batch int, o *chessverify.Options) ([]pass, error) {
	if shards == 0 && items <= max(batch, 1) {
		return []pass{{0, items}}, nil
	}
	o.Chunk = verify.ChunkSize(items)
	if shards > 0 {
		lo, hi, err := verify.Shard(items, o.Chunk, shard, shards)
		if err != nil {
			return nil, usageError{"--shard: " + err.Error()}
		}
		return []pass{{lo, hi}}, nil
	}
	n := (items + batch - 1) / batch
	out := make([]pass, 0, n)
	for i := 1; i <= n; i++ {
		lo, hi, err := verify.Shard(items, o.Chunk, i, n)
		if err != nil {
			return nil, err
		}
		out = append(out, pass{lo, hi})
	}
	return out, nil
}

// mergeExamples is the number of examples of each kind a merged report
// keeps, as verifyFlags.options counts them (--examples 0 shows none).
func mergeExamples(run *verifyRun) int {
	if run.Examples == 0 {
		return -1
	}
	return run.Examples
}

// tableVerification is al verify's report of an advice table, whole or
// merged from shards: its JSON is the chessverify report.
type tableVerification struct {
	run *verifyRun
	rep *chessverify.TableReport
}

func writeTableVerification(env *Env, run *verifyRun, rep *chessverify.TableReport, html htmlFlag) error {
	return env.renderWithHTML(tableVerification{run, rep}, html)
}

func (v tableVerification) jsonValue() any { return v.rep }

func (v tableVerification) writeText(env *Env, w io.Writer) error {
	run, rep := v.run, v.rep
	fmt.Fprintf(w, "%s: table %s (%s) on %s\n", run.Name, rep.Table, rep.Side, rep.Endgame)
	fmt.Fprintf(w, "starts        %d%s (%s to move, won by %s%s)\n", rep.Positions, sampleNote(run.Items, run.Of, run.Seed), rep.Side, rep.Side, ruleNote(run.Rule))
	writeTableReport(env, w, &rep.TableReport)
	return nil
}

// baseVerification is al verify's report of an AL3 base, whole or merged
// from shards: its JSON is the chessverify report.
type baseVerification struct {
	run *verifyRun
	rep *chessverify.BaseReport
}

func writeBaseVerification(env *Env, run *verifyRun, rep *chessverify.BaseReport, html htmlFlag) error {
	return env.renderWithHTML(baseVerification{run, rep}, html)
}

func (v baseVerification) jsonValue() any { return v.rep }

func (v baseVerification) writeText(env *Env, w io.Writer) error {
	run, rep := v.run, v.rep
	fmt.Fprintf(w, "%s: query %s on %s%s\n", run.Name, rep.Query, rep.Endgame, truthNote(run.Truth, rep.Query))
	fmt.Fprintf(w, "positions     %d%s (both sides to move)\n", rep.Positions, sampleNote(run.Items, run.Of, run.Seed))
	return writeBaseReport(env, w, rep)
}

// ruleNote names the rule whose starts a run verified (--rule), if any.
func ruleNote(rule int) string {
	if rule == 0 {
		return ""
	}
	return fmt.Sprintf(", where rule %d applies", rule)
}

func sampleNote(n, of int, seed uint64) string {
	if n == of {
		return ""
	}
	return fmt.Sprintf(" of %d, sampled with seed %d", of, seed)
}

func truthNote(t map[string]bool, query string) string {
	var parts []string
	if _, ok := t[query]; !ok {
		parts = append(parts, query+" = white wins")
	}
	for _, k := range sortedKeys(t) {
		v := "white wins"
		if !t[k] {
			v = "white does not win"
		}
		parts = append(parts, k+" = "+v)
	}
	return " (oracle: " + strings.Join(parts, ", ") + ")"
}

func sortedKeys(t map[string]bool) []string { return slices.Sorted(maps.Keys(t)) }

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%%", 100*float64(n)/float64(of))
}

// writeTableReport writes the figures and failures of a table's report.
func writeTableReport(env *Env, out io.Writer, r *verify.TableReport) {
	if r.FiftyMove > 0 {
		fmt.Fprintf(out, "fifty-move    the rule applies: %d plies with no capture or pawn move and no mate are a draw\n", r.FiftyMove)
	}
	fmt.Fprintf(out, "proved        %d (%s)\n", r.Proved, percent(r.Proved, r.Positions))
	fmt.Fprintf(out, "failed        %s\n", failedText(env, r.Failed))
	if len(r.Reasons) > 0 {
		fmt.Fprintf(out, "by reason     %s\n", reasonsText(r.Reasons))
	}
	if r.Proved > 0 {
		fmt.Fprintf(out, "worst case    mate in %d (tablebase %d), over the proved starts\n", r.Worst, r.OptimalWorst)
		fmt.Fprintf(out, "mean          %.2f moves (tablebase %.2f)\n", r.Mean, r.OptimalMean)
		if r.WorstFEN != "" {
			fmt.Fprintf(out, "worst line    %s: %s\n", r.WorstFEN, strings.Join(r.WorstLine, " "))
		}
	}
	if w := r.WithoutRule; w != nil {
		fmt.Fprintf(out, "without rule  proved %d (%s)", w.Proved, percent(w.Proved, r.Positions))
		if w.Proved > 0 {
			fmt.Fprintf(out, "; worst case mate in %d (tablebase %d), mean %.2f (tablebase %.2f)", w.Worst, w.OptimalWorst, w.Mean, w.OptimalMean)
		}
		fmt.Fprintln(out)
	}
	if len(r.Failures) > 0 {
		fmt.Fprintf(out, "failures (the first %d, in tablebase order):\n", len(r.Failures))
		for _, f := range r.Failures {
			fmt.Fprintf(out, "  %s\n    %s\n", f.FEN, f.Reason)
			if len(f.Line) > 0 {
				fmt.Fprintf(out, "    line: %s\n", strings.Join(f.Line, " "))
			}
		}
	}
}

// reasonsText lists the failed starts by reason: "stuck 12, cycle 3".
func reasonsText(rs []verify.ReasonCount) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%s %d", r.Reason, r.Starts))
	}
	return strings.Join(parts, ", ")
}

// failedCell is a count of failures: red when there is any.
func failedCell(n int) cell {
	if n > 0 {
		return cell{text: fmt.Sprint(n), attrs: []color.Attribute{color.FgRed}}
	}
	return cell{text: fmt.Sprint(n)}
}

func failedText(env *Env, n int) string {
	c := failedCell(n)
	return env.Paint(c.text, c.attrs...)
}

// writeBaseReport writes the tallies, wrong answers and methods of an AL3
// base's report.
func writeBaseReport(env *Env, out io.Writer, r *chessverify.BaseReport) error {
	t := newTable("", column{Left: true, Min: 14, Gap: 1}, column{Min: 12, Gap: 2}, column{Min: 15, Gap: 2}, column{Min: 15, Gap: 2})
	t.row("", "all", "white to move", "black to move")
	row := func(name string, f func(t *verify.Tally) string) {
		t.row(name, f(&r.Tally), f(&r.White), f(&r.Black))
	}
	row("positions", func(t *verify.Tally) string { return fmt.Sprint(t.Positions) })
	row("right", func(t *verify.Tally) string { return fmt.Sprint(t.Right) })
	row("wrong", func(t *verify.Tally) string { return fmt.Sprint(t.Wrong) })
	row("undetermined", func(t *verify.Tally) string { return fmt.Sprint(t.Undetermined) })
	row("mean cycles", func(t *verify.Tally) string { return fmt.Sprintf("%.2f", t.MeanCycles) })
	row("mean nodes", func(t *verify.Tally) string { return fmt.Sprintf("%.1f", t.MeanNodes) })
	if err := t.write(env, out); err != nil {
		return err
	}
	if len(r.WrongExamples) > 0 {
		fmt.Fprintln(out, "wrong answers (the first of each kind):")
		for _, w := range r.WrongExamples {
			fmt.Fprintf(out, "  %s  answered %s, but by the tablebase %s is %v\n", w.FEN, env.Paint(w.Answer, color.FgRed), r.Query, w.Truth)
		}
	}
	if len(r.UndeterminedExamples) > 0 {
		fmt.Fprintln(out, "undetermined (the first):")
		for _, f := range r.UndeterminedExamples {
			fmt.Fprintf(out, "  %s\n", f)
		}
	}
	if len(r.Methods) == 0 {
		return nil
	}
	fmt.Fprintln(out, "methods: where the conditions hold, is the relation true?")
	m := newTable("  ", column{Left: true, Min: 10, Gap: 1}, column{Min: 9, Gap: 1}, column{Min: 9, Gap: 1}, column{Min: 9, Gap: 1}, column{Min: 14, Gap: 1})
	m.row("method", "applies", "holds", "violated", "undetermined", "  relation")
	for _, x := range r.Methods {
		m.row(x.Name, fmt.Sprint(x.Applies), fmt.Sprint(x.Holds), failedCell(x.Violated), fmt.Sprint(x.Undetermined), "  "+x.Relation)
	}
	if err := m.write(env, out); err != nil {
		return err
	}
	for _, m := range r.Methods {
		for _, c := range m.Counterexamples {
			fmt.Fprintf(out, "  %s is false at %s (%s)\n", m.Name, c.FEN, valuesText(c.Values))
		}
	}
	return nil
}

func valuesText(v map[string]bool) string {
	var parts []string
	for _, k := range sortedKeys(v) {
		parts = append(parts, fmt.Sprintf("%s = %v", k, v[k]))
	}
	return strings.Join(parts, ", ")
}

// notAFunction completes verify's NotAFunctionError with the start's
// position (Start indexes starts) and, when a search ran out of its node
// budget and the budget was not exact, how to verify again.
func notAFunction(err error, starts []verify.Start[chess.Position], exact bool) error {
	var nf *verify.NotAFunctionError
	if !errors.As(err, &nf) || nf.Start < 0 || nf.Start >= len(starts) {
		return err
	}
	msg := fmt.Sprintf("%v\nthe start: %s", err, starts[nf.Start].Pos.FEN())
	if nf.Budget() && !exact {
		msg += "\nverify again with --exact-budget (a search is undetermined only where a search from an empty memo runs out; slower) or a larger --max-nodes"
	}
	return errors.New(msg)
}

// writeWorkerStats writes what each worker did in pass i of n
// (--worker-stats): its starts, nodes, memo hits, search nodes, its
// thread's CPU time, when it started (since the command's start, as the
// phases) and when it ended (since the pass's workers started), and how
// long it then waited for the last worker.
func writeWorkerStats(w io.Writer, i, n int, ws []verify.WorkerStats) {
	last := lastEnd(ws)
	for k, s := range ws {
		fmt.Fprintf(w, "pass %d/%d worker %d: %d starts, %d nodes, %d memo hits, %d search nodes, %.3f s of CPU, started at %.3f s, ended at %.3f s (%.3f s before the last)\n",
			i, n, k+1, s.Starts, s.Nodes, s.MemoHits, s.SearchNodes, s.CPU.Seconds(), sinceStart(s.Began), s.End.Seconds(), (last - s.End).Seconds())
	}
}

// writeBaseWorkerStats is writeWorkerStats for an AL3 base's stage
// ("query" or "methods") of pass i of n: the positions each worker took,
// the search nodes of its answers (the query's; the methods' deciders
// do not count theirs) and its times. (A base has no memo of results:
// each worker's answerer keeps its searcher's memo within a chunk.)
func writeBaseWorkerStats(w io.Writer, i, n int, stage string, ws []verify.WorkerStats) {
	last := lastEnd(ws)
	for k, s := range ws {
		nodes := ""
		if stage == "query" {
			nodes = fmt.Sprintf(" %d search nodes,", s.SearchNodes)
		}
		fmt.Fprintf(w, "pass %d/%d %s worker %d: %d positions,%s %.3f s of CPU, started at %.3f s, ended at %.3f s (%.3f s before the last)\n",
			i, n, stage, k+1, s.Starts, nodes, s.CPU.Seconds(), sinceStart(s.Began), s.End.Seconds(), (last - s.End).Seconds())
	}
}

// lastEnd is when the last of ws ended.
func lastEnd(ws []verify.WorkerStats) time.Duration {
	var last time.Duration
	for _, s := range ws {
		last = max(last, s.End)
	}
	return last
}

// sinceStart is t in seconds since the command's start (phases), 0 for
// a zero t (a worker that took nothing).
func sinceStart(t time.Time) float64 {
	if t.IsZero() {
		return 0
	}
	return t.Sub(started).Seconds()
}

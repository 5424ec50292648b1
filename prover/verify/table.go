package verify

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// Strategy is the player whose moves are verified: *prover.Strategy (an AL1
// table) satisfies it. Move must be a function of the position and the
// state's Key (prover.StateKey documents why an AL1 strategy is); the
// verifier memoises on that pair. A Decision whose Outcome is not Ongoing
// (Stuck, Undetermined) ends the line as a failure.
type Strategy[P any, M comparable] interface {
	Side() game.Side
	Move(ctx context.Context, pos *P, st prover.State[P, M]) (prover.Decision[P, M], error)
}

// Player is what one worker needs to play: its own strategy (with its own
// searcher) and referee. Neither is shared between goroutines.
type Player[P any, M comparable] struct {
	Strategy Strategy[P, M]
	Referee  game.Referee[P]
	// SearchNodes, when set, tells the search nodes the strategy has
	// spent so far (for TableStats only).
	SearchNodes func() int64
}

// Start is a start position and the oracle's optimal distance to mate from
// it, counted like the verifier's: moves of the strategy's side.
type Start[P any] struct {
	Pos     P
	Optimal int
}

// TableConfig is the input of Table.
type TableConfig[P any, M comparable] struct {
	// Game is shared by the workers: it must be safe for concurrent use
	// (a game whose methods only read their arguments is).
	Game game.Game[P, M]
	// NewPlayer builds one worker's strategy and referee.
	NewPlayer func() (Player[P, M], error)
	Starts    []Start[P]
	// Pos formats a position (a FEN) and Line a line of moves from a
	// position (SAN) for the failures reported; nil: fmt's %v.
	Pos  func(*P) string
	Line func(start *P, moves []M) []string
	// Clock reads a position's halfmove clock: the plies since the last
	// irreversible move (in chess a capture or a pawn move), which the
	// game's Play must reset to 0 and count otherwise. A start begins with
	// its own clock. Nil: no move is irreversible and every start's clock
	// is 0. Only the fifty-move rule (TableOptions.FiftyMove) reads it.
	Clock func(*P) int
	// Group names the kind of a failure from its reason, for the report's
	// tally of failed starts by reason (nil: the reason up to its first
	// colon, e.g. "stuck", "cycle", "stalemate").
	Group func(reason string) string
	// Session, when set, is what this call shares with the other calls
	// of one run over consecutive slices of its starts (TableSession):
	// the workers' players and the memo of results. Nil: a session of
	// its own.
	Session *TableSession[P, M]
	TableOptions
}

// TableSession is what the Table calls of one run over consecutive slices
// of its starts share (al verify's passes over an endgame too large to
// hold its starts at once): the workers, with their players (whose
// searchers keep their memos), and the memo of results. A pass then
// starts where the last one left off instead of cold: on the whole of
// KBBK in three passes the first unit of starts of a cold worker cost
// 15 to 20 million search nodes, against 25 to 60 thousand once warm
// (docs/verify.md, "Workers, memory and CPU", the tenth session). Every
// call must have the same configuration but its starts; what it shares
// changes the time only, never a result (each start's is a function of
// the start). It is not safe for concurrent calls. Close releases the
// memo.
type TableSession[P any, M comparable] struct {
	ws     []*explorer[P, M]
	shared *resultCache
}

// Close releases the session's memo of results and its workers at once
// (else when the collector finds them unreachable); a call given the
// session after starts it anew, as an empty one.
func (s *TableSession[P, M]) Close() {
	if s.shared != nil {
		s.shared.free()
		s.shared = nil
	}
	s.ws = nil
}

// TableOptions are the limits of Table.
type TableOptions struct {
	Options
	// MaxPlies bounds the length of a winning line: a start from which the
	// defence can make the game last longer fails with "limit"
	// (0: DefaultMaxPlies).
	MaxPlies int
	// MaxMemo bounds the slots of the memo of results the workers share,
	// a cache of 16 bytes a slot that grows while it is half full
	// (0: DefaultMaxMemo). At the bound it replaces entries, which costs
	// time, never a verdict.
	MaxMemo int
	// noReplay makes the reasons pass explore every failed start again
	// instead of replaying the first pass's paths (tests compare the two).
	noReplay bool
	// NoShare gives every start a memo table of its own instead of the
	// cache the starts share (slower; for tests and measurements).
	NoShare bool
	// FiftyMove, when positive, is the fifty-move rule in plies (100 for
	// chess): a line on which that many plies follow one another without
	// an irreversible move (TableConfig.Clock), the start's clock counting,
	// and that is not mate by then, is a draw: the start fails with the
	// reason "fifty-move". The report then gives the figures without the
	// rule too (TableReport.WithoutRule).
	FiftyMove int
	// StopAtBudget stops the run, with ErrBudget, at the first decision
	// of the strategy that is undetermined because a search ran out of
	// its node budget (its reason quotes prover.ReasonBudget). A caller
	// whose searches' budgets are not exact (prover.Options.ExactBudget
	// off) sets it: such a decision depends on what the searcher's memo
	// held, so the run is then done again with exact budgets
	// (chessverify.Table).
	StopAtBudget bool
}

// ErrBudget is the error of a run with TableOptions.StopAtBudget that met
// a search run out of its node budget.
var ErrBudget = errors.New("verify: a search of the strategy ran out of its node budget")

// budgetReason reports whether a decision's reason is a search run out of
// its node budget (prover.Strategy quotes the searcher's reason).
func budgetReason(reason string) bool {
	return strings.Contains(reason, "("+prover.ReasonBudget+")")
}

// Defaults and bounds of TableOptions.
const (
	DefaultMaxPlies = 1000
	DefaultMaxMemo  = 16 << 20
	// MaxPliesBound is the largest MaxPlies: the memo keeps a proved
	// node's figures in 16 bits each.
	MaxPliesBound = 32000
)

// FiftyMoveGroup is the group of the starts the fifty-move rule fails.
const FiftyMoveGroup = "fifty-move"

// TableReport is the result of Table. Worst and Mean are over the proved
// starts, and so are OptimalWorst and OptimalMean (the oracle's distances of
// the same starts), so the two pairs compare like with like.
type TableReport struct {
	Positions    int     `json:"positions"`
	Proved       int     `json:"proved"`
	Failed       int     `json:"failed"`
	Worst        int     `json:"worst"`
	Mean         float64 `json:"mean"`
	OptimalWorst int     `json:"optimal_worst"`
	OptimalMean  float64 `json:"optimal_mean"`
	// WorstFEN is the first proved start (in input order) whose worst case
	// is Worst, and WorstLine the game from it when the defence resists
	// the strategy longest (at each of its moves, the reply with the
	// longest worst case, the first in move order among equals): a line
	// of Worst moves of the strategy's side, ending in mate.
	WorstFEN  string   `json:"worst_fen,omitempty"`
	WorstLine []string `json:"worst_line,omitempty"`
	// FiftyMove is the rule's plies when it was applied (0: it was not),
	// and WithoutRule the figures of the same starts without it.
	FiftyMove   int      `json:"fifty_move,omitempty"`
	WithoutRule *Figures `json:"without_rule,omitempty"`
	// Reasons counts the failed starts by the kind of their failure
	// (TableConfig.Group), the most frequent first.
	Reasons  []ReasonCount `json:"reasons"`
	Failures []Failure     `json:"failures"`
	// Results has one entry per start, in the order of the input.
	Results []StartResult `json:"-"`
	// Stats counts the work done; unlike the rest it depends on how the
	// starts were shared among workers.
	Stats TableStats `json:"-"`
}

// Figures are a verification's counts and worst cases (the proved
// starts' worst and mean, beside the oracle's of the same starts).
type Figures struct {
	Proved       int     `json:"proved"`
	Failed       int     `json:"failed"`
	Worst        int     `json:"worst"`
	Mean         float64 `json:"mean"`
	OptimalWorst int     `json:"optimal_worst"`
	OptimalMean  float64 `json:"optimal_mean"`
}

// ReasonCount is how many failed starts fail for one kind of reason.
type ReasonCount struct {
	Reason string `json:"reason"`
	Starts int    `json:"starts"`
}

// Failure is a failed start reported as an example: the position, why it
// fails and the line from it to the failure (the strategy's moves and the
// defence's), for a cycle up to the repeated position.
type Failure struct {
	Index  int      `json:"-"`
	FEN    string   `json:"fen"`
	Reason string   `json:"reason"`
	Line   []string `json:"line"`
}

// StartResult is the verdict on one start: proved with the worst case
// against every defence (Moves of the strategy's side and Plies), or not.
// Fifty: the start is proved without the fifty-move rule and fails under it
// (Proved is false, Moves and Plies are the worst case without the rule).
type StartResult struct {
	Proved       bool
	Fifty        bool
	Moves, Plies int32
	Optimal      int32
}

// TableStats counts the work of Table.
type TableStats struct {
	Nodes    int64 // nodes expanded (strategy consulted or replies listed)
	MemoHits int64
	// Workers is what each worker did in the first pass (the verdicts),
	// in the order of the workers (al verify --worker-stats).
	Workers []WorkerStats
}

// WorkerStats is what one worker did in a table's first pass: the starts
// it verified, the nodes it expanded and the memo's hits among them, the
// strategy's search nodes (when its player tells them: Player.SearchNodes),
// the CPU time of its thread (with Options.WorkerCPU, on Linux; else
// 0), when its goroutine began (Began) and the wall time from
// the pass's start to its last start's end (End: the workers that end
// first wait for the last that long). An AL3 base's passes (Query,
// Methods) fill Starts with the positions, SearchNodes with the nodes of
// its answers (Query) and the times; the rest is 0.
type WorkerStats struct {
	Starts      int
	Nodes       int64
	MemoHits    int64
	SearchNodes int64
	CPU, End    time.Duration
	Began       time.Time
}

// Table verifies a strategy over every start: from each, the graph of
// (position, strategy state) nodes reachable when the strategy plays its
// move and the defence every legal reply. A start is proved when every line
// ends in the referee's mate of the defender within MaxPlies plies; it
// fails when some line reaches a failure (a stalemate, a draw the referee
// declares, the strategy's side mated, the strategy stuck or undetermined) or
// a cycle (the defence can then repeat it forever).
//
// The worst case of a proved start is the longest line to mate when the
// defence plays to make it last (a maximum over the defence's replies, the
// strategy's move being fixed), in moves of the strategy's side.
func Table[P any, M comparable](ctx context.Context, cfg TableConfig[P, M]) (TableReport, error) {
	if cfg.Game == nil || cfg.NewPlayer == nil {
		return TableReport{}, fmt.Errorf("verify: a game and a player factory are needed")
	}
	opt := cfg.TableOptions
	if opt.MaxPlies <= 0 {
		opt.MaxPlies = DefaultMaxPlies
	}
	if opt.MaxPlies > MaxPliesBound {
		return TableReport{}, fmt.Errorf("verify: MaxPlies %d is above %d", opt.MaxPlies, MaxPliesBound)
	}
	if opt.MaxMemo <= 0 {
		opt.MaxMemo = DefaultMaxMemo
	}
	n := len(cfg.Starts)
	rep := TableReport{Positions: n, Results: make([]StartResult, n), Failures: []Failure{}}
	sess := cfg.Session
	if sess == nil {
		sess = &TableSession[P, M]{}
		// Nothing uses it once the workers are done (run waits for them).
		defer sess.Close()
	}
	if sess.shared == nil {
		// One cache of results for all the workers.
		sess.shared = newResultCache(opt.MaxMemo, expectPerStart*n)
	}
	for len(sess.ws) < opt.workers(n) {
		// Factories are called one at a time: they need not be safe for
		// concurrent use.
		pl, err := cfg.NewPlayer()
		if err != nil {
			return rep, err
		}
		if pl.Strategy == nil || pl.Referee == nil {
			return rep, fmt.Errorf("verify: the player factory gave no strategy or no referee")
		}
		sess.ws = append(sess.ws, newExplorer(cfg.Game, pl, opt, sess.shared, cfg.Clock))
	}
	ws := sess.ws[:opt.workers(n)]
	var nodes0, hits0 int64
	rep.Stats.Workers = make([]WorkerStats, len(ws))
	for k, e := range ws {
		e.opt, e.clock, e.last = opt, cfg.Clock, -1
		nodes0, hits0 = nodes0+e.nodes, hits0+e.hits
		rep.Stats.Workers[k] = WorkerStats{Starts: -e.starts, Nodes: -e.nodes, MemoHits: -e.hits, SearchNodes: -e.searchNodes()}
	}
	times := make([]workerTime, len(ws))
	var failed []int
	// What the reasons pass needs of each failed start (not the fifty-move
	// rule's), in start order (fails[k] is the k-th).
	var fails []failure
	texts := map[string]string{}
	var paths pathBudget
	// Each verdict is a function of its start: the workers may take the
	// starts in units smaller than the chunks.
	for _, e := range ws {
		e.keepPath = !opt.noReplay
	}
	err := run(ctx, n, stealUnit(cfg.chunk(n)), ws,
		func(ctx context.Context, e *explorer[P, M], i int) (firstResult, error) {
			e.last = i
			e.starts++
			r, err := e.verify(ctx, &cfg.Starts[i].Pos, false)
			if err != nil {
				return firstResult{}, err
			}
			out := firstResult{StartResult: StartResult{Proved: r.proved && !r.fifty, Fifty: r.fifty, Moves: r.moves, Plies: r.plies, Optimal: int32(cfg.Starts[i].Optimal)}}
			if !r.proved {
				out.fail = failure{start: i, reason: r.reason, how: r.how, path: paths.keep(r.path), reach: r.reach}
			}
			return out, nil
		},
		func(i int, r firstResult) {
			rep.Results[i] = r.StartResult
			if !r.Proved {
				failed = append(failed, i)
			}
			if !r.Proved && !r.Fifty {
				// One string per reason (a strategy's reasons are built
				// anew at each failure).
				f := r.fail
				if k, ok := texts[f.reason]; ok {
					f.reason = k
				} else {
					texts[f.reason] = f.reason
				}
				fails = append(fails, f)
			}
		}, opt.Progress, times, opt.WorkerCPU)
	for _, e := range ws {
		e.keepPath = false
	}
	rep.Stats.Nodes, rep.Stats.MemoHits = -nodes0, -hits0
	for k, e := range ws {
		rep.Stats.Nodes += e.nodes
		rep.Stats.MemoHits += e.hits
		w := &rep.Stats.Workers[k]
		w.Starts += e.starts
		w.Nodes += e.nodes
		w.MemoHits += e.hits
		w.SearchNodes += e.searchNodes()
		w.CPU, w.End, w.Began = times[k].cpu, times[k].end, times[k].began
	}
	// The worker that verified the last starts goes first in the
	// session's next call, whose first starts follow them (its searcher's
	// memo holds what they share); the others keep their order.
	if k := lastWorker(ws); k > 0 {
		e := ws[k]
		copy(ws[1:k+1], ws[:k])
		ws[0] = e
	}
	if err != nil {
		return rep, err
	}
	fig := figures(rep.Results, false)
	rep.Proved, rep.Failed, rep.Worst, rep.Mean, rep.OptimalWorst, rep.OptimalMean = fig.Proved, fig.Failed, fig.Worst, fig.Mean, fig.OptimalWorst, fig.OptimalMean
	if opt.FiftyMove > 0 {
		rep.FiftyMove = opt.FiftyMove
		without := figures(rep.Results, true)
		rep.WithoutRule = &without
	}
	if rep.Reasons, err = reasons(ctx, cfg, ws, rep.Results, fails); err != nil {
		return rep, err
	}
	// The examples: the first failed starts in input order, explored again
	// each with a fresh memo table, so the line and the reason found are a
	// function of the start alone.
	failed = failed[:min(len(failed), opt.examples())]
	rep.Failures = make([]Failure, len(failed))
	err = run(ctx, len(failed), cfg.chunk(len(failed)), ws,
		func(ctx context.Context, e *explorer[P, M], k int) (Failure, error) {
			i := failed[k]
			start := &cfg.Starts[i].Pos
			r, err := e.verify(ctx, start, true)
			if err != nil {
				return Failure{}, err
			}
			if r.proved && r.fifty {
				r.reason = fiftyReason(opt.FiftyMove)
				if r.line, err = e.fiftyLine(ctx, start); err != nil {
					return Failure{}, err
				}
			} else if r.proved {
				return Failure{}, &NotAFunctionError{Start: i, First: firstReason(fails, i)}
			}
			f := Failure{Index: i, Reason: r.reason, FEN: format(cfg.Pos, start), Line: formatLine(cfg.Line, start, r.line)}
			if f.Line == nil {
				f.Line = []string{}
			}
			return f, nil
		},
		func(k int, f Failure) { rep.Failures[k] = f }, nil, nil, false)
	if err != nil || rep.Proved == 0 {
		return rep, err
	}
	for i, r := range rep.Results {
		if r.Proved && int(r.Moves) == rep.Worst {
			start := &cfg.Starts[i].Pos
			line, err := ws[0].worstLine(ctx, start)
			if err != nil {
				return rep, err
			}
			rep.WorstFEN, rep.WorstLine = format(cfg.Pos, start), formatLine(cfg.Line, start, line)
			break
		}
	}
	return rep, nil
}

// lastWorker is the index of the worker that verified the last start.
func lastWorker[P any, M comparable](ws []*explorer[P, M]) int {
	k := 0
	for j, e := range ws {
		if e.last > ws[k].last {
			k = j
		}
	}
	return k
}

// figures sums the results: under the options (Proved), or without the
// fifty-move rule (Proved or Fifty).
func figures(results []StartResult, withoutRule bool) Figures {
	var f Figures
	sum, osum := 0.0, 0.0
	for _, r := range results {
		if !r.Proved && !(withoutRule && r.Fifty) {
			f.Failed++
			continue
		}
		f.Proved++
		f.Worst = max(f.Worst, int(r.Moves))
		f.OptimalWorst = max(f.OptimalWorst, int(r.Optimal))
		sum += float64(r.Moves)
		osum += float64(r.Optimal)
	}
	if f.Proved > 0 {
		f.Mean = sum / float64(f.Proved)
		f.OptimalMean = osum / float64(f.Proved)
	}
	return f
}

func fiftyReason(plies int) string {
	return fmt.Sprintf("%s: the defence can make the game go on for %d plies without a capture or a pawn move", FiftyMoveGroup, plies)
}

// group is the kind of a failure's reason: cfg.Group's, or the reason up
// to its first colon.
func group[P any, M comparable](cfg *TableConfig[P, M], reason string) string {
	if cfg.Group != nil {
		return cfg.Group(reason)
	}
	g, _, _ := strings.Cut(reason, ":")
	return g
}

// reasonsMemo bounds the failed nodes the reasons pass keeps for a chunk:
// beyond it, they are forgotten before the next start.
const reasonsMemo = 1 << 20

// firstResult is a start's result in a table's first pass, with its
// failure's path (failure.path) when it fails.
type firstResult struct {
	StartResult
	fail failure
}

// failure is what the reasons pass needs of a failed start: the reason
// its first exploration found, how, and the path to the failing node (nil
// beyond the pathBudget: the start is then explored again).
// firstReason is the reason the first exploration gave for start i
// (fails is in start order), or "" for a fifty-move draw.
func firstReason(fails []failure, i int) string {
	k := sort.Search(len(fails), func(k int) bool { return fails[k].start >= i })
	if k < len(fails) && fails[k].start == i {
		return fails[k].reason
	}
	return ""
}

type failure struct {
	start  int
	reason string
	how    failHow
	path   []uint64
	// reach is the deepest ply the exploration met (explorer.reach).
	reach int32
}

// maxPathKeys bounds the keys of the failures' paths a table's first pass
// keeps for the reasons pass (8 bytes each; 64 MB).
const maxPathKeys = 8 << 20

// pathBudget counts the keys of the paths kept, for all the workers.
type pathBudget struct{ used atomic.Int64 }

// keep returns path, or nil when the budget is spent (or path is nil).
func (b *pathBudget) keep(path []uint64) []uint64 {
	if path == nil || b.used.Add(int64(len(path))) > maxPathKeys {
		return nil
	}
	return path
}

// reasons tallies the failed starts by the kind of their failure. A start
// the fifty-move rule fails is "fifty-move". The reason of any other
// failed start is the one an exploration of it finds with a memo of its
// own per chunk of starts (the chunks of the run, whose memo is emptied at
// each chunk's first start), which keeps each failure's reason: the kind
// found is then a function of the chunk's starts, the same for any number
// of workers and in a shard, and a genuine failure of the start (the
// shared memo of the first pass knows only that a node fails, not why).
//
// Most of these explorations need not be run (replay): the first pass
// found each failure by a depth-first search in the same order, and what
// the memos hold does not change the first failure such a search finds,
// except through the failed nodes it meets. A proved node's subgraph
// reaches no failure and no cycle, and the ply limit is met below a proved
// node exactly when its worst case says so, so whether a proved node is
// explored again or read from a memo, the search goes on to the same next
// node. So the exploration of the reasons pass follows the first pass's
// path to its failing node, and finds the first pass's failure, unless it
// meets on that path a node the chunk's memo holds as failed (it then
// fails with that node's reason, recording the path above it), or the
// first pass's failure was a failed node of the shared memo (then the
// start is explored again, from the chunk's failed nodes and the shared
// memo's proved ones). The tally is then that of exploring every failed
// start again (TestReasonsReplay), at the cost of only those explorations.
func reasons[P any, M comparable](ctx context.Context, cfg TableConfig[P, M], ws []*explorer[P, M], results []StartResult, fails []failure) ([]ReasonCount, error) {
	count := map[string]int{}
	for _, r := range results {
		if r.Fifty {
			count[FiftyMoveGroup]++
		}
	}
	if len(fails) == 0 {
		return sortReasons(count), nil
	}
	n := len(results)
	chunk := cfg.chunk(n)
	replay := !cfg.noReplay
	var cont map[uint64]nodeAt
	if replay {
		cont = continuations(fails)
	}
	for _, e := range ws {
		if replay {
			e.failures, e.on = map[uint64]int32{}, map[uint64]struct{}{}
		} else {
			e.chunked = true
		}
	}
	// The chunks whose starts have failed, and each one's failures: a
	// unit of the run is a chunk of the failed starts.
	var lo []int // fails[lo[c]:lo[c+1]] are those of the c-th such chunk
	for k, f := range fails {
		if k == 0 || f.start/chunk != fails[k-1].start/chunk {
			lo = append(lo, k)
		}
	}
	lo = append(lo, len(fails))
	err := run(ctx, len(lo)-1, 1, ws,
		func(ctx context.Context, e *explorer[P, M], c int) ([]string, error) {
			// The chunk's memo starts empty.
			e.clearExact()
			clear(e.failures)
			out := make([]string, 0, lo[c+1]-lo[c])
			for k := lo[c]; k < lo[c+1]; k++ {
				f := &fails[k]
				if len(e.exactMemo) > reasonsMemo || len(e.failures) > reasonsMemo {
					// Between two starts when the memo is large: what the
					// chunk finds still depends on its starts alone.
					e.clearExact()
					clear(e.failures)
				}
				if replay {
					if reason, ok := e.replay(f, fails, cont); ok {
						out = append(out, reason)
						continue
					}
				}
				r, err := e.verify(ctx, &cfg.Starts[f.start].Pos, false)
				if err == nil && r.proved {
					err = &NotAFunctionError{Start: f.start, First: f.reason}
				}
				if err != nil {
					return nil, err
				}
				out = append(out, r.reason)
			}
			return out, nil
		},
		func(_ int, rs []string) {
			for _, reason := range rs {
				count[group(&cfg, reason)]++
			}
		}, nil, nil, false)
	for _, e := range ws {
		e.chunked, e.failures, e.on = false, nil, nil
		e.clearExact()
	}
	if err != nil {
		return nil, err
	}
	return sortReasons(count), nil
}

// sortReasons lists counts by reason, the most frequent first (by name
// among equals).
func sortReasons(count map[string]int) []ReasonCount {
	out := []ReasonCount{}
	for r, n := range count {
		out = append(out, ReasonCount{Reason: r, Starts: n})
	}
	sort.Slice(out, func(a, b int) bool {
		return out[a].Starts > out[b].Starts || out[a].Starts == out[b].Starts && out[a].Reason < out[b].Reason
	})
	return out
}

func format[P any](f func(*P) string, p *P) string {
	if f != nil {
		return f(p)
	}
	return fmt.Sprint(*p)
}

func formatLine[P any, M comparable](f func(*P, []M) []string, start *P, line []M) []string {
	if f != nil {
		return f(start, line)
	}
	out := []string{}
	for _, m := range line {
		out = append(out, fmt.Sprint(m))
	}
	return out
}

// TablePlayer returns the player factory of an AL1 table: each call builds
// a prover.Strategy over table with a searcher of its own (options opt) and
// a referee from newReferee, so that every worker has its own. Each setup
// is applied to every searcher built (al gives it its learned memory).
func TablePlayer[P any, M comparable](g game.Game[P, M], table *kb.Table[P], opt prover.Options,
	newReferee func() game.Referee[P], setup ...func(*prover.Searcher[P, M])) func() (Player[P, M], error) {
	return func() (Player[P, M], error) {
		search := prover.NewSearcher(g, opt)
		for _, f := range setup {
			f(search)
		}
		s, err := prover.NewStrategy(g, table, search)
		if err != nil {
			return Player[P, M]{}, err
		}
		return Player[P, M]{Strategy: s, Referee: newReferee(), SearchNodes: func() int64 { return search.Stats().Nodes }}, nil
	}
}

// NotAFunctionError says that a start failed when it was first explored and
// was proved when explored again with another memo: the strategy's move
// at some position was not a function of (position, state key). First is
// the first exploration's reason. The usual cause is a search with a node
// budget (prover.Options.MaxNodes) that ran out with one memo and not with
// another (a memo hit costs no nodes): Budget reports it, and a budget
// made exact (prover.Options.ExactBudget) or larger removes it.
type NotAFunctionError struct {
	Start int
	First string
}

// Budget reports whether the first exploration failed on a search that ran
// out of its node budget.
func (e *NotAFunctionError) Budget() bool {
	return budgetReason(e.First)
}

func (e *NotAFunctionError) Error() string {
	first := ""
	if e.First != "" {
		first = " (" + e.First + ")"
	}
	if e.Budget() {
		return fmt.Sprintf("verify: start %d failed once%s and was proved when explored again: a search ran out of its node budget with one memo and not with another, so at this budget the strategy is not a function of (position, state key)", e.Start, first)
	}
	return fmt.Sprintf("verify: start %d failed once%s and was proved when explored again: the strategy is not a function of (position, state key)", e.Start, first)
}

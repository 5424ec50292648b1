// Package chessverify wires the game-independent verifier (prover/verify)
// to chess: the start positions and the truth come from the tablebase, the
// strategy of an AL1 table plays through prover.Strategy with the
// verification referee, an AL3 base answers through the AL3 cycle with the
// prover's evaluator, its method relations are decided by evaluation,
// search and the oracle, and positions and lines are written in FEN and
// SAN. It also draws the deterministic samples of `--sample N --seed S`
// and compares two verifications position by position (`al compare`).
// It lives outside chess and prover because neither may import the other;
// docs/verify.md ("The chess commands") records its decisions.
package chessverify

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"weak"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/internal/chesssolve"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/al3"
	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
)

// Defaults of Options.
const (
	// DefaultMaxNodes bounds one forcing-tree search of a table's strategy
	// (prover.DefaultMaxNodes) and, for an AL3 base, the nodes of one
	// position's run and of one hypothesis's decision.
	DefaultMaxNodes = 1_000_000
	// SearchMemo is the number of entries of each worker's forcing-tree
	// memo (prover.Options.MaxMemo: two generations of 512K entries, 16
	// bytes an entry at most half full, so 32 MB, and the trees they
	// keep), a quarter of the prover's default. On the two KBBK starts of
	// TestKBBKProvedStarts it costs 8 s where the default costs 4 s and
	// 256K entries 12 s; the prover's default for every worker of a whole
	// KBBK verification would hold far more memory.
	SearchMemo = 1 << 20
	// SharedSearchMemo is the number of entries of the forcing-tree memo
	// the workers of a table's verification share (prover.SharedMemo: 16
	// bytes an entry and 8 for a proof's pointer, 48 MB, and the trees
	// of its proofs), when their searches have no exact budget and no
	// memory: one memo of twice a worker's own (docs/verify.md, "Workers,
	// memory and CPU").
	SharedSearchMemo = 1 << 21
)

// Options are the limits of a verification. The zero value means the
// defaults.
type Options struct {
	// Workers is the number of goroutines (0: all cores).
	Workers int
	// Examples bounds the failures, wrong answers and counterexamples of
	// each kind (0: verify.DefaultExamples; negative: none).
	Examples int
	// Sample, when positive, verifies a sample of that many start
	// positions drawn with Seed (see Sample).
	Sample int
	Seed   uint64
	// MaxNodes bounds a forcing-tree search (tables: one decision of the
	// strategy; AL3: one position's run and one hypothesis) (0:
	// DefaultMaxNodes).
	MaxNodes int64
	// MaxCycles bounds the AL3 cycles of one position (0: the cycle's
	// default).
	MaxCycles int
	// MaxPlies bounds a winning line of a table (0: verify's default).
	MaxPlies int
	// FiftyMove applies the fifty-move rule to a table's games: a line
	// that goes on for 100 plies with no capture or pawn move, the start's
	// halfmove clock counting, and is not mate by then fails with the
	// reason "fifty-move" (verify.TableOptions.FiftyMove).
	FiftyMove bool
	// ExactBudget makes a table's searches exact at any budget
	// (prover.Options.ExactBudget): a search is undetermined exactly when
	// the same search from an empty memo runs out of MaxNodes. Below
	// DefaultMaxNodes they are exact without it.
	ExactBudget bool
	// FixedBudget makes MaxNodes bound every search of a table, the
	// advice's own budgets (`nodes N`, kb.Advice.MaxNodes) ignored
	// (prover.Options.FixedBudget): al verify --max-nodes given.
	FixedBudget bool
	// MaxMemo bounds the memo of a table's verification, the results of
	// the explored positions that the workers share, in slots of 16 bytes
	// (0: verify.DefaultMaxMemo, 256 MB; al verify's default is 128 MB).
	MaxMemo int
	// WorkerCPU measures each worker's thread CPU time in a table's
	// first pass and in an AL3 base's passes (verify.Options.WorkerCPU;
	// al verify --worker-stats).
	WorkerCPU bool
	// Progress, when set, receives the stage ("table", "query",
	// "methods") and how far it has come.
	Progress func(stage string, done, total int)
	// Chunk is the number of consecutive positions a worker takes at a
	// time (0: verify's choice from their number). A shard of a larger
	// list sets the whole list's (verify.ChunkSize), so that an AL3
	// base's memo lives for the same chunks as in a whole run.
	Chunk int
	// Memory, when set, is the learned memory every forcing-tree search
	// consults (al learn memory; read only during the verification).
	Memory *memstore.Memory[chess.Position]
	// Session, when set, is shared by the Table calls of one run over
	// consecutive slices of its starts (verify.TableSession: the workers
	// and their memos go on from one slice to the next).
	Session *verify.TableSession[chess.Position, chess.Move]
	// exactBelow is the budget below which a table's searches are exact
	// from the start (0: DefaultMaxNodes); tests lower it to reach, at a
	// small budget, what Table does at the default one.
	exactBelow int64
}

// useMemory gives s the memory of o, if any.
func (o Options) useMemory(s *prover.Searcher[chess.Position, chess.Move]) {
	if o.Memory != nil {
		s.UseMemory(o.Memory.Facts, o.Memory.ID)
	}
}

// shareMemo returns what gives each worker's searcher the forcing-tree
// memo they all share (made when the first worker starts), or nothing
// when the searches cannot share one (an exact budget, a memory).
func (o Options) shareMemo(sopt prover.Options) func(*prover.Searcher[chess.Position, chess.Move]) {
	if sopt.ExactBudget || o.Memory != nil {
		return func(*prover.Searcher[chess.Position, chess.Move]) {}
	}
	var once sync.Once
	var m *prover.SharedMemo[chess.Position, chess.Move]
	return func(s *prover.Searcher[chess.Position, chess.Move]) {
		once.Do(func() { m = prover.NewSharedMemo[chess.Position, chess.Move](SharedSearchMemo) })
		s.ShareMemo(m)
	}
}

func (o Options) maxNodes() int64 {
	if o.MaxNodes <= 0 {
		return DefaultMaxNodes
	}
	return o.MaxNodes
}

// leastBudget is the least node budget of a search of table's rules'
// advice: MaxNodes, or an advice's own (`nodes N`) unless FixedBudget.
// Below DefaultMaxNodes the searches are made exact (ExactBudget), so that
// the report is a function of the starts.
func (o Options) leastBudget(table *kb.Table[chess.Position]) int64 {
	least := o.maxNodes()
	for _, r := range table.Rules {
		for _, a := range r.Advice {
			if a.MaxNodes > 0 && !o.FixedBudget {
				least = min(least, a.MaxNodes)
			}
		}
	}
	return least
}

func (o Options) verifyOptions(stage string) verify.Options {
	v := verify.Options{Workers: o.Workers, Examples: o.Examples, Chunk: o.Chunk, WorkerCPU: o.WorkerCPU}
	if o.Progress != nil {
		v.Progress = func(done, total int) { o.Progress(stage, done, total) }
	}
	return v
}

// Sample returns the indices of a deterministic sample of k of n items,
// in increasing order: the first k of a Fisher-Yates shuffle of 0..n-1
// driven by a PCG generator seeded with (seed, 0) (math/rand/v2), sorted.
// k <= 0 or k >= n gives every index. The shuffle is sparse (only the
// entries it moves are stored), so a sample costs memory in k, not n.
func Sample(n, k int, seed uint64) []int {
	if k <= 0 || k >= n {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	moved := make(map[int]int, 2*k)
	at := func(i int) int {
		if v, ok := moved[i]; ok {
			return v
		}
		return i
	}
	r := rand.New(rand.NewPCG(seed, 0))
	idx := make([]int, k)
	for i := range k {
		j := i + r.IntN(n-i)
		vi, vj := at(i), at(j)
		moved[j] = vi
		idx[i] = vj
	}
	sort.Ints(idx)
	return idx
}

// Pick returns the items of all at Sample(len(all), n, seed), in order
// (all of them when n <= 0 or n >= len(all)).
func Pick[T any](all []T, n int, seed uint64) []T {
	if n <= 0 || n >= len(all) {
		return all
	}
	out := make([]T, 0, n)
	for _, i := range Sample(len(all), n, seed) {
		out = append(out, all[i])
	}
	return out
}

// pickFrom returns the items the sample of k of seed chooses among those
// each yields, in order, and how many it yields: each is walked twice,
// once to count, once to keep the chosen ones, so that a sample of a few
// positions of a large endgame (KBBK has 2.5 million starts) never holds
// all of them. k <= 0 keeps every item.
func pickFrom[T any](each func(yield func(T) bool), k int, seed uint64) ([]T, int) {
	n := 0
	each(func(T) bool { n++; return true })
	if k <= 0 || k >= n {
		// Sized beforehand: all the starts of KBBK take 240 MB, and
		// growing the slice would hold twice that for a moment.
		out := make([]T, 0, n)
		each(func(x T) bool { out = append(out, x); return true })
		return out, n
	}
	chosen := Sample(n, k, seed)
	out := make([]T, 0, k)
	i := 0
	each(func(x T) bool {
		if len(out) < len(chosen) && chosen[len(out)] == i {
			out = append(out, x)
		}
		i++
		return len(out) < len(chosen)
	})
	return out, n
}

// FiftyMovePlies is the fifty-move rule in plies: fifty moves of each side.
const FiftyMovePlies = 100

// Group is the kind of a table's failure in the report's tally by reason:
// "material lost" (the defence took one of the table's men, or only the
// kings or too little material are left), or the reason up to its first
// colon: "stuck", "stalemate", "cycle", "lost" (the table's side mated),
// "undetermined", "limit", "fifty-move".
func Group(reason string) string {
	if strings.Contains(reason, "material lost") {
		return "material lost"
	}
	g, _, _ := strings.Cut(reason, ":")
	return g
}

// Referee is the verification's referee: chessplay.Referee (mate,
// stalemate, material gone or insufficient) without the fifty-move rule,
// and with a rule of its own: the strategy's side losing material is a
// loss. The fifty-move rule depends on the moves since the last capture,
// which is not part of the position the verifier memoises; a line that
// never ends is found as a cycle, and the worst case says how long the
// longest line is.
type Referee struct {
	// Side is the strategy's side and Men its men besides the king in the
	// endgame verified. Where the game goes on with fewer (the defence has
	// taken one: a rook that wins the queen in KQKR), the line ends as lost
	// by the strategy's side, which no longer wins. Nil Men: no such rule.
	Side chess.Color
	Men  []chess.PieceType
}

// NewReferee is the referee of a table of side's verified over eg.
func NewReferee(side game.Side, eg tablebase.Endgame) Referee {
	if side == game.White {
		return Referee{Side: chess.White, Men: eg.Pieces()}
	}
	return Referee{Side: chess.Black, Men: eg.BlackPieces()}
}

// Over implements game.Referee.
func (r Referee) Over(p *chess.Position) (game.Outcome, string, bool) {
	o, why, over := chessplay.Referee{}.Over(p)
	switch o {
	case game.Mate:
		return o, "checkmate, " + p.SideToMove().String() + " is mated", true
	case game.Draw:
		switch why {
		case "fifty-move rule":
			o, why, over = game.Ongoing, "", false
		case "material gone", "insufficient material":
			why = "material lost (" + why + ")"
		}
	}
	if over || r.Men == nil {
		return o, why, over
	}
	have := p.ColorPieces(r.Side) &^ p.Pieces(r.Side, chess.King)
	if have.Count() >= len(r.Men) {
		return o, why, over
	}
	var left []chess.PieceType
	for t := chess.Queen; t >= chess.Pawn; t-- {
		for range p.Pieces(r.Side, t).Count() {
			left = append(left, t)
		}
	}
	why = fmt.Sprintf("material lost: %s has %s besides the king, the endgame gave it %s", r.Side, menText(left), menText(r.Men))
	if p.SideToMove() != r.Side {
		// Not reached (material is lost by the defence's capture, and the
		// strategy's side is then to move), but never a win.
		return game.Draw, why, true
	}
	return game.Mate, why, true
}

// menText writes a list of men: "nothing", "a queen", "a bishop and a
// knight".
func menText(men []chess.PieceType) string {
	if len(men) == 0 {
		return "nothing"
	}
	out := ""
	for i, t := range men {
		switch {
		case i == 0:
		case i == len(men)-1:
			out += " and "
		default:
			out += ", "
		}
		out += "a " + t.String()
	}
	return out
}

// whiteWins is the oracle's "White wins" from v, the value from the side
// to move's view.
func whiteWins(p *chess.Position, v tablebase.Value) bool {
	if p.SideToMove() == chess.White {
		return v.Outcome == tablebase.Win
	}
	return v.Outcome == tablebase.Loss
}

func colour(s game.Side) chess.Color {
	if s == game.White {
		return chess.White
	}
	return chess.Black
}

// TableStarts returns the start positions of a table of side's: every
// legal position of t with side to move that the tablebase says side wins,
// in the tablebase's order, with its distance to mate; then the sample of
// o, if any (see SampleTableStarts).
func TableStarts(t *tablebase.Table, side game.Side, o Options) []verify.Start[chess.Position] {
	s, _ := SampleTableStarts(t, side, o.Sample, o.Seed)
	return s
}

// SampleTableStarts returns the sample of n starts drawn with seed (Pick; every start
// when n <= 0) and how many starts the endgame has. Only the positions
// drawn are built: the whole of a four-man endgame holds millions.
func SampleTableStarts(t *tablebase.Table, side game.Side, n int, seed uint64) ([]verify.Start[chess.Position], int) {
	out := SampleTableStartsIn(t, side, n, seed, 0, math.MaxInt)
	_, total := CountTableStarts(t, side, n)
	return out, total
}

// CountTableStarts returns how many starts SampleTableStarts(t, side, n,
// seed) returns and how many the endgame has, building none.
func CountTableStarts(t *tablebase.Table, side game.Side, n int) (items, total int) {
	return countSample(t, winsOf(side), n)
}

// SampleTableStartsIn returns the starts lo..hi-1 of SampleTableStarts(t,
// side, n, seed)'s list, building those alone (a shard's).
func SampleTableStartsIn(t *tablebase.Table, side game.Side, n int, seed uint64, lo, hi int) []verify.Start[chess.Position] {
	f := winsOf(side)
	if everyStart(t, f, n) {
		return buildStarts(t, side, lo, hi, nil)
	}
	keep, _ := sampled(t, f, n, seed)
	want := wanted(t, f, n, lo, hi)
	out := make([]verify.Start[chess.Position], 0, want)
	for p, v := range t.Select(within(keep, lo, hi)) {
		out = append(out, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
		if len(out) == want {
			// The rest of the walk would keep nothing (for White's
			// starts, the positions with Black to move: half of it).
			break
		}
	}
	return out
}

// everyStart reports whether the sample of n of f's positions is all of
// them.
func everyStart(t *tablebase.Table, f filter, n int) bool { return n <= 0 || n >= count(t, f) }

// buildStarts returns the starts lo..hi-1 of every start of side's (a
// slice of SampleTableStarts(t, side, 0, ...)), built in parts of
// consecutive starts at once, a part for each of the machine's cores: each
// part walks the table from the square of White's king where its first
// start is (kingStarts), skipping the starts before it on that square
// without building them. Built on one core, KRK's 175,168 starts took
// about 20 ms and each of KBBK's passes of 835,584 starts about 80 ms
// while the workers waited (docs/verify.md, the sixteenth session). The
// list is the same as the walk's on one core, in the same order, for any
// number of parts. The list is spare[:hi-lo] when spare has room for it
// (every start of it written), else a new one.
func buildStarts(t *tablebase.Table, side game.Side, lo, hi int, spare []verify.Start[chess.Position]) []verify.Start[chess.Position] {
	cum := kingStarts(t, side)
	lo, hi = max(lo, 0), min(hi, cum[64])
	if lo >= hi {
		return []verify.Start[chess.Position]{}
	}
	out := spare[:0]
	if cap(out) >= hi-lo {
		out = out[:hi-lo]
	} else {
		out = make([]verify.Start[chess.Position], hi-lo)
	}
	parts := max(1, min(runtime.GOMAXPROCS(0), (hi-lo)/minStartsPart))
	var wg sync.WaitGroup
	for k := range parts {
		a, b := lo+(hi-lo)*k/parts, lo+(hi-lo)*(k+1)/parts
		wg.Go(func() { fillStarts(t, side, cum, a, out[a-lo:b-lo]) })
	}
	wg.Wait()
	return out
}

// minStartsPart is the fewest starts buildStarts gives a part of its own.
const minStartsPart = 4096

// fillStarts fills dst with the starts a, a+1, ... of every start of
// side's, whose numbers before each square of White's king are cum.
func fillStarts(t *tablebase.Table, side game.Side, cum *[65]int, a int, dst []verify.Start[chess.Position]) {
	// The square of White's king of start a: the last one with cum <= a.
	sq := sort.Search(64, func(s int) bool { return cum[s+1] > a })
	skip := a - cum[sq]
	keep := winsOf(side).keep
	i := 0
	for p, v := range t.SelectIn(func(stm chess.Color, v tablebase.Value) bool {
		if !keep(stm, v) {
			return false
		}
		if skip > 0 {
			skip--
			return false
		}
		return true
	}, colour(side), sq, 64) {
		dst[i] = verify.Start[chess.Position]{Pos: p, Optimal: v.DTM}
		i++
		if i == len(dst) {
			return
		}
	}
	// The table has fewer starts than its counts say: it cannot happen
	// (TestBuildStartsIsTheWalk).
	panic(fmt.Sprintf("chessverify: %s has %d starts of %s's from the %d-th, not %d", t.Endgame(), i, side, a, len(dst)))
}

// kingStarts returns the number of side's starts of t before each square
// of White's king, and their number in all (at 64): counted once per table
// and side (Table.CountByKing, a walk that builds no position, in parts of
// the squares at once: 60 ms on one core for KBBK), and kept as count's
// are.
func kingStarts(t *tablebase.Table, side game.Side) *[65]int {
	k := countKey{weak.Make(t), int(colour(side))}
	if c, ok := kingCounts.Load(k); ok {
		return c.(*[65]int)
	}
	parts := min(runtime.GOMAXPROCS(0), 8)
	by := make([][64]int, parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { by[p] = t.CountByKing(winsOf(side).keep, colour(side), 64*p/parts, 64*(p+1)/parts) })
	}
	wg.Wait()
	var cum [65]int
	for s := range 64 {
		cum[s+1] = cum[s]
		for p := range parts {
			cum[s+1] += by[p][s]
		}
	}
	kingCounts.Store(k, &cum)
	return &cum
}

// kingCounts holds kingStarts's results by countKey.
var kingCounts sync.Map

// StartsWalk builds the starts of SampleTableStartsIn for consecutive
// slices, pass after pass (al verify's passes over an endgame too large
// to hold its starts at once): one walk of the table, paused between the
// slices, instead of one walk from the table's beginning for each slice.
// The third pass of the whole of KBBK skipped 1.67 million starts before
// its first one, 0.3 to 0.6 s of CPU on one core while the workers waited
// (docs/verify.md, "Workers, memory and CPU", the fifteenth session). A
// walk holds nothing between its slices but its place; Close ends it.
// Without a sample (every start), a slice needs no walk kept: it is built
// in parts from where it begins (buildStarts).
type StartsWalk struct {
	t      *tablebase.Table
	side   game.Side
	n      int
	seed   uint64
	next   int // the first start of the next slice, when it follows on
	spare  []verify.Start[chess.Position]
	req    chan int
	reply  chan []verify.Start[chess.Position]
	closed bool
}

// NewStartsWalk returns the walk of SampleTableStartsIn(t, side, n, seed,
// ...)'s starts.
func NewStartsWalk(t *tablebase.Table, side game.Side, n int, seed uint64) *StartsWalk {
	return &StartsWalk{t: t, side: side, n: n, seed: seed}
}

// Next returns SampleTableStartsIn(t, side, n, seed, lo, hi): from the
// walk where the last slice ended when lo is its end (the first slice's
// lo is 0), else from a walk of its own; every start (no sample) in parts
// from where the slice begins.
func (w *StartsWalk) Next(lo, hi int) []verify.Start[chess.Position] {
	if everyStart(w.t, winsOf(w.side), w.n) {
		spare := w.spare
		w.spare = nil
		return buildStarts(w.t, w.side, lo, hi, spare)
	}
	if w.closed || lo != w.next {
		return SampleTableStartsIn(w.t, w.side, w.n, w.seed, lo, hi)
	}
	want := wanted(w.t, winsOf(w.side), w.n, lo, hi)
	if want == 0 {
		return []verify.Start[chess.Position]{}
	}
	if w.req == nil {
		w.start()
	}
	w.req <- want
	out := <-w.reply
	w.next = lo + len(out)
	return out
}

// Reuse gives the walk back a slice Next returned, which its caller no
// longer reads: the next slice of every start (no sample) is built in its
// memory when it has room. A pass of the whole of KBBK holds 835,584
// starts, 94 MB: built in the last pass's memory, they cost no new pages
// and leave the heap no larger than one pass's starts make it (the
// collector, near the soft memory limit, ran as the next pass's starts
// were allocated beside the last's garbage).
func (w *StartsWalk) Reuse(s []verify.Start[chess.Position]) { w.spare = s }

// start starts the walk's goroutine: it builds the slices asked of it on
// req, one at a time, and waits inside the walk for the next request.
func (w *StartsWalk) start() {
	w.req, w.reply = make(chan int), make(chan []verify.Start[chess.Position])
	keep, _ := sampled(w.t, winsOf(w.side), w.n, w.seed)
	go func() {
		var cur []verify.Start[chess.Position]
		want := 0
		for p, v := range w.t.Select(keep) {
			if cur == nil {
				n, ok := <-w.req
				if !ok {
					return
				}
				cur, want = make([]verify.Start[chess.Position], 0, n), n
			}
			cur = append(cur, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
			if len(cur) == want {
				w.reply <- cur
				cur = nil
			}
		}
		// The walk is over: what is asked from now on is past its end.
		if cur != nil {
			w.reply <- cur
		}
		for range w.req {
			w.reply <- []verify.Start[chess.Position]{}
		}
	}()
}

// Close ends the walk (its goroutine stops). Next still works after it,
// each slice from a walk of its own.
func (w *StartsWalk) Close() {
	if w.req != nil && !w.closed {
		close(w.req)
	}
	w.closed = true
}

// RuleStarts returns the starts of a table's rule: every legal position
// of t with the table's side to move that the tablebase says that side
// wins and where rule (0-based) is the first of the table's rules whose
// condition holds, in the tablebase's order, with its distance to mate.
// It is the region of one phase of a table, proved on its own (al verify
// --rule); the walk builds every won start once to read the conditions,
// and keeps the region's alone.
func RuleStarts(t *tablebase.Table, table *kb.Table[chess.Position], rule int) []verify.Start[chess.Position] {
	var out []verify.Start[chess.Position]
	if rule < 0 || rule >= len(table.Rules) {
		return out
	}
	f := winsOf(table.Side)
	for p, v := range t.Select(f.keep) {
		if FirstRule(table, &p) == rule {
			out = append(out, verify.Start[chess.Position]{Pos: p, Optimal: v.DTM})
		}
	}
	return out
}

// FirstRule is the index of the first rule of table whose condition holds
// in p (the rule the table consults there), or -1 when none does.
func FirstRule(table *kb.Table[chess.Position], p *chess.Position) int {
	env := kb.Env[chess.Position]{P0: p, P1: p, P2: p}
	for i := range table.Rules {
		if table.Rules[i].Cond != nil && table.Rules[i].Cond.Eval(&env) {
			return i
		}
	}
	return -1
}

// wanted is how many items of those f keeps the sample of n holds in
// lo..hi-1.
func wanted(t *tablebase.Table, f filter, n, lo, hi int) int {
	items, _ := countSample(t, f, n)
	return max(min(hi, items)-max(lo, 0), 0)
}

// filter keeps some of a table's positions: keep accepts them, and id
// names what it keeps (a colour's wins with that colour to move, or every
// position), so that their number is counted once per table (count), from
// the table's counts (of).
type filter struct {
	id   int
	keep func(chess.Color, tablebase.Value) bool
	of   func(st *[2]tablebase.Stats) int
}

// winsOf keeps the positions side is to move in and wins.
func winsOf(side game.Side) filter {
	us := colour(side)
	return filter{int(us), func(stm chess.Color, v tablebase.Value) bool { return stm == us && v.Outcome == tablebase.Win },
		func(st *[2]tablebase.Stats) int { return st[us].Wins }}
}

// SelectTableStarts is SampleTableStarts without the list: each call of
// each walks the same starts again, in the same order, building one
// position at a time (a learner that passes over the whole of KBBK
// several times never holds its 2.5 million starts). total is as
// SampleTableStarts's, or -1 when n <= 0 (every start; not counted).
func SelectTableStarts(t *tablebase.Table, side game.Side, n int, seed uint64) (each func() iter.Seq2[chess.Position, tablebase.Value], total int) {
	fresh, total := sampler(t, winsOf(side), n, seed)
	return func() iter.Seq2[chess.Position, tablebase.Value] { return t.Select(fresh()) }, total
}

// count is how many legal positions of t f keeps, read from the table's
// counts (Table.Stats, which reads each stored value once) once per table
// and filter: a sample's verification asks for it twice (to draw the
// sample, and for the report). Walking the legal positions instead (as
// countWalk does) took 0.5 to 1 s of CPU on KBBK, before the workers
// start; Stats about 0.1 s (TestCountIsTheWalks).
func count(t *tablebase.Table, f filter) int {
	k := countKey{weak.Make(t), f.id}
	if n, ok := counts.Load(k); ok {
		return n.(int)
	}
	st := t.Stats()
	n := f.of(&st)
	counts.Store(k, n)
	return n
}

// counts holds count's results by countKey. A table's key holds no
// reference that would keep it alive.
var counts sync.Map

type countKey struct {
	t  weak.Pointer[tablebase.Table]
	id int
}

// sampled returns a filter for Table.Select that keeps the positions of
// Sample(count(t, keep), n, seed) among those keep accepts (all of them
// when n <= 0 or n >= their number), and their number (-1 when it was not
// counted: n <= 0, all of them are kept).
func sampled(t *tablebase.Table, f filter, n int, seed uint64) (func(chess.Color, tablebase.Value) bool, int) {
	fresh, total := sampler(t, f, n, seed)
	return fresh(), total
}

// sampler is sampled for more than one walk: each call of fresh returns
// the filter of a new walk (the filter counts the positions it is shown).
func sampler(t *tablebase.Table, f filter, n int, seed uint64) (fresh func() func(chess.Color, tablebase.Value) bool, total int) {
	keep := f.keep
	all := func() func(chess.Color, tablebase.Value) bool { return keep }
	if n <= 0 {
		return all, -1
	}
	total = count(t, f)
	if n >= total {
		return all, total
	}
	idx := Sample(total, n, seed)
	return func() func(chess.Color, tablebase.Value) bool {
		i, next := 0, 0
		return func(stm chess.Color, v tablebase.Value) bool {
			if !keep(stm, v) {
				return false
			}
			k := i
			i++
			if next < len(idx) && idx[next] == k {
				next++
				return true
			}
			return false
		}
	}, total
}

// FEN formats a position for the reports.
func FEN(p *chess.Position) string { return p.FEN() }

// SAN formats a line of moves from start, one SAN move a string.
func SAN(start *chess.Position, moves []chess.Move) []string {
	out := make([]string, 0, len(moves))
	p := *start
	for _, m := range moves {
		if !p.IsLegal(m) {
			out = append(out, "(illegal: "+m.UCI()+")")
			break
		}
		out = append(out, p.SAN(m))
		p = p.Play(m)
	}
	return out
}

// TableReport is a table's verification with what it verified.
type TableReport struct {
	Table   string `json:"table"`
	Side    string `json:"side"`
	Endgame string `json:"endgame"`
	verify.TableReport
	// Starts are the positions verified, in the order of Results.
	Starts []verify.Start[chess.Position] `json:"-"`
}

// Table verifies an AL1 table of a chess base over starts (TableStarts).
//
// Its report is a function of the starts, the same for any number of
// workers, only if every decision of the strategy is a function of the
// position and state: a search that runs out of its node budget must run
// out whatever the memo holds (prover.Options.ExactBudget). Exact
// searches cost more (a second search from an empty memo whenever the
// memo's cannot certify the budget, and no memo shared between the
// workers), so at the default budget and above, unless o.ExactBudget,
// the table is first verified with inexact budgets and the workers'
// shared memo, stopping at the first decision a search's budget leaves
// undetermined (verify.TableOptions.StopAtBudget), and then, if one
// did, verified again from the start with exact budgets (and a session's
// players made again). A run in which no search runs out of its budget
// decides every move as searches without a budget would, so its report
// is that of exact searches too, unless a search whose memo let it fit
// within the budget would have run out from an empty one (the budget is
// then met only by the memo's grace; a budget that close to what a
// search needs is met in some memo state and not in another, and the
// run in which it is met is redone exactly).
func Table(ctx context.Context, table *kb.Table[chess.Position], eg tablebase.Endgame,
	starts []verify.Start[chess.Position], o Options) (TableReport, error) {
	exactBelow := o.exactBelow
	if exactBelow <= 0 {
		exactBelow = DefaultMaxNodes
	}
	exact := o.ExactBudget || o.leastBudget(table) < exactBelow
	rep, err := table1(ctx, table, eg, starts, o, exact, !exact)
	if exact || !errors.Is(err, verify.ErrBudget) {
		return rep, err
	}
	if o.Session != nil {
		// Its players' searches are inexact: the session starts anew.
		o.Session.Close()
	}
	return table1(ctx, table, eg, starts, o, true, false)
}

// table1 is Table with exact budgets or with inexact ones, stopping at the
// first search run out of its budget (verify.ErrBudget) when stop (tests
// verify with inexact ones without stopping, as Table did before).
func table1(ctx context.Context, table *kb.Table[chess.Position], eg tablebase.Endgame,
	starts []verify.Start[chess.Position], o Options, exact, stop bool) (TableReport, error) {
	g := chess.Game{}
	sopt := prover.Options{MaxNodes: o.maxNodes(), MaxMemo: SearchMemo, FixedBudget: o.FixedBudget, ExactBudget: exact}
	cfg := verify.TableConfig[chess.Position, chess.Move]{
		Game:      g,
		NewPlayer: verify.TablePlayer[chess.Position, chess.Move](g, table, sopt, func() game.Referee[chess.Position] { return NewReferee(table.Side, eg) }, o.useMemory, o.shareMemo(sopt)),
		Starts:    starts,
		Pos:       FEN,
		Line:      SAN,
		Clock:     func(p *chess.Position) int { return p.HalfmoveClock() },
		Group:     Group,
		Session:   o.Session,
		TableOptions: verify.TableOptions{
			Options:      o.verifyOptions("table"),
			MaxPlies:     o.MaxPlies,
			MaxMemo:      o.MaxMemo,
			StopAtBudget: stop,
		},
	}
	if o.FiftyMove {
		cfg.FiftyMove = FiftyMovePlies
	}
	rep, err := verify.Table(ctx, cfg)
	return TableReport{Table: table.Name, Side: table.Side.String(), Endgame: eg.String(), TableReport: rep, Starts: starts}, err
}

// Truth maps a hypothesis key to the oracle: WhiteWins true means the
// hypothesis is "White wins", false "White does not win".
type Truth map[string]bool

// ParseTruth reads `KEY=win` or `KEY=draw` (White does not win); keys are
// read as hypothesis terms of b and stored by key.
func ParseTruth(b *kb.Base[chess.Position], specs []string) (Truth, error) {
	t := Truth{}
	for _, s := range specs {
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("--truth %q: want HYPOTHESIS=win or HYPOTHESIS=draw", s)
		}
		term, err := b.ParseTerm(strings.TrimSpace(k))
		if err != nil {
			return nil, fmt.Errorf("--truth %q: %v", s, err)
		}
		switch strings.TrimSpace(v) {
		case "win":
			t[term.Key()] = true
		case "draw":
			t[term.Key()] = false
		default:
			return nil, fmt.Errorf("--truth %q: the value is win (White wins) or draw (White does not win), not %q", s, v)
		}
	}
	return t, nil
}

// BaseReport is an AL3 base's verification: its answers against the
// oracle and the soundness of its methods.
type BaseReport struct {
	Query   string `json:"query"`
	Endgame string `json:"endgame"`
	verify.QueryReport
	Methods []verify.MethodReport `json:"methods"`
	// QueryWorkers and MethodsWorkers are what each worker did in the
	// query's pass and the methods' (QueryConfig.Workers, MethodsConfig.Workers):
	// unlike the rest they depend on how the positions were shared.
	QueryWorkers, MethodsWorkers []verify.WorkerStats `json:"-"`
	// Cases are the positions verified, in the order of Answers.
	Cases []verify.Case[chess.Position] `json:"-"`
}

// BaseCases returns every legal position of t, both sides to move, with
// the truth of "White wins"; then the sample of o, if any (see SampleBaseCases).
func BaseCases(t *tablebase.Table, o Options) []verify.Case[chess.Position] {
	c, _ := SampleBaseCases(t, o.Sample, o.Seed)
	return c
}

// SampleBaseCases returns the sample of n positions drawn with seed (every one when
// n <= 0), both sides to move, with the truth of "White wins", and how many
// legal positions the endgame has. Only the positions drawn are built.
func SampleBaseCases(t *tablebase.Table, n int, seed uint64) ([]verify.Case[chess.Position], int) {
	out := SampleBaseCasesIn(t, n, seed, 0, math.MaxInt)
	_, total := CountBaseCases(t, n)
	return out, total
}

// CountBaseCases returns how many cases SampleBaseCases(t, n, seed) (any seed)
// returns and how many legal positions the endgame has, building none.
func CountBaseCases(t *tablebase.Table, n int) (items, total int) {
	return countSample(t, anyPosition, n)
}

// anyPosition keeps every legal position.
var anyPosition = filter{-1, func(chess.Color, tablebase.Value) bool { return true },
	func(st *[2]tablebase.Stats) int { return st[0].Positions + st[1].Positions }}

// SampleBaseCasesIn returns the items lo..hi-1 of SampleBaseCases(t, n,
// seed)'s list, building those alone: a shard of the whole of KQKR (19.7
// million positions, 96 bytes each as cases) holds its own slice only.
func SampleBaseCasesIn(t *tablebase.Table, n int, seed uint64, lo, hi int) []verify.Case[chess.Position] {
	keep, _ := sampled(t, anyPosition, n, seed)
	want := wanted(t, anyPosition, n, lo, hi)
	out := make([]verify.Case[chess.Position], 0, want)
	for p, v := range t.Select(within(keep, lo, hi)) {
		side := game.White
		if p.SideToMove() == chess.Black {
			side = game.Black
		}
		out = append(out, verify.Case[chess.Position]{Pos: p, Side: side, Truth: whiteWins(&p, v)})
		if len(out) == want {
			break
		}
	}
	return out
}

// within keeps the items lo..hi-1 of those keep accepts, in the order
// keep is shown them.
func within(keep func(chess.Color, tablebase.Value) bool, lo, hi int) func(chess.Color, tablebase.Value) bool {
	if lo <= 0 && hi == math.MaxInt {
		return keep
	}
	i := 0
	return func(stm chess.Color, v tablebase.Value) bool {
		if !keep(stm, v) {
			return false
		}
		k := i
		i++
		return k >= lo && k < hi
	}
}

// countSample returns how many positions the sample of n of those keep
// accepts holds (all of them when n <= 0) and how many keep accepts.
func countSample(t *tablebase.Table, f filter, n int) (items, total int) {
	total = count(t, f)
	if n <= 0 || n >= total {
		return total, total
	}
	return n, total
}

// QueryKey returns the key of the query verified: q's, or the base's own.
func QueryKey(b *kb.Base[chess.Position], q *kb.Term) (string, error) {
	if q != nil {
		return q.Key(), nil
	}
	if b.Query == nil {
		return "", errors.New("the knowledge base has no query: give one with --query")
	}
	return b.Query.Key(), nil
}

// Base verifies an AL3 base over cases (BaseCases): its answer to query
// (nil: its own) against the oracle's truth, and every method relation.
// truth maps hypotheses to the oracle; the base's own query, when truth
// does not name it, means "White wins". The query must be in truth then.
func Base(ctx context.Context, tb *tablebase.Tablebase, b *kb.Base[chess.Position], query *kb.Term, truth Truth,
	eg tablebase.Endgame, cases []verify.Case[chess.Position], o Options) (BaseReport, error) {
	key, err := QueryKey(b, query)
	if err != nil {
		return BaseReport{}, err
	}
	truth = copyTruth(truth)
	if _, ok := truth[key]; !ok {
		if query != nil && (b.Query == nil || b.Query.Key() != key) {
			return BaseReport{}, fmt.Errorf("the oracle does not know %s: say what it means with --truth '%s=win' (or =draw)", key, key)
		}
		truth[key] = true
	}
	if _, err := al3.Problem(b, query); err != nil {
		return BaseReport{}, err
	}
	qcases := cases
	if !truth[key] {
		qcases = make([]verify.Case[chess.Position], len(cases))
		for i, c := range cases {
			c.Truth = !c.Truth
			qcases[i] = c
		}
	}
	var qws, mws []verify.WorkerStats
	qr, err := verify.Query(ctx, verify.QueryConfig[chess.Position]{
		Workers:     &qws,
		NewAnswerer: answerer(b, query, o),
		Cases:       qcases,
		Pos:         FEN,
		Options:     o.verifyOptions("query"),
	})
	rep := BaseReport{Query: key, Endgame: eg.String(), QueryReport: qr, Methods: []verify.MethodReport{}, Cases: qcases, QueryWorkers: qws}
	if err != nil {
		return rep, err
	}
	ms := verify.MethodsOf(b)
	if len(ms) == 0 {
		return rep, nil
	}
	positions := make([]chess.Position, len(cases))
	known := make([][]verify.Known, len(cases))
	for i, c := range cases {
		positions[i] = c.Pos
		known[i] = qr.Answers[i].Evaluated
	}
	problem, err := al3.Problem(b, query)
	if err != nil {
		return rep, err
	}
	mr, err := verify.Methods(ctx, verify.MethodsConfig[chess.Position]{
		Methods:    ms,
		NewDecider: decider(tb, b, query, truth, o),
		Positions:  positions,
		Pos:        FEN,
		Cost:       cost(problem, truth),
		Known:      known,
		Workers:    &mws,
		Options:    o.verifyOptions("methods"),
	})
	rep.Methods, rep.MethodsWorkers = mr.Methods, mws
	return rep, err
}

// cost ranks what deciding a hypothesis costs the decider: the oracle and
// lemmas (an evaluation) first, plain hypotheses it cannot decide next,
// searches (refutations, plans) last.
func cost(problem cycle.Problem, truth Truth) func(string) int {
	return func(key string) int {
		if _, ok := truth[key]; ok {
			return 0
		}
		id, ok := problem.Hyps.LookupKey(key)
		kind := cycle.Plain
		if ok {
			kind = problem.Hyps.Get(id).Kind
		}
		switch kind {
		case cycle.Lemma:
			return 0
		case cycle.Plain:
			return 1
		}
		return 2
	}
}

func copyTruth(t Truth) Truth {
	out := Truth{}
	for k, v := range t {
		out[k] = v
	}
	return out
}

// answerer runs the AL3 cycle in a position with a searcher of the
// worker's own, whose memo is kept from position to position within a
// chunk of consecutive positions (neighbours in the tablebase's order share
// much of their searches) and emptied at each chunk's first, so that the
// nodes counted depend on the chunk alone.
func answerer(b *kb.Base[chess.Position], query *kb.Term, o Options) func() (verify.Answerer[chess.Position], error) {
	return func() (verify.Answerer[chess.Position], error) {
		problem, err := al3.Problem(b, query)
		if err != nil {
			return nil, err
		}
		s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxMemo: SearchMemo})
		o.useMemory(s)
		return func(ctx context.Context, pos *chess.Position, fresh bool) (verify.Answer, error) {
			if fresh {
				s.ClearMemo()
			}
			ev := al3.NewEvaluator(b, s, *pos)
			ev.MaxNodes = o.maxNodes()
			res, err := cycle.Run(ctx, problem, ev, cycle.Options{MaxCycles: o.MaxCycles})
			if err != nil {
				return verify.Answer{}, err
			}
			return verify.Answer{Value: res.Answer, Cycles: res.Cycles, Nodes: ev.Nodes, Evaluated: verify.EvaluatedFacts(res)}, nil
		}, nil
	}
}

// decider decides a hypothesis in a position: the oracle for the keys of
// truth, the evaluator (lemmas and observations by their formula, plans
// and refutations by search, each with a budget of its own) for the rest;
// a plain hypothesis the oracle does not know is undecidable.
func decider(tb *tablebase.Tablebase, b *kb.Base[chess.Position], query *kb.Term, truth Truth, o Options) func() (verify.Decider[chess.Position], error) {
	return func() (verify.Decider[chess.Position], error) {
		problem, err := al3.Problem(b, query)
		if err != nil {
			return nil, err
		}
		s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxMemo: SearchMemo})
		o.useMemory(s)
		var ev *al3.Evaluator[chess.Position, chess.Move]
		var cur chess.Position
		return func(ctx context.Context, pos *chess.Position, key string, fresh bool) (bool, bool, error) {
			if fresh {
				s.ClearMemo()
			}
			if want, ok := truth[key]; ok {
				v, err := tb.Value(*pos)
				if err != nil {
					return false, false, err
				}
				return whiteWins(pos, v) == want, true, nil
			}
			id, ok := problem.Hyps.LookupKey(key)
			if !ok || problem.Hyps.Get(id).Kind == cycle.Plain {
				return false, false, nil
			}
			h := problem.Hyps.Get(id)
			if ev == nil || cur != *pos {
				ev = al3.NewEvaluator(b, s, *pos)
				cur = *pos
			}
			ev.Nodes, ev.MaxNodes = 0, o.maxNodes()
			e, err := ev.Evaluate(ctx, h)
			return e.Value, e.Known, err
		}, nil
	}
}

// Verdict is one side of a difference between two verifications: a
// table's verdict on a start (proved in Moves, or failed with Reason and
// Line) or an AL3 base's answer with its one-sentence justification.
type Verdict struct {
	Proved bool     `json:"proved,omitempty"`
	Moves  int      `json:"moves,omitempty"`
	Reason string   `json:"reason,omitempty"`
	Line   []string `json:"line,omitempty"`
	Answer string   `json:"answer,omitempty"`
	// For a base: its query, the truth of it by the oracle, and whether
	// the answer is right, wrong or undetermined.
	Query     string    `json:"query,omitempty"`
	Truth     *bool     `json:"truth,omitempty"`
	Judgement Judgement `json:"judgement,omitempty"`
	// Justification is a base's whole justification (al solve --json).
	Justification *chesssolve.JSON `json:"justification,omitempty"`
}

// Judgement is an AL3 answer measured against the truth.
type Judgement string

const (
	Right        Judgement = "right"
	Wrong        Judgement = "wrong"
	Undetermined Judgement = "undetermined"
)

// judge says whether answer v is right where the query's truth is truth.
func judge(v cycle.Answer, truth bool) Judgement {
	switch {
	case v == cycle.Undetermined:
		return Undetermined
	case (v == cycle.Yes) == truth:
		return Right
	}
	return Wrong
}

// Difference is a position where two verifications differ.
type Difference struct {
	FEN string `json:"fen"`
	// Optimal is the tablebase's distance (tables); WhiteWins the
	// tablebase's truth of the position (bases: each side's Verdict has
	// the truth of its own query).
	Optimal   int     `json:"optimal,omitempty"`
	WhiteWins *bool   `json:"white_wins,omitempty"`
	A         Verdict `json:"a"`
	B         Verdict `json:"b"`
}

// TableComparison sets two tables' verifications side by side.
type TableComparison struct {
	A TableReport `json:"a"`
	B TableReport `json:"b"`
	// Differ counts the starts proved by one table and not the other
	// (OnlyA + OnlyB); Faster* the starts both prove where one has the
	// shorter worst case.
	Differ  int          `json:"differ"`
	OnlyA   int          `json:"only_a"`
	OnlyB   int          `json:"only_b"`
	FasterA int          `json:"faster_a"`
	FasterB int          `json:"faster_b"`
	Diffs   []Difference `json:"differences"`
}

// CompareTables verifies two tables over the same starts and lists the
// first examples (o.Examples, in start order) of the starts one proves and
// the other does not, with the proof's worst case and the failure's reason
// and line (explored again from that start alone, so it is a function of
// the start).
func CompareTables(ctx context.Context, a, b *kb.Table[chess.Position], eg tablebase.Endgame,
	starts []verify.Start[chess.Position], o Options) (TableComparison, error) {
	var c TableComparison
	var err error
	if c.A, err = Table(ctx, a, eg, starts, o); err != nil {
		return c, err
	}
	if c.B, err = Table(ctx, b, eg, starts, o); err != nil {
		return c, err
	}
	limit := examples(o)
	c.Diffs = []Difference{}
	for i := range starts {
		ra, rb := c.A.Results[i], c.B.Results[i]
		switch {
		case ra.Proved && rb.Proved:
			if ra.Moves < rb.Moves {
				c.FasterA++
			} else if rb.Moves < ra.Moves {
				c.FasterB++
			}
			continue
		case ra.Proved == rb.Proved:
			continue
		case ra.Proved:
			c.OnlyA++
		default:
			c.OnlyB++
		}
		c.Differ++
		if len(c.Diffs) >= limit {
			continue
		}
		d := Difference{FEN: FEN(&starts[i].Pos), Optimal: starts[i].Optimal}
		one := starts[i : i+1]
		for _, side := range []struct {
			t *kb.Table[chess.Position]
			r verify.StartResult
			v *Verdict
		}{{a, ra, &d.A}, {b, rb, &d.B}} {
			if side.r.Proved {
				*side.v = Verdict{Proved: true, Moves: int(side.r.Moves)}
				continue
			}
			o1 := o
			o1.Workers, o1.Examples, o1.Progress, o1.Sample = 1, 1, nil, 0
			r, err := Table(ctx, side.t, eg, one, o1)
			if err != nil {
				return c, err
			}
			if len(r.Failures) == 1 {
				*side.v = Verdict{Reason: r.Failures[0].Reason, Line: r.Failures[0].Line}
			}
		}
		c.Diffs = append(c.Diffs, d)
	}
	return c, nil
}

func examples(o Options) int {
	switch {
	case o.Examples == 0:
		return verify.DefaultExamples
	case o.Examples < 0:
		return 0
	}
	return o.Examples
}

// BaseComparison sets two AL3 bases' verifications side by side.
type BaseComparison struct {
	A BaseReport `json:"a"`
	B BaseReport `json:"b"`
	// Differ counts the positions judged differently (right, wrong,
	// undetermined, each against its own query's truth); RightA and
	// RightB those of them each base answers right.
	Differ int          `json:"differ"`
	RightA int          `json:"right_a"`
	RightB int          `json:"right_b"`
	Diffs  []Difference `json:"differences"`
}

// CompareBases verifies two AL3 bases over the same cases, each with its
// own query and that query's truth (the same mapping for both), and
// compares them right against wrong: a position differs when one base
// answers it right and the other wrong or undetermined, or one is wrong
// and the other undetermined (two bases whose queries are opposite, GANA
// and TABLAS, agree where both are right although their answers differ).
// The first examples come with each base's justification (chesssolve's
// one-sentence reason of a fresh run).
func CompareBases(ctx context.Context, tb *tablebase.Tablebase, a, b *kb.Base[chess.Position], truth Truth,
	eg tablebase.Endgame, cases []verify.Case[chess.Position], o Options) (BaseComparison, error) {
	var c BaseComparison
	var err error
	if c.A, err = Base(ctx, tb, a, nil, truth, eg, cases, o); err != nil {
		return c, err
	}
	if c.B, err = Base(ctx, tb, b, nil, truth, eg, cases, o); err != nil {
		return c, err
	}
	limit := examples(o)
	c.Diffs = []Difference{}
	sopt := chesssolve.Options{MaxCycles: o.MaxCycles, MaxNodes: o.maxNodes()}
	for i := range cases {
		va, vb := judge(c.A.Answers[i].Value, c.A.Cases[i].Truth), judge(c.B.Answers[i].Value, c.B.Cases[i].Truth)
		if va == vb {
			continue
		}
		c.Differ++
		if va == Right {
			c.RightA++
		}
		if vb == Right {
			c.RightB++
		}
		if len(c.Diffs) >= limit {
			continue
		}
		whiteWins := cases[i].Truth
		d := Difference{FEN: FEN(&cases[i].Pos), WhiteWins: &whiteWins}
		for _, side := range []struct {
			b *kb.Base[chess.Position]
			r *BaseReport
			j Judgement
			v *Verdict
		}{{a, &c.A, va, &d.A}, {b, &c.B, vb, &d.B}} {
			r, err := chesssolve.Solve(ctx, side.b, cases[i].Pos, nil, sopt)
			if err != nil {
				return c, err
			}
			t := side.r.Cases[i].Truth
			j := r.JSON()
			*side.v = Verdict{Answer: r.Result.Answer.String(), Judgement: side.j, Query: side.r.Query, Truth: &t, Reason: r.Reason(), Justification: &j}
		}
		c.Diffs = append(c.Diffs, d)
	}
	return c, nil
}

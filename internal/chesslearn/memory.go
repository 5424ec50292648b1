package chesslearn

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
)

// MemoryConfig is a run of rote learning.
type MemoryConfig struct {
	Table  *kb.Table[chess.Position]
	Memory *memstore.Memory[chess.Position] // the base's identities
	Store  string                           // the store's path
	TB     *tablebase.Tablebase
	Tab    *tablebase.Table // the endgame's table: the starts
	// Games, when positive, plays that many games from a sample of the
	// won starts against the tablebase's defence and learns what their
	// searches prove; otherwise Positions starts (0: all) are searched
	// with every advice of the table, in passes, until a pass learns
	// nothing new or Passes passes (0: no bound) are done.
	Games, Positions, Passes int
	Seed                     uint64
	// Starts, when set, are the positions learned from instead of the
	// sample of the endgame's won starts (tests).
	Starts   []verify.Start[chess.Position]
	Workers  int
	MaxNodes int64
	Progress func(stage string, done, total int)
}

// PassReport is what one pass learned.
type PassReport struct {
	Pass     int `json:"pass"`
	Searched int `json:"searched"` // searches run (position and advice)
	Sat      int `json:"sat"`      // of them satisfied
	Learned  int `json:"learned"`  // facts new to the store
}

// MemoryReport is the outcome of a run.
type MemoryReport struct {
	Mode    string        `json:"mode"` // "positions" or "games"
	Starts  int           `json:"starts"`
	Of      int           `json:"of"`
	Passes  []PassReport  `json:"passes"`
	Learned int           `json:"learned"`
	Advice  []AdviceFacts `json:"advice"`
	Seconds float64       `json:"-"` // not in the JSON: it differs from run to run
}

// AdviceFacts counts the store's facts of one advice of the table.
type AdviceFacts struct {
	Name string `json:"name"`
	// Remembered is false for advice that reads P0 (never learned).
	Remembered bool   `json:"remembered"`
	ID         string `json:"id"`
	Facts      int    `json:"facts"`
	Levels     []int  `json:"levels"`
}

// tableAdvice returns the distinct advice of t in the order of its rules.
func tableAdvice(t *kb.Table[chess.Position]) []*kb.Advice[chess.Position] {
	var out []*kb.Advice[chess.Position]
	seen := map[*kb.Advice[chess.Position]]bool{}
	for _, r := range t.Rules {
		for _, a := range r.Advice {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// load reads the facts of the table's advice from the store, opening it
// only for the read.
func (c *MemoryConfig) load(ids []uint64) (memstore.Facts, error) {
	s, err := memstore.Open(c.Store, false, 0)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.Load(ids)
}

// add writes learned facts, opening the store only for the write.
func (c *MemoryConfig) add(l []prover.Learned) (int, error) {
	s, err := memstore.Open(c.Store, false, 0)
	if err != nil {
		return 0, err
	}
	n, err := s.Add(l, c.Memory.Text)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// LearnMemory runs rote learning and reports what it learned. The store
// ends the same whatever the workers: a pass consults the facts of the
// passes before it only (its level cap), each start's facts depend on
// the start alone, and the store keeps, of facts of one key, the least
// level and depth.
func LearnMemory(ctx context.Context, c MemoryConfig) (MemoryReport, error) {
	t0 := time.Now()
	// Only advice whose formulas do not read P0 is remembered (the
	// expansion of the others depends on the root): only it is searched.
	var advice []*kb.Advice[chess.Position]
	var ids []uint64
	for _, a := range tableAdvice(c.Table) {
		id, ok := c.Memory.ID(a)
		if !ok || prover.AdviceReads(a, kb.P0) {
			continue
		}
		advice = append(advice, a)
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return MemoryReport{}, fmt.Errorf("table %s: no advice to learn (advice reading P0 is never remembered)", c.Table.Name)
	}
	n := c.Positions
	mode := "positions"
	if c.Games > 0 {
		n, mode = c.Games, "games"
	}
	starts, all := c.Starts, len(c.Starts)
	if starts == nil {
		starts, all = chessverify.SampleTableStarts(c.Tab, c.Table.Side, n, c.Seed)
	}
	rep := MemoryReport{Mode: mode, Starts: len(starts), Of: all, Passes: []PassReport{}}
	workers := c.Workers
	newSearcher := func(mem prover.Memory, cap int) *prover.Searcher[chess.Position, chess.Move] {
		s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: c.MaxNodes, MaxMemo: chessverify.SearchMemo, FixedBudget: true})
		s.UseMemory(mem, c.Memory.ID)
		s.SetLevelCap(cap)
		s.SetLearning(true)
		return s
	}
	for pass := 0; c.Passes <= 0 || pass < c.Passes; pass++ {
		facts, err := c.load(ids)
		if err != nil {
			return rep, err
		}
		found := make([][]prover.Learned, len(starts))
		searched := make([]int, len(starts))
		sat := make([]int, len(starts))
		nw := workers
		if nw <= 0 {
			nw = runtime.GOMAXPROCS(0)
		}
		searchers := make([]*prover.Searcher[chess.Position, chess.Move], nw)
		progress := func(done, total int) {
			if c.Progress != nil {
				c.Progress(fmt.Sprintf("%s pass %d", mode, pass+1), done, total)
			}
		}
		var work func(w, i int) error
		if mode == "games" {
			work = func(w, i int) error {
				if searchers[w] == nil {
					searchers[w] = newSearcher(facts, -1)
				}
				s := searchers[w]
				// Each game from a clean memo: what it learns is a function
				// of its start (and the facts loaded).
				s.ClearMemo()
				st, err := prover.NewStrategy[chess.Position, chess.Move](chess.Game{}, c.Table, s)
				if err != nil {
					return err
				}
				rec, err := prover.PlayGame[chess.Position, chess.Move](ctx, chess.Game{}, st, chessplay.Optimal{TB: c.TB},
					chessplay.Referee{}, starts[i].Pos, prover.PlayOptions{})
				if err != nil {
					return err
				}
				searched[i] = len(rec.Moves)
				if rec.Outcome == game.Mate {
					sat[i] = 1
				}
				found[i] = s.TakeLearned()
				return nil
			}
		} else {
			work = func(w, i int) error {
				if searchers[w] == nil {
					searchers[w] = newSearcher(facts, pass)
				}
				s := searchers[w]
				h := starts[i].Pos.Hash()
				for _, a := range advice {
					id, ok := c.Memory.ID(a)
					if !ok {
						continue
					}
					if _, known := facts.Lookup(id, h); known {
						continue
					}
					res, err := s.Solve(ctx, a, &starts[i].Pos)
					if err != nil {
						return err
					}
					searched[i]++
					if res.Value == prover.Sat {
						sat[i]++
					}
				}
				found[i] = s.TakeLearned()
				return nil
			}
		}
		if mode == "games" {
			err = parallel(ctx, len(starts), workers, work, progress)
		} else {
			// The starts in blocks of costBlock, each searched by one
			// searcher from an empty memo, in order: whether a search
			// runs out of --max-nodes (and so what it learns) depends
			// on its block alone, never on which starts its worker
			// searched before, so the store is the same for any
			// --workers even where the budget binds.
			blocks := (len(starts) + costBlock - 1) / costBlock
			err = parallel(ctx, blocks, workers, func(w, b int) error {
				if searchers[w] != nil {
					searchers[w].ClearMemo()
				}
				for i := b * costBlock; i < min(len(starts), (b+1)*costBlock); i++ {
					if err := work(w, i); err != nil {
						return err
					}
				}
				return nil
			}, func(done, total int) { progress(min(done*costBlock, len(starts)), len(starts)) })
		}
		if err != nil {
			return rep, err
		}
		var all []prover.Learned
		pr := PassReport{Pass: pass + 1}
		for i := range starts {
			all = append(all, found[i]...)
			pr.Searched += searched[i]
			pr.Sat += sat[i]
		}
		added, err := c.add(all)
		if err != nil {
			return rep, err
		}
		pr.Learned = added
		rep.Learned += added
		rep.Passes = append(rep.Passes, pr)
		if added == 0 || mode == "games" {
			break
		}
	}
	s, err := memstore.Open(c.Store, true, 0)
	if err != nil {
		return rep, err
	}
	defer s.Close()
	counts, err := s.Counts()
	if err != nil {
		return rep, err
	}
	byID := map[uint64]memstore.AdviceCount{}
	for _, ac := range counts {
		byID[ac.ID] = ac
	}
	for _, a := range tableAdvice(c.Table) {
		id, ok := c.Memory.ID(a)
		if !ok {
			continue
		}
		ac := byID[id]
		levels := ac.Levels
		if levels == nil {
			levels = []int{}
		}
		rep.Advice = append(rep.Advice, AdviceFacts{Name: a.Name, Remembered: !prover.AdviceReads(a, kb.P0), ID: fmt.Sprintf("%016x", id), Facts: ac.Facts, Levels: levels})
	}
	rep.Seconds = time.Since(t0).Seconds()
	return rep, nil
}

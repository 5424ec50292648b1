package verify

import (
	"context"
	"fmt"

	"github.com/advicelang/al/prover/cycle"
	"github.com/advicelang/al/prover/game"
)

// Case is a position whose query the oracle has decided: Truth is the
// query's value there (for "White wins", whether the tablebase says so).
type Case[P any] struct {
	Pos   P
	Side  game.Side // the side to move, for the tallies
	Truth bool
}

// Answer is what an AL3 base answered in one position and what it cost.
type Answer struct {
	Value  cycle.Answer
	Cycles int
	Nodes  int64
	// Evaluated are the hypotheses the run decided by evaluation or
	// observation (not by propagation), with their values: functions of
	// the position, which the soundness check of the methods may reuse
	// (MethodsConfig.Known) instead of searching again.
	Evaluated []Known
}

// Known is a hypothesis's value in a position.
type Known struct {
	Key   string
	Value bool
}

// EvaluatedFacts returns the facts of a cycle run that were evaluated or
// observed, for Answer.Evaluated.
func EvaluatedFacts(res cycle.Result) []Known {
	var out []Known
	for _, f := range res.Facts {
		if f.Source != cycle.Implied {
			out = append(out, Known{f.Key, f.Value})
		}
	}
	return out
}

// Answerer answers the query in a position (the caller runs the AL3 cycle
// there). One is built per worker: it need not be safe for concurrent use.
// Cases come in chunks of consecutive ones, each chunk to one worker in
// order; fresh is true at the first case of a chunk. An answerer may keep
// what it learnt (a searcher's memo table, the thesis's rote learning)
// from case to case within a chunk, but must forget it when fresh is set:
// then its answers, cycles and nodes are a function of the chunk's cases,
// and the report does not depend on the number of workers.
type Answerer[P any] func(ctx context.Context, pos *P, fresh bool) (Answer, error)

// QueryConfig is the input of Query.
type QueryConfig[P any] struct {
	NewAnswerer func() (Answerer[P], error)
	Cases       []Case[P]
	// Pos formats a position for the examples (a FEN; nil: fmt's %v).
	Pos func(*P) string
	// Workers, when set, receives what each worker did (al verify
	// --worker-stats): the positions it answered (Starts), their search
	// nodes (SearchNodes) and its times (WorkerStats). Unlike the report
	// it depends on how the cases were shared among workers.
	Workers *[]WorkerStats
	Options
}

// QueryReport compares an AL3 base's answers with the oracle's truth.
// Right is a yes where the query holds or a no where it does not, Wrong the
// opposite, Undetermined the positions the cycle did not decide.
type QueryReport struct {
	Tally
	// White and Black are the same counts for each side to move.
	White Tally `json:"white"`
	Black Tally `json:"black"`
	// WrongExamples are the first wrong answers of each kind (yes where
	// the query is false, no where it is true) in the order of the cases,
	// at most Options.Examples of each.
	WrongExamples []WrongAnswer `json:"wrong_examples"`
	// UndeterminedExamples are the first undetermined positions, in the
	// order of the cases, at most Options.Examples of them (the FEN; what
	// an author looks at to see which knowledge is missing).
	UndeterminedExamples []string `json:"undetermined_examples"`
	// Answers has one entry per case, in the order of the input (for a
	// comparison of two bases case by case).
	Answers []Answer `json:"-"`
}

// Tally counts answers, with the mean cycles and search nodes spent per
// position.
type Tally struct {
	Positions    int     `json:"positions"`
	Right        int     `json:"right"`
	Wrong        int     `json:"wrong"`
	Undetermined int     `json:"undetermined"`
	MeanCycles   float64 `json:"mean_cycles"`
	MeanNodes    float64 `json:"mean_nodes"`

	cycles, nodes int64
}

func (t *Tally) add(a Answer, truth bool) {
	t.Positions++
	t.cycles += int64(a.Cycles)
	t.nodes += a.Nodes
	switch {
	case a.Value == cycle.Undetermined:
		t.Undetermined++
	case (a.Value == cycle.Yes) == truth:
		t.Right++
	default:
		t.Wrong++
	}
}

func (t *Tally) finish() {
	if t.Positions > 0 {
		t.MeanCycles = float64(t.cycles) / float64(t.Positions)
		t.MeanNodes = float64(t.nodes) / float64(t.Positions)
	}
}

// WrongAnswer is a position where the base answered wrong.
type WrongAnswer struct {
	Index  int    `json:"-"`
	FEN    string `json:"fen"`
	Answer string `json:"answer"` // yes or no
	Truth  bool   `json:"truth"`
}

// Query asks the AL3 base's query in every case and compares the answer
// with the oracle's truth.
func Query[P any](ctx context.Context, cfg QueryConfig[P]) (QueryReport, error) {
	rep := QueryReport{WrongExamples: []WrongAnswer{}, UndeterminedExamples: []string{}}
	if cfg.NewAnswerer == nil {
		return rep, fmt.Errorf("verify: an answerer factory is needed")
	}
	ws := make([]*queryWorker[P], cfg.workers(len(cfg.Cases)))
	for k := range ws {
		a, err := cfg.NewAnswerer()
		if err != nil {
			return rep, err
		}
		ws[k] = &queryWorker[P]{answer: a}
	}
	rep.Answers = make([]Answer, len(cfg.Cases))
	limit := cfg.examples()
	wrongYes, wrongNo := 0, 0
	format := func(p *P) string {
		if cfg.Pos != nil {
			return cfg.Pos(p)
		}
		return fmt.Sprint(*p)
	}
	chunk := cfg.chunk(len(cfg.Cases))
	times := make([]workerTime, len(ws))
	err := run(ctx, len(cfg.Cases), chunk, ws,
		func(ctx context.Context, w *queryWorker[P], i int) (Answer, error) {
			a, err := w.answer(ctx, &cfg.Cases[i].Pos, i%chunk == 0)
			w.positions++
			w.nodes += a.Nodes
			return a, err
		},
		func(i int, a Answer) {
			c := &cfg.Cases[i]
			rep.Answers[i] = a
			rep.add(a, c.Truth)
			if c.Side == game.White {
				rep.White.add(a, c.Truth)
			} else {
				rep.Black.add(a, c.Truth)
			}
			if a.Value == cycle.Undetermined {
				if len(rep.UndeterminedExamples) < limit {
					rep.UndeterminedExamples = append(rep.UndeterminedExamples, format(&c.Pos))
				}
				return
			}
			if (a.Value == cycle.Yes) == c.Truth {
				return
			}
			n := &wrongNo
			if a.Value == cycle.Yes {
				n = &wrongYes
			}
			if *n >= limit {
				return
			}
			*n++
			w := WrongAnswer{Index: i, FEN: format(&c.Pos), Answer: a.Value.String(), Truth: c.Truth}
			rep.WrongExamples = append(rep.WrongExamples, w)
		}, cfg.Progress, times, cfg.WorkerCPU)
	if cfg.Workers != nil {
		*cfg.Workers = make([]WorkerStats, len(ws))
	}
	for k, w := range ws {
		if cfg.Workers == nil {
			break
		}
		(*cfg.Workers)[k] = WorkerStats{Starts: w.positions, SearchNodes: w.nodes, CPU: times[k].cpu, End: times[k].end, Began: times[k].began}
	}
	rep.finish()
	rep.White.finish()
	rep.Black.finish()
	return rep, err
}

// queryWorker is one worker of Query: its answerer and what it did.
type queryWorker[P any] struct {
	answer    Answerer[P]
	positions int
	nodes     int64
}

package verify

import (
	"context"
	"fmt"
	"sort"

	"github.com/advicelang/al/kb"
)

// Method is an AL3 method as soundness sees it: its relation, and the fact
// conditions (`facts`) under which the cycle applies it. The relation must
// hold wherever the conditions do.
type Method struct {
	Name     string
	When     []Condition
	Relation *kb.Prop
}

// Condition is a fact condition: hypothesis Key has Value.
type Condition struct {
	Key   string
	Value bool
}

// MethodsOf returns the methods of a compiled base, in declaration order.
func MethodsOf[P any](b *kb.Base[P]) []Method {
	out := make([]Method, 0, len(b.Methods))
	for _, m := range b.Methods {
		vm := Method{Name: m.Name, Relation: m.Relation}
		for _, f := range m.Facts {
			vm.When = append(vm.When, Condition{Key: f.Term.Key(), Value: f.Value})
		}
		out = append(out, vm)
	}
	return out
}

// Decider decides a hypothesis in a position: lemmas by evaluation, plans
// and refutations by search, the query by the oracle. known is false when it
// cannot (no way to decide that kind, or a search ran out). One is built per
// worker: it need not be safe for concurrent use. Positions come in chunks
// of consecutive ones, each to one worker in order; fresh is true at the
// first call of a chunk, when whatever the decider keeps between calls (a
// searcher's memo table) must be forgotten, so that its answers depend on
// the chunk's calls alone, never on the number of workers.
type Decider[P any] func(ctx context.Context, pos *P, key string, fresh bool) (value, known bool, err error)

// MethodsConfig is the input of Methods.
type MethodsConfig[P any] struct {
	Methods    []Method
	NewDecider func() (Decider[P], error)
	Positions  []P
	// Pos formats a position for the counterexamples (nil: fmt's %v).
	Pos func(*P) string
	// Cost ranks a hypothesis by what deciding it costs (nil: all alike):
	// a relation's hypotheses are asked cheapest first, and in order of
	// first occurrence among equals, so that a value read from the oracle
	// or a lemma spares the searches it makes unnecessary.
	Cost func(key string) int
	// Known, when set, has for each position the values already decided
	// there (an AL3 run's evaluated facts, Answer.Evaluated): they are
	// used instead of asking the decider again.
	Known [][]Known
	// Workers, when set, receives what each worker did (al verify
	// --worker-stats): the positions it checked (Starts) and its times
	// (WorkerStats).
	Workers *[]WorkerStats
	Options
}

// MethodsReport is the soundness of every method, in the order given.
type MethodsReport struct {
	Positions int            `json:"positions"`
	Methods   []MethodReport `json:"methods"`
}

// MethodReport counts, for one method, the positions where its conditions
// hold (Applies) and among them those where its relation holds, is false
// (Violated: the rule is wrong there) or cannot be decided (Undetermined,
// which also counts positions where a condition cannot be decided).
type MethodReport struct {
	Name            string           `json:"name"`
	Relation        string           `json:"relation"`
	Applies         int              `json:"applies"`
	Holds           int              `json:"holds"`
	Violated        int              `json:"violated"`
	Undetermined    int              `json:"undetermined"`
	Counterexamples []Counterexample `json:"counterexamples"`
}

// Counterexample is a position where a relation is false, with the values
// of the hypotheses it mentions (those decided).
type Counterexample struct {
	Index  int             `json:"-"`
	FEN    string          `json:"fen"`
	Values map[string]bool `json:"values"`
}

// maxUnknown bounds the undecided hypotheses of a relation whose every
// assignment is tried; with more the relation is undetermined.
const maxUnknown = 12

type soundness uint8

const (
	notApplicable soundness = iota
	holds
	violated
	undetermined
)

type methodResult struct {
	status []soundness
	values []map[string]bool // for violated methods
}

type decided struct{ value, known bool }

// methodWorker decides the hypotheses of one position once, however many
// relations mention them.
type methodWorker[P any] struct {
	decide Decider[P]
	cache  map[string]decided
	fresh  bool // the next decide call is the chunk's first
	// positions counts the positions it checked (Workers).
	positions int
}

func (w *methodWorker[P]) get(ctx context.Context, pos *P, key string) (decided, error) {
	if d, ok := w.cache[key]; ok {
		return d, nil
	}
	v, known, err := w.decide(ctx, pos, key, w.fresh)
	w.fresh = false
	if err != nil {
		return decided{}, err
	}
	d := decided{v && known, known}
	w.cache[key] = d
	return d, nil
}

// Methods checks the relation of every method in every position: where the
// conditions hold, is the relation true? The hypotheses are decided lazily,
// cheapest first (Cost) and in order of first occurrence in the relation,
// until its value no longer depends on the others; a relation whose value
// depends on hypotheses the decider cannot decide is undetermined. A counterexample's values are the
// hypotheses decided.
func Methods[P any](ctx context.Context, cfg MethodsConfig[P]) (MethodsReport, error) {
	rep := MethodsReport{Positions: len(cfg.Positions), Methods: make([]MethodReport, len(cfg.Methods))}
	keys := make([][]string, len(cfg.Methods))
	for i, m := range cfg.Methods {
		if m.Relation == nil {
			return rep, fmt.Errorf("verify: method %s has no relation", m.Name)
		}
		rep.Methods[i] = MethodReport{Name: m.Name, Relation: m.Relation.String(), Counterexamples: []Counterexample{}}
		keys[i] = propKeys(m.Relation, nil)
		if cfg.Cost != nil {
			sort.SliceStable(keys[i], func(a, b int) bool { return cfg.Cost(keys[i][a]) < cfg.Cost(keys[i][b]) })
		}
	}
	if cfg.NewDecider == nil {
		return rep, fmt.Errorf("verify: a decider factory is needed")
	}
	ws := make([]*methodWorker[P], cfg.workers(len(cfg.Positions)))
	for k := range ws {
		d, err := cfg.NewDecider()
		if err != nil {
			return rep, err
		}
		ws[k] = &methodWorker[P]{decide: d, cache: map[string]decided{}}
	}
	limit := cfg.examples()
	chunk := cfg.chunk(len(cfg.Positions))
	times := make([]workerTime, len(ws))
	err := run(ctx, len(cfg.Positions), chunk, ws,
		func(ctx context.Context, w *methodWorker[P], i int) (methodResult, error) {
			clear(w.cache)
			if i%chunk == 0 {
				w.fresh = true
			}
			if i < len(cfg.Known) {
				for _, k := range cfg.Known[i] {
					w.cache[k.Key] = decided{k.Value, true}
				}
			}
			w.positions++
			pos := &cfg.Positions[i]
			res := methodResult{status: make([]soundness, len(cfg.Methods)), values: make([]map[string]bool, len(cfg.Methods))}
			for j, m := range cfg.Methods {
				s, vals, err := w.check(ctx, pos, m, keys[j])
				if err != nil {
					return res, err
				}
				res.status[j], res.values[j] = s, vals
			}
			return res, nil
		},
		func(i int, r methodResult) {
			for j, s := range r.status {
				mr := &rep.Methods[j]
				if s != notApplicable {
					mr.Applies++
				}
				switch s {
				case holds:
					mr.Holds++
				case undetermined:
					mr.Undetermined++
				case violated:
					mr.Violated++
					if len(mr.Counterexamples) < limit {
						c := Counterexample{Index: i, Values: r.values[j]}
						if cfg.Pos != nil {
							c.FEN = cfg.Pos(&cfg.Positions[i])
						} else {
							c.FEN = fmt.Sprint(cfg.Positions[i])
						}
						mr.Counterexamples = append(mr.Counterexamples, c)
					}
				}
			}
		}, cfg.Progress, times, cfg.WorkerCPU)
	if cfg.Workers != nil {
		*cfg.Workers = make([]WorkerStats, len(ws))
	}
	for k, w := range ws {
		if cfg.Workers == nil {
			break
		}
		(*cfg.Workers)[k] = WorkerStats{Starts: w.positions, CPU: times[k].cpu, End: times[k].end, Began: times[k].began}
	}
	return rep, err
}

// check decides one method in one position.
func (w *methodWorker[P]) check(ctx context.Context, pos *P, m Method, keys []string) (soundness, map[string]bool, error) {
	for _, c := range m.When {
		d, err := w.get(ctx, pos, c.Key)
		if err != nil {
			return 0, nil, err
		}
		switch {
		case !d.known:
			return undetermined, nil, nil
		case d.value != c.Value:
			return notApplicable, nil, nil
		}
	}
	// Ask the hypotheses one at a time, in order, and stop as soon as the
	// relation has the same value whatever the others are: a premise found
	// false spares the searches of the rest.
	vals := map[string]bool{}
	free := append([]string(nil), keys...) // not decided (yet)
	asked := 0
	for {
		if len(free) <= maxUnknown {
			switch constant(m.Relation, vals, free) {
			case 1:
				return holds, nil, nil
			case 0:
				return violated, vals, nil
			}
		}
		if asked == len(keys) {
			return undetermined, nil, nil
		}
		k := keys[asked]
		asked++
		d, err := w.get(ctx, pos, k)
		if err != nil {
			return 0, nil, err
		}
		if d.known {
			vals[k] = d.value
			for i, f := range free {
				if f == k {
					free = append(free[:i], free[i+1:]...)
					break
				}
			}
		}
	}
}

// constant returns 1 (0) when rel is true (false) for every value of the
// hypotheses in free, the others having their value in vals, and -1 when
// the value depends on them.
func constant(rel *kb.Prop, vals map[string]bool, free []string) int {
	var sawTrue, sawFalse bool
	for bits := 0; bits < 1<<len(free) && !(sawTrue && sawFalse); bits++ {
		v := rel.Eval(func(k string) bool {
			if b, ok := vals[k]; ok {
				return b
			}
			for u, f := range free {
				if f == k {
					return bits>>u&1 == 1
				}
			}
			return false
		})
		sawTrue, sawFalse = sawTrue || v, sawFalse || !v
	}
	switch {
	case sawTrue && sawFalse:
		return -1
	case sawTrue:
		return 1
	}
	return 0
}

// propKeys appends the hypothesis keys p mentions, each once, in order of
// first occurrence.
func propKeys(p *kb.Prop, out []string) []string {
	if p == nil {
		return out
	}
	if p.Op == kb.OpAtom {
		k := p.Term.Key()
		for _, o := range out {
			if o == k {
				return out
			}
		}
		return append(out, k)
	}
	return propKeys(p.R, propKeys(p.L, out))
}

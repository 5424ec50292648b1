package prover

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/advicelang/al/prover/game"
)

// Defender chooses the moves of the side the table does not play: the CLI
// plugs in a tablebase-optimal, random, first-move or stdin defender.
type Defender[P any, M comparable] interface {
	Reply(ctx context.Context, p *P) (M, error)
}

// FirstMove is the defender that plays the first legal move in the game's
// order.
type FirstMove[P any, M comparable] struct{ G game.Game[P, M] }

// Reply implements Defender.
func (d FirstMove[P, M]) Reply(_ context.Context, p *P) (M, error) {
	ms := d.G.Moves(p, nil)
	if len(ms) == 0 {
		var zero M
		return zero, fmt.Errorf("prover: the defender has no legal move")
	}
	return ms[0], nil
}

// RandomMove is the defender that plays a uniformly random legal move from
// its own generator, so a seed makes a game reproducible.
type RandomMove[P any, M comparable] struct {
	G    game.Game[P, M]
	Rand *rand.Rand
}

// Reply implements Defender.
func (d RandomMove[P, M]) Reply(_ context.Context, p *P) (M, error) {
	ms := d.G.Moves(p, nil)
	if len(ms) == 0 {
		var zero M
		return zero, fmt.Errorf("prover: the defender has no legal move")
	}
	return ms[d.Rand.IntN(len(ms))], nil
}

// PlayOptions are the limits of PlayGame; zero fields take the defaults.
type PlayOptions struct {
	// MaxMoves bounds the moves (plies) of the game; reaching it is Limit.
	MaxMoves int
	// Repetitions is how many times a position may occur before the game
	// ends as Repetition (3 means the third occurrence ends it).
	Repetitions int
}

// Defaults of PlayOptions.
const (
	DefaultMaxMoves    = 200
	DefaultRepetitions = 3
)

// Played is one move of a game record.
type Played[P any, M comparable] struct {
	Side game.Side
	Move M
	// Before is the position the move was played in.
	Before P
	// ByTable: the strategy chose the move (else the defender did).
	ByTable bool
	// For moves of the table: the rule and advice that chose it, whether it
	// continued the active forcing tree, and the moves of X that tree still
	// had after it.
	Rule, Advice         int
	RuleName, AdviceName string
	FromTree             bool
	Depth                int
}

// Record is a played game.
type Record[P any, M comparable] struct {
	Start   P
	Moves   []Played[P, M]
	Final   P
	Outcome game.Outcome
	// Reason details the outcome (the referee's or the strategy's words).
	Reason string
	// Loser is the side to move in Final when the outcome is Mate.
	Loser game.Side
	// Nodes counts the search nodes the strategy spent.
	Nodes int64
}

// PlayGame plays strategy against defender from start until the referee
// ends the game, the strategy is stuck or undetermined, a position repeats
// too often, or the move limit is reached. An error means a broken player
// (a defender's error or illegal move), not an outcome.
func PlayGame[P any, M comparable](ctx context.Context, g game.Game[P, M], strategy *Strategy[P, M], defender Defender[P, M],
	referee game.Referee[P], start P, opt PlayOptions) (Record[P, M], error) {
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = DefaultMaxMoves
	}
	if opt.Repetitions <= 0 {
		opt.Repetitions = DefaultRepetitions
	}
	rec := Record[P, M]{Start: start, Moves: make([]Played[P, M], 0, 64)}
	pos := start
	st := NoAdvice[P, M]()
	// The hashes of the positions met, in order: a game is a few dozen
	// plies, so counting a position's repetitions by a scan costs less
	// than a map's growth and hashing (about 14 K instructions a game of
	// BenchmarkAL0Games), and the limit on the moves bounds the scan.
	// bloom has the bit h&63 of every hash seen, so that a position
	// met for the first time (most of them) is not scanned for.
	seen := make([]uint64, 1, 64)
	seen[0] = g.Hash(&pos)
	bloom := uint64(1) << (seen[0] & 63)
	var buf []M
	for {
		rec.Final = pos
		if o, reason, over := referee.Over(&pos); over {
			rec.Outcome, rec.Reason = o, reason
			if o == game.Mate {
				rec.Loser = g.ToMove(&pos)
			}
			return rec, nil
		}
		if len(rec.Moves) >= opt.MaxMoves {
			rec.Outcome, rec.Reason = game.Limit, fmt.Sprintf("%d moves", opt.MaxMoves)
			return rec, nil
		}
		side := g.ToMove(&pos)
		p := Played[P, M]{Side: side, Before: pos, Rule: -1, Advice: -1}
		if side == strategy.Side() {
			// The strategy's moves are the moves of its trees: the legal
			// moves are listed only when it gives none (a referee that
			// lets a game without a legal move go on is an error, as
			// for the defender below).
			d, err := strategy.Move(ctx, &pos, st)
			rec.Nodes += d.Nodes
			if err != nil || d.Outcome != game.Ongoing {
				if buf = g.Moves(&pos, buf); len(buf) == 0 {
					return rec, noMove(g, &pos)
				}
			}
			if err != nil {
				return rec, err
			}
			if d.Outcome != game.Ongoing {
				rec.Outcome, rec.Reason = d.Outcome, d.Reason
				return rec, nil
			}
			p.Move, p.ByTable = d.Move, true
			p.Rule, p.Advice, p.RuleName, p.AdviceName = d.Rule, d.Advice, d.RuleName, d.AdviceName
			p.FromTree, p.Depth = d.FromTree, d.Next.Depth
			st = d.Next
		} else {
			if buf = g.Moves(&pos, buf); len(buf) == 0 {
				return rec, noMove(g, &pos)
			}
			m, err := defender.Reply(ctx, &pos)
			if err != nil {
				return rec, err
			}
			legal := false
			for _, l := range buf {
				legal = legal || l == m
			}
			if !legal {
				return rec, fmt.Errorf("prover: the defender played an illegal move %v", m)
			}
			p.Move = m
		}
		rec.Moves = append(rec.Moves, p)
		pos = g.Play(&pos, p.Move)
		h := g.Hash(&pos)
		seen = append(seen, h)
		n := 1
		if bloom&(1<<(h&63)) != 0 {
			n = 0
			for _, k := range seen {
				if k == h {
					n++
				}
			}
		}
		bloom |= 1 << (h & 63)
		if n >= opt.Repetitions {
			rec.Final = pos
			rec.Outcome, rec.Reason = game.Repetition, fmt.Sprintf("a position occurred %d times", n)
			return rec, nil
		}
	}
}

// noMove is PlayGame's error for a referee that lets a game go on in pos,
// where the side to move has no legal move.
func noMove[P any, M comparable](g game.Game[P, M], pos *P) error {
	return fmt.Errorf("prover: the referee lets the game go on but %s has no legal move", g.ToMove(pos))
}

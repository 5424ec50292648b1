package verify_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/verify"
)

type heap struct {
	n    int
	side game.Side
}

// takeAway is nim: take one or two stones; with none left, the side to
// move has lost.
type takeAway struct{}

func (takeAway) ToMove(p *heap) game.Side { return p.side }
func (takeAway) Moves(p *heap, buf []int) []int {
	buf = buf[:0]
	for k := 1; k <= min(2, p.n); k++ {
		buf = append(buf, k)
	}
	return buf
}
func (takeAway) Play(p *heap, k int) heap { return heap{p.n - k, p.side.Other()} }
func (takeAway) Hash(p *heap) uint64      { return uint64(p.n)<<1 | uint64(p.side) }

// greedy takes two stones when it can.
type greedy struct{}

func (greedy) Side() game.Side { return game.White }
func (greedy) Move(_ context.Context, p *heap, _ prover.State[heap, int]) (prover.Decision[heap, int], error) {
	return prover.Decision[heap, int]{Move: min(2, p.n), Next: prover.NoAdvice[heap, int]()}, nil
}

// ExampleTable verifies a strategy from every winning heap up to 8 against
// every defence.
func ExampleTable() {
	g := takeAway{}
	var starts []verify.Start[heap]
	for n := 1; n <= 8; n++ {
		if n%3 != 0 { // the oracle: White to move wins off multiples of 3
			starts = append(starts, verify.Start[heap]{Pos: heap{n: n}, Optimal: 1 + n/3})
		}
	}
	rep, err := verify.Table(context.Background(), verify.TableConfig[heap, int]{
		Game: g,
		NewPlayer: func() (verify.Player[heap, int], error) {
			return verify.Player[heap, int]{Strategy: greedy{}, Referee: game.NoMoveLoses[heap, int]{G: g}}, nil
		},
		Starts: starts,
		Pos:    func(p *heap) string { return fmt.Sprintf("%d stones", p.n) },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(rep)
	// Output:
	// {
	//   "positions": 6,
	//   "proved": 3,
	//   "failed": 3,
	//   "worst": 2,
	//   "mean": 1.3333333333333333,
	//   "optimal_worst": 2,
	//   "optimal_mean": 1.3333333333333333,
	//   "worst_fen": "5 stones",
	//   "worst_line": [
	//     "2",
	//     "1",
	//     "2"
	//   ],
	//   "reasons": [
	//     {
	//       "reason": "lost",
	//       "starts": 3
	//     }
	//   ],
	//   "failures": [
	//     {
	//       "fen": "4 stones",
	//       "reason": "lost: no legal move",
	//       "line": [
	//         "2",
	//         "2"
	//       ]
	//     },
	//     {
	//       "fen": "7 stones",
	//       "reason": "lost: no legal move",
	//       "line": [
	//         "2",
	//         "1",
	//         "2",
	//         "2"
	//       ]
	//     },
	//     {
	//       "fen": "8 stones",
	//       "reason": "lost: no legal move",
	//       "line": [
	//         "2",
	//         "2",
	//         "2",
	//         "2"
	//       ]
	//     }
	//   ]
	// }
}

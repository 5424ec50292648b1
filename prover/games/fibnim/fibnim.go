// Package fibnim owns the game of seed 000's chapter 0 (Márquez, after
// Gaskell and Whinihan, Fibonacci Quarterly 1, 1963) as a game.Game: from a
// pile of objects the first player takes as many as he likes but not all;
// from then on each player takes at least one and at most twice what the
// other took last; whoever takes the last objects wins. A state is the
// thesis's <n, q>: n objects in the pile, at most q may be taken; the start
// with n objects is <n, n-1>. The first player is game.White (the thesis's
// A, "nosotros").
//
// The package also has the thesis's winning strategy: take everything when
// n <= q, else mu(n), the smallest Fibonacci number of n's decomposition
// into non-consecutive Fibonacci numbers (Theorem 2.6; it wins from every
// start whose n is not a Fibonacci number).
package fibnim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// MaxObjects is the largest pile Parse accepts: al search runs minimax
// over the complete tree, which grows about 1.8 times an object (3.7
// million nodes from 25 objects, under a second; 40 would take hours).
const MaxObjects = 25

// Position is the thesis's state <n, q> and the player to move.
type Position struct {
	N, Q uint16
	Side game.Side
}

// Move is the number of objects taken.
type Move uint16

// String is the number taken.
func (m Move) String() string { return strconv.Itoa(int(m)) }

// Start is a pile of n objects, <n, n-1>, with A to move.
func Start(n int) Position { return Position{N: uint16(n), Q: uint16(max(n-1, 0))} }

// Parse reads a start: "n" is the pile of n objects (<n, n-1>), "n,q" the
// state <n, q>; 2 <= n <= MaxObjects and 1 <= q <= 2 MaxObjects.
func Parse(s string) (Position, error) {
	ns, qs, hasQ := strings.Cut(s, ",")
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil || n < 2 || n > MaxObjects {
		return Position{}, fmt.Errorf("fibnim: the start is a number of objects from 2 to %d, or \"n,q\" (n objects, at most q to take), not %q", MaxObjects, s)
	}
	p := Start(n)
	if hasQ {
		q, err := strconv.Atoi(strings.TrimSpace(qs))
		if err != nil || q < 1 || q > 2*MaxObjects {
			return Position{}, fmt.Errorf("fibnim: in %q, q must be a number from 1 to %d", s, 2*MaxObjects)
		}
		p.Q = uint16(q)
	}
	return p, nil
}

// Game is the game; its zero value is ready to use. It is also the
// Evaluator of the searches: a position without moves is an empty pile,
// lost for the player to move (the other took the last objects), -1;
// Static, for searches bounded by depth, is 0 (unknown).
type Game struct{}

var _ game.Game[Position, Move] = Game{}

// ToMove is p.Side.
func (Game) ToMove(p *Position) game.Side { return p.Side }

// Moves takes 1, 2, ... up to q objects, never more than the pile holds.
func (Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	for m := uint16(1); m <= p.Q && m <= p.N; m++ {
		buf = append(buf, Move(m))
	}
	return buf
}

// Play takes m objects: <n, q> becomes <n-m, 2m>.
func (Game) Play(p *Position, m Move) Position {
	return Position{N: p.N - uint16(m), Q: 2 * uint16(m), Side: p.Side.Other()}
}

// Hash packs the position.
func (Game) Hash(p *Position) uint64 {
	return uint64(p.N)<<17 | uint64(p.Q)<<1 | uint64(p.Side)
}

// Terminal is -1: the pile is empty, the other player took the last objects.
func (Game) Terminal(*Position) int { return -1 }

// Static is 0: the game has no evaluation but its end.
func (Game) Static(*Position) int { return 0 }

// Fibonacci returns the Fibonacci numbers F_2 = 1, F_3 = 2, 3, 5, ... up to
// and including the largest that is at most n.
func Fibonacci(n int) []int {
	var fs []int
	for a, b := 1, 2; a <= n; a, b = b, a+b {
		fs = append(fs, a)
	}
	return fs
}

// Decompose writes n > 0 as a sum of non-consecutive Fibonacci numbers,
// largest first, taking the largest Fibonacci number that fits each time
// (the decomposition of seed 000, §2, unique).
func Decompose(n int) []int {
	fs := Fibonacci(n)
	var out []int
	for i := len(fs) - 1; i >= 0 && n > 0; i-- {
		if fs[i] <= n {
			out = append(out, fs[i])
			n -= fs[i]
		}
	}
	return out
}

// Mu is the thesis's mu(n) (Definition 2.1): the smallest Fibonacci number
// of n's decomposition. It allocates nothing.
func Mu(n int) int {
	a, b := 1, 2
	for b <= n {
		a, b = b, a+b
	}
	// a is the largest Fibonacci number <= n; subtract greedily.
	last := 0
	for n > 0 {
		for a > n {
			a, b = b-a, a
		}
		n -= a
		last = a
	}
	return last
}

// Strategy is the thesis's strategy Q (Theorem 2.6): take all n objects
// when n <= q, else mu(n) when mu(n) <= q. ok is false when neither is
// allowed (Corollary 2.7: then the strategy does not win) or the pile is
// empty.
func Strategy(p *Position) (m Move, ok bool) {
	switch {
	case p.N == 0:
		return 0, false
	case p.N <= p.Q:
		return Move(p.N), true
	}
	if mu := Mu(int(p.N)); mu <= int(p.Q) {
		return Move(mu), true
	}
	return 0, false
}

// Player names a side as the thesis does: A (game.White) begins, B replies.
func Player(s game.Side) string {
	if s == game.White {
		return "A"
	}
	return "B"
}

// String is the thesis's state, "<15, 14>, A to move".
func (p Position) String() string {
	return fmt.Sprintf("<%d, %d>, %s to move", p.N, p.Q, Player(p.Side))
}

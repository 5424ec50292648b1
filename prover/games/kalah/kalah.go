// Package kalah owns Kalah, the mancala game for which Becerra wrote his
// iterative alpha-beta (seed 004), as a game.Game. Seed 004 names the game
// but not its rules; we play the standard Kalah(m, n) of the literature:
// two rows of m houses (pits), n seeds in each, and a store at each
// player's right end. South (game.White) moves first.
//
//   - A move takes every seed of one of the mover's non-empty houses and
//     sows them one by one, counter-clockwise, into the following houses
//     and the mover's own store, skipping the opponent's store.
//   - If the last seed falls into the mover's store, the mover moves again.
//   - If the last seed falls into an empty house of the mover and the
//     opposite house holds seeds, the mover captures both: that seed and
//     the opposite seeds go to his store.
//   - When either row is empty after a move, the game ends: each player
//     puts the seeds left in his houses into his store. The larger store
//     wins; equal stores are a draw.
//
// The value of a position, final or static, is the side to move's store
// minus the other's: the store difference, the usual evaluation of Kalah
// programs.
package kalah

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/advicelang/al/prover/game"
)

// MaxPits is the most houses a row may have.
const MaxPits = 6

// Position is the board and the side to move. With m houses a row,
// Board[0..m-1] are South's houses a, b, ... (sown in that order),
// Board[m] South's store, Board[m+1..2m] North's houses A, B, ..., and
// Board[2m+1] North's store; the rest is unused (zero).
type Position struct {
	Board [2*MaxPits + 2]uint8
	Side  game.Side
}

// Move is the house sown: its number in the mover's row from 0 (the house
// farthest from the store), plus 8 for North's houses.
type Move uint8

// MoveOf is the move that sows side's i-th house (i from 0).
func MoveOf(s game.Side, i int) Move { return Move(i + 8*int(s)) }

// Side is the side whose house m is.
func (m Move) Side() game.Side { return game.Side(m >> 3) }

// Index is the number of m's house in its row, from 0.
func (m Move) Index() int { return int(m & 7) }

// String is the house's name: a, b, ... for South, A, B, ... for North.
func (m Move) String() string {
	if m.Side() == game.White {
		return string(rune('a' + m.Index()))
	}
	return string(rune('A' + m.Index()))
}

// Game is Kalah with Pits houses a row (1 to 6; 0 means 6). Its zero value
// is Kalah(6, n) for any n. It is also the Evaluator of the searches.
type Game struct{ Pits int }

var _ game.Game[Position, Move] = Game{}

func (g Game) m() int {
	if g.Pits == 0 {
		return MaxPits
	}
	return g.Pits
}

// Store returns the board index of side's store.
func (g Game) Store(s game.Side) int {
	if s == game.White {
		return g.m()
	}
	return 2*g.m() + 1
}

// House returns the board index of side's i-th house (i from 0).
func (g Game) House(s game.Side, i int) int {
	if s == game.White {
		return i
	}
	return g.m() + 1 + i
}

// Start is Kalah(m, n): seeds in every house, empty stores, South to move.
func (g Game) Start(seeds int) Position {
	var p Position
	m := g.m()
	for i := range m {
		p.Board[i] = uint8(seeds)
		p.Board[m+1+i] = uint8(seeds)
	}
	return p
}

// Parse reads a start "m,n": Kalah with m houses a row (1 to 6) and n seeds
// in each (1 to 20).
func Parse(s string) (Game, Position, error) {
	ms, ns, ok := strings.Cut(s, ",")
	m, err1 := strconv.Atoi(strings.TrimSpace(ms))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil || m < 1 || m > MaxPits || n < 1 || n > 20 {
		return Game{}, Position{}, fmt.Errorf("kalah: the start is \"m,n\", m houses a row (1 to %d) with n seeds each (1 to 20), as in Kalah(6,4); not %q", MaxPits, s)
	}
	g := Game{Pits: m}
	return g, g.Start(n), nil
}

// ToMove is p.Side.
func (Game) ToMove(p *Position) game.Side { return p.Side }

// Moves are the mover's non-empty houses in sowing order (a to f, or A to
// F); none once the game is over.
func (g Game) Moves(p *Position, buf []Move) []Move {
	buf = buf[:0]
	if g.Over(p) {
		return buf
	}
	for i := range g.m() {
		if p.Board[g.House(p.Side, i)] > 0 {
			buf = append(buf, MoveOf(p.Side, i))
		}
	}
	return buf
}

// Over says whether the game has ended: a row is empty.
func (g Game) Over(p *Position) bool {
	m := g.m()
	var south, north int
	for i := range m {
		south += int(p.Board[i])
		north += int(p.Board[m+1+i])
	}
	return south == 0 || north == 0
}

// Play sows the mover's house mv; see the package comment for the rules.
func (g Game) Play(p *Position, mv Move) Position {
	q := *p
	m := g.m()
	size := 2*m + 2
	own, opp := g.Store(p.Side), g.Store(p.Side.Other())
	i := g.House(p.Side, mv.Index())
	n := q.Board[i]
	q.Board[i] = 0
	for n > 0 {
		if i++; i == size {
			i = 0
		}
		if i == opp {
			continue
		}
		q.Board[i]++
		n--
	}
	switch {
	case i == own:
		// The last seed in the store: the mover moves again.
	case g.isOwn(p.Side, i) && q.Board[i] == 1 && q.Board[2*m-i] > 0:
		q.Board[own] += 1 + q.Board[2*m-i]
		q.Board[i], q.Board[2*m-i] = 0, 0
		q.Side = p.Side.Other()
	default:
		q.Side = p.Side.Other()
	}
	if g.Over(&q) {
		for i := range m {
			q.Board[m] += q.Board[i]
			q.Board[2*m+1] += q.Board[m+1+i]
			q.Board[i], q.Board[m+1+i] = 0, 0
		}
	}
	return q
}

// isOwn says whether board index i is one of side's houses.
func (g Game) isOwn(s game.Side, i int) bool {
	m := g.m()
	if s == game.White {
		return i < m
	}
	return i > m && i < 2*m+1
}

// Hash mixes the board and the side (FNV-1a).
func (Game) Hash(p *Position) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range p.Board {
		h = (h ^ uint64(b)) * 1099511628211
	}
	return (h ^ uint64(p.Side)) * 1099511628211
}

// Terminal is the final store difference for the side to move (the seeds
// left in the houses are already in the stores).
func (g Game) Terminal(p *Position) int { return g.Static(p) }

// Static is the side to move's store minus the other's.
func (g Game) Static(p *Position) int {
	return int(p.Board[g.Store(p.Side)]) - int(p.Board[g.Store(p.Side.Other())])
}

// Player names a side: south (game.White, first) or north.
func Player(s game.Side) string {
	if s == game.White {
		return "south"
	}
	return "north"
}

// Format prints p as a board: North's houses on top from right to left (so
// that sowing runs counter-clockwise), North's store on the left, South's
// on the right, South's houses at the bottom, then the side to move.
func (g Game) Format(p *Position) string {
	m := g.m()
	var b strings.Builder
	b.WriteString("    ")
	for i := 2 * m; i > m; i-- {
		fmt.Fprintf(&b, "%3d", p.Board[i])
	}
	fmt.Fprintf(&b, "\n%3d %s%3d\n    ", p.Board[2*m+1], strings.Repeat(" ", 3*m), p.Board[m])
	for i := range m {
		fmt.Fprintf(&b, "%3d", p.Board[i])
	}
	fmt.Fprintf(&b, "\n%s to move\n", Player(p.Side))
	return b.String()
}

package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/prover/game"
	"github.com/advicelang/al/prover/games/fibnim"
	"github.com/advicelang/al/prover/games/hexapawn"
	"github.com/advicelang/al/prover/games/kalah"
	"github.com/advicelang/al/prover/games/nim"
	"github.com/advicelang/al/prover/games/tictactoe"
	"github.com/advicelang/al/prover/games/trgd"
)

// searchGame is one small game al search knows. searchGames is the one list
// of them: the --game enum, the help of --game and --start, the long help
// and the dispatch all come from it.
type searchGame struct {
	name  string
	about string
	// start says what --start is for this game and its default; "" when
	// the game only starts from its initial position.
	start   string
	players [2]string // the names of game.White and game.Black
	// depth is the plies --depth -1 searches a game that can go on for ever
	// (or too long); 0 for a game that always ends, which --depth -1 solves.
	depth int
	run   func(env *Env, c *SearchCmd, g *searchGame) error
}

// player names side s as the game's sources do.
func (g *searchGame) player(s game.Side) string { return g.players[s] }

var searchGames = []searchGame{
	{
		name: "tictactoe", about: "tic-tac-toe",
		players: [2]string{"x", "o"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			g := tictactoe.Game{}
			return runGame(env, c, sg, g, g, tictactoe.Start(), 9, "")
		},
	},
	{
		name: "hexapawn", about: "seed 001's 3x3 board with three pawns a side",
		players: [2]string{"white", "black"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			g := hexapawn.Game{}
			return runGame(env, c, sg, g, g, hexapawn.Start(), 12, "")
		},
	},
	{
		name: "nim", about: "seed 001's sticks: take 1 to 3, who takes the last loses",
		start: "nim: N sticks (default 6)", players: [2]string{"A", "B"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			p := nim.Start(6)
			if c.Start != "" {
				var err error
				if p, err = nim.Parse(c.Start); err != nil {
					return usageError{err.Error()}
				}
			}
			g := nim.Game{}
			return runGame(env, c, sg, g, g, p, int(p.Sticks), "")
		},
	},
	{
		name: "fibnim", about: "seed 000's Fibonacci nim: take at most twice the last take, who takes the last wins",
		start: "fibnim: N objects, or N,Q for the thesis's state <N,Q> (default 15)", players: [2]string{"A", "B"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			p := fibnim.Start(15)
			if c.Start != "" {
				var err error
				if p, err = fibnim.Parse(c.Start); err != nil {
					return usageError{err.Error()}
				}
			}
			g := fibnim.Game{}
			return runGame(env, c, sg, g, g, p, int(p.N), "")
		},
	},
	{
		name: "kalah", about: "Kalah, the mancala of seed 004; the store difference as evaluation", depth: 8,
		start: "kalah: M,N for M houses a row with N seeds each (default 6,4)", players: [2]string{"south", "north"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			g, p := kalah.Game{}, kalah.Game{}.Start(4)
			if c.Start != "" {
				var err error
				if g, p, err = kalah.Parse(c.Start); err != nil {
					return usageError{err.Error()}
				}
			}
			return runGame(env, c, sg, g, g, p, 0, "its store minus the other's")
		},
	},
	{
		name: "trgd", about: "seed 000's three-in-a-row with sliding on two squares; the thesis's evaluation h", depth: 5,
		start: "trgd: MAX's and MIN's points, as '(1 8) (2 5)', then max or min (default the empty board)", players: [2]string{"max", "min"},
		run: func(env *Env, c *SearchCmd, sg *searchGame) error {
			p := trgd.Start()
			if c.Start != "" {
				var err error
				if p, err = trgd.Parse(c.Start); err != nil {
					return usageError{err.Error()}
				}
			}
			g := trgd.Game{}
			return runGame(env, c, sg, g, g, p, 0, "the thesis's h: its open lines minus the other's, 100 a line")
		},
	},
}

func findSearchGame(name string) *searchGame {
	for i := range searchGames {
		if searchGames[i].name == name {
			return &searchGames[i]
		}
	}
	return nil
}

// searchGameVars are the kong variables the flags of al search use.
func searchGameVars() map[string]string {
	var names, starts, ending, depths []string
	for _, g := range searchGames {
		names = append(names, g.name)
		if g.start != "" {
			starts = append(starts, g.start)
		}
		if g.depth == 0 {
			ending = append(ending, g.name)
		} else {
			depths = append(depths, fmt.Sprintf("%s to %d", g.name, g.depth))
		}
	}
	return map[string]string{
		"games":       strings.Join(names, ","),
		"game_list":   strings.Join(names, ", "),
		"game_starts": strings.Join(starts, "; "),
		"game_depths": fmt.Sprintf("solves a game that always ends (%s), searches %s plies", strings.Join(ending, ", "), strings.Join(depths, ", ")),
	}
}

// searchGameHelp lists the games for the long help.
func searchGameHelp() string {
	var b strings.Builder
	for _, g := range searchGames {
		how := "solved to the end"
		if g.depth > 0 {
			how = fmt.Sprintf("searched to --depth, by default %d plies", g.depth)
		}
		fmt.Fprintf(&b, "  %-10s %s; %s\n", g.name, g.about, how)
	}
	return b.String()
}

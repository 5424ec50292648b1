// Package chessplay wires chess to the prover: the referee that knows how a
// chess game ends, the defenders `al play` sets against an advice table (the
// tablebase's optimal defender, a person typing moves), and Play, which runs
// one game of a table and returns it in SAN. It exists because chess must
// not import prover and prover must not import chess; `al play` and, later,
// `al verify` use it. docs/play.md records its decisions.
package chessplay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// Referee ends a chess game: checkmate (Mate), stalemate, and as Draw
// insufficient material (including material gone, only the kings left) and
// the fifty-move rule. Repetition is PlayGame's own outcome.
type Referee struct{}

// Over implements game.Referee.
func (Referee) Over(p *chess.Position) (game.Outcome, string, bool) {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return game.Mate, "checkmate", true
		}
		return game.Stalemate, "stalemate", true
	}
	if p.Occupied() == p.Type(chess.King) {
		return game.Draw, "material gone", true
	}
	if p.InsufficientMaterial() {
		return game.Draw, "insufficient material", true
	}
	if p.HalfmoveClock() >= 100 {
		return game.Draw, "fifty-move rule", true
	}
	return game.Ongoing, "", false
}

// Optimal is the tablebase's optimal defender: the move that resists
// longest when losing (the tablebase's BestMove).
type Optimal struct{ TB *tablebase.Tablebase }

// Reply implements prover.Defender.
func (d Optimal) Reply(_ context.Context, p *chess.Position) (chess.Move, error) {
	m, _, err := d.TB.BestMove(*p)
	if err != nil {
		return chess.NoMove, err
	}
	if m == chess.NoMove {
		return chess.NoMove, errors.New("the optimal defender has no legal move")
	}
	return m, nil
}

// Stdin lets a person defend: it shows the position (a diagram, which
// includes the table's last move played) on Out and reads a move in SAN or
// UCI from In, one a line, asking again after an illegal or unreadable one.
// The end of In is an error. Whatever In holds, reading is bounded: a line
// longer than MaxLine bytes is an error (no move is that long; /dev/zero
// has no line end at all), and so are MaxRefused refused lines in a row
// for one move (/dev/urandom has line ends, but never a move).
type Stdin struct {
	In  *bufio.Reader
	Out io.Writer
}

// MaxLine is the longest line the stdin defender reads, in bytes.
const MaxLine = 1024

// MaxRefused is how many unreadable or illegal lines in a row the stdin
// defender refuses before it gives up.
const MaxRefused = 100

// readLine reads one line of at most MaxLine bytes (without its end).
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(b)+len(chunk) > MaxLine+1 {
			return "", fmt.Errorf("the defender's input has a line longer than %d bytes: no move is written so", MaxLine)
		}
		b = append(b, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return string(b), err
	}
}

// Reply implements prover.Defender.
func (d Stdin) Reply(ctx context.Context, p *chess.Position) (chess.Move, error) {
	fmt.Fprintf(d.Out, "%s\n", p.Diagram(false))
	for refused := 0; ; refused++ {
		if err := ctx.Err(); err != nil {
			return chess.NoMove, err
		}
		if refused == MaxRefused {
			return chess.NoMove, fmt.Errorf("the defender's input gave %d lines in a row that are not a legal move: giving up", MaxRefused)
		}
		fmt.Fprintf(d.Out, "%s to move, your move (SAN or UCI): ", p.SideToMove())
		line, err := readLine(d.In)
		s := strings.TrimSpace(line)
		if err != nil && !strings.HasSuffix(line, "\n") {
			fmt.Fprintln(d.Out) // end the prompt's line before the error
		}
		if s == "" && err != nil {
			if err == io.EOF {
				return chess.NoMove, errors.New("the defender's input ended before the game")
			}
			return chess.NoMove, err
		}
		if s == "" {
			continue
		}
		m, perr := p.ParseMove(s)
		if perr == nil {
			return m, nil
		}
		var legal []string
		for _, l := range p.LegalMoves(nil) {
			legal = append(legal, p.SAN(l))
		}
		fmt.Fprintf(d.Out, "illegal move %q: %v\nlegal moves: %s\n", s, perr, strings.Join(legal, " "))
		if err != nil {
			return chess.NoMove, errors.New("the defender's input ended before the game")
		}
	}
}

// Options are the limits of Play; zero fields take the defaults.
type Options struct {
	// MaxMoves bounds the plies of the game (prover.DefaultMaxMoves).
	MaxMoves int
	// MaxNodes bounds each forcing-tree search (prover.DefaultMaxNodes;
	// negative: none).
	MaxNodes int64
	// FixedBudget makes MaxNodes bound every search, the advice's own
	// budgets (`nodes N`) ignored (prover.Options.FixedBudget): al play
	// --max-nodes given.
	FixedBudget bool
	// Memory, when set, is the learned memory the searches consult.
	Memory *memstore.Memory[chess.Position]
}

// Move is one move of a played game.
type Move struct {
	Ply  int    `json:"ply"`
	Side string `json:"side"`
	SAN  string `json:"san"`
	UCI  string `json:"uci"`
	// For the table's moves: the rule (its condition as written) and the
	// advice that chose the move, and whether it continued a forcing tree.
	ByTable  bool   `json:"by_table"`
	Rule     string `json:"rule,omitempty"`
	Advice   string `json:"advice,omitempty"`
	FromTree bool   `json:"from_tree,omitempty"`
}

// Game is a played game.
type Game struct {
	Start  chess.Position
	Final  chess.Position
	Moves  []Move
	Record prover.Record[chess.Position, chess.Move]
	// Outcome is mate, stalemate, draw (material gone, insufficient
	// material, the fifty-move rule or repetition: Reason says which),
	// stuck, limit or undetermined.
	Outcome string
	Reason  string
	// Winner is the side that mated ("" unless Outcome is mate).
	Winner string
	Nodes  int64
}

// OutcomeName is the name `al play` gives an outcome: repetition is a draw.
func OutcomeName(o game.Outcome) string {
	if o == game.Repetition {
		return "draw"
	}
	return o.String()
}

// Play plays table (compiled over chess) from start against defender, with
// a fresh forcing-tree searcher, and returns the game. An error is a broken
// defender or a table that cannot play start, not an outcome.
func Play(ctx context.Context, table *kb.Table[chess.Position], defender prover.Defender[chess.Position, chess.Move],
	start chess.Position, opt Options) (Game, error) {
	g := chess.Game{}
	s := prover.NewSearcher[chess.Position, chess.Move](g, prover.Options{MaxNodes: opt.MaxNodes, FixedBudget: opt.FixedBudget})
	if opt.Memory != nil {
		s.UseMemory(opt.Memory.Facts, opt.Memory.ID)
	}
	strat, err := prover.NewStrategy[chess.Position, chess.Move](g, table, s)
	if err != nil {
		return Game{}, err
	}
	rec, err := prover.PlayGame[chess.Position, chess.Move](ctx, g, strat, defender, Referee{}, start,
		prover.PlayOptions{MaxMoves: opt.MaxMoves})
	if err != nil {
		return Game{}, err
	}
	out := Game{Start: start, Final: rec.Final, Record: rec, Outcome: OutcomeName(rec.Outcome), Reason: rec.Reason, Nodes: rec.Nodes}
	if rec.Outcome == game.Repetition {
		out.Reason = "repetition: " + rec.Reason
	}
	if rec.Outcome == game.Mate {
		out.Winner = rec.Loser.Other().String()
	}
	for i, m := range rec.Moves {
		mv := Move{Ply: i + 1, Side: m.Side.String(), SAN: m.Before.SAN(m.Move), UCI: m.Move.UCI(), ByTable: m.ByTable}
		if m.ByTable {
			mv.Rule, mv.Advice, mv.FromTree = m.RuleName, m.AdviceName, m.FromTree
		}
		out.Moves = append(out.Moves, mv)
	}
	return out, nil
}

// NewRandom is the random defender of `al play --defender random`: a
// uniformly random legal move from a generator seeded with seed.
func NewRandom(seed uint64) prover.Defender[chess.Position, chess.Move] {
	return prover.RandomMove[chess.Position, chess.Move]{G: chess.Game{}, Rand: rand.New(rand.NewPCG(seed, 0))}
}

// NewFirst is the defender that plays the first legal move in the move
// generator's order.
func NewFirst() prover.Defender[chess.Position, chess.Move] {
	return prover.FirstMove[chess.Position, chess.Move]{G: chess.Game{}}
}

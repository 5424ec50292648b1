// Package chessuci runs an AL1 advice table as a UCI chess engine (the
// protocol chess GUIs speak to engines): it reads commands, keeps the
// game's position and the table's memory between moves, decides each move
// with the prover's Strategy as `al play` does, and falls back, labelled,
// to the tablebase's move or the first legal move where the table has
// none. It joins chess and the prover, as the other internal/chess*
// packages do; `al uci` is its command. docs/play.md records its
// decisions.
package chessuci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/memstore"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// Fallbacks are the values of the option Fallback: the tablebase's move,
// or the first legal move.
var Fallbacks = []string{"tablebase", "first"}

// Options are a session's settings.
type Options struct {
	// Name is the engine's name in `id name`.
	Name string
	// Fallback is the default of the option Fallback ("tablebase" or
	// "first"; "" is "tablebase").
	Fallback string
	// MaxNodes is the default of the option MaxNodes, the node budget of
	// each forcing-tree search (0: prover.DefaultMaxNodes).
	MaxNodes int64
	// OpenTB opens the tablebase of the fallback, on its first use; done
	// ends its progress output. Nil: the fallback tablebase plays the
	// first legal move.
	OpenTB func() (tb *tablebase.Tablebase, done func())
	// Memory, when set, is the learned memory the searches consult (al
	// learn memory; as al play --memory).
	Memory *memstore.Memory[chess.Position]
	// Outside, when set, says why a position is not one the table is
	// written for (its endgame declaration), or nil: the table is not
	// consulted there, and the fallback plays.
	Outside func(p *chess.Position) error
	// Cause says why the session's context was cancelled (a budget of the
	// run), for the info strings; nil: the context's error.
	Cause func() string
}

// Run talks UCI on in and out for table until quit or the end of in
// (nil), or an error of in. Cancelling ctx stops the searches; the loop
// ends with the input.
func Run(ctx context.Context, table *kb.Table[chess.Position], in io.Reader, out io.Writer, opt Options) error {
	if opt.Fallback == "" {
		opt.Fallback = "tablebase"
	}
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = prover.DefaultMaxNodes
	}
	e := &engine{ctx: ctx, opt: opt, table: table, out: out, fallback: opt.Fallback, maxNodes: opt.MaxNodes, name: opt.Name}
	e.newGame()
	e.setPosition(chess.Start(), nil)
	return e.loop(bufio.NewReader(in))
}

// Bounds of what al uci reads: a command line is at most MaxLine bytes
// (a position with a thousand moves is 5 KB); a longer one is skipped
// with an info string, and an input that runs on for MaxSkip bytes
// without a line end (/dev/zero) ends the engine with an error.
const (
	MaxLine = 64 << 10
	MaxSkip = 16 << 20
)

// ErrLineTooLong is a command line longer than MaxLine, skipped.
var ErrLineTooLong = fmt.Errorf("a command line longer than %d bytes: skipped", MaxLine)

// readLine reads one line of at most MaxLine bytes, without its end.
// A longer line is read to its end without being kept and reported as
// ErrLineTooLong; one that runs past MaxSkip bytes is an error.
func readLine(r *bufio.Reader) (string, error) {
	var b []byte
	skipped := 0
	for {
		chunk, err := r.ReadSlice('\n')
		if skipped > 0 || len(b)+len(chunk) > MaxLine+1 {
			skipped += len(b) + len(chunk)
			b = nil
			if skipped > MaxSkip {
				return "", fmt.Errorf("the input has a line longer than %d bytes: no UCI command is", MaxSkip)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				return "", err
			}
			return "", ErrLineTooLong
		}
		b = append(b, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(b) > 0 {
			err = nil // a last line without its end
		}
		return strings.TrimRight(string(b), "\r\n"), err
	}
}

// engine is the state of one session. The loop reads commands;
// a go starts a search in its own goroutine, so that isready and stop are
// answered while it runs; every other command first waits for it to end.
type engine struct {
	ctx   context.Context
	opt   Options
	table *kb.Table[chess.Position]
	name  string

	mu  sync.Mutex // serialises writes to out
	out io.Writer

	fallback string
	maxNodes int64
	tb       *tablebase.Tablebase // opened on first use

	strategy *prover.Strategy[chess.Position, chess.Move]

	// The current position: its start, the moves played and where they
	// lead, and the table's memory (the active advice) there.
	start chess.Position
	moves []chess.Move
	pos   chess.Position
	state prover.State[chess.Position, chess.Move]

	// After a move of the table: the game up to and including it and the
	// table's memory after it, so that the next position continues it.
	last *memory

	// The running search, if any.
	running *search
}

type memory struct {
	start string
	moves []chess.Move
	state prover.State[chess.Position, chess.Move]
}

type search struct {
	cancel   context.CancelFunc
	stop     chan struct{} // closed by stop, ponderhit or quit
	stopOnce sync.Once
	done     chan struct{}
}

func (s *search) halt() { s.stopOnce.Do(func() { close(s.stop) }) }

// send writes one line of the protocol.
func (e *engine) send(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
}

// info sends an info string; line ends in it become spaces.
func (e *engine) info(format string, args ...any) {
	s := strings.NewReplacer("\n", " ", "\r", " ").Replace(fmt.Sprintf(format, args...))
	e.send("info string %s", s)
}

// newGame forgets the game: a fresh searcher (its memo) and no memory.
func (e *engine) newGame() {
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: e.maxNodes})
	if e.opt.Memory != nil {
		s.UseMemory(e.opt.Memory.Facts, e.opt.Memory.ID)
	}
	st, err := prover.NewStrategy[chess.Position, chess.Move](chess.Game{}, e.table, s)
	if err != nil {
		// A compiled table always makes a strategy; keep the old one.
		e.info("error: %v", err)
		return
	}
	e.strategy = st
	e.last = nil
}

// loop reads and runs commands until quit or the end of the input.
func (e *engine) loop(r *bufio.Reader) error {
	for {
		line, err := readLine(r)
		if errors.Is(err, ErrLineTooLong) {
			e.info("error: %v", err)
			continue
		}
		if err != nil {
			// The end of the input lets a bounded search finish, as if
			// the GUI waited for it, and stops an infinite one.
			e.finish()
			if err == io.EOF {
				return nil
			}
			return err
		}
		if e.run(strings.Fields(line)) {
			return nil
		}
	}
}

// commands are the commands al uci knows; a line that starts with
// another word is read from its first known word on, as UCI asks.
var commands = map[string]bool{"uci": true, "debug": true, "isready": true, "setoption": true, "register": true,
	"ucinewgame": true, "position": true, "go": true, "stop": true, "ponderhit": true, "quit": true}

// run runs one command line; it reports whether the engine must quit.
func (e *engine) run(words []string) (quit bool) {
	for len(words) > 0 && !commands[words[0]] {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	args := words[1:]
	switch words[0] {
	case "uci":
		e.send("id name %s", e.name)
		e.send("id author the al project")
		e.send("option name Fallback type combo default %s var %s", e.fallback, strings.Join(Fallbacks, " var "))
		e.send("option name MaxNodes type spin default %d min 1 max %d", e.maxNodes, int64(1)<<40)
		e.send("uciok")
	case "isready":
		e.send("readyok")
	case "debug", "register":
		// Nothing to do: al uci has no debug mode and needs no registration.
	case "stop", "quit":
		// As soon as possible: the search is cancelled and, when the
		// table had no move yet, the fallback plays.
		if e.running != nil {
			e.running.cancel()
		}
		e.finish()
		return words[0] == "quit"
	case "ponderhit":
		e.finish()
	case "ucinewgame":
		e.finish()
		e.newGame()
	case "setoption":
		e.finish()
		e.setOption(args)
	case "position":
		e.finish()
		e.position(args)
	case "go":
		e.finish()
		e.goSearch(args)
	}
	return false
}

// finish waits for the running search to end. A bounded search runs to
// its end; an infinite (or pondering) one, which waits for stop before its
// bestmove, is stopped: stop says so, and any other command cannot wait.
func (e *engine) finish() {
	s := e.running
	if s == nil {
		return
	}
	s.halt()
	<-s.done
	e.running = nil
}

// setOption is `setoption name NAME [value VALUE]`.
func (e *engine) setOption(args []string) {
	var name, value []string
	cur := &[]string{}
	for _, a := range args {
		switch strings.ToLower(a) {
		case "name":
			cur = &name
		case "value":
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "fallback":
		if v = strings.ToLower(v); slices.Contains(Fallbacks, v) {
			e.fallback = v
		} else {
			e.info("error: option Fallback is %s, not %q", strings.Join(Fallbacks, " or "), v)
		}
	case "maxnodes":
		k, err := strconv.ParseInt(v, 10, 64)
		if err != nil || k <= 0 {
			e.info("error: option MaxNodes is a positive number, not %q", v)
			return
		}
		e.maxNodes = k
		e.newGame()
	default:
		e.info("error: no option %q (options: Fallback, MaxNodes)", strings.Join(name, " "))
	}
}

// position is `position startpos|fen FEN [moves M...]`. A bad FEN or an
// illegal move is reported and leaves the position as it was.
func (e *engine) position(args []string) {
	if len(args) == 0 {
		e.info("error: position needs startpos or fen")
		return
	}
	var start chess.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		start = chess.Start()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		p, err := chess.ParseFEN(strings.Join(rest[:i], " "))
		if err != nil {
			e.info("error: position fen: %v", err)
			return
		}
		start, rest = p, rest[i:]
	default:
		e.info("error: position needs startpos or fen, not %q", args[0])
		return
	}
	var moves []chess.Move
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.info("error: position: %q where moves was expected", rest[0])
			return
		}
		p := start
		for _, s := range rest[1:] {
			m, err := p.ParseUCI(s)
			if err != nil {
				e.info("error: position: %v in %s", err, p.FEN())
				return
			}
			moves = append(moves, m)
			p = p.Play(m)
		}
	}
	e.setPosition(start, moves)
}

// setPosition makes start and moves the current position, keeping the
// table's memory when the game continues the table's last move by at most
// the other side's reply.
func (e *engine) setPosition(start chess.Position, moves []chess.Move) {
	p := start
	for _, m := range moves {
		p = p.Play(m)
	}
	e.start, e.moves, e.pos = start, moves, p
	e.state = prover.NoAdvice[chess.Position, chess.Move]()
	if l := e.last; l != nil && l.start == start.FEN() && len(moves) >= len(l.moves) && len(moves) <= len(l.moves)+1 {
		same := true
		for i, m := range l.moves {
			same = same && moves[i] == m
		}
		if same {
			e.state = l.state
		}
	}
}

// limits are the arguments of go that al uci uses.
type limits struct {
	budget   time.Duration // 0: none
	infinite bool          // wait for stop before bestmove (infinite, ponder)
}

// goLimits reads go's arguments for the side to move: movetime is the
// budget; with wtime/btime it is the side's time over the moves to go
// (30 when not given) plus half the increment, at most half the time
// left. depth, nodes, mate and searchmoves are accepted and ignored: the
// table's move does not depend on them.
func goLimits(args []string, side chess.Color) (limits, error) {
	var l limits
	num := map[string]int64{}
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "infinite", "ponder":
			l.infinite = true
		case "searchmoves":
			// Moves up to the next keyword: ignored.
			for i+1 < len(args) && len(args[i+1]) >= 4 && args[i+1][0] >= 'a' && args[i+1][0] <= 'h' {
				i++
			}
		case "movetime", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate":
			if i+1 >= len(args) {
				return l, fmt.Errorf("go: %s needs a number", a)
			}
			n, err := strconv.ParseInt(args[i+1], 10, 64)
			if err != nil {
				return l, fmt.Errorf("go: %s %q is not a number", a, args[i+1])
			}
			num[a] = n
			i++
		default:
			return l, fmt.Errorf("go: unknown argument %q", a)
		}
	}
	ms := func(n int64) time.Duration { return time.Duration(max(n, 1)) * time.Millisecond }
	if n, ok := num["movetime"]; ok {
		l.budget = ms(n)
		return l, nil
	}
	tkey, ikey := "wtime", "winc"
	if side == chess.Black {
		tkey, ikey = "btime", "binc"
	}
	if t, ok := num[tkey]; ok {
		togo := num["movestogo"]
		if togo <= 0 {
			togo = 30
		}
		b := t/togo + num[ikey]/2
		b = min(b, t/2)
		l.budget = ms(b)
	}
	return l, nil
}

// goSearch is `go ...`: it decides the move in its own goroutine and
// sends bestmove (after stop, for an infinite search).
func (e *engine) goSearch(args []string) {
	lim, err := goLimits(args, e.pos.SideToMove())
	if err != nil {
		e.info("error: %v", err)
	}
	ctx, cancel := context.WithCancel(e.ctx)
	if lim.budget > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, lim.budget)
	}
	s := &search{cancel: cancel, stop: make(chan struct{}), done: make(chan struct{})}
	e.running = s
	pos, state := e.pos, e.state
	played := append([]chess.Move(nil), e.moves...)
	startFEN := e.start.FEN()
	go func() {
		defer close(s.done)
		defer cancel()
		m, next, byTable := e.decide(ctx, &pos, state)
		if lim.infinite {
			select {
			case <-s.stop:
			case <-e.ctx.Done():
			}
		}
		if byTable {
			e.last = &memory{start: startFEN, moves: append(played, m), state: next}
		} else {
			e.last = nil
		}
		if m == chess.NoMove {
			e.send("bestmove 0000")
			return
		}
		e.send("bestmove %s", m.UCI())
	}()
}

// decide returns the move to play in pos: the table's when it has one
// (with the table's memory after it), else the fallback's.
func (e *engine) decide(ctx context.Context, pos *chess.Position, st prover.State[chess.Position, chess.Move]) (chess.Move, prover.State[chess.Position, chess.Move], bool) {
	begin := time.Now()
	var legal [chess.MaxMoves]chess.Move
	moves := pos.LegalMoves(legal[:0])
	if len(moves) == 0 {
		if pos.InCheck() {
			e.info("no move: %s is checkmated", pos.SideToMove())
		} else {
			e.info("no move: %s is stalemated", pos.SideToMove())
		}
		return chess.NoMove, st, false
	}
	var why string
	var outside error
	if e.opt.Outside != nil {
		outside = e.opt.Outside(pos)
	}
	if outside != nil {
		why = outside.Error()
	} else if game.Side(pos.SideToMove()) != e.table.Side {
		why = fmt.Sprintf("the table plays %s and %s is to move", e.table.Side, game.Side(pos.SideToMove()))
	} else {
		d, err := e.strategy.Move(ctx, pos, st)
		switch {
		case err != nil:
			why = err.Error()
		case d.Outcome == game.Ongoing:
			note := "advice " + d.AdviceName
			if d.FromTree {
				note += " (its tree)"
			}
			e.info("table %s: %s, rule %s", e.table.Name, note, d.RuleName)
			var pv []string
			if d.Tree != nil {
				for _, m := range d.Tree.PrincipalLine() {
					pv = append(pv, m.UCI())
				}
			}
			if len(pv) == 0 {
				pv = []string{d.Move.UCI()}
			}
			e.send("info depth %d nodes %d time %d pv %s", max(d.Next.Depth+1, 1), d.Nodes,
				time.Since(begin).Milliseconds(), strings.Join(pv, " "))
			return d.Move, d.Next, true
		default:
			why = d.Reason
			if e.ctx.Err() != nil {
				why = context.Cause(e.ctx).Error()
				if e.opt.Cause != nil {
					why = e.opt.Cause()
				}
			} else if ctx.Err() == context.DeadlineExceeded {
				why += ": the time of go ran out"
			} else if ctx.Err() != nil {
				why += ": stop or quit"
			}
		}
	}
	m := moves[0]
	how := "the first legal move"
	if e.fallback == "tablebase" && e.opt.OpenTB != nil {
		if e.tb == nil {
			tb, done := e.opt.OpenTB()
			e.tb = tb
			defer done()
		}
		bm, _, err := e.tb.BestMove(*pos)
		if err == nil && bm != chess.NoMove {
			m, how = bm, "the tablebase's move"
		} else if err != nil {
			how = "the first legal move (no tablebase: " + err.Error() + ")"
		}
	}
	e.info("table %s has no move here (%s): playing %s, %s", e.table.Name, why, pos.SAN(m), how)
	return m, prover.NoAdvice[chess.Position, chess.Move](), false
}

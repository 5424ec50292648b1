package main

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
	"github.com/advicelang/al/internal/chessuci"
	"github.com/advicelang/al/kb"
)

// uciSession is al uci run in process and driven through pipes, as a GUI
// drives an engine: send writes a command line, expect reads lines until
// one matches.
type uciSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	code  chan int
	seen  []string // every line read
}

func startUCI(t *testing.T, args ...string) *uciSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &uciSession{t: t, in: inW, lines: make(chan string, 1000), code: make(chan int, 1)}
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	go func() {
		var stderr strings.Builder
		code := run(append([]string{"uci"}, args...), inR, outW, &stderr)
		outW.Close()
		s.code <- code
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *uciSession) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one matches re, and returns its submatches. It
// fails on a line matching none of the unwanted patterns first, and after
// 60 seconds.
func (s *uciSession) expect(re string) []string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	timeout := time.After(60 * time.Second)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine ended before %q; it said:\n%s", re, strings.Join(s.seen, "\n"))
			}
			s.seen = append(s.seen, l)
			if m := rx.FindStringSubmatch(l); m != nil {
				return m
			}
		case <-timeout:
			s.t.Fatalf("no %q within 60 s; the engine said:\n%s", re, strings.Join(s.seen, "\n"))
		}
	}
}

// none checks that no line arrives within d.
func (s *uciSession) none(d time.Duration) {
	s.t.Helper()
	select {
	case l := <-s.lines:
		s.t.Fatalf("unexpected %q", l)
	case <-time.After(d):
	}
}

// exit waits for the engine to end and returns its exit status.
func (s *uciSession) exit() int {
	s.t.Helper()
	select {
	case c := <-s.code:
		return c
	case <-time.After(60 * time.Second):
		s.t.Fatal("the engine did not end")
	}
	return -1
}

// loadTestBase compiles a knowledge base as al's commands do.
func loadTestBase(file string) (*kb.Base[chess.Position], error) {
	env := newEnv(&Globals{}, strings.NewReader(""), io.Discard, io.Discard)
	b, _, err := loadBase(env, file)
	return b, err
}

func TestUCIHandshake(t *testing.T) {
	s := startUCI(t, "krk.al1", "--no-cache")
	s.send("uci")
	s.expect(`^id name al \S+ \(table KRK of krk.al1\)$`)
	s.expect(`^id author `)
	s.expect(`^option name Fallback type combo default tablebase var tablebase var first$`)
	s.expect(`^option name MaxNodes type spin default 10000000 min 1 max \d+$`)
	s.expect(`^uciok$`)
	s.send("isready")
	s.expect(`^readyok$`)
	// Unknown words before a command are skipped, as UCI asks.
	s.send("joho isready")
	s.expect(`^readyok$`)
	s.send("quit")
	if c := s.exit(); c != 0 {
		t.Errorf("exit %d after quit", c)
	}
}

// TestUCIPlaysAsAlPlay plays games through the protocol, as a GUI does
// (the whole game in each position command, bestmove applied, the
// defender's reply added), and checks that the engine plays al play's
// moves: the same table moves against the same defender, the forcing
// trees followed across moves.
func TestUCIPlaysAsAlPlay(t *testing.T) {
	tb := tablebase.New(tablebase.Options{NoCache: true})
	for _, c := range []struct {
		file, table, pos string
		defender         string
	}{
		{"krk.al1", "KRK", "Kf6 Ra2 / Kh7 w", "optimal"},
		{"bratko.al1", "AL0_KRK", "Ke4 Rh1 / Kc6 w", "optimal"},
		{"kbbk.al1", "KBBK", "Kf6 Bg6 Bh6 / Kh8 w", "first"},
		{"bratko.al1", "AL0_KRK", "Kd4 Rh1 / Kd6 w", "first"},
	} {
		t.Run(c.file+" "+c.pos, func(t *testing.T) {
			start, err := chess.Parse(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			base, err := loadTestBase(c.file)
			if err != nil {
				t.Fatal(err)
			}
			table, err := pickTable(base, c.table)
			if err != nil {
				t.Fatal(err)
			}
			def := chessplay.NewFirst()
			if c.defender == "optimal" {
				def = chessplay.Optimal{TB: tb}
			}
			want, err := chessplay.Play(context.Background(), table, def, start, chessplay.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want.Outcome != "mate" {
				t.Fatalf("al play: %s (%s)", want.Outcome, want.Reason)
			}
			s := startUCI(t, c.file, "--no-cache")
			s.send("ucinewgame")
			var moves []string
			for i, m := range want.Moves {
				if !m.ByTable {
					moves = append(moves, m.UCI)
					continue
				}
				cmd := "position fen " + start.FEN()
				if len(moves) > 0 {
					cmd += " moves " + strings.Join(moves, " ")
				}
				s.send(cmd)
				s.send("go movetime 60000")
				note := s.expect(`^info string table ` + c.table + `: (.*)$`)[1]
				got := s.expect(`^bestmove (\S+)$`)[1]
				if got != m.UCI {
					t.Fatalf("ply %d: the engine plays %s, al play %s (%s)", i+1, got, m.UCI, m.SAN)
				}
				if wantNote := "advice " + m.Advice; !strings.HasPrefix(note, wantNote) || m.FromTree != strings.Contains(note, "(its tree)") {
					t.Errorf("ply %d: info string %q, al play's advice %s (tree %v)", i+1, note, m.Advice, m.FromTree)
				}
				moves = append(moves, got)
			}
			s.send("quit")
			if code := s.exit(); code != 0 {
				t.Errorf("exit %d", code)
			}
		})
	}
}

// TestUCIFallback: where the table has no move, the engine says so and
// plays the tablebase's move, or the first legal move as the option
// Fallback decides; where the other side is to move, likewise.
func TestUCIFallback(t *testing.T) {
	tb := tablebase.New(tablebase.Options{NoCache: true})
	// KRK's table is stuck here against the first-move defender (play.txtar).
	start, _ := chess.Parse("Kd4 Rh1 / Kd6 w")
	stuck := "position fen " + start.FEN() + " moves h1h6 d6c7 d4d5 c7b7 d5c5 b7a7 c5b5 a7b7 h6b6 b7a7"
	p := start
	for _, u := range strings.Fields(stuck)[9:] {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(m)
	}
	best, _, err := tb.BestMove(p)
	if err != nil {
		t.Fatal(err)
	}
	var legal [chess.MaxMoves]chess.Move
	first := p.LegalMoves(legal[:0])[0]
	if best == first {
		t.Fatalf("the test needs a position where the tablebase's move (%s) is not the first legal one", best.UCI())
	}

	s := startUCI(t, "krk.al1", "--no-cache")
	s.send(stuck)
	s.send("go movetime 60000")
	s.expect(`^info string table KRK has no move here \(no advice of rule TDIVIDE is satisfiable with a move\): playing \S+, the tablebase's move$`)
	s.expect(`^bestmove ` + best.UCI() + `$`)
	s.send("setoption name Fallback value first")
	s.send("go")
	s.expect(`the first legal move$`)
	s.expect(`^bestmove ` + first.UCI() + `$`)

	// Black to move: the table plays White.
	s.send("position fen " + start.FEN() + " moves h1h6")
	s.send("go movetime 60000")
	s.expect(`^info string table KRK has no move here \(the table plays white and black is to move\): playing \S+, the first legal move$`)
	s.expect(`^bestmove \S+$`)

	// A checkmated side has no move: bestmove 0000.
	s.send("position fen R6k/8/6K1/8/8/8/8/8 b - - 0 1")
	s.send("go")
	s.expect(`^info string no move: black is checkmated$`)
	s.expect(`^bestmove 0000$`)

	// A position outside the tablebase with Fallback tablebase: the first
	// legal move, saying why.
	s.send("setoption name Fallback value tablebase")
	s.send("position startpos moves e2e4")
	s.send("go movetime 60000")
	s.expect(`the first legal move \(no tablebase: `)
	s.expect(`^bestmove \S+$`)
	s.send("quit")
	s.exit()
}

// TestUCIInfiniteWaitsForStop: go infinite answers isready while it
// waits, and sends bestmove only after stop.
func TestUCIInfiniteWaitsForStop(t *testing.T) {
	s := startUCI(t, "krk.al1", "--no-cache")
	s.send("position fen 8/7k/5K2/8/8/8/R7/8 w - - 0 1")
	s.send("go infinite")
	s.expect(`^info depth `)
	s.send("isready")
	s.expect(`^readyok$`)
	s.none(200 * time.Millisecond)
	s.send("stop")
	s.expect(`^bestmove a2g2$`)
	// The end of the input ends the engine (exit 0).
	s.in.Close()
	if c := s.exit(); c != 0 {
		t.Errorf("exit %d at the end of the input", c)
	}
}

// TestUCIErrors: bad commands are reported as info strings and leave the
// engine running; an overlong line is skipped without being kept.
func TestUCIErrors(t *testing.T) {
	s := startUCI(t, "krk.al1", "--no-cache")
	for _, c := range []struct{ cmd, want string }{
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", `^info string error: position fen: FEN`},
		{"position startpos moves e2e5", `^info string error: position: move "e2e5": illegal`},
		{"position", `^info string error: position needs startpos or fen$`},
		{"position startpos junk", `^info string error: position: "junk" where moves was expected$`},
		{"setoption name Hash value 16", `^info string error: no option "Hash"`},
		{"setoption name Fallback value random", `^info string error: option Fallback is tablebase or first`},
		{"setoption name MaxNodes value -3", `^info string error: option MaxNodes is a positive number`},
		{"position fen 8/7k/5K2/8/8/8/R7/8 w - - 0 1", ``},
		{"go movetime soon", `^info string error: go: movetime "soon" is not a number$`},
		{"", `^bestmove a2g2$`}, // the go with a bad argument still plays
		{"position startpos " + strings.Repeat("x", chessuci.MaxLine+10), `^info string error: a command line longer than 65536 bytes: skipped$`},
	} {
		if c.cmd != "" {
			s.send(c.cmd)
		}
		if c.want != "" {
			s.expect(c.want)
		}
	}
	s.send("isready")
	s.expect(`^readyok$`)
	s.send("quit")
	s.exit()
}

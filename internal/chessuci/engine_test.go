package chessuci

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// TestReadUCILine: lines are bounded, a long one is skipped, one without
// end is an error once past MaxSkip.
func TestReadUCILine(t *testing.T) {
	r := bufio.NewReader(strings.NewReader("uci\r\n" + strings.Repeat("a", MaxLine+1) + "\nisready"))
	for _, want := range []string{"uci", "", "isready"} {
		got, err := readLine(r)
		if want == "" {
			if err != ErrLineTooLong {
				t.Errorf("the long line: %q, %v", got, err)
			}
			continue
		}
		if got != want || err != nil {
			t.Errorf("readLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := readLine(r); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
	_, err := readLine(bufio.NewReader(io.LimitReader(zeros{}, MaxSkip+MaxLine+10)))
	if err == nil || err == ErrLineTooLong || !strings.Contains(err.Error(), "no UCI command is") {
		t.Errorf("an endless line: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestGoLimits(t *testing.T) {
	for _, c := range []struct {
		args     string
		side     chess.Color
		budget   time.Duration
		infinite bool
	}{
		{"movetime 1500", chess.White, 1500 * time.Millisecond, false},
		{"wtime 60000 btime 30000", chess.White, 2 * time.Second, false},
		{"wtime 60000 btime 30000", chess.Black, time.Second, false},
		{"wtime 60000 btime 30000 winc 1000 binc 2000 movestogo 10", chess.Black, 4 * time.Second, false},
		{"wtime 100 winc 10000", chess.White, 50 * time.Millisecond, false},
		{"depth 12 nodes 5000", chess.White, 0, false},
		{"infinite", chess.White, 0, true},
		{"ponder wtime 1000", chess.White, 33 * time.Millisecond, true},
		{"searchmoves e2e4 d2d4 movetime 10", chess.White, 10 * time.Millisecond, false},
	} {
		l, err := goLimits(strings.Fields(c.args), c.side)
		if err != nil || l.budget != c.budget || l.infinite != c.infinite {
			t.Errorf("go %s (%v): %+v, %v; want %v, infinite %v", c.args, c.side, l, err, c.budget, c.infinite)
		}
	}
	if _, err := goLimits([]string{"wtime"}, chess.White); err == nil {
		t.Error("go wtime without a number: no error")
	}
}

// testTable is the shipped KRK table.
func testTable(t testing.TB) *kb.Table[chess.Position] {
	t.Helper()
	base, diags := knowledge.Load(predicates.Library(), "krk.al1")
	if diags.HasErrors() {
		t.Fatalf("%v", diags)
	}
	tab, ok := base.Table("KRK")
	if !ok {
		t.Fatal("no table KRK")
	}
	return tab
}

// FuzzCommands feeds any lines to a session: it must answer without
// panicking and end at the end of the input. go runs with a tiny node
// budget and no tablebase, so that any position is quick.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"uci\nisready\nposition startpos moves e2e4 e7e5\ngo movetime 5\n",
		"position fen 8/7k/5K2/8/8/8/R7/8 w - - 0 1\ngo infinite\nstop\n",
		"position fen 8/7k/5K2/8/8/8/R7/8 w - - 0 1 moves a2g2\ngo wtime 100 btime 100 winc 1 binc 1 movestogo 3\n",
		"setoption name Fallback value first\nsetoption name MaxNodes value 5\nucinewgame\ngo\n",
		"joho debug on\nposition fen\nposition startpos junk\ngo searchmoves e2e4 depth 3\nquit\n",
		"position fen 7k/8/8/8/8/8/8/K7 w - - 0 1 moves a1a2 h8h7\ngo ponder\nponderhit\n",
	} {
		f.Add(s)
	}
	tab := testTable(f)
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 4096 {
			return
		}
		var out strings.Builder
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// An infinite search waits for stop: the end of the input stops it.
		if err := Run(ctx, tab, strings.NewReader(in), &out, Options{Name: "fuzz", MaxNodes: 200}); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if l == "" && out.Len() == 0 {
				continue
			}
			if !strings.HasPrefix(l, "id ") && !strings.HasPrefix(l, "option ") && !strings.HasPrefix(l, "info ") &&
				!strings.HasPrefix(l, "bestmove ") && l != "uciok" && l != "readyok" {
				t.Fatalf("%q: the engine wrote %q", in, l)
			}
		}
	})
}

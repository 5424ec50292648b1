package chessplay

import (
	"bufio"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

var (
	tbOnce sync.Once
	tbase  *tablebase.Tablebase
)

// testTB is one in-memory tablebase for the package's tests (no cache).
func testTB() *tablebase.Tablebase {
	tbOnce.Do(func() { tbase = tablebase.New(tablebase.Options{NoCache: true}) })
	return tbase
}

func parse(t testing.TB, s string) chess.Position {
	t.Helper()
	p, err := chess.Parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return p
}

// shipped compiles a shipped knowledge base and returns its table.
func shipped(t testing.TB, file, table string) *kb.Table[chess.Position] {
	t.Helper()
	base, diags := knowledge.Load(predicates.Library(), file)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", file, diags)
	}
	tab, ok := base.Table(table)
	if !ok {
		t.Fatalf("%s: no table %s", file, table)
	}
	return tab
}

func TestReferee(t *testing.T) {
	for _, c := range []struct {
		pos    string
		want   game.Outcome
		reason string
	}{
		{"Kc6 Rh8 / Kc8 b", game.Mate, "checkmate"},
		{"Kc8 Rh7 / Ka8 b", game.Stalemate, "stalemate"},
		{"Kc6 / Ka8 b", game.Draw, "material gone"},
		{"Kc6 Bc1 / Ka8 b", game.Draw, "insufficient material"},
		{"8/8/8/4k3/8/8/8/R3K3 w - - 100 80", game.Draw, "fifty-move rule"},
		{"8/8/8/4k3/8/8/8/R3K3 w - - 99 80", game.Ongoing, ""},
	} {
		p := parse(t, c.pos)
		o, reason, over := Referee{}.Over(&p)
		if o != c.want || reason != c.reason || over != (c.want != game.Ongoing) {
			t.Errorf("%s: %v %q %v, want %v %q", c.pos, o, reason, over, c.want, c.reason)
		}
	}
}

func TestStdinDefender(t *testing.T) {
	p := parse(t, "Kc6 Rh1 / Kb8 b")
	var out strings.Builder
	d := Stdin{In: bufio.NewReader(strings.NewReader("Kd8\n\nb8a8\n")), Out: &out}
	m, err := d.Reply(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.SAN(m); got != "Ka8" {
		t.Errorf("move %s, want Ka8", got)
	}
	if !strings.Contains(out.String(), `illegal move "Kd8"`) || !strings.Contains(out.String(), "legal moves: ") {
		t.Errorf("no clear message for the illegal move:\n%s", out.String())
	}
	d = Stdin{In: bufio.NewReader(strings.NewReader("Kd8\n")), Out: &out}
	if _, err := d.Reply(context.Background(), &p); err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Errorf("end of input: %v", err)
	}
}

// endless is an input that never ends: the bytes of pattern, over and
// over (/dev/zero is endless{"\x00"}).
type endless struct {
	pattern string
	n       int64 // bytes read
}

func (e *endless) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = e.pattern[int(e.n)%len(e.pattern)]
		e.n++
	}
	return len(b), nil
}

// TestStdinDefenderBounded: an endless input without line ends (like
// /dev/zero) and an endless input of lines that are no move (like
// /dev/urandom) both end in an error after a bounded read (issue 22).
func TestStdinDefenderBounded(t *testing.T) {
	p := parse(t, "Kc6 Rh1 / Kb8 b")
	for _, c := range []struct {
		in   *endless
		want string
	}{
		{&endless{pattern: "\x00"}, "a line longer than 1024 bytes"},
		{&endless{pattern: "e"}, "a line longer than 1024 bytes"},
		{&endless{pattern: "\x13\xff junk\n"}, "100 lines in a row that are not a legal move"},
		{&endless{pattern: "\n"}, "100 lines in a row"},
	} {
		var out strings.Builder
		d := Stdin{In: bufio.NewReader(c.in), Out: &out}
		_, err := d.Reply(context.Background(), &p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("input %q: error %v, want %q", c.in.pattern, err, c.want)
		}
		if c.in.n > 64<<10 {
			t.Errorf("input %q: read %d bytes", c.in.pattern, c.in.n)
		}
	}
	// A line of the longest length is read whole.
	var out strings.Builder
	long := strings.Repeat(" ", MaxLine-4) + "Ka8\n"
	d := Stdin{In: bufio.NewReader(strings.NewReader(long)), Out: &out}
	if m, err := d.Reply(context.Background(), &p); err != nil || p.SAN(m) != "Ka8" {
		t.Errorf("a line of %d bytes: %v", len(long), err)
	}
}

func TestOptimalDefender(t *testing.T) {
	p := parse(t, "Kc6 Rh1 / Kb8 b")
	m, err := Optimal{TB: testTB()}.Reply(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Play(m)
	v, err := testTB().Value(q)
	if err != nil {
		t.Fatal(err)
	}
	best, _ := testTB().Value(p)
	if v.Outcome != tablebase.Win || v.DTM != best.DTM {
		t.Errorf("after %s: %v, want a win in %d", p.SAN(m), v, best.DTM)
	}
}

// TestPlayGames plays the shipped tables from positions of each endgame
// against every defender but stdin, each ending in an outcome found by
// playing it once and checked by hand to be legitimate (a mate is a mate:
// the referee says so; a stuck table is the table's weakness).
func TestPlayGames(t *testing.T) {
	krk := shipped(t, "krk.al1", "KRK")
	kbbk := shipped(t, "kbbk.al1", "KBBK")
	al0 := shipped(t, "bratko.al1", "AL0_KRK")
	for _, c := range []struct {
		table    *kb.Table[chess.Position]
		pos      string
		defender string
		want     string
	}{
		{krk, "Kc6 Rh1 / Kc8 w", "optimal", "mate"},
		{krk, "Kc6 Rh1 / Kc8 w", "random", "mate"},
		{krk, "Kc6 Rh1 / Kc8 w", "first", "mate"},
		{krk, "Kf6 Ra2 / Kh7 w", "optimal", "mate"},
		{krk, "Kf6 Ra2 / Kh7 w", "random", "mate"},
		{krk, "Kf6 Ra2 / Kh7 w", "first", "mate"},
		{krk, "8/7k/8/8/5R2/2K5/8/8 w - - 0 1", "optimal", "mate"},
		{kbbk, "1k6/5K2/8/8/1B6/1B6/8/8 w - - 0 1", "optimal", "mate"},
		{krk, "Kd4 Rh1 / Kd6 w", "optimal", "stuck"},
		{al0, "Kd4 Rh1 / Kd6 w", "optimal", "mate"},
		{al0, "Kd4 Rh1 / Kd6 w", "random", "mate"},
		{al0, "Kd4 Rh1 / Kd6 w", "first", "mate"},
		{al0, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "optimal", "mate"},
		{al0, "Ka1 Rb2 / Ke5 w", "optimal", "mate"},
		{krk, "Kd4 Rh1 / Kd6 w", "first", "stuck"},
		{krk, "Kc6 Rh7 / Kb8 w", "random", "stuck"},
		{kbbk, "Kf6 Bg6 Bh6 / Kh8 w", "optimal", "mate"},
		{kbbk, "Kf6 Bg6 Bh6 / Kh8 w", "random", "mate"},
		{kbbk, "Kf6 Bg6 Bh6 / Kh8 w", "first", "mate"},
		{kbbk, "Kf5 Bg6 Bh6 / Kh8 w", "first", "stuck"},
		{kbbk, "Ke1 Bc1 Bf1 / Ke8 w", "first", "stuck"},
		{kbbk, "Ke1 Bc1 Bf1 / Ke8 w", "random", "stuck"},
	} {
		var d prover.Defender[chess.Position, chess.Move]
		if c.table == kbbk && c.defender == "optimal" && (raceOn || testing.Short()) {
			continue // generating KBBK takes seconds, tens under -race
		}
		switch c.defender {
		case "optimal":
			d = Optimal{TB: testTB()}
		case "random":
			d = NewRandom(1)
		case "first":
			d = NewFirst()
		}
		g, err := Play(context.Background(), c.table, d, parse(t, c.pos), Options{})
		if err != nil {
			t.Fatalf("%s %s: %v", c.pos, c.defender, err)
		}
		if g.Outcome != c.want {
			t.Errorf("%s against %s: %s (%s) after %d plies, want %s", c.pos, c.defender, g.Outcome, g.Reason, len(g.Moves), c.want)
		}
		if g.Outcome == "mate" && (!g.Final.Mate() || g.Winner != "white") {
			t.Errorf("%s: mate reported in %s", c.pos, g.Final.FEN())
		}
		for _, m := range g.Moves {
			if m.ByTable && (m.Advice == "" || m.Rule == "") {
				t.Errorf("%s: table move %s without its advice and rule", c.pos, m.SAN)
			}
		}
	}
}

package chessplay

import (
	"context"
	"regexp"
	"strings"
	"testing"

	nc "github.com/corentings/chess/v2"

	"github.com/advicelang/al/chess"
)

// pgnGame is a game read back from PGN by the test's own reader: the tags,
// the SAN moves, the comment after each move (by move index) and the
// result.
type pgnGame struct {
	tags     map[string]string
	moves    []string
	comments map[int][]string // by move index (-1: before the first move)
	result   string
}

var tagLine = regexp.MustCompile(`^\[(\w+) "((?:[^"\\]|\\.)*)"\]$`)

// readPGN reads one game of PGN: tag lines, a blank line, and movetext of
// move numbers, SAN moves, {comments} and the result. It fails the test
// on anything else.
func readPGN(t *testing.T, text string) pgnGame {
	t.Helper()
	g := pgnGame{tags: map[string]string{}, comments: map[int][]string{}}
	head, body, ok := strings.Cut(text, "\n\n")
	if !ok {
		t.Fatalf("no blank line after the tags:\n%s", text)
	}
	for _, l := range strings.Split(head, "\n") {
		m := tagLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a tag line: %q", l)
		}
		g.tags[m[1]] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
	}
	for _, l := range strings.Split(body, "\n") {
		if len(l) > pgnLineWidth {
			t.Errorf("movetext line of %d characters (at most %d): %q", len(l), pgnLineWidth, l)
		}
	}
	for s := strings.TrimSpace(body); s != ""; s = strings.TrimSpace(s) {
		switch {
		case s[0] == '{':
			end := strings.IndexByte(s, '}')
			if end < 0 {
				t.Fatalf("unclosed comment: %q", s)
			}
			g.comments[len(g.moves)-1] = append(g.comments[len(g.moves)-1], strings.Join(strings.Fields(s[1:end]), " "))
			s = s[end+1:]
		default:
			tok, rest, _ := strings.Cut(s, " ")
			if i := strings.IndexByte(tok, '\n'); i >= 0 {
				tok, rest = tok[:i], tok[i+1:]+" "+rest
			}
			s = rest
			switch {
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				if strings.TrimSpace(s) != "" {
					t.Fatalf("text after the result %s: %q", tok, s)
				}
				g.result = tok
			case regexp.MustCompile(`^\d+\.(\.\.)?$`).MatchString(tok):
			default:
				g.moves = append(g.moves, tok)
			}
		}
	}
	return g
}

// pgnCases are games of every shape: White's table mating, a table that
// gets stuck, a game that starts with Black to move, one without moves.
func pgnCases(t *testing.T) map[string]Game {
	t.Helper()
	ctx := context.Background()
	play := func(file, table, pos string, def string) Game {
		t.Helper()
		var d = NewFirst()
		if def == "optimal" {
			d = Optimal{TB: testTB()}
		}
		g, err := Play(ctx, shipped(t, file, table), d, parse(t, pos), Options{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	cases := map[string]Game{
		"krk mates":    play("krk.al1", "KRK", "Kd4 Rh1 / Kd6 w", "optimal"),
		"bratko mates": play("bratko.al1", "AL0_KRK", "Kd4 Rh1 / Kd6 w", "first"),
		"krk stuck":    play("krk.al1", "KRK", "Kd4 Rh1 / Kd6 w", "first"),
		"no moves":     play("krk.al1", "KRK", "Kf6 / Kh7 w", "first"),
	}
	// Black to move first: the defender's move, then the table's.
	g := play("krk.al1", "KRK", "Kf6 Ra2 / Kh8 w", "first")
	start := parse(t, "Kf6 Ra2 / Kh7 b")
	m, err := start.ParseMove("Kh8")
	if err != nil {
		t.Fatal(err)
	}
	g.Start = start
	g.Moves = append([]Move{{Ply: 1, Side: "black", SAN: start.SAN(m), UCI: m.UCI()}}, g.Moves...)
	cases["black starts"] = g
	return cases
}

// TestPGNReadsBack writes each game as PGN and reads it back twice: with
// the test's reader, replaying the moves on al's board, and with an
// independent chess library's PGN parser. Tags, moves, comments, the
// final position and the result must survive.
func TestPGNReadsBack(t *testing.T) {
	for name, g := range pgnCases(t) {
		t.Run(name, func(t *testing.T) {
			var b strings.Builder
			// The chess library reads no escaped quote in a tag: the
			// escapes are TestPGNComments's.
			tags := PGNTags{Event: `al play krk.al1`, Date: "2026.11.26", White: "table KRK", Black: "optimal defender",
				Extra: map[string]string{"Annotator": "al", "FEN": "ignored: the game's own start wins"}}
			if err := WritePGN(&b, &g, tags); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			r := readPGN(t, text)
			want := map[string]string{
				"Event": `al play krk.al1`, "Site": "?", "Date": "2026.11.26", "Round": "-",
				"White": "table KRK", "Black": "optimal defender", "Result": g.PGNResult(),
				"SetUp": "1", "FEN": g.Start.FEN(), "Annotator": "al",
			}
			for k, v := range want {
				if r.tags[k] != v {
					t.Errorf("tag %s = %q, want %q", k, r.tags[k], v)
				}
			}
			roster := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
			for i, l := range strings.SplitN(text, "\n", len(roster)+1)[:len(roster)] {
				if !strings.HasPrefix(l, "["+roster[i]+" ") {
					t.Errorf("tag line %d is %q, want the roster's %s", i+1, l, roster[i])
				}
			}
			if r.result != g.PGNResult() {
				t.Errorf("result %q, want %q", r.result, g.PGNResult())
			}
			if len(r.moves) != len(g.Moves) {
				t.Fatalf("%d moves read back, %d played:\n%s", len(r.moves), len(g.Moves), text)
			}
			pos := g.Start
			for i, s := range r.moves {
				m, err := pos.ParseMove(s)
				if err != nil {
					t.Fatalf("move %d %q: %v", i+1, s, err)
				}
				if m.UCI() != g.Moves[i].UCI {
					t.Errorf("move %d is %s, played %s", i+1, m.UCI(), g.Moves[i].UCI)
				}
				c := r.comments[i]
				advice := len(c) > 0 && strings.HasPrefix(c[0], "advice ")
				if g.Moves[i].ByTable != advice || advice && !strings.HasPrefix(c[0], "advice "+g.Moves[i].Advice+" ") && !strings.HasPrefix(c[0], "advice "+g.Moves[i].Advice+",") {
					t.Errorf("move %d (by table %v) has comments %q", i+1, g.Moves[i].ByTable, c)
				}
				pos = pos.Play(m)
			}
			if boardOf(pos.FEN()) != boardOf(g.Final.FEN()) {
				t.Errorf("replayed to %s, the game ended in %s", pos.FEN(), g.Final.FEN())
			}
			if c := r.comments[len(r.moves)-1]; len(c) == 0 || !strings.HasPrefix(c[len(c)-1], g.Outcome) {
				t.Errorf("last comments %q do not give the outcome %s", c, g.Outcome)
			}

			// An independent reader.
			opt, err := nc.PGN(strings.NewReader(text))
			if err != nil {
				t.Fatalf("the chess library cannot read it: %v\n%s", err, text)
			}
			ng := nc.NewGame(opt)
			if got := len(ng.Moves()); got != len(g.Moves) {
				t.Errorf("the chess library reads %d moves, %d played", got, len(g.Moves))
			}
			if ng.GetTagPair("White") != "table KRK" || ng.GetTagPair("FEN") != g.Start.FEN() {
				t.Errorf("the chess library reads White %q, FEN %q", ng.GetTagPair("White"), ng.GetTagPair("FEN"))
			}
			if want, got := boardOf(g.Final.FEN()), boardOf(ng.Position().String()); got != want {
				t.Errorf("the chess library ends in %s, the game in %s", got, want)
			}
			wantOutcome := map[string]nc.Outcome{"1-0": nc.WhiteWon, "0-1": nc.BlackWon, "1/2-1/2": nc.Draw, "*": nc.NoOutcome}[g.PGNResult()]
			// (The library leaves the result of a game without moves unread.)
			if len(g.Moves) > 0 && ng.Outcome() != wantOutcome {
				t.Errorf("the chess library reads the outcome %s, want %s", ng.Outcome(), wantOutcome)
			}
		})
	}
}

func boardOf(fen string) string { return strings.Fields(fen)[0] }

// TestPGNComments: a comment cannot close early, tag values are escaped.
func TestPGNComments(t *testing.T) {
	if got := strings.Join(pgnComment("a } b\nc"), " "); got != "{a ) b c}" {
		t.Errorf("pgnComment = %q", got)
	}
	if got := pgnEscape("a\"b\\c\nd"); got != `a\"b\\c d` {
		t.Errorf("pgnEscape = %q", got)
	}
	g := Game{Start: chess.Start(), Final: chess.Start(), Outcome: "limit", Reason: "0 moves"}
	var b strings.Builder
	if err := WritePGN(&b, &g, PGNTags{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Event "?"]`, `[Date "????.??.??"]`, `[Result "*"]`, `[Termination "unterminated"]`, "{limit (0 moves)} *\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("missing %q in\n%s", want, b.String())
		}
	}
}

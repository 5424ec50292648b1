package main

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	nc "github.com/corentings/chess/v2"

	"github.com/advicelang/al/chess"
)

// TestPlayPGNReadsBack runs `al play --pgn` as a user does and reads the
// PGN back with an independent chess library: the tags name the table and
// the defender on their sides, the moves replay on al's board to the
// game's final position (al play --json's "final"), the result is the
// game's, and each move of the table carries its advice as a comment.
func TestPlayPGNReadsBack(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "0")
	for _, c := range []struct {
		args   []string
		white  string
		black  string
		result string
	}{
		{[]string{"krk.al1", "--pos", "Kf6 Ra2 / Kh7 w", "--no-cache"}, "table KRK (krk.al1)", "optimal defender (tablebase)", "1-0"},
		{[]string{"kbbk.al1", "--pos", "Kf6 Bg6 Bh6 / Kh8 w", "--defender", "first"}, "table KBBK (kbbk.al1)", "first-move defender", "1-0"},
		{[]string{"bratko.al1", "--pos", "Kd4 Rh1 / Kd6 w", "--defender", "random", "--seed", "7"}, "table AL0_KRK (bratko.al1)", "random defender (seed 7)", "1-0"},
		{[]string{"krk.al1", "--pos", "Kd4 Rh1 / Kd6 w", "--defender", "first"}, "table KRK (krk.al1)", "first-move defender", "*"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var pgn, js strings.Builder
			if code := run(append([]string{"play", "--pgn"}, c.args...), strings.NewReader(""), &pgn, io.Discard); code != 0 {
				t.Fatalf("exit %d", code)
			}
			if code := run(append([]string{"play", "--json"}, c.args...), strings.NewReader(""), &js, io.Discard); code != 0 {
				t.Fatalf("exit %d", code)
			}
			var played struct {
				Final  string `json:"final"`
				Advice []struct {
					UCI     string `json:"uci"`
					ByTable bool   `json:"by_table"`
					Advice  string `json:"advice"`
				} `json:"advice"`
			}
			if err := json.Unmarshal([]byte(js.String()), &played); err != nil {
				t.Fatal(err)
			}
			opt, err := nc.PGN(strings.NewReader(pgn.String()))
			if err != nil {
				t.Fatalf("the chess library cannot read it: %v\n%s", err, pgn.String())
			}
			g := nc.NewGame(opt)
			for tag, want := range map[string]string{"White": c.white, "Black": c.black, "Result": c.result,
				"Date": "1970.01.01", "Round": "-", "Site": "?", "SetUp": "1"} {
				if got := g.GetTagPair(tag); got != want {
					t.Errorf("tag %s = %q, want %q", tag, got, want)
				}
			}
			pos, err := chess.ParseFEN(g.GetTagPair("FEN"))
			if err != nil {
				t.Fatalf("FEN tag: %v", err)
			}
			moves := g.Moves()
			if len(moves) != len(played.Advice) {
				t.Fatalf("%d moves in the PGN, %d played", len(moves), len(played.Advice))
			}
			for i, m := range moves {
				u := m.String()
				if u != played.Advice[i].UCI {
					t.Errorf("move %d: %s in the PGN, %s played", i+1, u, played.Advice[i].UCI)
				}
				mv, err := pos.ParseUCI(u)
				if err != nil {
					t.Fatalf("move %d %s: %v", i+1, u, err)
				}
				pos = pos.Play(mv)
				comment := strings.Join(strings.Fields(m.Comments()), " ") // the library keeps the line ends
				if played.Advice[i].ByTable && !strings.Contains(comment, "advice "+played.Advice[i].Advice) {
					t.Errorf("move %d of the table: comment %q, want its advice %s", i+1, comment, played.Advice[i].Advice)
				}
			}
			if pos.FEN() != played.Final {
				t.Errorf("the PGN replays to %s, the game ended in %s", pos.FEN(), played.Final)
			}
		})
	}
}

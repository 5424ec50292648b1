package chessplay

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// BenchmarkForcingTreeNodes measures the forcing-tree search on chess:
// "mate in 3" (better mate, holding not_stalemate, any move) in a KRK
// position where it fails, so the whole tree is searched; memo off.
func BenchmarkForcingTreeNodes(b *testing.B) {
	a := &kb.Advice[chess.Position]{Name: "MATE3", Side: game.White, Depth: 3,
		Better: kb.Pos(pred(b, "mate"), kb.P2), Holding: kb.Pos(pred(b, "not_stalemate"), kb.P2)}
	p := parse(b, "Kd4 Rh1 / Kd6 w")
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{NoMemo: true})
	var nodes int64
	b.ResetTimer()
	for b.Loop() {
		res, err := s.Solve(context.Background(), a, &p)
		if err != nil || res.Value != prover.Unsat {
			b.Fatalf("%v %v", res.Value, err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func benchGame(b *testing.B, file, table, pos string) {
	tab := shipped(b, file, table)
	start := parse(b, pos)
	def := Optimal{TB: testTB()}
	// Generate the table outside the timer.
	if _, err := testTB().Value(start); err != nil {
		b.Fatal(err)
	}
	var g Game
	b.ResetTimer()
	for b.Loop() {
		var err error
		g, err = Play(context.Background(), tab, def, start, Options{})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(g.Moves)), "plies")
	b.ReportMetric(float64(g.Nodes), "search-nodes")
	b.Logf("%s from %s: %s (%s) after %d plies", table, pos, g.Outcome, g.Reason, len(g.Moves))
}

// BenchmarkKRKGame is a whole game of knowledge/krk.al1 against the
// optimal defender: the longest mate of a 300-position sample (21 plies).
func BenchmarkKRKGame(b *testing.B) { benchGame(b, "krk.al1", "KRK", "8/7k/8/8/5R2/2K5/8/8 w - - 0 1") }

// BenchmarkAL0KRKGame is a whole game of knowledge/bratko.al1 (Bratko's AL0
// table) against the optimal defender, from the centre.
func BenchmarkAL0KRKGame(b *testing.B) {
	benchGame(b, "bratko.al1", "AL0_KRK", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
}

// BenchmarkKBBKGame is a whole game of knowledge/kbbk.al1 against the
// optimal defender: the longest mate of a 300-position sample (37 plies).
func BenchmarkKBBKGame(b *testing.B) {
	benchGame(b, "kbbk.al1", "KBBK", "1k6/5K2/8/8/1B6/1B6/8/8 w - - 0 1")
}

// BenchmarkKBBKGameLong is the longest mate of kbbk.al1 in a 1000-position
// sample (85 plies).
func BenchmarkKBBKGameLong(b *testing.B) {
	benchGame(b, "kbbk.al1", "KBBK", "3B4/3k4/8/7B/8/K7/8/8 w - - 0 1")
}

var sampleN = flag.Int("sample", 0, "TestSampleMates: play each shipped table from this many won positions of its endgame (0: skip)")

// TestSampleMates measures, when -sample N is given, from how many of N
// positions of each endgame (White to move and winning, spread evenly over
// the tablebase's order) the shipped table mates the optimal defender:
//
//	go test ./internal/chessplay -run SampleMates -sample 1000 -v
func TestSampleMates(t *testing.T) {
	if *sampleN <= 0 {
		t.Skip("no -sample N")
	}
	for _, c := range []struct {
		file, table string
		eg          tablebase.Endgame
	}{
		{"krk.al1", "KRK", tablebase.MustEndgame("krk")},
		{"bratko.al1", "AL0_KRK", tablebase.MustEndgame("krk")},
		{"kbbk.al1", "KBBK", tablebase.MustEndgame("kbbk")},
	} {
		tab := shipped(t, c.file, c.table)
		tb, err := testTB().Table(c.eg)
		if err != nil {
			t.Fatal(err)
		}
		var wins []chess.Position
		for p, v := range tb.Positions() {
			if p.SideToMove() == chess.White && v.Outcome == tablebase.Win {
				wins = append(wins, p)
			}
		}
		n := min(*sampleN, len(wins))
		count := map[string]int{}
		var longest time.Duration
		var longestMate Game
		t0 := time.Now()
		for i := range n {
			p := wins[i*len(wins)/n]
			g0 := time.Now()
			g, err := Play(context.Background(), tab, Optimal{TB: testTB()}, p, Options{})
			if err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			longest = max(longest, time.Since(g0))
			key := g.Outcome
			if g.Outcome != "mate" {
				key += " (" + g.Reason + ")"
			}
			count[key]++
			if g.Outcome == "mate" && len(g.Moves) > len(longestMate.Moves) {
				longestMate = g
			}
			if count[key] <= 2 && g.Outcome != "mate" {
				t.Logf("%s: %s from %s ends in %s", c.file, key, p.FEN(), g.Final.FEN())
			}
		}
		var keys []string
		for k := range count {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var s string
		for _, k := range keys {
			s += fmt.Sprintf("\n  %5d %s", count[k], k)
		}
		t.Logf("%s: the longest mate: %d plies from %s", c.file, len(longestMate.Moves), longestMate.Start.FEN())
		t.Logf("%s: %d of %d won positions (White to move) sampled, mate in %d; %v in all, longest game %v:%s",
			c.file, n, len(wins), count["mate"], time.Since(t0).Round(time.Millisecond), longest.Round(time.Millisecond), s)
	}
}

// krk200 returns the fixed 200 KRK starts of BenchmarkAL0Games: won
// positions with White to move, spread evenly over the tablebase's order.
func krk200(b testing.TB, tb *tablebase.Tablebase) []chess.Position {
	tab, err := tb.Table(tablebase.MustEndgame("krk"))
	if err != nil {
		b.Fatal(err)
	}
	var wins []chess.Position
	for p, v := range tab.Positions() {
		if p.SideToMove() == chess.White && v.Outcome == tablebase.Win {
			wins = append(wins, p)
		}
	}
	const n = 200
	out := make([]chess.Position, n)
	for i := range out {
		out[i] = wins[i*len(wins)/n]
	}
	return out
}

// recorded is a defender that replays the moves another defender chose,
// by position: the tablebase's replies, looked up before the clock starts.
type recorded map[uint64]chess.Move

func (r recorded) Reply(_ context.Context, p *chess.Position) (chess.Move, error) {
	m, ok := r[p.Hash()]
	if !ok {
		return chess.NoMove, fmt.Errorf("no recorded reply for %s", p.FEN())
	}
	return m, nil
}

type recorder struct {
	d   Optimal
	out recorded
}

func (r recorder) Reply(ctx context.Context, p *chess.Position) (chess.Move, error) {
	m, err := r.d.Reply(ctx, p)
	if err == nil {
		r.out[p.Hash()] = m
	}
	return m, err
}

// BenchmarkAL0Games plays knowledge/bratko.al1 (Bratko's AL0 KRK table
// written in AL1) from the same fixed 200 KRK starts against the
// tablebase's defender, each game with a fresh searcher, and reports the
// time and the search nodes per game: the figure docs/prover.md compares
// with Bratko's AL0 program under Prolog. The defender's replies are
// looked up in the tablebase once, before the clock starts, so the time is
// the table's (BenchmarkAL0GamesLive probes the tablebase in the loop).
func BenchmarkAL0Games(b *testing.B) { benchAL0Games(b, shipped(b, "bratko.al1", "AL0_KRK"), false) }

// BenchmarkAL0GamesLive is BenchmarkAL0Games with the defender probing the
// tablebase at each of its moves.
func BenchmarkAL0GamesLive(b *testing.B) {
	benchAL0Games(b, shipped(b, "bratko.al1", "AL0_KRK"), true)
}

// BenchmarkAL0GamesBuiltin is BenchmarkAL0Games with bratko.al1 written on
// the library's Go predicates (knowledge/testdata/builtin) instead of the
// vocabulary's definitions: the same games and trees, so the difference
// between the two is the cost of evaluating the definitions.
func BenchmarkAL0GamesBuiltin(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "..", "knowledge", "testdata", "builtin", "bratko.al1"))
	if err != nil {
		b.Fatal(err)
	}
	base, diags := kb.Load(predicates.Library(), "bratko.al1", src)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	tab, ok := base.Table("AL0_KRK")
	if !ok {
		b.Fatal("no table AL0_KRK")
	}
	benchAL0Games(b, tab, false)
}

func benchAL0Games(b *testing.B, tab *kb.Table[chess.Position], live bool) {
	tb := tablebase.New(tablebase.Options{}) // the user's cache, as al play's
	starts := krk200(b, tb)
	rec := recorder{d: Optimal{TB: tb}, out: recorded{}}
	for _, p := range starts {
		g, err := Play(context.Background(), tab, rec, p, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if g.Outcome != "mate" {
			b.Fatalf("%s: %s (%s)", p.FEN(), g.Outcome, g.Reason)
		}
	}
	var def prover.Defender[chess.Position, chess.Move] = rec.out
	if live {
		def = rec.d
	}
	var nodes, plies int64
	games := 0
	b.ResetTimer()
	for b.Loop() {
		for _, p := range starts {
			// A game as Play plays it, without writing its moves in SAN.
			s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
			strat, err := prover.NewStrategy[chess.Position, chess.Move](chess.Game{}, tab, s)
			if err != nil {
				b.Fatal(err)
			}
			rec, err := prover.PlayGame(context.Background(), chess.Game{}, strat, def, Referee{}, p, prover.PlayOptions{})
			if err != nil || rec.Outcome != game.Mate {
				b.Fatal(rec.Outcome, err)
			}
			nodes += rec.Nodes
			plies += int64(len(rec.Moves))
			games++
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(games), "ms/game")
	b.ReportMetric(float64(nodes)/float64(games), "nodes/game")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}

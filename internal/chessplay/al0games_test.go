package chessplay

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateGames = flag.Bool("update", false, "rewrite testdata/al0games.golden")

// TestAL0GamesGolden plays the 200 games of BenchmarkAL0Games (bratko.al1
// from the fixed KRK starts against the tablebase's defender) and
// compares each game's moves, the advice behind each move of White and
// the search nodes it cost with testdata/al0games.golden: work on the
// speed of the searcher, of kb's compiled goals or of the chess package
// must change none of them (docs/prover.md, "Speed").
func TestAL0GamesGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	tab := shipped(t, "bratko.al1", "AL0_KRK")
	var b strings.Builder
	for _, p := range krk200(t, testTB()) {
		g, err := Play(context.Background(), tab, Optimal{TB: testTB()}, p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		fmt.Fprintf(&b, "%s | %s %d nodes |", p.FEN(), g.Outcome, g.Nodes)
		for _, m := range g.Moves {
			b.WriteString(" " + m.UCI)
			if m.Advice != "" {
				b.WriteString("/" + m.Advice)
			}
		}
		b.WriteString("\n")
	}
	path := filepath.Join("testdata", "al0games.golden")
	if *updateGames {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run AL0GamesGolden -update writes it)", err)
	}
	got := strings.Split(b.String(), "\n")
	for i, w := range strings.Split(string(want), "\n") {
		if i >= len(got) || got[i] != w {
			g := ""
			if i < len(got) {
				g = got[i]
			}
			t.Fatalf("game %d differs:\n got %s\nwant %s", i+1, g, w)
		}
	}
	if len(got) != len(strings.Split(string(want), "\n")) {
		t.Fatalf("%d games, want %d", len(got)-1, len(strings.Split(string(want), "\n"))-1)
	}
}

package main

import (
	"context"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	nc "github.com/corentings/chess/v2"
	ncuci "github.com/corentings/chess/v2/uci"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessplay"
)

// TestUCIWithAClientLibrary runs al uci as a separate process, started the
// way a GUI such as Arena starts an engine (a program without arguments:
// a wrapper script), and plays a whole game through an independent UCI
// client library (corentings/chess's uci package): the handshake, the
// options it parses, one position and go per move. The engine's moves
// must be al play's against the same defender, and the game must end in
// mate.
func TestUCIWithAClientLibrary(t *testing.T) {
	if _, err := exec.LookPath("al"); err != nil {
		t.Skip("no al on PATH (TestMain puts the test binary there)")
	}
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "al-krk")
	script := "#!/bin/sh\nexec al uci krk.al1 --no-cache 2>/dev/null\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	eng, err := ncuci.New(wrapper, ncuci.Logger(log.New(io.Discard, "", 0)))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	if err := eng.Run(ncuci.CmdUCI, ncuci.CmdIsReady, ncuci.CmdUCINewGame); err != nil {
		t.Fatal(err)
	}
	if name := eng.ID()["name"]; name == "" {
		t.Errorf("no engine name: %v", eng.ID())
	}
	if o, ok := eng.Options()["Fallback"]; !ok || o.Default != "tablebase" {
		t.Errorf("option Fallback: %+v (options %v)", o, eng.Options())
	}

	const startFEN = "8/7k/5K2/8/8/8/R7/8 w - - 0 1"
	tb := tablebase.New(tablebase.Options{NoCache: true})
	start, _ := chess.ParseFEN(startFEN)
	base, err := loadTestBase("krk.al1")
	if err != nil {
		t.Fatal(err)
	}
	table, _ := pickTable(base, "KRK")
	want, err := chessplay.Play(context.Background(), table, chessplay.Optimal{TB: tb}, start, chessplay.Options{})
	if err != nil || want.Outcome != "mate" {
		t.Fatalf("al play: %v %s", err, want.Outcome)
	}

	opt, err := nc.FEN(startFEN)
	if err != nil {
		t.Fatal(err)
	}
	game := nc.NewGame(opt)
	startPos := game.Position()
	var moves []*nc.Move
	ours := start
	for i, m := range want.Moves {
		var u string
		if m.ByTable {
			if err := eng.Run(ncuci.CmdPosition{Position: startPos, Moves: moves}, ncuci.CmdGo{MoveTime: 10 * time.Second}); err != nil {
				t.Fatal(err)
			}
			best := eng.SearchResults().BestMove
			if best == nil {
				t.Fatalf("ply %d: no bestmove", i+1)
			}
			u = best.String()
			if u != m.UCI {
				t.Fatalf("ply %d: the engine plays %s, al play %s", i+1, u, m.UCI)
			}
		} else {
			u = m.UCI // the tablebase's defence, as al play's
		}
		mv, err := ours.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		ours = ours.Play(mv)
		if err := game.PushNotationMove(u, nc.UCINotation{}, nil); err != nil {
			t.Fatalf("ply %d %s: %v", i+1, u, err)
		}
		moves = game.Moves()
	}
	if game.Method() != nc.Checkmate {
		t.Errorf("the client library's game ends by %v, want checkmate", game.Method())
	}
}

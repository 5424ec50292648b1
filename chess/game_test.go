package chess

import (
	"testing"

	"github.com/advicelang/al/prover/game"
)

var _ game.Game[Position, Move] = Game{}

func TestGame(t *testing.T) {
	var g Game
	p := Start()
	if g.ToMove(&p) != game.White {
		t.Fatal("white moves first")
	}
	var buf [MaxMoves]Move
	moves := g.Moves(&p, buf[:0])
	if len(moves) != 20 {
		t.Fatalf("%d moves", len(moves))
	}
	q := g.Play(&p, moves[0])
	if g.ToMove(&q) != game.Black || g.Hash(&q) == g.Hash(&p) {
		t.Fatal("Play: side or hash unchanged")
	}
	if p.FEN() != StartFEN {
		t.Fatal("Play changed its argument")
	}
	// Transpositions share a hash: 1.Nf3 Nf6 2.Nc3 and 1.Nc3 Nf6 2.Nf3.
	a := playUCI(t, p, "g1f3", "g8f6", "b1c3")
	b := playUCI(t, p, "b1c3", "g8f6", "g1f3")
	if a.Hash() != b.Hash() || a.FEN() != b.FEN() {
		t.Fatalf("transposition: %s %s", a.FEN(), b.FEN())
	}
}

func TestGameAllocs(t *testing.T) {
	// Through the interface, as the prover calls it.
	var g game.Game[Position, Move] = Game{}
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [MaxMoves]Move
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range g.Moves(&p, buf[:0]) {
			q := g.Play(&p, m)
			_ = g.Hash(&q)
			_ = g.ToMove(&q)
			_ = q.Mate() || q.Stalemate() || q.InsufficientMaterial()
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per node sweep", allocs)
	}
}

// playUCI plays UCI moves from p, failing the test on an illegal one.
func playUCI(t testing.TB, p Position, moves ...string) Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p = p.Play(m)
	}
	return p
}

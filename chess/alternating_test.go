package chess

import (
	"testing"

	"github.com/advicelang/al/prover/game"
)

// TestAlternates: what Game.Alternates says (game.Alternating) holds on
// the positions of short walks from the start, from a position with
// castling, promotions and en passant, and from a KRK position: after
// every legal move the other side is to move, as ToMove and HashAfter
// tell.
func TestAlternates(t *testing.T) {
	var g Game
	var _ game.Alternating = g
	if !g.Alternates() {
		t.Fatal("chess's sides do not alternate")
	}
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		for _, m := range g.Moves(p, nil) {
			q := g.Play(p, m)
			if g.ToMove(&q) == g.ToMove(p) {
				t.Fatalf("%s: %v leaves the same side to move", p.FEN(), m)
			}
			if _, side := g.HashAfter(p, m); side != g.ToMove(&q) {
				t.Fatalf("%s: HashAfter's side after %v", p.FEN(), m)
			}
			if depth > 1 {
				walk(&q, depth-1)
			}
		}
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1",
		"8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(&p, 3)
	}
}

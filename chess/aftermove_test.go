package chess

import (
	"math/rand/v2"
	"testing"
)

// TestHopelessRun: HopelessRun answers as the loop over GivesCheck and
// QuietReply, from every index of the moves of positions of every kind,
// many of them lone kings against sliders (its short way).
func TestHopelessRun(t *testing.T) {
	ps := crossPositions(400)
	r := rand.New(rand.NewPCG(5, 6))
	for _, e := range [][2]string{{"R", ""}, {"Q", ""}, {"BB", ""}, {"RR", ""}, {"QR", ""}, {"RB", ""}, {"QB", ""}, {"BN", ""}, {"P", ""}} {
		for range 300 {
			ps = append(ps, randomEndgame(r, e[0], e[1], White), randomEndgame(r, e[1], e[0], Black))
		}
	}
	var buf [MaxMoves]Move
	short, checks, quiet, none := 0, 0, 0, 0
	for _, p := range ps {
		moves := p.LegalMoves(buf[:0])
		them := p.SideToMove() ^ 1
		if p.ColorPieces(them) == p.Pieces(them, King) {
			short++
		}
		for i := 0; i <= len(moves); i++ {
			j, c := p.HopelessRun(moves, i)
			wj, wc := p.hopelessLoop(moves, i)
			if j != wj || c != wc {
				t.Fatalf("%s from %d: HopelessRun %d %v, the loop %d %v", p.FEN(), i, j, c, wj, wc)
			}
			switch {
			case j == len(moves):
				none++
			case c:
				checks++
			default:
				quiet++
			}
		}
	}
	if short < 1000 || checks == 0 || quiet == 0 || none == 0 {
		t.Fatalf("too few cases: %d lone kings; runs ending in a check %d, a move with no quiet reply %d, none %d", short, checks, quiet, none)
	}
}

// TestPiecesAfter: PiecesAfter is PiecesOf of the position the move
// makes, for every move of positions of every kind (castling, en passant
// and promotions among them), each side and kind.
func TestPiecesAfter(t *testing.T) {
	var buf [MaxMoves]Move
	plain, special := 0, 0
	for _, p := range crossPositions(600) {
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			isSpecial := m.Promotion() != NoPieceType || m.IsCastle() || m.IsEnPassant()
			if isSpecial {
				special++
			} else {
				plain++
			}
			for c := White; c <= Black; c++ {
				for k := Pawn; k <= King; k++ {
					want := q.PiecesOf(c, k)
					if got := p.PiecesAfter(m, c, k); got != want {
						t.Fatalf("%s %s: PiecesAfter(%s, %s) %x, want %x", p.FEN(), m, c, k, uint64(got), uint64(want))
					}
				}
			}
		}
	}
	if plain < 1000 || special == 0 {
		t.Fatalf("only %d moves and %d special ones", plain, special)
	}
}

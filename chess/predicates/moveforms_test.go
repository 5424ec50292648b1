package predicates

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
)

// TestMoveForms: each primitive's move form (kb.Func.Move) is its Eval on
// the position the move makes, for every legal move of random positions
// of any material and of games played at random from positions with
// castling rights and pawns (castling, en passant, promotions), and every
// side and kind of piece as arguments.
func TestMoveForms(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var ps []chess.Position
	for range 1500 {
		ps = append(ps, randomAny(r))
	}
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			q := p
			var buf [chess.MaxMoves]chess.Move
			for range r.IntN(40) {
				moves := q.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				q = q.Play(moves[r.IntN(len(moves))])
			}
			ps = append(ps, q)
		}
	}
	lib := Library()
	var buf [chess.MaxMoves]chess.Move
	checked := map[string]int{}
	special := 0
	for _, f := range lib.Funcs() {
		mv, _ := f.Move.(func(p *chess.Position, m chess.Move, x, y, z int32) int32)
		if f.Move != nil && mv == nil {
			t.Fatalf("%s: a move form of another type: %T", f.Name, f.Move)
		}
		if mv == nil {
			continue
		}
		for i := range ps {
			p := &ps[i]
			for _, m := range p.LegalMoves(buf[:0]) {
				q := p.Play(m)
				if m.IsCastle() || m.IsEnPassant() || m.Promotion() != chess.NoPieceType {
					special++
				}
				for c := int32(0); c < 2; c++ {
					for k := int32(chess.Pawn); k <= int32(chess.King); k++ {
						x, y := c, k
						if len(f.Params) == 0 {
							x, y = 0, 0
						}
						var want int32
						if f.Reads == 2 {
							want = f.Eval(p, &q, x, y, 0)
						} else {
							want = f.Eval(&q, nil, x, y, 0)
						}
						if got := mv(p, m, x, y, 0); got != want {
							t.Fatalf("%s %s: %s(%d, %d) after the move %d, want %d", p.FEN(), m, f.Name, x, y, got, want)
						}
						checked[f.Name]++
					}
				}
			}
		}
	}
	for _, name := range []string{"square_of", "last_square_of", "pieces", "side_to_move", "moved", "moved_from", "moved_to"} {
		if checked[name] == 0 {
			t.Errorf("%s has no move form", name)
		}
	}
	if special < 50 {
		t.Errorf("only %d special moves checked", special)
	}
}

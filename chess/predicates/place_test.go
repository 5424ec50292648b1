package predicates

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// TestPlacedPrimitives: every primitive read in place (kb.Func.Place:
// square_of, last_square_of, pieces, side_to_move) gives what its Eval gives, for every
// constant argument it takes, in random positions of any material and in
// the positions after their moves as the searcher makes them
// (Game.PlayInto, derived fields stale), and arguments out of range are
// not placed.
func TestPlacedPrimitives(t *testing.T) {
	lib := Library()
	placed := 0
	r := rand.New(rand.NewPCG(21, 19))
	var ps []chess.Position
	for range 300 {
		p := randomAny(r)
		ps = append(ps, p)
		for _, m := range p.LegalMoves(nil) {
			var q chess.Position
			chess.Game{}.PlayInto(&q, &p, m)
			ps = append(ps, q)
		}
	}
	for _, f := range lib.Funcs() {
		if f.Place == nil {
			continue
		}
		placed++
		var args [][3]int32
		switch len(f.Params) {
		case 0:
			args = [][3]int32{{}}
		case 2:
			for c := int32(-1); c <= 2; c++ {
				for k := int32(-1); k <= 8; k++ {
					args = append(args, [3]int32{c, k})
				}
			}
		default:
			t.Fatalf("%s: placed with %d parameters", f.Name, len(f.Params))
		}
		for _, a := range args {
			valid := len(f.Params) == 0 || a[0] >= kb.White && a[0] <= kb.Black && a[1] >= int32(chess.Pawn) && a[1] <= int32(chess.King)
			for i := range ps {
				v, ok := f.Placed(&ps[i], a[0], a[1], a[2])
				if ok != valid {
					t.Fatalf("%s%v: placed %v, want %v", f.Name, a, ok, valid)
				}
				if !ok {
					break
				}
				if w := f.Eval(&ps[i], nil, a[0], a[1], a[2]); v != w {
					t.Fatalf("%s%v in %s: placed %d, Eval %d", f.Name, a, ps[i].FEN(), v, w)
				}
			}
		}
	}
	if placed != 4 {
		t.Errorf("%d primitives placed, want 4 (square_of, last_square_of, pieces, side_to_move)", placed)
	}
	// The predicates read in place (kb.Predicate.Place) hold where Pos
	// does.
	placed = 0
	for _, pr := range lib.All() {
		if pr.Place == nil {
			continue
		}
		placed++
		for i := range ps {
			v, ok := pr.Placed(&ps[i])
			if !ok {
				t.Fatalf("%s: its place is refused", pr.Name)
			}
			if w := pr.Pos(&ps[i]); v != w {
				t.Fatalf("%s in %s: placed %v, Pos %v", pr.Name, ps[i].FEN(), v, w)
			}
		}
	}
	if placed != 2 {
		t.Errorf("%d predicates placed, want 2 (white_to_move, black_to_move)", placed)
	}
}

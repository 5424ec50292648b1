package predicates

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
)

// bruteRoom counts the black king's room square by square through the chess
// package: a square is free when it is empty and the black king could stand
// on it (put there) without being in check.
func bruteRoom(t *testing.T, p *chess.Position) int {
	var pl []chess.Placement
	bk := p.King(chess.Black)
	for b := p.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		if s != bk {
			pl = append(pl, chess.Placement{Piece: p.PieceAt(s), Square: s})
		}
	}
	free := func(s chess.Square) bool {
		var q []chess.Placement
		for _, x := range pl {
			if x.Square == s {
				return false // White's pieces are walls
			}
			if x.Square != s {
				q = append(q, x)
			}
		}
		q = append(q, chess.Placement{Piece: chess.NewPiece(chess.Black, chess.King), Square: s})
		pos, err := chess.NewPosition(chess.Black, q...)
		return err == nil && !pos.InCheck()
	}
	seen := map[chess.Square]bool{}
	var queue []chess.Square
	visit := func(s chess.Square) {
		if !seen[s] && free(s) {
			seen[s] = true
			queue = append(queue, s)
		}
	}
	visit(bk)
	for s := range chess.KingAttacks(bk).All() {
		visit(s)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for n := range chess.KingAttacks(s).All() {
			visit(n)
		}
	}
	return len(seen)
}

// randomPosition places White's king and pieces and Black's king at random
// until the position is legal.
func randomPosition(r *rand.Rand, white ...chess.PieceType) chess.Position {
	for {
		used := map[chess.Square]bool{}
		sq := func() chess.Square {
			for {
				s := chess.Square(r.IntN(64))
				if !used[s] {
					used[s] = true
					return s
				}
			}
		}
		pl := []chess.Placement{
			{Piece: chess.NewPiece(chess.White, chess.King), Square: sq()},
			{Piece: chess.NewPiece(chess.Black, chess.King), Square: sq()},
		}
		for _, t := range white {
			pl = append(pl, chess.Placement{Piece: chess.NewPiece(chess.White, t), Square: sq()})
		}
		side := chess.White
		if r.IntN(2) == 1 {
			side = chess.Black
		}
		if p, err := chess.NewPosition(side, pl...); err == nil {
			return p
		}
	}
}

func TestRoomMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		var p chess.Position
		if i%2 == 0 {
			p = randomPosition(r, chess.Rook)
		} else {
			p = randomPosition(r, chess.Bishop, chess.Bishop)
		}
		if got, want := room(&p), bruteRoom(t, &p); got != want {
			t.Fatalf("%s: room %d, brute force %d", p.FEN(), got, want)
		}
	}
}

func TestEndgamePredicates(t *testing.T) {
	lib := Library()
	for _, c := range []struct {
		pos  string
		name string
		want bool
	}{
		{"Kc3 Rd4 / Kf5 b", "rook_divides", true},
		{"Kc3 Qd4 / Kf5 b", "rook_divides", true}, // the queen plays the rook
		{"Kc3 Qe4 / Kf5 b", "rook_lost", true},
		{"Kc3 Qd4 Rh1 / Kf5 b", "rook_divides", false}, // the rook, not the queen
		{"Kf2 Rd4 / Kh3 b", "rook_divides", false},
		{"Kc3 Rd2 / Kf6 b", "rook_divides", true}, // by the file
		{"Kc3 Rd4 / Kg5 w", "rook_divides_squeeze", true},
		{"Kc3 Rd4 / Ke5 w", "rook_divides_squeeze", false}, // one line beyond: no step
		{"Kc2 Rd3 / Kf4 w", "rook_divides_squeeze", false}, // e3 next to the black king
		{"Ke3 Ra1 / Ke5 w", "kings_opposed", true},
		{"Ke3 Ra1 / Kf5 w", "kings_opposed", false},
		{"Ke3 Ra1 / Kf5 w", "kings_knight_apart", true},
		{"Ke3 Ra1 / Kf5 w", "rook_far", true},
		{"Ke3 Re4 / Kf5 w", "rook_near", true},
		{"Ke3 Re4 / Kf5 w", "rook_safe", true},
		{"Kc3 Re4 / Kf5 w", "rook_safe", false},
		{"Kc3 / Kf5 w", "rook_lost", true},
		{"Kc3 Ra2 / Kh5 w", "black_king_edge", true},
		{"Kc3 Ra2 / Kg5 w", "kings_close", false},
		{"Kc3 Ra2 / Kf5 w", "kings_close", true},
		{"Kf3 Rd4 / Kf5 w", "l_pattern", true},  // kings two apart on a file, rook 3 away
		{"Ke3 Re4 / Kf5 w", "l_pattern", false}, // kings a knight's move apart
		{"Kc3 Re4 / Kf5 b", "rook_lost", true},  // Black takes it
		{"Kc3 Re4 / Kf5 w", "rook_lost", false},
		{"Kd3 Re4 / Kf5 b", "rook_lost", false}, // defended
		{"Kd3 Rc4 / Ke5 w", "rook_exposed", false},
		{"Ka1 Re4 / Kf5 w", "rook_exposed", true},
		{"Ka1 Re4 / Kf6 b", "rook_exposed", true},
		{"Ka1 Rb2 / Kh8 b", "room_greater_than_2", true},
		{"Ka1 Rg7 / Kh8 b", "room_greater_than_2", false},
		// The lamp: bishops d4 and e4 close the field d6 e6 c7-f7 b8-g8.
		{"Ke2 Bd4 Be4 / Kd7 w", "lamp_lights", true},
		{"Ke2 Bd4 Be4 / Kd7 w", "white_king_near_lamp", true},
		{"Ke2 Bd4 Be4 / Kd7 w", "lamp_lights_edge", false},
		{"Kb2 Bd4 Be4 / Kd7 w", "white_king_near_lamp", false},
		{"Ke2 Bd4 Be4 / Kd5 b", "lamp_lights", false},      // attacked by the e4 bishop
		{"Ke2 Bd4 Bf4 / Kd7 w", "lamp_lights", false},      // not side by side
		{"Kc7 Bd4 Be4 / Kf8 w", "lamp_lights", false},      // the white king in the field
		{"Kd2 Bd4 Be4 / Ka5 w", "lamp_lights", false},      // the king outside any field
		{"Ke4 Bd5 Be5 / Kd8 w", "lamp_lights_edge", false}, // the field spans ranks 7 and 8
		{"Ke5 Bd6 Be6 / Kd8 w", "lamp_lights_edge", true},
		{"Ke4 Bd5 Be5 / Kd8 w", "lamp_lights_corner", false},
		{"Ke6 Bf6 Bf7 / Kh7 w", "lamp_lights_corner", false}, // h6 is two squares from h8
		{"Ke6 Bf6 Bf7 / Kh7 w", "lamp_lights_edge", true},
		{"Kf5 Bg6 Bh6 / Kh8 w", "lamp_lights_corner", true},
		{"Ke6 Bf6 Bf7 / Kh7 w", "bishops_safe", true},
		{"Kc3 Bf6 Bf7 / Kg7 b", "bishops_safe", false},
		{"Kc3 Bd4 Be4 / Kf4 w", "bishops_safe", false}, // e4 attacked and undefended
		{"Ke3 Bd4 Be4 / Kf5 b", "bishops_safe", true},  // defended by the king
		// kbbk-proved.al1's box: h8 and g8 are the room here.
		{"Kf5 Bg6 Bh6 / Kh8 w", "room_in_corner_2x2", true},
		{"Kf5 Bg6 Bh6 / Kh8 w", "room_at_least_3", false},
		{"Kf5 Bg6 Bh6 / Kh8 w", "bishops_out_of_reach", true}, // both two squares from it
		{"Ke2 Bd4 Be4 / Kd7 w", "room_at_least_4", true},
		{"Ke2 Bd4 Be4 / Kd7 w", "room_in_corner_2x2", false},
		{"Kc3 Bd4 Be4 / Kf4 w", "bishops_out_of_reach", false}, // e4 next to the room, undefended
		{"Ke3 Bd4 Be4 / Kf5 b", "bishops_out_of_reach", true},  // both defended by the king
		{"Kc3 / Kf5 w", "bishops_out_of_reach", false},
	} {
		p, err := chess.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		pr, ok := lib.Lookup(c.name)
		if !ok {
			t.Fatalf("no predicate %s", c.name)
		}
		if got := pr.Pos(&p); got != c.want {
			t.Errorf("%s: %s = %v, want %v", c.pos, c.name, got, c.want)
		}
	}
}

func TestBoxRelations(t *testing.T) {
	lib := Library()
	for _, c := range []struct {
		a, b string
		name string
		want bool
	}{
		// The lamp's field (d6 e6 c7-f7 b8-g8) has corner box 7; h8 g8, 2.
		{"Ke2 Bd4 Be4 / Kd7 w", "Kf5 Bg6 Bh6 / Kh8 w", "room_box_smaller", true},
		{"Kf5 Bg6 Bh6 / Kh8 w", "Ke2 Bd4 Be4 / Kd7 w", "room_box_smaller", false},
		{"Ke2 Bd4 Be4 / Kd7 w", "Ke2 Bd4 Be4 / Kd7 w", "room_box_equal", true},
		// The field is four squares from e2, five from a1.
		{"Ka1 Bd4 Be4 / Kd7 w", "Ke2 Bd4 Be4 / Kd7 w", "king_nearer_room", true},
		{"Ka1 Bd4 Be4 / Kd7 w", "Ke2 Bd4 Be4 / Kd7 w", "king_as_near_room", false},
		{"Ke2 Bd4 Be4 / Kd7 w", "Ke2 Bd4 Be4 / Kd7 w", "king_as_near_room", true},
		// The room h8 g8 in both; the bishops two and two squares from it,
		// then two and one.
		{"Kf5 Bg6 Bh6 / Kh8 w", "Kf5 Bg6 Bf8 / Kh8 w", "bishops_nearer_room", true},
		{"Kf5 Bg6 Bf8 / Kh8 w", "Kf5 Bg6 Bh6 / Kh8 w", "bishops_nearer_room", false},
		{"Kf5 Bg6 Bf8 / Kh8 w", "Kf5 Bg6 Bh6 / Kh8 w", "room_equal", true},
	} {
		a, err := chess.Parse(c.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := chess.Parse(c.b)
		if err != nil {
			t.Fatal(err)
		}
		pr, ok := lib.Lookup(c.name)
		if !ok {
			t.Fatalf("no predicate %s", c.name)
		}
		if got := pr.Rel(&a, &b); got != c.want {
			t.Errorf("%s(%s, %s) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
}

// TestRoomFixedByBlackKing checks what kbbk-proved.al1 relies on: out of
// check, no move of the black king (short of taking a bishop) changes its
// room; out of a check it keeps part of it.
func TestRoomFixedByBlackKing(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var buf [64]chess.Move
	checks := 0
	for range 3000 {
		p := randomPosition(r, chess.Bishop, chess.Bishop)
		if p.SideToMove() != chess.Black {
			continue
		}
		before := roomSquares(&p)
		for _, m := range p.LegalMoves(buf[:0]) {
			if p.PieceAt(m.To()) != chess.NoPiece {
				continue // a bishop taken
			}
			q := p.Play(m)
			after := roomSquares(&q)
			if p.InCheck() {
				checks++
				if after&^before != 0 {
					t.Fatalf("%s %s: the room grew out of a check", p.FEN(), m)
				}
			} else if after != before {
				t.Fatalf("%s %s: the room changed", p.FEN(), m)
			}
		}
	}
	if checks == 0 {
		t.Fatal("no position in check was drawn")
	}
}

func TestCornerBox(t *testing.T) {
	sqs := func(names ...string) chess.Bitboard {
		var b chess.Bitboard
		for _, n := range names {
			s, ok := chess.ParseSquare(n)
			if !ok {
				t.Fatal(n)
			}
			b |= bit(s)
		}
		return b
	}
	for _, c := range []struct {
		set  chess.Bitboard
		want int
	}{
		{0, 0},
		{sqs("a1"), 1},
		{sqs("h8", "g7"), 2},
		{sqs("f8", "g8", "h8"), 3},
		{sqs("d4"), 4},
		{sqs("a1", "h8"), 8},
	} {
		if got := cornerBox(c.set); got != c.want {
			t.Errorf("cornerBox(%x) = %d, want %d", uint64(c.set), got, c.want)
		}
	}
}

// TestMatingPredicates: the posts and patterns of the short proved mates
// on positions read off the board.
func TestMatingPredicates(t *testing.T) {
	lib := Library()
	for _, c := range []struct {
		name string
		a, b string // b empty: a position predicate of a
		want bool
	}{
		{"queen_knight_apart", "Ka1 Qd3 / Ke5 w", "", true},
		{"queen_knight_apart", "Ka1 Qb4 / Ke5 w", "", false},
		{"queen_knight_apart", "Ka1 Rd3 / Ke5 w", "", false}, // a rook is not a queen
		{"kings_on_one_edge", "Kb1 Qg2 / Ke1 w", "", true},
		{"kings_on_one_edge", "Kh3 Qc2 / Kh6 w", "", true},
		{"kings_on_one_edge", "Kb2 Qg2 / Ke1 w", "", false},
		{"kings_on_one_edge", "Ke4 Qg2 / Ke1 w", "", false}, // one file, not an edge line
		// The queen's rectangle: Qh1 against Kc3 confines it to a-g x 2-8
		// (49); Qe2 to a-d x 3-8 (24), Qd2 to a-c x 3-8 (18).
		{"new_room_halved", "Ka1 Qh1 / Kc3 w", "Ka1 Qe2 / Kc3 b", true},
		{"new_room_halved", "Ka1 Qe2 / Kc3 w", "Ka1 Qd2 / Kc3 b", false},
		// The flood fill: with Qh7 the king on c3 has 34 squares, after
		// Qe4 9 (the a-d files below the fourth rank, less the queen's
		// diagonals), after Qe5 12.
		{"room_halved", "Kh1 Qh7 / Kc3 w", "Kh1 Qe4 / Kc3 b", true},
		{"room_halved", "Kh1 Qe5 / Kc3 b", "Kh1 Qe4 / Kc3 b", false},
		{"new_room_equal", "Ka1 Qe2 / Kc3 w", "Kb1 Qe2 / Kc4 b", true},
		{"new_room_equal", "Ka1 Qe2 / Kc3 w", "Ka1 Qd2 / Kc3 b", false},
	} {
		pr, ok := lib.Lookup(c.name)
		if !ok {
			t.Fatalf("no predicate %s", c.name)
		}
		a, err := chess.Parse(c.a)
		if err != nil {
			t.Fatal(err)
		}
		var got bool
		if c.b == "" {
			got = pr.Pos(&a)
		} else {
			b, err := chess.Parse(c.b)
			if err != nil {
				t.Fatal(err)
			}
			got = pr.Rel(&a, &b)
		}
		if got != c.want {
			t.Errorf("%s(%s; %s) = %v, want %v", c.name, c.a, c.b, got, c.want)
		}
	}
}

// TestRoomCache: the cached room is the flood fill's, read by goroutines
// that share the cache while they fill it with more positions than it
// holds (go test -race checks that they share it safely).
func TestRoomCache(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ps := make([]chess.Position, 3<<roomCacheBits)
	for i := range ps {
		ps[i] = randomPosition(r, chess.Queen)
		if ps[i].Hash() == 0 {
			t.Fatalf("%s has no hash: the cache would not be used", ps[i].FEN())
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 2 * len(ps) {
				p := &ps[(k*(g+1))%len(ps)]
				if roomSquares(p) != floodRoom(p) {
					errs <- p.FEN()
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for fen := range errs {
		t.Errorf("%s: the cached room is not the flood fill's", fen)
	}
}

// BenchmarkRoomCached: a room read from the cache (64 positions, always
// there): what a hit costs, the processor's cache chosen included.
func BenchmarkRoomCached(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	ps := make([]chess.Position, 64)
	for i := range ps {
		ps[i] = randomPosition(r, chess.Bishop, chess.Bishop)
	}
	var sum int
	for i := 0; b.Loop(); i++ {
		sum += roomSquares(&ps[i&63]).Count()
	}
	_ = sum
}

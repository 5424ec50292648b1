package knowledge_test

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/stretchr/testify/require"
)

// randomEndgame places both kings and White's men at random, with a random
// side to move, until the position is legal.
func randomEndgame(r *rand.Rand, white ...chess.PieceType) chess.Position {
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
		for _, k := range white {
			pl = append(pl, chess.Placement{Piece: chess.NewPiece(chess.White, k), Square: sq()})
		}
		if p, err := chess.NewPosition(chess.Color(r.IntN(2)), pl...); err == nil {
			return p
		}
	}
}

// twin is a definition of a shipped vocabulary and the built-in predicate
// it stands for.
type twin struct{ def, builtin string }

// checkTwins checks that each definition of the vocabulary agrees with its
// built-in twin on n random positions of each endgame (White's men), and
// each relation on every legal move from them (and, for the relations a
// table compares over several moves, on pairs of unrelated positions);
// the position predicates also on the positions after each move.
func checkTwins(t *testing.T, vocab string, endgames [][]chess.PieceType, n int, pos, moves, pairs []twin) {
	t.Helper()
	var gens []func(*rand.Rand) chess.Position
	for _, men := range endgames {
		gens = append(gens, func(r *rand.Rand) chess.Position { return randomEndgame(r, men...) })
	}
	checkTwinsOn(t, vocab, gens, n, pos, moves, pairs)
}

// checkTwinsOn is checkTwins on n positions of each generator.
func checkTwinsOn(t *testing.T, vocab string, gens []func(*rand.Rand) chess.Position, n int, pos, moves, pairs []twin) {
	t.Helper()
	lib := predicates.Library()
	base, diags := knowledge.Load(lib, "lib/"+vocab+".al")
	require.False(t, diags.HasErrors(), "%v", diags)
	type pair struct {
		twin
		def, builtin kb.Predicate[chess.Position]
	}
	resolve := func(tws []twin) []pair {
		var ps []pair
		for _, tw := range tws {
			d, ok := base.Definition(tw.def)
			require.True(t, ok, "no definition %s", tw.def)
			b, ok := lib.Lookup(tw.builtin)
			require.True(t, ok, "no built-in %s", tw.builtin)
			ps = append(ps, pair{tw, *d.Predicate(), *b})
		}
		return ps
	}
	ps, ms, prs := resolve(pos), resolve(moves), resolve(pairs)
	ms = append(ms, prs...)
	check := func(got, want bool, format string, args ...any) {
		if got != want {
			t.Fatalf(format+": the definition says %v, the built-in %v", append(args, got, want)...)
		}
	}
	r := rand.New(rand.NewPCG(14, uint64(len(vocab))))
	var buf [chess.MaxMoves]chess.Move
	for _, gen := range gens {
		var prev chess.Position
		for i := range n {
			p := gen(r)
			for _, x := range ps {
				check(x.def.Pos(&p), x.builtin.Pos(&p), "%s: %s against %s", p.FEN(), x.twin.def, x.twin.builtin)
			}
			for _, m := range p.LegalMoves(buf[:0]) {
				q := p.Play(m)
				for _, x := range ps {
					check(x.def.Pos(&q), x.builtin.Pos(&q), "%s: %s against %s", q.FEN(), x.twin.def, x.twin.builtin)
				}
				for _, x := range ms {
					check(x.def.Rel(&p, &q), x.builtin.Rel(&p, &q), "%s, %s: %s against %s", p.FEN(), m, x.twin.def, x.twin.builtin)
				}
			}
			if i > 0 {
				for _, x := range prs {
					check(x.def.Rel(&prev, &p), x.builtin.Rel(&prev, &p), "%s to %s: %s against %s", prev.FEN(), p.FEN(), x.twin.def, x.twin.builtin)
				}
			}
			prev = p
		}
	}
}

var (
	krk = []chess.PieceType{chess.Rook}
	kqk = []chess.PieceType{chess.Queen}
)

// TestKRKVocabulary: lib/krk.al, the thesis's Ejemplo 1, against its Go
// twins, in KRK and KQK (the queen plays the rook).
func TestKRKVocabulary(t *testing.T) {
	checkTwins(t, "krk", [][]chess.PieceType{krk, kqk, {}}, 1500,
		[]twin{{"tdivide", "rook_divides"}, {"trdivide", "rook_divides_squeeze"}, {"reyesop", "kings_opposed"},
			{"reyespc", "kings_knight_apart"}, {"lejostorre", "rook_far"}, {"prottorre", "rook_safe"},
			{"noahogado", "not_stalemate"}},
		[]twin{{"mreyb", "white_king_move"}},
		[]twin{{"restringe", "room_smaller"}, {"restrigual", "room_equal"}, {"mendordis", "kings_manhattan_smaller"},
			{"mtorre", "rook_move"}})
}

// TestBratkoVocabulary: lib/bratko.al, Bratko's AL0 vocabulary, against its
// Go twins, in KRK and KQK.
func TestBratkoVocabulary(t *testing.T) {
	checkTwins(t, "bratko", [][]chess.PieceType{krk, kqk, {}}, 1500,
		[]twin{{"roomgt2", "room_greater_than_2"}, {"rookexposed", "rook_exposed"}, {"rooklost", "rook_lost"},
			{"rookdivides", "rook_divides"}, {"lpatt", "l_pattern"}, {"kingsclose", "kings_close"},
			{"bkedge", "black_king_edge"}, {"wkedge", "white_king_edge"}},
		[]twin{{"kingmove", "white_king_move"}},
		[]twin{{"newroomsmaller", "new_room_smaller"}, {"okapproachedcsquare", "approached_critical_square"},
			{"okorndle", "king_stays_near_rook"}, {"rookmove", "rook_move"}, {"kingdiag", "white_king_diagonal_move"},
			{"rookcheck", "rook_check_move"}})
}

// TestKPKVocabulary: lib/kpk.al, the thesis's KPK appendix and the theory
// of key squares, against its Go twins, in KPK (and, after each move, the
// positions a promotion makes).
func TestKPKVocabulary(t *testing.T) {
	checkTwins(t, "kpk", [][]chess.PieceType{{chess.Pawn}, {}}, 1500,
		[]twin{{"peon_t", "rook_pawn"}, {"peon_r7", "pawn_on_seventh"}, {"corre_peon", "pawn_runs"},
			{"casillas_criticas", "critical_squares"}, {"casillas_criticas_t", "critical_squares_rook"},
			{"patron_bp6", "pattern_bp6"}, {"pierde_peon", "pawn_lost"}, {"peon_bloqueado", "pawn_blocked"},
			{"on_key_square", "key_square"}, {"blockade", "black_king_blocks"}, {"corner_draw", "black_king_in_corner"},
			{"queened", "pawn_queened"}},
		[]twin{{"mreyb", "white_king_move"}},
		[]twin{{"rb_cerca", "white_king_not_farther"}, {"rn_cerca", "black_king_not_farther"},
			{"nearer_key_square", "white_king_to_key_square"}, {"nearer_blockade", "black_king_to_blockade"},
			{"pawn_moved", "pawn_move"}})
}

// lampEndgame places White's bishops side by side on a rank or a file (the
// thesis's lamp), and the kings at random; with edge, the bishops on the
// third line from an edge and the black king on that edge two lines beyond
// them (the lamp at the edge, rare at random).
func lampEndgame(r *rand.Rand, edge bool) chess.Position {
	for {
		f, rk := r.IntN(7), r.IntN(8) // the left (or lower) bishop's file and rank, 0-based
		if edge {
			rk = []int{2, 5}[r.IntN(2)]
		}
		sq := func(f, rk int) chess.Square { return chess.Square(rk*8 + f) }
		b1, b2 := sq(f, rk), sq(f+1, rk)
		bk := chess.Square(r.IntN(64))
		if edge {
			bk = sq(f+r.IntN(2), map[int]int{2: 0, 5: 7}[rk])
		}
		if r.IntN(2) == 0 { // on a file: the board turned
			b1, b2, bk = sq(rk, f), sq(rk, f+1), sq(rank(bk), file(bk))
		}
		pl := []chess.Placement{
			{Piece: chess.NewPiece(chess.White, chess.Bishop), Square: b1},
			{Piece: chess.NewPiece(chess.White, chess.Bishop), Square: b2},
			{Piece: chess.NewPiece(chess.Black, chess.King), Square: bk},
			{Piece: chess.NewPiece(chess.White, chess.King), Square: chess.Square(r.IntN(64))},
		}
		if p, err := chess.NewPosition(chess.Color(r.IntN(2)), pl...); err == nil {
			return p
		}
	}
}

func file(s chess.Square) int { return int(s) & 7 }
func rank(s chess.Square) int { return int(s) >> 3 }

// TestKBBKVocabulary: lib/kbbk.al, the thesis's lamp (Ejemplo 2) and the
// box of kbbk-proved.al1, against their Go twins, in KBBK (at random, with
// the bishops side by side, and with the lamp at the edge), with one bishop
// and with bare kings.
func TestKBBKVocabulary(t *testing.T) {
	bb := []chess.PieceType{chess.Bishop, chess.Bishop}
	gens := []func(*rand.Rand) chess.Position{
		func(r *rand.Rand) chess.Position { return randomEndgame(r, bb...) },
		func(r *rand.Rand) chess.Position { return lampEndgame(r, false) },
		func(r *rand.Rand) chess.Position { return lampEndgame(r, true) },
		func(r *rand.Rand) chess.Position { return randomEndgame(r, chess.Bishop) },
		func(r *rand.Rand) chess.Position { return randomEndgame(r) },
	}
	checkTwinsOn(t, "kbbk", gens, 1500,
		[]twin{{"lampara_alumbra", "lamp_lights"}, {"blanco_cerca_de_lampara", "white_king_near_lamp"},
			{"lampara_alumbra_orilla", "lamp_lights_edge"}, {"lampara_alumbra_esquina", "lamp_lights_corner"},
			{"alfiles_a_salvo", "bishops_safe"}, {"room_of_3", "room_at_least_3"}, {"room_of_4", "room_at_least_4"},
			{"room_in_corner", "room_in_corner_2x2"}, {"bishops_beyond_reach", "bishops_out_of_reach"}},
		[]twin{{"malfil1", "bishop_step1"}, {"malfil2", "bishop_step2"}},
		[]twin{{"reduce_campo", "reduce_field"}, {"desplaza_campo", "shift_field"},
			{"aproxima_blanco_a_lampara", "white_king_nearer_lamp"}, {"box_smaller", "room_box_smaller"},
			{"box_kept", "room_box_equal"}, {"king_closer", "king_nearer_room"}, {"king_as_close", "king_as_near_room"},
			{"bishops_closer", "bishops_nearer_room"}})
}

// TestKQKRVocabulary: lib/kqkr.al against its Go twins, on random KQKR
// positions, both
// sides to move, the positions after each legal move (a queen or a rook
// taken, a mate, a stalemate) and each move.
func TestKQKRVocabulary(t *testing.T) {
	lib := predicates.Library()
	base, diags := knowledge.Load(lib, "lib/kqkr.al")
	require.Empty(t, diags)
	def := func(name string) kb.Predicate[chess.Position] {
		d, ok := base.Definition(name)
		require.True(t, ok, "no definition %s", name)
		return *d.Predicate()
	}
	builtin := func(name string) kb.Predicate[chess.Position] {
		b, ok := lib.Lookup(name)
		require.True(t, ok, "no built-in %s", name)
		return *b
	}
	pos := []struct {
		def  string
		want func(p *chess.Position) bool
	}{
		{"black_can_take_queen", builtin("queen_en_prise").Pos},
		{"queen_gone", func(p *chess.Position) bool { return !builtin("white_has_queen").Pos(p) }},
		{"white_mated", func(p *chess.Position) bool { return builtin("mate").Pos(p) && builtin("white_to_move").Pos(p) }},
		{"rook_hangs", builtin("rook_en_prise").Pos},
		{"immune_check", immuneCheck},
		{"perpetual_threat", func(p *chess.Position) bool {
			if p.SideToMove() == chess.White {
				return immuneCheck(p)
			}
			for _, m := range p.LegalMoves(nil) {
				if q := p.Play(m); immuneCheck(&q) {
					return true
				}
			}
			return false
		}},
	}
	forces, twin := def("black_forces"), builtin("black_forcing_move")
	r := rand.New(rand.NewPCG(14, 4))
	seen := map[string]int{}
	check := func(p *chess.Position) {
		for _, x := range pos {
			got, want := def(x.def).Pos(p), x.want(p)
			require.Equal(t, want, got, "%s: %s", p.FEN(), x.def)
			if got {
				seen[x.def]++
			}
		}
	}
	for n := 0; n < 3000; {
		var used [64]bool
		var pl []chess.Placement
		for _, pc := range []chess.Piece{chess.NewPiece(chess.White, chess.King), chess.NewPiece(chess.White, chess.Queen),
			chess.NewPiece(chess.Black, chess.King), chess.NewPiece(chess.Black, chess.Rook)} {
			s := chess.Square(r.IntN(64))
			for used[s] {
				s = chess.Square(r.IntN(64))
			}
			used[s] = true
			pl = append(pl, chess.Placement{Piece: pc, Square: s})
		}
		p, err := chess.NewPosition(chess.Color(r.IntN(2)), pl...)
		if err != nil {
			continue
		}
		n++
		check(&p)
		for _, m := range p.LegalMoves(nil) {
			q := p.Play(m)
			check(&q)
			got := forces.Rel(&p, &q)
			require.Equal(t, twin.Rel(&p, &q), got, "%s %s: black_forces", p.FEN(), p.SAN(m))
			if got {
				seen["black_forces"]++
			}
		}
	}
	for _, name := range []string{"black_can_take_queen", "queen_gone", "white_mated", "black_forces", "rook_hangs", "immune_check", "perpetual_threat"} {
		require.Positive(t, seen[name], name)
	}
}

// immuneCheck is lib/kqkr.al's immune_check written in Go for
// TestKQKRVocabulary: White to move in check from a rook he cannot take
// for nothing, the rook beside its king or the black king with at most
// one flight square.
func immuneCheck(p *chess.Position) bool {
	r := p.Pieces(chess.Black, chess.Rook)
	if p.SideToMove() != chess.White || !p.InCheck() || r == 0 || predicates.RookEnPrise(p) {
		return false
	}
	bk := p.King(chess.Black)
	if chess.KingAttacks(bk).Has(r.First()) {
		return true
	}
	flights := 0
	for s := range chess.KingAttacks(bk).All() {
		if !r.Has(s) && !p.Attacked(s, chess.White) {
			flights++
		}
	}
	return flights <= 1
}

// TestKQKVocabulary: lib/kqk.al, the queen's vocabulary of kqk-proved.al1,
// against its Go twins, in KQK, KRK (the rook plays the queen's box) and
// with bare kings.
func TestKQKVocabulary(t *testing.T) {
	checkTwins(t, "kqk", [][]chess.PieceType{kqk, krk, {}}, 1500,
		[]twin{{"queenknight", "queen_knight_apart"}, {"kingsoneedge", "kings_on_one_edge"}},
		nil,
		[]twin{{"boxequal", "new_room_equal"}, {"boxhalved", "new_room_halved"}, {"roomhalved", "room_halved"},
			{"kingnearerroom", "king_nearer_room"}, {"kingasnearroom", "king_as_near_room"}})
}

// TestKBNKTriangle6: lib/kbnk.al's in_triangle_6 (the black king's
// territory within Manhattan distance 6 of a mate corner) on positions
// whose territory triangle the KBNK harness printed (scripts/kbnkharness
// -tvor -tbline: 4, 14, 5, 7, 6), and on a dark-squared bishop's.
func TestKBNKTriangle6(t *testing.T) {
	base, diags := knowledge.Load(predicates.Library(), "lib/kbnk.al")
	require.False(t, diags.HasErrors(), "%v", diags)
	d, ok := base.Definition("in_triangle_6")
	require.True(t, ok)
	pred := d.Predicate()
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"8/8/8/8/3K4/8/6k1/1B5N w - - 0 1", true},
		{"8/8/8/4k3/8/8/8/KBN5 w - - 0 1", false},
		{"8/8/2k5/8/4K3/8/8/1B5N w - - 0 1", true},
		{"8/8/8/8/8/2K5/8/k1N2B2 w - - 0 1", false},
		{"8/8/8/2k5/8/2K5/8/1B5N w - - 0 1", true},
		// the bishop dark: the mate corners a1 and h8
		{"7k/8/5K2/8/8/8/8/B6N w - - 0 1", true},
		{"8/8/8/4k3/8/8/8/K1B4N w - - 0 1", false},
	} {
		p, err := chess.ParseFEN(c.fen)
		require.NoError(t, err)
		require.Equal(t, c.want, pred.Pos(&p), c.fen)
	}
}

// TestKBNKOpenOrder: lib/kbnk.al's open_order is the order the KBNK
// harness checked over the open board (scripts/kbnkharness/kingmaps.py's
// e732, `-prank`: 50 + wc if the black king is on a corner not of the
// bishop's colour two steps from the white king, else 100 + 7 wc - 3 bc +
// 2 kd; here 50 less), on positions computed by hand.
func TestKBNKOpenOrder(t *testing.T) {
	base, diags := knowledge.Load(predicates.Library(), "lib/kbnk.al")
	require.False(t, diags.HasErrors(), "%v", diags)
	d, ok := base.Definition("open_order")
	require.True(t, ok)
	for _, c := range []struct {
		fen  string
		want int32
	}{
		// the white king on e4 (wc 0), the black on c6 (bc 2), two steps apart
		{"8/8/2k5/8/4K3/8/8/1B5N w - - 0 1", 50 + 0 - 6 + 4},
		// wk a1 (wc 6), bk e5 (bc 0), kd 4
		{"8/8/8/4k3/8/8/8/KBN5 w - - 0 1", 50 + 42 - 0 + 8},
		// the black king on a1 (a dark corner, the bishop light), the white king on c3 (wc 2), two steps away
		{"8/8/8/8/8/2K5/8/k1N2B2 w - - 0 1", 2},
		// the same kings, the bishop dark: a1 is its colour, so the formula: wc 2, bc 6, kd 2
		{"8/8/8/8/8/2K5/8/k1N1B3 w - - 0 1", 50 + 14 - 18 + 4},
		// the bishop dark, the black king on h1 (a light corner), the white king on f2 (wc 3), two steps away
		{"8/8/8/8/8/8/5K2/B2N3k w - - 0 1", 3},
	} {
		p, err := chess.ParseFEN(c.fen)
		require.NoError(t, err)
		require.Equal(t, c.want, d.Eval(&p), c.fen)
	}
}

// TestKBNKOpenDropped: lib/kbnk.al's open_dropped(P1, P2, d) holds when
// open_order in the second position is at least d below the first's (the
// harness's -pfalls step), read through a define that fixes d.
func TestKBNKOpenDropped(t *testing.T) {
	src := []byte("import kbnk\n\ndefine dropped_8(P1, P2) = open_dropped(P1, P2, 8)\ndefine dropped_9(P1, P2) = open_dropped(P1, P2, 9)\n")
	base, diags, _ := kb.LoadAll(predicates.Library(), "dropped.al", src, knowledge.Resolve)
	require.False(t, diags.HasErrors(), "%v", diags)
	from, err := chess.ParseFEN("8/8/8/4k3/8/8/8/KBN5 w - - 0 1") // open_order 100: wc 6, bc 0, kd 4
	require.NoError(t, err)
	for _, c := range []struct {
		fen    string
		d8, d9 bool
	}{
		// wk b2 (wc 4), bk e5, kd 3: 50 + 28 + 6 = 84, a fall of 16
		{"8/8/8/4k3/8/8/1K6/1BN5 b - - 0 1", true, true},
		// wk a2 (wc 5), bk e5, kd 4: 50 + 35 + 8 = 93, a fall of 7
		{"8/8/8/4k3/8/8/K7/1BN5 b - - 0 1", false, false},
		// wk b1 (wc 5), bk d6 (bc 1), kd 5: 50 + 35 - 3 + 10 = 92, a fall of 8
		{"8/8/3k4/8/8/8/8/1KN2B2 b - - 0 1", true, false},
	} {
		to, err := chess.ParseFEN(c.fen)
		require.NoError(t, err)
		for _, x := range []struct {
			name string
			want bool
		}{{"dropped_8", c.d8}, {"dropped_9", c.d9}} {
			d, ok := base.Definition(x.name)
			require.True(t, ok)
			require.Equal(t, x.want, d.Eval(&from, &to) == 1, "%s: %s", c.fen, x.name)
		}
	}
}

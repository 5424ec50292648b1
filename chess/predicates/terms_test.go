package predicates

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang/langtest"
)

// twins are definitions of the language written to mean what a built-in
// predicate of the library means; TestDefinedTwins checks them against the
// built-ins and the benchmarks compare their speed.
const twins = `
# White's rook, or its queen when it has no rook (as the built-ins read "the rook").
define the_rook = if pieces(white, rook) > 0 then white rook else white queen

# rook_divides: the rook's file or rank lies strictly between the kings.
define divides =
    file(white king) < file(the_rook) < file(black king)
  | file(black king) < file(the_rook) < file(white king)
  | rank(white king) < rank(the_rook) < rank(black king)
  | rank(black king) < rank(the_rook) < rank(white king)

# room_smaller: the black king's room shrank.
define shrinks(P1, P2) = room < room in P1

# critical_squares: the white king two ranks ahead of its only pawn on its
# file or the next, or one rank ahead from the sixth rank on.
define critical =
  pieces(white, pawn) = 1
  & abs(file(white king) - file(white pawn)) <= 1
  & (rank(white king) - rank(white pawn) = 2 | rank(white king) - rank(white pawn) = 1 & rank(white king) >= 6)

# The first rank of the pawn's square (the rule of the square): the
# pawn's rank, its third from its second (the double step), one rank
# lower with Black to move.
define square_rank = max(rank(white pawn), 3) - (if side_to_move = black then 1 else 0)

# pawn_runs: the rule of the square (the black king outside the pawn's
# square), the white king off the pawn's path, and Black unable to take
# the pawn at once.
define runs =
  pieces(white, pawn) = 1
  & ~(rank(black king) >= square_rank & abs(file(black king) - file(white pawn)) <= 8 - square_rank)
  & ~(side_to_move = black & dist(black king, white pawn) = 1 & dist(white king, white pawn) > 1)
  & ~(file(white king) = file(white pawn) & rank(white king) > rank(white pawn))

# pawn_runs again, with the rule of the square as the library's primitive
# in_pawn_square (the form before the one above; its twin test and
# benchmark stay, for the figures of docs/language.md).
define runs_primitive =
  pieces(white, pawn) = 1
  & ~in_pawn_square(white pawn, black king)
  & ~(side_to_move = black & dist(black king, white pawn) = 1 & dist(white king, white pawn) > 1)
  & ~(file(white king) = file(white pawn) & rank(white king) > rank(white pawn))

# kings_opposed and rook_lost, and moves.
define opposed = manhattan(white king, black king) = 2 & (file(white king) = file(black king) | rank(white king) = rank(black king))
define lost = pieces(white, rook) + pieces(white, queen) = 0 | side_to_move = black & dist(the_rook, black king) = 1 & dist(the_rook, white king) > 1
define king_moved(P1, P2) = moved(P1, P2) = king & side_to_move in P1 = white
define mates_in_one = some move Q: mate in Q
define safe_everywhere = every move Q: ~check in Q
define attacked_squares = count square s: attacks(white, s)
# least and most: the fewest and the most replies after a move (nothing
# without a move), the lowest rank White attacks (values that are nothing
# left out).
define fewest_replies = least move Q: legal_moves in Q
define most_replies = most move Q: legal_moves in Q
define lowest_attacked = least square s: if attacks(white, s) then rank(s) else rank(square(9, 1))
# room_reach and room_distance, written over in_room (a flood fill a square).
define reaches(s: square, k: int) = if some square t: in_room(t) & dist(s, t) >= k then 1 else 0
define reach_def(s: square) = reaches(s, 1) + reaches(s, 2) + reaches(s, 3) + reaches(s, 4) + reaches(s, 5) + reaches(s, 6) + reaches(s, 7)
define apart(s: square, k: int) = if some square t: in_room(t) & dist(s, t) <= k then 0 else 1
define distance_def(s: square) = apart(s, 0) + apart(s, 1) + apart(s, 2) + apart(s, 3) + apart(s, 4) + apart(s, 5) + apart(s, 6) + apart(s, 7)
define room_reach_a1 = room_reach(a1)
define reach_def_a1 = reach_def(a1)
define room_distance_e4 = room_distance(e4)
define distance_def_e4 = distance_def(e4)
# room_weight, written over in_room (one square count a distance).
define at_dist(s: square, t: square, d: int) = count square q: in_room(q) & min(dist(q, s), dist(q, t)) = d
define beyond_dist(s: square, t: square, d: int) = count square q: in_room(q) & min(dist(q, s), dist(q, t)) >= d
define weight_def = at_dist(h1, a8, 0) + 8 * at_dist(h1, a8, 1) + 64 * at_dist(h1, a8, 2) + 512 * at_dist(h1, a8, 3) + 4096 * beyond_dist(h1, a8, 4)
define room_weight_h1_a8 = room_weight(h1, a8, 4)
define pinned_pieces = count square s: pinned(s)
define hanging_pieces = count square s: hanging(s)
`

func loadTwins(t testing.TB) *kb.Base[chess.Position] {
	t.Helper()
	base, diags := kb.Load(Library(), "twins.al", []byte(twins))
	if base == nil {
		t.Fatalf("twins do not compile:\n%v", diags)
	}
	return base
}

func definition(t testing.TB, base *kb.Base[chess.Position], name string) *kb.Definition[chess.Position] {
	t.Helper()
	d, ok := base.Definition(name)
	if !ok {
		t.Fatalf("no definition %s", name)
	}
	return d
}

// randomAny places both kings and up to four more pieces of either side at
// random until the position is legal.
func randomAny(r *rand.Rand) chess.Position {
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
		for range r.IntN(5) {
			c := chess.Color(r.IntN(2))
			k := chess.PieceType(1 + r.IntN(5))
			pl = append(pl, chess.Placement{Piece: chess.NewPiece(c, k), Square: sq()})
		}
		side := chess.Color(r.IntN(2))
		if p, err := chess.NewPosition(side, pl...); err == nil {
			return p
		}
	}
}

// TestDefinedTwins: each definition agrees with its built-in twin on
// random positions of the endgames the built-in is for, and on random
// positions of any material.
func TestDefinedTwins(t *testing.T) {
	base := loadTwins(t)
	lib := Library()
	pred := func(name string) *kb.Predicate[chess.Position] {
		p, ok := lib.Lookup(name)
		if !ok {
			t.Fatalf("no predicate %s", name)
		}
		return p
	}
	r := rand.New(rand.NewPCG(7, 14))
	cases := []struct{ def, builtin string }{
		{"divides", "rook_divides"}, {"critical", "critical_squares"}, {"runs", "pawn_runs"}, {"runs_primitive", "pawn_runs"},
		{"opposed", "kings_opposed"}, {"lost", "rook_lost"},
	}
	for i := range 3000 {
		var p chess.Position
		switch i % 4 {
		case 0:
			p = randomPosition(r, chess.Rook)
		case 1:
			p = randomPosition(r, chess.Pawn)
		case 2:
			p = randomPosition(r, chess.Queen)
		default:
			p = randomAny(r)
		}
		for _, c := range cases {
			got := definition(t, base, c.def).Predicate().Pos(&p)
			if want := pred(c.builtin).Pos(&p); got != want {
				t.Fatalf("%s: %s is %v, %s is %v", p.FEN(), c.def, got, c.builtin, want)
			}
		}
		// Relations over each move.
		var buf [chess.MaxMoves]chess.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			for _, c := range []struct{ def, builtin string }{{"shrinks", "room_smaller"}, {"king_moved", "white_king_move"}} {
				got := definition(t, base, c.def).Predicate().Rel(&p, &q)
				if want := pred(c.builtin).Rel(&p, &q); got != want {
					t.Fatalf("%s, %s: %s is %v, %s is %v", p.FEN(), m, c.def, got, c.builtin, want)
				}
			}
		}
	}
}

// TestPrimitives checks each primitive of the position against the chess
// package on random positions of any material.
func TestPrimitives(t *testing.T) {
	base := loadTwins(t)
	r := rand.New(rand.NewPCG(3, 9))
	val := func(name string, p *chess.Position) int32 { return definition(t, base, name).Eval(p) }
	for range 2000 {
		p := randomAny(r)
		var buf [chess.MaxMoves]chess.Move
		moves := p.LegalMoves(buf[:0])
		mateInOne, allSafe := false, true
		for _, m := range moves {
			q := p.Play(m)
			mateInOne = mateInOne || q.Mate()
			allSafe = allSafe && !q.InCheck()
		}
		if got := val("mates_in_one", &p) == 1; got != mateInOne {
			t.Fatalf("%s: mates_in_one %v", p.FEN(), got)
		}
		if got := val("safe_everywhere", &p) == 1; got != allSafe {
			t.Fatalf("%s: safe_everywhere %v", p.FEN(), got)
		}
		fewest, most := kb.None, kb.None
		for _, m := range moves {
			q := p.Play(m)
			var qb [chess.MaxMoves]chess.Move
			n := int32(len(q.LegalMoves(qb[:0])))
			if fewest == kb.None || n < fewest {
				fewest = n
			}
			most = max(most, n)
		}
		if got := val("fewest_replies", &p); got != fewest {
			t.Fatalf("%s: fewest_replies %d, want %d", p.FEN(), got, fewest)
		}
		if got := val("most_replies", &p); got != most {
			t.Fatalf("%s: most_replies %d, want %d", p.FEN(), got, most)
		}
		lowest := kb.None
		if a := p.AttackedBy(chess.White); a != 0 {
			lowest = int32(a.First().Rank()) + 1
		}
		if got := val("lowest_attacked", &p); got != lowest {
			t.Fatalf("%s: lowest_attacked %d, want %d", p.FEN(), got, lowest)
		}
		if got, want := val("attacked_squares", &p), int32(p.AttackedBy(chess.White).Count()); got != want {
			t.Fatalf("%s: attacked_squares %d, want %d", p.FEN(), got, want)
		}
		pins, hanging := 0, 0
		for s := chess.A1; s <= chess.H8; s++ {
			if brutePinned(&p, s) {
				pins++
			}
			pc := p.PieceAt(s)
			if pc != chess.NoPiece && p.AttackersTo(s, pc.Color().Other()) != 0 && p.AttackersTo(s, pc.Color()) == 0 {
				hanging++
			}
		}
		if got := val("pinned_pieces", &p); got != int32(pins) {
			t.Fatalf("%s: pinned_pieces %d, want %d", p.FEN(), got, pins)
		}
		if got := val("hanging_pieces", &p); got != int32(hanging) {
			t.Fatalf("%s: hanging_pieces %d, want %d", p.FEN(), got, hanging)
		}
		// The primitives of a move, against the move itself.
		lib := Library()
		fn := func(name string) *kb.Func[chess.Position] {
			f, _ := lib.LookupFunc(name)
			return f
		}
		for _, m := range moves {
			q := p.Play(m)
			kind := int32(m.Piece())
			if m.IsCastle() {
				kind = int32(chess.King)
			}
			if got := fn("moved").Eval(&p, &q, 0, 0, 0); got != kind {
				t.Fatalf("%s %s: moved %d, want %d", p.FEN(), m, got, kind)
			}
			// Two positions no move joins (the move's position after
			// another move, the reverse): moved is the kind on
			// moveSquares's square, or nothing.
			for _, pair := range [][2]*chess.Position{{&q, &p}, {&p, &p}, {&q, &q}} {
				want := kb.None
				if from, _ := moveSquares(pair[0], pair[1]); from != chess.NoSquare {
					want = int32(pair[0].PieceAt(from).Type())
				}
				if got := fn("moved").Eval(pair[0], pair[1], 0, 0, 0); got != want {
					t.Fatalf("%s %s: moved %d of unrelated positions, want %d", p.FEN(), m, got, want)
				}
			}
			if got := fn("moved_from").Eval(&p, &q, 0, 0, 0); got != int32(m.From()) {
				t.Fatalf("%s %s: moved_from %d", p.FEN(), m, got)
			}
			if got := fn("moved_to").Eval(&p, &q, 0, 0, 0); got != int32(m.To()) {
				t.Fatalf("%s %s: moved_to %d", p.FEN(), m, got)
			}
			capture := p.PieceAt(m.To()) != chess.NoPiece || m.IsEnPassant()
			if got := fn("captured").Eval(&p, &q, 0, 0, 0) == 1; got != capture {
				t.Fatalf("%s %s: captured %v", p.FEN(), m, got)
			}
			if got := fn("promoted").Eval(&p, &q, 0, 0, 0) == 1; got != (m.Promotion() != chess.NoPieceType) {
				t.Fatalf("%s %s: promoted %v", p.FEN(), m, got)
			}
		}
	}
}

// TestRoomMeasures: the primitives room_reach, room_distance and
// room_weight agree with their definitions over in_room (square
// quantifiers, a flood fill each), and, when the room is empty, room_reach
// is nothing and room_distance 15.
func TestRoomMeasures(t *testing.T) {
	base := loadTwins(t)
	r := rand.New(rand.NewPCG(5, 17))
	val := func(name string, p *chess.Position) int32 { return definition(t, base, name).Eval(p) }
	empty := 0
	for range 3000 {
		p := randomAny(r)
		if roomSquares(&p) == 0 {
			empty++
			if val("room_reach_a1", &p) != kb.None || val("room_distance_e4", &p) != 15 {
				t.Fatalf("%s: an empty room has a reach, or a distance other than 15", p.FEN())
			}
			continue
		}
		if got, want := val("room_reach_a1", &p), val("reach_def_a1", &p); got != want {
			t.Fatalf("%s: room_reach(a1) %d, the definition %d", p.FEN(), got, want)
		}
		if got, want := val("room_distance_e4", &p), val("distance_def_e4", &p); got != want {
			t.Fatalf("%s: room_distance(e4) %d, the definition %d", p.FEN(), got, want)
		}
		if got, want := val("room_weight_h1_a8", &p), val("weight_def", &p); got != want {
			t.Fatalf("%s: room_weight(h1, a8, 4) %d, the definition %d", p.FEN(), got, want)
		}
	}
	if empty == 3000 {
		t.Fatal("every room was empty")
	}
}

// brutePinned: an enemy slider on a line through the king and s, with s
// the only piece between them.
func brutePinned(p *chess.Position, s chess.Square) bool {
	pc := p.PieceAt(s)
	if pc == chess.NoPiece || pc.Type() == chess.King {
		return false
	}
	k := p.King(pc.Color())
	for x := chess.A1; x <= chess.H8; x++ {
		e := p.PieceAt(x)
		if e == chess.NoPiece || e.Color() == pc.Color() {
			continue
		}
		straight := file(k) == file(x) || rank(k) == rank(x)
		diagonal := abs(file(k)-file(x)) == abs(rank(k)-rank(x))
		slides := e.Type() == chess.Queen || e.Type() == chess.Rook && straight || e.Type() == chess.Bishop && diagonal
		if slides && (straight || diagonal) && chess.Between(k, x)&p.Occupied() == bit(s) {
			return true
		}
	}
	return false
}

// TestGeometry checks the primitives of squares on every square (and pair).
func TestGeometry(t *testing.T) {
	lib := Library()
	call := func(name string, x, y int32) int32 {
		f, ok := lib.LookupFunc(name)
		if !ok {
			t.Fatalf("no primitive %s", name)
		}
		return f.Eval(nil, nil, x, y, 0)
	}
	for s := chess.A1; s <= chess.H8; s++ {
		n := int32(s)
		name := s.String()
		if got := call("file", n, 0); got != int32(name[0]-'a'+1) {
			t.Fatalf("file(%s) = %d", name, got)
		}
		if got := call("rank", n, 0); got != int32(name[1]-'0') {
			t.Fatalf("rank(%s) = %d", name, got)
		}
		if got := call("square", int32(name[0]-'a'+1), int32(name[1]-'0')); got != n {
			t.Fatalf("square of %s = %d", name, got)
		}
		if got := call("relative_rank", kb.Black, n); got != int32('9'-name[1]) {
			t.Fatalf("relative_rank(black, %s) = %d", name, got)
		}
		if got := call("light", n, 0) == 1; got != ((file(s)+rank(s))%2 == 1) {
			t.Fatalf("light(%s) = %v", name, got)
		}
		corners := []chess.Square{chess.A1, chess.H1, chess.A8, chess.H8}
		cd := 8
		for _, c := range corners {
			cd = min(cd, dist(s, c))
		}
		if got := call("corner_distance", n, 0); got != int32(cd) {
			t.Fatalf("corner_distance(%s) = %d, want %d", name, got, cd)
		}
		if got := call("edge", n, 0) == 1; got != (call("edge_distance", n, 0) == 0) {
			t.Fatalf("edge(%s) = %v", name, got)
		}
		for u := chess.A1; u <= chess.H8; u++ {
			if call("dist", n, int32(u)) != int32(dist(s, u)) || call("manhattan", n, int32(u)) != int32(manhattan(s, u)) {
				t.Fatalf("dist or manhattan(%s, %s)", s, u)
			}
		}
	}
	for _, bad := range [][2]int32{{0, 1}, {9, 1}, {1, 0}, {1, 9}} {
		if call("square", bad[0], bad[1]) != kb.None {
			t.Fatalf("square(%d, %d) is on the board", bad[0], bad[1])
		}
	}
}

// TestDefinitionsAllocateNothing: evaluating a compiled definition (move
// quantifiers included, after their pool is warm) allocates nothing.
func TestDefinitionsAllocateNothing(t *testing.T) {
	if raceOn {
		t.Skip("under the race detector sync.Pool drops items at random")
	}
	base := loadTwins(t)
	p, err := chess.Parse("Kb5 Pd3 / Ke5 w")
	if err != nil {
		t.Fatal(err)
	}
	q, _ := chess.Parse("Kd4 Rh1 / Kd6 w")
	for _, d := range base.Definitions {
		if len(d.Params) > 0 && d.Params[0].Type != kb.TPosition {
			continue
		}
		d.Eval(&p, &q) // warm the pools
		if n := testing.AllocsPerRun(200, func() { d.Eval(&p, &q); d.Eval(&q, &p) }); n != 0 {
			t.Errorf("%s allocates %v times per evaluation", d.Name, n)
		}
	}
}

// The benchmarks compare each defined twin with its built-in, both called
// as the prover calls a predicate, over the same positions.
func benchPositions(white ...chess.PieceType) []chess.Position {
	r := rand.New(rand.NewPCG(11, 12))
	out := make([]chess.Position, 256)
	for i := range out {
		out[i] = randomPosition(r, white...)
	}
	return out
}

func benchPos(b *testing.B, f func(*chess.Position) bool, ps []chess.Position) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f(&ps[i&255])
		i++
	}
}

func benchRel(b *testing.B, f func(a, b *chess.Position) bool, ps []chess.Position) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f(&ps[i&255], &ps[(i+1)&255])
		i++
	}
}

func builtin(b *testing.B, name string) *kb.Predicate[chess.Position] {
	p, ok := Library().Lookup(name)
	if !ok {
		b.Fatalf("no %s", name)
	}
	return p
}

func BenchmarkRookDividesBuiltin(b *testing.B) {
	benchPos(b, builtin(b, "rook_divides").Pos, benchPositions(chess.Rook))
}
func BenchmarkRookDividesDefined(b *testing.B) {
	benchPos(b, definition(b, loadTwins(b), "divides").Predicate().Pos, benchPositions(chess.Rook))
}
func BenchmarkRoomSmallerBuiltin(b *testing.B) {
	benchRel(b, builtin(b, "room_smaller").Rel, benchPositions(chess.Rook))
}
func BenchmarkRoomSmallerDefined(b *testing.B) {
	benchRel(b, definition(b, loadTwins(b), "shrinks").Predicate().Rel, benchPositions(chess.Rook))
}
func BenchmarkCriticalSquaresBuiltin(b *testing.B) {
	benchPos(b, builtin(b, "critical_squares").Pos, benchPositions(chess.Pawn))
}
func BenchmarkCriticalSquaresDefined(b *testing.B) {
	benchPos(b, definition(b, loadTwins(b), "critical").Predicate().Pos, benchPositions(chess.Pawn))
}
func BenchmarkPawnRunsBuiltin(b *testing.B) {
	benchPos(b, builtin(b, "pawn_runs").Pos, benchPositions(chess.Pawn))
}
func BenchmarkPawnRunsDefined(b *testing.B) {
	benchPos(b, definition(b, loadTwins(b), "runs").Predicate().Pos, benchPositions(chess.Pawn))
}
func BenchmarkPawnRunsPrimitive(b *testing.B) {
	benchPos(b, definition(b, loadTwins(b), "runs_primitive").Predicate().Pos, benchPositions(chess.Pawn))
}

// TestDefinitionErrors: every error of testdata/define_errors.al is found
// in one run, each where the file says.
func TestDefinitionErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/define_errors.al")
	if err != nil {
		t.Fatal(err)
	}
	base, diags := kb.Load(Library(), "define_errors.al", src)
	if base != nil {
		t.Fatal("a base with errors")
	}
	langtest.Check(t, src, diags)
}

// FuzzDefinitions: no definition makes the checker or an evaluation panic
// or run away: what compiles is evaluated on two positions.
func FuzzDefinitions(f *testing.F) {
	for _, line := range strings.Split(twins, "\n") {
		if body, ok := strings.CutPrefix(line, "define "); ok {
			f.Add([]byte(body))
		}
	}
	f.Add([]byte("x(P1, P2) = count move Q of P1: some square s: attacks_from(s, e4) in Q & s != none_here"))
	f.Add([]byte("y(s: square, n: int) = (n / 0) mod 3 < rank(s) - -2 * n"))
	lib := Library()
	p, _ := chess.Parse("Kb5 Pd3 / Ke5 w")
	q, _ := chess.Parse("Kd4 Rh1 / Kd6 b")
	f.Fuzz(func(t *testing.T, body []byte) {
		src := append([]byte("define "), body...)
		base, diags := kb.Load(lib, "f.al", src)
		if diags.HasErrors() != (base == nil) {
			t.Fatalf("base %v with diagnostics %v", base != nil, diags)
		}
		if base == nil {
			return
		}
		for _, d := range base.Definitions {
			d.Eval(&p, &q)
			d.Eval(&q, &p)
		}
	})
}

// BenchmarkTwinRatio measures each defined twin against its built-in in
// alternating blocks of calls over the same positions, so that a busy
// machine slows both alike, and reports the defined one's cost as a
// multiple of the built-in's (metric "x") with both costs per call.
func BenchmarkTwinRatio(b *testing.B) {
	base := loadTwins(b)
	lib := Library()
	for _, c := range []struct {
		def, builtin string
		material     []chess.PieceType
	}{
		{"divides", "rook_divides", []chess.PieceType{chess.Rook}},
		{"shrinks", "room_smaller", []chess.PieceType{chess.Rook}},
		{"critical", "critical_squares", []chess.PieceType{chess.Pawn}},
		{"runs", "pawn_runs", []chess.PieceType{chess.Pawn}},
	} {
		b.Run(c.builtin, func(b *testing.B) {
			ps := benchPositions(c.material...)
			d := definition(b, base, c.def).Predicate()
			p, _ := lib.Lookup(c.builtin)
			call := func(pr *kb.Predicate[chess.Position], i int) bool {
				if pr.Kind == kb.RelationKind {
					return pr.Rel(&ps[i&255], &ps[(i+1)&255])
				}
				return pr.Pos(&ps[i&255])
			}
			const block = 4096
			var tb, td time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				for i := range block {
					call(p, i)
				}
				t1 := time.Now()
				for i := range block {
					call(d, i)
				}
				tb += t1.Sub(t0)
				td += time.Since(t1)
				n += block
			}
			b.ReportMetric(float64(td)/float64(tb), "x")
			b.ReportMetric(float64(tb.Nanoseconds())/float64(n), "builtin-ns/call")
			b.ReportMetric(float64(td.Nanoseconds())/float64(n), "defined-ns/call")
		})
	}
}

// TestTermArithmetic: each operator of the term language on constants,
// slots and nothing (every line must hold).
func TestTermArithmetic(t *testing.T) {
	src := `
define a1_ = -7 / 2 = -4 & -7 mod 2 = 1 & 7 / -2 = -4 & 7 mod -2 = -1 & 3 - 5 * 2 = -7 & --3 = 3
define a2_ = ~(5 / 0 = 5 / 0) & ~(5 / 0 != 1) & ~(square(9, 1) = square(9, 1)) & 1 < 2 <= 2 < 3 & ~(1 < 3 < 2)
define a3_(n: int, m: int) = n + m = 5 & n - m = -1 & n * m = 6 & m / n = 1 & m mod n = 1 & n + 1 = m & abs(n - m) = 1 & min(n, m) = n & max(n, m) = m
define a4_ = a3_(2, 3) & ~a3_(3, 2) & (if 1 > 2 then 1 else 2) = 2 & file(e4) = 5 & rank(e4) = 4 & square(5, 4) = e4
define a5_ = white king = e1 & pieces(white, rook) = 0 & ~(white rook = white rook) & ~(dist(white rook, e1) >= 0) & ~(dist(white rook, e1) < 0) & ~attacks_from(white rook, e4)
`
	base, diags := kb.Load(Library(), "arith.al", []byte(src))
	if base == nil {
		t.Fatal(diags)
	}
	p, _ := chess.Parse("Ke1 / Ke8 w")
	for _, n := range []string{"a1_", "a2_", "a4_", "a5_"} {
		if v := definition(t, base, n).Eval(&p); v != 1 {
			t.Errorf("%s is %d", n, v)
		}
	}
}

// TestLastSquareOf checks last_square_of against a scan of the board, on
// random positions of any material, for every side and kind.
func TestLastSquareOf(t *testing.T) {
	last, ok := Library().LookupFunc("last_square_of")
	if !ok {
		t.Fatal("no primitive last_square_of")
	}
	r := rand.New(rand.NewPCG(17, 4))
	for range 1000 {
		p := randomAny(r)
		for c := chess.White; c <= chess.Black; c++ {
			for k := chess.Pawn; k <= chess.King; k++ {
				want := kb.None
				for x := chess.A1; x <= chess.H8; x++ {
					if pc := p.PieceAt(x); pc != chess.NoPiece && pc.Color() == c && pc.Type() == k {
						want = int32(x)
					}
				}
				if got := last.Eval(&p, nil, int32(c), int32(k), 0); got != want {
					t.Fatalf("%s: last_square_of(%v, %v) = %d, want %d", p.FEN(), c, k, got, want)
				}
			}
		}
	}
}

// TestFusedShapes checks the shapes kb compiles into one closure
// (kb/fused.go) against the same computed in Go, on random positions of
// any material (pieces absent, doubled): an if of a count and the square
// it counts (kb.Func.Counts), its near misses, and tables over the
// subterms computed on entry with inputs of the position beside them.
func TestFusedShapes(t *testing.T) {
	src := `
define r1 = if pieces(white, rook) > 0 then white rook else white queen
define r2 = if pieces(white, rook) >= 1 then white rook else white queen
define r3 = if pieces(white, rook) > 1 then white rook else white queen
define r4 = if pieces(white, rook) > 0 then white bishop else black queen
define t1 = file(r1) < file(black king) & rank(r1) != rank(white king) | file(white king) = file(r1) & rank(black king) > rank(r1)
define t2 = pieces(white, knight) = 1 & dist(white king, white rook) > dist(black king, white rook) | pieces(white, knight) = 2 & rank(white rook) > rank(black king)
define guard1 = pieces(white, knight) = 1 & (side_to_move = black & dist(black king, white rook) = 1 & dist(white king, white rook) > 1 | file(white king) = file(white rook) & rank(white king) > rank(white rook))
define guard2 = pieces(white, knight) < 1 | (side_to_move = black & dist(black king, white rook) = 1 & dist(white king, white rook) > 1 | file(white king) = file(white rook) & rank(white king) > rank(white rook))
define guard3 = pieces(black, queen) >= 1 & (side_to_move = white & dist(black king, r1) = 1 | file(white king) = file(r1) & rank(black king) > rank(r1))
`
	base, diags := kb.Load(Library(), "fused.al", []byte(src))
	if base == nil {
		t.Fatal(diags)
	}
	sqOf := func(p *chess.Position, c chess.Color, k chess.PieceType) int32 {
		if b := p.Pieces(c, k); b != 0 {
			return int32(b.First())
		}
		return kb.None
	}
	or := func(a, b int32) int32 {
		if a != kb.None {
			return a
		}
		return b
	}
	file := func(s int32) int32 { return s&7 + 1 }
	rank := func(s int32) int32 { return s>>3 + 1 }
	dist := func(a, b int32) int32 { return max(abs32(file(a)-file(b)), abs32(rank(a)-rank(b))) }
	some := func(ss ...int32) bool {
		for _, s := range ss {
			if s == kb.None {
				return false
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(21, 14))
	for range 4000 {
		p := randomAny(r)
		wk, bk := sqOf(&p, chess.White, chess.King), sqOf(&p, chess.Black, chess.King)
		rook, queen := sqOf(&p, chess.White, chess.Rook), sqOf(&p, chess.White, chess.Queen)
		rooks, knights := int32(p.Pieces(chess.White, chess.Rook).Count()), int32(p.Pieces(chess.White, chess.Knight).Count())
		r1 := or(rook, queen)
		r3 := queen
		if rooks > 1 {
			r3 = rook
		}
		r4 := sqOf(&p, chess.Black, chess.Queen)
		if rooks > 0 {
			r4 = sqOf(&p, chess.White, chess.Bishop)
		}
		t1 := some(r1) && (file(r1) < file(bk) && rank(r1) != rank(wk) || file(wk) == file(r1) && rank(bk) > rank(r1))
		t2 := some(rook) && (knights == 1 && dist(wk, rook) > dist(bk, rook) || knights == 2 && rank(rook) > rank(bk))
		knights1 := knights == 1
		black := p.SideToMove() == chess.Black
		near := some(rook) && (black && dist(bk, rook) == 1 && dist(wk, rook) > 1 || file(wk) == file(rook) && rank(wk) > rank(rook))
		g1 := knights1 && near
		g2 := knights < 1 || near
		g3 := p.Pieces(chess.Black, chess.Queen) != 0 && some(r1) && (!black && dist(bk, r1) == 1 || file(wk) == file(r1) && rank(bk) > rank(r1))
		for _, c := range []struct {
			name string
			want int32
		}{{"r1", r1}, {"r2", r1}, {"r3", r3}, {"r4", r4}, {"t1", b2i(t1)}, {"t2", b2i(t2)}, {"guard1", b2i(g1)}, {"guard2", b2i(g2)}, {"guard3", b2i(g3)}} {
			if got := definition(t, base, c.name).Eval(&p); got != c.want {
				t.Fatalf("%s: %s is %d, want %d", p.FEN(), c.name, got, c.want)
			}
		}
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// TestTablesFilledConcurrently: the tables of a base's definitions are
// filled a word at a time as they are read (kb's tabLazy); several
// goroutines reading one base's tables at once, each in its own order,
// get the values one goroutine gets from a base of its own (run under
// the race detector by make race).
func TestTablesFilledConcurrently(t *testing.T) {
	src := `
define t1 = file(the_rook) < file(black king) & rank(the_rook) != rank(white king) | file(white king) = file(the_rook) & rank(black king) > rank(the_rook)
define guard = side_to_move = black & dist(black king, the_rook) = 1 & dist(white king, the_rook) > 1 | file(white king) = file(the_rook) & rank(white king) > rank(the_rook)
define the_rook = if pieces(white, rook) > 0 then white rook else white queen
`
	load := func() *kb.Base[chess.Position] {
		base, diags := kb.Load(Library(), "tables.al", []byte(src))
		if base == nil {
			t.Fatal(diags)
		}
		return base
	}
	r := rand.New(rand.NewPCG(3, 5))
	ps := make([]chess.Position, 3000)
	for i := range ps {
		ps[i] = randomAny(r)
	}
	names := []string{"t1", "guard"}
	ref := load()
	want := make([][2]int32, len(ps))
	for i := range ps {
		for j, n := range names {
			want[i][j] = definition(t, ref, n).Eval(&ps[i])
		}
	}
	shared := load()
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			for k := range ps {
				i := (k*(2*g+1) + g*977) % len(ps) // each goroutine its own order
				for j, n := range names {
					if got := definition(t, shared, n).Eval(&ps[i]); got != want[i][j] {
						errs <- fmt.Sprintf("%s: %s is %d, want %d", ps[i].FEN(), n, got, want[i][j])
						return
					}
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

package chess

import (
	"slices"
	"strings"
	"testing"
)

// TestIncrementalHash: along random games the hash Play keeps equals the
// hash computed from scratch, and FEN round-trips at every step.
func TestIncrementalHash(t *testing.T) {
	var buf [MaxMoves]Move
	for _, p := range crossPositions(300) {
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			if q.Hash() != q.computeHash() {
				t.Fatalf("%s %s: incremental hash %x, computed %x", p.FEN(), m, q.Hash(), q.computeHash())
			}
			r, err := ParseFEN(q.FEN())
			if err != nil {
				t.Fatalf("%s %s -> %s: %v", p.FEN(), m, q.FEN(), err)
			}
			if r != q {
				t.Fatalf("%s %s: FEN %s does not round-trip", p.FEN(), m, q.FEN())
			}
		}
	}
}

// TestHashAfter: the hash HashAfter tells without making a move is the
// hash of the position Play makes, for every move of positions of every
// kind (captures, castling, en passant, promotions), and Game's side is
// the position's.
func TestHashAfter(t *testing.T) {
	var buf [MaxMoves]Move
	for _, p := range crossPositions(300) {
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			if h := p.HashAfter(m); h != q.Hash() {
				t.Fatalf("%s %s: HashAfter %x, Play's hash %x", p.FEN(), m, h, q.Hash())
			}
			if h, side := (Game{}).HashAfter(&p, m); h != q.Hash() || side != Side(q.SideToMove()) {
				t.Fatalf("%s %s: Game.HashAfter %x %v, want %x %v", p.FEN(), m, h, side, q.Hash(), Side(q.SideToMove()))
			}
		}
	}
}

// TestGivesCheck: GivesCheck tells, without making the move, whether
// the position Play makes is in check, for every move of positions of
// every kind (direct and discovered checks, captures, castling, en
// passant, promotions), and the cross positions give checks of each.
func TestGivesCheck(t *testing.T) {
	var buf [MaxMoves]Move
	checks := 0
	for _, p := range crossPositions(300) {
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			if got := p.GivesCheck(m); got != q.InCheck() {
				t.Fatalf("%s %s: GivesCheck %v, Play's check %v", p.FEN(), m, got, q.InCheck())
			}
			if q.InCheck() {
				checks++
			}
		}
	}
	for _, c := range []struct {
		fen, move string
		want      bool
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", true},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", false},
		{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true},    // castling: the rook checks
		{"4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4d5", true}, // discovered by the rook
		{"4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "g1h1", false},
		{"6k1/8/8/8/8/8/1K6/B7 w - - 0 1", "b2a2", false}, // the king leaves the bishop's diagonal: no king behind
		{"7k/8/8/8/8/8/1K6/B7 w - - 0 1", "b2a2", true},
		{"k7/8/8/3pP3/8/8/8/7K w - d6 0 2", "e5d6", false},
		{"4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 2", "e5d6", true}, // en passant uncovers the rook
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", true},     // promotion
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n", false},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseUCI(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		q := p.Play(m)
		if got := p.GivesCheck(m); got != c.want || q.InCheck() != c.want {
			t.Errorf("%s %s: GivesCheck %v, Play's check %v, want %v", c.fen, c.move, got, q.InCheck(), c.want)
		}
	}
	if checks == 0 {
		t.Fatal("no move of the cross positions gives check")
	}
}

// TestQuietReply: kingStepsAfter is the king steps of the position
// Play makes, for every move of positions of every kind, KingStepAfter
// says whether there is one, and QuietReply says true exactly where the
// other side has a lone king with a step.
func TestQuietReply(t *testing.T) {
	var buf [MaxMoves]Move
	lone := 0
	for _, p := range crossPositions(300) {
		them := p.SideToMove() ^ 1
		k := p.Pieces(them, King)
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			if got := p.kingStepsAfter(m, k); got != q.safe {
				t.Fatalf("%s %s: kingStepsAfter %x, Play's %x", p.FEN(), m, got, q.safe)
			}
			if got := p.KingStepAfter(m); got != (q.safe != 0) {
				t.Fatalf("%s %s: KingStepAfter %v, Play's king steps %x", p.FEN(), m, got, q.safe)
			}
			want := p.ColorPieces(them) == k && q.safe != 0
			if got := p.QuietReply(m); got != want {
				t.Fatalf("%s %s: QuietReply %v, want %v", p.FEN(), m, got, want)
			}
			if want {
				lone++
			}
		}
	}
	if lone == 0 {
		t.Fatal("no lone king in the cross positions")
	}
}

// TestFirstMove: Game.FirstMove is the first move LegalMoves lists, when
// it tells one, and it tells one wherever the king may step.
func TestFirstMove(t *testing.T) {
	var buf [MaxMoves]Move
	for _, p := range crossPositions(300) {
		moves := p.LegalMoves(buf[:0])
		m, ok := Game{}.FirstMove(&p)
		switch {
		case ok && (len(moves) == 0 || moves[0] != m):
			t.Fatalf("%s: FirstMove %s, LegalMoves %v", p.FEN(), m, moves)
		case !ok && p.safe != 0:
			t.Fatalf("%s: no FirstMove, the king may step", p.FEN())
		}
		for _, n := range moves {
			q := p.Play(n)
			if m, ok := (Game{}).FirstMove(&q); ok {
				if ms := q.LegalMoves(nil); ms[0] != m {
					t.Fatalf("%s: FirstMove %s, LegalMoves %v", q.FEN(), m, ms)
				}
			}
		}
	}
}

func TestPlayLeavesArgument(t *testing.T) {
	p := Start()
	before := p
	for _, s := range []string{"e2e4", "d2d4", "g1f3"} {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		_ = p.Play(m)
		if p != before {
			t.Fatalf("Play(%s) changed its receiver", s)
		}
	}
}

func TestEnPassantAndCounters(t *testing.T) {
	p := playUCI(t, Start(), "e2e4")
	// No black pawn can take on e3: the square is not kept.
	if p.EnPassant() != NoSquare || p.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Fatalf("after e4: %s", p.FEN())
	}
	p = playUCI(t, p, "d7d5", "e4e5", "f7f5")
	if p.FEN() != "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3" {
		t.Fatalf("after f5: %s", p.FEN())
	}
	p = playUCI(t, p, "e5f6", "g8f6", "g1f3")
	if p.FEN() != "rnbqkb1r/ppp1p1pp/5n2/3p4/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 4" {
		t.Fatalf("after Nf3: %s", p.FEN())
	}
	// Castling rights go when king or rook moves or a rook is taken.
	p, _ = ParseFEN("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1")
	p = playUCI(t, p, "g2h1")
	if got := castlingString(p.CastlingRights()); got != "Qkq" {
		t.Fatalf("after Bxh1: %s", got)
	}
	p = playUCI(t, p, "e1d1")
	if got := castlingString(p.CastlingRights()); got != "kq" {
		t.Fatalf("after Kd1: %s", got)
	}
}

func TestStatus(t *testing.T) {
	for _, c := range []struct {
		pos          string
		status       Status
		insufficient bool
	}{
		{"startpos", Ongoing, false},
		{"Kg1 Ra8 / Kh8 Pg7 Ph7 b", Checkmate, false},
		{"Kf7 Qg6 / Kh8 b", StalemateStatus, false},
		{"Ke1 Qe7 / Ke8 b", Check, false},
		{"Ka1 / Kh8 w", Ongoing, true},
		{"Ka1 Nb1 / Kh8 w", Ongoing, true},
		{"Ka1 Bb1 / Kh8 Bc1 w", Ongoing, false}, // bishops on both colours
		{"Ka1 Bb1 / Kh8 Bd1 w", Ongoing, true},
		{"Ka1 Nb1 Nc1 / Kh8 w", Ongoing, false},
		{"Ka1 Pb2 / Kh8 w", Ongoing, false},
		// Smothered mate by a knight.
		{"Kg1 Nf7 / Kh8 Rg8 Pg7 Ph7 b", Checkmate, false},
	} {
		p, err := Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		if got := p.Status(); got != c.status {
			t.Errorf("%s: status %v, want %v", c.pos, got, c.status)
		}
		if p.Mate() != (c.status == Checkmate) || p.Stalemate() != (c.status == StalemateStatus) ||
			p.InCheck() != (c.status == Check || c.status == Checkmate) {
			t.Errorf("%s: Mate/Stalemate/InCheck disagree with %v", c.pos, c.status)
		}
		if got := p.InsufficientMaterial(); got != c.insufficient {
			t.Errorf("%s: insufficient material %v", c.pos, got)
		}
	}
}

func TestAttacks(t *testing.T) {
	p, _ := ParseFEN("4k3/8/8/3p4/8/1N6/8/R3K3 w - - 0 1")
	for _, c := range []struct {
		sq   Square
		by   Color
		want bool
	}{
		{A8, White, true}, {D4, White, true}, {C5, White, true}, {E4, Black, true}, {C4, Black, true},
		{D4, Black, false}, {B8, White, false}, {F1, White, true}, {F1, Black, false}, {E7, Black, true},
	} {
		if got := p.Attacked(c.sq, c.by); got != c.want {
			t.Errorf("Attacked(%s, %s) = %v", c.sq, c.by, got)
		}
	}
	if got := p.AttacksFrom(B3); got != KnightAttacks(B3) {
		t.Errorf("AttacksFrom(b3) = %x", got)
	}
	if got := RookAttacks(A1, p.Occupied()); got != (fileA&^A1.Bitboard())|B1.Bitboard()|C1.Bitboard()|D1.Bitboard()|E1.Bitboard() {
		t.Errorf("RookAttacks(a1) = %x", got)
	}
	if got := Between(A1, E1); got != B1.Bitboard()|C1.Bitboard()|D1.Bitboard() {
		t.Errorf("Between(a1, e1) = %x", got)
	}
	if Between(A1, B3) != 0 || Line(A1, B3) != 0 {
		t.Error("a1 and b3 are not aligned")
	}
	if p.King(White) != E1 || p.King(Black) != E8 || p.PieceAt(D5) != NewPiece(Black, Pawn) || p.PieceAt(D4) != NoPiece {
		t.Error("King/PieceAt")
	}
	n := 0
	for sq := range p.Pieces(White, Rook).All() {
		n++
		if sq != A1 {
			t.Errorf("white rook on %s", sq)
		}
	}
	if n != 1 {
		t.Errorf("%d white rooks", n)
	}
	// The attack tables agree with slow ray walks for random occupancies.
	r := uint64(12345)
	for range 2000 {
		r = r*6364136223846793005 + 1442695040888963407
		occ := Bitboard(r & (r >> 7) & (r >> 13))
		sq := Square(r >> 58)
		if RookAttacks(sq, occ) != slidingAttacks(sq, occ, &rookDirs) || BishopAttacks(sq, occ) != slidingAttacks(sq, occ, &bishopDirs) {
			t.Fatalf("slider attacks from %s with %x", sq, occ)
		}
	}
}

func TestZeroPosition(t *testing.T) {
	var p Position
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) != 0 || p.InCheck() || p.King(White) != NoSquare {
		t.Fatal("the zero position has no moves and no kings")
	}
}

func TestNewPosition(t *testing.T) {
	p, err := NewPosition(White,
		Placement{NewPiece(White, King), B5}, Placement{NewPiece(White, Pawn), D3}, Placement{NewPiece(Black, King), E5})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := Parse("Kb5 Pd3 / Ke5 w")
	if p != q {
		t.Fatalf("%s, want %s", p.FEN(), q.FEN())
	}
	for _, c := range []struct {
		pl   []Placement
		want string
	}{
		{[]Placement{{NewPiece(White, King), A1}}, "black has 0 kings"},
		{[]Placement{{NewPiece(White, King), A1}, {NewPiece(Black, King), A1}}, "two pieces on a1"},
		{[]Placement{{NewPiece(White, King), A1}, {NewPiece(Black, King), B2}}, "kings are adjacent"},
		{[]Placement{{NewPiece(White, King), A1}, {NewPiece(Black, King), H8}, {Piece(7), C3}}, "bad piece"},
		{[]Placement{{NewPiece(White, King), A1}, {NewPiece(Black, King), H8}, {NewPiece(White, Rook), NoSquare}}, "bad piece"},
	} {
		if _, err := NewPosition(White, c.pl...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.pl, err, c.want)
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		_, _ = NewPosition(Black, Placement{NewPiece(White, King), B5}, Placement{NewPiece(Black, King), E5})
	})
	if allocs != 0 {
		t.Errorf("NewPosition allocates %v", allocs)
	}
}

func TestSANLine(t *testing.T) {
	p := Start()
	var moves []Move
	q := p
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6"} {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		q = q.Play(m)
	}
	if got := p.SANLine(moves); got != "1. e4 e5 2. Nf3 Nc6" {
		t.Errorf("%q", got)
	}
	b := p.Play(moves[0])
	if got := b.SANLine(moves[1:3]); got != "1... e5 2. Nf3" {
		t.Errorf("%q", got)
	}
	if got := p.SANLine(moves[1:]); got != "1. (illegal: e7e5)" {
		t.Errorf("%q", got)
	}
}

// TestFlipped: the colour-flipped position has the same perft counts and
// mirrored moves, and flipping twice gives the position back.
func TestFlipped(t *testing.T) {
	var buf, fbuf [MaxMoves]Move
	for _, p := range crossPositions(200) {
		f := p.Flipped()
		if back := f.Flipped(); back != p {
			t.Fatalf("%s: flipped twice gives %s", p.FEN(), back.FEN())
		}
		if Perft(&p, 2) != Perft(&f, 2) {
			t.Fatalf("%s and %s: perft 2 differs", p.FEN(), f.FEN())
		}
		moves := p.LegalMoves(buf[:0])
		fmoves := f.LegalMoves(fbuf[:0])
		if len(moves) != len(fmoves) {
			t.Fatalf("%s: %d moves, flipped %d", p.FEN(), len(moves), len(fmoves))
		}
		for _, m := range moves {
			if !f.IsLegal(newMove(m.From()^56, m.To()^56, m.Piece(), m.Promotion(), m.flag())) {
				t.Fatalf("%s: %s has no mirror in %s", p.FEN(), m, f.FEN())
			}
		}
	}
	p, _ := ParseFEN("r3k2r/8/8/8/2pP4/8/8/R3K2R b Kq d3 0 1")
	if got := p.Flipped(); got.FEN() != "r3k2r/8/8/2Pp4/8/8/8/R3K2R w Qk d6 0 1" {
		t.Errorf("flipped: %s", got.FEN())
	}
}

// TestPass: a pass flips the side to move, clears en passant, keeps the
// incremental hash right, and is refused in check; SANLine prints it as
// PGN's null move.
func TestPass(t *testing.T) {
	p := Start()
	e4, err := p.ParseMove("e4")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(crossPositions(100), p.Play(e4)) {
		r, ok := q.Pass()
		if q.InCheck() {
			if ok {
				t.Errorf("%s: a pass in check", q.FEN())
			}
			continue
		}
		if !ok || r.side == q.side || r.ep != NoSquare || r.Hash() != r.computeHash() {
			t.Errorf("%s: pass gives %s", q.FEN(), r.FEN())
		}
	}
	after := p.Play(e4)
	passed, _ := after.Pass()
	nf3, err := passed.ParseMove("Nf3")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.SANLine([]Move{e4, NoMove, nf3}); got != "1. e4 -- 2. Nf3" {
		t.Errorf("%q", got)
	}
	check, err := ParseFEN("4k3/8/8/8/8/8/8/4RK2 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := check.SANLine([]Move{NoMove}); got != "1... (no pass in check)" {
		t.Errorf("%q", got)
	}
}

// TestDerivedFields: the fields every constructor and move derive (the
// side to move's check and its king's safe steps) equal a square-by-square
// computation, after Play, Pass, Flipped, ParseFEN and NewPosition alike.
func TestDerivedFields(t *testing.T) {
	want := func(p *Position) (Bitboard, bool) {
		us := p.side
		k := p.byType[King] & p.byColor[us]
		if k == 0 {
			return 0, false
		}
		ksq := k.First()
		occ := p.Occupied()
		var safe Bitboard
		for b := kingAttacks[ksq] &^ p.byColor[us]; b != 0; b &= b - 1 {
			to := b.First()
			// The king steps to `to`, capturing what stands there.
			q := *p
			for pt := Pawn; pt <= King; pt++ {
				q.byType[pt] &^= to.Bitboard()
			}
			q.byColor[us^1] &^= to.Bitboard()
			if q.attackersTo(to, occ^ksq.Bitboard(), us^1) == 0 {
				safe |= to.Bitboard()
			}
		}
		return safe, p.attackersTo(ksq, occ, us^1) != 0
	}
	check := func(what string, p Position) {
		t.Helper()
		safe, inCheck := want(&p)
		if p.safe != safe || p.check != b2u(inCheck) {
			t.Fatalf("%s %s: derived safe %x check %v, want %x %v", what, p.FEN(), uint64(p.safe), p.check, uint64(safe), inCheck)
		}
	}
	var buf [MaxMoves]Move
	n := 0
	for _, p := range crossPositions(300) {
		check("position", p)
		f := p.Flipped()
		check("flipped", f)
		if q, ok := p.Pass(); ok {
			check("pass", q)
		}
		r, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		check("FEN", r)
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			check("play", q)
			var g Position
			Game{}.PlayInto(&g, &p, m)
			g.settle()
			if g != q {
				t.Fatalf("%s %s: PlayInto differs from Play", p.FEN(), m)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d moves played", n)
	}
	z := Position{}
	z.derive()
	if z != (Position{}) {
		t.Fatal("the zero position's derived fields are not zero")
	}
}

// TestApplyShortWay: apply's short way (a piece's move without castling
// rights or en passant, with derive written out) makes the position
// applyFull makes, derived fields and all, for every move of positions of
// every kind (and the endgames', where it is taken).
func TestApplyShortWay(t *testing.T) {
	var buf [MaxMoves]Move
	short := 0
	for _, p := range crossPositions(600) {
		for _, m := range p.LegalMoves(buf[:0]) {
			a, b := p, p
			a.apply(m)
			b.applyFull(m)
			c := a
			c.derive()
			if a != b || c != a {
				t.Fatalf("%s %s: apply and applyFull differ", p.FEN(), m)
			}
			// Game.PlayInto: the same but for the derived fields,
			// stale on the short way until settled.
			var l Position
			Game{}.PlayInto(&l, &p, m)
			if l.check == stale {
				l.safe = a.safe // (left as they were: not read)
				l.check = a.check
				if l != a {
					t.Fatalf("%s %s: PlayInto and apply differ", p.FEN(), m)
				}
				Game{}.PlayInto(&l, &p, m)
				l.settle()
			}
			if l != a {
				t.Fatalf("%s %s: PlayInto, settled, and apply differ", p.FEN(), m)
			}
			if m&(7<<15|3<<18) == 0 && m.Piece() != Pawn && p.castle == 0 && p.ep == NoSquare {
				short++
			}
		}
	}
	if short == 0 {
		t.Fatal("no move took the short way")
	}
}

// TestRays: a slider's lines are its attacks on an empty board.
func TestRays(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		if rookRays[sq] != RookAttacks(sq, 0) || bishopRays[sq] != BishopAttacks(sq, 0) {
			t.Fatalf("%s: the lines differ from the attacks on an empty board", sq)
		}
	}
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// TestPlayIntoStale: a position made by Game.PlayInto, its derived fields
// stale, answers every method that reads them (each on a fresh copy, so
// that each is the first reader) as the position Play makes, derived at
// once, does.
func TestPlayIntoStale(t *testing.T) {
	var buf, buf2 [MaxMoves]Move
	made, mates, stalemates := 0, 0, 0
	positions := crossPositions(1000)
	for _, fen := range []string{
		"k7/2K5/8/8/8/8/8/1R6 w - - 0 1", // Rb7 stalemates
		"k7/8/1K6/8/8/8/8/7R w - - 0 1",  // Rh8 mates
		"7k/5K2/8/8/8/8/8/6B1 w - - 0 1", // Bd4 stalemates (a king and a bishop)
		"8/8/8/8/8/1k6/3q4/K7 b - - 0 1", // Qd1 mates, Qc2 and Qc1 stalemate
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, p := range positions {
		for _, m := range p.LegalMoves(buf[:0]) {
			want := p.Play(m)
			if want.Mate() {
				mates++
			}
			if want.Stalemate() {
				stalemates++
			}
			var g Position
			Game{}.PlayInto(&g, &p, m)
			if g.check == stale {
				made++
			}
			fresh := func() *Position { c := g; return &c }
			if got := fresh().InCheck(); got != want.InCheck() {
				t.Fatalf("%s %s: InCheck %v, want %v", p.FEN(), m, got, want.InCheck())
			}
			if got := fresh().Mate(); got != want.Mate() {
				t.Fatalf("%s %s: Mate %v, want %v", p.FEN(), m, got, want.Mate())
			}
			if got := fresh().Stalemate(); got != want.Stalemate() {
				t.Fatalf("%s %s: Stalemate %v, want %v", p.FEN(), m, got, want.Stalemate())
			}
			if got := fresh().HasLegalMove(); got != want.HasLegalMove() {
				t.Fatalf("%s %s: HasLegalMove %v, want %v", p.FEN(), m, got, want.HasLegalMove())
			}
			if got := fresh().Status(); got != want.Status() {
				t.Fatalf("%s %s: Status %v, want %v", p.FEN(), m, got, want.Status())
			}
			gm, gok := Game{}.FirstMove(fresh())
			wm, wok := Game{}.FirstMove(&want)
			if gm != wm || gok != wok {
				t.Fatalf("%s %s: FirstMove %v %v, want %v %v", p.FEN(), m, gm, gok, wm, wok)
			}
			if got, w := fresh().LegalMoves(buf2[:0]), want.LegalMoves(nil); !slices.Equal(got, w) {
				t.Fatalf("%s %s: LegalMoves %v, want %v", p.FEN(), m, got, w)
			}
			gq, gok := fresh().Pass()
			wq, wok := want.Pass()
			if gq != wq || gok != wok {
				t.Fatalf("%s %s: Pass differs", p.FEN(), m)
			}
			if got := fresh().FEN(); got != want.FEN() {
				t.Fatalf("%s %s: FEN %s, want %s", p.FEN(), m, got, want.FEN())
			}
		}
	}
	if made < 1000 || mates == 0 || stalemates == 0 {
		t.Fatalf("only %d positions made stale, %d mates, %d stalemates", made, mates, stalemates)
	}
}

package predicates

import (
	"slices"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
)

var kpkTable = sync.OnceValues(func() (*tablebase.Table, error) {
	return tablebase.New(tablebase.Options{NoCache: true}).Table(tablebase.MustEndgame("kpk"))
})

// whiteWins reads the tablebase's value from White's side.
func whiteWins(p *chess.Position, v tablebase.Value) bool {
	if p.SideToMove() == chess.White {
		return v.Outcome == tablebase.Win
	}
	return v.Outcome == tablebase.Loss
}

func TestKPKRegistered(t *testing.T) {
	lib := Library()
	for _, p := range append(KPK(), KPKTheory()...) {
		q, ok := lib.Lookup(p.Name)
		if !ok || q.Doc == "" || (q.Pos == nil) == (q.Rel == nil) {
			t.Errorf("%s: registered %v, doc %q", p.Name, ok, q.Doc)
		}
	}
}

func TestKPKPositionPredicates(t *testing.T) {
	for _, c := range []struct {
		pos  string
		true []string // every other KPK position predicate must be false
	}{
		// The thesis's run (seed 002, 3.2.3): nothing holds yet.
		{"Kb5 Pd3 / Ke5 w", nil},
		// After Kc5 the king stands on a critical square of the d3 pawn.
		{"Kc5 Pd3 / Ke5 b", []string{"critical_squares"}},
		{"Kd6 Pd5 / Kh8 w", []string{"critical_squares"}},
		// Rule of the square: Black to move reaches the square, White to move does not.
		{"Ka1 Pb4 / Kg5 b", nil},
		{"Ka1 Pb4 / Kg5 w", []string{"pawn_runs"}},
		{"Ka1 Pb4 / Kh5 b", []string{"pawn_runs"}},
		// The double step: a pawn on its second rank counts from the third.
		{"Ka1 Pb2 / Kh6 w", []string{"pawn_runs"}},
		{"Ka1 Pb2 / Kh6 b", nil},
		// The white king on the pawn's path stops it.
		{"Kb6 Pb4 / Kh8 w", []string{"critical_squares"}},
		// Black to move takes the pawn.
		{"Ka1 Pc2 / Kc1 b", []string{"pawn_lost"}},
		// White to move cannot save the pawn: whatever it plays, Kxb3.
		{"Kh1 Pb3 / Kb4 w", []string{"pawn_lost", "pawn_blocked"}},
		{"Kb1 Pb3 / Kb5 w", []string{"pawn_blocked"}},
		{"Kc5 Pb6 / Kb7 w", []string{"pawn_blocked"}},
		{"Kc6 Pb7 / Kb8 w", []string{"pawn_on_seventh"}},
		{"Kc6 Pd6 / Kh8 w", []string{"pattern_bp6", "pawn_runs"}},
		{"Kc6 Pd6 / Kc8 w", nil},
		{"Kb7 Pa2 / Kh8 b", []string{"rook_pawn", "critical_squares_rook", "pawn_runs"}},
		{"Kg7 Ph4 / Ka8 w", []string{"rook_pawn", "critical_squares_rook", "pawn_runs"}},
		{"Kb5 / Ke5 w", nil},
	} {
		checkPositionPredicates(t, KPK(), c.pos, c.true)
	}
}

func TestKPKRelations(t *testing.T) {
	for _, c := range []struct {
		from, to string
		true     []string
	}{
		{"Kb5 Pd3 / Ke5 w", "Kc5 Pd3 / Ke5 b", []string{"white_king_move", "white_king_not_farther", "black_king_not_farther"}},
		{"Kb5 Pd3 / Ke5 w", "Ka6 Pd3 / Ke5 b", []string{"white_king_move", "black_king_not_farther"}},
		{"Kb5 Pd3 / Ke5 w", "Kb5 Pd4 / Ke5 b", []string{"white_king_not_farther", "black_king_not_farther"}},
		{"Kc5 Pd3 / Ke5 b", "Kc5 Pd3 / Kf6 w", []string{"black_king_move", "white_king_not_farther"}},
		{"Kc5 Pd3 / Ke5 b", "Kc5 Pd3 / Kf5 w", []string{"black_king_move", "white_king_not_farther", "black_king_not_farther"}},
		// Next to the pawn, any king move keeps "not farther".
		{"Kc4 Pd3 / Kh8 w", "Kb5 Pd3 / Kh8 b", []string{"white_king_move", "white_king_not_farther", "black_king_not_farther"}},
	} {
		checkRelations(t, KPK(), c.from, c.to, c.true)
	}
}

func TestKPKPredicatesDoNotAllocate(t *testing.T) {
	p, _ := chess.Parse("Kb5 Pd3 / Ke5 w")
	q, _ := chess.Parse("Kc5 Pd3 / Ke5 b")
	preds := append(KPK(), KPKTheory()...)
	allocs := testing.AllocsPerRun(50, func() {
		for _, pr := range preds {
			if pr.Pos != nil {
				_ = pr.Pos(&p)
				_ = pr.Pos(&q)
			} else {
				_ = pr.Rel(&p, &q)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

// TestKPKAgainstTablebase checks the predicates' promises over every KPK
// position: a running pawn wins, a lost pawn draws, and a critical square
// (not a rook pawn, the pawn not lost, no stalemate) wins.
func TestKPKAgainstTablebase(t *testing.T) {
	tab, err := kpkTable()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p, v := range tab.Positions() {
		n++
		win := whiteWins(&p, v)
		lost := PawnLost(&p)
		if PawnRuns(&p) && !win {
			t.Fatalf("%s: pawn_runs but no win (%v)", p.FEN(), v)
		}
		if lost && win {
			t.Fatalf("%s: pawn_lost but a win (%v)", p.FEN(), v)
		}
		if CriticalSquares(&p) && !RookPawn(&p) && !lost && !p.Stalemate() && !win {
			t.Fatalf("%s: critical_squares but no win (%v)", p.FEN(), v)
		}
		if lost != pawnLostSlow(&p) {
			t.Fatalf("%s: pawn_lost %v, by every move %v", p.FEN(), lost, !lost)
		}
		if KeySquare(&p) && !lost && !p.Stalemate() && !win {
			t.Fatalf("%s: key_square, pawn safe, no stalemate, but no win (%v)", p.FEN(), v)
		}
		if (BlackKingBlocks(&p) || BlackKingInCorner(&p)) && win {
			t.Fatalf("%s: the black king blocks the pawn, but a win (%v)", p.FEN(), v)
		}
	}
	if n < 300000 {
		t.Fatalf("only %d positions", n)
	}
}

// pawnLostSlow is pawn_lost by its definition, every move tried.
func pawnLostSlow(p *chess.Position) bool {
	s, ok := pawn(p)
	if !ok {
		return false
	}
	if p.SideToMove() == chess.Black {
		return canTake(p, s)
	}
	var buf [chess.MaxMoves]chess.Move
	moves := p.LegalMoves(buf[:0])
	for _, m := range moves {
		q := p.Play(m)
		t, ok := pawn(&q)
		if !ok {
			t = promoted(&q)
		}
		if t == chess.NoSquare || !canTake(&q, t) {
			return false
		}
	}
	return len(moves) > 0
}

func TestKPKTheory(t *testing.T) {
	for _, c := range []struct {
		pos  string
		true []string // every other KPKTheory position predicate is false
	}{
		// Key squares of a pawn on its 2nd to 4th rank: two ranks ahead.
		{"Kd4 Pe2 / Kh8 w", []string{"key_square"}},
		{"Kd3 Pe2 / Kh8 w", nil},
		// On the 5th and 6th: one or two ranks ahead.
		{"Kf6 Pe5 / Ka8 b", []string{"key_square"}},
		{"Kf7 Pe5 / Ka8 b", []string{"key_square"}},
		{"Kf5 Pe5 / Ka8 b", nil},
		// On the 7th: the 7th and 8th ranks beside it.
		{"Kd7 Pe7 / Ka8 w", []string{"key_square"}},
		// A rook pawn: b7/b8 from its 6th rank on, none lower down.
		{"Kb7 Pa6 / Kh8 w", []string{"key_square"}},
		{"Kb7 Pa5 / Kh8 w", nil},
		{"Kg8 Ph6 / Ka1 w", []string{"key_square"}},
		// The blockade: one square ahead up to the 6th rank, two up to the 5th.
		{"Ka1 Pe5 / Ke6 w", []string{"black_king_blocks"}},
		{"Ka1 Pe6 / Ke7 w", []string{"black_king_blocks"}},
		{"Ka1 Pe7 / Ke8 w", nil},
		{"Ka1 Pe4 / Ke6 w", []string{"black_king_blocks"}},
		{"Ka1 Pe5 / Ke7 w", []string{"black_king_blocks"}},
		{"Ka1 Pe6 / Ke8 w", nil},
		{"Kh1 Pa4 / Ka6 w", []string{"black_king_in_corner"}},
		{"Kh1 Pa4 / Kb8 b", []string{"black_king_in_corner"}},
		{"Kh1 Pa4 / Kc8 b", nil},
		{"Kh1 Pa4 / Kb3 b", nil},
		// A queen the black king cannot take.
		{"Kc7 Qb8 / Ka7 b", []string{"pawn_queened"}},
		{"Kc5 Qb8 / Ka7 b", nil},
		{"Kc5 Qh1 / Ka7 w", []string{"pawn_queened"}},
	} {
		checkPositionPredicates(t, KPKTheory(), c.pos, c.true)
	}
	for _, c := range []struct {
		from, to string
		true     []string
	}{
		{"Ka1 Pe2 / Kh8 w", "Ka1 Pe4 / Kh8 b", []string{"pawn_move", "black_king_to_blockade"}},
		{"Ka1 Pe2 / Kh8 w", "Kb2 Pe2 / Kh8 b", []string{"white_king_to_key_square", "black_king_to_blockade"}},
		{"Kc3 Pe2 / Kh8 w", "Kb2 Pe2 / Kh8 b", []string{"black_king_to_blockade"}},
		{"Kc3 Pe2 / Kh8 b", "Kc3 Pe2 / Kg7 w", []string{"white_king_to_key_square", "black_king_to_blockade"}},
		{"Kc3 Pe2 / Kg7 b", "Kc3 Pe2 / Kh8 w", []string{"white_king_to_key_square"}},
	} {
		checkRelations(t, KPKTheory(), c.from, c.to, c.true)
	}
}

// checkPositionPredicates checks that in pos exactly the position
// predicates of preds named in holds hold.
func checkPositionPredicates(t *testing.T, preds []kb.Predicate[chess.Position], pos string, holds []string) {
	t.Helper()
	p, err := chess.Parse(pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	for _, pr := range preds {
		if pr.Pos != nil {
			if got, want := pr.Pos(&p), slices.Contains(holds, pr.Name); got != want {
				t.Errorf("%s: %s = %v, want %v", pos, pr.Name, got, want)
			}
		}
	}
}

// checkRelations checks that from one position to the other exactly the
// relation predicates of preds named in holds hold.
func checkRelations(t *testing.T, preds []kb.Predicate[chess.Position], from, to string, holds []string) {
	t.Helper()
	a, err1 := chess.Parse(from)
	b, err2 := chess.Parse(to)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for _, pr := range preds {
		if pr.Rel != nil {
			if got, want := pr.Rel(&a, &b), slices.Contains(holds, pr.Name); got != want {
				t.Errorf("%s -> %s: %s = %v, want %v", from, to, pr.Name, got, want)
			}
		}
	}
}

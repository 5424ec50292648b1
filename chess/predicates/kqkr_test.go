package predicates

import "testing"

func TestKQKRPredicates(t *testing.T) {
	for _, c := range []struct {
		pos  string
		true []string
	}{
		// The rook takes the queen (defended or not).
		{"Ka1 Qd5 / Kh8 Rd7 b", []string{"queen_en_prise"}},
		{"Ke4 Qd5 / Kh8 Rd7 b", []string{"queen_en_prise"}},
		// The king takes an undefended queen, not a defended one.
		{"Ka1 Qg7 / Kh8 Rd7 b", []string{"queen_en_prise"}},
		{"Kf6 Qg7 / Kh8 Ra1 b", nil},
		// White to move: the queen is never en prise (the rook is).
		{"Ka1 Qd5 / Kh8 Rd7 w", []string{"rook_en_prise"}},
		{"Ka1 Qc4 / Kh8 Rd7 b", nil},
		// The queen takes the rook for nothing; not where the black king
		// defends it (the queen is taken back), nor with Black to move.
		{"Kc1 Qd5 / Kh8 Rd7 w", []string{"rook_en_prise"}},
		{"Kc1 Qd5 / Ke8 Rd7 w", nil},
		{"Kc1 Qd5 / Kh8 Rd7 b", []string{"queen_en_prise"}},
		// Taking the rook stalemates the cornered king: not for nothing.
		{"Kf6 Qb7 / Kh8 Rg7 w", []string{"rook_en_prise"}},
		{"Kf5 Qe6 / Kh8 Rg6 w", nil},
	} {
		checkPositionPredicates(t, KQKR(), c.pos, c.true)
	}
}

func TestKQKRRelations(t *testing.T) {
	for _, c := range []struct {
		from, to string
		true     []string
	}{
		// A rook check, a rook attacking the queen, a capture of it.
		{"Ka1 Qc4 / Kh8 Rd7 b", "Ka1 Qc4 / Kh8 Ra7 w", []string{"black_forcing_move"}},
		{"Ka1 Qc4 / Kh8 Rd7 b", "Ka1 Qc4 / Kh8 Rc7 w", []string{"black_forcing_move"}},
		{"Ka1 Qd5 / Kh8 Rd7 b", "Ka1 / Kh8 Rd5 w", []string{"black_forcing_move"}},
		// A quiet rook move and a quiet king move are not forcing.
		{"Ka1 Qc4 / Kh8 Rd7 b", "Ka1 Qc4 / Kh8 Re7 w", nil},
		{"Ka1 Qc4 / Kh8 Rd7 b", "Ka1 Qc4 / Kh7 Rd7 w", nil},
		// White's moves are never Black's forcing moves.
		{"Ka1 Qc4 / Kh8 Rd7 w", "Ka1 Qc8 / Kh8 Rd7 b", nil},
	} {
		checkRelations(t, KQKR(), c.from, c.to, c.true)
	}
}

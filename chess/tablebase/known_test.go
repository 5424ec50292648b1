package tablebase

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/advicelang/al/chess"
)

// value probes a position written as FEN or a piece list ("Ke4 Pe3 / Ke6
// w") in the shared tables.
func value(t *testing.T, s string) Value {
	t.Helper()
	p, err := chess.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	v, err := testBase(t).Value(p)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestLongestMates: the longest mates with White to move (DTM, the moves
// of the winning side). Published: KQK 10, KRK 16, KBBK 19, KBNK 33, KQKR
// 35, KRKN 40, KRKB 29, KQKN 21, KQKB 17. KPK's 28 and KNNK's 1 are our own
// figures, kept as guards against regressions.
func TestLongestMates(t *testing.T) {
	want := map[string]int{
		"kqk": 10, "krk": 16, "kbbk": 19, "kpk": 28, "kbnk": 33, "knnk": 1,
		"kqkr": 35, "kqkb": 17, "kqkn": 21, "krkb": 29, "krkn": 40,
	}
	for _, eg := range Endgames() {
		t.Run(eg.String(), func(t *testing.T) {
			w, ok := want[eg.String()]
			if !ok {
				t.Fatalf("no longest mate known for %s: add it here and to docs/tablebase.md", eg)
			}
			st := table(t, eg.String()).Stats()
			if st[wtm].LongestWin != w {
				t.Errorf("longest mate with White to move %d (%s), want %d", st[wtm].LongestWin, st[wtm].LongestWinExample, w)
			}
		})
	}
}

// fullSum is the SHA-256 of a table written in the layout of the first
// generator (cache format 1): 64^n values per side, White to move then
// Black, every placement of the men as six-bit digits, 255 where illegal.
func fullSum(tab *Table) string {
	s := tab.spec
	full := 1 << (6 * s.n)
	buf := make([]byte, full)
	h := sha256.New()
	var sq [maxMen]int
	for stm := range 2 {
		for idx := range full {
			occ := bb(0)
			for i := s.n - 1; i >= 0; i-- {
				sq[i] = idx >> (6 * (s.n - 1 - i)) & 63
				occ |= squareBit[sq[i]]
			}
			buf[idx] = vIllegal
			if s.placed(&sq, occ) {
				buf[idx] = tab.v[stm][s.index(&sq)]
			}
		}
		h.Write(buf)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestFirstGeneratorValues: the tables the first generator (one side
// winning, a bare king defending, no symmetry) made, whose SHA-256 were
// taken from it before it was replaced, are what this one makes, value
// for value.
func TestFirstGeneratorValues(t *testing.T) {
	for _, tc := range []struct{ eg, sum string }{
		{"kqk", "0b24d3345deb5d8a0cf71495f6c8a8192bb9048e9a1ab4a3438929017790361c"},
		{"krk", "7e374726a2303f39cf92d38e1ea0bb148b1683cb81c110ad1813fa2cb7427fab"},
		{"kpk", "d467d0dbccbf3e20b6ae732fb8ee93c39a009d122c70d42e4b96cecd53dac443"},
		{"kbbk", "609bb63e3a3a88deb4baeb70c1d2663bfb398903d3609f1a26787ae38e3d64e8"},
	} {
		t.Run(tc.eg, func(t *testing.T) {
			if got := fullSum(table(t, tc.eg)); got != tc.sum {
				t.Errorf("values differ from the first generator's: SHA-256 %s, want %s", got, tc.sum)
			}
		})
	}
}

// TestKBBK: same-coloured bishops never win; with opposite-coloured ones
// White to move wins except in 520 positions, all with the Black king next
// to a bishop (then every move may stalemate or lose a bishop: Ka1, Kc1,
// Ba2, Bg1). 520 is our own count.
func TestKBBK(t *testing.T) {
	tab := table(t, "kbbk")
	st := tab.Stats()
	draws := 0
	tab.each(func(stm int, sq *[maxMen]int, v uint8) bool {
		if sameColour(sq[2], sq[3]) {
			if v != vDraw {
				t.Fatalf("%s: same-coloured bishops win: %v", tab.fen(sq, stm), decodeValue(v))
			}
			return true
		}
		if stm == wtm && v == vDraw {
			draws++
			if kingBB[sq[1]]&(squareBit[sq[2]]|squareBit[sq[3]]) == 0 {
				t.Errorf("%s: opposite-coloured bishops, no bishop attacked, and a draw", tab.fen(sq, wtm))
			}
		}
		return true
	})
	if want := st[wtm].Positions - st[wtm].SameColouredBishops - st[wtm].Wins; draws != want || draws != 520 {
		t.Errorf("kbbk: %d opposite-coloured draws with White to move; stats say %d, want 520", draws, want)
	}
}

// TestPieceAlwaysWins: in KQK and KRK every position is a win for White
// except where Black, to move, can take the piece or is stalemated.
func TestPieceAlwaysWins(t *testing.T) {
	var buf [chess.MaxMoves]chess.Move
	for _, name := range []string{"kqk", "krk"} {
		for p, v := range table(t, name).Positions() {
			capture := false
			for _, m := range p.LegalMoves(buf[:0]) {
				capture = capture || p.PieceAt(m.To()) != chess.NoPiece
			}
			stalemate := p.Stalemate()
			win := v.Outcome != Draw
			if win == (capture || stalemate) || (v.Outcome == Win) != (p.SideToMove() == chess.White && win) {
				t.Fatalf("%s: %s: %v, capture %v, stalemate %v", name, p.FEN(), v, capture, stalemate)
			}
		}
	}
}

// TestKPKBook checks the positions every endgame book shows.
func TestKPKBook(t *testing.T) {
	for _, tc := range []struct {
		pos, why string
		want     Outcome
	}{
		{"Ke4 Pe3 / Ke6 w", "defending king in front of the pawn with the opposition", Draw},
		{"Ke4 Pe3 / Ke6 b", "attacking king has the opposition", Loss},
		{"Kd4 Pd3 / Kd6 w", "defending king in front with the opposition", Draw},
		{"Kd5 Pd4 / Kd7 w", "defending king in front with the opposition", Draw},
		{"Kd5 Pd4 / Kd7 b", "attacking king has the opposition", Loss},
		{"Ke5 Pe4 / Ke7 w", "defending king in front with the opposition", Draw},
		{"Ke5 Pe4 / Ke7 b", "attacking king has the opposition", Loss},
		{"Ke5 Pe6 / Ke7 w", "blockade on the seventh: Ke8 and stalemate", Draw},
		{"Ke5 Pe6 / Ke7 b", "blockade on the seventh: Ke8 and stalemate", Draw},
		{"Ke6 Pe5 / Ke8 w", "attacking king on a key square", Win},
		{"Ke6 Pe5 / Ke8 b", "attacking king on a key square", Loss},
		{"Kd6 Pd7 / Kd8 b", "stalemate", Draw},
		{"Kd6 Pd7 / Kd8 w", "Ke6 Kc7 Ke7", Win},
		{"Kf6 Pe6 / Ke8 w", "pawn on the sixth, e7 and Kf7", Win},
		{"Kb6 Pa5 / Ka8 w", "rook pawn, defending king in the corner", Draw},
		{"Kb6 Pa5 / Ka8 b", "rook pawn, defending king in the corner", Draw},
		{"Kc7 Ph4 / Kh8 w", "rook pawn, defending king in the corner", Draw},
		{"Kg6 Ph5 / Kh8 b", "rook pawn, defending king in the corner", Draw},
		{"Kb7 Pa2 / Kh1 w", "rook pawn, attacking king on the key square b7", Win},
	} {
		if got := value(t, tc.pos); got.Outcome != tc.want {
			t.Errorf("%s (%s): %v, want %v", tc.pos, tc.why, got, tc.want)
		}
	}
}

// TestKPKKeySquares: with a pawn off the rook files on the second to the
// sixth rank, a White king on one of the pawn's key squares wins whoever
// is to move, when the Black king is not next to the pawn. Key squares:
// for a pawn on the second to fourth rank the three squares two ranks in
// front of it; on the fifth and sixth the six squares one and two ranks in
// front. The exceptions are stalemates (Kc7 Pb6 / Ka8 with Black to move).
func TestKPKKeySquares(t *testing.T) {
	tab := table(t, "kpk")
	checked := 0
	for p := 8; p < 48; p++ {
		f, r := fileOf(p), rankOf(p)
		if f == 0 || f == 7 {
			continue
		}
		var keys []int
		for df := -1; df <= 1; df++ {
			keys = append(keys, (r+2)*8+f+df)
			if r >= 4 {
				keys = append(keys, (r+1)*8+f+df)
			}
		}
		for _, wk := range keys {
			if wk == p || wk >= 64 {
				continue
			}
			for bk := range 64 {
				if bk == p || bk == wk || kingBB[p]&squareBit[bk] != 0 || kingBB[wk]&squareBit[bk] != 0 {
					continue
				}
				for _, whiteToMove := range []bool{true, false} {
					v, err := tab.Lookup(whiteToMove, wk, bk, p)
					if err != nil {
						continue // Black in check with White to move
					}
					checked++
					sq := [maxMen]int{wk, bk, p}
					pos, _ := tab.position(&sq, btm)
					stalemate := !whiteToMove && pos.Stalemate()
					if v.Outcome == Draw && !stalemate {
						t.Errorf("K%s P%s / K%s (white to move %v): draw", squareName(wk), squareName(p), squareName(bk), whiteToMove)
					}
				}
			}
		}
	}
	if checked < 5000 {
		t.Errorf("only %d positions checked", checked)
	}
}

// TestTwoSided: positions of the endgames where both sides have men,
// whose outcome can be seen by hand.
func TestTwoSided(t *testing.T) {
	if heavy(MustEndgame("kqkr")) {
		t.Skip("KQKR is generated under -race only with AL_SLOW=1")
	}
	for _, tc := range []struct {
		pos, why string
		want     Outcome
	}{
		{"Kd1 Qh1 / Ka6 Ra1 w", "the rook's check skewers king and queen", Loss},
		{"Kd1 Qh1 / Ka6 Ra2 b", "Ra1+ skewers king and queen", Win},
		{"Ke1 Qd1 / Kh8 Rd7 w", "Qxd7, then KQK", Win},
		{"Ke1 Qd1 / Kh8 Rd7 b", "Rxd1+ Kxd1, two bare kings", Draw},
	} {
		if got := value(t, tc.pos); got.Outcome != tc.want {
			t.Errorf("%s (%s): %v, want %v", tc.pos, tc.why, got, tc.want)
		}
	}
}

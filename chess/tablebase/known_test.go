package tablebase

import (
	"strings"
	"testing"
)

// pos reads a test position written as a piece list, "Ke4 Pe3 / Ke6 w"
// (White's men, a slash, Black's king, the side to move), into an
// endgame, its squares and the side to move.
func pos(t *testing.T, s string) (Endgame, [4]int, int) {
	t.Helper()
	f := strings.Fields(s)
	if len(f) < 4 || f[len(f)-3] != "/" {
		t.Fatalf("bad test position %q", s)
	}
	sqOf := func(w string) int {
		if len(w) != 3 || w[1] < 'a' || w[1] > 'h' || w[2] < '1' || w[2] > '8' {
			t.Fatalf("bad man %q in %q", w, s)
		}
		return int(w[2]-'1')*8 + int(w[1]-'a')
	}
	var sq [4]int
	var letters string
	n := 2
	for _, w := range f[:len(f)-3] {
		if w[0] == 'K' {
			sq[0] = sqOf(w)
			continue
		}
		letters += w[:1]
		sq[n] = sqOf(w)
		n++
	}
	sq[1] = sqOf(f[len(f)-2])
	eg, err := ParseEndgame("k" + strings.ToLower(letters) + "k")
	if err != nil {
		t.Fatal(err)
	}
	stm := wtm
	if f[len(f)-1] == "b" {
		stm = btm
	}
	return eg, sq, stm
}

// value looks a test position up in the shared test tables.
func value(t *testing.T, s string) Value {
	t.Helper()
	eg, sq, stm := pos(t, s)
	tab := tables(t)(eg)
	v, err := tab.Lookup(stm == wtm, sq[0], sq[1], sq[2:tab.spec.n]...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestLongestMates: the published longest mates with White to move, KQK 10
// and KRK 16 (KBBK's 19 is in TestKBBK). KPK's 28 is our own figure, kept
// here as a guard against regressions.
func TestLongestMates(t *testing.T) {
	deps := tables(t)
	for _, tc := range []struct {
		eg   Endgame
		want int
	}{{KQK, 10}, {KRK, 16}, {KPK, 28}} {
		st := deps(tc.eg).Stats()
		if st[wtm].Longest != tc.want {
			t.Errorf("%s: longest mate with White to move %d (%s), want %d", tc.eg, st[wtm].Longest, st[wtm].Example, tc.want)
		}
	}
}

// TestKBBK generates KBBK (a few seconds; skipped under -race unless
// AL_SLOW=1) and checks the published longest mate and that same-coloured
// bishops never win; with AL_SLOW=1 it also checks every position against
// its successors.
func TestKBBK(t *testing.T) {
	if raceOn && !slow() {
		t.Skip("KBBK generation is heavy under -race; set AL_SLOW=1")
	}
	tab, err := Generate(KBBK, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := tab.Stats()
	if st[wtm].Longest != 19 {
		t.Errorf("kbbk: longest mate with White to move %d (%s), want 19", st[wtm].Longest, st[wtm].Example)
	}
	// Opposite-coloured bishops with White to move win unless the Black
	// king stands next to a bishop (then every move may stalemate or lose
	// a bishop: Ka1, Kc1, Ba2, Bg1). 520 such draws is our own count.
	var sq [4]int
	draws := 0
	for idx, v := range tab.v[wtm] {
		if v != vDraw || !tab.canonical(idx) {
			continue
		}
		tab.spec.decode(idx, &sq)
		if sameColour(sq[2], sq[3]) {
			continue
		}
		draws++
		if kingBB[sq[1]]&(squareBit[sq[2]]|squareBit[sq[3]]) == 0 {
			t.Errorf("%s: opposite-coloured bishops, no bishop attacked, and a draw", tab.fen(&sq, wtm))
		}
	}
	if want := st[wtm].Positions - st[wtm].SameColouredBishops - st[wtm].Wins; draws != want || draws != 520 {
		t.Errorf("kbbk: %d opposite-coloured draws with White to move; stats say %d, want 520", draws, want)
	}
	// Bishops on squares of one colour never mate.
	for stm := range 2 {
		for idx, v := range tab.v[stm] {
			if v == vIllegal {
				continue
			}
			tab.spec.decode(idx, &sq)
			if sameColour(sq[2], sq[3]) && v != vDraw {
				t.Fatalf("%s: same-coloured bishops win: %v", tab.fen(&sq, stm), decodeValue(stm, v))
			}
		}
	}
	if !slow() {
		t.Log("the consistency check of every KBBK position needs AL_SLOW=1")
		return
	}
	for _, e := range inconsistencies(tab, nil, 10) {
		t.Error(e)
	}
}

// TestPieceAlwaysWins: in KQK and KRK every position is a win for White
// except where Black, to move, can take the piece or is stalemated.
func TestPieceAlwaysWins(t *testing.T) {
	deps := tables(t)
	var buf []child
	var sq [4]int
	for _, eg := range []Endgame{KQK, KRK} {
		tab := deps(eg)
		for stm := range 2 {
			for idx, v := range tab.v[stm] {
				if v == vIllegal {
					continue
				}
				occ := tab.spec.decode(idx, &sq)
				buf = children(tab, deps, idx, stm, buf)
				capture := false
				for _, c := range buf {
					capture = capture || (stm == btm && c.to == int8(sq[2]))
				}
				stalemate := len(buf) == 0 && !tab.spec.attacked(&sq, sq[1], occ, -1)
				if win := v != vDraw; win == (capture || stalemate) {
					t.Fatalf("%s: %s: %v, capture %v, stalemate %v", eg, tab.fen(&sq, stm), decodeValue(stm, v), capture, stalemate)
				}
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
	tab := tables(t)(KPK)
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
					sq := [4]int{wk, bk, p}
					stalemate := !whiteToMove && len(children(tab, nil, tab.spec.encode(&sq), btm, nil)) == 0
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

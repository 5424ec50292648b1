package tablebase

import (
	"slices"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
)

// sample yields every step-th legal index of tab with side to move stm,
// starting at an offset so that different steps see different positions.
func sample(tab *Table, stm, step int, fn func(idx int)) {
	for idx := step / 2; idx < len(tab.v[stm]); idx += step {
		if tab.v[stm][idx] != vIllegal {
			fn(idx)
		}
	}
}

// TestAgainstChess cross-checks the tables' positions with the chess core
// on every 13th placement of every table (every 1009th of a four-man one;
// with AL_SLOW=1 every one, every 17th of a four-man one): a position is legal in the table exactly when
// chess.ParseFEN accepts it, and the FEN the tables write is the one the
// chess core writes.
func TestAgainstChess(t *testing.T) {
	for _, eg := range testable() {
		tab := table(t, eg.String())
		s := tab.spec
		step := 13
		switch {
		case s.n == 4 && slow():
			step = 17
		case s.n == 4:
			step = 1009
		case slow():
			step = 1
		}
		var sq [maxMen]int
		checked := 0
		full := 1 << (6 * s.n)
		for stm := range 2 {
			for idx := step / 2; idx < full; idx += step {
				occ := bb(0)
				for i := s.n - 1; i >= 0; i-- {
					sq[i] = idx >> (6 * (s.n - 1 - i)) & 63
					occ |= squareBit[sq[i]]
				}
				if !s.placed(&sq, occ) {
					continue
				}
				fen := tab.fen(&sq, stm)
				p, err := chess.ParseFEN(fen)
				if legal := tab.v[stm][s.index(&sq)] != vIllegal; legal != (err == nil) {
					t.Fatalf("%s: table legal %v, chess.ParseFEN: %v", fen, legal, err)
				}
				if err != nil {
					continue
				}
				checked++
				if got := p.FEN(); got != fen {
					t.Fatalf("FEN %q, chess writes %q", fen, got)
				}
				if q, err := tab.position(&sq, stm); err != nil || q != p {
					t.Fatalf("%s: chess.NewPosition gives %v (%v)", fen, q.FEN(), err)
				}
			}
		}
		t.Logf("%s: %d positions", eg, checked)
	}
}

// TestSymmetry: without pawns, every symmetry of the board keeps a
// position's value (the index reads one image for all eight), and the
// colour swap keeps it in every table.
func TestSymmetry(t *testing.T) {
	tb := testBase(t)
	var sq [maxMen]int
	for _, eg := range testable() {
		tab := table(t, eg.String())
		step := 211
		if tab.spec.n == 4 {
			step = 20011
		}
		checked := 0
		for stm := range 2 {
			sample(tab, stm, step, func(idx int) {
				tab.spec.decode(idx, &sq)
				want := decodeValue(tab.v[stm][idx])
				p, _ := tab.position(&sq, stm)
				images := []chess.Position{p.Flipped()}
				if tab.spec.sym {
					for x := 1; x < 8; x++ {
						var img [maxMen]int
						for i := 0; i < tab.spec.n; i++ {
							img[i] = xf[x][sq[i]]
						}
						q, err := tab.position(&img, stm)
						if err != nil {
							t.Fatalf("%s: symmetry %d: %v", p.FEN(), x, err)
						}
						images = append(images, q)
					}
				}
				checked++
				for _, q := range images {
					got, err := tb.Value(q)
					if err != nil || got != want {
						t.Fatalf("%s: %v; its image %s: %v (%v)", p.FEN(), want, q.FEN(), got, err)
					}
				}
			})
		}
		if checked < 50 {
			t.Errorf("%s: %d positions checked", eg, checked)
		}
	}
}

// TestProbeBestMoves: for every 31st position of every table (every 3001st
// of a four-man one; with AL_SLOW=1 every one, every 5th of a four-man
// one), each best move Probe gives
// leads to a position one ply nearer mate (a win's distance shrinks by one
// move; a loss keeps its distance, now with the winner to move), no other
// move does better, the value agrees with the table, and BestMove gives
// the first of the best moves.
func TestProbeBestMoves(t *testing.T) {
	tb := testBase(t)
	var sq [maxMen]int
	var buf [chess.MaxMoves]chess.Move
	for _, eg := range testable() {
		tab := table(t, eg.String())
		step := 31
		switch {
		case tab.spec.n == 4 && slow():
			step = 5
		case tab.spec.n == 4:
			step = 3001
		case slow():
			step = 1
		}
		for stm := range 2 {
			sample(tab, stm, step, func(idx int) {
				tab.spec.decode(idx, &sq)
				p, err := tab.position(&sq, stm)
				if err != nil {
					t.Fatal(err)
				}
				r, err := tb.Probe(p)
				if err != nil {
					t.Fatal(err)
				}
				if want := decodeValue(tab.v[stm][idx]); r.Value != want || r.Endgame != eg.String() {
					t.Fatalf("%s: Probe %v in %q, table %v", p.FEN(), r.Value, r.Endgame, want)
				}
				moves := p.LegalMoves(buf[:0])
				if len(moves) > 0 && len(r.Best) == 0 {
					t.Fatalf("%s: %v and no best move", p.FEN(), r.Value)
				}
				// BestMove, its short way, is the first of them.
				bm, bv, err := tb.BestMove(p)
				if err != nil || bv != r.Value || (len(r.Best) > 0) != (bm != chess.NoMove) || bm != chess.NoMove && bm != r.Best[0] {
					t.Fatalf("%s: BestMove %v %v %v, Probe %v %v", p.FEN(), bm, bv, err, r.Value, r.Best)
				}
				for _, m := range moves {
					child := p.Play(m)
					cv, err := tb.Value(child)
					if err != nil {
						t.Fatal(err)
					}
					best := slices.Contains(r.Best, m)
					ok := true
					switch r.Outcome {
					case Win:
						closer := cv.Outcome == Loss && cv.Plies == r.Plies-1 && cv.DTM == r.DTM-1
						ok = best == closer && !(cv.Outcome == Loss && cv.Plies < r.Plies-1)
					case Loss:
						ok = cv.Outcome == Win && cv.Plies <= r.Plies-1 && best == (cv.Plies == r.Plies-1 && cv.DTM == r.DTM)
					case Draw:
						ok = cv.Outcome != Loss && best == (cv.Outcome == Draw)
					}
					if !ok {
						t.Fatalf("%s: %v; %s (best %v) leads to %v", p.FEN(), r.Value, p.SAN(m), best, cv)
					}
				}
			})
		}
	}
}

func TestProbe(t *testing.T) {
	tb := testBase(t)
	for _, tc := range []struct {
		pos     string
		outcome Outcome
		dtm     int
		best    string // some best moves in SAN, space-separated
		endgame string
		notBest string // moves that must not be best
	}{
		// The thesis's position (seed 002): White wins, with Kc5 among
		// the best moves.
		{"Kb5 Pd3 / Ke5 w", Win, -1, "Kc5", "kpk", ""},
		{"8/8/8/8/8/2k5/1R6/K7 w - - 0 1", Win, 16, "", "krk", ""},
		{"8/1Q6/2k5/8/8/8/8/K7 b - - 0 1", Draw, 0, "Kxb7", "kqk", ""},
		{"K7/1Q6/2k5/8/8/8/8/8 b - - 0 1", Loss, 6, "Kc5 Kd6", "kqk", ""},
		// Colours swapped: Black has the queen and White is mated.
		{"8/8/8/8/8/1k6/1q6/K7 w - - 0 1", Loss, 0, "", "kqk", ""},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Draw, 0, "", "kqk", ""}, // stalemate
		{"Kd6 Pd7 / Kd8 w", Win, -1, "Ke6", "kpk", "Kc6"},
		// g8=Q stalemates; g8=R mates in 3 (a rook underpromotion).
		{"8/6P1/8/8/8/8/8/k1K5 w - - 0 1", Win, 3, "g8=R", "kpk", "g8=Q g8=B g8=N"},
		// Material that cannot mate, where captures and underpromotions
		// lead: a draw without a table, every move keeps it.
		{"Ke1 Nd4 / Ke8 w", Draw, 0, "Nf5 Kd1", "", ""},
		{"Ke1 Bd4 / Ke8 b", Draw, 0, "Kd7", "", ""},
		{"Ke1 / Ke8 b", Draw, 0, "", "", ""},
		// Defending men: the rook's check wins the queen (a skewer), with
		// either colour holding the queen.
		{"Kd1 Qh1 / Ka6 Ra2 b", Win, -1, "Ra1+", "kqkr", "Rxh2"},
		{"Ka3 Ra7 / Kd8 Qh8 w", Win, -1, "Ra8+", "kqkr", ""},
		{"Ke1 Qd1 / Kh8 Rd7 w", Win, -1, "Qxd7", "kqkr", ""},
		{"Ke1 Qd1 / Kh8 Rd7 b", Draw, 0, "Rxd1+", "kqkr", ""},
		{"Ke1 Bb2 Nb1 / Ke8 w", Win, -1, "", "kbnk", ""},
	} {
		p, err := chess.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		if e, err := ParseEndgame(tc.endgame); err == nil && heavy(e) {
			continue
		}
		r, err := tb.Probe(p)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		var san []string
		for _, m := range r.Best {
			san = append(san, p.SAN(m))
		}
		if r.Outcome != tc.outcome || (tc.dtm >= 0 && r.DTM != tc.dtm) || r.Endgame != tc.endgame {
			t.Errorf("%s: %v in %q (best %v), want %v in %d, %q", tc.pos, r.Value, r.Endgame, san, tc.outcome, tc.dtm, tc.endgame)
		}
		for _, m := range strings.Fields(tc.best) {
			if !slices.Contains(san, m) {
				t.Errorf("%s: best moves %v, want %s among them", tc.pos, san, m)
			}
		}
		for _, m := range strings.Fields(tc.notBest) {
			if slices.Contains(san, m) {
				t.Errorf("%s: best moves %v, want no %s among them", tc.pos, san, m)
			}
		}
	}
}

// mirror flips a FEN's board top to bottom and swaps the colours.
func mirror(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	slices.Reverse(ranks)
	board := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, strings.Join(ranks, "/"))
	side := "w"
	if f[1] == "w" {
		side = "b"
	}
	return board + " " + side + " - - 0 1"
}

// TestMirror: the test's own mirror agrees with chess.Position.Flipped, on
// which TestSymmetry relies.
func TestMirror(t *testing.T) {
	for _, fen := range []string{"8/8/8/8/8/1k6/1q6/K7 w - - 0 1", "3k4/8/8/8/8/8/3PK3/8 b - - 0 1"} {
		p, _ := chess.ParseFEN(fen)
		q := p.Flipped()
		if got := q.FEN(); got != mirror(fen) {
			t.Errorf("%s: Flipped %s, mirror %s", fen, got, mirror(fen))
		}
	}
}

func TestProbeErrors(t *testing.T) {
	tb := testBase(t)
	for _, tc := range []struct{ pos, err string }{
		{"Ke1 Rh1 / Ke8 w", ""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "castling rights"},
		{"Ke1 Qd1 / Ke8 Qd8 w", "material KQKQ is not in the tables"},
		{"Ke1 Nd1 Nc1 Bb1 / Ke8 w", "material KBNNK is not in the tables"},
		{"Ke1 Qd1 Rc1 / Ke8 w", "not in the tables (kqk, krk"},
		{"Ke1 Pd2 / Ke8 Pd7 w", "material KPKP"},
	} {
		p, err := chess.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tb.Probe(p)
		if tc.err == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.pos, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one about %q", tc.pos, err, tc.err)
		}
	}
}

func TestPositions(t *testing.T) {
	tb := testBase(t)
	tab := table(t, "kpk")
	st := tab.Stats()
	n, wins, prev := 0, 0, chess.White
	for p, v := range tab.Positions() {
		n++
		if v.Outcome == Win {
			wins++
		}
		if p.SideToMove() < prev {
			t.Fatal("White to move after Black to move")
		}
		prev = p.SideToMove()
		if n%53 == 0 {
			if got, err := tb.Value(p); err != nil || got != v {
				t.Fatalf("%s: Positions says %v, Value %v (%v)", p.FEN(), v, got, err)
			}
		}
	}
	if n != st[0].Positions+st[1].Positions || wins != st[0].Wins {
		t.Errorf("%d positions, %d wins; stats say %d, %d", n, wins, st[0].Positions+st[1].Positions, st[0].Wins)
	}
	// Stopping early is allowed.
	for range tab.Positions() {
		break
	}
}

// TestOnDemand: a probe generates the table it reads, and a table's
// generation the tables its captures and promotions lead to, and no
// other.
func TestOnDemand(t *testing.T) {
	tb := New(Options{NoCache: true})
	generated := func(want ...string) {
		t.Helper()
		for _, eg := range Endgames() {
			if got, want := tb.tables[eg] != nil, slices.Contains(want, eg.String()); got != want {
				t.Errorf("%s generated: %v, want %v", eg, got, want)
			}
		}
	}
	p, _ := chess.Parse("Kd4 Rh1 / Kd6 w")
	if _, err := tb.Probe(p); err != nil {
		t.Fatal(err)
	}
	generated("krk")
	if _, err := tb.Table(MustEndgame("kpk")); err != nil {
		t.Fatal(err)
	}
	generated("krk", "kqk", "kpk")
}

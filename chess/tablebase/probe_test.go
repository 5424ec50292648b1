package tablebase

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
)

// testBase is a Tablebase over the shared test tables (no cache).
func testBase(t testing.TB) *Tablebase {
	deps := tables(t)
	tb := New(Options{NoCache: true})
	for _, eg := range []Endgame{KQK, KRK, KPK} {
		tb.tables[eg] = deps(eg)
	}
	return tb
}

// sample yields every step-th legal index of tab with side to move stm,
// starting at an offset so that different steps see different positions.
func sample(tab *Table, stm, step int, fn func(idx int)) {
	for idx := step / 2; idx < len(tab.v[stm]); idx += step {
		if tab.v[stm][idx] != vIllegal {
			fn(idx)
		}
	}
}

// TestAgainstChess cross-checks the index-space generator with the chess
// core on every 13th KQK, KRK and KPK index (every index, and every 101st
// of KBBK, with AL_SLOW=1): the tables' idea of a legal position is exactly what
// chess.ParseFEN accepts, the FEN the tables write is the one the chess
// core writes, and the moves the tables' own generator finds (moves_test.go,
// the forward twin of the generator's un-moves) are exactly
// chess.LegalMoves.
func TestAgainstChess(t *testing.T) {
	deps := tables(t)
	egs := []Endgame{KQK, KRK, KPK}
	if slow() {
		egs = append(egs, KBBK)
	}
	var sq [4]int
	var kids []child
	var buf [chess.MaxMoves]chess.Move
	for _, eg := range egs {
		var tab *Table
		step := 13
		if slow() {
			step = 1
		}
		if eg == KBBK {
			var err error
			if tab, err = Generate(KBBK, nil); err != nil {
				t.Fatal(err)
			}
			step = 101
		} else {
			tab = deps(eg)
		}
		checked := 0
		for stm := range 2 {
			for idx := 0; idx < len(tab.v[stm]); idx += step {
				if occ := tab.spec.decode(idx, &sq); bits.OnesCount64(occ) != tab.spec.n {
					// Two men on one square: no position at all.
					if tab.v[stm][idx] != vIllegal {
						t.Fatalf("%s: index %d with men on one square is legal", eg, idx)
					}
					continue
				}
				fen := tab.fen(&sq, stm)
				p, err := chess.ParseFEN(fen)
				if legal := tab.v[stm][idx] != vIllegal; legal != (err == nil) {
					t.Fatalf("%s: table legal %v, chess.ParseFEN: %v", fen, legal, err)
				}
				if err != nil {
					if _, err := tab.position(&sq, stm); err == nil {
						t.Fatalf("%s: chess.NewPosition accepts what ParseFEN refuses", fen)
					}
					continue
				}
				checked++
				if got := p.FEN(); got != fen {
					t.Fatalf("FEN %q, chess writes %q", fen, got)
				}
				if q, err := tab.position(&sq, stm); err != nil || q != p {
					t.Fatalf("%s: chess.NewPosition gives %v (%v)", fen, q.FEN(), err)
				}
				kids = children(tab, deps, idx, stm, kids)
				var mine []string
				for _, c := range kids {
					m := squareName(int(c.from)) + squareName(int(c.to))
					if c.promo != King {
						m += strings.ToLower(string(pieceLetters[c.promo]))
					}
					mine = append(mine, m)
				}
				var theirs []string
				for _, m := range p.LegalMoves(buf[:0]) {
					theirs = append(theirs, m.UCI())
				}
				slices.Sort(mine)
				slices.Sort(theirs)
				if !slices.Equal(mine, theirs) {
					t.Fatalf("%s: tables' moves %v, chess.LegalMoves %v", fen, mine, theirs)
				}
			}
		}
		t.Logf("%s: %d positions", eg, checked)
	}
}

// TestProbeBestMoves: for every 31st position of every table (every one
// with AL_SLOW=1), each best
// move Probe gives leads to a position one ply nearer mate (a win's
// distance shrinks by one move; a loss keeps its distance, now with the
// winner to move), no other move does better, and the value agrees with
// Lookup.
func TestProbeBestMoves(t *testing.T) {
	tb := testBase(t)
	deps := tables(t)
	var sq [4]int
	var buf [chess.MaxMoves]chess.Move
	step := 31
	if slow() {
		step = 1
	}
	for _, eg := range []Endgame{KQK, KRK, KPK} {
		tab := deps(eg)
		for stm := range 2 {
			sample(tab, stm, step, func(idx int) {
				tab.spec.decode(idx, &sq)
				p, err := chess.ParseFEN(tab.fen(&sq, stm))
				if err != nil {
					t.Fatal(err)
				}
				r, err := tb.Probe(p)
				if err != nil {
					t.Fatal(err)
				}
				if want := decodeValue(stm, tab.v[stm][idx]); r.Value != want || r.Endgame != eg.String() {
					t.Fatalf("%s: Probe %v in %q, table %v", p.FEN(), r.Value, r.Endgame, want)
				}
				moves := p.LegalMoves(buf[:0])
				if len(moves) > 0 && len(r.Best) == 0 {
					t.Fatalf("%s: %v and no best move", p.FEN(), r.Value)
				}
				for _, m := range moves {
					child := p.Play(m)
					cv, err := tb.Value(child)
					if err != nil {
						t.Fatal(err)
					}
					best := slices.Contains(r.Best, m)
					switch r.Outcome {
					case Win:
						closer := cv.Outcome == Loss && cv.Plies == r.Plies-1 && cv.DTM == r.DTM-1
						if best != closer || (cv.Outcome == Loss && cv.Plies < r.Plies-1) {
							t.Fatalf("%s: %v; %s (best %v) leads to %v", p.FEN(), r.Value, p.SAN(m), best, cv)
						}
					case Loss:
						if cv.Outcome != Win || cv.Plies > r.Plies-1 || best != (cv.Plies == r.Plies-1 && cv.DTM == r.DTM) {
							t.Fatalf("%s: %v; %s (best %v) leads to %v", p.FEN(), r.Value, p.SAN(m), best, cv)
						}
					case Draw:
						if cv.Outcome == Loss || best != (cv.Outcome == Draw) {
							t.Fatalf("%s: %v; %s (best %v) leads to %v", p.FEN(), r.Value, p.SAN(m), best, cv)
						}
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
	} {
		p, err := chess.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
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

// TestProbeColourSymmetry: mirroring a position top to bottom and swapping
// the colours keeps its value.
func TestProbeColourSymmetry(t *testing.T) {
	tb := testBase(t)
	deps := tables(t)
	var sq [4]int
	for _, eg := range []Endgame{KQK, KRK, KPK} {
		tab := deps(eg)
		for stm := range 2 {
			sample(tab, stm, 1009, func(idx int) {
				tab.spec.decode(idx, &sq)
				fen := tab.fen(&sq, stm)
				p, _ := chess.ParseFEN(fen)
				q, err := chess.ParseFEN(mirror(fen))
				if err != nil {
					t.Fatal(err)
				}
				a, err1 := tb.Value(p)
				b, err2 := tb.Value(q)
				if err1 != nil || err2 != nil || a != b {
					t.Fatalf("%s: %v (%v); mirrored %s: %v (%v)", fen, a, err1, q.FEN(), b, err2)
				}
			})
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

func TestProbeErrors(t *testing.T) {
	tb := testBase(t)
	for _, tc := range []struct{ pos, err string }{
		{"Ke1 Rh1 / Ke8 w", ""},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "castling rights"},
		{"Ke1 Qd1 / Ke8 Qd8 w", "both sides"},
		{"Ke1 Nd1 Nc1 / Ke8 w", "material not in the tables"},
		{"Ke1 Qd1 Rc1 / Ke8 w", "material not in the tables"},
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

func BenchmarkProbe(b *testing.B) {
	tb := testBase(b)
	p, err := chess.Parse("Kb5 Pd3 / Ke5 w")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("value", func(b *testing.B) {
		for b.Loop() {
			if _, err := tb.Value(p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("best-moves", func(b *testing.B) {
		for b.Loop() {
			if _, err := tb.Probe(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestPositions(t *testing.T) {
	tb := testBase(t)
	tab := tables(t)(KPK)
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

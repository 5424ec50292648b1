package tablebase

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/testenv"
)

// slow reports whether the heavy tests run: set AL_SLOW=1 (make verify
// does). They check every position of every table instead of samples.
func slow() bool { return testenv.Slow() }

var (
	sharedOnce sync.Once
	shared     *Tablebase
)

// testBase is the Tablebase the tests share (no cache): each table is
// generated once per test binary, when first asked for.
func testBase(t testing.TB) *Tablebase {
	sharedOnce.Do(func() { shared = New(Options{NoCache: true}) })
	return shared
}

// heavy reports whether eg is too heavy to generate here: a four-man
// table under the race detector (tens of seconds each), unless AL_SLOW is
// set.
func heavy(eg Endgame) bool { return raceOn && !slow() && specs[eg].n == 4 }

// testable returns the endgames the tests check here: all of them, or
// without the four-man ones under the race detector (AL_SLOW=1 adds them).
func testable() []Endgame {
	var out []Endgame
	for _, eg := range Endgames() {
		if !heavy(eg) {
			out = append(out, eg)
		}
	}
	return out
}

// table returns the shared table of the endgame named name, skipping the
// test when it is heavy here.
func table(t testing.TB, name string) *Table {
	t.Helper()
	eg := MustEndgame(name)
	if heavy(eg) {
		t.Skipf("%s is generated under -race only with AL_SLOW=1", eg)
	}
	tab, err := testBase(t).Table(eg)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// encode is the stored byte of a value (vDraw for a draw).
func encode(v Value) uint8 {
	if v.Outcome == Draw {
		return vDraw
	}
	return uint8(v.Plies + 1)
}

// recompute is one step of the minimax recurrence, through the chess
// core alone: the value of p from the values of the positions its legal
// moves (chess.Position.LegalMoves) lead to, as the tablebase reads them
// (sub-endgames included), with mate and stalemate at the leaves. It
// shares nothing with the generator but the index (Tablebase.value).
func recompute(tb *Tablebase, p *chess.Position, buf []chess.Move) (uint8, error) {
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		if p.InCheck() {
			return 1, nil
		}
		return vDraw, nil
	}
	win, loss, draw := 0, 0, false
	for _, m := range moves {
		c := p.Play(m)
		r, err := tb.value(&c)
		if err != nil {
			return 0, err
		}
		switch r.Outcome {
		case Loss:
			if win == 0 || r.Plies+1 < win {
				win = r.Plies + 1
			}
		case Win:
			loss = max(loss, r.Plies+1)
		default:
			draw = true
		}
	}
	switch {
	case win > 0:
		return uint8(win + 1), nil
	case draw:
		return vDraw, nil
	}
	return uint8(loss + 1), nil
}

// inconsistencies checks the positions of tab (every step-th index chosen
// for its position, from an offset, on all cores) against recompute, tb
// reading tab and the tables its moves lead to, and describes the first
// limit that disagree.
func inconsistencies(tb *Tablebase, tab *Table, step, limit int) []string {
	s := tab.spec
	workers := runtime.GOMAXPROCS(0)
	var mu sync.Mutex
	var bad []string
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sq [maxMen]int
			var buf [chess.MaxMoves]chess.Move
			for idx := step/2 + w*step; idx < s.size; idx += workers * step {
				for stm := range 2 {
					v := tab.v[stm][idx]
					if v == vIllegal {
						continue
					}
					s.decode(idx, &sq)
					p, err := tab.position(&sq, stm)
					var want uint8
					if err == nil {
						want, err = recompute(tb, &p, buf[:])
					}
					if err == nil && want == v {
						continue
					}
					mu.Lock()
					if len(bad) < limit {
						if err != nil {
							bad = append(bad, fmt.Sprintf("%s: %s: %v", tab.eg, tab.fen(&sq, stm), err))
						} else {
							bad = append(bad, fmt.Sprintf("%s: %s: stored %v, successors say %v", tab.eg, tab.fen(&sq, stm), decodeValue(v), decodeValue(want)))
						}
					}
					full := len(bad) >= limit
					mu.Unlock()
					if full {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	return bad
}

// TestConsistency is the retrograde invariant: every position's stored
// value is what its successors' values say. Every index of every table
// with AL_SLOW=1 (make verify); every 97th otherwise.
func TestConsistency(t *testing.T) {
	tb := testBase(t)
	step := 97
	if slow() {
		step = 1
	}
	for _, eg := range Endgames() {
		t.Run(eg.String(), func(t *testing.T) {
			tab := table(t, eg.String())
			for _, e := range inconsistencies(tb, tab, step, 10) {
				t.Error(e)
			}
		})
	}
}

// TestConsistencyCatchesErrors makes sure the check above can fail: a
// table with one value changed is reported.
func TestConsistencyCatchesErrors(t *testing.T) {
	orig := table(t, "krk")
	bad := &Table{eg: orig.eg, spec: orig.spec}
	for stm := range 2 {
		bad.v[stm] = append([]uint8(nil), orig.v[stm]...)
	}
	tb := New(Options{NoCache: true})
	tb.tables[bad.eg] = bad
	sq := [maxMen]int{0, 2, 9} // Ka1 Rb2 / Kc1, a rook next to the king
	idx := bad.spec.index(&sq)
	for i, v := range []uint8{vDraw, 7} {
		old := bad.v[wtm][idx]
		bad.v[wtm][idx] = v
		if got := inconsistencies(tb, bad, 1, 10); len(got) == 0 {
			t.Errorf("case %d: changing %s from %d to %d went unnoticed", i, bad.fen(&sq, wtm), old, v)
		}
		bad.v[wtm][idx] = old
	}
}

func TestProgress(t *testing.T) {
	var setup, plies int
	last := -1
	_, err := Generate(MustEndgame("kqk"), func(p Progress) {
		if p.Endgame.String() != "kqk" {
			t.Errorf("progress for %s", p.Endgame)
		}
		switch p.Stage {
		case "setup":
			setup++
			if p.Done < last || p.Done >= p.Total {
				t.Errorf("setup progress %d of %d after %d", p.Done, p.Total, last)
			}
			last = p.Done
		case "retrograde":
			if p.Done != plies {
				t.Errorf("retrograde ply %d, want %d", p.Done, plies)
			}
			plies++
		default:
			t.Errorf("stage %q", p.Stage)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	// 64 setup reports; plies 0..20 (Black to move and mated after 10
	// White moves is 20 plies).
	if setup != 64 || plies != 21 {
		t.Errorf("%d setup reports, %d plies", setup, plies)
	}
}

// TestMoves checks the generator's own forward moves (spec.moves, which
// its setup counts) against chess.Position.LegalMoves on every 13th index
// of every table (every index with AL_SLOW=1), with the table's idea of a
// legal position against chess.NewPosition's.
func TestMoves(t *testing.T) {
	for _, eg := range testable() {
		s := &specs[eg]
		step := 13
		if slow() {
			step = 1
		} else if s.n == 4 {
			step = 1009
		}
		tab := &Table{eg: eg, spec: s}
		var sq [maxMen]int
		var buf [chess.MaxMoves]chess.Move
		checked := 0
		for idx := step / 2; idx < s.size; idx += step {
			occ := s.decode(idx, &sq)
			if !s.placed(&sq, occ) {
				continue
			}
			for stm := range 2 {
				p, err := tab.position(&sq, stm)
				notInCheck := !s.attacked(&sq, chess.Color(stm), sq[stm^1], occ, -1)
				if (err == nil) != notInCheck {
					t.Fatalf("%s: chess.NewPosition: %v; the generator: side not to move in check %v", tab.fen(&sq, stm), err, !notInCheck)
				}
				if err != nil {
					continue
				}
				checked++
				mine := map[string]bool{}
				s.moves(&sq, occ, stm, func(i, to, victim int) {
					m := squareName(sq[i]) + squareName(to)
					if s.typ[i] == chess.Pawn && to >= 56 {
						for _, pr := range "qrbn" {
							mine[m+string(pr)] = true
						}
						return
					}
					mine[m] = true
				})
				theirs := p.LegalMoves(buf[:0])
				if len(theirs) != len(mine) {
					t.Fatalf("%s: the generator has %d moves, chess.LegalMoves %d", p.FEN(), len(mine), len(theirs))
				}
				for _, m := range theirs {
					if !mine[m.UCI()] {
						t.Fatalf("%s: the generator lacks %s", p.FEN(), m.UCI())
					}
				}
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d positions checked", eg, checked)
		}
	}
}

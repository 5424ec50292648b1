package tablebase

import (
	"sync"
	"testing"

	"github.com/advicelang/al/internal/testenv"
)

// slow reports whether the heavy tests (KBBK: 2 x 64^4 indices) run: set
// AL_SLOW=1 (make verify does). Under -race (make race) KBBK takes minutes.
func slow() bool { return testenv.Slow() }

var (
	testTablesOnce sync.Once
	testTables     [numEndgames]*Table
)

// tables generates the three fast tables once per test binary.
func tables(t testing.TB) func(Endgame) *Table {
	testTablesOnce.Do(func() {
		for _, eg := range []Endgame{KQK, KRK, KPK} {
			tab, err := generate(eg, func(e Endgame) *Table { return testTables[e] }, nil)
			if err != nil {
				t.Fatal(err)
			}
			testTables[eg] = tab
		}
	})
	return func(e Endgame) *Table {
		if testTables[e] == nil {
			t.Fatalf("no %s table", e)
		}
		return testTables[e]
	}
}

func TestConsistency(t *testing.T) {
	deps := tables(t)
	for _, eg := range []Endgame{KQK, KRK, KPK} {
		t.Run(eg.String(), func(t *testing.T) {
			for _, e := range inconsistencies(deps(eg), deps, 10) {
				t.Error(e)
			}
		})
	}
}

// TestConsistencyCatchesErrors makes sure the check above can fail: a table
// with one value changed is reported.
func TestConsistencyCatchesErrors(t *testing.T) {
	deps := tables(t)
	orig := deps(KRK)
	bad := &Table{eg: KRK, spec: orig.spec}
	for stm := range 2 {
		bad.v[stm] = append([]uint8(nil), orig.v[stm]...)
	}
	var sq [4]int
	sq[0], sq[1], sq[2] = 0, 2, 9 // Ka1 Rb2 / Kc1, a rook next to the king
	for i, v := range []uint8{vDraw, 7} {
		idx := bad.spec.encode(&sq)
		old := bad.v[wtm][idx]
		bad.v[wtm][idx] = v
		if got := inconsistencies(bad, deps, 10); len(got) == 0 {
			t.Errorf("case %d: changing %s from %d to %d went unnoticed", i, bad.fen(&sq, wtm), old, v)
		}
		bad.v[wtm][idx] = old
	}
}

func TestProgress(t *testing.T) {
	var setup, plies int
	last := -1
	_, err := Generate(KQK, func(p Progress) {
		if p.Endgame != KQK {
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
	// 128 setup reports; plies 0..20 (Black to move and mated after 10
	// White moves is 20 plies) and the empty ply 21 that ends the walk.
	if setup != 128 || plies != 22 {
		t.Errorf("%d setup reports, %d plies", setup, plies)
	}
}

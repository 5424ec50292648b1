package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
)

// A mate search of the tests' own over chess.Position, knowing nothing of
// the tables: it plays every legal move (captures and promotions into
// other endgames included) down to a depth in plies.

// canMate reports whether the side to move can force mate within d plies.
func canMate(p *chess.Position, d int, nodes *int) bool {
	if d <= 0 {
		return false
	}
	*nodes++
	var buf [chess.MaxMoves]chess.Move
	moves := p.LegalMoves(buf[:0])
	// Checks first: mates are found sooner.
	for pass := range 2 {
		for _, m := range moves {
			c := p.Play(m)
			if c.InCheck() != (pass == 0) {
				continue
			}
			if mated(&c, d-1, nodes) {
				return true
			}
		}
	}
	return false
}

// mated reports whether the side to move is mated now or, whatever it
// plays, within d plies.
func mated(p *chess.Position, d int, nodes *int) bool {
	*nodes++
	var buf [chess.MaxMoves]chess.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return p.InCheck()
	}
	if d < 2 {
		return false
	}
	for _, m := range moves {
		c := p.Play(m)
		if !canMate(&c, d-1, nodes) {
			return false
		}
	}
	return true
}

// TestSearch cross-checks random positions of every table with the search
// above: a win in N is a mate within 2N-1 plies and none within 2N-3; a
// loss in N is mated within 2N plies whatever it plays, and not within
// 2N-2; a draw has no forced mate for either side within 3 plies. The
// positions are drawn among the short distances (the search's cost grows
// fast with depth); with AL_SLOW=1 there are more of them and deeper.
func TestSearch(t *testing.T) {
	perKind, maxWin, maxLoss := 3, 2, 2
	if slow() {
		perKind, maxWin, maxLoss = 12, 3, 3
	}
	for _, eg := range testable() {
		tab := table(t, eg.String())
		r := rand.New(rand.NewPCG(uint64(eg)+1, 7))
		// want[kind] counts what is still to be checked: wins and losses
		// by distance, and draws, for each side to move.
		type kind struct {
			stm int
			o   Outcome
			dtm int
		}
		todo := map[kind]int{}
		for stm := range 2 {
			todo[kind{stm, Draw, 0}] = perKind
			for n := 1; n <= maxWin; n++ {
				todo[kind{stm, Win, n}] = perKind
			}
			for n := 0; n <= maxLoss; n++ {
				todo[kind{stm, Loss, n}] = perKind
			}
		}
		var sq [maxMen]int
		checked, nodes := 0, 0
		for try := 0; try < 400000 && len(todo) > 0; try++ {
			idx := r.IntN(tab.spec.size)
			stm := r.IntN(2)
			v := tab.v[stm][idx]
			if v == vIllegal {
				continue
			}
			val := decodeValue(v)
			k := kind{stm, val.Outcome, val.DTM}
			if todo[k] == 0 {
				continue
			}
			if todo[k]--; todo[k] == 0 {
				delete(todo, k)
			}
			tab.spec.decode(idx, &sq)
			p, err := tab.position(&sq, stm)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			var ok bool
			switch val.Outcome {
			case Win:
				ok = canMate(&p, 2*val.DTM-1, &nodes) && !canMate(&p, 2*val.DTM-3, &nodes)
			case Loss:
				ok = mated(&p, 2*val.DTM, &nodes) && (val.DTM == 0 || !mated(&p, 2*val.DTM-2, &nodes))
			default:
				ok = !canMate(&p, 3, &nodes) && !mated(&p, 4, &nodes)
			}
			if !ok {
				t.Errorf("%s: the table says %v, the search disagrees", p.FEN(), val)
			}
		}
		t.Logf("%s: %d positions, %d nodes", eg, checked, nodes)
	}
}

package tablebase

import "fmt"

// Table values, one byte per index and side to move: vDraw for a draw,
// vIllegal for an index that is not a legal position, otherwise the
// distance to mate in plies plus one (a mated position is 1). The stronger
// side is always White, so a value on the White-to-move side is a win and
// one on the Black-to-move side a loss for the side to move.
const (
	vDraw    = 0
	vIllegal = 255
	// maxPly is the longest distance the byte encoding holds.
	maxPly = 253
)

// Side to move, as the first index of Table.v.
const (
	wtm = 0
	btm = 1
)

// Table is the generated table of one endgame: a value for every index
// with either side to move.
type Table struct {
	eg   Endgame
	spec *spec
	v    [2][]uint8
}

// Endgame returns the endgame t holds.
func (t *Table) Endgame() Endgame { return t.eg }

// Progress reports how far a generation has come: Stage is "setup" (Done
// of Total indices classified) or "retrograde" (Done plies of distance
// resolved; Total is 0 because the longest distance is not known ahead).
type Progress struct {
	Endgame Endgame
	Stage   string
	Done    int
	Total   int
}

// ProgressFunc receives progress reports; nil means none are wanted.
type ProgressFunc func(Progress)

// generate builds the table of eg by retrograde analysis. dep returns the
// finished table of an endgame in eg.deps().
//
// The algorithm: (1) mark every index legal or illegal for each side to
// move; (2) for every legal Black-to-move position count Black's legal
// king moves that stay in the endgame: a position where Black can capture
// a white man is a draw (every endgame a capture leads to, KK, KBK, KNK, is
// drawn), one without moves is mate (in check) or stalemate; (3) in KPK,
// give every White-to-move position with a promotion the value the
// promotion reaches in KQK or KRK; (4) walk distances upward one ply at a
// time: every Black-to-move position lost in d plies makes each White
// un-move predecessor that is not yet decided a win in d+1; every
// White-to-move win in d decrements the counter of each Black un-move
// predecessor, which is lost in d+1 when its counter reaches zero (all its
// moves lose, the last of them the slowest). What is left undecided is a
// draw.
func generate(eg Endgame, dep func(Endgame) *Table, progress ProgressFunc) (*Table, error) {
	s := &specs[eg]
	size := s.size()
	t := &Table{eg: eg, spec: s}
	w := make([]uint8, size)
	b := make([]uint8, size)
	cnt := make([]uint8, size) // Black's moves not yet known to lose; noCount: decided
	t.v[wtm], t.v[btm] = w, b
	const noCount = 255
	report := func(stage string, done, total int) {
		if progress != nil {
			progress(Progress{Endgame: eg, Stage: stage, Done: done, Total: total})
		}
	}

	// (1) Legality.
	var sq [4]int
	step := size / 64
	for idx := 0; idx < size; idx++ {
		if idx%step == 0 {
			report("setup", idx, 2*size)
		}
		occ := s.decode(idx, &sq)
		if !s.placed(&sq, occ) {
			w[idx], b[idx] = vIllegal, vIllegal
			continue
		}
		// Black to move: White, not to move, is never in check from a
		// bare king that is not adjacent. White to move: Black must not be
		// in check.
		if s.attacked(&sq, sq[1], occ, -1) {
			w[idx] = vIllegal
		}
	}

	// (2) Black's moves.
	bkShift := s.shift(1)
	for idx := 0; idx < size; idx++ {
		if idx%step == 0 {
			report("setup", size+idx, 2*size)
		}
		if b[idx] == vIllegal {
			continue
		}
		occ := s.decode(idx, &sq)
		bk := sq[1]
		base := idx &^ (63 << bkShift)
		n := 0
		capture := false
		for _, to8 := range kingTo[bk] {
			to := int(to8)
			if occ&squareBit[to] == 0 {
				if w[base|to<<bkShift] != vIllegal {
					n++
				}
				continue
			}
			if to == sq[0] || kingBB[sq[0]]&squareBit[to] != 0 {
				continue
			}
			// A capture of the white man on to: legal unless another
			// white man defends to once the king has left bk.
			victim := -1
			for i := 2; i < s.n; i++ {
				if sq[i] == to {
					victim = i
				}
			}
			if !s.attacked(&sq, to, occ&^squareBit[bk], victim) {
				capture = true
				break
			}
		}
		switch {
		case capture:
			cnt[idx] = noCount
		case n > 0:
			cnt[idx] = uint8(n)
		case s.attacked(&sq, bk, occ, -1):
			b[idx] = 1 // mated: lost in 0 plies
			cnt[idx] = noCount
		default:
			cnt[idx] = noCount // stalemate
		}
	}

	// (3) Promotions: seed[idx] is the White-to-move value a promotion
	// reaches, to be applied when the walk gets to that distance unless a
	// faster win is found first.
	var seed []uint8
	maxSeed := 0
	if eg == KPK {
		seed = make([]uint8, size)
		for idx := 0; idx < size; idx++ {
			if w[idx] == vIllegal {
				continue
			}
			occ := s.decode(idx, &sq)
			p := sq[2]
			if p < 48 || occ&squareBit[p+8] != 0 {
				continue
			}
			best := 0
			for _, into := range []Endgame{KQK, KRK} {
				to := dep(into)
				if to == nil {
					return nil, fmt.Errorf("tablebase: %s needs %s", eg, into)
				}
				v := to.v[btm][sq[0]<<12|sq[1]<<6|(p+8)]
				if v != vDraw && v != vIllegal && (best == 0 || int(v)+1 < best) {
					best = int(v) + 1
				}
			}
			if best > 0 {
				seed[idx] = uint8(best)
				maxSeed = max(maxSeed, best-1)
			}
		}
	}

	// (4) The walk, one ply at a time.
	for ply := 0; ; ply++ {
		if ply > maxPly {
			return nil, fmt.Errorf("tablebase: %s: distance over %d plies", eg, maxPly)
		}
		report("retrograde", ply, 0)
		enc := uint8(ply + 1)
		found := 0
		if ply%2 == 0 {
			// Black to move, lost in ply: White's un-moves.
			for idx, v := range b {
				if v != enc {
					continue
				}
				found++
				occ := s.decode(idx, &sq)
				for i := 0; i < s.n; i++ {
					if i == 1 {
						continue
					}
					sh := s.shift(i)
					base := idx &^ (63 << sh)
					from := sq[i]
					typ := King
					if i >= 2 {
						typ = s.pieces[i-2]
					}
					mark := func(to int) {
						j := base | to<<sh
						if w[j] == vDraw {
							w[j] = enc + 1
						}
					}
					switch typ {
					case King:
						for _, to := range kingTo[from] {
							if occ&squareBit[to] == 0 {
								mark(int(to))
							}
						}
					case Pawn:
						if from >= 16 && occ&squareBit[from-8] == 0 {
							mark(from - 8)
							if rankOf(from) == 3 && occ&squareBit[from-16] == 0 {
								mark(from - 16)
							}
						}
					case Knight:
						for _, to := range knightTo[from] {
							if occ&squareBit[to] == 0 {
								mark(int(to))
							}
						}
					default:
						d0, d1 := 0, 8
						if typ == Rook {
							d1 = 4
						} else if typ == Bishop {
							d0 = 4
						}
						for d := d0; d < d1; d++ {
							for _, to := range rays[from][d] {
								if occ&squareBit[to] != 0 {
									break
								}
								mark(int(to))
							}
						}
					}
				}
			}
		} else {
			// White to move, winning in ply: first the promotions that
			// reach this distance, then Black's un-moves.
			for idx, v := range seed {
				if v == enc && w[idx] == vDraw {
					w[idx] = enc
				}
			}
			for idx, v := range w {
				if v != enc {
					continue
				}
				found++
				occ := s.decode(idx, &sq)
				base := idx &^ (63 << bkShift)
				for _, to := range kingTo[sq[1]] {
					if occ&squareBit[to] != 0 {
						continue
					}
					j := base | int(to)<<bkShift
					if b[j] != vDraw || cnt[j] == noCount {
						continue
					}
					cnt[j]--
					if cnt[j] == 0 {
						b[j] = enc + 1
					}
				}
			}
		}
		if found == 0 && ply > maxSeed {
			break
		}
	}
	return t, nil
}

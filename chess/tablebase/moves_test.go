package tablebase

import "fmt"

// This file checks the tables forward: a move generator of its own, written
// separately from the generator's un-moves, recomputes every position's
// value from its successors' values (one step of the minimax recurrence).
// A table passes only if every legal position agrees, which, together with
// the mates and draws at the leaves, proves it exact.

// child is one successor of a position: its value as stored (for the side
// to move after the move) and whether that value is a draw because the
// move leaves the endgame (a capture, an underpromotion).
type child struct {
	v        uint8
	man      int8 // index of the man that moves
	from, to int8
	promo    PieceType // Queen, Rook, Bishop or Knight on a promotion, else King
}

func (c child) String() string {
	s := squareName(int(c.from)) + "-" + squareName(int(c.to))
	if c.promo != King {
		s += "=" + string(pieceLetters[c.promo])
	}
	return s
}

// children lists the successors of position idx of t with side to move stm.
// deps gives the KQK and KRK tables a KPK promotion continues into.
func children(t *Table, deps func(Endgame) *Table, idx, stm int, out []child) []child {
	s := t.spec
	var sq [4]int
	occ := s.decode(idx, &sq)
	out = out[:0]
	var tbuf [32]int
	if stm == btm {
		bk := sq[1]
		for _, to8 := range kingTo[bk] {
			to := int(to8)
			if kingBB[sq[0]]&squareBit[to] != 0 || to == sq[0] {
				continue
			}
			if s.attacked(&sq, to, occ&^squareBit[bk], victimAt(s, &sq, to)) {
				continue
			}
			c := child{vDraw, 1, int8(bk), int8(to), King}
			if occ&squareBit[to] == 0 {
				nsq := sq
				nsq[1] = to
				c.v = t.v[wtm][s.encode(&nsq)]
			}
			out = append(out, c)
		}
		return out
	}
	for i := 0; i < s.n; i++ {
		if i == 1 {
			continue
		}
		from := sq[i]
		typ := King
		if i >= 2 {
			typ = s.pieces[i-2]
		}
		targets := tbuf[:0]
		switch typ {
		case King:
			for _, to := range kingTo[from] {
				if occ&squareBit[to] == 0 && kingBB[sq[1]]&squareBit[to] == 0 {
					targets = append(targets, int(to))
				}
			}
		case Knight:
			for _, to := range knightTo[from] {
				if occ&squareBit[to] == 0 {
					targets = append(targets, int(to))
				}
			}
		case Pawn:
			if occ&squareBit[from+8] == 0 {
				targets = append(targets, from+8)
				if rankOf(from) == 1 && occ&squareBit[from+16] == 0 {
					targets = append(targets, from+16)
				}
			}
		default:
			for d := range 8 {
				if typ == Rook && d >= 4 || typ == Bishop && d < 4 {
					continue
				}
				for _, to := range rays[from][d] {
					if occ&squareBit[to] != 0 {
						break
					}
					targets = append(targets, int(to))
				}
			}
		}
		for _, to := range targets {
			c := child{0, int8(i), int8(from), int8(to), King}
			if typ == Pawn && to >= 56 {
				for _, into := range []Endgame{KQK, KRK} {
					c.v = deps(into).v[btm][sq[0]<<12|sq[1]<<6|to]
					c.promo = into.Pieces()[0]
					out = append(out, c)
				}
				c.v = vDraw
				c.promo = Bishop
				out = append(out, c)
				c.promo = Knight
				out = append(out, c)
				continue
			}
			nsq := sq
			nsq[i] = to
			c.v = t.v[btm][s.encode(&nsq)]
			out = append(out, c)
		}
	}
	return out
}

func victimAt(s *spec, sq *[4]int, to int) int {
	for i := 2; i < s.n; i++ {
		if sq[i] == to {
			return i
		}
	}
	return -1
}

// expected recomputes the value of (idx, stm) from its children.
func expected(t *Table, deps func(Endgame) *Table, idx, stm int, buf *[]child) uint8 {
	ch := children(t, deps, idx, stm, *buf)
	*buf = ch
	if stm == wtm {
		best := 0
		for _, c := range ch {
			if c.v == vIllegal {
				panic("illegal child " + c.String())
			}
			if c.v != vDraw && (best == 0 || int(c.v)+1 < best) {
				best = int(c.v) + 1
			}
		}
		return uint8(best)
	}
	if len(ch) == 0 {
		var sq [4]int
		occ := t.spec.decode(idx, &sq)
		if t.spec.attacked(&sq, sq[1], occ, -1) {
			return 1
		}
		return vDraw
	}
	worst := 0
	for _, c := range ch {
		if c.v == vIllegal {
			panic("illegal child " + c.String())
		}
		if c.v == vDraw {
			return vDraw
		}
		worst = max(worst, int(c.v)+1)
	}
	return uint8(worst)
}

// inconsistencies checks every legal position of tab against its
// children and describes the first limit that disagree.
func inconsistencies(tab *Table, deps func(Endgame) *Table, limit int) []string {
	var sq [4]int
	var bad []string
	var buf []child
	for stm := range 2 {
		for idx, v := range tab.v[stm] {
			if v == vIllegal {
				continue
			}
			if want := expected(tab, deps, idx, stm, &buf); want != v {
				tab.spec.decode(idx, &sq)
				bad = append(bad, fmt.Sprintf("%s: %s: stored %v, successors say %v", tab.eg, tab.fen(&sq, stm), decodeValue(stm, v), decodeValue(stm, want)))
				if len(bad) >= limit {
					return bad
				}
			}
		}
	}
	return bad
}

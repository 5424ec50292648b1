package tablebase

import (
	"fmt"

	"github.com/advicelang/al/chess"
)

// Table values, one byte per index and side to move: vDraw for a draw,
// vIllegal for an index that is not a legal position (or not the index
// chosen for its position), otherwise the distance to mate in plies plus
// one. An odd number of plies is a win for the side to move, an even one a
// loss (a mated position is 0 plies, stored as 1), so the byte says both.
const (
	vDraw    = 0
	vIllegal = 255
	// maxPly is the longest distance the byte encoding holds.
	maxPly = 253
	// noCount marks a counter that is not counted down: the position is
	// decided, or can never be lost (a move leaves the endgame to a win or
	// a draw).
	noCount = 255
)

// Side to move, as the first index of Table.v: the colour.
const (
	wtm = 0
	btm = 1
)

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

// gen is one generation under way.
type gen struct {
	eg   Endgame
	s    *spec
	dep  func(Endgame) *Table
	v    [2][]uint8
	cnt  [2][]uint8
	loss [2][]uint8 // the longest loss among the moves that leave the endgame, when all of them lose
	// queue[d] holds the positions decided at d plies (stm<<31 | idx), to
	// be walked back from; wins[d] the positions a move out of the
	// endgame wins in d plies, decided then unless a faster win was found.
	queue [][]uint32
	wins  [][]uint32
}

// generate builds the table of eg by retrograde analysis. dep returns the
// finished table of an endgame in eg.deps().
//
// The algorithm, for either side to move and either side winning:
//  1. Mark every index legal or illegal (not a position, not the index
//     chosen for its position, or the side not to move in check).
//  2. For every legal position, go through the moves of the side to move.
//     A move that stays in the endgame is counted. A move that leaves it
//     (a capture, a promotion) has the value the sub-endgame's table gives
//     (a draw where no mate is possible). A position without moves is mate
//     or stalemate. One whose exits include a win gets that win as a
//     candidate, applied at its distance unless a faster win is found
//     first; one with a drawing exit can never be lost; one whose moves all
//     leave the endgame and lose is lost at the longest of them.
//  3. Walk the distances upward one ply at a time: every position lost in
//     d plies makes each undecided un-move predecessor (the other side to
//     move) a win in d+1; every position won in d plies decrements the
//     counter of each un-move predecessor, which is lost when the counter
//     reaches zero, in d+1 plies or at its longest losing exit if that is
//     longer. What is left undecided is a draw.
//
// Without pawns an index stands for up to eight symmetric positions
// (index.go). A counter then counts the events that will decrement it: an
// un-move from a decided position yields one predecessor, so a move to a
// position that is its own mirror image counts twice, and in a position
// that is its own mirror image the moves come in mirrored pairs that count
// once (the sum of the weights is halved).
func generate(eg Endgame, dep func(Endgame) *Table, progress ProgressFunc) (*Table, error) {
	s := &specs[eg]
	if s.missing != "" {
		return nil, fmt.Errorf("tablebase: %s leads to %s, which is not in the tables", eg, s.missing)
	}
	for _, d := range s.deps {
		if dep(d) == nil {
			return nil, fmt.Errorf("tablebase: %s needs %s", eg, d)
		}
	}
	g := &gen{eg: eg, s: s, dep: dep}
	for stm := range 2 {
		g.v[stm] = make([]uint8, s.size)
		g.cnt[stm] = make([]uint8, s.size)
		g.loss[stm] = make([]uint8, s.size)
	}
	report := func(stage string, done, total int) {
		if progress != nil {
			progress(Progress{Endgame: eg, Stage: stage, Done: done, Total: total})
		}
	}

	// 1 and 2: legality, moves and exits.
	var sq [maxMen]int
	step := max(s.size/64, 1)
	for idx := 0; idx < s.size; idx++ {
		if idx%step == 0 {
			report("setup", idx/step, (s.size+step-1)/step)
		}
		occ := s.decode(idx, &sq)
		if !s.placed(&sq, occ) || s.index(&sq) != idx {
			g.v[wtm][idx], g.v[btm][idx] = vIllegal, vIllegal
			continue
		}
		for stm := range 2 {
			// The side not to move must not be in check.
			them := chess.Color(stm ^ 1)
			if s.attacked(&sq, chess.Color(stm), sq[them], occ, -1) {
				g.v[stm][idx] = vIllegal
				continue
			}
		}
		for stm := range 2 {
			if g.v[stm][idx] != vIllegal {
				if err := g.setup(idx, stm, &sq, occ); err != nil {
					return nil, err
				}
			}
		}
	}

	// 3: the walk.
	for ply := 0; ply < len(g.queue) || ply < len(g.wins); ply++ {
		if ply > maxPly-1 {
			return nil, fmt.Errorf("tablebase: %s: distance over %d plies", eg, maxPly)
		}
		report("retrograde", ply, 0)
		enc := uint8(ply + 1)
		if ply < len(g.wins) {
			for _, e := range g.wins[ply] {
				stm, idx := e>>31, int(e&(1<<31-1))
				if g.v[stm][idx] == vDraw {
					g.v[stm][idx] = enc
					g.push(ply, int(stm), idx)
				}
			}
			g.wins[ply] = nil
		}
		if ply >= len(g.queue) {
			continue
		}
		for k := 0; k < len(g.queue[ply]); k++ {
			e := g.queue[ply][k]
			stm, idx := int(e>>31), int(e&(1<<31-1))
			pred := stm ^ 1
			pv, pc, pl := g.v[pred], g.cnt[pred], g.loss[pred]
			if ply%2 == 0 {
				// Lost for stm: every predecessor is won one ply later.
				g.unmoves(idx, stm, func(j int) {
					if pv[j] == vDraw {
						pv[j] = enc + 1
						g.push(ply+1, pred, j)
					}
				})
				continue
			}
			// Won for stm: one more of each predecessor's moves loses.
			g.unmoves(idx, stm, func(j int) {
				if pv[j] != vDraw || pc[j] == noCount {
					return
				}
				pc[j]--
				if pc[j] == 0 {
					e := max(enc+1, pl[j])
					pv[j] = e
					pc[j] = noCount
					g.push(int(e)-1, pred, j)
				}
			})
		}
		g.queue[ply] = nil
	}
	return &Table{eg: eg, spec: s, v: g.v}, nil
}

// push queues position idx with side to move stm, decided at ply plies.
func (g *gen) push(ply, stm, idx int) {
	for len(g.queue) <= ply {
		g.queue = append(g.queue, nil)
	}
	g.queue[ply] = append(g.queue[ply], uint32(stm)<<31|uint32(idx))
}

// setup goes through the moves of position idx (squares sq, occupancy
// occ) with stm to move: it counts those that stay in the endgame and
// reads the values of those that leave it (step 2 of generate).
func (g *gen) setup(idx, stm int, sq *[maxMen]int, occ bb) error {
	s := g.s
	them := chess.Color(stm ^ 1)
	n := 0                              // weighted moves within the endgame
	exits, bestWin, longLoss := 0, 0, 0 // encoded values for the mover
	draw := false
	var err error
	exit := func(v uint8) {
		exits++
		switch {
		case v == vDraw:
			draw = true
		case (v-1)%2 == 1:
			if bestWin == 0 || int(v) < bestWin {
				bestWin = int(v)
			}
		default:
			longLoss = max(longLoss, int(v))
		}
	}
	s.moves(sq, occ, stm, func(i, t, victim int) {
		nsq := *sq
		nsq[i] = t
		if s.typ[i] == chess.Pawn && t >= 56 {
			for _, promo := range pieceOrder[:4] {
				v, e := g.after(&nsq, victim, i, promo, stm)
				if e != nil {
					err = e
				}
				exit(backUpEnc(v))
			}
			return
		}
		if victim >= 0 {
			v, e := g.after(&nsq, victim, -1, 0, stm)
			if e != nil {
				err = e
			}
			exit(backUpEnc(v))
			return
		}
		if s.symmetric(&nsq) {
			n += 2
		} else {
			n++
		}
	})
	if err != nil {
		return err
	}
	if s.symmetric(sq) {
		n /= 2
	}
	v, c, l := &g.v[stm][idx], &g.cnt[stm][idx], &g.loss[stm][idx]
	switch {
	case n == 0 && exits == 0:
		*c = noCount
		if s.attacked(sq, them, sq[stm], occ, -1) {
			*v = 1 // mated: lost in 0 plies
			g.push(0, stm, idx)
		} // else stalemate: a draw
	case bestWin > 0:
		*c = noCount
		for len(g.wins) < bestWin {
			g.wins = append(g.wins, nil)
		}
		g.wins[bestWin-1] = append(g.wins[bestWin-1], uint32(stm)<<31|uint32(idx))
	case draw:
		*c = noCount
	case n == 0:
		*c = noCount
		*v = uint8(longLoss)
		g.push(longLoss-1, stm, idx)
	default:
		if n >= noCount {
			return fmt.Errorf("tablebase: %s: %d moves in one position", g.eg, n)
		}
		*c = uint8(n)
		*l = uint8(longLoss)
	}
	return nil
}

// moves calls fn for every legal move of the side stm in the position
// sq (occupancy occ): man i goes to square t, capturing man victim (-1:
// none). A pawn reaching the last rank is one call for the four
// promotions.
func (s *spec) moves(sq *[maxMen]int, occ bb, stm int, fn func(i, t, victim int)) {
	us, them := chess.Color(stm), chess.Color(stm^1)
	var buf [32]int
	for i := 0; i < s.n; i++ {
		if s.col[i] != us {
			continue
		}
		from := sq[i]
		for _, t := range s.targets(sq, i, occ, buf[:0]) {
			victim := s.manAt(sq, t)
			if victim >= 0 && (s.col[victim] == us || victim < 2) {
				continue
			}
			king := sq[stm]
			if i == stm {
				if kingBB[sq[stm^1]]&squareBit[t] != 0 {
					continue
				}
				king = t
			}
			nsq := *sq
			nsq[i] = t
			if s.attacked(&nsq, them, king, occ&^squareBit[from]|squareBit[t], victim) {
				continue
			}
			fn(i, t, victim)
		}
	}
}

// backUpEnc turns the stored value of a position reached by a move (for
// the side to move there) into the value of the move for the mover.
func backUpEnc(v uint8) uint8 {
	if v == vDraw || v == vIllegal {
		return vDraw
	}
	return v + 1
}

// targets appends the squares man i can move to (empty or holding a man of
// either colour; the caller sorts out captures and legality). A pawn's
// captures are its attacked squares holding a man.
func (s *spec) targets(sq *[maxMen]int, i int, occ bb, out []int) []int {
	from := sq[i]
	switch t := s.typ[i]; t {
	case chess.King:
		for _, to := range kingTo[from] {
			out = append(out, int(to))
		}
	case chess.Knight:
		for _, to := range knightTo[from] {
			out = append(out, int(to))
		}
	case chess.Pawn:
		// White's pawns only (newSpec refuses Black's).
		if occ&squareBit[from+8] == 0 {
			out = append(out, from+8)
			if rankOf(from) == 1 && occ&squareBit[from+16] == 0 {
				out = append(out, from+16)
			}
		}
		for b := pawnAtt[from] & occ; b != 0; b &= b - 1 {
			out = append(out, trailing(b))
		}
	default:
		d0, d1 := 0, 8
		if t == chess.Rook {
			d1 = bishopDirFirst
		} else if t == chess.Bishop {
			d0 = bishopDirFirst
		}
		for d := d0; d < d1; d++ {
			for _, to := range rays[from][d] {
				out = append(out, int(to))
				if occ&squareBit[to] != 0 {
					break
				}
			}
		}
	}
	return out
}

// unmoves calls fn with the index of every position from which a move of
// the side that just moved (not stm) leads to position idx with stm to
// move. No un-move captures or un-promotes: those moves come from larger
// endgames. The predecessor's legality is not checked here: fn reads the
// table, where an illegal index is marked.
func (g *gen) unmoves(idx, stm int, fn func(j int)) {
	s := g.s
	var sq [maxMen]int
	occ := s.decode(idx, &sq)
	mover := chess.Color(stm ^ 1)
	for i := 0; i < s.n; i++ {
		if s.col[i] != mover {
			continue
		}
		from := sq[i]
		y := sq
		// X is an index's chosen image. Moving a man other than White's
		// king, with that king off the diagonal, keeps the image chosen:
		// only man i's six bits change (unless a pair changes order).
		fast := i != 0 && !(s.sym && onDiagonal(sq[0])) && !(s.pair && i >= 2)
		sh := s.shift(i)
		base := idx &^ (63 << sh)
		to := func(t int) {
			if fast {
				fn(base | t<<sh)
				return
			}
			y[i] = t
			fn(s.index(&y))
		}
		switch t := s.typ[i]; t {
		case chess.King:
			for _, t := range kingTo[from] {
				if occ&squareBit[t] == 0 {
					to(int(t))
				}
			}
		case chess.Knight:
			for _, t := range knightTo[from] {
				if occ&squareBit[t] == 0 {
					to(int(t))
				}
			}
		case chess.Pawn:
			if from >= 16 && occ&squareBit[from-8] == 0 {
				to(from - 8)
				if rankOf(from) == 3 && occ&squareBit[from-16] == 0 {
					to(from - 16)
				}
			}
		default:
			d0, d1 := 0, 8
			if t == chess.Rook {
				d1 = bishopDirFirst
			} else if t == chess.Bishop {
				d0 = bishopDirFirst
			}
			for d := d0; d < d1; d++ {
				for _, t := range rays[from][d] {
					if occ&squareBit[t] != 0 {
						break
					}
					to(int(t))
				}
			}
		}
	}
}

// after returns the stored value of the position sq with man victim
// captured (-1: none) and man promo promoted to promoted (-1: none), the
// side to move being the one who did not move (stm moved): a position of
// a sub-endgame, read from its table (a draw when no mate is possible).
func (g *gen) after(sq *[maxMen]int, victim, promo int, promoted chess.PieceType, stm int) (uint8, error) {
	var men placedMen
	for i := 0; i < g.s.n; i++ {
		if i == victim {
			continue
		}
		t := g.s.typ[i]
		if i == promo {
			t = promoted
		}
		men.add(g.s.col[i], t, sq[i])
	}
	return men.value(stm^1, g.dep)
}

// placedMen is a position given as men: each side's pieces as bitboards.
type placedMen struct {
	pieces [2][chess.King + 1]bb
	mat    material
}

func (m *placedMen) add(c chess.Color, t chess.PieceType, s int) {
	m.pieces[c][t] |= squareBit[s]
	if t != chess.King {
		m.mat[c][t]++
	}
}

// value reads the stored value of the position m with side to move stm
// from the table of its material (tables gives it), swapping the colours
// when the table holds the other form: vDraw for material that cannot
// mate.
func (m *placedMen) value(stm int, tables func(Endgame) *Table) (uint8, error) {
	if m.mat.dead() {
		return vDraw, nil
	}
	e, ok := byMaterial[m.mat.key()]
	if !ok {
		return 0, fmt.Errorf("tablebase: material %s is not in the tables", m.mat.name())
	}
	t := tables(e.eg)
	if t == nil {
		return 0, fmt.Errorf("tablebase: no %s table", e.eg)
	}
	var sq [maxMen]int
	t.spec.fill(&sq, e.swap, func(c chess.Color, pt chess.PieceType) bb { return m.pieces[c][pt] })
	if e.swap {
		stm ^= 1
	}
	return t.v[stm][t.spec.index(&sq)], nil
}

// fill puts the men of a position into the spec's order: pieces(c, t) is
// the set of squares of colour c's men of type t. With swap the position
// is read with the colours exchanged and the board mirrored top to bottom.
func (s *spec) fill(sq *[maxMen]int, swap bool, pieces func(chess.Color, chess.PieceType) bb) {
	var used bb
	flip := 0
	if swap {
		flip = 56
	}
	for i := 0; i < s.n; i++ {
		c := s.col[i]
		if swap {
			c = c.Other()
		}
		b := pieces(c, s.typ[i]) &^ used
		f := trailing(b)
		used |= squareBit[f]
		sq[i] = f ^ flip
	}
}

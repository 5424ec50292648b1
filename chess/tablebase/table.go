package tablebase

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/advicelang/al/chess"
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

// Outcome is a game-theoretic value from the side to move's view.
type Outcome int8

const (
	Loss Outcome = -1
	Draw Outcome = 0
	Win  Outcome = 1
)

func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// MarshalText writes "win", "draw" or "loss".
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Value is the exact value of a position from the side to move's view:
// the outcome, and for a win or a loss the distance to mate in moves of
// the winning side ("mate in N"), whichever colour that is: the side to
// move mating in N moves has DTM N; the side to move mated after N more
// moves of the other side has DTM N, and a mated position has DTM 0.
// Plies is the same distance in half-moves (2N-1 for a win, 2N for a
// loss).
type Value struct {
	Outcome Outcome
	DTM     int
	Plies   int
}

func (v Value) String() string {
	switch v.Outcome {
	case Win:
		return fmt.Sprintf("win in %d", v.DTM)
	case Loss:
		if v.DTM == 0 {
			return "loss (mated)"
		}
		return fmt.Sprintf("loss in %d", v.DTM)
	}
	return "draw"
}

// decodeValue turns a stored byte into a Value: an odd number of plies is
// a win for the side to move, an even one a loss.
func decodeValue(v uint8) Value {
	if v == vDraw || v == vIllegal {
		return Value{Outcome: Draw}
	}
	ply := int(v) - 1
	if ply%2 == 1 {
		return Value{Outcome: Win, DTM: (ply + 1) / 2, Plies: ply}
	}
	return Value{Outcome: Loss, DTM: ply / 2, Plies: ply}
}

// each calls fn for every legal position of t, White to move first, then
// Black to move, each in the order of the unreduced index (the men's
// squares as six-bit digits, White's king first), a pair of alike men once
// (the lower square first); fn returning false stops the walk. This is the
// order of Dump, Positions and Stats's examples, which the reductions of
// the index (index.go) leave unchanged.
func (t *Table) each(fn func(stm int, sq *[maxMen]int, v uint8) bool) {
	for stm := range 2 {
		if !t.eachOf(stm, 0, 64, fn) {
			return
		}
	}
}

// eachOf is each over the positions with side to move stm and White's
// king on the squares lo..hi-1; it returns false when fn stopped it. The
// men's squares are looped over in the index's order, each man's image
// under the symmetry that takes White's king into the triangle computed
// once for all the men after it, rather than the index of every square
// tuple worked out afresh (spec.index): the walk of KBBK's 16.8 million
// tuples a side to move took 0.5 s that way (docs/verify.md, the
// sixteenth session).
func (t *Table) eachOf(stm, lo, hi int, fn func(stm int, sq *[maxMen]int, v uint8) bool) bool {
	s := t.spec
	vals := t.v[stm]
	var sq [maxMen]int
	var pawn [maxMen]bool
	for i := 2; i < s.n; i++ {
		pawn[i] = s.typ[i] == chess.Pawn
	}
	for s0 := max(lo, 0); s0 < min(hi, 64); s0++ {
		sq[0] = s0
		tr := 0
		if s.sym {
			tr = toTriangle[s0]
		}
		a0 := xf[tr][s0]
		e0 := a0
		if s.sym {
			e0 = triIndex[a0]
		}
		// On the diagonal a1-h8 the reflection in it keeps White's king in
		// the triangle (a0 stays put), and the smaller index is the
		// position's.
		diag := s.sym && onDiagonal(a0)
		for s1 := range 64 {
			if s1 == s0 || kingBB[s0]&squareBit[s1] != 0 {
				continue
			}
			sq[1] = s1
			a1 := xf[tr][s1]
			i1, j1 := e0<<6|a1, e0<<6|xf[4][a1]
			for s2 := range 64 {
				if s2 == s0 || s2 == s1 || pawn[2] && (s2 < 8 || s2 >= 56) {
					continue
				}
				sq[2] = s2
				a2 := xf[tr][s2]
				if s.n == 3 {
					idx := i1<<6 | a2
					if diag {
						idx = min(idx, j1<<6|xf[4][a2])
					}
					if v := vals[idx]; v != vIllegal && !fn(stm, &sq, v) {
						return false
					}
					continue
				}
				from := 0
				if s.pair {
					from = s2 + 1
				}
				for s3 := from; s3 < 64; s3++ {
					if s3 == s0 || s3 == s1 || s3 == s2 || pawn[3] && (s3 < 8 || s3 >= 56) {
						continue
					}
					sq[3] = s3
					x2, x3 := a2, xf[tr][s3]
					if s.pair && x2 > x3 {
						x2, x3 = x3, x2
					}
					idx := (i1<<6|x2)<<6 | x3
					if diag {
						y2, y3 := xf[4][x2], xf[4][x3]
						if s.pair && y2 > y3 {
							y2, y3 = y3, y2
						}
						idx = min(idx, (j1<<6|y2)<<6|y3)
					}
					if v := vals[idx]; v != vIllegal && !fn(stm, &sq, v) {
						return false
					}
				}
			}
		}
	}
	return true
}

// Stats counts the legal positions of a table for one side to move.
type Stats struct {
	Positions int `json:"positions"`
	Wins      int `json:"wins"`
	Draws     int `json:"draws"`
	Losses    int `json:"losses"`
	// WinsByDTM[n] counts the wins with DTM n, LossesByDTM[n] the losses.
	WinsByDTM   []int `json:"wins_by_dtm"`
	LossesByDTM []int `json:"losses_by_dtm"`
	// SameColouredBishops counts, in an endgame with two bishops of one
	// side, the positions with both on squares of one colour.
	SameColouredBishops int `json:"same_coloured_bishops,omitempty"`
	// LongestWin is the longest DTM of a win and LongestLoss of a loss,
	// each with the first position (in Dump's order) that has it.
	LongestWin         int    `json:"longest_win"`
	LongestWinExample  string `json:"longest_win_example,omitempty"`
	LongestLoss        int    `json:"longest_loss"`
	LongestLossExample string `json:"longest_loss_example,omitempty"`
}

// Stats returns the counts of t for White to move (index 0) and Black to
// move (index 1), over every legal position (each symmetric image counts;
// a pair of alike men counts once). It reads each index once, weighted by
// the number of positions it stands for.
func (t *Table) Stats() [2]Stats {
	var st [2]Stats
	s := t.spec
	bishops := s.pair && s.typ[2] == chess.Bishop
	grow := func(l []int, n, w int) []int {
		for len(l) <= n {
			l = append(l, 0)
		}
		l[n] += w
		return l
	}
	var sq [maxMen]int
	for stm := range 2 {
		c := &st[stm]
		var longWin, longLoss uint8 // the stored bytes of the longest
		for idx, v := range t.v[stm] {
			if v == vIllegal {
				continue
			}
			s.decode(idx, &sq)
			w := 1
			if s.sym {
				w = 8
				if s.symmetric(&sq) {
					w = 4
				}
			}
			c.Positions += w
			if bishops && sameColour(sq[2], sq[3]) {
				c.SameColouredBishops += w
			}
			val := decodeValue(v)
			switch val.Outcome {
			case Win:
				c.Wins += w
				c.WinsByDTM = grow(c.WinsByDTM, val.DTM, w)
				longWin = max(longWin, v)
			case Loss:
				c.Losses += w
				c.LossesByDTM = grow(c.LossesByDTM, val.DTM, w)
				longLoss = max(longLoss, v)
			default:
				c.Draws += w
			}
		}
		if longWin > 0 {
			c.LongestWin = decodeValue(longWin).DTM
			c.LongestWinExample = t.first(stm, longWin)
		}
		if longLoss > 0 {
			c.LongestLoss = decodeValue(longLoss).DTM
			c.LongestLossExample = t.first(stm, longLoss)
		}
		if c.WinsByDTM == nil {
			c.WinsByDTM = []int{}
		}
		if c.LossesByDTM == nil {
			c.LossesByDTM = []int{}
		}
	}
	return st
}

// first returns the FEN of the first position in the order of each (and
// Dump) with side to move stm and stored value v: of every index holding
// v, the image that comes first.
func (t *Table) first(stm int, v uint8) string {
	s := t.spec
	best := -1
	var sq, img [maxMen]int
	images := 1
	if s.sym {
		images = 8
	}
	for idx, x := range t.v[stm] {
		if x != v {
			continue
		}
		s.decode(idx, &sq)
		for k := range images {
			for i := 0; i < s.n; i++ {
				img[i] = xf[k][sq[i]]
			}
			if s.pair && img[2] > img[3] {
				img[2], img[3] = img[3], img[2]
			}
			full := 0
			for i := 0; i < s.n; i++ {
				full = full<<6 | img[i]
			}
			if best < 0 || full < best {
				best = full
			}
		}
	}
	for i := s.n - 1; i >= 0; i-- {
		sq[i] = best & 63
		best >>= 6
	}
	return t.fen(&sq, stm)
}

// Lookup returns the value of the position of t with White's king on wk,
// Black's king on bk and the men of t.Endgame() on men, White's then
// Black's in the order of Pieces and BlackPieces (squares a1=0, b1=1, ...,
// h8=63), White to move when whiteToMove. It fails on a position that is
// not legal.
func (t *Table) Lookup(whiteToMove bool, wk, bk int, men ...int) (Value, error) {
	s := t.spec
	if len(men) != s.n-2 {
		return Value{}, fmt.Errorf("tablebase: %s has %d men besides the kings, got %d squares", t.eg, s.n-2, len(men))
	}
	var sq [maxMen]int
	sq[0], sq[1] = wk, bk
	copy(sq[2:], men)
	var occ bb
	for i := 0; i < s.n; i++ {
		if sq[i] < 0 || sq[i] > 63 {
			return Value{}, fmt.Errorf("tablebase: square %d out of range", sq[i])
		}
		occ |= squareBit[sq[i]]
	}
	stm := btm
	if whiteToMove {
		stm = wtm
	}
	if !s.placed(&sq, occ) || t.v[stm][s.index(&sq)] == vIllegal {
		return Value{}, fmt.Errorf("tablebase: %s is not a legal position", t.fen(&sq, stm))
	}
	return decodeValue(t.v[stm][s.index(&sq)]), nil
}

// Dump writes every legal position of t, White to move first, then Black
// to move, each in the order of the unreduced index, one line each:
// "fen,outcome,dtm" from the side to move's view (dtm 0 for a draw). A
// position with a pair of alike men appears once.
func (t *Table) Dump(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var line []byte
	var err error
	t.each(func(stm int, sq *[maxMen]int, v uint8) bool {
		val := decodeValue(v)
		line = append(line[:0], t.fen(sq, stm)...)
		line = append(line, ',')
		line = append(line, val.Outcome.String()...)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(val.DTM), 10)
		line = append(line, '\n')
		_, err = bw.Write(line)
		return err == nil
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// sameColour reports whether squares a and b have the same colour.
func sameColour(a, b int) bool { return (fileOf(a)+rankOf(a))%2 == (fileOf(b)+rankOf(b))%2 }

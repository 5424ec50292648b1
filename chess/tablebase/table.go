package tablebase

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

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
// the winning side ("mate in N"): White to move and mating in N moves has
// DTM N; Black to move, mated after N more White moves, has DTM N, and a
// mated position has DTM 0. Plies is the same distance in half-moves
// (2N-1 for a win, 2N for a loss).
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

// decodeValue turns a stored byte for side to move stm into a Value.
func decodeValue(stm int, v uint8) Value {
	if v == vDraw || v == vIllegal {
		return Value{Outcome: Draw}
	}
	ply := int(v) - 1
	if stm == wtm {
		return Value{Outcome: Win, DTM: (ply + 1) / 2, Plies: ply}
	}
	return Value{Outcome: Loss, DTM: ply / 2, Plies: ply}
}

// Stats counts the legal positions of a table for one side to move.
type Stats struct {
	Positions int `json:"positions"`
	Wins      int `json:"wins"`
	Draws     int `json:"draws"`
	Losses    int `json:"losses"`
	// ByDTM[n] counts the wins (White to move) or losses (Black to move)
	// with DTM n.
	ByDTM []int `json:"by_dtm"`
	// SameColouredBishops counts, in KBBK, the positions with both
	// bishops on squares of one colour (all of them draws; the rest of
	// the table is the opposite-coloured case).
	SameColouredBishops int `json:"same_coloured_bishops,omitempty"`
	// Longest is the longest DTM, and Example one position that has it.
	Longest int    `json:"longest"`
	Example string `json:"example,omitempty"`
}

// Stats returns the counts of t for White to move (index 0) and Black to
// move (index 1). In KBBK a position is counted once, not once per order
// of the two bishops.
func (t *Table) Stats() [2]Stats {
	var st [2]Stats
	var sq [4]int
	for stm := range 2 {
		s := &st[stm]
		exIdx := -1
		for idx, v := range t.v[stm] {
			if v == vIllegal || !t.canonical(idx) {
				continue
			}
			s.Positions++
			if t.eg == KBBK && sameColour(idx>>6&63, idx&63) {
				s.SameColouredBishops++
			}
			val := decodeValue(stm, v)
			switch val.Outcome {
			case Win:
				s.Wins++
			case Loss:
				s.Losses++
			default:
				s.Draws++
				continue
			}
			for len(s.ByDTM) <= val.DTM {
				s.ByDTM = append(s.ByDTM, 0)
			}
			s.ByDTM[val.DTM]++
			if val.DTM > s.Longest || exIdx < 0 {
				s.Longest = val.DTM
				exIdx = idx
			}
		}
		if exIdx >= 0 {
			t.spec.decode(exIdx, &sq)
			s.Example = t.fen(&sq, stm)
		}
	}
	return st
}

// canonical reports whether idx is the one index of its position counted
// in statistics and dumps: in KBBK the bishops are interchangeable, and
// the index with the first bishop on the lower square stands for both.
func (t *Table) canonical(idx int) bool {
	if t.eg != KBBK {
		return true
	}
	return idx>>6&63 < idx&63
}

// Lookup returns the value of the position of t with White's king on wk,
// Black's king on bk and the white men of t.Endgame().Pieces() on men, in
// that order (squares a1=0, b1=1, ..., h8=63), White to move when
// whiteToMove. It fails on a position that is not legal.
func (t *Table) Lookup(whiteToMove bool, wk, bk int, men ...int) (Value, error) {
	s := t.spec
	if len(men) != s.n-2 {
		return Value{}, fmt.Errorf("tablebase: %s has %d men besides the kings, got %d squares", t.eg, s.n-2, len(men))
	}
	var sq [4]int
	sq[0], sq[1] = wk, bk
	copy(sq[2:], men)
	for i := 0; i < s.n; i++ {
		if sq[i] < 0 || sq[i] > 63 {
			return Value{}, fmt.Errorf("tablebase: square %d out of range", sq[i])
		}
	}
	stm := btm
	if whiteToMove {
		stm = wtm
	}
	v := t.v[stm][s.encode(&sq)]
	if v == vIllegal {
		return Value{}, fmt.Errorf("tablebase: %s is not a legal position", t.fen(&sq, stm))
	}
	return decodeValue(stm, v), nil
}

// Dump writes every legal position of t, White to move first, then Black
// to move, each in index order, one line each: "fen,outcome,dtm" from the
// side to move's view (dtm 0 for a draw). In KBBK a position appears once.
func (t *Table) Dump(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var sq [4]int
	var line []byte
	for stm := range 2 {
		for idx, v := range t.v[stm] {
			if v == vIllegal || !t.canonical(idx) {
				continue
			}
			t.spec.decode(idx, &sq)
			val := decodeValue(stm, v)
			line = append(line[:0], t.fen(&sq, stm)...)
			line = append(line, ',')
			line = append(line, val.Outcome.String()...)
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(val.DTM), 10)
			line = append(line, '\n')
			if _, err := bw.Write(line); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// sameColour reports whether squares a and b have the same colour.
func sameColour(a, b int) bool { return (fileOf(a)+rankOf(a))%2 == (fileOf(b)+rankOf(b))%2 }

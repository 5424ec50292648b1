package tablebase

import "fmt"

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

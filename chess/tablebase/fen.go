package tablebase

import (
	"strconv"
	"strings"

	"github.com/advicelang/al/chess"
)

// fen writes the position sq[0:n] of t with side to move stm as FEN, in
// the form the chess core writes: no castling rights, no en passant
// square, halfmove clock 0, move number 1.
func (t *Table) fen(sq *[maxMen]int, stm int) string {
	var board [64]byte
	for i := 0; i < t.spec.n; i++ {
		c := t.spec.typ[i].Letter()
		if t.spec.col[i] == chess.Black {
			c += 'a' - 'A'
		}
		board[sq[i]] = c
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if stm == wtm {
		b.WriteString(" w - - 0 1")
	} else {
		b.WriteString(" b - - 0 1")
	}
	return b.String()
}

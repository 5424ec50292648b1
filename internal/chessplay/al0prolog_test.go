package chessplay

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
)

// TestAL0PrologData writes, when AL0_PROLOG_DATA names a file, the data
// of scripts/al0-prolog (Bratko's AL0 program under SWI-Prolog, the
// comparison of docs/prover.md, "Speed"): the 200 starts of
// BenchmarkAL0Games as start(N, w..Wx:Wy..Rx:Ry..Bx:By..0) in the book's
// notation (files and ranks 1 to 8), and the tablebase defender's reply
// in every KRK position with Black to move as reply(Key, X:Y), Key the
// six coordinates of the position as decimal digits.
func TestAL0PrologData(t *testing.T) {
	out := os.Getenv("AL0_PROLOG_DATA")
	if out == "" {
		t.Skip("AL0_PROLOG_DATA not set")
	}
	tb := testTB()
	xy := func(s chess.Square) (int, int) { return int(s)%8 + 1, int(s)/8 + 1 }
	var b strings.Builder
	for i, p := range krk200(t, tb) {
		wx, wy := xy(p.Pieces(chess.White, chess.King).First())
		rx, ry := xy(p.Pieces(chess.White, chess.Rook).First())
		bx, by := xy(p.Pieces(chess.Black, chess.King).First())
		fmt.Fprintf(&b, "start(%d, w..%d:%d..%d:%d..%d:%d..0).\n", i, wx, wy, rx, ry, bx, by)
	}
	for wk := chess.A1; wk <= chess.H8; wk++ {
		for wr := chess.A1; wr <= chess.H8; wr++ {
			for bk := chess.A1; bk <= chess.H8; bk++ {
				if wk == wr || wk == bk || wr == bk {
					continue
				}
				fen := placement(map[chess.Square]byte{wk: 'K', wr: 'R', bk: 'k'}) + " b - - 0 1"
				pos, err := chess.Parse(fen)
				if err != nil || !pos.HasLegalMove() {
					continue // illegal (kings touching) or Black mated or stalemated
				}
				m, _, err := tb.BestMove(pos)
				if err != nil || m == chess.NoMove {
					continue
				}
				wx, wy := xy(wk)
				rx, ry := xy(wr)
				bx, by := xy(bk)
				tx, ty := xy(m.To())
				fmt.Fprintf(&b, "reply(%d, %d:%d).\n", ((((wx*10+wy)*10+rx)*10+ry)*10+bx)*10+by, tx, ty)
			}
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// placement is the FEN board of the pieces given by square.
func placement(pieces map[chess.Square]byte) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c, ok := pieces[chess.Square(rank*8+file)]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

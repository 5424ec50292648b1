package tablebase

import (
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/stretchr/testify/require"
)

func TestTransform(t *testing.T) {
	b2, g2, b7, g7 := chess.Square(9), chess.Square(14), chess.Square(49), chess.Square(54)
	for _, c := range []struct {
		t       int
		in, out chess.Square
	}{
		{0, b2, b2},
		{1, b2, g2}, // the files mirrored
		{2, b2, b7}, // the ranks mirrored
		{3, b2, g7},
		{4, chess.Square(1), chess.Square(8)}, // b1 to a2: the reflection in a1-h8
	} {
		require.Equal(t, c.out, Transform(c.in, c.t), "symmetry %d of %d", c.t, c.in)
	}
	// Every symmetry is a permutation of the board, and the mirrors and the
	// reflection undo themselves.
	for tr := range 8 {
		seen := map[chess.Square]bool{}
		for s := range chess.Square(64) {
			seen[Transform(s, tr)] = true
			if tr == 1 || tr == 2 || tr == 4 {
				require.Equal(t, s, Transform(Transform(s, tr), tr))
			}
		}
		require.Len(t, seen, 64, "symmetry %d", tr)
	}
}

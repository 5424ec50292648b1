package predicates

import "github.com/advicelang/al/chess"

// Square geometry shared by every group of predicates. Squares are rank*8 + file (a1 = 0, h8 = 63).
func file(s chess.Square) int { return int(s) & 7 }
func rank(s chess.Square) int { return int(s) >> 3 }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// dist is the king distance (Chebyshev) between two squares.
func dist(a, b chess.Square) int {
	return max(abs(file(a)-file(b)), abs(rank(a)-rank(b)))
}

// manhattan is the rook-path (Manhattan) distance between two squares.
func manhattan(a, b chess.Square) int {
	return abs(file(a)-file(b)) + abs(rank(a)-rank(b))
}

func bit(s chess.Square) chess.Bitboard { return chess.Bitboard(1) << s }

package chess

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth (the standard move-generator test). Depth 0 counts p itself. It
// allocates nothing: each level keeps its move buffer on the stack, and the
// last level counts moves without playing them.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One scratch buffer of moves and one of positions for every level,
	// made once. A [MaxMoves]Move array per call would be zeroed at every
	// node, and a child position in a local variable whose address goes to
	// the recursive call would be moved to the heap at every node (Go's
	// escape analysis gives up on recursion).
	moves := make([]Move, depth*MaxMoves)
	positions := make([]Position, depth)
	return perft(p, depth, moves, positions)
}

func perft(p *Position, depth int, scratch []Move, positions []Position) uint64 {
	moves := p.LegalMoves(scratch[:0:MaxMoves])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	rest := scratch[MaxMoves:]
	q := &positions[0]
	for _, m := range moves {
		*q = p.Play(m)
		n += perft(q, depth-1, rest, positions[1:])
	}
	return n
}

// DivideEntry is one root move of a perft divide and its node count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p in LegalMoves' order, the perft
// count of the position after it to depth-1.
func Divide(p *Position, depth int) []DivideEntry {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		q := p.Play(m)
		out = append(out, DivideEntry{Move: m, Nodes: Perft(&q, depth-1)})
	}
	return out
}

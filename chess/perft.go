package chess

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth (the standard move-generator test). Depth 0 counts p itself. It
// allocates nothing: each level keeps its move buffer on the stack, and the
// last level counts moves without playing them.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p.Play(m)
		n += Perft(&q, depth-1)
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

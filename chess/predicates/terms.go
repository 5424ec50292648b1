package predicates

import (
	"math/bits"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// The primitives of the definition language (docs/reference.md,
// "Definitions"): the functions of squares and positions that a knowledge
// base's own definitions are written over, the names of the squares and of
// the kinds of piece, and the legal moves. Files and ranks count from 1, as
// chess books do (a = 1, the first rank = 1). A square is a1 = 0 ... h8 =
// 63 inside; sides are white = 0, black = 1 (kb.White, kb.Black), as
// chess.Color; kinds of piece are chess.PieceType's values.

// Terms returns the primitives of the definition language.
func Terms() []kb.Func[chess.Position] {
	// Each Eval is the primitive itself (not a wrapper around a closure):
	// a call of a primitive is one indirect call.
	type eval = func(a, b *chess.Position, x, y, z int32) int32
	pure1 := func(name, doc string, param, result kb.Type, f eval) kb.Func[chess.Position] {
		return kb.Func[chess.Position]{Name: name, Doc: doc, Params: []kb.Type{param}, Result: result, Eval: f}
	}
	pure2 := func(name, doc string, p1, p2, result kb.Type, f eval) kb.Func[chess.Position] {
		return kb.Func[chess.Position]{Name: name, Doc: doc, Params: []kb.Type{p1, p2}, Result: result, Eval: f}
	}
	at := func(name, doc string, params []kb.Type, result kb.Type, f eval) kb.Func[chess.Position] {
		return kb.Func[chess.Position]{Name: name, Doc: doc, Reads: 1, Params: params, Result: result, Eval: f}
	}
	// counts: f counts the pieces that primitive finds (kb.Func.Counts).
	counts := func(f kb.Func[chess.Position], finds string) kb.Func[chess.Position] {
		f.Counts = finds
		return f
	}
	// loads: the primitive of a side and a kind of piece (square_of,
	// last_square_of, pieces) with constant arguments is read in place from the men's
	// bitboards (kb.Func.Place), made into its value by op.
	loads := func(f kb.Func[chess.Position], op kb.PlaceOp) kb.Func[chess.Position] {
		f.Place = func(c, k, _ int32) (kb.Place, bool) {
			if c != kb.White && c != kb.Black || k < int32(chess.Pawn) || k > int32(chess.King) {
				return kb.Place{}, false
			}
			a, b := chess.PiecesWords(chess.Color(c), chess.PieceType(k))
			return kb.Place{Op: op, A: a, B: b, Men: true, Side: c, Kind: k}, true
		}
		return f
	}
	// sideLoad: side_to_move read in place (kb.Func.Place).
	sideLoad := func(f kb.Func[chess.Position]) kb.Func[chess.Position] {
		f.Place = func(_, _, _ int32) (kb.Place, bool) {
			w, sh := chess.SideWord()
			return kb.Place{Op: kb.PlaceByte, A: w, B: w, Shift: sh}, true
		}
		return f
	}
	move := func(name, doc string, result kb.Type, f eval) kb.Func[chess.Position] {
		return kb.Func[chess.Position]{Name: name, Doc: doc, Reads: 2, Result: result, Eval: f}
	}
	S, I, B, C, K := kb.TSquare, kb.TInt, kb.TBool, kb.TSide, kb.TPiece
	return moveForms([]kb.Func[chess.Position]{
		// Geometry: functions of squares.
		pure1("file", "the file of a square, 1 (a) to 8 (h)", S, I, func(_, _ *chess.Position, s, _, _ int32) int32 { return s&7 + 1 }),
		pure1("rank", "the rank of a square, 1 to 8", S, I, func(_, _ *chess.Position, s, _, _ int32) int32 { return s>>3 + 1 }),
		pure2("square", "the square on file f and rank r (both 1 to 8); nothing off the board", I, I, S, func(_, _ *chess.Position, f, r, _ int32) int32 {
			if f < 1 || f > 8 || r < 1 || r > 8 {
				return kb.None
			}
			return (r-1)*8 + f - 1
		}),
		pure2("relative_rank", "the rank of a square counted from a side's own first rank: relative_rank(black, a7) = 2", C, S, I, func(_, _ *chess.Position, c, s, _ int32) int32 {
			if c == kb.Black {
				return 8 - s>>3
			}
			return s>>3 + 1
		}),
		pure2("dist", "the king distance (Chebyshev) between two squares: the king moves from one to the other", S, S, I, func(_, _ *chess.Position, a, b, _ int32) int32 { return int32(dist(sq(a), sq(b))) }),
		pure2("manhattan", "the Manhattan (rook-path) distance between two squares: files apart plus ranks apart", S, S, I, func(_, _ *chess.Position, a, b, _ int32) int32 { return int32(manhattan(sq(a), sq(b))) }),
		pure1("edge", "the square is on an edge of the board (the a- or h-file, the first or eighth rank)", S, B, func(_, _ *chess.Position, s, _, _ int32) int32 { return b2i(onEdge(sq(s))) }),
		pure1("corner", "the square is a corner (a1, h1, a8, h8)", S, B, func(_, _ *chess.Position, s, _, _ int32) int32 {
			f, r := file(sq(s)), rank(sq(s))
			return b2i((f == 0 || f == 7) && (r == 0 || r == 7))
		}),
		pure1("edge_distance", "how many squares the square is from the nearest edge (0 on the edge, 3 in the centre)", S, I, func(_, _ *chess.Position, s, _, _ int32) int32 {
			f, r := file(sq(s)), rank(sq(s))
			return int32(min(f, 7-f, r, 7-r))
		}),
		pure1("corner_distance", "the king distance from the square to the nearest corner", S, I, func(_, _ *chess.Position, s, _, _ int32) int32 {
			f, r := file(sq(s)), rank(sq(s))
			return int32(max(min(f, 7-f), min(r, 7-r)))
		}),
		pure1("light", "the square is a light square (h1 is light, a1 dark)", S, B, func(_, _ *chess.Position, s, _, _ int32) int32 { return (s&7 + s>>3) & 1 }),
		pure1("other", "the other side: other(white) = black", C, C, func(_, _ *chess.Position, c, _, _ int32) int32 { return c ^ 1 }),
		// The position.
		loads(at("square_of", "the square of the side's piece of that kind; with several, the lowest (a1, b1, ..., h8); nothing when there is none (white rook is square_of(white, rook))", []kb.Type{C, K}, S, func(p, _ *chess.Position, c, k, _ int32) int32 {
			b := p.PiecesOf(chess.Color(c), chess.PieceType(k))
			if b == 0 {
				return kb.None
			}
			return int32(b.First())
		}), kb.PlaceFirst),
		loads(at("last_square_of", "the square of the side's piece of that kind on the highest square (h8, g8, ..., a1): with two, the one square_of does not give (the other bishop: last_square_of(white, bishop)); nothing when there is none", []kb.Type{C, K}, S, func(p, _ *chess.Position, c, k, _ int32) int32 {
			b := p.Pieces(chess.Color(c), chess.PieceType(k))
			if b == 0 {
				return kb.None
			}
			return int32(63 - bits.LeadingZeros64(uint64(b)))
		}), kb.PlaceLast),
		loads(counts(at("pieces", "how many pieces of that kind the side has", []kb.Type{C, K}, I, func(p, _ *chess.Position, c, k, _ int32) int32 {
			// Counted bit by bit (a side has a few men of a kind): no
			// call, where the population count asks the processor's
			// features first.
			n := int32(0)
			for b := p.PiecesOf(chess.Color(c), chess.PieceType(k)); b != 0; b &= b - 1 {
				n++
			}
			return n
		}), "square_of"), kb.PlaceCount),
		at("kind_at", "the kind of the piece on the square; nothing when it is empty", []kb.Type{S}, K, func(p, _ *chess.Position, s, _, _ int32) int32 {
			pc := p.PieceAt(sq(s))
			if pc == chess.NoPiece {
				return kb.None
			}
			return int32(pc.Type())
		}),
		at("side_at", "the side of the piece on the square; nothing when it is empty", []kb.Type{S}, C, func(p, _ *chess.Position, s, _, _ int32) int32 {
			pc := p.PieceAt(sq(s))
			if pc == chess.NoPiece {
				return kb.None
			}
			return int32(pc.Color())
		}),
		at("empty", "no piece stands on the square", []kb.Type{S}, B, func(p, _ *chess.Position, s, _, _ int32) int32 { return b2i(!p.Occupied().Has(sq(s))) }),
		sideLoad(at("side_to_move", "the side to move", nil, C, func(p, _ *chess.Position, _, _, _ int32) int32 { return int32(p.SideToMove()) })),
		at("attacks", "a piece of the side attacks the square (a square holding a piece of that side counts: it is defended)", []kb.Type{C, S}, B, func(p, _ *chess.Position, c, s, _ int32) int32 {
			return b2i(p.Attacked(sq(s), chess.Color(c)))
		}),
		at("attackers", "how many pieces of the side attack the square", []kb.Type{C, S}, I, func(p, _ *chess.Position, c, s, _ int32) int32 {
			return int32(p.AttackersTo(sq(s), chess.Color(c)).Count())
		}),
		at("attacks_from", "the piece on the first square attacks the second (false when the first is empty)", []kb.Type{S, S}, B, func(p, _ *chess.Position, s, t, _ int32) int32 {
			return b2i(p.AttacksFrom(sq(s)).Has(sq(t)))
		}),
		at("defended", "the piece on the square is attacked by a piece of its own side", []kb.Type{S}, B, func(p, _ *chess.Position, s, _, _ int32) int32 {
			pc := p.PieceAt(sq(s))
			return b2i(pc != chess.NoPiece && p.Attacked(sq(s), pc.Color()))
		}),
		at("hanging", "the piece on the square is attacked by the other side and not defended by its own", []kb.Type{S}, B, func(p, _ *chess.Position, s, _, _ int32) int32 {
			pc := p.PieceAt(sq(s))
			return b2i(pc != chess.NoPiece && p.Attacked(sq(s), pc.Color().Other()) && !p.Attacked(sq(s), pc.Color()))
		}),
		at("pinned", "the piece on the square may not move off the line between its king and an enemy rook, bishop or queen (it is pinned to its king)", []kb.Type{S}, B, func(p, _ *chess.Position, s, _, _ int32) int32 {
			return b2i(pinned(p, sq(s)))
		}),
		at("legal_moves", "the number of legal moves of the side to move", nil, I, func(p, _ *chess.Position, _, _, _ int32) int32 {
			var buf [chess.MaxMoves]chess.Move
			return int32(len(p.LegalMoves(buf[:0])))
		}),
		at("room", "the black king's room: the number of squares it can reach by king steps through empty squares White does not attack, its own included when not attacked (flood fill; the thesis's LIBERTAD; see room_smaller)", nil, I, func(p, _ *chess.Position, _, _, _ int32) int32 { return int32(room(p)) }),
		at("room_box", "the corner box of the black king's room: the side of the smallest square in a corner of the board that holds the whole room (see room_box_smaller)", nil, I, func(p, _ *chess.Position, _, _, _ int32) int32 { return int32(roomBox(p)) }),
		at("in_room", "the square is in the black king's room (see room)", []kb.Type{S}, B, func(p, _ *chess.Position, s, _, _ int32) int32 { return b2i(roomSquares(p).Has(sq(s))) }),
		at("room_distance", "the least king distance from the square to a square of the black king's room (see room; 0 on a square of it); 15, farther than any square, when the room is empty (as the Go predicates count it). The language writes it as square quantifiers over in_room, a flood fill each: a primitive, as room_box", []kb.Type{S}, I, func(p, _ *chess.Position, s, _, _ int32) int32 {
			return int32(distToSet(sq(s), roomSquares(p)))
		}),
		at("room_reach", "the greatest king distance from the square to a square of the black king's room (see room): the side of the smallest square with a corner on it that holds the room is room_reach + 1 when the square is a corner; nothing when the room is empty", []kb.Type{S}, I, func(p, _ *chess.Position, s, _, _ int32) int32 {
			r := roomSquares(p)
			if r == 0 {
				return kb.None
			}
			far := 0
			for b := r; b != 0; b &= b - 1 {
				far = max(far, dist(sq(s), b.First()))
			}
			return int32(far)
		}),
		at("room_weight", "the black king's room weighed toward two squares: the sum, over the squares of the room (see room), of 8 to the power of the square's king distance to the nearer of the first two squares, that distance counted at most the third argument (0 to 7; in the open every far square weighs alike, near the squares the room's shape counts); 0 when the room is empty. KBNK's drive toward the corners of the bishop's colour (knowledge/lib/kbnk.al): the language writes it as one square count over in_room for each distance, a flood fill a square", []kb.Type{S, S, I}, I, func(p, _ *chess.Position, s, t, c int32) int32 {
			return int32(roomWeight(roomSquares(p), sq(s), sq(t), int(c)))
		}),
		at("in_pawn_square", "the square is inside the square of the pawn on the first square (the rule of the square, as pawn_runs counts it: from the pawn's rank with its side to move, one rank further back otherwise, a pawn on its second rank counting from its third); false when no pawn stands there", []kb.Type{S, S}, B, func(p, _ *chess.Position, s, t, _ int32) int32 {
			return b2i(inPawnSquare(p, sq(s), sq(t)))
		}),
		// The move between two positions (P1 before it, P2 after).
		move("moved", "the kind of the piece that moved from P1 to P2 (a promoting pawn is a pawn, castling a king move); nothing when no piece of the side to move in P1 moved", K, movedKind),
		move("moved_from", "the square the piece that moved from P1 to P2 left (see moved)", S, func(a, b *chess.Position, _, _, _ int32) int32 {
			from, _ := moveSquares(a, b)
			if from == chess.NoSquare {
				return kb.None
			}
			return int32(from)
		}),
		move("moved_to", "the square the piece that moved from P1 to P2 came to (see moved)", S, func(a, b *chess.Position, _, _, _ int32) int32 {
			_, to := moveSquares(a, b)
			if to == chess.NoSquare {
				return kb.None
			}
			return int32(to)
		}),
		move("captured", "the move from P1 to P2 took a piece: the side not to move in P1 has fewer pieces in P2", B, func(a, b *chess.Position, _, _, _ int32) int32 {
			them := a.SideToMove().Other()
			return b2i(b.ColorPieces(them).Count() < a.ColorPieces(them).Count())
		}),
		move("promoted", "the move from P1 to P2 promoted a pawn: the side to move in P1 has fewer pawns and as many pieces in P2", B, func(a, b *chess.Position, _, _, _ int32) int32 {
			us := a.SideToMove()
			return b2i(b.Pieces(us, chess.Pawn).Count() < a.Pieces(us, chess.Pawn).Count() && b.ColorPieces(us).Count() == a.ColorPieces(us).Count())
		}),
	})
}

// Constants returns the names of the squares (a1 ... h8) and of the kinds of
// piece (pawn, knight, bishop, rook, queen, king).
func Constants() []kb.Constant {
	var out []kb.Constant
	for s := chess.A1; s <= chess.H8; s++ {
		out = append(out, kb.Constant{Name: s.String(), Type: kb.TSquare, Value: int32(s)})
	}
	for t := chess.Pawn; t <= chess.King; t++ {
		out = append(out, kb.Constant{Name: t.String(), Type: kb.TPiece, Value: int32(t)})
	}
	return out
}

// Successors appends the position after each legal move of p to buf[:0],
// in LegalMoves' order (the move quantifiers of definitions).
func Successors(p *chess.Position, buf []chess.Position) []chess.Position {
	var moves [chess.MaxMoves]chess.Move
	buf = buf[:0]
	for _, m := range p.LegalMoves(moves[:0]) {
		buf = append(buf, chess.Position{})
		chess.Game{}.PlayInto(&buf[len(buf)-1], p, m)
	}
	return buf
}

func sq(v int32) chess.Square { return chess.Square(v) }

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// pinned reports whether the piece on s is pinned to its king: taking it
// off the board would let an enemy slider attack the king.
func pinned(p *chess.Position, s chess.Square) bool {
	pc := p.PieceAt(s)
	if pc == chess.NoPiece || pc.Type() == chess.King {
		return false
	}
	c := pc.Color()
	k := p.King(c)
	if k == chess.NoSquare || chess.Line(k, s) == 0 {
		return false
	}
	them := c.Other()
	occ := p.Occupied() &^ bit(s)
	rooks := p.Pieces(them, chess.Rook) | p.Pieces(them, chess.Queen)
	bishops := p.Pieces(them, chess.Bishop) | p.Pieces(them, chess.Queen)
	now := chess.RookAttacks(k, p.Occupied())&rooks | chess.BishopAttacks(k, p.Occupied())&bishops
	after := chess.RookAttacks(k, occ)&rooks | chess.BishopAttacks(k, occ)&bishops
	return after&^now != 0
}

// inPawnSquare is the rule of the square for the pawn on s: whether t lies
// inside its square (PawnRuns's test for White's pawn and the black king).
func inPawnSquare(p *chess.Position, s, t chess.Square) bool {
	pc := p.PieceAt(s)
	if pc.Type() != chess.Pawn {
		return false
	}
	c := pc.Color()
	r := rank(s) // ranks counted from the pawn's own first rank, 0-based
	tr := rank(t)
	if c == chess.Black {
		r, tr = 7-r, 7-tr
	}
	from := max(r, 2)
	if p.SideToMove() != c {
		from--
	}
	side := 7 - from
	return tr >= from && abs(file(t)-file(s)) <= side
}

// moveSquares returns the square the moving piece left and the square it
// came to, for the side to move in a; a castling is the king's move.
// movedKind is moved: the kind of the piece on moveSquares's first
// square in a, read from the squares the side's pieces left (one, or
// the king's and the rook's in castling) without finding the square (a
// move constraint of every move tested reads it: kingmove).
func movedKind(a, b *chess.Position, _, _, _ int32) int32 {
	us := a.SideToMove()
	left := a.ColorPieces(us) &^ b.ColorPieces(us)
	came := b.ColorPieces(us) &^ a.ColorPieces(us)
	if left == 0 || came == 0 {
		return kb.None
	}
	if left&(left-1) != 0 { // castling: the king's squares
		if left&a.Pieces(us, chess.King) == 0 || came&b.Pieces(us, chess.King) == 0 {
			return kb.None
		}
		return int32(chess.King)
	}
	// The kinds from the king down (the men of the endgames: the king,
	// then the rook, queen or bishop, are found first).
	for t := chess.King; t >= chess.Pawn; t-- {
		if a.PiecesOf(us, t)&left != 0 {
			return int32(t)
		}
	}
	return kb.None
}

func moveSquares(a, b *chess.Position) (from, to chess.Square) {
	us := a.SideToMove()
	left := a.ColorPieces(us) &^ b.ColorPieces(us)
	came := b.ColorPieces(us) &^ a.ColorPieces(us)
	if left == 0 || came == 0 {
		return chess.NoSquare, chess.NoSquare
	}
	if left.Count() > 1 { // castling: the king's squares
		k := a.Pieces(us, chess.King) & left
		left = k
		came &= b.Pieces(us, chess.King)
	}
	if left == 0 || came == 0 {
		return chess.NoSquare, chess.NoSquare
	}
	return left.First(), came.First()
}

package tablebase

import (
	"fmt"
	"iter"

	"github.com/advicelang/al/chess"
)

// Result is what Probe finds about a position: its exact value from the
// side to move's view and every best move.
type Result struct {
	Value
	// Endgame is the table the position was read from ("kqk", "krk",
	// "kbbk", "kpk"), or "" for material that cannot mate (KK, KBK, KNK).
	Endgame string
	// Best holds every legal move that keeps the value: for a win the
	// moves that mate fastest, for a loss the moves that resist longest,
	// for a draw the moves that keep the draw. They come in the order of
	// chess.Position.LegalMoves. A mated or stalemated side has none.
	Best []chess.Move
}

// Probe returns the value and the best moves of p. p must hold a bare
// king against one of the tables' materials (KQK, KRK, KBBK, KPK, with
// either colour as the stronger side) or material that cannot mate (KK,
// KBK, KNK, a draw), and no castling rights. The fifty-move rule and
// repetitions play no part: distances are pure distances to mate.
func (tb *Tablebase) Probe(p chess.Position) (Result, error) {
	r, err := tb.value(&p)
	if err != nil {
		return Result{}, err
	}
	var buf [chess.MaxMoves]chess.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		child := p.Play(m)
		cr, err := tb.value(&child)
		if err != nil {
			return Result{}, fmt.Errorf("after %s: %w", p.SAN(m), err)
		}
		if backUp(cr.Value) == r.Value {
			r.Best = append(r.Best, m)
		}
	}
	return r, nil
}

// Value returns the value of p from the side to move's view, without the
// best moves; see Probe for the positions it accepts.
func (tb *Tablebase) Value(p chess.Position) (Value, error) {
	r, err := tb.value(&p)
	return r.Value, err
}

// BestMove returns the move the optimal player makes in p: the fastest
// mate when winning, the longest resistance when losing, a drawing move
// when one exists; the first of Probe's best moves. This is the optimal
// defender `al play` and `al verify` set against a knowledge base.
// It returns chess.NoMove when the side to move is mated or stalemated.
func (tb *Tablebase) BestMove(p chess.Position) (chess.Move, Value, error) {
	r, err := tb.Probe(p)
	if err != nil || len(r.Best) == 0 {
		return chess.NoMove, r.Value, err
	}
	return r.Best[0], r.Value, nil
}

// backUp turns the value of a position reached by a move into the value
// of that move for the player who made it.
func backUp(v Value) Value {
	switch v.Outcome {
	case Loss:
		// The opponent is lost in v.Plies: the mover wins one ply later.
		return Value{Outcome: Win, Plies: v.Plies + 1, DTM: (v.Plies + 2) / 2}
	case Win:
		return Value{Outcome: Loss, Plies: v.Plies + 1, DTM: (v.Plies + 1) / 2}
	}
	return Value{Outcome: Draw}
}

// value classifies p's material and reads its value from a table.
func (tb *Tablebase) value(p *chess.Position) (Result, error) {
	if p.CastlingRights() != 0 {
		return Result{}, fmt.Errorf("tablebase: %s has castling rights; the tables hold positions without them", p.FEN())
	}
	strong := chess.White
	if p.ColorPieces(chess.White).Count() == 1 && p.ColorPieces(chess.Black).Count() > 1 {
		strong = chess.Black
	}
	weak := strong.Other()
	if p.ColorPieces(weak).Count() != 1 {
		return Result{}, fmt.Errorf("tablebase: %s: both sides have men besides the king; the tables hold KQK, KRK, KBBK and KPK", p.FEN())
	}
	// With Black the stronger side, the board is mirrored top to bottom
	// and the colours swapped: the value for the side to move is the same.
	sqOf := func(s chess.Square) int {
		if strong == chess.Black {
			return int(s) ^ 56
		}
		return int(s)
	}
	men := p.ColorPieces(strong) &^ p.Pieces(strong, chess.King)
	count := func(t chess.PieceType) int { return p.Pieces(strong, t).Count() }
	var eg Endgame
	switch n := men.Count(); {
	case n == 0, n == 1 && (count(chess.Bishop) == 1 || count(chess.Knight) == 1):
		return Result{}, nil // no mate is possible: a draw
	case n == 1 && count(chess.Queen) == 1:
		eg = KQK
	case n == 1 && count(chess.Rook) == 1:
		eg = KRK
	case n == 1 && count(chess.Pawn) == 1:
		eg = KPK
	case n == 2 && count(chess.Bishop) == 2:
		eg = KBBK
	default:
		return Result{}, fmt.Errorf("tablebase: %s: material not in the tables (KQK, KRK, KBBK, KPK)", p.FEN())
	}
	t, err := tb.Table(eg)
	if err != nil {
		return Result{}, err
	}
	var sq [4]int
	sq[0], sq[1] = sqOf(p.King(strong)), sqOf(p.King(weak))
	i := 2
	for s := range men.All() {
		sq[i] = sqOf(s)
		i++
	}
	stm := btm
	if p.SideToMove() == strong {
		stm = wtm
	}
	v := t.v[stm][t.spec.encode(&sq)]
	if v == vIllegal {
		// chess.Parse accepts exactly the positions the tables hold.
		return Result{}, fmt.Errorf("tablebase: %s is not a legal %s position", p.FEN(), eg)
	}
	return Result{Value: decodeValue(stm, v), Endgame: eg.String()}, nil
}

// Positions yields every legal position of t with its value, in the order
// of Dump: White to move first, then Black, each in index order; a KBBK
// position comes once. It is how `al verify` walks a whole endgame.
func (t *Table) Positions() iter.Seq2[chess.Position, Value] {
	return func(yield func(chess.Position, Value) bool) {
		var sq [4]int
		for stm := range 2 {
			for idx, v := range t.v[stm] {
				if v == vIllegal || !t.canonical(idx) {
					continue
				}
				t.spec.decode(idx, &sq)
				p, err := t.position(&sq, stm)
				if err != nil {
					// The tests check that the tables' legal positions are
					// exactly what chess.ParseFEN accepts.
					panic(fmt.Sprintf("tablebase: legal %s position rejected by the chess core: %v", t.eg, err))
				}
				if !yield(p, decodeValue(stm, v)) {
					return
				}
			}
		}
	}
}

var chessTypes = [...]chess.PieceType{
	King: chess.King, Queen: chess.Queen, Rook: chess.Rook,
	Bishop: chess.Bishop, Knight: chess.Knight, Pawn: chess.Pawn,
}

// position builds the chess.Position of sq[0:n] with side to move stm.
func (t *Table) position(sq *[4]int, stm int) (chess.Position, error) {
	var pl [4]chess.Placement
	pl[0] = chess.Placement{Piece: chess.NewPiece(chess.White, chess.King), Square: chess.Square(sq[0])}
	pl[1] = chess.Placement{Piece: chess.NewPiece(chess.Black, chess.King), Square: chess.Square(sq[1])}
	for i := 2; i < t.spec.n; i++ {
		pl[i] = chess.Placement{Piece: chess.NewPiece(chess.White, chessTypes[t.spec.pieces[i-2]]), Square: chess.Square(sq[i])}
	}
	side := chess.White
	if stm == btm {
		side = chess.Black
	}
	return chess.NewPosition(side, pl[:t.spec.n]...)
}

package tablebase

import (
	"fmt"
	"iter"
	"strings"

	"github.com/advicelang/al/chess"
)

// Result is what Probe finds about a position: its exact value from the
// side to move's view and every best move.
type Result struct {
	Value
	// Endgame is the table the position was read from (its name, "kqkr"
	// also for the colour-swapped material), or "" for material that
	// cannot mate (KK, KBK, KNK).
	Endgame string
	// Best holds every legal move that keeps the value: for a win the
	// moves that mate fastest, for a loss the moves that resist longest,
	// for a draw the moves that keep the draw. They come in the order of
	// chess.Position.LegalMoves. A mated or stalemated side has none.
	Best []chess.Move
}

// Probe returns the value and the best moves of p. p must hold the
// material of one of the tables (Names: kqkr is also read with Black
// holding the queen and White the rook) or material that cannot mate (KK,
// KBK, KNK, a draw), and no castling rights. The fifty-move rule and
// repetitions play no part: distances are pure distances to mate.
func (tb *Tablebase) Probe(p chess.Position) (Result, error) {
	r, _, err := tb.probe(&p, false)
	return r, err
}

// probe is Probe; with first, it stops at the first best move and
// returns it (best) without filling r.Best (BestMove: no allocation, and
// the children after it are not read).
func (tb *Tablebase) probe(p *chess.Position, first bool) (r Result, best chess.Move, err error) {
	r, t, swap, err := tb.read(p)
	if err != nil {
		return Result{}, chess.NoMove, err
	}
	var buf [chess.MaxMoves]chess.Move
	var child chess.Position
	for _, m := range p.LegalMoves(buf[:0]) {
		// The child is read for its men and side to move only: made
		// without its derived fields (Game.PlayInto).
		chess.Game{}.PlayInto(&child, p, m)
		var cv Value
		if t != nil && m.Promotion() == chess.NoPieceType && !m.IsEnPassant() && !p.Occupied().Has(m.To()) {
			// The material is the parent's: same table, no look-up.
			cv, err = t.at(&child, swap)
		} else {
			var cr Result
			cr, _, _, err = tb.read(&child)
			cv = cr.Value
		}
		if err != nil {
			return Result{}, chess.NoMove, fmt.Errorf("after %s: %w", p.SAN(m), err)
		}
		if backUp(cv) == r.Value {
			if first {
				return r, m, nil
			}
			r.Best = append(r.Best, m)
		}
	}
	return r, chess.NoMove, nil
}

// Value returns the value of p from the side to move's view, without the
// best moves; see Probe for the positions it accepts.
func (tb *Tablebase) Value(p chess.Position) (Value, error) {
	r, err := tb.value(&p)
	return r.Value, err
}

// BestMove returns the move the optimal player makes in p: the fastest
// mate when winning, the longest resistance when losing, a drawing move
// when one exists; the first of Probe's best moves (the moves after it
// are not read). This is the optimal
// defender `al play` and `al verify` set against a knowledge base.
// It returns chess.NoMove when the side to move is mated or stalemated.
func (tb *Tablebase) BestMove(p chess.Position) (chess.Move, Value, error) {
	r, m, err := tb.probe(&p, true)
	return m, r.Value, err
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
	r, _, _, err := tb.read(p)
	return r, err
}

// read classifies p's material and reads its value from a table; it also
// returns the table (nil for material that cannot mate) and whether p is
// read with the colours swapped.
func (tb *Tablebase) read(p *chess.Position) (Result, *Table, bool, error) {
	if p.CastlingRights() != 0 {
		return Result{}, nil, false, fmt.Errorf("tablebase: %s has castling rights; the tables hold positions without them", p.FEN())
	}
	var m material
	for t := chess.Pawn; t < chess.King; t++ {
		// (Counted only for the kinds on the board: an endgame has few.)
		if p.Type(t) == 0 {
			continue
		}
		for c := chess.White; c <= chess.Black; c++ {
			n := p.Pieces(c, t).Count()
			if n > 7 {
				n = 7
			}
			m[c][t] = uint8(n)
		}
	}
	if m.dead() {
		return Result{}, nil, false, nil // no mate is possible: a draw
	}
	e, ok := byMaterial[m.key()]
	if !ok {
		return Result{}, nil, false, fmt.Errorf("tablebase: %s: material %s is not in the tables (%s, either colour)", p.FEN(), strings.ToUpper(m.name()), strings.Join(Names(), ", "))
	}
	t, err := tb.Table(e.eg)
	if err != nil {
		return Result{}, nil, false, err
	}
	v, err := t.at(p, e.swap)
	if err != nil {
		return Result{}, nil, false, err
	}
	return Result{Value: v, Endgame: e.eg.String()}, t, e.swap, nil
}

// at reads the value of p, whose material is t's (colours swapped with
// swap).
func (t *Table) at(p *chess.Position, swap bool) (Value, error) {
	var sq [maxMen]int
	t.spec.fillFrom(&sq, swap, p)
	stm := int(p.SideToMove())
	if swap {
		stm ^= 1
	}
	v := t.v[stm][t.spec.index(&sq)]
	if v == vIllegal {
		// chess.Parse accepts exactly the positions the tables hold.
		return Value{}, fmt.Errorf("tablebase: %s is not a legal %s position", p.FEN(), t.eg)
	}
	return decodeValue(v), nil
}

// Positions yields every legal position of t with its value, in the order
// of Dump: White to move first, then Black, each in the order of the
// unreduced index; a position with a pair of alike men comes once. It is
// how `al verify` walks a whole endgame.
func (t *Table) Positions() iter.Seq2[chess.Position, Value] {
	return func(yield func(chess.Position, Value) bool) {
		t.each(func(stm int, sq *[maxMen]int, v uint8) bool {
			p, err := t.position(sq, stm)
			if err != nil {
				// The tests check that the tables' legal positions are
				// exactly what chess.ParseFEN accepts.
				panic(fmt.Sprintf("tablebase: legal %s position rejected by the chess core: %v", t.eg, err))
			}
			return yield(p, decodeValue(v))
		})
	}
}

// Values yields the side to move and the value of every legal position of
// t, in the order of Positions, without building the positions: a count,
// or the first pass of a sample (Select).
func (t *Table) Values() iter.Seq2[chess.Color, Value] {
	return func(yield func(chess.Color, Value) bool) {
		t.each(func(stm int, _ *[maxMen]int, v uint8) bool {
			return yield(chess.Color(stm), decodeValue(v))
		})
	}
}

// Select yields, in the order of Positions, the legal positions of t for
// which keep (called with each position's side to move and value, in that
// order) returns true, building only those.
func (t *Table) Select(keep func(stm chess.Color, v Value) bool) iter.Seq2[chess.Position, Value] {
	return func(yield func(chess.Position, Value) bool) {
		t.each(func(stm int, sq *[maxMen]int, v uint8) bool {
			val := decodeValue(v)
			if !keep(chess.Color(stm), val) {
				return true
			}
			p, err := t.position(sq, stm)
			if err != nil {
				panic(fmt.Sprintf("tablebase: legal %s position rejected by the chess core: %v", t.eg, err))
			}
			return yield(p, val)
		})
	}
}

// fillFrom is fill for the men of p (no function called for each).
func (s *spec) fillFrom(sq *[maxMen]int, swap bool, p *chess.Position) {
	var used bb
	flip, c := 0, chess.Color(0)
	if swap {
		flip, c = 56, 1
	}
	for i := 0; i < s.n; i++ {
		b := bb(p.PiecesOf(s.col[i]^c, s.typ[i])) &^ used
		f := trailing(b)
		used |= squareBit[f]
		sq[i] = f ^ flip
	}
}

// SelectIn is Select over the positions with side to move stm and White's
// king on the squares lo..hi-1, in Select's order (keep is shown those
// alone): Select(keep) is SelectIn(keep, White, 0, 64) followed by
// SelectIn(keep, Black, 0, 64). Parts of a walk cut at White's king's
// squares can be walked at once, each on a core of its own.
func (t *Table) SelectIn(keep func(stm chess.Color, v Value) bool, stm chess.Color, lo, hi int) iter.Seq2[chess.Position, Value] {
	return func(yield func(chess.Position, Value) bool) {
		t.eachOf(int(stm)&1, lo, hi, func(stm int, sq *[maxMen]int, v uint8) bool {
			val := decodeValue(v)
			if !keep(chess.Color(stm), val) {
				return true
			}
			p, err := t.position(sq, stm)
			if err != nil {
				panic(fmt.Sprintf("tablebase: legal %s position rejected by the chess core: %v", t.eg, err))
			}
			return yield(p, val)
		})
	}
}

// CountByKing returns, for each square of White's king from lo to hi-1
// (0 for the others), how many of the positions with side to move stm
// keep accepts (shown them in Select's order), building none: where to
// cut a walk (SelectIn) into parts of about as many positions each. Parts
// of the squares can be counted at once.
func (t *Table) CountByKing(keep func(stm chess.Color, v Value) bool, stm chess.Color, lo, hi int) [64]int {
	var n [64]int
	t.eachOf(int(stm)&1, lo, hi, func(stm int, sq *[maxMen]int, v uint8) bool {
		if keep(chess.Color(stm), decodeValue(v)) {
			n[sq[0]]++
		}
		return true
	})
	return n
}

// position builds the chess.Position of sq[0:n] with side to move stm.
func (t *Table) position(sq *[maxMen]int, stm int) (chess.Position, error) {
	var pl [maxMen]chess.Placement
	for i := 0; i < t.spec.n; i++ {
		pl[i] = chess.Placement{Piece: chess.NewPiece(t.spec.col[i], t.spec.typ[i]), Square: chess.Square(sq[i])}
	}
	return chess.NewPosition(chess.Color(stm), pl[:t.spec.n]...)
}

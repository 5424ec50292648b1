package kb

import (
	"math/bits"
	"unsafe"
)

// Primitives read in place (issue 21, the nineteenth session). A goal's
// commonest primitives are the men's squares and counts (square_of(white,
// king), pieces(white, rook)) and the side to move, with constant
// arguments; a call of one through Eval costs some 25 instructions with
// the spills around it, where the value itself is two loads and a bit
// scan of the position's own memory. A library that keeps a position as a
// value without pointers may say, for such a primitive and its constant
// arguments, where its value lies in the position (Func.Place): the
// compiler then reads it there, in the closure that needed it, without a
// call. The position is its own decoded view: nothing is computed per
// evaluation, so a value read once costs no more than one read often.

// PlaceOp is how a loaded value is made of the word read (see Place).
type PlaceOp uint8

const (
	// PlaceNone: the primitive is called (Eval).
	PlaceNone PlaceOp = iota
	// PlaceFirst: the index of the word's lowest set bit, None when no
	// bit is set (the square of a man: square_of).
	PlaceFirst
	// PlaceCount: how many bits of the word are set (pieces).
	PlaceCount
	// PlaceByte: the byte of the word from bit Shift on (side_to_move).
	PlaceByte
	// PlaceLast: the index of the word's highest set bit, None when no
	// bit is set (the man on the highest square: last_square_of).
	PlaceLast
)

// Place says where the value of a primitive with given constant arguments
// lies in a position: the word read is the and of the two 64-bit words
// at byte offsets A and B of the position (the same offset twice for one
// word), made into the value by Op. Both offsets are multiples of 8 and
// their words lie inside the position; any other Place is ignored (the
// primitive is called).
type Place struct {
	Op    PlaceOp
	A, B  uintptr
	Shift uint8
	// Men, when true, says that the word read is the squares (bit i for
	// square i) of side Side's men of kind Kind: a plain move (the
	// library's MovePlace) moves the mover's men of its kind and takes
	// the other side's man on the square it goes to, so the word after
	// such a move is read in place too, in the generated move tests.
	Men        bool
	Side, Kind int32
}

// place is a Place checked against the position type (op 0: none).
type place struct {
	a, b       uintptr
	shift      uint8
	op         PlaceOp
	men        bool
	side, kind int32
}

// placeOf is f's place with constant arguments x, y, z in positions of
// type P; op 0 when it has none.
func placeOf[P any](f *Func[P], x, y, z int32) place {
	if f == nil || f.Place == nil || f.Reads != 1 {
		return place{}
	}
	l, ok := f.Place(x, y, z)
	var zero P
	size := unsafe.Sizeof(zero)
	if !ok || l.Op == PlaceNone || l.Op > PlaceLast || l.A%8 != 0 || l.B%8 != 0 || l.A+8 > size || l.B+8 > size || l.Shift > 56 {
		return place{}
	}
	return place{a: l.A, b: l.B, shift: l.Shift, op: l.Op, men: l.Men, side: l.Side, kind: l.Kind}
}

// MovePlace says how the game's move type writes a plain move, for the
// generated move tests (gogen.go), which read the placed primitives of
// the position after a move (Place.Men) from the position before it and
// the move, without calling the primitive's move form: a move is a
// 32-bit word (the move type's size is 4 bytes); a move with any bit of
// Special set is not plain (its move form is called); a plain move moves
// the mover's man of the kind in KindBits bits from bit KindShift, from
// the square in 6 bits from bit From to the square in 6 bits from bit
// To, and takes the other side's man there if there is one. Side is
// where the side to move lies in a position (Op PlaceByte), the side
// that moves.
type MovePlace struct {
	Special             uint32
	From, To            uint8
	KindShift, KindBits uint8
	Side                Place
	// Moved, MovedFrom, MovedTo name the library's primitives of two
	// positions (P1, P2) whose value after a plain move is its kind, its
	// from square and its to square ("" for none).
	Moved, MovedFrom, MovedTo string
}

// SetMovePlace says how the game's moves are written (MovePlace).
func (l *Library[P]) SetMovePlace(mp MovePlace) { l.movePlace = &mp }

// movePlaceOf is the library's MovePlace for positions of type P and
// moves of size msize when it is sound, else nil.
func movePlaceOf[P any](l *Library[P], msize uintptr) *MovePlace {
	mp := l.movePlace
	if mp == nil || msize != 4 || mp.From > 26 || mp.To > 26 || mp.KindBits == 0 || mp.KindBits > 8 || int(mp.KindShift)+int(mp.KindBits) > 32 {
		return nil
	}
	var zero P
	if s := mp.Side; s.Op != PlaceByte || s.A != s.B || s.A%8 != 0 || s.A+8 > unsafe.Sizeof(zero) || s.Shift > 56 {
		return nil
	}
	return mp
}

// get reads the value in position p.
func (l *place) get(p unsafe.Pointer) int32 {
	w := *(*uint64)(unsafe.Add(p, l.a)) & *(*uint64)(unsafe.Add(p, l.b))
	switch l.op {
	case PlaceFirst:
		if w == 0 {
			return None
		}
		return int32(bits.TrailingZeros64(w))
	case PlaceCount:
		return int32(bits.OnesCount64(w))
	case PlaceLast:
		if w == 0 {
			return None
		}
		return int32(63 - bits.LeadingZeros64(w))
	}
	return int32(uint8(w >> (l.shift & 63)))
}

// Placed is the value of f with constant arguments x, y, z in p as the
// compiled definitions read it in place (Func.Place), and whether f has
// a place for them: a library's tests compare it with Eval.
func (f *Func[P]) Placed(p *P, x, y, z int32) (int32, bool) {
	l := placeOf(f, x, y, z)
	if l.op == PlaceNone {
		return 0, false
	}
	return l.get(unsafe.Pointer(p)), true
}

// Placed is the value of predicate pr in p as the generated goals read
// it in place (Predicate.Place), and whether pr has a place: a library's
// tests compare it with Pos.
func (pr *Predicate[P]) Placed(p *P) (holds, ok bool) {
	l, ok := pr.placed()
	if !ok {
		return false, false
	}
	return l.get(unsafe.Pointer(p)) == pr.Is, true
}

// placed is pr's place checked against the position type.
func (pr *Predicate[P]) placed() (place, bool) {
	if pr.Place == nil || pr.Kind == RelationKind || pr.def != nil {
		return place{}, false
	}
	f := Func[P]{Reads: 1, Place: func(_, _, _ int32) (Place, bool) { return *pr.Place, true }}
	l := placeOf(&f, 0, 0, 0)
	return l, l.op != PlaceNone
}

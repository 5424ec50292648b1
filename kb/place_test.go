package kb

import "testing"

// TestPlaceChecked: a Place is read as it says when its words lie inside
// the position, aligned, and is refused (the primitive called) otherwise.
func TestPlaceChecked(t *testing.T) {
	type pos struct {
		men, side uint64
		flags     uint64
	}
	p := pos{men: 0b1011000, side: 0b0011000, flags: 0xab << 16}
	for _, c := range []struct {
		pl   Place
		want int32
		ok   bool
	}{
		{Place{Op: PlaceFirst, A: 0, B: 8}, 3, true},
		{Place{Op: PlaceCount, A: 0, B: 8}, 2, true},
		{Place{Op: PlaceCount, A: 0, B: 0}, 3, true},
		{Place{Op: PlaceFirst, A: 16, B: 8}, None, true},
		{Place{Op: PlaceByte, A: 16, B: 16, Shift: 16}, 0xab, true},
		{Place{Op: PlaceLast, A: 0, B: 8}, 4, true},
		{Place{Op: PlaceLast, A: 16, B: 8}, None, true},
		{Place{Op: PlaceNone, A: 0, B: 8}, 0, false},
		{Place{Op: PlaceLast + 1, A: 0, B: 8}, 0, false},
		{Place{Op: PlaceFirst, A: 4, B: 8}, 0, false},
		{Place{Op: PlaceFirst, A: 0, B: 24}, 0, false},
		{Place{Op: PlaceByte, A: 16, B: 16, Shift: 60}, 0, false},
	} {
		pl := c.pl
		f := &Func[pos]{Name: "f", Reads: 1, Place: func(_, _, _ int32) (Place, bool) { return pl, true }}
		v, ok := f.Placed(&p, 0, 0, 0)
		if ok != c.ok || ok && v != c.want {
			t.Errorf("%+v: %d %v, want %d %v", c.pl, v, ok, c.want, c.ok)
		}
	}
	f := &Func[pos]{Name: "g", Reads: 2, Place: func(_, _, _ int32) (Place, bool) { return Place{Op: PlaceFirst}, true }}
	if _, ok := f.Placed(&p, 0, 0, 0); ok {
		t.Errorf("a primitive of two positions placed")
	}
}

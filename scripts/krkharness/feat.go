package main

func beyond(b, r int) int {
	if b < r {
		return r
	} // lines 0..r-1 => r lines
	if b > r {
		return 7 - r
	}
	return 0
}
func box(wk, wr, bk int) int {
	x := beyond(bk&7, wr&7) * beyond(bk>>3, wr>>3)
	if x == 0 {
		return 64
	}
	return x
}
func cmd(s int) int {
	f, r := s&7, s>>3
	return imax(3-f, f-4) + imax(3-r, r-4)
}
func edged(s int) int {
	f, r := s&7, s>>3
	return imin(imin(f, 7-f), imin(r, 7-r))
}
func tdivide(wk, wr, bk int) bool {
	a, b, c := wk&7, wr&7, bk&7
	if (a < b && b < c) || (c < b && b < a) {
		return true
	}
	a, b, c = wk>>3, wr>>3, bk>>3
	return (a < b && b < c) || (c < b && b < a)
}
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

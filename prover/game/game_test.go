package game

import "testing"

func TestSide(t *testing.T) {
	if White.Other() != Black || Black.Other() != White {
		t.Fatal("Other does not swap the sides")
	}
	if White.String() != "white" || Black.String() != "black" {
		t.Fatalf("names: %s, %s", White, Black)
	}
}

func TestOutcomeNames(t *testing.T) {
	want := []string{"ongoing", "mate", "stalemate", "draw", "repetition", "stuck", "limit", "undetermined"}
	for o := Ongoing; o <= Undetermined; o++ {
		if o.String() != want[o] {
			t.Errorf("Outcome(%d) = %q, want %q", o, o.String(), want[o])
		}
	}
}

// heap is a toy game: take one stone; the side with an empty heap to move
// has no move.
type heap struct{}

func (heap) ToMove(p *int) Side { return Side(*p & 1) }
func (heap) Moves(p *int, buf []int) []int {
	if *p == 0 {
		return buf[:0]
	}
	return append(buf[:0], 1)
}
func (heap) Play(p *int, m int) int { return *p - m }
func (heap) Hash(p *int) uint64     { return uint64(*p) }

func TestNoMoveLoses(t *testing.T) {
	r := NoMoveLoses[int, int]{G: heap{}}
	n := 0
	if o, why, over := r.Over(&n); !over || o != Mate || why != "no legal move" {
		t.Fatalf("empty heap: %v %q %v", o, why, over)
	}
	n = 2
	if o, _, over := r.Over(&n); over || o != Ongoing {
		t.Fatalf("heap 2: %v %v", o, over)
	}
}

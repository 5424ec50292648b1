package prover

import (
	"errors"
	"testing"

	"github.com/advicelang/al/kb"
)

// orderOf is a move constraint of n parts (0: any).
func orderOf(n int) kb.Order[nim] {
	o := kb.Order[nim]{}
	for range n {
		o = append(o, kb.Rel(nimTook1, kb.P1, kb.P2))
	}
	return o
}

// TestCombinationPartsCheckedFirst: the parts a combination would have
// are counted before it is built (CombineOrders makes 2a+b of a and b), a
// combination over MaxOrderParts is a *PartsError, and a plan combined
// with itself again and again stops there (issue 22: thirty `or`s grew to
// 2^31 parts and 5.4 GB).
func TestCombinationPartsCheckedFirst(t *testing.T) {
	for a := range 5 {
		for b := range 5 {
			got := int64(len(CombineOrders(orderOf(a), orderOf(b))))
			if want := combinedParts(a, b); got != want {
				t.Fatalf("CombineOrders of %d and %d parts has %d, combinedParts says %d", a, b, got, want)
			}
		}
	}
	p := nimWin(3)
	p.Moves = orderOf(2)
	acc := p
	for i := 0; ; i++ {
		next, err := Or(acc, p)
		var pe *PartsError
		if errors.As(err, &pe) {
			if pe.Parts <= MaxOrderParts || int64(len(acc.Moves)) > MaxOrderParts {
				t.Fatalf("refused at %d parts, having built %d", pe.Parts, len(acc.Moves))
			}
			if _, err := Mod(acc, p); !errors.As(err, &pe) {
				t.Fatalf("mod of the same plans: %v", err)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if i > 10 {
			t.Fatal("no refusal after ten combinations")
		}
		acc = next
	}
}

package tablebase

import "testing"

// BenchmarkGenerate measures the generation of each table alone (KPK with
// its KQK and KRK tables already at hand).
func BenchmarkGenerate(b *testing.B) {
	deps := tables(b)
	for _, eg := range Endgames() {
		b.Run(eg.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := generate(eg, deps, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLookup measures one lookup by squares, over legal positions.
func BenchmarkLookup(b *testing.B) {
	tab := tables(b)(KRK)
	var legal []int
	sample(tab, wtm, 7, func(idx int) { legal = append(legal, idx) })
	i := 0
	for b.Loop() {
		idx := legal[i%len(legal)]
		i++
		if _, err := tab.Lookup(true, idx>>12, idx>>6&63, idx&63); err != nil {
			b.Fatal(err)
		}
	}
}

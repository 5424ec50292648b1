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

// BenchmarkLookup measures one index lookup.
func BenchmarkLookup(b *testing.B) {
	tab := tables(b)(KRK)
	i := 0
	for b.Loop() {
		i = (i + 7919) & (1<<18 - 1)
		if _, err := tab.Lookup(true, i>>12, i>>6&63, i&63); err != nil {
			continue
		}
	}
}

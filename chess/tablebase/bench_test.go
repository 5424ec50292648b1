package tablebase

import (
	"testing"

	"github.com/advicelang/al/chess"
)

// BenchmarkGenerate measures the generation of each table alone, the
// tables it continues into at hand (KQK and KRK for KPK and KQKR). -benchmem
// reports the bytes it allocates: the table (two bytes an index), the
// counters and the queues of the walk.
func BenchmarkGenerate(b *testing.B) {
	tb := testBase(b)
	for _, eg := range Endgames() {
		b.Run(eg.String(), func(b *testing.B) {
			for _, d := range eg.deps() {
				if _, err := tb.Table(d); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				if _, err := generate(eg, func(e Endgame) *Table { return tb.tables[e] }, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLookup measures one lookup by squares, over legal positions.
func BenchmarkLookup(b *testing.B) {
	tab := table(b, "krk")
	var legal [][maxMen]int
	var sq [maxMen]int
	sample(tab, wtm, 7, func(idx int) {
		tab.spec.decode(idx, &sq)
		legal = append(legal, sq)
	})
	i := 0
	for b.Loop() {
		sq := legal[i%len(legal)]
		i++
		if _, err := tab.Lookup(true, sq[0], sq[1], sq[2]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProbe measures Value (the probe: the material's table, the
// index, the byte) and Probe (with every best move: a probe after each
// legal move) on a three-man and a four-man position.
func BenchmarkProbe(b *testing.B) {
	tb := testBase(b)
	for _, pos := range []string{"Kb5 Pd3 / Ke5 w", "Kd1 Qh1 / Ka6 Ra2 b"} {
		p, err := chess.Parse(pos)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tb.Value(p); err != nil {
			b.Fatal(err)
		}
		b.Run("value/"+pos, func(b *testing.B) {
			for b.Loop() {
				if _, err := tb.Value(p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("best-moves/"+pos, func(b *testing.B) {
			for b.Loop() {
				if _, err := tb.Probe(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package chess

import (
	"testing"
	"time"
)

// Benchmark positions: the start position and the endgames the tablebase
// and the knowledge bases work on.
var benchPositions = []struct {
	name  string
	fen   string
	depth int
}{
	{"start", StartFEN, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
	{"KRK", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 6},
	{"KBBK", "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", 6},
	{"KPK", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1", 8},
}

// BenchmarkPerft reports perft nodes per second (leaf nodes counted in
// bulk at the last ply, as Stockfish's "go perft" does).
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions {
		p, err := ParseFEN(bp.fen)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bp.name, func(b *testing.B) {
			var nodes uint64
			start := time.Now()
			for b.Loop() {
				nodes += Perft(&p, bp.depth)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPlay measures copy-make: the pointer-receiver Play the package
// uses against a value-receiver variant.
func BenchmarkPlay(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	var sink uint64
	b.Run("pointer", func(b *testing.B) {
		for b.Loop() {
			for _, m := range moves {
				q := playPointer(&p, m)
				sink += q.hash
			}
		}
	})
	b.Run("value", func(b *testing.B) {
		for b.Loop() {
			for _, m := range moves {
				q := playValue(p, m)
				sink += q.hash
			}
		}
	})
	_ = sink
}

// Both variants are kept out of line so that they compare like for like.
//
//go:noinline
func playPointer(p *Position, m Move) Position { return p.Play(m) }

//go:noinline
func playValue(p Position, m Move) Position {
	p.apply(m)
	return p
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, bp := range benchPositions {
		p, _ := ParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			var buf [MaxMoves]Move
			for b.Loop() {
				_ = p.LegalMoves(buf[:0])
			}
		})
	}
}

func BenchmarkMate(b *testing.B) {
	p, _ := ParseFEN("8/8/8/4k3/8/8/8/R3K3 b - - 0 1")
	for b.Loop() {
		_ = p.Mate()
	}
}

// BenchmarkPerftTable runs every entry of testdata/perft.epd to its deepest
// depth (about a billion nodes) and fails on a wrong count: the deep half
// of TestPerft.
func BenchmarkPerftTable(b *testing.B) {
	cases := readPerftEPD(b)
	for b.Loop() {
		var nodes uint64
		start := time.Now()
		for _, c := range cases {
			p, err := ParseFEN(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			d := 0
			for k := range c.depths {
				d = max(d, k)
			}
			if got := Perft(&p, d); got != c.depths[d] {
				b.Fatalf("%s: perft %d = %d, want %d", c.fen, d, got, c.depths[d])
			}
			nodes += c.depths[d]
		}
		b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	}
}

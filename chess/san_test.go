package chess

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func TestSAN(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		// Castling both ways; promotions to all four pieces, with check marks.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8q", "b8=Q"},
		{"8/1P6/8/8/8/8/8/1k1K4 w - - 0 1", "b7b8q", "b8=Q+"},
		{"8/1P6/8/8/8/8/8/1k1K4 w - - 0 1", "b7b8r", "b8=R+"},
		{"8/1P6/8/8/8/8/8/1k1K4 w - - 0 1", "b7b8b", "b8=B"},
		{"8/1P6/8/8/8/8/8/1k1K4 w - - 0 1", "b7b8n", "b8=N"},
		{"2r5/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7c8n", "bxc8=N"},
		// En passant.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		// Disambiguation by file, by rank, by both.
		{"k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "b1d2", "Nbd2"},
		{"7k/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{"8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		// Pinned knight: the other one is not ambiguous.
		{"4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3", "Nd3"},
		// Mate.
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.uci, err)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		for _, text := range []string{c.san, c.uci} {
			back, err := p.ParseMove(text)
			if err != nil || back != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.fen, text, back, err, c.uci)
			}
		}
	}
}

func TestParseMoveLenient(t *testing.T) {
	p, _ := ParseFEN("r3k2r/1P6/8/3p4/4P3/8/8/R3K1NR w KQkq - 0 1")
	for _, c := range []struct{ text, uci string }{
		{"exd5", "e4d5"}, {"ed5", "e4d5"}, {"e4xd5", "e4d5"}, {"exd5!?", "e4d5"},
		{"Nf3", "g1f3"}, {"Ng1-f3", "g1f3"}, {"Ngf3", "g1f3"}, {"Nf3+", "g1f3"},
		{"0-0-0", "e1c1"}, {"O-O-O", "e1c1"}, {"O-O", ""}, {"o-o", ""}, {"0-0-0+", "e1c1"},
		{"b8=Q", "b7b8q"}, {"b8Q", "b7b8q"}, {"b8=n", "b7b8n"}, {"bxa8=R+", "b7a8r"}, {"Pe5", "e4e5"},
		{" e5 ", "e4e5"}, {"E1C1", ""},
	} {
		m, err := p.ParseMove(c.text)
		if c.uci == "" {
			if err == nil {
				t.Errorf("%q: parsed as %s, want an error", c.text, m)
			}
			continue
		}
		if err != nil || m.UCI() != c.uci {
			t.Errorf("%q: %v %v, want %s", c.text, m, err, c.uci)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, c := range []struct{ fen, text, want string }{
		{StartFEN, "", "not a move"},
		{StartFEN, "Zf3", "not a move"},
		{StartFEN, "Nf4", "no legal move matches it"},
		{StartFEN, "e5", "no legal move matches it"},
		{StartFEN, "e2e5", "illegal in this position"},
		{StartFEN, "O-O", "castling is not legal here"},
		{StartFEN, "e7e8x", "bad promotion letter"},
		{"k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "Nd2", "ambiguous: it could be Nbd2 or Nfd2"},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b8", "a promotion needs its piece"},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8", "a promotion needs its piece"},
		{"8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b8=K", "bad promotion piece"},
	} {
		p, _ := ParseFEN(c.fen)
		_, err := p.ParseMove(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want %q", c.fen, c.text, err, c.want)
		}
	}
}

// TestSANRoundTrip: on random positions, every legal move's SAN and UCI
// parse back to the move, and SANs are unique within a position.
func TestSANRoundTrip(t *testing.T) {
	var buf [MaxMoves]Move
	for _, p := range crossPositions(400) {
		seen := map[string]bool{}
		for _, m := range p.LegalMoves(buf[:0]) {
			san := p.SAN(m)
			if seen[san] {
				t.Fatalf("%s: SAN %s twice", p.FEN(), san)
			}
			seen[san] = true
			for _, text := range []string{san, m.UCI()} {
				if back, err := p.ParseMove(text); err != nil || back != m {
					t.Fatalf("%s: %q -> %v %v, want %s", p.FEN(), text, back, err, m)
				}
			}
		}
	}
}

func TestDiagram(t *testing.T) {
	var out strings.Builder
	for _, s := range []string{StartFEN, "Kb5 Pd3 / Ke5 w", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "1R4k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"} {
		p, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString(s + "\n" + p.Diagram(false) + p.Diagram(true) + "\n")
	}
	golden(t, "testdata/diagram.golden", out.String())
}

// golden compares got with the file, or rewrites the file under -update.
func golden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to rewrite it):\n%s", file, got)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd5", "O-O", "0-0-0", "b8=Q", "e7e8q", "Nbd2", "Qa1b2", "R1a2", "bxa8=R+", "Ng1-f3", "e5!?"} {
		f.Add(s)
	}
	positions := []string{
		StartFEN,
		"r3k2r/1P6/8/3p4/4P3/8/8/R3K1NR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	}
	var ps []Position
	for _, s := range positions {
		p, _ := ParseFEN(s)
		ps = append(ps, p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range ps {
			m, err := p.ParseMove(s)
			if err != nil {
				continue
			}
			// A parsed move is legal, and its SAN names it again.
			var buf [MaxMoves]Move
			legal := false
			for _, l := range p.LegalMoves(buf[:0]) {
				legal = legal || l == m
			}
			if !legal {
				t.Fatalf("%s: %q parsed to the illegal move %s", p.FEN(), s, m)
			}
			if back, err := p.ParseMove(p.SAN(m)); err != nil || back != m {
				t.Fatalf("%s: %q -> %s -> %v %v", p.FEN(), s, p.SAN(m), back, err)
			}
		}
	})
}

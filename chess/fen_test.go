package chess

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
		"8/8/8/1K2k3/8/3P4/8/8 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K - 65535 65535",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: %s -> %s", fen, got)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash not the computed one", fen)
		}
	}
}

func TestFENNormalises(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		// An en-passant square no pawn can use is dropped.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// Castling rights in KQkq order; missing counters are 0 1.
		{"r3k2r/8/8/8/8/8/8/R3K2R w qkQK -", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"  8/8/8/1K2k3/8/3P4/8/8   w  -  -  0  1 ", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("%s -> %s, want %s", c.in, got, c.out)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "FEN fields: want 6 fields"},
		{"8/8/8/8/8/8/8/8 w - - 0", "FEN fields: want 6 fields (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4, got 5"},
		{"8/8/8/8/8/8/8/8 w - - 0 1 x", "got 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "FEN board: want 8 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", `FEN board: bad piece letter "X" in rank 1`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", `FEN board: rank 1 ("RNBQKBN") covers 7 squares, want 8`},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `FEN board: bad piece letter "9" in rank 6`},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `FEN board: rank 6 ("44") has two digits in a row`},
		{"rnbqkbnr/pppppppp/53/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `FEN board: rank 6 ("53") has two digits in a row`},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", `rank 7 ("ppppppppp") covers 9 squares, want 8`},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "FEN board: white has 0 kings, want exactly 1"},
		{"k7/8/8/8/8/8/8/KK6 w - - 0 1", "FEN board: white has 2 kings, want exactly 1"},
		{"8/8/8/8/8/8/8/K7 w - - 0 1", "FEN board: black has 0 kings, want exactly 1"},
		{"8/8/8/8/8/8/8/Kk6 w - - 0 1", "FEN board: kings are adjacent (a1 and b1)"},
		{"k6P/8/8/8/8/8/8/K7 w - - 0 1", "FEN board: pawn on h8"},
		{"k7/8/8/8/8/8/8/K6p b - - 0 1", "FEN board: pawn on h1"},
		{"k6R/8/8/8/8/8/8/K7 w - - 0 1", "FEN side to move: black is in check but white is to move"},
		{"k7/8/8/8/8/8/8/K7 x - - 0 1", `FEN side to move: want w or b, got "x"`},
		{"k7/8/8/8/8/8/8/K7 w KQ - 0 1", "FEN castling: K needs the white king on e1 and a rook on h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", `FEN castling: "KK" repeats K`},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kx - 0 1", `FEN castling: want '-' or some of KQkq, got "Kx"`},
		{"k7/8/8/8/8/8/8/K7 w - e9 0 1", `FEN en passant: want '-' or a square, got "e9"`},
		{"k7/8/8/8/8/8/8/K7 w - e3 0 1", "FEN en passant: e3 is not on rank 6"},
		{"k7/8/8/8/8/8/8/K7 w - e6 0 1", "FEN en passant: no black pawn on e5 to have passed e6"},
		{"k7/4p3/8/4p3/8/8/8/K7 w - e6 0 1", "FEN en passant: e6 or e7 is occupied"},
		{"k7/8/8/8/8/8/8/K7 w - - -1 1", `FEN halfmove clock: want a whole number from 0 to 65535, got "-1"`},
		{"k7/8/8/8/8/8/8/K7 w - - x 1", "FEN halfmove clock"},
		{"k7/8/8/8/8/8/8/K7 w - - 65536 1", "FEN halfmove clock"},
		{"k7/8/8/8/8/8/8/K7 w - - +1 1", "FEN halfmove clock"},
		{"k7/8/8/8/8/8/8/K7 w - - 0 0", `FEN fullmove number: want a whole number from 1 to 65535, got "0"`},
		{"k7/8/8/8/8/8/8/K7 w - - 0 z", "FEN fullmove number"},
	} {
		_, err := ParseFEN(c.fen)
		if err == nil {
			t.Errorf("%q: no error, want %q", c.fen, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want %q", c.fen, err, c.want)
		}
	}
}

func TestPieceList(t *testing.T) {
	for _, c := range []struct{ in, fen string }{
		{"Kb5 Pd3 / Ke5 w", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"},
		{"Kb5 Pd3/Ke5 b", "8/8/8/1K2k3/8/3P4/8/8 b - - 0 1"},
		{"  Ka1, Qb3 /  Kh8   w ", "7k/8/8/8/8/1Q6/8/K7 w - - 0 1"},
		{"Ke1 Ra1 Rh1 / Ke8 w", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"},
	} {
		for _, parse := range []func(string) (Position, error){ParsePieceList, Parse} {
			p, err := parse(c.in)
			if err != nil {
				t.Fatalf("%q: %v", c.in, err)
			}
			if got := p.FEN(); got != c.fen {
				t.Errorf("%q -> %s, want %s", c.in, got, c.fen)
			}
			if p.Hash() != p.computeHash() {
				t.Errorf("%q: bad hash", c.in)
			}
		}
	}
}

func TestPieceListErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Kb5 Pd3 Ke5 w", "piece list form: want White's pieces, '/', Black's pieces"},
		{"Kb5 / Ke5", "piece list side to move: want w or b"},
		{"Kb5 / Ke5 x", "piece list side to move: want w or b"},
		{"Kb5 Xd3 / Ke5 w", `piece list white pieces: bad piece letter "X" in "Xd3"`},
		{"Kb5 / Ke5 kd3 w", `piece list black pieces: bad piece letter "k" in "kd3"`},
		{"Kb5 Pz3 / Ke5 w", `piece list white pieces: bad square "z3" in "Pz3"`},
		{"Kb5 P / Ke5 w", `piece list white pieces: want a piece letter (K Q R B N P) and a square, got "P"`},
		{"Kb5 Pb5 / Ke5 w", "piece list white pieces: two pieces on b5"},
		{"Kb5 / Ke5 Qb5 w", "piece list black pieces: two pieces on b5"},
		{"Pd3 / Ke5 w", "piece list pieces: white has 0 kings"},
		{"Kb5 Kb6 / Ke5 w", "piece list pieces: white has 2 kings"},
		{"Kb5 / Kb6 w", "piece list pieces: kings are adjacent (b5 and b6)"},
		{"Kb5 Pd8 / Ke5 w", "piece list pieces: pawn on d8"},
		{"Kb5 Qe1 / Ke5 w", "piece list side to move: black is in check but white is to move"},
		// A FEN cut short: the piece list is named as the other way.
		{"8/8/8/8/8/8/1R6/k1K5 w", `FEN fields: want 6 fields (board, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4, got 2; or write a piece list, such as "Kb5 Pd3 / Ke5 w"`},
	} {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("%q: no error, want %q", c.in, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want %q", c.in, err, c.want)
		}
	}
}

func TestParseStartpos(t *testing.T) {
	p, err := Parse("startpos")
	if err != nil || p.FEN() != StartFEN {
		t.Fatalf("startpos: %v %s", err, p.FEN())
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		StartFEN, "Kb5 Pd3 / Ke5 w", "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "Ka1 / Kh8, Ph7 b", "k7/8/8/8/8/8/8/K7 w - - 0 z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if p != (Position{}) {
				t.Errorf("%q: error %v with a non-zero position", s, err)
			}
			return
		}
		// A parsed position formats to a FEN that parses back to it.
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, fen, err)
		}
		if q != p {
			t.Fatalf("%q -> %q parses to a different position", s, fen)
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("%q: hash", s)
		}
		var buf [MaxMoves]Move
		for _, m := range p.LegalMoves(buf[:0]) {
			n := p.Play(m)
			if n.Hash() != n.computeHash() {
				t.Fatalf("%q: hash after %s", s, m)
			}
		}
	})
}

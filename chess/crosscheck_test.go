package chess

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	cc "github.com/corentings/chess/v2"
)

// randomEndgame places the white and black pieces (letters, kings implied)
// on random squares until the result is a legal position with side to move
// c, and returns it.
func randomEndgame(r *rand.Rand, white, black string, c Color) Position {
	for {
		var used Bitboard
		place := func(letters string) string {
			var b strings.Builder
			for _, l := range "K" + letters {
				sq := Square(r.IntN(64))
				for used.Has(sq) {
					sq = Square(r.IntN(64))
				}
				used |= sq.Bitboard()
				b.WriteString(string(l) + sq.String() + " ")
			}
			return b.String()
		}
		side := "w"
		if c == Black {
			side = "b"
		}
		p, err := ParsePieceList(place(white) + "/ " + place(black) + side)
		if err == nil {
			return p
		}
	}
}

// randomGame plays up to plies random legal moves from p.
func randomGame(r *rand.Rand, p Position, plies int) Position {
	var buf [MaxMoves]Move
	for range plies {
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		p = p.Play(moves[r.IntN(len(moves))])
	}
	return p
}

// crossPositions returns a deterministic mix of random endgames and random
// middlegame positions.
func crossPositions(n int) []Position {
	r := rand.New(rand.NewPCG(1, 2))
	endgames := [][2]string{
		{"R", ""}, {"Q", ""}, {"BB", ""}, {"P", ""}, {"BN", ""}, {"R", "R"}, {"Q", "P"},
		{"PP", "P"}, {"R", "N"}, {"Q", "R"}, {"RP", "R"}, {"NN", "P"}, {"PPP", "PPP"},
	}
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	var out []Position
	for i := range n {
		if i%2 == 0 {
			e := endgames[r.IntN(len(endgames))]
			out = append(out, randomEndgame(r, e[0], e[1], Color(r.IntN(2))))
			continue
		}
		p, _ := ParseFEN(starts[r.IntN(len(starts))])
		out = append(out, randomGame(r, p, r.IntN(60)))
	}
	return out
}

// TestCrossCheck compares legal-move sets, SAN and the game status with
// github.com/corentings/chess/v2 on random positions.
func TestCrossCheck(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	var buf [MaxMoves]Move
	for _, p := range crossPositions(n) {
		fen := p.FEN()
		opt, err := cc.FEN(fen)
		if err != nil {
			t.Fatalf("%s: corentings: %v", fen, err)
		}
		theirPos := cc.NewGame(opt).Position()
		var theirs, theirSAN []string
		for _, m := range theirPos.ValidMoves() {
			theirs = append(theirs, cc.UCINotation{}.Encode(theirPos, &m))
			theirSAN = append(theirSAN, promotionCheckless(cc.AlgebraicNotation{}.Encode(theirPos, &m)))
		}
		var ours, ourSAN []string
		for _, m := range p.LegalMoves(buf[:0]) {
			ours = append(ours, m.UCI())
			ourSAN = append(ourSAN, promotionCheckless(p.SAN(m)))
		}
		slices.Sort(theirs)
		slices.Sort(ours)
		if !slices.Equal(ours, theirs) {
			t.Fatalf("%s: moves differ\nours   %v\ntheirs %v", fen, ours, theirs)
		}
		slices.Sort(theirSAN)
		slices.Sort(ourSAN)
		if !slices.Equal(ourSAN, theirSAN) {
			t.Errorf("%s: SAN differs\nours   %v\ntheirs %v", fen, ourSAN, theirSAN)
		}
		st := theirPos.Status()
		if p.Mate() != (st == cc.Checkmate) || p.Stalemate() != (st == cc.Stalemate) {
			t.Errorf("%s: mate %v stalemate %v, theirs %v", fen, p.Mate(), p.Stalemate(), st)
		}
	}
}

// promotionCheckless drops the check mark of a promotion's SAN:
// corentings/chess v2.3.2 marks an under-promotion as check when the queen
// promotion would be (d1=N+ with the king out of the knight's reach), so
// promotions are compared without it; TestSAN checks ours.
func promotionCheckless(san string) string {
	if strings.Contains(san, "=") {
		return strings.TrimRight(san, "+#")
	}
	return san
}

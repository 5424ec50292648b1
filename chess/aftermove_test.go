package chess

import (
	"math/rand/v2"
	"testing"
)

// TestHopelessRun: HopelessRun answers as the loop over GivesCheck and
// QuietReply, from every index of the moves of positions of every kind,
// many of them lone kings against sliders (its short way).
func TestHopelessRun(t *testing.T) {
	ps := crossPositions(400)
	r := rand.New(rand.NewPCG(5, 6))
	for _, e := range [][2]string{{"R", ""}, {"Q", ""}, {"BB", ""}, {"RR", ""}, {"QR", ""}, {"RB", ""}, {"QB", ""}, {"BN", ""}, {"P", ""}} {
		for range 300 {
			ps = append(ps, randomEndgame(r, e[0], e[1], White), randomEndgame(r, e[1], e[0], Black))
		}
	}
	var buf [MaxMoves]Move
	short, checks, quiet, none := 0, 0, 0, 0
	for _, p := range ps {
		moves := p.LegalMoves(buf[:0])
		them := p.SideToMove() ^ 1
		if p.ColorPieces(them) == p.Pieces(them, King) {
			short++
		}
		for i := 0; i <= len(moves); i++ {
			j, c := p.HopelessRun(moves, i)
			wj, wc := p.hopelessLoop(moves, i)
			if j != wj || c != wc {
				t.Fatalf("%s from %d: HopelessRun %d %v, the loop %d %v", p.FEN(), i, j, c, wj, wc)
			}
			switch {
			case j == len(moves):
				none++
			case c:
				checks++
			default:
				quiet++
			}
		}
	}
	if short < 1000 || checks == 0 || quiet == 0 || none == 0 {
		t.Fatalf("too few cases: %d lone kings; runs ending in a check %d, a move with no quiet reply %d, none %d", short, checks, quiet, none)
	}
}

// TestHopelessMoves: where HopelessMoves answers, its moves are
// LegalMoves' and its masks HopelessRun's from every index; it answers
// the lone kings against a king and one slider (positions made by
// Game.PlayInto among them, their derived fields stale) and no other.
func TestHopelessMoves(t *testing.T) {
	ps := crossPositions(400)
	r := rand.New(rand.NewPCG(7, 8))
	for _, e := range [][2]string{{"R", ""}, {"Q", ""}, {"B", ""}, {"", ""}, {"BB", ""}, {"RR", ""}, {"N", ""}, {"P", ""}, {"R", "P"}} {
		for range 400 {
			ps = append(ps, randomEndgame(r, e[0], e[1], White), randomEndgame(r, e[1], e[0], Black))
		}
	}
	var buf, cbuf, hbuf [MaxMoves]Move
	n := len(ps)
	for _, p := range ps[:n] {
		for _, m := range p.LegalMoves(cbuf[:0]) {
			var q Position
			Game{}.PlayInto(&q, &p, m)
			ps = append(ps, q)
		}
	}
	answered, stops, checks, mates := 0, 0, 0, 0
	for _, p := range ps {
		q := p
		hm, stop, check, ok := q.HopelessMoves(hbuf[:0])
		them := p.side ^ 1
		sl := p.byColor[p.side] &^ p.byType[King]
		want := p.byColor[them] == p.byType[King]&p.byColor[them] && p.byColor[them] != 0 &&
			p.byType[King]&p.byColor[p.side] != 0 && sl&(sl-1) == 0 &&
			sl&(p.byType[Pawn]|p.byType[Knight]) == 0 && p.castle == 0 && !p.InCheck()
		if want && p.byColor[them] != 0 {
			// (A lone king in check with the other side to move is not a
			// position of play; HopelessMoves declines it.)
			q2 := p
			q2.side ^= 1
			q2.check = stale
			want = !q2.InCheck()
		}
		if ok != want {
			t.Fatalf("%s: HopelessMoves answers %v, want %v", p.FEN(), ok, want)
		}
		if !ok {
			continue
		}
		answered++
		moves := p.LegalMoves(buf[:0])
		if len(hm) != len(moves) {
			t.Fatalf("%s: HopelessMoves lists %v, LegalMoves %v", p.FEN(), hm, moves)
		}
		for i := range moves {
			if hm[i] != moves[i] {
				t.Fatalf("%s: HopelessMoves lists %v, LegalMoves %v", p.FEN(), hm, moves)
			}
		}
		for i := 0; i <= len(moves); i++ {
			j, c := p.HopelessRun(moves, i)
			mj, mc := len(moves), false
			for k := i; k < len(moves); k++ {
				if stop>>uint(k)&1 != 0 {
					mj, mc = k, check>>uint(k)&1 != 0
					break
				}
			}
			if j != mj || c != mc {
				t.Fatalf("%s from %d: HopelessRun %d %v, the masks %d %v (%b %b)", p.FEN(), i, j, c, mj, mc, stop, check)
			}
		}
		// MateMoves: the same, but for the checks that do not mate,
		// after which the lone king's first step gives no check.
		q = p
		mm, mstop, mcheck, mok := q.MateMoves(hbuf[:0])
		if !mok || len(mm) != len(moves) {
			t.Fatalf("%s: MateMoves %v %v, LegalMoves %v", p.FEN(), mok, mm, moves)
		}
		for i, m := range moves {
			c := p.Play(m)
			want := stop>>uint(i)&1 != 0 && (check>>uint(i)&1 == 0 || c.Mate())
			if got := mstop>>uint(i)&1 != 0; got != want || mm[i] != m || mcheck>>uint(i)&1 != (check>>uint(i))&(mstop>>uint(i))&1 {
				t.Fatalf("%s: MateMoves' %s stops %v, want %v (checks %b, HopelessMoves' %b)", p.FEN(), m, got, want, mcheck, check)
			}
			if check>>uint(i)&1 != 0 && !want {
				mates++
				r, ok := Game{}.FirstMove(&c)
				if !ok || c.GivesCheck(r) {
					t.Fatalf("%s: after %s, the first reply %s (%v) gives check", p.FEN(), m, r, ok)
				}
			}
		}
		if stop>>uint(len(moves)) != 0 || check&^stop != 0 {
			t.Fatalf("%s: masks %b %b beyond the moves or a check not a stop", p.FEN(), stop, check)
		}
		for i := range moves {
			if stop>>uint(i)&1 != 0 {
				stops++
				if check>>uint(i)&1 != 0 {
					checks++
				}
			}
		}
	}
	t.Logf("%d positions, %d answered, %d stops, %d checks, %d of them passed over by MateMoves", len(ps), answered, stops, checks, mates)
	if answered < 2000 || stops == 0 || checks == 0 || checks == stops || mates == 0 || mates == checks {
		t.Fatalf("too few cases: %d answered, %d stops, %d checks", answered, stops, checks)
	}
	if n := testing.AllocsPerRun(100, func() { q := ps[0]; q.HopelessMoves(hbuf[:0]) }); n != 0 {
		t.Fatalf("HopelessMoves allocates %v times", n)
	}
}

// TestPiecesAfter: PiecesAfter is PiecesOf of the position the move
// makes, for every move of positions of every kind (castling, en passant
// and promotions among them), each side and kind.
func TestPiecesAfter(t *testing.T) {
	var buf [MaxMoves]Move
	plain, special := 0, 0
	for _, p := range crossPositions(600) {
		for _, m := range p.LegalMoves(buf[:0]) {
			q := p.Play(m)
			isSpecial := m.Promotion() != NoPieceType || m.IsCastle() || m.IsEnPassant()
			if isSpecial {
				special++
			} else {
				plain++
			}
			for c := White; c <= Black; c++ {
				for k := Pawn; k <= King; k++ {
					want := q.PiecesOf(c, k)
					if got := p.PiecesAfter(m, c, k); got != want {
						t.Fatalf("%s %s: PiecesAfter(%s, %s) %x, want %x", p.FEN(), m, c, k, uint64(got), uint64(want))
					}
				}
			}
		}
	}
	if plain < 1000 || special == 0 {
		t.Fatalf("only %d moves and %d special ones", plain, special)
	}
}

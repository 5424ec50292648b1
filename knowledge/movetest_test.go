package knowledge_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/stretchr/testify/require"
)

// randomMen places both kings and the given men (White's, then Black's)
// at random, with a random side to move, until the position is legal.
func randomMen(r *rand.Rand, white, black []chess.PieceType) chess.Position {
	for {
		var pl []chess.Placement
		used := map[chess.Square]bool{}
		put := func(c chess.Color, k chess.PieceType) {
			s := chess.Square(r.IntN(64))
			for used[s] {
				s = chess.Square(r.IntN(64))
			}
			used[s] = true
			pl = append(pl, chess.Placement{Piece: chess.NewPiece(c, k), Square: s})
		}
		put(chess.White, chess.King)
		put(chess.Black, chess.King)
		for _, k := range white {
			put(chess.White, k)
		}
		for _, k := range black {
			put(chess.Black, k)
		}
		if p, err := chess.NewPosition(chess.Color(r.IntN(2)), pl...); err == nil {
			return p
		}
	}
}

// randomPositions is n positions of randomMen, the materials taken in
// turn: the shipped bases' endgames and a few others.
func randomPositions(r *rand.Rand, n int) []chess.Position {
	P, N, B, R, Q := chess.Pawn, chess.Knight, chess.Bishop, chess.Rook, chess.Queen
	materials := [][2][]chess.PieceType{
		{{R}, nil}, {{B, B}, nil}, {{B, N}, nil}, {{Q}, {R}}, {{P}, nil}, {{Q}, nil},
		{{R, R}, nil}, {{Q}, {P}}, {{R}, {B}}, {{P, P}, {P}}, {{B}, {B}},
	}
	ps := make([]chess.Position, 0, n)
	for i := range n {
		m := materials[i%len(materials)]
		ps = append(ps, randomMen(r, m[0], m[1]))
	}
	return ps
}

// shippedBase is a shipped base of the chess library and its file name.
type shippedBase struct {
	file string
	base *kb.Base[chess.Position]
}

// chessBases loads the shipped bases (*.al1, *.al3) that compile on the
// chess library, skipping those of another library (the meta examples).
func chessBases(t *testing.T) []shippedBase {
	t.Helper()
	files, err := filepath.Glob("*.al[13]")
	require.NoError(t, err)
	lib := predicates.Library()
	var bs []shippedBase
	for _, file := range files {
		base, diags := knowledge.Load(lib, file)
		if diags.HasErrors() {
			continue
		}
		bs = append(bs, shippedBase{file, base})
	}
	return bs
}

// TestMoveTests: the move constraints of the shipped bases that the
// searcher tests on the move before making it (kb.MoveTest, told by the
// primitives' move forms) answer as the constraint evaluated on the
// position the move makes (Order.AllowsAt), part and all, for every
// legal move of random positions of the bases' endgames (and of others),
// with the root a random position too; and bratko.al1's constraints
// (rookmove, kingdiag then kingmove) have such a test.
func TestMoveTests(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	ps := randomPositions(r, 3000)
	var buf [chess.MaxMoves]chess.Move
	tested, bratko := 0, 0
	for _, sb := range chessBases(t) {
		file, base := sb.file, sb.base
		seen := map[*kb.Advice[chess.Position]]bool{}
		var advice []*kb.Advice[chess.Position]
		add := func(a *kb.Advice[chess.Position]) {
			if a != nil && !seen[a] {
				seen[a] = true
				advice = append(advice, a)
			}
		}
		for _, a := range base.Advice {
			add(a)
		}
		for _, a := range base.Plans {
			add(a)
		}
		for _, tab := range base.Tables {
			for _, rule := range tab.Rules {
				for _, a := range rule.Advice {
					add(a)
				}
			}
		}
		for _, a := range advice {
			for _, o := range a.Orders() {
				prep, mt := kb.MoveTest[chess.Position, chess.Move](o)
				if mt == nil {
					continue
				}
				if _, mt2 := kb.MoveTest[chess.Position, chess.Move](o); mt2 == nil {
					t.Fatalf("%s %s: the move test is not kept", file, a.Name)
				}
				tested++
				if file == "bratko.al1" {
					bratko++
				}
				var env kb.MoveEnv
				for i := range ps {
					p0, p := &ps[(i+7)%len(ps)], &ps[i]
					if prep != nil {
						prep(p0, p, &env)
					}
					for _, m := range p.LegalMoves(buf[:0]) {
						q := p.Play(m)
						wp, wok := o.AllowsAt(p0, p, &q, nil)
						gp, gok := mt(p, m, &env)
						if gp != wp || gok != wok {
							t.Fatalf("%s %s: %s %s: the move test says part %d %v, the constraint %d %v", file, a.Name, p.FEN(), m, gp, gok, wp, wok)
						}
					}
				}
			}
		}
	}
	t.Logf("%d constraints tested by the move (bratko.al1: %d)", tested, bratko)
	if bratko < 3 {
		t.Errorf("bratko.al1: %d constraints told by the move, want 3 (SQUEEZE, APPROACH, KEEPROOM)", bratko)
	}
}

// TestMoveTestsConcurrent: searchers of several goroutines ask for the
// same constraints' tests at once (the workers of a verification), each
// making it or finding it kept; under the race detector (make race) this
// checks that the test kept with the constraint is shared safely.
func TestMoveTestsConcurrent(t *testing.T) {
	base, diags := knowledge.Load(predicates.Library(), "bratko.al1")
	require.False(t, diags.HasErrors(), "%v", diags)
	r := rand.New(rand.NewPCG(41, 42))
	var ps []chess.Position
	for range 50 {
		ps = append(ps, randomMen(r, []chess.PieceType{chess.Rook}, nil))
	}
	done := make(chan int, 4)
	for range 4 {
		go func() {
			n := 0
			var buf [chess.MaxMoves]chess.Move
			var env kb.MoveEnv
			for _, a := range base.Advice {
				prep, test := kb.MoveTest[chess.Position, chess.Move](a.Moves)
				if test == nil {
					continue
				}
				for i := range ps {
					p := &ps[i]
					if prep != nil {
						prep(p, p, &env)
					}
					for _, m := range p.LegalMoves(buf[:0]) {
						q := p.Play(m)
						wp, wok := a.Moves.AllowsAt(p, p, &q, nil)
						if gp, gok := test(p, m, &env); gp != wp || gok != wok {
							n = -1_000_000
						}
						n++
					}
				}
			}
			done <- n
		}()
	}
	for range 4 {
		if n := <-done; n <= 0 {
			t.Fatalf("a goroutine's move tests: %d (negative: a test disagreed with its constraint)", n)
		}
	}
}

package chessplay

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

var lib = predicates.Library()

func pred(t testing.TB, name string) *kb.Predicate[chess.Position] {
	p, ok := lib.Lookup(name)
	if !ok {
		t.Fatalf("no predicate %s", name)
	}
	return p
}

// sample takes up to perBucket positions of each (side to move, value)
// bucket of a table: DTM 0..maxDTM, longer wins, draws; every stride-th
// position of the table's order, so the sample is deterministic.
func sample(t testing.TB, eg tablebase.Endgame, perBucket, maxDTM, stride int) []chess.Position {
	tab, err := testTB().Table(eg)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var out []chess.Position
	i := 0
	for p, v := range tab.Positions() {
		i++
		if i%stride != 0 {
			continue
		}
		key := fmt.Sprint(p.SideToMove(), v.Outcome, min(v.DTM, maxDTM+1))
		if count[key] < perBucket {
			count[key]++
			out = append(out, p)
		}
	}
	return out
}

// TestForcingTreeIsMateInN checks the forcing-tree definition on chess
// against the tablebase: the advice "better mate, holding not_stalemate",
// with no move constraint and depth N, is satisfiable exactly where White
// mates in at most N moves. (Without the holding goal a stalemate would be a
// terminal node where Y has no move, and would count.)
func TestForcingTreeIsMateInN(t *testing.T) {
	maxN := 3
	per := 12
	if testing.Short() {
		maxN, per = 2, 6
	}
	positions := sample(t, tablebase.KRK, per, maxN, 7)
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	var advice []*kb.Advice[chess.Position]
	for n := 1; n <= maxN; n++ {
		advice = append(advice, &kb.Advice[chess.Position]{
			Name: fmt.Sprintf("MATE%d", n), Side: game.White, Depth: n,
			Better:  kb.Pos(pred(t, "mate"), kb.P2),
			Holding: kb.Pos(pred(t, "not_stalemate"), kb.P2),
		})
	}
	sat := 0
	for _, p := range positions {
		v, err := testTB().Value(p)
		if err != nil {
			t.Fatal(err)
		}
		whiteWins := (p.SideToMove() == chess.White && v.Outcome == tablebase.Win) ||
			(p.SideToMove() == chess.Black && v.Outcome == tablebase.Loss)
		for n, a := range advice {
			n++
			res, err := s.Solve(context.Background(), a, &p)
			if err != nil {
				t.Fatal(err)
			}
			want := whiteWins && v.DTM <= n
			if res.Value == prover.Unknown || (res.Value == prover.Sat) != want {
				t.Fatalf("%s (%v): depth %d gives %v, the tablebase says mate in <= %d is %v", p.FEN(), v, n, res.Value, n, want)
			}
			if want {
				sat++
			}
		}
	}
	if sat == 0 {
		t.Fatal("no satisfiable case in the sample")
	}
	t.Logf("%d positions, %d satisfiable (position, depth) pairs", len(positions), sat)
}

// TestInverseAdvice checks sat(A) <=> not sat(Inverse(A)) on random KRK
// positions, for advice whose every path is cut within its bound by its own
// goals: better `black_to_move & G`, holding `~black_to_move | G` (after
// White's one move, G either holds, a goal, or not, a failure), with G and
// both move constraints drawn from the library. (With a binding bound the
// property does not hold: see docs/prover.md.)
func TestInverseAdvice(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	positions := sample(t, tablebase.KRK, 40, 3, 13)
	btm := kb.Pos(pred(t, "black_to_move"), kb.P2)
	goals := []*kb.Formula[chess.Position]{
		kb.Pos(pred(t, "check"), kb.P2),
		kb.Pos(pred(t, "rook_divides"), kb.P2),
		kb.Pos(pred(t, "kings_opposed"), kb.P2),
		kb.Not(kb.Pos(pred(t, "rook_far"), kb.P2)),
		kb.Rel(pred(t, "room_smaller"), kb.P0, kb.P2),
		kb.And(kb.Pos(pred(t, "rook_safe"), kb.P2), kb.Rel(pred(t, "room_equal"), kb.P0, kb.P2)),
		kb.Pos(pred(t, "mate"), kb.P2),
	}
	orders := []kb.Order[chess.Position]{
		nil,
		{kb.Rel(pred(t, "rook_move"), kb.P1, kb.P2)},
		{kb.Rel(pred(t, "white_king_move"), kb.P1, kb.P2), kb.Rel(pred(t, "rook_move"), kb.P1, kb.P2)},
		{kb.Pos(pred(t, "check"), kb.P2)},
		{kb.Pos(pred(t, "black_king_edge"), kb.P2)},
		{kb.Not(kb.Rel(pred(t, "room_smaller"), kb.P1, kb.P2))},
	}
	s := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{})
	sats := [2]int{}
	for i, p := range positions {
		g := goals[r.IntN(len(goals))]
		a := &kb.Advice[chess.Position]{
			Name: fmt.Sprintf("A%d", i), Side: game.White, Depth: 1,
			Better: kb.And(btm, g), Holding: kb.Or(kb.Not(btm), g),
			Moves: orders[r.IntN(len(orders))], Replies: orders[r.IntN(len(orders))],
		}
		inv, err := prover.Inverse(a)
		if err != nil {
			t.Fatal(err)
		}
		ra, err := s.Solve(context.Background(), a, &p)
		if err != nil {
			t.Fatal(err)
		}
		ri, err := s.Solve(context.Background(), inv, &p)
		if err != nil {
			t.Fatal(err)
		}
		if ra.Value == prover.Unknown || ri.Value == prover.Unknown || (ra.Value == prover.Sat) == (ri.Value == prover.Sat) {
			t.Fatalf("%s: sat(A) %v, sat(inverse A) %v", p.FEN(), ra.Value, ri.Value)
		}
		if ra.Value == prover.Sat {
			sats[0]++
		} else {
			sats[1]++
		}
	}
	if sats[0] == 0 || sats[1] == 0 {
		t.Fatalf("the sample is one-sided: %d sat, %d unsat", sats[0], sats[1])
	}
	t.Logf("%d positions: %d sat(A), %d sat(inverse A)", len(positions), sats[0], sats[1])
}

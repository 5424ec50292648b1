package predicates

import (
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

func TestLibrary(t *testing.T) {
	lib := Library()
	// Every group is registered (other groups may be too).
	for _, group := range [][]kb.Predicate[chess.Position]{General(), KPK(), KRK(), KBBK(), Bratko(), Mating()} {
		for _, p := range group {
			if _, ok := lib.Lookup(p.Name); !ok {
				t.Errorf("%s is not in the library", p.Name)
			}
		}
	}
	for _, p := range lib.All() {
		ok := p.Kind == kb.PositionKind && p.Pos != nil && p.Rel == nil ||
			p.Kind == kb.RelationKind && p.Rel != nil && p.Pos == nil
		if !ok || p.Doc == "" || strings.Contains(p.Doc, "\n") {
			t.Errorf("%s: kind %v, doc %q", p.Name, p.Kind, p.Doc)
		}
	}
}

func TestPredicates(t *testing.T) {
	lib := Library()
	for _, c := range []struct {
		pos  string
		true []string // every other predicate must be false
	}{
		{"startpos", []string{"not_stalemate", "white_to_move", "white_has_queen", "white_has_rook", "white_has_bishop", "white_has_knight", "white_has_pawn", "black_has_queen", "black_has_rook", "black_has_bishop", "black_has_knight", "black_has_pawn"}},
		// Back-rank mate: Black to move is mated by the rook.
		{"Kg1 Ra8 / Kh8 Pg7 Ph7 b", []string{"mate", "check", "not_stalemate", "black_to_move", "white_has_rook", "black_has_pawn"}},
		// Stalemate: KQK with Black's king cornered.
		{"Kf7 Qg6 / Kh8 b", []string{"stalemate", "black_to_move", "white_has_queen", "black_bare_king"}},
		// Check, not mate.
		{"Ke1 Qe7 / Ke8 b", []string{"check", "not_stalemate", "black_to_move", "white_has_queen", "black_bare_king"}},
		{"Kb5 / Ke5 w", []string{"not_stalemate", "white_to_move", "white_bare_king", "black_bare_king", "material_gone", "insufficient_material"}},
		{"Kb5 Bc1 / Ke5 Bf8 w", []string{"not_stalemate", "white_to_move", "white_has_bishop", "black_has_bishop", "insufficient_material"}},
		{"Kb5 Bc1 / Ke5 Bc8 b", []string{"not_stalemate", "black_to_move", "white_has_bishop", "black_has_bishop"}},
		{"Kb5 Nc1 / Ke5 b", []string{"not_stalemate", "black_to_move", "white_has_knight", "black_bare_king", "insufficient_material"}},
	} {
		p, err := chess.Parse(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		want := map[string]bool{}
		for _, n := range c.true {
			if _, ok := lib.Lookup(n); !ok {
				t.Fatalf("no predicate %s", n)
			}
			want[n] = true
		}
		for _, pr := range General() {
			if got := pr.Pos(&p); got != want[pr.Name] {
				t.Errorf("%s: %s = %v, want %v", c.pos, pr.Name, got, want[pr.Name])
			}
		}
	}
}

func TestPredicatesDoNotAllocate(t *testing.T) {
	lib := Library()
	p, _ := chess.Parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	q, _ := chess.Parse("Kd3 Bd4 Be4 Rb2 / Kd7 b")
	preds := lib.All()
	allocs := testing.AllocsPerRun(50, func() {
		for _, pr := range preds {
			for _, x := range []*chess.Position{&p, &q} {
				if pr.Pos != nil {
					_ = pr.Pos(x)
				} else {
					_ = pr.Rel(x, &q)
				}
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

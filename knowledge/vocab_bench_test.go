package knowledge_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// benchTwins measures each definition of a shipped vocabulary against its
// built-in twin in alternating blocks of calls over the same positions of
// the endgame (so that a busy machine slows both alike), and reports the
// definition's cost as a multiple of the built-in's (metric "x").
func benchTwins(b *testing.B, vocab string, men []chess.PieceType, twins []twin) {
	lib := predicates.Library()
	base, diags := knowledge.Load(lib, "lib/"+vocab+".al")
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	r := rand.New(rand.NewPCG(1, 2))
	ps := make([]chess.Position, 256)
	for i := range ps {
		ps[i] = randomEndgame(r, men...)
	}
	for _, tw := range twins {
		b.Run(tw.def, func(b *testing.B) {
			d, ok := base.Definition(tw.def)
			if !ok {
				b.Fatalf("no definition %s", tw.def)
			}
			p, _ := lib.Lookup(tw.builtin)
			call := func(pr *kb.Predicate[chess.Position], i int) bool {
				if pr.Kind == kb.RelationKind {
					return pr.Rel(&ps[i&255], &ps[(i+1)&255])
				}
				return pr.Pos(&ps[i&255])
			}
			const block = 4096
			var tb, td time.Duration
			for b.Loop() {
				t0 := time.Now()
				for i := range block {
					call(p, i)
				}
				t1 := time.Now()
				for i := range block {
					call(d.Predicate(), i)
				}
				tb += t1.Sub(t0)
				td += time.Since(t1)
			}
			b.ReportMetric(float64(td)/float64(tb), "x")
		})
	}
}

func BenchmarkKRKVocabulary(b *testing.B) {
	benchTwins(b, "krk", krk, []twin{{"tdivide", "rook_divides"}, {"trdivide", "rook_divides_squeeze"}, {"reyesop", "kings_opposed"},
		{"reyespc", "kings_knight_apart"}, {"lejostorre", "rook_far"}, {"prottorre", "rook_safe"}, {"noahogado", "not_stalemate"},
		{"restringe", "room_smaller"}, {"restrigual", "room_equal"}, {"mendordis", "kings_manhattan_smaller"}, {"mtorre", "rook_move"},
		{"mreyb", "white_king_move"}})
}

func BenchmarkBratkoVocabulary(b *testing.B) {
	benchTwins(b, "bratko", krk, []twin{{"roomgt2", "room_greater_than_2"}, {"rookexposed", "rook_exposed"}, {"rooklost", "rook_lost"},
		{"rookdivides", "rook_divides"}, {"lpatt", "l_pattern"}, {"kingsclose", "kings_close"}, {"bkedge", "black_king_edge"},
		{"newroomsmaller", "new_room_smaller"}, {"okapproachedcsquare", "approached_critical_square"}, {"okorndle", "king_stays_near_rook"},
		{"rookmove", "rook_move"}, {"kingdiag", "white_king_diagonal_move"}, {"rookcheck", "rook_check_move"}})
}

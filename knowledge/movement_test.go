package knowledge_test

import (
	"math/rand/v2"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/stretchr/testify/require"
)

// TestMovementVocabulary: each definition of lib/movement.al agrees with
// what the move generator says of the move (its piece, its squares, a
// capture, a promotion, check, mate or stalemate after it), on every legal
// move of random positions with every kind of White man, both sides to
// move (Black's moves are the king's).
func TestMovementVocabulary(t *testing.T) {
	base, diags := knowledge.Load(predicates.Library(), "lib/movement.al")
	require.Empty(t, diags)
	def := func(name string) kb.Predicate[chess.Position] {
		d, ok := base.Definition(name)
		require.True(t, ok, "no definition %s", name)
		return *d.Predicate()
	}
	abs := func(x int) int { return max(x, -x) }
	kinds := map[string]chess.PieceType{"with_king": chess.King, "with_queen": chess.Queen, "with_rook": chess.Rook,
		"with_bishop": chess.Bishop, "with_knight": chess.Knight, "with_pawn": chess.Pawn}
	type rel struct {
		name string
		want func(p, q *chess.Position, m chess.Move) bool
	}
	rels := []rel{
		{"sideways", func(_, _ *chess.Position, m chess.Move) bool { return m.From().Rank() == m.To().Rank() }},
		{"along_file", func(_, _ *chess.Position, m chess.Move) bool { return m.From().File() == m.To().File() }},
		{"diagonally", func(_, _ *chess.Position, m chess.Move) bool {
			df, dr := int(m.To().File())-int(m.From().File()), int(m.To().Rank())-int(m.From().Rank())
			return df != 0 && abs(df) == abs(dr)
		}},
		{"capture", func(p, _ *chess.Position, m chess.Move) bool { return p.PieceAt(m.To()) != chess.NoPiece }},
		{"promotion", func(_, _ *chess.Position, m chess.Move) bool { return m.Promotion() != chess.NoPieceType }},
		{"gives_check", func(_, q *chess.Position, _ chess.Move) bool { return q.InCheck() }},
		{"mates", func(_, q *chess.Position, _ chess.Move) bool { return q.Mate() }},
		{"stalemates", func(_, q *chess.Position, _ chess.Move) bool { return q.Stalemate() }},
	}
	for name, k := range kinds {
		rels = append(rels, rel{name, func(_, _ *chess.Position, m chess.Move) bool { return m.Piece() == k }})
	}
	r := rand.New(rand.NewPCG(14, 3))
	seen := map[string]int{}
	for _, men := range [][]chess.PieceType{
		{chess.Queen}, {chess.Rook}, {chess.Bishop, chess.Knight}, {chess.Pawn}, {chess.Pawn, chess.Pawn},
		{chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn},
	} {
		for range 400 {
			p := randomEndgame(r, men...)
			for _, m := range p.LegalMoves(nil) {
				q := p.Play(m)
				for _, x := range rels {
					got, want := def(x.name).Rel(&p, &q), x.want(&p, &q, m)
					require.Equal(t, want, got, "%s %s: %s", p.FEN(), p.SAN(m), x.name)
					if want {
						seen[x.name]++
					}
				}
			}
		}
	}
	// Every definition held somewhere: the sample tests both answers.
	for _, x := range rels {
		require.Positive(t, seen[x.name], x.name)
	}
}

package game

// Outcome is how a game (or one decision of a strategy) ends.
type Outcome uint8

const (
	// Ongoing: the game goes on (a strategy chose a move).
	Ongoing Outcome = iota
	// Mate: the side to move has lost (checkmate, or a game's equivalent).
	Mate
	// Stalemate: the side to move has no legal move and the game is drawn.
	Stalemate
	// Draw: another game-specific end (insufficient material, fifty-move
	// rule, ...); the reason names it.
	Draw
	// Repetition: a position occurred the allowed number of times.
	Repetition
	// Stuck: the table had no rule for the position, or no advice of the
	// chosen rule was satisfiable with a move to play.
	Stuck
	// Limit: the game reached its move limit.
	Limit
	// Undetermined: a search ran out of nodes or time, so the table's choice
	// is not known.
	Undetermined
)

func (o Outcome) String() string {
	return [...]string{"ongoing", "mate", "stalemate", "draw", "repetition", "stuck", "limit", "undetermined"}[o]
}

// Referee is what the game loop needs to know about a game beyond its moves:
// whether a position ends the game, and how. The prover does not know chess;
// the caller provides this (mate vs stalemate, material gone, fifty-move
// rule).
type Referee[P any] interface {
	// Over reports whether p ends the game. The outcome is Mate (the side to
	// move has lost), Stalemate (no legal move, drawn) or Draw (any other
	// end, reason says which). A position where the side to move has no
	// legal move must be reported as over.
	Over(p *P) (o Outcome, reason string, over bool)
}

// NoMoveLoses is the Referee of games like nim: the side to move with no
// legal move has lost; nothing else ends the game.
type NoMoveLoses[P any, M comparable] struct{ G Game[P, M] }

// Over implements Referee.
func (r NoMoveLoses[P, M]) Over(p *P) (Outcome, string, bool) {
	if len(r.G.Moves(p, nil)) == 0 {
		return Mate, "no legal move", true
	}
	return Ongoing, "", false
}

// Package game is the leaf every part of al that plays or reasons about a
// game shares: the Game interface (positions, legal moves, hashing), the
// two sides (Side), and how a game ends (Outcome and the Referee that
// decides it). It imports nothing of al's, so the chess package, the
// knowledge base (for the side a piece of advice is for) and every prover
// package can name these types without depending on one another.
package game

// Side is one of the two players. In chess White moves first; other games
// map their first player to White.
type Side uint8

const (
	White Side = iota
	Black
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

func (s Side) String() string {
	if s == White {
		return "white"
	}
	return "black"
}

// Game is a two-player game of perfect information with positions of type P
// and moves of type M. Positions are values: Play returns a new one and never
// changes its argument, so a search may keep any position it has seen.
//
// Implementations must not allocate in Moves (the caller owns the buffer) or
// in Play, ToMove and Hash: the forcing-tree search calls them at every node.
type Game[P any, M comparable] interface {
	// ToMove returns the side to move in p.
	ToMove(p *P) Side
	// Moves appends the legal moves of p to buf[:0] and returns the result,
	// in a fixed order that is the same on every run.
	Moves(p *P, buf []M) []M
	// Play returns the position after move m, which must be legal in p.
	Play(p *P, m M) P
	// Hash returns a hash of p that equal positions share.
	Hash(p *P) uint64
}

// InPlace is an optional interface of a Game whose positions are large
// values: PlayInto writes the position after the legal move m of p into
// dst (never p itself), as *dst = Play(p, m) would, without passing the
// position back by value. The forcing-tree search uses it when the game
// has it (for chess it saves a copy of 88 bytes a child, and a stall of
// the processor reading back what it has just written).
type InPlace[P any, M comparable] interface {
	PlayInto(dst, p *P, m M)
}

// Peeker is an optional interface of a Game that tells the hash and the
// side to move of the position after the legal move m of p without
// making the move: HashAfter(p, m) is Hash and ToMove of Play(p, m). The
// forcing-tree search uses it to find a child's goals in its goal table
// before playing the child, and plays only the children whose entry does
// not decide them (for chess, most of the positions a game's searcher
// meets again: a move made and its position derived cost more than the
// hash's update).
type Peeker[P any, M comparable] interface {
	HashAfter(p *P, m M) (uint64, Side)
}

// FirstMover is an optional interface of a Game that tells the first move
// Moves would list without listing the others: FirstMove(p) is
// Moves(p)[0] with ok true, or ok false when it is not known cheaply (or
// there is none), and the caller then lists them all. The forcing-tree
// search asks it at the Y nodes with no move of X left, which fail at
// their first reply as a rule (for chess, a lone king's first step).
type FirstMover[P any, M comparable] interface {
	FirstMove(p *P) (m M, ok bool)
}

// Alternating is an optional interface of a Game whose sides alternate:
// Alternates() true says that after every legal move the other side is
// to move (chess). The forcing-tree search then knows the side after a
// move without asking Peeker for it (and for the hash it does not need).
type Alternating interface {
	Alternates() bool
}

// Passer is an optional interface of a Game whose side to move may pass
// (a null move): Pass returns p with the other side to move and nothing
// else changed, or ok false where passing is not allowed (chess: the side
// to move is in check). Semi-static searches (AL1.5, `option
// semistatic`), where one side's moves only are considered, need it; the
// zero move M stands for the pass in a forcing tree.
type Passer[P any] interface {
	Pass(p *P) (q P, ok bool)
}

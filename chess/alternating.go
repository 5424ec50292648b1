package chess

// Alternates reports that the sides of chess alternate: after every legal
// move the other side is to move (game.Alternating; the forcing-tree
// search then asks no hash for the side after a move).
func (Game) Alternates() bool { return true }

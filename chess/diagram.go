package chess

import "strings"

var (
	asciiGlyphs   = [2][7]string{{".", "P", "N", "B", "R", "Q", "K"}, {".", "p", "n", "b", "r", "q", "k"}}
	unicodeGlyphs = [2][7]string{{"·", "♙", "♘", "♗", "♖", "♕", "♔"}, {"·", "♟", "♞", "♝", "♜", "♛", "♚"}}
)

// Diagram draws p for a terminal: rank 8 at the top, a frame with the file
// letters and rank numbers, and a last line saying who is to move (and
// whether that side is in check). With unicode false the pieces are FEN
// letters (upper case White, lower case Black) and empty squares are dots;
// with unicode true they are the Unicode chess symbols and middle dots.
func (p *Position) Diagram(unicode bool) string {
	glyphs := &asciiGlyphs
	if unicode {
		glyphs = &unicodeGlyphs
	}
	var b strings.Builder
	b.WriteString("  +-----------------+\n")
	for rank := 7; rank >= 0; rank-- {
		b.WriteByte('1' + byte(rank))
		b.WriteString(" |")
		for file := range 8 {
			pc := p.PieceAt(NewSquare(file, rank))
			b.WriteByte(' ')
			b.WriteString(glyphs[pc.Color()][pc.Type()])
		}
		b.WriteString(" |\n")
	}
	b.WriteString("  +-----------------+\n")
	b.WriteString("    a b c d e f g h\n")
	if p.side == White {
		b.WriteString("White to move")
	} else {
		b.WriteString("Black to move")
	}
	if p.InCheck() {
		b.WriteString(", in check")
	}
	b.WriteByte('\n')
	return b.String()
}

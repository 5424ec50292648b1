package main

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// pieceLetters orders the men of a material (as kb.Material's are).
const pieceLetters = "KQRBNP"

// materialOf returns the letters of White's and Black's men in p.
func materialOf(p *chess.Position) (white, black string) {
	var w, b strings.Builder
	for _, l := range pieceLetters {
		t := map[rune]chess.PieceType{'K': chess.King, 'Q': chess.Queen, 'R': chess.Rook, 'B': chess.Bishop, 'N': chess.Knight, 'P': chess.Pawn}[l]
		w.WriteString(strings.Repeat(string(l), p.Pieces(chess.White, t).Count()))
		b.WriteString(strings.Repeat(string(l), p.Pieces(chess.Black, t).Count()))
	}
	return w.String(), b.String()
}

// spaced writes a material as the endgame declaration does: "K R".
func spaced(s string) string { return strings.Join(strings.Split(s, ""), " ") }

// declared lists a base's endgame declarations for a message.
func declared(base *kb.Base[chess.Position]) string {
	var out []string
	for _, m := range base.Endgames {
		out = append(out, m.Text)
	}
	return strings.Join(out, " or ")
}

// checkMaterial refuses a position outside the endgames a base declares
// (a base without an endgame declaration takes any position): the base
// was not written for it, and its answer would say nothing.
func checkMaterial(base *kb.Base[chess.Position], name string, p *chess.Position) error {
	if len(base.Endgames) == 0 {
		return nil
	}
	w, b := materialOf(p)
	for _, m := range base.Endgames {
		if m.White == w && m.Black == b {
			return nil
		}
	}
	return fmt.Errorf("--pos: the position has white %s, black %s, but %s is written for endgame %s (its endgame declaration)", spaced(w), spaced(b), name, declared(base))
}

// checkEndgame refuses to verify a base over a tablebase endgame (named as
// the tablebase names it: krk, kqkr) outside the endgames it declares.
func checkEndgame(base *kb.Base[chess.Position], name, endgame string) error {
	up := strings.ToUpper(endgame)
	if len(base.Endgames) == 0 || len(up) < 2 {
		return nil // a bad --endgame is the tablebase's to report
	}
	k := strings.Index(up[1:], "K") + 1
	if k == 0 {
		return nil
	}
	w, b := canonMaterial(up[:k]), canonMaterial(up[k:])
	for _, m := range base.Endgames {
		if m.White == w && m.Black == b {
			return nil
		}
	}
	return fmt.Errorf("--endgame %s: %s is written for endgame %s (its endgame declaration), not for white %s, black %s", endgame, name, declared(base), spaced(w), spaced(b))
}

func canonMaterial(s string) string {
	var b strings.Builder
	for _, l := range pieceLetters {
		b.WriteString(strings.Repeat(string(l), strings.Count(s, string(l))))
	}
	return b.String()
}

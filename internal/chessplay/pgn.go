package chessplay

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// PGNTags are the tags of a game's PGN export that Play cannot know: the
// event, the site, the date (YYYY.MM.DD) and round, and the players'
// names. Empty fields are written as PGN's unknown ("?"; the round as "-",
// not applicable). Extra holds further tags, written after the ones PGN
// export requires, in the order of their names.
type PGNTags struct {
	Event, Site, Date, Round string
	White, Black             string
	Extra                    map[string]string
}

// PGNResult is the PGN game termination marker of a played game: 1-0 or
// 0-1 for a mate, 1/2-1/2 for a stalemate or a draw, and * (unfinished)
// for stuck, limit and undetermined, which end the game without a result.
func (g *Game) PGNResult() string {
	switch g.Outcome {
	case "mate":
		if g.Winner == "white" {
			return "1-0"
		}
		return "0-1"
	case "stalemate", "draw":
		return "1/2-1/2"
	}
	return "*"
}

// pgnTermination is the PGN Termination tag of g: normal when the rules of
// chess ended it, unterminated otherwise.
func (g *Game) pgnTermination() string {
	if g.PGNResult() == "*" {
		return "unterminated"
	}
	return "normal"
}

// pgnLineWidth is the longest movetext line written, as PGN's export format
// asks (at most 79 characters).
const pgnLineWidth = 79

// WritePGN writes g as one game in PGN's export format: the seven-tag
// roster, then Result's companions SetUp and FEN (the start, always
// written: al's games start from set-up positions), PlyCount,
// Termination and the extra tags in the order of their names, a blank
// line, and the movetext: the moves in SAN with their numbers (N... for a
// Black move that starts the game or follows a comment), each move of the
// table followed by a {comment} naming the advice and rule that chose it,
// a last comment with the outcome and its reason, and the result.
func WritePGN(w io.Writer, g *Game, tags PGNTags) error {
	var b strings.Builder
	tag := func(name, value, unknown string) {
		if value == "" {
			value = unknown
		}
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, pgnEscape(value))
	}
	tag("Event", tags.Event, "?")
	tag("Site", tags.Site, "?")
	tag("Date", tags.Date, "????.??.??")
	tag("Round", tags.Round, "-")
	tag("White", tags.White, "?")
	tag("Black", tags.Black, "?")
	tag("Result", g.PGNResult(), "*")
	extra := map[string]string{}
	for k, v := range tags.Extra {
		extra[k] = v
	}
	// The tags that describe the game itself win over Extra's.
	extra["SetUp"] = "1"
	extra["FEN"] = g.Start.FEN()
	extra["PlyCount"] = fmt.Sprint(len(g.Moves))
	extra["Termination"] = g.pgnTermination()
	names := make([]string, 0, len(extra))
	for k := range extra {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		tag(k, extra[k], "?")
	}
	b.WriteByte('\n')

	var tokens []string
	num := g.Start.FullmoveNumber()
	needNumber := true // a Black move needs "N..." at the start and after a comment
	for _, m := range g.Moves {
		if m.Side == "white" {
			tokens = append(tokens, fmt.Sprintf("%d.", num))
		} else if needNumber {
			tokens = append(tokens, fmt.Sprintf("%d...", num))
		}
		tokens = append(tokens, m.SAN)
		needNumber = false
		if m.ByTable {
			tokens = append(tokens, pgnComment(moveComment(m))...)
			needNumber = true
		}
		if m.Side == "black" {
			num++
		}
	}
	end := g.Outcome
	if g.Winner != "" {
		end += ", " + g.Winner + " wins"
	}
	if g.Reason != "" {
		end += " (" + g.Reason + ")"
	}
	tokens = append(tokens, pgnComment(end)...)
	tokens = append(tokens, g.PGNResult())
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > pgnLineWidth {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// moveComment is the comment of a table's move: the advice (and whether
// it continued the active forcing tree) and the rule that chose it.
func moveComment(m Move) string {
	s := "advice " + m.Advice
	if m.FromTree {
		s += " (its tree)"
	}
	return s + ", rule " + m.Rule
}

// pgnComment returns text as a brace comment split into words, so that
// the movetext can be wrapped between them. A comment cannot hold '}'
// (PGN has no escape for it), so it becomes ')'; line ends become spaces.
func pgnComment(text string) []string {
	text = strings.NewReplacer("}", ")", "\n", " ", "\r", " ").Replace(text)
	words := strings.Fields(text)
	if len(words) == 0 {
		return []string{"{}"}
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	return words
}

// pgnEscape escapes a tag value: a backslash and a quote are preceded by a
// backslash, and control characters (line ends among them) become spaces.
func pgnEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

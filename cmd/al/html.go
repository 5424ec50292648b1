package main

import (
	"fmt"
	"html"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/internal/chesssolve"
)

// The HTML rendering of reports (--html FILE): one self-contained page,
// its style inline, every board an inline SVG, no script and nothing
// fetched. htmlPage is the writer the reports' writeHTML methods use; it
// escapes every text it is given.

// htmlPage is an HTML page being written.
type htmlPage struct {
	title string
	b     strings.Builder
}

func newHTMLPage() *htmlPage { return &htmlPage{} }

// pageStyle is the page's style sheet: a readable column up to 1200 px,
// boards in rows that wrap, the tree as nested lists with guide lines.
const pageStyle = `
*{box-sizing:border-box}
body{margin:0;background:#f6f5f2;color:#222;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
main{max-width:1200px;margin:0 auto;padding:24px 28px 48px}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:19px;margin:28px 0 10px;border-bottom:1px solid #d8d4cc;padding-bottom:4px}
h3{font-size:16px;margin:14px 0 6px}
.sub{color:#666;margin:0 0 16px}
code,.fen,.mono{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:13px}
.fen{color:#555;word-break:break-all}
.head{display:flex;gap:28px;align-items:flex-start;flex-wrap:wrap}
.summary{flex:1;min-width:320px}
.summary dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;margin:0}
.summary dt{color:#666}
.summary dd{margin:0}
.badge{display:inline-block;padding:1px 10px;border-radius:10px;font-weight:600;color:#fff}
.yes,.right,.proved,.true{background:#2e7d32}
.no,.wrong,.failed,.false{background:#c62828}
.undetermined{background:#b7791f}
.val{font-weight:600}
.val.t{color:#2e7d32}.val.f{color:#c62828}
.boards{display:flex;flex-wrap:wrap;gap:14px;margin:8px 0}
figure.board{margin:0;background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px}
figure.board figcaption{font-size:13px;color:#444;max-width:240px;margin-top:4px}
figure.board.big figcaption{max-width:320px}
ul.tree,ul.tree ul{list-style:none;margin:0;padding-left:22px}
ul.tree{padding-left:0}
ul.tree li{position:relative;padding:3px 0 3px 14px}
ul.tree ul li{border-left:1px solid #bbb}
ul.tree ul li:last-child{border-left:1px solid transparent}
ul.tree ul li::before{content:"";position:absolute;left:-1px;top:0;width:12px;height:14px;border-left:1px solid #bbb;border-bottom:1px solid #bbb}
.hyp{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-weight:600}
.doc{color:#444;font-style:italic;margin:2px 0}
.line{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:13px}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin:10px 0}
.card.needed{border-left:4px solid #2e7d32}
.note{color:#666;font-size:13px}
table{border-collapse:collapse;background:#fff;margin:6px 0}
th,td{border:1px solid #ddd;padding:4px 10px;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:18px}
.cols>div{min-width:0}
`

// bytes is the whole document.
func (p *htmlPage) bytes() []byte {
	var d strings.Builder
	d.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	d.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	d.WriteString("<meta name=\"generator\" content=\"al " + html.EscapeString(alVersion()) + "\">\n")
	d.WriteString("<title>" + html.EscapeString(p.title) + "</title>\n<style>" + pageStyle + "</style>\n</head>\n<body>\n<main>\n")
	d.WriteString(p.b.String())
	d.WriteString("</main>\n</body>\n</html>\n")
	return []byte(d.String())
}

// raw writes markup as it is (only for markup built here).
func (p *htmlPage) raw(s string) { p.b.WriteString(s) }

// text writes escaped text.
func (p *htmlPage) text(s string) { p.b.WriteString(html.EscapeString(s)) }

// el writes <tag class="class">text</tag>, the text escaped.
func (p *htmlPage) el(tag, class, text string) {
	p.open(tag, class)
	p.text(text)
	p.close(tag)
}

func (p *htmlPage) open(tag, class string) {
	if class == "" {
		p.raw("<" + tag + ">")
		return
	}
	p.raw("<" + tag + " class=\"" + html.EscapeString(class) + "\">")
}

func (p *htmlPage) close(tag string) { p.raw("</" + tag + ">") }

// heading writes the page's title as its h1 and a line under it.
func (p *htmlPage) heading(title, sub string) {
	p.title = title
	p.el("h1", "", title)
	if sub != "" {
		p.el("p", "sub", sub)
	}
}

// badge writes a coloured word (yes, no, right, wrong, ...).
func (p *htmlPage) badge(word string) { p.el("span", "badge "+word, word) }

// value writes true or false in colour.
func (p *htmlPage) value(v bool) {
	if v {
		p.el("span", "val t", "true")
	} else {
		p.el("span", "val f", "false")
	}
}

// table writes a table: the header row, then the rows; columns whose
// header is in numeric are right-aligned.
func (p *htmlPage) table(head []string, rows [][]string, numeric ...int) {
	isNum := map[int]bool{}
	for _, n := range numeric {
		isNum[n] = true
	}
	cls := func(i int) string {
		if isNum[i] {
			return "n"
		}
		return ""
	}
	p.raw("<table>\n<tr>")
	for i, h := range head {
		p.el("th", cls(i), h)
	}
	p.raw("</tr>\n")
	for _, r := range rows {
		p.raw("<tr>")
		for i, c := range r {
			p.el("td", cls(i), c)
		}
		p.raw("</tr>\n")
	}
	p.raw("</table>\n")
}

// boardPos is a position to draw and the squares of the move that led
// to it (NoSquare when none).
type boardPos struct {
	pos      chess.Position
	from, to chess.Square
}

// afterLine plays a line of SAN moves from start: the position it
// reaches and its last move's squares; it stops at the first move that
// does not parse.
func afterLine(start chess.Position, sans []string) boardPos {
	b := boardPos{pos: start, from: chess.NoSquare, to: chess.NoSquare}
	for _, s := range sans {
		m, err := b.pos.ParseMove(s)
		if err != nil {
			break
		}
		b.from, b.to = m.From(), m.To()
		b.pos = b.pos.Play(m)
	}
	return b
}

// boardOf is a position from a FEN, without a last move (ok false when
// the FEN does not parse).
func boardOf(fen string) (boardPos, bool) {
	p, err := chess.Parse(fen)
	if err != nil {
		return boardPos{}, false
	}
	return boardPos{pos: p, from: chess.NoSquare, to: chess.NoSquare}, true
}

// glyphs are the pieces' symbols (solid ones for both colours: White's
// are filled white and outlined).
var glyphs = [7]string{"", "♟", "♞", "♝", "♜", "♛", "♚"}

// board writes a figure: the position as an SVG board of size px (rank 8
// at the top, files and ranks named, the last move's squares marked) and
// a caption.
func (p *htmlPage) board(b boardPos, px int, caption string) {
	const sq, margin = 40, 18
	side := 8*sq + margin
	cls := "board"
	if px > 260 {
		cls = "board big"
	}
	p.open("figure", cls)
	fmt.Fprintf(&p.b, `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="%d" height="%d" viewBox="0 0 %d %d">`, px, px, side, side)
	fmt.Fprintf(&p.b, "<title>%s</title>", html.EscapeString(b.pos.FEN()))
	for rank := 7; rank >= 0; rank-- {
		for file := range 8 {
			s := chess.NewSquare(file, rank)
			x, y := margin+file*sq, (7-rank)*sq
			fill := "#f0d9b5"
			if (file+rank)%2 == 0 {
				fill = "#b58863"
			}
			if s == b.from || s == b.to {
				fill = "#cdd26a"
				if (file+rank)%2 == 0 {
					fill = "#aaa23a"
				}
			}
			fmt.Fprintf(&p.b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, sq, sq, fill)
			pc := b.pos.PieceAt(s)
			if pc == chess.NoPiece {
				continue
			}
			fill, stroke := "#111", "#111"
			if pc.Color() == chess.White {
				fill, stroke = "#fff", "#111"
			}
			fmt.Fprintf(&p.b, `<text x="%d" y="%d" text-anchor="middle" dominant-baseline="central" font-size="34" font-family="DejaVu Sans,Segoe UI Symbol,Noto Sans Symbols2,serif" fill="%s" stroke="%s" stroke-width="1.2" paint-order="stroke">%s</text>`,
				x+sq/2, y+sq/2+1, fill, stroke, glyphs[pc.Type()])
		}
	}
	for i := range 8 {
		fmt.Fprintf(&p.b, `<text x="%d" y="%d" text-anchor="middle" font-size="12" fill="#555">%c</text>`, margin+i*sq+sq/2, 8*sq+13, 'a'+i)
		fmt.Fprintf(&p.b, `<text x="%d" y="%d" text-anchor="middle" dominant-baseline="central" font-size="12" fill="#555">%d</text>`, margin/2, (7-i)*sq+sq/2, i+1)
	}
	p.raw("</svg>")
	p.open("figcaption", "")
	p.text(caption)
	p.raw("<br>")
	p.el("span", "fen", b.pos.FEN())
	p.close("figcaption")
	p.close("figure")
}

// justification writes an AL3 answer's justification: the answer, what
// is still open, the tree from the answer back to the facts it needs, and
// every fact in words with the boards of its lines. pos is the position
// asked about.
func (p *htmlPage) justification(pos chess.Position, j *chesssolve.JSON, thumb int) {
	if len(j.Open) > 0 {
		p.el("h3", "", "Still open")
		p.open("ul", "")
		for _, o := range j.Open {
			p.open("li", "")
			p.el("span", "hyp", o.Hypothesis)
			p.text(": " + o.Why)
			p.close("li")
		}
		p.close("ul")
	}
	if j.Why != nil {
		p.el("h3", "", "Why")
		p.open("ul", "tree")
		p.whyNode(pos, j.Why, thumb)
		p.close("ul")
	}
	p.el("h3", "", "Facts")
	p.el("p", "note", "Every hypothesis the run decided, in order; a green edge marks the facts the answer needs.")
	for _, f := range j.Facts {
		cls := "card"
		if f.Needed {
			cls = "card needed"
		}
		p.open("div", cls)
		p.fact(pos, f, thumb)
		p.close("div")
	}
}

// whyNode writes a node of the justification's tree and its children.
func (p *htmlPage) whyNode(pos chess.Position, n *chesssolve.WhyNode, thumb int) {
	p.open("li", "")
	switch {
	case n.Above:
		p.el("span", "hyp", n.Hypothesis)
		p.text(" = ")
		p.value(n.Value)
		p.text(" (above)")
	case n.Fact != nil:
		p.fact(pos, *n.Fact, thumb)
	default:
		p.el("span", "hyp", n.Hypothesis)
		p.text(" = ")
		p.value(n.Value)
		p.text(" by method " + n.Method + " ")
		p.el("code", "", n.Relation)
		p.text(", from")
		p.open("ul", "")
		for _, c := range n.From {
			p.whyNode(pos, c, thumb)
		}
		p.close("ul")
	}
	p.close("li")
}

// fact writes one fact: hypothesis = value, its source and detail, its
// meaning in words, and the boards its lines reach.
func (p *htmlPage) fact(pos chess.Position, f chesssolve.Fact, thumb int) {
	p.el("span", "hyp", f.Hypothesis)
	p.text(" = ")
	p.value(f.Value)
	what := f.Source
	if f.Detail != "" {
		what += ", " + f.Detail
	}
	if f.Source == "method" {
		what = f.Detail
	}
	p.text(": " + what)
	if f.Doc != "" {
		p.el("div", "doc", f.Doc)
	}
	var boards []func()
	if f.Reached != "" {
		s := "The line " + chesssolve.Numbered(&pos, f.Line) + " reaches this position"
		if len(f.Reaches) > 0 {
			var gs []string
			for i, g := range f.Reaches {
				if i < len(f.ReachesDoc) && f.ReachesDoc[i] != "" {
					g += " (" + f.ReachesDoc[i] + ")"
				}
				gs = append(gs, g)
			}
			s += ", where " + strings.Join(gs, " and ") + " holds"
		}
		p.el("div", "line", s+".")
		b := afterLine(pos, f.Line)
		boards = append(boards, func() { p.board(b, thumb, "after "+chesssolve.Numbered(&pos, f.Line)) })
	}
	if len(f.Defence) > 0 {
		var parts []string
		for _, d := range f.Defence {
			s := chesssolve.Numbered(&pos, d.Line)
			if d.BreaksHolding {
				s += " breaks the holding goal"
			}
			parts = append(parts, s)
		}
		p.el("div", "line", "Refuted by: "+strings.Join(parts, "; ")+".")
		for _, d := range f.Defence {
			b := afterLine(pos, d.Line)
			cap := "refuting line " + chesssolve.Numbered(&pos, d.Line)
			if d.BreaksHolding {
				cap += " (breaks the holding goal)"
			}
			boards = append(boards, func() { p.board(b, thumb, cap) })
		}
	}
	if len(boards) > 0 {
		p.open("div", "boards")
		for _, b := range boards {
			b()
		}
		p.close("div")
	}
}

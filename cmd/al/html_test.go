package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// page is a parsed --html page with what the tests look for.
type page struct {
	root *html.Node
}

// htmlPageOf runs al with args and --html, and parses the page it wrote.
func htmlPageOf(t *testing.T, args ...string) page {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	file := filepath.Join(t.TempDir(), "out.html")
	var out, errb bytes.Buffer
	code := run(append(args, "--html", file), strings.NewReader(""), &out, &errb)
	require.Equal(t, 0, code, errb.String())
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(b), "<!DOCTYPE html>\n"))
	root, err := html.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	p := page{root}
	// Self-contained: no script, nothing fetched, the style inline.
	for _, n := range p.all("script", "") {
		t.Fatalf("a script element: %v", n)
	}
	p.walk(func(n *html.Node) {
		for _, a := range n.Attr {
			if a.Key == "src" || a.Key == "href" || (a.Key == "rel" && a.Val == "stylesheet") {
				t.Fatalf("<%s %s=%q>: the page must fetch nothing", n.Data, a.Key, a.Val)
			}
		}
	})
	require.Len(t, p.all("style", ""), 1)
	require.Len(t, p.all("h1", ""), 1)
	require.NotEmpty(t, p.text(p.all("title", "")[0]))
	return p
}

func (p page) walk(f func(*html.Node)) {
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		f(n)
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(p.root)
}

// all returns the elements of tag (with class among their classes, when
// class is not empty), in document order.
func (p page) all(tag, class string) []*html.Node {
	var out []*html.Node
	p.walk(func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag && (class == "" || hasClass(n, class)) {
			out = append(out, n)
		}
	})
	return out
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" {
			for _, c := range strings.Fields(a.Val) {
				if c == class {
					return true
				}
			}
		}
	}
	return false
}

// within returns the elements of tag under n.
func within(n *html.Node, tag, class string) []*html.Node {
	return page{n}.all(tag, class)
}

func (p page) text(n *html.Node) string {
	var b strings.Builder
	page{n}.walk(func(m *html.Node) {
		if m.Type == html.TextNode {
			b.WriteString(m.Data)
		}
	})
	return b.String()
}

// boards are the SVG boards of a page: each a figure with an svg of 64
// squares and a caption.
func boards(t *testing.T, n *html.Node) []*html.Node {
	figs := within(n, "figure", "board")
	for _, f := range figs {
		svgs := within(f, "svg", "")
		require.Len(t, svgs, 1)
		require.Len(t, within(svgs[0], "rect", ""), 64)
		require.Len(t, within(f, "figcaption", ""), 1)
	}
	return figs
}

// TestSolveHTML: al solve's page has the position, the answer, the
// justification as a tree (GANA from GANA_PEON_NT from the plan, whose
// line's end is a board) and a card per fact, with the refuting move of
// Black's plan as a board.
func TestSolveHTML(t *testing.T) {
	p := htmlPageOf(t, "solve", "kpk.al3", "--pos", "Kb5 Pd3 / Ke5 w")
	all := p.text(p.root)
	require.Contains(t, all, "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1")
	require.Len(t, p.all("span", "yes"), 1)
	trees := p.all("ul", "tree")
	require.Len(t, trees, 1)
	// Three levels: GANA, GANA_PEON_NT, suc(P_BLANCO_NT).
	lis := within(trees[0], "li", "")
	require.Len(t, lis, 3)
	require.Contains(t, p.text(lis[2]), "suc(P_BLANCO_NT) = true")
	require.Contains(t, p.text(lis[2]), "where CASILLAS_CRITICAS")
	leaf := boards(t, lis[2])
	require.Len(t, leaf, 1)
	require.Contains(t, p.text(leaf[0]), "8/8/8/2K1k3/8/3P4/8/8 b - - 1 1")
	cards := p.all("div", "card")
	require.Len(t, cards, 11)
	require.Len(t, p.all("div", "needed"), 3)
	var negro *html.Node
	for _, c := range cards {
		if strings.HasPrefix(p.text(c), "suc(P_NEGRO) = false") {
			negro = c
		}
	}
	require.NotNil(t, negro)
	require.Contains(t, p.text(negro), "Refuted by: 1. Kc4.")
	require.Len(t, boards(t, negro), 1)
	// The position, the plan's end in the tree and in two facts, the
	// refuting move.
	require.Len(t, boards(t, p.root), 5)
}

// TestSolveTraceHTML: with --trace the page has the cycles as a table.
func TestSolveTraceHTML(t *testing.T) {
	p := htmlPageOf(t, "solve", "kpk.al3", "--pos", "Kb5 Pd3 / Ke5 w", "--trace", "--policy", "thesis")
	tables := p.all("table", "")
	require.Len(t, tables, 1)
	rows := within(tables[0], "tr", "")
	require.Len(t, rows, 15) // the header and the appendix's 14 cycles
	require.Contains(t, p.text(rows[14]), "suc(P_BLANCO_NT)")
}

// TestPlayHTML: the start, the end and the game's moves.
func TestPlayHTML(t *testing.T) {
	p := htmlPageOf(t, "play", "krk.al1", "--pos", "Kd4 Rh1 / Kd6 w", "--defender", "first", "--max-moves", "6")
	bs := boards(t, p.root)
	require.Len(t, bs, 2)
	require.Contains(t, p.text(bs[0]), "8/8/3k4/8/3K4/8/8/7R w - - 0 1")
	rows := within(p.all("table", "")[0], "tr", "")
	require.Len(t, rows, 4) // the header and six plies, two a row
	cells := within(rows[1], "td", "")
	require.Len(t, cells, 4)
	require.Equal(t, "1.", p.text(cells[0]))
	require.Equal(t, "Rh6+", p.text(cells[1]))
	require.Contains(t, p.text(cells[3]), "advice OPOSICION, rule REYESOP")
	// Black to move first: White's half of the first row is empty.
	p = htmlPageOf(t, "play", "krk.al1", "--pos", "Kd4 Rh1 / Kd6 b", "--defender", "first", "--max-moves", "3")
	rows = within(p.all("table", "")[0], "tr", "")
	require.Len(t, rows, 3)
	require.Equal(t, "…", p.text(within(rows[1], "td", "")[1]))
}

// TestVerifyHTML: a table's figures, its failures with their boards; an
// AL3 base's tallies and methods.
func TestVerifyHTML(t *testing.T) {
	p := htmlPageOf(t, "verify", "krk.al1", "--endgame", "krk", "--sample", "30", "--seed", "2", "--examples", "2")
	cards := p.all("div", "card")
	require.Len(t, cards, 2)
	for _, c := range cards {
		require.Len(t, boards(t, c), 2) // the start, where the line fails
		require.Contains(t, p.text(c), "stuck")
	}
	p = htmlPageOf(t, "verify", "bratko.al1", "--endgame", "krk", "--sample", "40")
	require.Contains(t, p.text(p.root), "The worst line")
	p = htmlPageOf(t, "verify", "kpk.al3", "--endgame", "kpk", "--sample", "20", "--truth", "TABLAS=draw", "--examples", "1")
	tables := p.all("table", "")
	require.Len(t, tables, 2) // tallies, methods
	require.Contains(t, p.text(tables[1]), "GANA <-> ~TABLAS")
	require.NotEmpty(t, boards(t, p.root)) // the undetermined examples
}

// TestCompareHTML: both sides of each difference side by side, each an
// AL3 base's whole justification.
func TestCompareHTML(t *testing.T) {
	p := htmlPageOf(t, "compare", "kpk.al3", "kpk-complete.al3", "--endgame", "kpk", "--truth", "TABLAS=draw", "--sample", "40", "--examples", "1")
	cols := p.all("div", "cols")
	require.Len(t, cols, 1)
	var sides []*html.Node
	for c := cols[0].FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			sides = append(sides, c)
		}
	}
	require.Len(t, sides, 2)
	require.True(t, strings.HasPrefix(p.text(sides[0]), "A: kpk.al3"))
	require.True(t, strings.HasPrefix(p.text(sides[1]), "B: kpk-complete.al3"))
	for _, s := range sides {
		require.NotEmpty(t, within(s, "div", "card"), "the facts of each side")
	}
	p = htmlPageOf(t, "compare", "krk.al1", "bratko.al1", "--endgame", "krk", "--sample", "60", "--examples", "1")
	require.Len(t, p.all("div", "cols"), 1)
}

package tablebase

import (
	"fmt"
	"strings"

	"github.com/advicelang/al/chess"
)

// endgameNames are the endgames the tablebase holds, one entry each. A name
// is the material: "k", the men of the side the table is written for (White
// in the table; Probe reads the colour-swapped material too), "k", the
// other side's men, each side's men in the order q r b n p. Everything else
// about an endgame is derived from its name (spec): its men and their order
// in an index, the symmetry of its index, the endgames its captures and
// promotions lead to (generated first, on demand), its cache file and
// header, the command line's choices and help. Adding an endgame is adding
// its name here: any pawnless endgame of three or four men, or one where
// only White has pawns, whose captures and promotions lead to endgames
// listed here or to material that cannot mate (a bare king, or a king and a
// bishop or a knight, against a bare king).
var endgameNames = [...]string{
	"kqk", "krk", "kbbk", "kpk", "kbnk", "knnk",
	"kqkr", "kqkb", "kqkn", "krkb", "krkn",
}

// Endgame names one of the tables: an index into the list above.
type Endgame uint8

// numEndgames is how many endgames the tablebase holds.
const numEndgames = Endgame(len(endgameNames))

// maxMen bounds the men of an endgame, kings included.
const maxMen = 4

// spec is an endgame's material and index layout, derived from its name.
// A position is the list of squares of its men: man 0 is White's king, man
// 1 Black's king, then White's men, then Black's, each side's in the order
// of its name.
type spec struct {
	name  string
	white []chess.PieceType // White's men besides the king
	black []chess.PieceType // Black's men besides the king
	n     int               // men, kings included
	col   [maxMen]chess.Color
	typ   [maxMen]chess.PieceType
	// pair: men 2 and 3 are alike (one colour, one type), interchangeable;
	// an index holds the lower square first.
	pair bool
	// sym: no pawn, so the eight symmetries of the board keep the value;
	// an index holds White's king in the triangle a1-d1-d4 (index.go).
	sym  bool
	size int // indices per side to move
	// deps are the endgames a capture or promotion leads to; missing names
	// a material it leads to that is neither listed nor a dead draw.
	deps    []Endgame
	missing string
	mat     material
}

var (
	specs [numEndgames]spec
	// byMaterial finds the table of a material: the endgame, and whether
	// the material is its colour-swapped form.
	byMaterial = map[uint32]materialEntry{}
)

type materialEntry struct {
	eg   Endgame
	swap bool
}

// material counts each side's men besides the king, by chess.PieceType.
type material [2][chess.King]uint8

func (m material) key() uint32 {
	var k uint32
	for c := range 2 {
		for t := chess.Pawn; t < chess.King; t++ {
			k = k<<3 | uint32(m[c][t])
		}
	}
	return k
}

func (m material) swapped() material { return material{m[1], m[0]} }

// men counts the men besides the kings.
func (m material) men() int {
	n := 0
	for c := range 2 {
		for _, k := range m[c] {
			n += int(k)
		}
	}
	return n
}

// dead reports whether neither side can ever mate: no men besides the
// kings, or a single bishop or knight.
func (m material) dead() bool {
	switch m.men() {
	case 0:
		return true
	case 1:
		for c := range 2 {
			if m[c][chess.Bishop]+m[c][chess.Knight] == 1 {
				return true
			}
		}
	}
	return false
}

// name writes m as an endgame name: "k", White's men, "k", Black's.
func (m material) name() string {
	var b strings.Builder
	for c := range 2 {
		b.WriteByte('k')
		for _, t := range pieceOrder {
			for range m[c][t] {
				b.WriteByte(t.Letter() + 'a' - 'A')
			}
		}
	}
	return b.String()
}

// pieceOrder is the order of a side's men in a name and an index.
var pieceOrder = [...]chess.PieceType{chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}

// parseMaterial reads a name such as "kqkr" (any case, men in any order).
func parseMaterial(s string) (material, error) {
	var m material
	s = strings.ToLower(s)
	if len(s) < 2 || s[0] != 'k' {
		return m, fmt.Errorf("%q is not a material: want k, White's men, k, Black's men, as in kqkr", s)
	}
	side := 0
	for i := 1; i < len(s); i++ {
		if s[i] == 'k' {
			if side == 1 {
				return m, fmt.Errorf("%q names three kings", s)
			}
			side = 1
			continue
		}
		var t chess.PieceType
		switch s[i] {
		case 'q':
			t = chess.Queen
		case 'r':
			t = chess.Rook
		case 'b':
			t = chess.Bishop
		case 'n':
			t = chess.Knight
		case 'p':
			t = chess.Pawn
		default:
			return m, fmt.Errorf("%q: %q is not a man (want k q r b n p)", s, s[i:i+1])
		}
		if m[side][t] == 7 {
			return m, fmt.Errorf("%q has too many men", s)
		}
		m[side][t]++
	}
	if side == 0 {
		return m, fmt.Errorf("%q names one king: want k, White's men, k, Black's men, as in kqkr", s)
	}
	return m, nil
}

func init() {
	for i, name := range endgameNames {
		eg := Endgame(i)
		m, err := parseMaterial(name)
		if err != nil || m.name() != name {
			panic(fmt.Sprintf("tablebase: endgame %q is not a material written in order (%v)", name, err))
		}
		if _, dup := byMaterial[m.key()]; dup {
			panic(fmt.Sprintf("tablebase: endgame %q listed twice", name))
		}
		s := &specs[eg]
		*s = newSpec(name, m)
		byMaterial[m.key()] = materialEntry{eg, false}
		if sw := m.swapped(); sw.key() != m.key() {
			if _, dup := byMaterial[sw.key()]; dup {
				panic(fmt.Sprintf("tablebase: endgame %q listed twice (colours swapped)", name))
			}
			byMaterial[sw.key()] = materialEntry{eg, true}
		}
	}
	for eg := range numEndgames {
		specs[eg].deps, specs[eg].missing = subEndgames(specs[eg].mat)
	}
}

// newSpec lays out the endgame of material m. It panics on an endgame the
// generator cannot hold (more than four men, a black pawn): the list above
// is the program's own data.
func newSpec(name string, m material) spec {
	s := spec{name: name, mat: m}
	s.col[0], s.typ[0] = chess.White, chess.King
	s.col[1], s.typ[1] = chess.Black, chess.King
	s.n = 2
	for c := range 2 {
		for _, t := range pieceOrder {
			for range m[c][t] {
				if s.n == maxMen {
					panic(fmt.Sprintf("tablebase: %s has more than %d men", name, maxMen))
				}
				if t == chess.Pawn && c == 1 {
					panic(fmt.Sprintf("tablebase: %s: only White may have pawns", name))
				}
				s.col[s.n], s.typ[s.n] = chess.Color(c), t
				if c == 0 {
					s.white = append(s.white, t)
				} else {
					s.black = append(s.black, t)
				}
				s.n++
			}
		}
	}
	s.pair = s.n == 4 && s.col[2] == s.col[3] && s.typ[2] == s.typ[3]
	s.sym = m[0][chess.Pawn] == 0
	if s.sym {
		s.size = numTriangle << (6 * (s.n - 1))
	} else {
		s.size = 1 << (6 * s.n)
	}
	return s
}

// subEndgames lists the endgames a capture or a promotion in material m
// leads to (a capture by either side, a promotion with or without a
// capture), and names the first material it leads to that is neither a
// listed endgame nor a dead draw.
func subEndgames(m material) (deps []Endgame, missing string) {
	var next []material
	for c := range 2 {
		for t := chess.Pawn; t < chess.King; t++ {
			if m[c][t] == 0 {
				continue
			}
			after := m
			after[c][t]--
			next = append(next, after)
			if t != chess.Pawn || c != 0 {
				continue
			}
			for _, promo := range pieceOrder[:4] {
				p := after
				p[0][promo]++
				next = append(next, p)
				for v := chess.Pawn; v < chess.King; v++ {
					if p[1][v] > 0 {
						q := p
						q[1][v]--
						next = append(next, q)
					}
				}
			}
		}
	}
	seen := map[Endgame]bool{}
	for _, n := range next {
		if n.dead() {
			continue
		}
		e, ok := byMaterial[n.key()]
		if !ok {
			if missing == "" {
				missing = n.name()
			}
			continue
		}
		if !seen[e.eg] {
			seen[e.eg] = true
			deps = append(deps, e.eg)
		}
	}
	return deps, missing
}

// Endgames returns every endgame the tablebase holds, in the order of its
// list.
func Endgames() []Endgame {
	out := make([]Endgame, numEndgames)
	for i := range out {
		out[i] = Endgame(i)
	}
	return out
}

// Names returns the names of every endgame, in the order of Endgames.
func Names() []string {
	out := make([]string, numEndgames)
	for i := range out {
		out[i] = endgameNames[i]
	}
	return out
}

func (e Endgame) String() string {
	if e < numEndgames {
		return specs[e].name
	}
	return fmt.Sprintf("Endgame(%d)", e)
}

// ParseEndgame reads an endgame's name (kqk, kqkr, ...; any case, each
// side's men in any order).
func ParseEndgame(s string) (Endgame, error) {
	m, err := parseMaterial(s)
	if err == nil {
		if e, ok := byMaterial[m.key()]; ok && !e.swap {
			return e.eg, nil
		} else if ok {
			return 0, fmt.Errorf("unknown endgame %q: the table is %s, with the colours swapped (want one of %s)", s, e.eg, strings.Join(Names(), ", "))
		}
	}
	return 0, fmt.Errorf("unknown endgame %q (want one of %s)", s, strings.Join(Names(), ", "))
}

// MustEndgame is ParseEndgame for a name known to be right; it panics on
// an unknown one.
func MustEndgame(name string) Endgame {
	e, err := ParseEndgame(name)
	if err != nil {
		panic(err)
	}
	return e
}

// Pieces returns White's men of e besides the king, in index order.
func (e Endgame) Pieces() []chess.PieceType {
	return append([]chess.PieceType(nil), specs[e].white...)
}

// BlackPieces returns Black's men of e besides the king, in index order.
func (e Endgame) BlackPieces() []chess.PieceType {
	return append([]chess.PieceType(nil), specs[e].black...)
}

// Men returns the number of men of e, kings included.
func (e Endgame) Men() int { return specs[e].n }

// Describe says what e is in words: "king and queen against king and
// rook".
func (e Endgame) Describe() string {
	s := &specs[e]
	side := func(men []chess.PieceType) string {
		out := "king"
		for i, t := range men {
			if i == len(men)-1 {
				out += " and "
			} else {
				out += ", "
			}
			out += t.String()
		}
		if len(men) == 2 && men[0] == men[1] {
			out = "king and two " + men[0].String() + "s"
		}
		return out
	}
	return side(s.white) + " against " + side(s.black)
}

// deps are the endgames whose tables e's generation reads.
func (e Endgame) deps() []Endgame { return specs[e].deps }

// Deps returns the endgames a capture or promotion in e leads to: their
// tables are generated before e's.
func (e Endgame) Deps() []Endgame { return append([]Endgame(nil), specs[e].deps...) }

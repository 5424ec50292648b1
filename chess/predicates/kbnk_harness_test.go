//go:build kbnkharness

// The KBNK harness of issue 17 (docs/verify.md, "kbnk.al1", "The
// harness"), kept behind a build tag: it reads the tablebase, so it is a
// tool for finding a table, never part of one. Over every KBNK placement
// (2^24, kings, knight, bishop) it measures, for a candidate progress
// order (orders, below), the least depth of a forcing tree (White's moves,
// every reply; at Black's turns no minor piece en prise and no stalemate)
// from each won position with White to move to a check-free position lower
// in the order, or mate; with -fix, the greatest fixpoint of the positions
// from which such a tree of depth <= K leads only to kept positions. It is
// a value iteration over arrays (min over White's moves, max over Black's
// replies of the lowest order reachable), not a search: each depth is two
// passes over the placements. Run with
//
//	nice go test -tags kbnkharness -run KBNKHarness -v -timeout 0 ./chess/predicates/ -args -order A,W8 -k 6 -leaf reply
package predicates

import (
	"flag"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
)

var (
	hOrder = flag.String("order", "A", "candidate order")
	hK     = flag.Int("k", 5, "greatest tree depth")
	hFix   = flag.Bool("fix", false, "compute the greatest fixpoint")
	hMaxIt = flag.Int("maxit", 0, "stop the fixpoint after this many iterations (0: when it converges)")
	hFens  = flag.String("fens", "", "positions (White to move) whose depth to print, separated by commas")
	hShow  = flag.Int("show", 10, "dead ends to print (FEN, the tablebase's mate, the room's size, the white king's distance to it)")
	hLeaf  = flag.String("leaf", "none", "what a leaf needs besides progress: none, reach (each minor defended or 2 squares from the room), reply (each minor defended or out of reach of every reply), after (the order is read after every reply of Black, checks allowed: orders that depend on the black king's square)")
)

const (
	nPl   = 1 << 24
	inf   = int64(math.MaxInt64)
	mateV = int64(-1)
)

func plDecode(i int) (wk, bk, n, b chess.Square) {
	return chess.Square(i >> 18 & 63), chess.Square(i >> 12 & 63), chess.Square(i >> 6 & 63), chess.Square(i & 63)
}

func plEncode(wk, bk, n, b chess.Square) int {
	return int(wk)<<18 | int(bk)<<12 | int(n)<<6 | int(b)
}

// Per placement facts.
type hInfo struct {
	att   chess.Bitboard // White's attacks, the black king off the board
	room  chess.Bitboard
	valid bool
}

func hAtt(wk, bk, n, b chess.Square) chess.Bitboard {
	occ := wk.Bitboard() | n.Bitboard() | b.Bitboard()
	return chess.KingAttacks(wk) | chess.KnightAttacks(n) | chess.BishopAttacks(b, occ)
}

func parallel(fn func(lo, hi int)) {
	w := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	chunk := nPl / (w * 16)
	next := 0
	var mu sync.Mutex
	for j := 0; j < w; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= nPl {
					return
				}
				fn(lo, min(lo+chunk, nPl))
			}
		}()
	}
	wg.Wait()
}

func lightSq(s chess.Square) bool { return (s.File()+s.Rank())%2 == 1 }

// mateCorners are the corners of the bishop's colour.
func mateCorners(b chess.Square) [2]chess.Square {
	if lightSq(b) {
		return [2]chess.Square{chess.H1, chess.A8}
	}
	return [2]chess.Square{chess.A1, chess.H8}
}

func reach(s chess.Square, r chess.Bitboard) int {
	far := 0
	for x := r; x != 0; x &= x - 1 {
		far = max(far, dist(s, x.First()))
	}
	return far
}

func manh(a, b chess.Square) int {
	return abs(a.File()-b.File()) + abs(a.Rank()-b.Rank())
}

func reachM(s chess.Square, r chess.Bitboard) int {
	far := 0
	for x := r; x != 0; x &= x - 1 {
		far = max(far, manh(s, x.First()))
	}
	return far
}

func toSet(s chess.Square, r chess.Bitboard) int {
	if r == 0 {
		return 15
	}
	return distToSet(s, r)
}

// orderA is kbnk.al1's order: the mate box, the room, the white king's
// distance to the room, the minors'.
func orderA(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	c := mateCorners(b)
	box := 1 + min(reach(c[0], room), reach(c[1], room))
	k := (box*65+room.Count())*16 + toSet(wk, room)
	return int64(k*31 + toSet(n, room) + toSet(b, room))
}

// orders: the key of a placement (lower is progress).
var orders = map[string]func(wk, bk, n, b chess.Square, room chess.Bitboard) int64{
	// A: kbnk.al1's order.
	"A": orderA,
	// M: the Manhattan reach from the nearer mate corner first.
	"M": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		box := min(reachM(c[0], room), reachM(c[1], room))
		k := (box*65+room.Count())*16 + toSet(wk, room)
		return int64(k*31 + toSet(n, room) + toSet(b, room))
	},
	// W8, W4, W3: the room weighed toward the mate corners (each square
	// base^(its king distance to the nearer one)), then the white king's
	// distance to the room, then the minors'; WM2 the same by Manhattan
	// distance, base 2.
	"W8":  weighted(8, false),
	"W4":  weighted(4, false),
	"W3":  weighted(3, false),
	"WM2": weighted(2, true),
	// WC, WC2: W8 outside the mate box of side 3 (2); inside it only a
	// mate is progress.
	"WC":  boxed(3, weighted(8, false)),
	"WC2": boxed(2, weighted(8, false)),
	// WK, WK4: W8 outside the mate box of side 3 (4); inside it the white
	// king nearer the room first, then W8.
	"WK":  kingFirst(3),
	"WK4": kingFirst(4),
	// KW: the white king's distance to the room first, then W8.
	"KW": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(toSet(wk, room))<<40 | weighted(8, false)(wk, bk, n, b, room)
	},
	// KW4, KW3: KW with the room weighed in base 4 (3).
	"KW4": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(toSet(wk, room))<<40 | weighted(4, false)(wk, bk, n, b, room)
	},
	"KW3": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(toSet(wk, room))<<40 | weighted(3, false)(wk, bk, n, b, room)
	},
	// KS3, KS4, KS5: KW with each square's distance to the nearer mate
	// corner capped at 3 (4, 5): in the open the far squares weigh alike
	// (the room's size), near the corners the W manoeuvre's weight.
	"KS3": capped(3),
	"KS4": capped(4),
	"KS5": capped(5),
	// KA: the white king's distance to the room first, then A.
	"KA": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(toSet(wk, room))<<40 | orderA(wk, bk, n, b, room)
	},
	// With -leaf after (read after Black's reply, so the black king's square
	// may count). D: the kings' distance first, then W8. WD: W8's room
	// weight, then the kings' distance, then the minors' distances to the
	// black king. KWD: the white king's distance to the room, then WD.
	// BK: topFirst with the white king to the farthest squares; BKN with
	// the minors to them too; B0: without either.
	"BK":  topFirst(true, false),
	"BKN": topFirst(true, true),
	"B0":  topFirst(false, false),
	// KB3, KB5: KW with the room cut to the squares the black king reaches
	// within 3 (5) steps through it (read after Black's reply: -leaf
	// after), so squares far from it weigh nothing.
	"KB3": nearRoom(3),
	"KB5": nearRoom(5),
	"D": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(dist(wk, bk))<<44 | weighted(8, false)(wk, bk, n, b, room)
	},
	// NC (the net, an eighth session; with -leaf after): the black king's
	// distance to the nearer mate corner, then the room's size, then the
	// kings' distance, then the knight's to the black king. NK: the
	// kings' distance first, then NC.
	"NC": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(dist(bk, nearCorner(bk, b)))<<20 | int64(room.Count())<<8 | int64(dist(wk, bk))<<4 | int64(dist(n, bk))
	},
	"NK": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(dist(wk, bk))<<24 | int64(dist(bk, nearCorner(bk, b)))<<20 | int64(room.Count())<<8 | int64(dist(n, bk))
	},
	"WD": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return hRoomWeight(room, b, 8)<<12 | int64(dist(wk, bk))<<8 | int64(dist(n, bk)+dist(b, bk))
	},
	"KWD": func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		return int64(toSet(wk, room))<<44 | hRoomWeight(room, b, 8)<<12 | int64(dist(wk, bk))<<8 | int64(dist(n, bk)+dist(b, bk))
	},
}

// prefixed: an order's name may begin with first keys: H (hanging, below),
// I (immobile), R (relaxed), L (loose), T, Q, P (tightN), C (cornerKing),
// G (edgeKing), V, U, Y (voronoi), in the order of the name, outermost
// first; X before all of them reads the order after White's best move
// (lookahead).
func prefixed(name string) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	if o := orders[name]; o != nil {
		return o
	}
	if name == "" {
		return nil
	}
	o := prefixed(name[1:])
	if o == nil {
		return nil
	}
	switch name[0] {
	case 'H':
		return hanging(o)
	case 'I':
		return immobile(o)
	case 'R':
		return relaxed(o)
	case 'L':
		return loose(o)
	case 'T':
		return tightN(o, 4, 3)
	case 'C':
		return cornerKing(o, 3)
	case 'G':
		return edgeKing(o)
	case 'Q':
		return tightN(o, 6, 3)
	case 'P':
		return tightN(o, 8, 3)
	case 'V':
		return voronoi(o, 0)
	case 'U':
		return voronoi(o, 1)
	case 'Y':
		return voronoi(o, 2)
	}
	return nil
}

// immobile: an order with a first key, the black king without a move at
// White's turn (a room of one square, which no tree can make smaller but
// a mate): such a position is above every other, so a tree never ends
// there (it may pass through it to the mate).
func immobile(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		att := hAtt(wk, bk, n, b)
		if chess.KingAttacks(bk)&^att&^wk.Bitboard() == 0 {
			return 1<<60 | o(wk, bk, n, b, room)
		}
		return o(wk, bk, n, b, room)
	}
}

// relaxed: a minor piece en prise (next to the black king and not
// defended) counts for nothing: the order of the position is read with the
// room the other men hold (the black king free to take the piece), so a
// tree may end where Black attacks a loose piece if what the others hold
// is progress by itself.
func relaxed(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		occ := wk.Bitboard() | bk.Bitboard() | n.Bitboard() | b.Bitboard()
		near := chess.KingAttacks(bk)
		hn := near.Has(n) && !(chess.KingAttacks(wk) | chess.BishopAttacks(b, occ)).Has(n)
		hb := near.Has(b) && !(chess.KingAttacks(wk) | chess.KnightAttacks(n)).Has(b)
		if !hn && !hb {
			return o(wk, bk, n, b, room)
		}
		att := chess.KingAttacks(wk)
		own := wk.Bitboard()
		if !hn {
			att |= chess.KnightAttacks(n)
			own |= n.Bitboard()
		}
		if !hb {
			att |= chess.BishopAttacks(b, occ&^bk.Bitboard())
			own |= b.Bitboard()
		}
		free := ^(att | own)
		r := flood((chess.KingAttacks(bk)|bk.Bitboard())&free, free)
		return o(wk, bk, n, b, r)
	}
}

// loose: an order with a first key, the number of minor pieces the black
// king could attack (a square of its room next to the piece) that are not
// defended: a cage the minors hold alone is worth less than one they hold
// safely.
func loose(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		occ := wk.Bitboard() | bk.Bitboard() | n.Bitboard() | b.Bitboard()
		near := spread(room)
		l := int64(0)
		if near.Has(n) && !(chess.KingAttacks(wk) | chess.BishopAttacks(b, occ)).Has(n) {
			l++
		}
		if near.Has(b) && !(chess.KingAttacks(wk) | chess.KnightAttacks(n)).Has(b) {
			l++
		}
		return l<<57 | o(wk, bk, n, b, room)
	}
}

// voronoi: the inner order reads the room cut to the squares the black
// king reaches (through the room) sooner than the white king (its king
// distance): with slack 0 strictly sooner, with 1 no later. A square the
// white king owns does not count, so it may leave a far corner it holds
// while it stays nearer to it.
func voronoi(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64, slack int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		cut := chess.Bitboard(0)
		front := bk.Bitboard() & room
		seen := front
		for d := 0; front != 0; d++ {
			for x := front; x != 0; x &= x - 1 {
				s := x.First()
				if d < dist(wk, s)+slack {
					cut |= s.Bitboard()
				}
			}
			front = spread(front) & room &^ seen
			seen |= front
		}
		return o(wk, bk, n, b, cut)
	}
}

// edgeKing: an order with a first key above every other, the room in the
// mate box of side 3 and the white king on an edge line: the net is not
// woven from the edge, so such a position is never the end of a tree.
func edgeKing(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		edge := wk.File() == 0 || wk.File() == 7 || wk.Rank() == 0 || wk.Rank() == 7
		if edge && room != 0 && 1+min(reach(c[0], room), reach(c[1], room)) <= 3 {
			return 1<<62 | o(wk, bk, n, b, room)
		}
		return o(wk, bk, n, b, room)
	}
}

// cornerKing: in the mate box of side box, the white king's king distance
// to that corner first (the king must stand by the corner where the net is
// woven), then the inner order; every position outside the box above.
func cornerKing(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64, box int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		r0, r1 := reach(c[0], room), reach(c[1], room)
		if room != 0 && 1+min(r0, r1) <= box {
			k := c[0]
			if r1 < r0 {
				k = c[1]
			}
			return int64(dist(wk, k))<<52 | o(wk, bk, n, b, room)
		}
		return 1<<55 | o(wk, bk, n, b, room)
	}
}

// tightN: an order with a first key, a room of four squares or fewer
// outside the mate box of side 3: a cage built away from the mate corner,
// which must be opened again, is never the end of a tree.
// Q and P: the same with rooms of 6 (8) squares or fewer.
func tightN(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64, size, box int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		if room.Count() <= size && 1+min(reach(c[0], room), reach(c[1], room)) > box {
			return 1<<59 | o(wk, bk, n, b, room)
		}
		return o(wk, bk, n, b, room)
	}
}

// hanging: an order with a first key, a minor piece en prise (next to the
// black king and not defended) in the position: the room of such a
// position, at White's turn, does not count the capture, so without the key
// a tree could end there as progress (with -leaf after).
func hanging(o func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		occ := wk.Bitboard() | bk.Bitboard() | n.Bitboard() | b.Bitboard()
		near := chess.KingAttacks(bk)
		h := near.Has(n) && !(chess.KingAttacks(wk)|chess.BishopAttacks(b, occ)).Has(n) ||
			near.Has(b) && !(chess.KingAttacks(wk)|chess.KnightAttacks(n)).Has(b)
		if h {
			return 1<<61 | o(wk, bk, n, b, room)
		}
		return o(wk, bk, n, b, room)
	}
}

// topFirst: the mate box's distance (the room's farthest square from the
// nearer mate corner, king steps), then the white king's distance to the
// room's squares that far (mk), then the room's weight (base 8), then the
// minors' distances to the room (to those squares with mn).
func topFirst(mk, mn bool) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		far, top := 0, chess.Bitboard(0)
		for x := room; x != 0; x &= x - 1 {
			s := x.First()
			d := min(dist(s, c[0]), dist(s, c[1]))
			if d > far {
				far, top = d, 0
			}
			if d == far {
				top |= s.Bitboard()
			}
		}
		k := int64(0)
		if mk {
			k = int64(toSet(wk, top))
		}
		m := int64(toSet(n, room) + toSet(b, room))
		if mn {
			m = int64(toSet(n, top) + toSet(b, top))
		}
		return int64(far)<<53 | k<<49 | hRoomWeight(room, b, 8)<<10 | int64(toSet(wk, room))<<6 | m
	}
}

// nearRoom: see KB3.
func nearRoom(r int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	w8 := weighted(8, false)
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		near := bk.Bitboard() & room
		for j := 0; j < r; j++ {
			near = spread(near) & room
		}
		return int64(toSet(wk, room))<<40 | w8(wk, bk, n, b, near)
	}
}

// hRoomWeight: each square of the room weighs base^(its king distance to
// the nearer mate corner).
func hRoomWeight(room chess.Bitboard, b chess.Square, base int64) int64 {
	c := mateCorners(b)
	var w int64
	for x := room; x != 0; x &= x - 1 {
		s := x.First()
		d := min(dist(s, c[0]), dist(s, c[1]))
		p := int64(1)
		for j := 0; j < d; j++ {
			p *= base
		}
		w += p
	}
	return w
}

// weighted: the room weighed toward the mate corners (see orders).
func weighted(base int, manhattan bool) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		w := 0
		for x := room; x != 0; x &= x - 1 {
			s := x.First()
			d := min(dist(s, c[0]), dist(s, c[1]))
			if manhattan {
				d = min(manh(s, c[0]), manh(s, c[1]))
			}
			p := 1
			for j := 0; j < d; j++ {
				p *= base
			}
			w += p
		}
		k := w*16 + toSet(wk, room)
		return int64(k*31 + toSet(n, room) + toSet(b, room))
	}
}

// capped: see KS4.
func capped(c int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		cs := mateCorners(b)
		var w int64
		for x := room; x != 0; x &= x - 1 {
			s := x.First()
			d := min(dist(s, cs[0]), dist(s, cs[1]), c)
			w += int64(1) << (3 * d)
		}
		k := w*16 + int64(toSet(wk, room))
		return int64(toSet(wk, room))<<40 | k*31 + int64(toSet(n, room)+toSet(b, room))
	}
}

// boxed: every position with the room in a square of side box at a mate
// corner is one class, below every other: from there only a mate is
// progress.
func boxed(box int, outer func(wk, bk, n, b chess.Square, room chess.Bitboard) int64) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		if room != 0 && 1+min(reach(c[0], room), reach(c[1], room)) <= box {
			return 0
		}
		return 1 + outer(wk, bk, n, b, room)
	}
}

// kingFirst: W8 outside the mate box of the given side; inside it, below
// everything outside, the white king nearer the room first, then W8.
func kingFirst(box int) func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	w8 := weighted(8, false)
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
		c := mateCorners(b)
		if room != 0 && 1+min(reach(c[0], room), reach(c[1], room)) <= box {
			return int64(toSet(wk, room))<<40 | w8(wk, bk, n, b, room)
		}
		return 1<<50 + w8(wk, bk, n, b, room)
	}
}

type harness struct {
	info []hInfo
	f    []int64
	won  []bool // White to move, won
	tb   *tablebase.Table

	bishopFirst bool
}

func (h *harness) build(t *testing.T, order string) {
	lookahead := strings.HasPrefix(order, "X")
	fo := prefixed(strings.TrimPrefix(order, "X"))
	if fo == nil {
		t.Fatalf("no order %q", order)
	}
	if h.info == nil {
		h.info = make([]hInfo, nPl)
		h.f = make([]int64, nPl)
		h.won = make([]bool, nPl)
		tb := tablebase.New(tablebase.Options{})
		eg := tablebase.MustEndgame("kbnk")
		tab, err := tb.Table(eg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("pieces %v", eg.Pieces())
		h.tb = tab
		bishopFirst := eg.Pieces()[0] == chess.Bishop
		h.bishopFirst = bishopFirst
		parallel(func(lo, hi int) {
			for i := lo; i < hi; i++ {
				wk, bk, n, b := plDecode(i)
				if wk == bk || wk == n || wk == b || bk == n || bk == b || n == b || dist(wk, bk) < 2 {
					continue
				}
				att := hAtt(wk, bk, n, b)
				free := ^(att | wk.Bitboard() | n.Bitboard() | b.Bitboard())
				room := flood((chess.KingAttacks(bk)|bk.Bitboard())&free, free)
				h.info[i] = hInfo{att: att, room: room, valid: true}
				if !att.Has(bk) {
					var v tablebase.Value
					var err error
					if bishopFirst {
						v, err = tab.Lookup(true, int(wk), int(bk), int(b), int(n))
					} else {
						v, err = tab.Lookup(true, int(wk), int(bk), int(n), int(b))
					}
					if err == nil && v.Outcome == tablebase.Win {
						h.won[i] = true
					}
				}
			}
		})
	}
	parallel(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !h.info[i].valid {
				continue
			}
			wk, bk, n, b := plDecode(i)
			h.f[i] = fo(wk, bk, n, b, h.info[i].room)
		}
	})
	if lookahead {
		h.lookahead()
	}
}

// lookahead: X before an order's name: the key of a White-to-move
// position is the least key White's safe moves reach (read at Black's
// turn; a mate least of all): a door White closes next move counts as
// closed.
func (h *harness) lookahead() {
	g := make([]int64, nPl)
	copy(g, h.f)
	parallel(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !h.won[i] {
				continue
			}
			best := inf
			whiteMoves(i, func(j int) {
				dests, check := h.blackDests(j)
				_, _, n, b := plDecode(j)
				if dests&(n.Bitboard()|b.Bitboard()) != 0 {
					return
				}
				if dests == 0 {
					if check {
						best = math.MinInt64 / 2
					}
					return
				}
				best = min(best, g[j])
			})
			h.f[i] = best
		}
	})
}

// dtm: the tablebase's mate (moves) from a White-to-move placement.
func (h *harness) dtm(i int) int {
	wk, bk, n, b := plDecode(i)
	var v tablebase.Value
	var err error
	if h.bishopFirst {
		v, err = h.tb.Lookup(true, int(wk), int(bk), int(b), int(n))
	} else {
		v, err = h.tb.Lookup(true, int(wk), int(bk), int(n), int(b))
	}
	if err != nil || v.Outcome != tablebase.Win {
		return -1
	}
	return v.DTM
}

// line: the tablebase's line from a White-to-move placement (White's
// fastest mate, Black's longest defence), each White-to-move position's
// order key after its move.
func (h *harness) line(i int) string {
	var out []string
	for step := 0; step < 40 && h.won[i]; step++ {
		best, bestD := -1, 1000
		whiteMoves(i, func(j int) {
			dests, check := h.blackDests(j)
			_, _, n, b := plDecode(j)
			if dests&(n.Bitboard()|b.Bitboard()) != 0 {
				return
			}
			if dests == 0 {
				if check && bestD > 0 {
					best, bestD = j, 0
				}
				return
			}
			worst := 0
			wk, _, _, _ := plDecode(j)
			for x := dests; x != 0; x &= x - 1 {
				k := plEncode(wk, x.First(), n, b)
				if !h.won[k] {
					worst = 1000
					break
				}
				worst = max(worst, h.dtm(k))
			}
			if worst < bestD {
				best, bestD = j, worst
			}
		})
		if best < 0 {
			break
		}
		out = append(out, fenOf(best, false))
		if bestD == 0 {
			out = append(out, "mate")
			break
		}
		dests, _ := h.blackDests(best)
		wk, _, n, b := plDecode(best)
		next := -1
		for x := dests; x != 0; x &= x - 1 {
			k := plEncode(wk, x.First(), n, b)
			if next < 0 || h.dtm(k) > h.dtm(next) {
				next = k
			}
		}
		i = next
		out = append(out, fmt.Sprintf("%s [%d]", fenOf(i, true), h.f[i]))
	}
	return strings.Join(out, " ; ")
}

// blackDests: the black king's moves from a black-to-move placement.
func (h *harness) blackDests(i int) (dests chess.Bitboard, check bool) {
	_, bk, _, _ := plDecode(i)
	in := &h.info[i]
	return chess.KingAttacks(bk) &^ in.att, in.att.Has(bk)
}

// whiteMoves calls fn with every child placement of a White-to-move one.
func whiteMoves(i int, fn func(j int)) {
	wk, bk, n, b := plDecode(i)
	own := wk.Bitboard() | n.Bitboard() | b.Bitboard()
	occ := own | bk.Bitboard()
	for x := chess.KingAttacks(wk) &^ own &^ chess.KingAttacks(bk) &^ bk.Bitboard(); x != 0; x &= x - 1 {
		fn(plEncode(x.First(), bk, n, b))
	}
	for x := chess.KnightAttacks(n) &^ occ; x != 0; x &= x - 1 {
		fn(plEncode(wk, bk, x.First(), b))
	}
	for x := chess.BishopAttacks(b, occ) &^ occ; x != 0; x &= x - 1 {
		fn(plEncode(wk, bk, n, x.First()))
	}
}

// leafAndNode computes, for every black-to-move placement, the value of
// stopping there (L) and of going on with trees of the previous depth (v).
// kept: white-to-move placements a leaf's replies must stay in (nil: any).
func (h *harness) blackPass(c []int64, v []int64, kept []bool) {
	parallel(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !h.info[i].valid {
				c[i] = inf
				continue
			}
			dests, check := h.blackDests(i)
			wk, _, n, b := plDecode(i)
			if dests&(n.Bitboard()|b.Bitboard()) != 0 {
				c[i] = inf // a minor piece can be taken
				continue
			}
			if dests == 0 {
				if check {
					c[i] = mateV
				} else {
					c[i] = inf // stalemate
				}
				continue
			}
			leaf := inf
			if *hLeaf == "after" {
				// The order read after every reply, at White's turn.
				leaf = int64(math.MinInt64)
				for x := dests; x != 0; x &= x - 1 {
					j := plEncode(wk, x.First(), n, b)
					if !h.won[j] || (kept != nil && !kept[j]) {
						leaf = inf
						break
					}
					leaf = max(leaf, h.f[j])
				}
			} else if !check && h.leafOK(i, dests) {
				leaf = h.f[i]
				if kept != nil {
					for x := dests; x != 0; x &= x - 1 {
						if !kept[plEncode(wk, x.First(), n, b)] {
							leaf = inf
							break
						}
					}
				}
			}
			node := inf
			if v != nil {
				node = int64(math.MinInt64)
				for x := dests; x != 0; x &= x - 1 {
					node = max(node, v[plEncode(wk, x.First(), n, b)])
				}
			}
			c[i] = min(leaf, node)
		}
	})
}

func (h *harness) leafOK(i int, dests chess.Bitboard) bool {
	_, _, n, b := plDecode(i)
	in := &h.info[i]
	switch *hLeaf {
	case "reach":
		for _, m := range [2]chess.Square{n, b} {
			if !in.att.Has(m) && distToSet(m, in.room) < 2 {
				return false
			}
		}
	case "reply":
		near := spread(dests)
		for _, m := range [2]chess.Square{n, b} {
			if !in.att.Has(m) && near.Has(m) {
				return false
			}
		}
	}
	return true
}

func (h *harness) whitePass(v, c []int64) {
	parallel(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if !h.won[i] {
				v[i] = inf
				continue
			}
			best := inf
			whiteMoves(i, func(j int) { best = min(best, c[j]) })
			v[i] = best
		}
	})
}

func fenOf(i int, white bool) string {
	wk, bk, n, b := plDecode(i)
	var board [64]byte
	board[wk], board[bk], board[n], board[b] = 'K', 'k', 'N', 'B'
	s := ""
	for r := 7; r >= 0; r-- {
		e := 0
		for f := 0; f < 8; f++ {
			ch := board[r*8+f]
			if ch == 0 {
				e++
				continue
			}
			if e > 0 {
				s += fmt.Sprint(e)
				e = 0
			}
			s += string(ch)
		}
		if e > 0 {
			s += fmt.Sprint(e)
		}
		if r > 0 {
			s += "/"
		}
	}
	if white {
		return s + " w"
	}
	return s + " b"
}

// depths: the least depth <= K of a tree to a lower, kept position (0: none).
func (h *harness) depths(K int, kept []bool) []uint8 {
	d := make([]uint8, nPl)
	c := make([]int64, nPl)
	var v []int64
	for k := 1; k <= K; k++ {
		h.blackPass(c, v, kept)
		if v == nil {
			v = make([]int64, nPl)
		}
		h.whitePass(v, c)
		for i := range d {
			if d[i] == 0 && h.won[i] && v[i] < h.f[i] {
				d[i] = uint8(k)
			}
		}
	}
	return d
}

func TestKBNKHarness(t *testing.T) {
	var h harness
	for _, o := range strings.Split(*hOrder, ",") {
		h.build(t, o)
		t.Run(o, func(t *testing.T) { h.run(t, o) })
	}
}

func (h *harness) run(t *testing.T, order string) {
	hOrder := &order
	won := 0
	for i := range h.won {
		if h.won[i] {
			won++
		}
	}
	t.Logf("order %s: %d won White-to-move placements", *hOrder, won)
	d := h.depths(*hK, nil)
	report := func(d []uint8, kept []bool) {
		var hist, histIn [16]int
		type bucket struct{ box, room int }
		dead := map[int64]int{}
		var examples []int
		for i := range d {
			if !h.won[i] || (kept != nil && !kept[i]) {
				continue
			}
			hist[d[i]]++
			if h.f[i] == 0 {
				histIn[d[i]]++
			}
			if d[i] == 0 {
				_, _, _, b := plDecode(i)
				c := mateCorners(b)
				r := h.info[i].room
				dead[int64((1+min(reach(c[0], r), reach(c[1], r)))*65+r.Count())]++
				if len(examples) < 100000 {
					examples = append(examples, i)
				}
			}
		}
		for k := 1; k <= *hK; k++ {
			t.Logf("depth %d: %d (in the mate box: %d)", k, hist[k], histIn[k])
		}
		t.Logf("none within %d: %d (in the mate box: %d)", *hK, hist[0], histIn[0])
		keys := make([]int64, 0, len(dead))
		for k := range dead {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool { return dead[keys[a]] > dead[keys[b]] })
		for j, k := range keys {
			if j == 25 {
				break
			}
			t.Logf("  dead: box %d room %d: %d", k/65, k%65, dead[k])
		}
		for j := 0; *hShow > 0 && j < len(examples); j += max(1, len(examples) / *hShow) {
			i := examples[j]
			wk, _, _, _ := plDecode(i)
			t.Logf("  e.g. %s (mate in %d, room %d, king to room %d)", fenOf(i, true), h.dtm(i), h.info[i].room.Count(), toSet(wk, h.info[i].room))
		}
	}
	report(d, nil)
	if *hFens != "" {
		for _, f := range strings.Split(*hFens, ",") {
			p, err := chess.ParseFEN(f + " - - 0 1")
			if err != nil {
				t.Fatal(err)
			}
			i := plEncode(p.King(chess.White), p.King(chess.Black), p.Pieces(chess.White, chess.Knight).First(), p.Pieces(chess.White, chess.Bishop).First())
			t.Logf("%s: won %v, depth %d, order %d; the tablebase's line: %s", f, h.won[i], d[i], h.f[i], h.line(i))
		}
	}
	if !*hFix {
		return
	}
	kept := make([]bool, nPl)
	copy(kept, h.won)
	for it := 1; ; it++ {
		d := h.depths(*hK, kept)
		out := 0
		for i := range kept {
			if kept[i] && d[i] == 0 {
				kept[i] = false
				out++
			}
		}
		t.Logf("fixpoint iteration %d: %d thrown out", it, out)
		if out == 0 {
			report(d, kept)
			break
		}
		if it == *hMaxIt {
			t.Logf("stopped after %d iterations", it)
			break
		}
	}
	n := 0
	for i := range kept {
		if kept[i] {
			n++
		}
	}
	t.Logf("kept %d of %d", n, won)
}

// TestKBNKKey prints, without the tablebase, the order key of each of
// -fens (White to move) and of each White move with Black's best reply.
func TestKBNKKey(t *testing.T) {
	fo := prefixed(*hOrder)
	if fo == nil {
		t.Fatalf("no order %q", *hOrder)
	}
	key := func(i int) int64 {
		wk, bk, n, b := plDecode(i)
		att := hAtt(wk, bk, n, b)
		free := ^(att | wk.Bitboard() | n.Bitboard() | b.Bitboard())
		room := flood((chess.KingAttacks(bk)|bk.Bitboard())&free, free)
		return fo(wk, bk, n, b, room)
	}
	for _, f := range strings.Split(*hFens, ",") {
		p, err := chess.ParseFEN(f + " - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		i := plEncode(p.King(chess.White), p.King(chess.Black), p.Pieces(chess.White, chess.Knight).First(), p.Pieces(chess.White, chess.Bishop).First())
		t.Logf("%s: %x", f, key(i))
		whiteMoves(i, func(j int) {
			wk, bk, n, b := plDecode(j)
			att := hAtt(wk, bk, n, b)
			worst, wj := int64(math.MinInt64), -1
			for x := chess.KingAttacks(bk) &^ att; x != 0; x &= x - 1 {
				k := plEncode(wk, x.First(), n, b)
				if v := key(k); v > worst {
					worst, wj = v, k
				}
			}
			if wj >= 0 {
				t.Logf("  %s -> %s %x", fenOf(j, false), fenOf(wj, true), worst)
			}
		})
	}
}

// The phases of the book's method (an eighth session): regions of the
// won positions with White to move, each measured by the tablebase's mate
// within it (how many positions, the longest mate, an example of it), so
// that the last phase can be chosen where a short mate search suffices.
var (
	hRegions  = flag.String("regions", "box3", "regions for TestKBNKRegion, separated by commas")
	hOver     = flag.Int("over", 99, "TestKBNKRegion: print a few positions of each region whose mate is longer")
	hApOrder  = flag.String("approach-order", "", "TestKBNKNet -approach: an order of the approach (letters, the first the most significant: e the white king on an edge line, n the knight on an edge line or cornered, m the minors next to the black king, k the white king's distance to the room beyond 2, d the kings' distance, z the white king's Manhattan distance to the centre's four squares, c the number of the conditions e, n, m, k unmet); the greatest fixpoint of the positions outside with a tree to a lower one or into the region")
	hApSafe   = flag.Bool("approach-safe", false, "TestKBNKNet -approach-order: a leaf's replies outside the region must have no minor en prise (the table's goal says ~minor_hangs, not won)")
	hApproach = flag.Int("approach", 0, "TestKBNKNet: after the fixpoint, the least depth (up to this) of a tree from each won position outside what is kept into it")
)

// nearCorner: the corner of the bishop's colour nearer the black king.
func nearCorner(bk, b chess.Square) chess.Square {
	c := mateCorners(b)
	if dist(bk, c[1]) < dist(bk, c[0]) {
		return c[1]
	}
	return c[0]
}

func hangs(wk, bk, n, b chess.Square) bool {
	def := func(s chess.Square) bool {
		occ := wk.Bitboard() | n.Bitboard() | b.Bitboard()
		return chess.KingAttacks(wk).Has(s) || (s != n && chess.KnightAttacks(n).Has(s)) || (s != b && chess.BishopAttacks(b, occ).Has(s))
	}
	return dist(n, bk) == 1 && !def(n) || dist(b, bk) == 1 && !def(b)
}

// region: a name's membership test of a White-to-move placement; the
// name is conditions joined by '+', all of which must hold: boxB the room
// in the mate box of side B; KD the white king within D of the room; E
// the white king off the edge lines; rR a room of R squares or fewer; cC
// the black king within C of the nearer mate corner; DD the kings within
// D; nD the knight within D of the black king; s no minor en prise; l
// no loose minor next to the room (the key L); N the knight off the edge
// lines; e the black king on an edge line; wC the black king within C of
// a corner of the other colour; k not the knight next to a corner and to
// the black king; m no minor next to the black king; ~a.b.c not all of
// the conditions a, b and c; A|B either region.
func region(name string) func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
	if a, b, ok := strings.Cut(name, "|"); ok {
		// A union: either region.
		ra, rb := region(a), region(b)
		if ra == nil || rb == nil {
			return nil
		}
		return func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
			return ra(wk, bk, n, b, room) || rb(wk, bk, n, b, room)
		}
	}
	var conds []func(wk, bk, n, b chess.Square, room chess.Bitboard) bool
	for _, c := range strings.Split(name, "+") {
		var k int
		var f func(wk, bk, n, b chess.Square, room chess.Bitboard) bool
		switch {
		case strings.HasPrefix(c, "~"):
			// ~a.b.c: not all of the conditions a, b and c.
			inner := region(strings.ReplaceAll(c[1:], ".", "+"))
			if inner != nil {
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return !inner(wk, bk, n, b, room) }
			}
		case c == "E":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				return wk.File() > 0 && wk.File() < 7 && wk.Rank() > 0 && wk.Rank() < 7
			}
		case c == "N":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				return n.File() > 0 && n.File() < 7 && n.Rank() > 0 && n.Rank() < 7
			}
		case c == "k":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				by := min(dist(n, chess.A1), dist(n, chess.H1), dist(n, chess.A8), dist(n, chess.H8)) == 1
				return !(by && dist(n, bk) == 1)
			}
		case c == "m":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return dist(n, bk) > 1 && dist(b, bk) > 1 }
		case c == "e":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				return bk.File() == 0 || bk.File() == 7 || bk.Rank() == 0 || bk.Rank() == 7
			}
		case c == "s":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return !hangs(wk, bk, n, b) }
		case c == "l":
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				return loose(func(wk, bk, n, b chess.Square, room chess.Bitboard) int64 { return 0 })(wk, bk, n, b, room) == 0
			}
		case len(c) > 3 && c[:3] == "box":
			fmt.Sscanf(c[3:], "%d", &k)
			f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
				cs := mateCorners(b)
				return 1+min(reach(cs[0], room), reach(cs[1], room)) <= k
			}
		case len(c) > 1:
			fmt.Sscanf(c[1:], "%d", &k)
			switch c[0] {
			case 'K':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return toSet(wk, room) <= k }
			case 'r':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return room.Count() <= k }
			case 'c':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return dist(bk, nearCorner(bk, b)) <= k }
			case 'D':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return dist(wk, bk) <= k }
			case 'n':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool { return dist(n, bk) <= k }
			case 'w':
				f = func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
					c := mateCorners(b)
					w1, w2 := chess.Square(int(c[0])^7), chess.Square(int(c[1])^7)
					return min(dist(bk, w1), dist(bk, w2)) <= k
				}
			}
		}
		if f == nil {
			return nil
		}
		conds = append(conds, f)
	}
	return func(wk, bk, n, b chess.Square, room chess.Bitboard) bool {
		for _, f := range conds {
			if !f(wk, bk, n, b, room) {
				return false
			}
		}
		return true
	}
}

func TestKBNKRegion(t *testing.T) {
	var h harness
	h.build(t, "A")
	for _, name := range strings.Split(*hRegions, ",") {
		in := region(name)
		if in == nil {
			t.Fatalf("no region %q", name)
		}
		var hist [64]int
		worst, ex, n := 0, -1, 0
		var over []int
		for i := range h.won {
			if !h.won[i] {
				continue
			}
			wk, bk, kn, b := plDecode(i)
			if !in(wk, bk, kn, b, h.info[i].room) {
				continue
			}
			d := h.dtm(i)
			if d > *hOver && len(over) < 12 && (len(over) == 0 || i-over[len(over)-1] > 50000) {
				over = append(over, i)
			}
			n++
			hist[d]++
			if d > worst {
				worst, ex = d, i
			}
		}
		var parts []string
		for d, c := range hist {
			if c > 0 {
				parts = append(parts, fmt.Sprintf("%d:%d", d, c))
			}
		}
		t.Logf("region %s: %d won positions, longest mate %d (%s); by mate: %s", name, n, worst, fenOf(ex, true), strings.Join(parts, " "))
		for _, i := range over {
			t.Logf("  mate in %d: %s", h.dtm(i), fenOf(i, true))
		}
	}
}

// TestKBNKNet: one phase proved on its own (an eighth session). The
// greatest fixpoint of -order restricted to a region (-regions, the first
// one): start from the region's won positions and throw out, until nothing
// changes, those from which no tree of depth <= -k reaches a position
// lower in the order whose replies all stay kept (or mate). What is kept is
// a set from which a table of that order's steps mates without leaving
// the region; what is thrown out is printed with the tablebase's mate.
func TestKBNKNet(t *testing.T) {
	var h harness
	for _, o := range strings.Split(*hOrder, ",") {
		for _, r := range strings.Split(*hRegions, ",") {
			h.build(t, o)
			t.Run(o+"/"+r, func(t *testing.T) { h.net(t, o, r) })
		}
	}
}

func (h *harness) net(t *testing.T, order, name string) {
	hOrder := &order
	in := region(name)
	if in == nil {
		t.Fatalf("no region %q", name)
	}
	kept := make([]bool, nPl)
	n := 0
	for i := range h.won {
		if h.won[i] {
			wk, bk, kn, b := plDecode(i)
			if in(wk, bk, kn, b, h.info[i].room) {
				kept[i] = true
				n++
			}
		}
	}
	t.Logf("order %s, region %s: %d won positions, depth %d", *hOrder, name, n, *hK)
	var out []int
	var d []uint8
	for it := 1; ; it++ {
		d = h.depths(*hK, kept)
		thrown := 0
		var hist [16]int
		for i := range kept {
			if !kept[i] {
				continue
			}
			hist[d[i]]++
			if d[i] == 0 {
				kept[i] = false
				thrown++
				if len(out) < 400 {
					out = append(out, i)
				}
			}
		}
		t.Logf("iteration %d: thrown out %d; by least depth %v", it, thrown, hist[:*hK+1])
		if thrown == 0 || it == *hMaxIt {
			break
		}
	}
	k := 0
	for i := range kept {
		if kept[i] {
			k++
		}
	}
	t.Logf("kept %d of %d (%.2f%%)", k, n, 100*float64(k)/float64(max(n, 1)))
	if *hFens != "" {
		for _, f := range strings.Split(*hFens, ",") {
			p, err := chess.ParseFEN(f + " - - 0 1")
			if err != nil {
				t.Fatal(err)
			}
			i := plEncode(p.King(chess.White), p.King(chess.Black), p.Pieces(chess.White, chess.Knight).First(), p.Pieces(chess.White, chess.Bishop).First())
			wk, bk, kn, b := plDecode(i)
			t.Logf("%s: won %v, in the region %v, kept %v, least depth %d, order %x, mate in %d", f, h.won[i], in(wk, bk, kn, b, h.info[i].room), kept[i], d[i], h.f[i], h.dtm(i))
		}
	}
	if *hApproach > 0 {
		h.approach(t, kept, *hApproach)
	}
	for j := 0; *hShow > 0 && j < len(out); j += max(1, len(out) / *hShow) {
		t.Logf("  thrown out: %s (mate in %d, room %d)", fenOf(out[j], true), h.dtm(out[j]), h.info[out[j]].room.Count())
	}
}

// approach: the phase before a region (a ninth session): for every won
// position outside kept, the least depth <= K of a tree whose leaves (at
// Black's turn, no minor en prise, no stalemate) have every reply in kept
// (or are mates). A table whose last rule searches such trees reaches the
// region from every position with one.
func (h *harness) approach(t *testing.T, kept []bool, K int) {
	saved := h.f
	h.f = make([]int64, nPl)
	for i := range h.f {
		if !kept[i] {
			h.f[i] = 1
		}
	}
	if *hApOrder != "" {
		for _, o := range strings.Split(*hApOrder, ",") {
			h.approachFix(t, kept, K, o)
		}
		h.f = saved
		return
	}
	d := h.depths(K, kept)
	h.f = saved
	var hist [16]int
	var none []int
	total := 0
	for i := range d {
		if !h.won[i] || kept[i] {
			continue
		}
		total++
		hist[d[i]]++
		if d[i] == 0 && len(none) < 2000 {
			none = append(none, i)
		}
	}
	t.Logf("approach: %d won positions outside; by least depth (0: none within %d) %v", total, K, hist[:K+1])
	for j := 0; *hShow > 0 && j < len(none); j += max(1, len(none) / *hShow) {
		t.Logf("  no approach: %s (mate in %d, room %d)", fenOf(none[j], true), h.dtm(none[j]), h.info[none[j]].room.Count())
	}
}

// apKey: the approach order's key of a White-to-move placement (see
// -approach-order).
func apKey(order string, wk, bk, n, b chess.Square, room chess.Bitboard) int64 {
	edge := func(s chess.Square) bool { return s.File() == 0 || s.File() == 7 || s.Rank() == 0 || s.Rank() == 7 }
	e := int64(0)
	if edge(wk) {
		e = 1
	}
	nb := int64(0)
	by := min(dist(n, chess.A1), dist(n, chess.H1), dist(n, chess.A8), dist(n, chess.H8)) == 1
	if edge(n) || by && dist(n, bk) == 1 {
		nb = 1
	}
	m := int64(0)
	if dist(n, bk) == 1 {
		m++
	}
	if dist(b, bk) == 1 {
		m++
	}
	k := int64(max(0, toSet(wk, room)-2))
	var key int64
	for _, c := range order {
		var v int64
		switch c {
		case 'e':
			v = e
		case 'n':
			v = nb
		case 'm':
			v = m
		case 'k':
			v = k
		case 'd':
			v = int64(dist(wk, bk))
		case 'z':
			// The white king's Manhattan distance to the centre's four squares.
			f, r := wk.File(), wk.Rank()
			v = int64(max(0, 3-f, f-4) + max(0, 3-r, r-4))
		case 'c':
			v = e + nb
			if m > 0 {
				v++
			}
			if k > 0 {
				v++
			}
		}
		key = key<<4 | v
	}
	return key
}

// approachFix: the greatest fixpoint of the won positions outside kept
// under the approach order: thrown out until nothing changes, those from
// which no tree of depth <= K reaches, against every reply, a position of
// kept (key 0) or one still in that lowers the approach's key.
func (h *harness) approachFix(t *testing.T, kept []bool, K int, order string) {
	// alive: the positions outside still in the fixpoint (roots); allowed:
	// where a leaf's replies may go, kept or alive with no minor en prise
	// (the table's goal cannot say "won": it says ~minor_hangs).
	alive := make([]bool, nPl)
	allowed := make([]bool, nPl)
	total, drawn := 0, 0
	for i := range allowed {
		if !h.info[i].valid {
			continue
		}
		wk, bk, n, b := plDecode(i)
		if !h.won[i] {
			if !kept[i] && !h.info[i].att.Has(bk) && !hangs(wk, bk, n, b) {
				if drawn%200 == 0 {
					t.Logf("  not won, no minor en prise: %s", fenOf(i, true))
				}
				drawn++
			}
			continue
		}
		if kept[i] {
			allowed[i] = true
			continue
		}
		alive[i] = true
		allowed[i] = !*hApSafe || !hangs(wk, bk, n, b)
		total++
		h.f[i] = 1 + apKey(order, wk, bk, n, b, h.info[i].room)
	}
	t.Logf("approach %s: %d White-to-move placements outside, no minor en prise, not won", order, drawn)
	var out []int
	for it := 1; ; it++ {
		d := h.depths(K, allowed)
		var hist [16]int
		thrown := 0
		for i := range alive {
			if !alive[i] {
				continue
			}
			hist[d[i]]++
			if d[i] == 0 {
				alive[i] = false
				allowed[i] = false
				thrown++
				if len(out) < 400 {
					out = append(out, i)
				}
			}
		}
		t.Logf("approach %s, iteration %d: thrown out %d of %d; by least depth %v", order, it, thrown, total, hist[:K+1])
		if thrown == 0 || it == *hMaxIt {
			break
		}
	}
	for j := 0; *hShow > 0 && j < len(out); j += max(1, len(out) / *hShow) {
		t.Logf("  thrown out: %s (mate in %d, room %d)", fenOf(out[j], true), h.dtm(out[j]), h.info[out[j]].room.Count())
	}
}

package chesslearn

import (
	"context"
	"fmt"
	"iter"
	"math"
	"runtime"
	"slices"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/tablebase"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
)

// The labels of the whole of a large endgame (KBBK: 2.5 million starts)
// are made in bounded memory: the starts are never held, but walked from
// the tablebase once per pass (SelectTableStarts), and what is kept is
// compact: a class number per position of the sample (a map), the
// outcomes of each class's advice in flat arrays, a few words of labels
// per class, and the rows the tree is grown from, each a group of
// positions alike in labels and features with its count.

// classKey is a position up to the symmetries of the board its labels
// are shared across: its men as (colour, type, square), ten bits each,
// sorted and packed six to a word, and the side to move. The image of
// least key stands for its class.
type classKey [2]uint64

// maxKeyMen is the most men a classKey holds.
const maxKeyMen = 12

// symmetries returns how many of the board's symmetries (tablebase.Transform's
// numbering) the labels of p are shared across: 1 (the identity) without
// the symmetry option or with castling or en passant rights; 2 (the
// mirror between the wings) with pawns; else all 8.
func symmetries(p *chess.Position, on bool) int {
	switch {
	case !on || p.CastlingRights() != 0 || p.EnPassant() != chess.NoSquare:
		return 1
	case p.Type(chess.Pawn) != 0:
		return 2
	}
	return 8
}

// keyOf returns p's class key under the first n symmetries (see
// symmetries).
func keyOf(p *chess.Position, n int) classKey {
	var men [maxKeyMen]uint64
	var best classKey
	for t := range n {
		k := 0
		for c := chess.White; c <= chess.Black; c++ {
			for pt := chess.Pawn; pt <= chess.King; pt++ {
				for s := range p.Pieces(c, pt).All() {
					if k < maxKeyMen {
						men[k] = uint64(c)<<9 | uint64(pt)<<6 | uint64(tablebase.Transform(s, t))
					}
					k++
				}
			}
		}
		slices.Sort(men[:min(k, maxKeyMen)])
		var key classKey
		for i := range min(k, maxKeyMen) {
			key[i/6] |= men[i] << (10 * (i % 6))
		}
		key[1] |= uint64(p.SideToMove()) << 63
		if t == 0 || key[0] < best[0] || key[0] == best[0] && key[1] < best[1] {
			best = key
		}
	}
	return best
}

// classLabel is what the labels say of a class of positions: per advice,
// whether it is satisfiable and whether it makes progress, the class ID3
// learns and the distance to mate with the advice.
type classLabel struct {
	sat, good uint64 // bit a: advice a
	opt       uint64 // bit a: advice a makes progress and has the least distance
	class     int8   // the advice of least distance (-1: none mates)
	dist      int32  // the distance to mate with the advice (moves of X; -1: none)
}

// outcomes holds, for each class and advice, where the advice's forcing
// tree hands the game back to the table (see follow): the outcomes of
// class i's advice a are next[off[i*A+a]:off[i*A+a+1]] with moves alike.
type outcomes struct {
	off   []uint32
	next  []int32 // a class, or mated
	moves []uint16
}

func (o *outcomes) of(i, a, nAdvice int) (next []int32, moves []uint16) {
	lo, hi := o.off[i*nAdvice+a], o.off[i*nAdvice+a+1]
	return o.next[lo:hi], o.moves[lo:hi]
}

const mated = -1

// labelChunk is how many positions a pass hands the workers at once.
const labelChunk = 4096

// costBlock is how many classes one searcher labels from an empty memo
// (see labels): small enough for the workers to share a chunk, large
// enough for the memo to serve neighbouring classes.
const costBlock = 64

// chunks walks seq in chunks of at most labelChunk positions; fn gets
// each chunk and the number of positions before it.
func chunks(seq iter.Seq2[chess.Position, tablebase.Value], fn func(ps []chess.Position, before int) error) error {
	buf := make([]chess.Position, 0, labelChunk)
	n := 0
	var err error
	for p := range seq {
		buf = append(buf, p)
		if len(buf) == labelChunk {
			if err = fn(buf, n); err != nil {
				return err
			}
			n += len(buf)
			buf = buf[:0]
		}
	}
	if len(buf) > 0 {
		err = fn(buf, n)
	}
	return err
}

// labelled is what labels returns: a row per group of positions alike in
// labels and features, and the statistics of every position.
type labelled struct {
	rows      []label
	positions int
	classes   int
	advice    []AdviceLabel
	served    int
	distSum   float64
}

// labels labels the sample. Each piece of advice satisfiable at a start
// is followed through its forcing tree to where the table is consulted
// again: the tree's goals, and for a goal with the defence to move each
// of its legal replies (a mate ends the game; a stalemate or a position
// that is not a won start fails). Value iteration over these outcomes
// gives each start its distance to mate with the advice, the defence
// choosing the longest: V(p) = min over advice a of max over outcomes
// (moves + V(next)), V(mate) = 0. A piece of advice makes progress at p
// when every outcome is nearer mate than p by V; a table that always
// chooses one that does mates from every start, V decreasing at each
// consultation. The class is the advice of least distance (the first in
// the file among equals).
//
// With c.Symmetry the positions of a class of the board's symmetries
// share the labels of its first position (in the tablebase's order):
// the searches are made once a class (an eighth of them without pawns).
// The features are evaluated on every position.
func labels(ctx context.Context, c *InduceConfig, feats []feature) (*labelled, error) {
	advice := c.Base.Advice
	nA := len(advice)
	each, _ := chessverify.SelectTableStarts(c.Tab, c.Side, c.Sample, c.Seed)
	// Pass 1: the classes, numbered in the order of their first position.
	index := map[classKey]int32{}
	positions := 0
	for p := range each() {
		k := keyOf(&p, symmetries(&p, c.Symmetry))
		if _, ok := index[k]; !ok {
			index[k] = int32(len(index))
		}
		positions++
	}
	nC := len(index)
	if nC*nA >= math.MaxInt32 {
		return nil, fmt.Errorf("%d classes of %d advice: too many", nC, nA)
	}
	classOf := func(p *chess.Position) (int32, bool) {
		i, ok := index[keyOf(p, symmetries(p, c.Symmetry))]
		return i, ok
	}
	progress := func(stage string) func(done, total int) {
		if c.Progress == nil {
			return nil
		}
		return func(d, t int) { c.Progress(stage, d, t) }
	}
	// Pass 2: the first position of each class searched with every
	// advice, a chunk at a time; the outcomes appended in class order.
	nw := c.Workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	searchers := make([]*prover.Searcher[chess.Position, chess.Move], nw)
	out := &outcomes{off: make([]uint32, 1, nC*nA+1)}
	sat := make([]uint64, nC)
	stopped := make([]uint64, nC) // bit a: advice a's search stopped (--max-nodes)
	cost := make([]uint32, nC*nA) // the nodes of class i's search of advice a
	type found struct {
		next  []int32
		moves []uint16
	}
	slot := make([][]found, labelChunk)
	done := 0
	bar := progress("label")
	// search searches the i-th class of the chunk (done+i) with every
	// advice.
	var firsts []chess.Position
	search := func(s *prover.Searcher[chess.Position, chess.Move], i int) error {
		p := &firsts[i]
		slot[i] = slot[i][:0]
		for a, adv := range advice {
			res, err := s.Solve(ctx, adv, p)
			if err != nil {
				return err
			}
			cost[(done+i)*nA+a] = uint32(min(res.Nodes, math.MaxUint32))
			var f found
			switch {
			case res.Value == prover.Unknown:
				// The table's strategy stops where a search does: the
				// advice counts as satisfiable, making no progress, so
				// that no list tries it before one that serves.
				sat[done+i] |= 1 << a
				stopped[done+i] |= 1 << a
			case res.Value == prover.Sat && res.Tree.Kind == prover.XNode:
				sat[done+i] |= 1 << a
				f.next, f.moves = follow(res.Tree, c.Side, classOf)
			}
			slot[i] = append(slot[i], f)
		}
		return nil
	}
	err := chunks(each(), func(ps []chess.Position, _ int) error {
		firsts = firsts[:0]
		for i := range ps {
			if k, _ := classOf(&ps[i]); int(k) == done+len(firsts) {
				firsts = append(firsts, ps[i])
			}
		}
		// The classes are searched in blocks of costBlock, each by one
		// searcher from an empty memo, in order: the nodes a search
		// visits (its cost) then depend on the block alone, not on which
		// worker searched what before, so the costs are the same for any
		// number of workers.
		blocks := (len(firsts) + costBlock - 1) / costBlock
		err := parallel(ctx, blocks, c.Workers, func(w, b int) error {
			if searchers[w] == nil {
				// ExactBudget: a search runs out of c.MaxNodes exactly
				// when it would from an empty memo, so a label is a
				// function of the start and the advice, not of the
				// starts this worker searched before.
				searchers[w] = prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: c.MaxNodes, MaxMemo: chessverify.SearchMemo, ExactBudget: true, FixedBudget: true})
			}
			searchers[w].ClearMemo()
			for i := b * costBlock; i < min(len(firsts), (b+1)*costBlock); i++ {
				if err := search(searchers[w], i); err != nil {
					return err
				}
			}
			return nil
		}, nil)
		if err != nil {
			return err
		}
		for i := range firsts {
			for _, f := range slot[i] {
				out.next = append(out.next, f.next...)
				out.moves = append(out.moves, f.moves...)
				if len(out.next) >= math.MaxUint32 {
					return fmt.Errorf("more than %d outcomes: too many", math.MaxUint32)
				}
				out.off = append(out.off, uint32(len(out.next)))
			}
		}
		done += len(firsts)
		if bar != nil {
			bar(done, nC)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ls := values(out, sat, nA)
	// Pass 3: every position's features, a chunk at a time in parallel;
	// the positions grouped into rows in their order.
	words := (len(feats) + 63) / 64
	res := &labelled{positions: positions, classes: nC, advice: make([]AdviceLabel, nA)}
	for a := range advice {
		res.advice[a].Name = advice[a].Name
	}
	rowOf := map[string]int32{}
	bits := make([]uint64, labelChunk*words)
	cls := make([]int32, labelChunk)
	key := make([]byte, 0, 8*(words+4)+1)
	bar = progress("features")
	err = chunks(each(), func(ps []chess.Position, before int) error {
		clear(bits)
		err := parallel(ctx, len(ps), c.Workers, func(_, i int) error {
			p := &ps[i]
			cls[i], _ = classOf(p)
			env := kb.Env[chess.Position]{P0: p, P1: p, P2: p}
			for f := range feats {
				if feats[f].f.Eval(&env) {
					bits[i*words+f/64] |= 1 << (f % 64)
				}
			}
			return nil
		}, nil)
		if err != nil {
			return err
		}
		for i := range ps {
			l := &ls[cls[i]]
			for a := range nA {
				res.advice[a].Satisfiable += int(l.sat >> a & 1)
				res.advice[a].Progress += int(l.good >> a & 1)
				res.advice[a].Stopped += int(stopped[cls[i]] >> a & 1)
			}
			if l.good != 0 {
				res.served++
				res.distSum += float64(l.dist)
			}
			// The row's key: the labels and the features.
			stop := stopped[cls[i]]
			key = appendUint64(appendUint64(appendUint64(appendUint64(key[:0], l.sat), l.good), l.opt), stop)
			key = append(key, byte(l.class))
			for _, w := range bits[i*words : (i+1)*words] {
				key = appendUint64(key, w)
			}
			r, ok := rowOf[string(key)]
			if !ok {
				r = int32(len(res.rows))
				rowOf[string(key)] = r
				res.rows = append(res.rows, label{sat: l.sat, good: l.good, opt: l.opt, stop: stop, class: l.class,
					feats: slices.Clone(bits[i*words : (i+1)*words]), cost: make([]int64, nA)})
			}
			res.rows[r].n++
			for a, n := range cost[int(cls[i])*nA : (int(cls[i])+1)*nA] {
				res.rows[r].cost[a] += int64(n)
			}
		}
		if bar != nil {
			bar(before+len(ps), positions)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func appendUint64(b []byte, v uint64) []byte {
	for range 8 {
		b = append(b, byte(v))
		v >>= 8
	}
	return b
}

// values runs the value iteration over the classes' outcomes (in their
// order, deterministic), from "no mate" down to the least fixed point,
// and labels each class.
func values(out *outcomes, sat []uint64, nA int) []classLabel {
	const inf = math.MaxInt32
	v := make([]int32, len(sat))
	for i := range v {
		v[i] = inf
	}
	q := func(i, a int) int32 {
		next, moves := out.of(i, a, nA)
		if len(next) == 0 {
			return inf
		}
		worst := int32(0)
		for k, n := range next {
			d := int32(0)
			switch {
			case n == mated:
			case v[n] == inf:
				return inf
			default:
				d = v[n]
			}
			worst = max(worst, int32(moves[k])+d)
		}
		return worst
	}
	for changed := true; changed; {
		changed = false
		for i := range v {
			for a := range nA {
				if d := q(i, a); d < v[i] {
					v[i], changed = d, true
				}
			}
		}
	}
	ls := make([]classLabel, len(sat))
	for i := range ls {
		l := &ls[i]
		l.sat, l.class, l.dist = sat[i], -1, -1
		if v[i] == inf {
			continue
		}
		l.dist = v[i]
		best := int32(inf)
		for a := range nA {
			d := q(i, a)
			if d == inf {
				continue
			}
			next, _ := out.of(i, a, nA)
			good := true
			for _, n := range next {
				if n != mated && v[n] >= v[i] {
					good = false
					break
				}
			}
			if good {
				l.good |= 1 << a
			}
			if d < best {
				best, l.class = d, int8(a)
			}
		}
		for a := range nA {
			if l.good>>a&1 == 1 && q(i, a) == best {
				l.opt |= 1 << a
			}
		}
	}
	return ls
}

// follow follows a forcing tree to where the table is consulted again
// (see labels): the classes reached, each with the most moves of X to
// reach it, in the order of the classes; nil when some line fails. A
// position of no class (not a won start: material lost, a draw) fails.
func follow(t *prover.Node[chess.Position, chess.Move], x game.Side, classOf func(*chess.Position) (int32, bool)) ([]int32, []uint16) {
	worst := map[int32]uint16{}
	ok := true
	add := func(moves uint16, next int32) {
		if m, seen := worst[next]; !seen || moves > m {
			worst[next] = moves
		}
	}
	var walk func(n *prover.Node[chess.Position, chess.Move], moves uint16)
	walk = func(n *prover.Node[chess.Position, chess.Move], moves uint16) {
		if !ok {
			return
		}
		if len(n.Children) > 0 {
			if n.Kind == prover.XNode {
				moves++
			}
			for _, e := range n.Children {
				walk(e.Node, moves)
			}
			return
		}
		q := &n.Pos
		toMove := game.White
		if q.SideToMove() == chess.Black {
			toMove = game.Black
		}
		if toMove == x {
			j, found := classOf(q)
			if !found {
				ok = false
				return
			}
			add(moves, j)
			return
		}
		replies := q.LegalMoves(nil)
		if len(replies) == 0 {
			if q.InCheck() {
				add(moves, mated)
			} else {
				ok = false // stalemate
			}
			return
		}
		for _, m := range replies {
			r := q.Play(m)
			j, found := classOf(&r)
			if !found {
				ok = false
				return
			}
			add(moves, j)
		}
	}
	walk(t, 0)
	if !ok {
		return nil, nil
	}
	next := make([]int32, 0, len(worst))
	for n := range worst {
		next = append(next, n)
	}
	slices.Sort(next)
	moves := make([]uint16, len(next))
	for k, n := range next {
		moves[k] = worst[n]
	}
	return next, moves
}

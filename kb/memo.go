package kb

import "sync"

// Formulas are DAGs: a pattern used twice is one node with two parents.
// Eval walks the tree the DAG unfolds into, which is right and fastest for
// the formulas people write; but patterns that use the one below twice,
// level after level, unfold into a tree exponentially larger than the
// DAG. Such a formula is wrapped in an OpMemo node: it evaluates each
// shared node once per evaluation, remembering its value (internal/hostile's
// dag.al1: 61 nodes, a tree of 2^61).

// memoRatio is how much larger than its DAG a formula's tree must be for
// the formula to be evaluated with a memo.
const memoRatio = 8

// memoBufs holds the memo buffers of evaluations in progress.
var memoBufs = sync.Pool{New: func() any { return new([]int8) }}

// evalMemo evaluates f, remembering the value of each shared node in m
// (0 unknown, 1 false, 2 true).
func (f *Formula[P]) evalMemo(env *Env[P], m []int8) bool {
	if f.memo > 0 {
		if v := m[f.memo-1]; v != 0 {
			return v == 2
		}
	}
	var v bool
	switch f.Op {
	case OpNot:
		v = !f.L.evalMemo(env, m)
	case OpAnd:
		v = f.L.evalMemo(env, m) && f.R.evalMemo(env, m)
	case OpOr:
		v = f.L.evalMemo(env, m) || f.R.evalMemo(env, m)
	case OpImplies:
		v = !f.L.evalMemo(env, m) || f.R.evalMemo(env, m)
	case OpIff:
		v = f.L.evalMemo(env, m) == f.R.evalMemo(env, m)
	default:
		v = f.Eval(env)
	}
	if f.memo > 0 {
		m[f.memo-1] = 1
		if v {
			m[f.memo-1] = 2
		}
	}
	return v
}

// evalMemoRoot is Eval of an OpMemo node.
func (f *Formula[P]) evalMemoRoot(env *Env[P]) bool {
	b := memoBufs.Get().(*[]int8)
	if cap(*b) < int(f.memo) {
		*b = make([]int8, f.memo)
	}
	m := (*b)[:f.memo]
	clear(m)
	v := f.L.evalMemo(env, m)
	memoBufs.Put(b)
	return v
}

// memoizer numbers the shared nodes of the formulas of one base.
type memoizer[P any] struct {
	next int32
}

// wrap returns f, or f in an OpMemo node when its tree is more than
// memoRatio times its DAG.
func (z *memoizer[P]) wrap(f *Formula[P]) *Formula[P] {
	if f == nil || f.Op == OpMemo {
		return f
	}
	parents := map[*Formula[P]]int{}
	tree := map[*Formula[P]]int64{}
	var size func(g *Formula[P]) int64
	size = func(g *Formula[P]) int64 {
		if n, ok := tree[g]; ok {
			return n
		}
		n := int64(1)
		for _, k := range []*Formula[P]{g.L, g.R} {
			if k != nil {
				parents[k]++
				n = min(n+size(k), 1<<62)
			}
		}
		tree[g] = n
		return n
	}
	if size(f) <= memoRatio*int64(len(tree)) {
		return f
	}
	for g, n := range parents {
		if n > 1 && g.memo == 0 {
			z.next++
			g.memo = z.next
		}
	}
	return &Formula[P]{Op: OpMemo, L: f, memo: z.next}
}

// memoize wraps every formula of the base that needs it (see wrap). The
// OpMemo nodes size their buffers to the numbering of the whole base, so
// that a node shared by formulas has one number.
func (c *compiler[P]) memoize() {
	z := &memoizer[P]{}
	roots := c.roots()
	var wrapped []*Formula[P]
	for _, r := range roots {
		if w := z.wrap(*r); w != *r {
			*r = w
			wrapped = append(wrapped, w)
		}
	}
	for _, w := range wrapped {
		w.memo = z.next
	}
}

// roots are the places of the formulas of the base: the goals and move
// constraints of its plans and advice, its tables' rules, its lemmas and
// observations.
func (c *compiler[P]) roots() []**Formula[P] {
	var roots []**Formula[P]
	order := func(o Order[P]) {
		for i := range o {
			roots = append(roots, &o[i])
		}
	}
	for _, as := range [][]*Advice[P]{c.base.Plans, c.base.Advice} {
		for _, a := range as {
			roots = append(roots, &a.Better, &a.Holding)
			if a.Otherwise != nil {
				roots = append(roots, &a.Otherwise)
			}
			for _, o := range a.Orders() {
				order(o)
			}
			for i := range a.Goals {
				roots = append(roots, &a.Goals[i].F)
			}
		}
	}
	for _, t := range c.base.Tables {
		for i := range t.Rules {
			roots = append(roots, &t.Rules[i].Cond)
		}
	}
	for _, ls := range [][]*Lemma[P]{c.base.Lemmas, c.base.Observations} {
		for _, l := range ls {
			roots = append(roots, &l.Formula)
		}
	}
	return roots
}

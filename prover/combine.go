package prover

import (
	"fmt"

	"github.com/advicelang/al/kb"
)

// This file builds the advice that plans, refutations and combinations of
// plans stand for (LANGUAGE.md, "Semantics"). Each function returns a new
// *kb.Advice: the searcher's memo table knows advice by pointer, so callers
// build a combination once and keep it.

func orTrue[P any](f *kb.Formula[P]) *kb.Formula[P] {
	if f == nil {
		return kb.True[P]()
	}
	return f
}

func orFalse[P any](f *kb.Formula[P]) *kb.Formula[P] {
	if f == nil {
		return kb.False[P]()
	}
	return f
}

// orderFormula is the disjunction of o's parts: the moves o allows (true for
// the empty order, `any`).
func orderFormula[P any](o kb.Order[P]) *kb.Formula[P] {
	if len(o) == 0 {
		return kb.True[P]()
	}
	f := o[0]
	for _, g := range o[1:] {
		f = kb.Or(f, g)
	}
	return f
}

// CombineOrders returns the move constraint MCa | MCb ordered the way the
// combinations `A or B` and `A mod B` ask: moves satisfying both first (in
// the order of a's parts), then those satisfying only a (in a's order), then
// those satisfying only b (in b's order). A move's part is the first part it
// satisfies, so `a_i & MCb` placed before `a_i` takes the moves of both.
// When either order is `any` the result allows every move.
func CombineOrders[P any](a, b kb.Order[P]) kb.Order[P] {
	ap := a
	if len(ap) == 0 {
		ap = kb.Order[P]{kb.True[P]()}
	}
	bp := b
	if len(bp) == 0 {
		bp = kb.Order[P]{kb.True[P]()}
	}
	fb := orderFormula(b)
	out := make(kb.Order[P], 0, 2*len(ap)+len(bp))
	for _, f := range ap {
		out = append(out, kb.And(f, fb))
	}
	out = append(out, ap...)
	out = append(out, bp...)
	return out
}

// MaxOrderParts is the most parts a move constraint may have (the
// searcher keeps a move's part in an int8). CombineOrders makes 2a+b parts
// of a and b parts, so combinations are checked before they are built: a
// plan combined with itself thirty times would have 2^31 parts.
const MaxOrderParts = 127

// PartsError is a combination of plans whose move constraint would have
// more than MaxOrderParts parts; it is not built.
type PartsError struct {
	Op    string // or, mod
	Parts int64  // the parts it would have
}

func (e *PartsError) Error() string {
	return fmt.Sprintf("prover: the combination (%s) would have a move constraint of %d parts, more than %d", e.Op, e.Parts, MaxOrderParts)
}

// combinedParts is the number of parts CombineOrders(a, b) has.
func combinedParts(a, b int) int64 {
	return 2*int64(max(a, 1)) + int64(max(b, 1))
}

func samePlans[P any](op string, a, b *kb.Advice[P]) error {
	if a == nil || b == nil {
		return fmt.Errorf("prover: %s of a nil plan", op)
	}
	if a.Side != b.Side {
		return fmt.Errorf("prover: %s needs plans of the same side: %s is %s, %s is %s", op, a.Name, a.Side, b.Name, b.Side)
	}
	for i := range max(len(a.MovesNext), len(b.MovesNext)) + 1 {
		if n := combinedParts(len(a.MovesAt(i)), len(b.MovesAt(i))); n > MaxOrderParts {
			return &PartsError{Op: op, Parts: n}
		}
	}
	return nil
}

// combineLevels combines the per-move constraints of a and b move by
// move (kb.Advice.MovesAt): the first move's, and the later moves' when
// either has some.
func combineLevels[P any](a, b *kb.Advice[P]) (kb.Order[P], []kb.Order[P]) {
	first := CombineOrders(a.Moves, b.Moves)
	var next []kb.Order[P]
	for i := 1; i <= max(len(a.MovesNext), len(b.MovesNext)); i++ {
		next = append(next, CombineOrders(a.MovesAt(i), b.MovesAt(i)))
	}
	return first, next
}

// Or returns the plan `A or B` = (X, BGa | BGb, HGa | HGb, MCa | MCb) with
// depth max(Na, Nb); moves satisfying both constraints are tried first. Y's
// constraint is a's (plans have `replies any`); the result allows a
// sacrifice (or is searched in AL0 mode) when either plan does. A combination whose move constraint
// would have more than MaxOrderParts parts is a *PartsError.
func Or[P any](a, b *kb.Advice[P]) (*kb.Advice[P], error) {
	if err := samePlans("or", a, b); err != nil {
		return nil, err
	}
	moves, next := combineLevels(a, b)
	return &kb.Advice[P]{
		Name:        a.Name + " or " + b.Name,
		Side:        a.Side,
		Depth:       max(a.Depth, b.Depth),
		Better:      kb.Or(orFalse(a.Better), orFalse(b.Better)),
		Holding:     kb.Or(orTrue(a.Holding), orTrue(b.Holding)),
		Moves:       moves,
		MovesNext:   next,
		Replies:     a.Replies,
		RepliesNext: a.RepliesNext,
		Otherwise:   orExit(a.Otherwise, b.Otherwise),
		Sacrifice:   a.Sacrifice || b.Sacrifice,
		AL0:         a.AL0 || b.AL0,
		Semistatic:  a.Semistatic || b.Semistatic,
	}, nil
}

// Mod returns the plan `A mod B` = (X, BGa, HGa, MCa | MCb) with depth
// max(Na, Nb); moves come in the order: both constraints, then MCa only,
// then MCb only. Y's constraint and the options (sacrifice, al0) are a's.
func Mod[P any](a, b *kb.Advice[P]) (*kb.Advice[P], error) {
	if err := samePlans("mod", a, b); err != nil {
		return nil, err
	}
	moves, next := combineLevels(a, b)
	return &kb.Advice[P]{
		Name:        a.Name + " mod " + b.Name,
		Side:        a.Side,
		Depth:       max(a.Depth, b.Depth),
		Better:      a.Better,
		Holding:     a.Holding,
		Moves:       moves,
		MovesNext:   next,
		Replies:     a.Replies,
		RepliesNext: a.RepliesNext,
		Otherwise:   a.Otherwise,
		Sacrifice:   a.Sacrifice,
		AL0:         a.AL0,
		Semistatic:  a.Semistatic,
	}, nil
}

// orExit is the exit of `A or B`: either's (nil when neither has one).
func orExit[P any](a, b *kb.Formula[P]) *kb.Formula[P] {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return kb.Or(a, b)
}

// AsPlan returns p with `replies any`: suc(p, pos) is sat(AsPlan(p), pos).
// It returns p itself when its replies are already any.
func AsPlan[P any](p *kb.Advice[P]) *kb.Advice[P] {
	if len(p.Replies) == 0 && len(p.RepliesNext) == 0 {
		return p
	}
	q := *p
	q.Replies, q.RepliesNext = nil, nil
	return &q
}

// RefutationAdvice returns the advice whose satisfiability decides
// ref(py, px): (X, BGx | ~HGy, HGx, MCx, MCy) with depth max(Nx, Ny), where
// X is px's side and MCy is py's move constraint. ref(py, px, pos) holds iff
// this advice is NOT satisfiable at pos, and then suc(px, pos) is false.
//
// With option sacrifice: the advice is px's search, so it takes px's
// option (ref still implies ~suc(px): a tree of px, cut at the first node
// of the wider better goal and pruned to MCy's replies, is a tree of this
// advice). py's option lets Y give up HGy where py reaches its better goal
// (HGy is then required only at py's non-terminal nodes), so there the
// loss of HGy is no success of X: the better goal is BGx | ~(HGy | BGy).
func RefutationAdvice[P any](py, px *kb.Advice[P]) (*kb.Advice[P], error) {
	if py == nil || px == nil {
		return nil, fmt.Errorf("prover: refutation with a nil plan")
	}
	if py.Side == px.Side {
		return nil, fmt.Errorf("prover: ref(%s, %s) needs plans of opposite sides, both are %s", py.Name, px.Name, px.Side)
	}
	yKeeps := orTrue(py.Holding)
	if py.Sacrifice {
		yKeeps = kb.Or(yKeeps, orFalse(py.Better))
	}
	return &kb.Advice[P]{
		Name:        "ref(" + py.Name + ", " + px.Name + ")",
		Side:        px.Side,
		Depth:       max(px.Depth, py.Depth),
		Better:      kb.Or(orFalse(px.Better), kb.Not(yKeeps)),
		Holding:     orTrue(px.Holding),
		Moves:       px.Moves,
		MovesNext:   px.MovesNext,
		Replies:     py.Moves,
		RepliesNext: py.MovesNext,
		Otherwise:   px.Otherwise,
		Sacrifice:   px.Sacrifice,
		AL0:         px.AL0,
		Semistatic:  px.Semistatic,
	}, nil
}

// Inverse returns the inverse advice of a (thesis, chapter 3): for Y, with
// better goal ~HGx, holding goal ~(BGx & HGx), Y's constraint as its moves
// and X's as its replies, and the same depth. On a finite game whose every
// path has at most Depth moves of each side, sat(a, pos) holds iff
// sat(Inverse(a), pos) does not; with a binding depth bound the property
// fails (X running out of moves is not a goal Y can state).
//
// Advice with option sacrifice has no inverse of this shape, an error: it
// succeeds at a node without HG where Y has no allowed reply, so Y's
// better goal would have to be "~HG and Y has an allowed reply", which no
// formula of the advice states (the thesis's reform, section 2.5, gives no
// inverse either).
func Inverse[P any](a *kb.Advice[P]) (*kb.Advice[P], error) {
	if a == nil {
		return nil, fmt.Errorf("prover: inverse of a nil advice")
	}
	if a.Semistatic {
		return nil, fmt.Errorf("prover: advice %q is semi-static (its opponent passes): no advice is its inverse", a.Name)
	}
	if a.Otherwise != nil {
		return nil, fmt.Errorf("prover: advice %q has an exit (otherwise): no advice is its inverse", a.Name)
	}
	if a.AL0 {
		return nil, fmt.Errorf("prover: advice %q is searched in AL0 mode, where a node without an allowed reply fails: no advice is its inverse", a.Name)
	}
	if a.Sacrifice {
		return nil, fmt.Errorf("prover: advice %q has option sacrifice: no advice is its inverse (Y's better goal would need \"Y has an allowed reply\")", a.Name)
	}
	bg, hg := orFalse(a.Better), orTrue(a.Holding)
	return &kb.Advice[P]{
		Name:        "inverse(" + a.Name + ")",
		Side:        a.Side.Other(),
		Depth:       a.Depth,
		Better:      kb.Not(hg),
		Holding:     kb.Not(kb.And(bg, hg)),
		Moves:       a.Replies,
		MovesNext:   a.RepliesNext,
		Replies:     a.Moves,
		RepliesNext: a.MovesNext,
	}, nil
}

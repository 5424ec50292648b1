package kb

import (
	"fmt"

	"github.com/advicelang/al/lang"
	"github.com/advicelang/al/prover/game"
)

// ParseTerm reads a hypothesis term written as in the language (`GANA`,
// `suc(P_BLANCO_NT)`, `ref(P_NEGRO, P_BLANCO_T mod P_BLANCO_NT)`), for
// example a query given on the command line. Plans must be plans of b, and
// combinations and refutations must respect sides.
func (b *Base[P]) ParseTerm(text string) (Term, error) {
	f, diags := lang.Parse("query", []byte("query "+text))
	if len(diags) > 0 || len(f.Decls) != 1 {
		msg := "not a hypothesis"
		if len(diags) > 0 {
			msg = diags[0].Msg
		}
		return Term{}, fmt.Errorf("bad hypothesis %q: %s", text, msg)
	}
	t := f.Decls[0].(*lang.Query).Term
	plan := func(e lang.PlanExpr) (*PlanRef, game.Side, error) { return b.planRef(e) }
	switch t.Kind {
	case lang.TermSuc:
		p, _, err := plan(t.Plan)
		if err != nil {
			return Term{}, err
		}
		return SucTerm(p), nil
	case lang.TermRef:
		by, bs, err := plan(t.By)
		if err != nil {
			return Term{}, err
		}
		p, ps, err := plan(t.Plan)
		if err != nil {
			return Term{}, err
		}
		if bs == ps {
			return Term{}, fmt.Errorf("in %s, %s cannot refute %s: both are for %s", lang.TermString(t), by.Key(), p.Key(), ps)
		}
		return RefTerm(by, p), nil
	}
	if _, ok := b.Plan(t.Name); ok {
		return Term{}, fmt.Errorf("%s is a plan; as a hypothesis write suc(%s)", t.Name, t.Name)
	}
	return NameTerm(t.Name), nil
}

func (b *Base[P]) planRef(e lang.PlanExpr) (*PlanRef, game.Side, error) {
	switch e := e.(type) {
	case *lang.PlanName:
		a, ok := b.Plan(e.Name)
		if !ok {
			var names []string
			for _, p := range b.Plans {
				names = append(names, p.Name)
			}
			hint := ""
			if n := Nearest(e.Name, names); n != "" {
				hint = fmt.Sprintf(" (did you mean %s?)", n)
			}
			return nil, 0, fmt.Errorf("unknown plan %s%s", e.Name, hint)
		}
		return PlanName(e.Name), a.Side, nil
	case *lang.PlanOp:
		l, ls, err := b.planRef(e.L)
		if err != nil {
			return nil, 0, err
		}
		r, rs, err := b.planRef(e.R)
		if err != nil {
			return nil, 0, err
		}
		if ls != rs {
			return nil, 0, fmt.Errorf("%s combines plans of different sides: %s is for %s, %s for %s", e.Op, l.Key(), ls, r.Key(), rs)
		}
		if e.Op == "or" {
			return PlanOrOf(l, r), ls, nil
		}
		return PlanModOf(l, r), ls, nil
	}
	return nil, 0, fmt.Errorf("not a plan")
}

// Replace returns p with every occurrence of the hypothesis from replaced
// by to (p itself is not changed); terms are compared with Term.Equal. The
// MOD meta-plan uses it to copy a relation `suc(P) -> C` as
// `suc(P mod Q) -> C`.
func (p *Prop) Replace(from, to Term) *Prop {
	switch p.Op {
	case OpAtom:
		if p.Term.Equal(from) {
			return &Prop{Op: OpAtom, Term: to}
		}
		return p
	case OpTrue, OpFalse:
		return p
	}
	q := &Prop{Op: p.Op, L: p.L.Replace(from, to)}
	if p.R != nil {
		q.R = p.R.Replace(from, to)
	}
	return q
}

// Mentions reports whether p mentions the hypothesis t.
func (p *Prop) Mentions(t Term) bool {
	switch p.Op {
	case OpAtom:
		return p.Term.Equal(t)
	case OpTrue, OpFalse:
		return false
	}
	return p.L.Mentions(t) || (p.R != nil && p.R.Mentions(t))
}

// Atoms calls fn with every hypothesis term of p, left to right (a term
// that occurs twice is passed twice).
func (p *Prop) Atoms(fn func(Term)) {
	switch p.Op {
	case OpAtom:
		fn(p.Term)
	case OpTrue, OpFalse:
	default:
		p.L.Atoms(fn)
		if p.R != nil {
			p.R.Atoms(fn)
		}
	}
}

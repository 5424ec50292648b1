package kb

import (
	"fmt"
	"sort"
)

// Kind says how many positions a library predicate reads.
type Kind uint8

const (
	// PositionKind predicates read one position (mate, pawn_runs).
	PositionKind Kind = iota
	// RelationKind predicates read two positions (room_smaller, king_not_farther).
	RelationKind
)

func (k Kind) String() string {
	if k == PositionKind {
		return "position"
	}
	return "relation"
}

// Predicate is one entry of a predicate library: a name, a kind, a one-line
// definition a user can read, and its evaluator (Pos for PositionKind, Rel for
// RelationKind). Evaluators must not allocate and must not keep the pointers
// they are given.
type Predicate[P any] struct {
	Name string
	Kind Kind
	Doc  string
	Pos  func(p *P) bool
	Rel  func(a, b *P) bool
}

// Library is a registry of predicates for positions of type P.
type Library[P any] struct {
	byName map[string]*Predicate[P]
}

// NewLibrary returns an empty library.
func NewLibrary[P any]() *Library[P] {
	return &Library[P]{byName: map[string]*Predicate[P]{}}
}

// Register adds p. It fails on an empty or duplicate name, a missing
// definition, or an evaluator that does not match the kind.
func (l *Library[P]) Register(p Predicate[P]) error {
	switch {
	case p.Name == "":
		return fmt.Errorf("kb: predicate with an empty name")
	case l.byName[p.Name] != nil:
		return fmt.Errorf("kb: predicate %q registered twice", p.Name)
	case p.Doc == "":
		return fmt.Errorf("kb: predicate %q has no definition", p.Name)
	case p.Kind == PositionKind && (p.Pos == nil || p.Rel != nil):
		return fmt.Errorf("kb: position predicate %q needs Pos and no Rel", p.Name)
	case p.Kind == RelationKind && (p.Rel == nil || p.Pos != nil):
		return fmt.Errorf("kb: relation predicate %q needs Rel and no Pos", p.Name)
	case p.Kind > RelationKind:
		return fmt.Errorf("kb: predicate %q has an unknown kind", p.Name)
	}
	q := p
	l.byName[p.Name] = &q
	return nil
}

// MustRegister is Register for package initialisation: it panics on error,
// which can only come from a programming mistake in a library.
func (l *Library[P]) MustRegister(ps ...Predicate[P]) {
	for _, p := range ps {
		if err := l.Register(p); err != nil {
			panic(err)
		}
	}
}

// Lookup returns the predicate called name.
func (l *Library[P]) Lookup(name string) (*Predicate[P], bool) {
	p, ok := l.byName[name]
	return p, ok
}

// All returns every predicate, sorted by name.
func (l *Library[P]) All() []*Predicate[P] {
	out := make([]*Predicate[P], 0, len(l.byName))
	for _, p := range l.byName {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns every predicate name, sorted.
func (l *Library[P]) Names() []string {
	ps := l.All()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

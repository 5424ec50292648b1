package main

import (
	"io"
)

// PredicatesCmd lists the predicate library.
type PredicatesCmd struct{}

// Help is the long help of `al predicates`.
func (PredicatesCmd) Help() string {
	return `Lists every predicate of the library knowledge bases are compiled against,
sorted by name, with its kind (position: reads one position; relation:
compares two) and its definition.

Example:
  al predicates
  al predicates --json`
}

type jsonPredicate struct {
	Name       string `json:"name"`
	Kind       string `json:"kind"`
	Definition string `json:"definition"`
}

// Run prints the library.
func (PredicatesCmd) Run(env *Env) error {
	ps := library().All()
	out := make([]jsonPredicate, len(ps))
	for i, p := range ps {
		out[i] = jsonPredicate{Name: p.Name, Kind: p.Kind.String(), Definition: p.Doc}
	}
	return env.render(textReport{out, func(w io.Writer) error {
		t := newTable("", column{Left: true, Gap: 2}, column{Left: true, Gap: 2})
		t.row("NAME", "KIND", "DEFINITION")
		for _, p := range out {
			t.row(p.Name, p.Kind, p.Definition)
		}
		return t.write(env, w)
	}})
}

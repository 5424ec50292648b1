package main

import (
	"fmt"
	"text/tabwriter"
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
	if env.JSON {
		out := make([]jsonPredicate, len(ps))
		for i, p := range ps {
			out[i] = jsonPredicate{Name: p.Name, Kind: p.Kind.String(), Definition: p.Doc}
		}
		return env.WriteJSON(out)
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tKIND\tDEFINITION")
	for _, p := range ps {
		fmt.Fprintf(w, "%s\t%s\t%s\n", p.Name, p.Kind, p.Doc)
	}
	return w.Flush()
}

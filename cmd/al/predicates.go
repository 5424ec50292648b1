package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
)

// PredicatesCmd lists the predicate library, or a knowledge base's own
// definitions.
type PredicatesCmd struct {
	File string `arg:"" optional:"" help:"A knowledge base whose own definitions (and those it imports) to list instead of the library." placeholder:"FILE"`
}

// Help is the long help of `al predicates`.
func (PredicatesCmd) Help() string {
	return `Lists every predicate of the library knowledge bases are compiled against,
sorted by name, with its kind (position: reads one position; relation:
compares two) and its definition, and then the primitives that definitions
are written over (kind primitive: the types of their arguments and result,
and what they mean).

Given a knowledge base, lists its own definitions instead (those of the
files it imports too), in the order they are checked: each one's kind
(position, relation, measure: a value of a position, function: takes
values), its parameters and type, its doc comment (the comment lines right
above it) and its body.

Example:
  al predicates
  al predicates --json
  al predicates examples/definitions.al1`
}

type jsonPredicate struct {
	Name       string `json:"name"`
	Kind       string `json:"kind"`
	Definition string `json:"definition"`
	Signature  string `json:"signature,omitempty"`
	Body       string `json:"body,omitempty"`
	Position   string `json:"position,omitempty"`
}

// Run prints the library, or the definitions of a base.
func (c PredicatesCmd) Run(env *Env) error {
	out := []jsonPredicate{}
	if c.File != "" {
		base, _, err := loadBase(env, c.File)
		if err != nil {
			return err
		}
		out = definitions(base)
	} else {
		lib := library()
		for _, p := range lib.All() {
			out = append(out, jsonPredicate{Name: p.Name, Kind: p.Kind.String(), Definition: p.Doc})
		}
		for _, f := range lib.Funcs() {
			out = append(out, jsonPredicate{Name: f.Name, Kind: "primitive", Signature: funcSignature(f), Definition: f.Doc})
		}
	}
	return env.render(textReport{out, func(w io.Writer) error {
		if c.File != "" {
			t := newTable("", column{Left: true, Gap: 2}, column{Left: true, Gap: 2}, column{Left: true, Gap: 2})
			t.row("NAME", "KIND", "TYPE", "DEFINITION")
			for _, p := range out {
				t.row(p.Name, p.Kind, p.Signature, p.Definition)
			}
			return t.write(env, w)
		}
		t := newTable("", column{Left: true, Gap: 2}, column{Left: true, Gap: 2})
		t.row("NAME", "KIND", "DEFINITION")
		for _, p := range out {
			def := p.Definition
			if p.Signature != "" {
				def = p.Signature + ": " + def
			}
			t.row(p.Name, p.Kind, def)
		}
		return t.write(env, w)
	}})
}

// definitions lists a base's definitions: the doc comment on one line (or
// the body when there is none).
func definitions(base *kb.Base[chess.Position]) []jsonPredicate {
	out := []jsonPredicate{}
	for _, d := range base.Definitions {
		doc := strings.Join(strings.Fields(d.Doc), " ")
		if doc == "" {
			doc = "= " + d.Text
		}
		out = append(out, jsonPredicate{Name: d.Name, Kind: d.Kind(), Signature: d.Signature(), Definition: doc, Body: d.Text,
			Position: fmt.Sprintf("%s:%d:%d", d.Pos.Filename, d.Pos.Line, d.Pos.Column)})
	}
	return out
}

// funcSignature prints a primitive's arguments and result: "(square,
// square) int"; a primitive that compares two positions takes them first.
func funcSignature(f *kb.Func[chess.Position]) string {
	var ps []string
	if f.Reads == 2 {
		ps = append(ps, "P1", "P2")
	}
	for _, t := range f.Params {
		ps = append(ps, t.String())
	}
	if len(ps) == 0 {
		return f.Result.String()
	}
	return "(" + strings.Join(ps, ", ") + ") " + f.Result.String()
}

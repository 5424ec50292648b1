// Package gengoals writes kb/goals_gen.go: the formulas of the shipped
// knowledge bases (knowledge/*.al1, *.al3, with the chess library)
// compiled ahead of time into Go (kb/gogen.go). Its command
// (internal/gengoals/cmd) is run by `go generate ./kb`; knowledge's
// TestGeneratedGoalsUpToDate fails when the file is stale. Should kb not
// build because the old file no longer fits kb's writer, replace it by
// one holding only `func registerGenerated[P any, M comparable](reg
// func(key string, fn any)) {}` (package kb) and generate again.
package gengoals

import (
	"fmt"
	"go/format"
	"io/fs"
	"sort"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
)

// Bases are the shipped bases whose goals are generated, by file name.
func Bases() ([]string, error) {
	var names []string
	for _, pat := range []string{"*.al1", "*.al3"} {
		m, err := fs.Glob(knowledge.Files, pat)
		if err != nil {
			return nil, err
		}
		names = append(names, m...)
	}
	sort.Strings(names)
	return names, nil
}

// File is the generated file's content.
func File() ([]byte, error) {
	names, err := Bases()
	if err != nil {
		return nil, err
	}
	lib := predicates.Library()
	var goals []kb.GenGoal
	for _, name := range names {
		base, diags := knowledge.Load(lib, name)
		if diags.HasErrors() {
			return nil, fmt.Errorf("%s: %v", name, diags)
		}
		goals = append(goals, base.GoalSources()...)
		for _, as := range [][]*kb.Advice[chess.Position]{base.Plans, base.Advice} {
			for _, a := range as {
				for _, o := range a.Orders() {
					if g, ok := kb.MoveTestSource[chess.Position, chess.Move](o); ok {
						goals = append(goals, g)
					}
				}
			}
		}
	}
	src := kb.GoalsFile(goals)
	out, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("the generated source does not parse: %v", err)
	}
	return out, nil
}

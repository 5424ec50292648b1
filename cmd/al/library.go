package main

import (
	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
)

// library returns the predicate library every command compiles knowledge
// against. It is the one place that decides which predicates exist.
func library() *kb.Library[chess.Position] {
	return predicates.Library()
}

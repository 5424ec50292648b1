// Package lang owns the surface of the AL knowledge-base language, version 1
// (shared/LANGUAGE.md): the lexer, the participle grammar for declarations,
// the formula parser, the AST (every node carries its source position) and the
// canonical printer used by `al fmt`.
//
// lang imports nothing else of ours.
package lang

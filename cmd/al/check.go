package main

import (
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/lang"
)

// CheckCmd checks knowledge bases: syntax, names, kinds, and every other
// check of the compiler.
type CheckCmd struct {
	Files []string `arg:"" name:"file" help:"Knowledge-base files (.al1, .al3, .al); each is checked as a knowledge base of its own."`
}

// Help is the long help of `al check`.
func (CheckCmd) Help() string {
	return `Reports every error and warning of each file (a file; a shipped base or
vocabulary such as kqk-short.al1 or lib/kqk.al when no such file exists), as file:line:col: message with
the source line and a caret. Exits 1 when there is an error; warnings alone
exit 0. With --json, prints a list of {"file","line","col","message","severity"}.

Example:
  al check knowledge/kpk.al3
  al check --json knowledge/*.al1`
}

// Run checks every file.
func (c *CheckCmd) Run(env *Env) error {
	lib := library()
	src := sources{}
	var all lang.Diagnostics
	for _, path := range c.Files {
		name, b, bad := readKnowledgeSource(env, path)
		if bad != nil {
			all = append(all, *bad)
			continue
		}
		src[name] = b
		_, ds, srcs := kb.LoadAll(lib, name, b, importer(env, name, path))
		for n, s := range srcs {
			src[n] = s
		}
		all = append(all, ds...)
	}
	return reportDiagnostics(env, src, all)
}

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/lang"
)

// readKnowledge reads the knowledge base at path (readInput: a regular
// file or - for standard input, within --max-file-size), or the shipped
// one of the same base name when no file exists there.
func readKnowledge(env *Env, path string) (string, []byte, error) {
	b, err := readInput(env, path, env.MaxFileSize)
	if err == nil {
		return path, b, nil
	}
	if _, statErr := os.Stat(path); path != "-" && errors.Is(statErr, fs.ErrNotExist) {
		if eb, eerr := fs.ReadFile(knowledge.Files, filepath.Base(path)); eerr == nil {
			return filepath.Base(path), eb, nil
		}
		var shipped []string
		ents, _ := fs.ReadDir(knowledge.Files, ".")
		for _, e := range ents {
			shipped = append(shipped, e.Name())
		}
		return "", nil, fmt.Errorf("%s: no such file, and no shipped knowledge base of that name (shipped: %s)", path, strings.Join(shipped, ", "))
	}
	return "", nil, err
}

// loadBase reads (see readKnowledge) and compiles a knowledge base for the
// commands that run one (play, solve, verify, compare). On errors it prints
// them with the source line and a caret, and one summary line, and returns
// silentError{exitInput}. Warnings are left to `al check`: a command that
// runs a base that compiles says nothing about its style.
func loadBase(env *Env, path string) (*kb.Base[chess.Position], string, error) {
	name, src, err := readKnowledge(env, path)
	if err != nil {
		return nil, "", err
	}
	env.Phase("parsing and compiling the knowledge base")
	base, diags := kb.Load(library(), name, src)
	if diags.HasErrors() {
		var errs lang.Diagnostics
		for _, d := range diags {
			if d.Severity == lang.Error {
				errs = append(errs, d)
			}
		}
		printDiagnostics(env, sources{name: src}, errs)
		return nil, "", silentError{exitInput}
	}
	return base, name, nil
}

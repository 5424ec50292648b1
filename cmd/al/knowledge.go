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

// readKnowledge reads the knowledge base at path, or the shipped one of the
// same base name when no file exists there.
func readKnowledge(path string) (string, []byte, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		return path, b, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
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
	return "", nil, fmt.Errorf("%s: cannot read the file: %v", path, err)
}

// loadBase reads (see readKnowledge) and compiles a knowledge base for the
// commands that run one (play, solve, verify, compare). On errors it prints
// them with the source line and a caret, and one summary line, and returns
// silentError{exitInput}. Warnings are left to `al check`: a command that
// runs a base that compiles says nothing about its style.
func loadBase(env *Env, path string) (*kb.Base[chess.Position], string, error) {
	name, src, err := readKnowledge(path)
	if err != nil {
		return nil, "", err
	}
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

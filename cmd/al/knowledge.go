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
		return "", nil, fmt.Errorf("%s: %s", path, noShippedBase(path))
	}
	return "", nil, err
}

// noShippedBase says that neither a file nor a shipped base has the name
// path: the shipped bases, and the nearest to its base name.
func noShippedBase(path string) string {
	var shipped []string
	ents, _ := fs.ReadDir(knowledge.Files, ".")
	for _, e := range ents {
		if !e.IsDir() {
			shipped = append(shipped, e.Name())
		}
	}
	msg := "no such file, and no shipped knowledge base of that name (shipped: " + strings.Join(shipped, ", ") + ")"
	if near := kb.Nearest(filepath.Base(path), shipped); near != "" {
		msg += "; did you mean " + near + "?"
	}
	return msg
}

// loadBase reads (see readKnowledge) and compiles a knowledge base for the
// commands that run one (play, solve, verify, compare). On errors it prints
// them with the source line and a caret, and one summary line, and returns
// silentError{exitInput}. Warnings are left to `al check`: a command that
// runs a base that compiles says nothing about its style.
func loadBase(env *Env, path string) (*kb.Base[chess.Position], string, error) {
	b, name, _, err := loadBaseFiles(env, path)
	return b, name, err
}

// loadBaseFiles is loadBase that also returns the text of every file the
// base was compiled from, by name: the base's and those it imports.
func loadBaseFiles(env *Env, path string) (*kb.Base[chess.Position], string, map[string][]byte, error) {
	name, src, err := readKnowledge(env, path)
	if err != nil {
		return nil, "", nil, err
	}
	env.Phase("parsing and compiling the knowledge base")
	base, diags, srcs := kb.LoadAll(library(), name, src, importer(env, name, path))
	if diags.HasErrors() {
		var errs lang.Diagnostics
		for _, d := range diags {
			if d.Severity == lang.Error {
				errs = append(errs, d)
			}
		}
		printDiagnostics(env, sources(srcs), errs)
		return nil, "", nil, silentError{exitInput}
	}
	return base, name, srcs, nil
}

// readShipped says whether readKnowledge (or readKnowledgeSource) read the
// base asked for as path from the shipped files, under the name name: no
// file exists at path (a shipped name may equal the path asked for).
func readShipped(name, path string) bool {
	if name != path {
		return true
	}
	_, err := os.Stat(path)
	return path != "-" && errors.Is(err, fs.ErrNotExist)
}

// importer resolves the imports of a knowledge base read from path (under
// the name name, see readKnowledge): `import NAME` reads the shipped
// vocabulary knowledge/lib/NAME.al; `import "FILE"` reads FILE relative to
// the importing file's directory, on disk, or among the shipped files when
// the importing file is shipped.
func importer(env *Env, name, path string) kb.Resolver {
	shipped := map[string]bool{}
	if readShipped(name, path) {
		shipped[name] = true
	}
	return func(from string, imp *lang.Import) (string, []byte, error) {
		if imp.Name != "" {
			file, b, err := knowledge.Resolve(from, imp)
			if err != nil {
				return "", nil, err
			}
			shipped[file] = true
			return file, b, nil
		}
		file := filepath.Join(filepath.Dir(from), imp.Path)
		if shipped[from] {
			b, err := fs.ReadFile(knowledge.Files, filepath.ToSlash(file))
			if err != nil {
				return "", nil, fmt.Errorf("no shipped file %s", file)
			}
			shipped[file] = true
			return file, b, nil
		}
		b, err := readInput(env, file, env.MaxFileSize)
		if err != nil {
			return file, nil, err
		}
		return file, b, nil
	}
}

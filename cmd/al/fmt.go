package main

import (
	"bytes"
	"io"

	"github.com/advicelang/al/lang"
)

// FmtCmd prints knowledge bases in canonical form.
type FmtCmd struct {
	Write bool     `short:"w" help:"Rewrite each file in place (atomically) instead of printing it."`
	Force bool     `help:"With -w, rewrite read-only files and files with other hard links too."`
	Files []string `arg:"" name:"file" help:"Knowledge-base files to format."`
}

// Help is the long help of `al fmt`.
func (FmtCmd) Help() string {
	return `Prints each file in canonical form: one declaration header or clause a line,
clauses indented by two spaces, canonical operators, the fewest parentheses,
comments kept where they were. A file with a syntax error is reported and
left alone (exit 1). With --json, prints {"files": [{"file", "changed",
"text"}], "diagnostics": [...]} ("text" is left out with -w). With -w the
file is replaced atomically: the new text is written to a temporary file in
the same directory and renamed over it, keeping the file's permissions,
owner (where al may set it) and extended attributes; a symbolic link's
target is rewritten. A read-only file, or one with other hard links, is
refused (exit 1) unless --force. FILE - reads standard input (not with -w).
A FILE that does not exist but names a shipped base or vocabulary
(kqk-short.al1, lib/kqk.al) prints the shipped text (not with -w).

Example:
  al fmt knowledge/kpk.al3
  al fmt -w knowledge/*.al1`
}

// fmtFile is one file in the output of `al fmt --json`.
type fmtFile struct {
	File    string `json:"file"`
	Changed bool   `json:"changed"`        // the canonical form differs from the file
	Text    string `json:"text,omitempty"` // the canonical form (not with -w)
}

// Run formats every file.
func (c *FmtCmd) Run(env *Env) error {
	src := sources{}
	var all lang.Diagnostics
	files := []fmtFile{}
	for _, path := range c.Files {
		name, b, bad := readKnowledgeSource(env, path)
		if bad != nil {
			all = append(all, *bad)
			continue
		}
		if c.Write && readShipped(name, path) {
			all = append(all, lang.Diagnostic{Pos: lang.Pos{Filename: path}, Severity: lang.Error,
				Msg: "no such file: " + name + " is a shipped base, which -w cannot rewrite (print it with al fmt " + name + " > FILE)"})
			continue
		}
		src[name] = b
		f, ds := lang.Parse(name, b)
		if len(ds) > 0 {
			all = append(all, ds...)
			continue
		}
		out := lang.Format(f)
		changed := !bytes.Equal(out, b)
		ff := fmtFile{File: name, Changed: changed}
		if !c.Write {
			ff.Text = string(out)
		}
		files = append(files, ff)
		if !c.Write || !changed {
			continue
		}
		if err := replaceFile(name, out, c.Force); err != nil {
			all = append(all, lang.Diagnostic{Pos: lang.Pos{Filename: name}, Severity: lang.Error, Msg: err.Error()})
		}
	}
	// The report: the canonical forms (none with -w); the diagnostics go
	// to stderr with the text, into the JSON with --json.
	value := map[string]any{"files": files, "diagnostics": toJSON(all)}
	err := env.render(textReport{value, func(w io.Writer) error {
		for _, f := range files {
			if _, err := io.WriteString(w, f.Text); err != nil {
				return err
			}
		}
		return nil
	}})
	if err != nil {
		return err
	}
	if !env.JSON {
		printDiagnostics(env, src, all)
	}
	if all.HasErrors() {
		return silentError{exitInput}
	}
	return nil
}

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
)

// repoRoot is the repository's root, seen from this package's directory.
const repoRoot = "../.."

// helpExamples returns every command's --help examples: the lines of its
// help text after "Example:", each a command line.
func helpExamples(t *testing.T) map[string][]string {
	t.Helper()
	var cli CLI
	k, err := newParser(&cli)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		if n.Type == kong.CommandNode {
			_, after, ok := strings.Cut(n.Detail, "Example:\n")
			if !ok {
				t.Errorf("al %s --help has no example", n.Path())
			}
			for _, l := range strings.Split(after, "\n") {
				if l = strings.TrimSpace(l); l == "" {
					break
				}
				out[n.Path()] = append(out[n.Path()], l)
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(k.Model.Node)
	return out
}

// TestHelpExamples runs every example of every command's --help from a
// directory laid out as the repository root, with an empty tablebase
// cache: each must exit 0.
func TestHelpExamples(t *testing.T) {
	examples := helpExamples(t)
	dir := t.TempDir()
	for _, d := range []string{"knowledge", "examples"} {
		if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join(repoRoot, d))); err != nil {
			t.Fatal(err)
		}
	}
	cmds := make([]string, 0, len(examples))
	for c := range examples {
		cmds = append(cmds, c)
	}
	slices.Sort(cmds)
	for _, c := range cmds {
		t.Run(strings.ReplaceAll(c, " ", "_"), func(t *testing.T) {
			t.Parallel()
			if len(examples[c]) == 0 {
				t.Fatalf("al %s --help has no example", c)
			}
			for _, line := range examples[c] {
				if !strings.HasPrefix(line, "al ") {
					t.Errorf("the example %q does not run al", line)
					continue
				}
				cmd := exec.Command("sh", "-c", line)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+dir+"/.cache", "HOME="+dir, "NO_COLOR=1")
				cmd.Stdin = strings.NewReader("")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("%s: %v\n%s", line, err, out)
				}
			}
		})
	}
}

// TestModelVariables checks what newParser does to the model: every
// ${name} of the tags is replaced (the lists substituted once, the rest by
// kong), and the help texts set aside while kong interpolates are back.
func TestModelVariables(t *testing.T) {
	var cli CLI
	k, err := newParser(&cli)
	if err != nil {
		t.Fatal(err)
	}
	var enums []string
	check := func(where, s string) {
		if strings.Contains(s, "${") {
			t.Errorf("%s: %q still has a variable", where, s)
		}
	}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		if n.Type == kong.CommandNode && n.Help == "" {
			t.Errorf("al %s has no help", n.Path())
		}
		check(n.Path(), n.Help)
		for _, f := range n.Flags {
			where := n.Path() + " --" + f.Name
			if f.Help == "" {
				t.Errorf("%s has no help", where)
			}
			check(where, f.Help)
			check(where, f.Enum)
			check(where, f.Default)
			check(where, f.PlaceHolder)
			if f.Name == "game" || f.Name == "policy" {
				enums = append(enums, f.Enum)
			}
		}
		for _, p := range n.Positional {
			check(n.Path()+" "+p.Name, p.Help)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(k.Model.Node)
	for _, want := range []string{"," + searchGameVars()["games"], solvePolicyVars()["policies"]} {
		if !slices.Contains(enums, want) {
			t.Errorf("no --game or --policy flag has the choices %q (have %q)", want, enums)
		}
	}
}

// TestNarrowModel checks that the model grammarFor builds for a command
// alone behaves as the whole command line's does: the --help of every
// command and subcommand is the same byte for byte, as are the errors and
// exit statuses of a few malformed command lines, and the words that
// choose the narrow model are the ones kong reads as the command.
func TestNarrowModel(t *testing.T) {
	var cli CLI
	whole, err := newParser(&cli)
	if err != nil {
		t.Fatal(err)
	}
	// parse runs args through the model of grammar and returns what kong
	// printed and its exit status (-1: it did not exit) or its error.
	parse := func(grammar any, args []string) (out string) {
		var b strings.Builder
		k, err := newParser(grammar, kong.Writers(&b, &b), kong.Exit(func(c int) { panic(exitPanic{c}) }))
		if err != nil {
			t.Fatal(err)
		}
		defer func() {
			if r := recover(); r != nil {
				out = fmt.Sprintf("%s\nexit %d", b.String(), r.(exitPanic).code)
			}
		}()
		ctx, err := k.Parse(args)
		if err != nil {
			return fmt.Sprintf("%s\nerror %v", b.String(), err)
		}
		return b.String() + "\ncommand " + ctx.Command()
	}
	var lines [][]string
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		if n.Type == kong.CommandNode {
			path := strings.Fields(n.Path())
			lines = append(lines,
				append(slices.Clone(path), "--help"),
				append(slices.Clone(path), "--no-such-flag"),
				append([]string{"--json", "--color", "never", "--max-errors=3"}, append(slices.Clone(path), "-h")...))
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(whole.Model.Node)
	lines = append(lines, []string{"version"}, []string{"version", "extra"}, []string{"--json", "version"},
		[]string{"play"}, []string{"tb", "probe"}, []string{"learn", "nope"}, []string{"--color=bad", "version"})
	narrowed := 0
	for _, args := range lines {
		grammar, _ := grammarFor(args, false)
		if !isWhole(grammar) {
			narrowed++
		}
		var full CLI
		if got, want := parse(grammar, args), parse(&full, args); got != want {
			t.Errorf("al %s: the narrow model prints\n%s\nthe whole one\n%s", strings.Join(args, " "), got, want)
		}
	}
	if narrowed != len(lines) {
		t.Errorf("%d of %d command lines got the narrow model", narrowed, len(lines))
	}
	for _, args := range [][]string{{}, {"--help"}, {"--version"}, {"nope"}, {"--", "version"}, {"-x", "version"}, {"--max-errors"}} {
		if grammar, _ := grammarFor(args, false); !isWhole(grammar) {
			t.Errorf("al %s: no whole model", strings.Join(args, " "))
		}
	}
	if grammar, _ := grammarFor([]string{"version"}, true); !isWhole(grammar) {
		t.Error("completion got a narrow model")
	}
}

// isWhole reports whether grammar is the whole command line.
func isWhole(grammar any) bool {
	_, ok := grammar.(*CLI)
	return ok
}

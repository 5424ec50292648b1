// Command al is the advice-language workbench: it checks and formats
// knowledge bases, answers questions with the AL3 prover, plays AL1 advice
// tables, and measures knowledge against exact endgame tablebases.
//
// The command line is declared with kong: one struct per command, each in its
// own file with its Run method. Every command shares the global flags of
// Globals and reports through an *Env, never through os.Stdout directly, so
// that the testscript harness can run it in-process. A command builds a
// report value and hands it to env.render (render.go), the one place that
// writes it as text or JSON, and as an HTML page with --html FILE
// (html.go); text tables go through text/tabwriter.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/advicelang/al/internal/chessuci"
)

// Exit codes shared by every command (shared/DESIGN.md, "Command line").
const (
	exitOK    = 0
	exitInput = 1 // bad input: a file, a FEN, a knowledge base
	exitUsage = 2 // bad command line
)

// Globals are the flags every command accepts.
type Globals struct {
	JSON  bool   `help:"Print machine-readable JSON instead of text."`
	Color string `enum:"auto,always,never" default:"auto" help:"Colour the output: auto (each of stdout and stderr when it is a terminal, unless NO_COLOR is set non-empty or TERM=dumb), always or never."`
	// Limits on what is read, printed and held (docs/decisions.md,
	// "Hostile input"). 64 MiB is far above any knowledge base, Horn or
	// tree file written by hand (the shipped bases are a few kilobytes),
	// and small enough that reading it cannot exhaust the machine.
	MaxFileSize byteSize `name:"max-file-size" default:"64MiB" placeholder:"SIZE" help:"Refuse input files longer than this (default 64MiB; units KiB, MiB, GiB, or KB, MB, GB; 0: no limit)."`
	MaxErrors   int      `name:"max-errors" default:"100" placeholder:"N" help:"Print at most N errors and warnings, then how many more there are (default 100; 0: all; --json lists all)."`
	MaxMemory   memLimit `name:"max-memory" default:"auto" placeholder:"SIZE" help:"Stop with a message when the run holds more memory than this (default auto: half the machine's memory; 0: no limit)."`
	// --version prints what `al version` prints (kong's VersionFlag).
	Version kong.VersionFlag `name:"version" help:"Print the version of al and exit."`
}

// CLI is the whole command line.
type CLI struct {
	Globals

	Check      CheckCmd      `cmd:"" help:"Check knowledge bases and report every error."`
	Fmt        FmtCmd        `cmd:"" help:"Print knowledge bases in canonical form (-w rewrites them)."`
	Predicates PredicatesCmd `cmd:"" help:"List the predicate library with kinds and definitions."`
	Play       PlayCmd       `cmd:"" help:"Play an AL1 advice table from a chess position against a defender."`
	Show       ShowCmd       `cmd:"" help:"Show a position: diagram, FEN, status and legal moves."`
	Perft      PerftCmd      `cmd:"" help:"Count the legal move tree of a position to a depth (move-generator test)."`
	TB         TBCmd         `cmd:"" name:"tb" help:"Probe the exact tablebase of the three- and four-man endgames, or count or dump a table."`
	Search     SearchCmd     `cmd:"" help:"Search a chess position (Shannon's evaluation) or a small game of the sources (${game_list}) with minimax and alpha-beta, and compare their counts."`
	Tree       TreeCmd       `cmd:"" help:"Run minimax or alpha-beta on an explicit game tree and show each step."`
	Deduce     DeduceCmd     `cmd:"" help:"Prove a goal from Horn clauses by alpha-beta deduction (Marquez)."`
	Solve      SolveCmd      `cmd:"" help:"Ask an AL3 knowledge base whether a side wins a position: the answer, its justification and statistics."`
	Verify     VerifyCmd     `cmd:"" help:"Verify an advice table or an AL3 base against the tablebase over a whole endgame."`
	Compare    CompareCmd    `cmd:"" help:"Verify two knowledge bases over one endgame and show where they differ."`
	UCI        UCICmd        `cmd:"" name:"uci" help:"Run an AL1 advice table as a UCI chess engine, for chess GUIs and scripts."`
	Learn      LearnCmd      `cmd:"" help:"Learn from the tablebase: a memory of satisfied advice (memory), a table reordered (rank) or induced (table)."`
	Version    VersionCmd    `cmd:"" help:"Print the version of al."`
	Completion CompletionCmd `cmd:"" help:"Print the shell code that makes TAB complete al's commands and flags (bash, zsh, fish)."`
}

// usageError is an error in how the command was called (exit 2), as
// opposed to an error in what it was given to read (exit 1). Commands
// return one for flag combinations kong cannot check by itself.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// silentError carries an exit status for a command that has already printed
// what went wrong (for example every error of a knowledge base).
type silentError struct{ code int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Exit))
}

// exitPanic is how kong's Exit hook (called after --help) unwinds back into
// run without ending the process, so tests can run the command in-process.
type exitPanic struct{ code int }

// modelOptions are the options that make the command line's model: its
// name, description, help layout and the variables its tags interpolate
// (the tests of the help texts build the model with them too).
//
// Only "version" is a kong variable: kong interpolates every variable's
// value again for each of the model's 150-odd values, which cost three
// quarters of `al version`'s start-up (about 43 M instructions) with the
// long lists below as variables. They are substituted once per string
// instead, after the model is built and before kong interpolates it (kong
// still rejects a misspelt ${name}).
func modelOptions() []kong.Option {
	vars := map[string]string{"uci_fallbacks": strings.Join(chessuci.Fallbacks, ",")}
	for _, m := range []map[string]string{searchGameVars(), solvePolicyVars(), endgameVars()} {
		maps.Copy(vars, m)
	}
	return []kong.Option{
		kong.Name("al"),
		kong.Description("al is a workbench for advice languages: write knowledge about a game, ask it questions, watch it play, and prove it right or wrong against exact tablebases."),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Vars{"version": versionLine()},
		kong.PostBuild(func(k *kong.Kong) error { substituteVars(k.Model.Node, vars); return nil }),
	}
}

// newParser is kong.New with modelOptions and opts. The help texts with
// no $ left after substituteVars are set aside while kong interpolates
// the model (it would run a regular expression over each to find nothing
// to replace: a third of what start-up cost after substituteVars) and put
// back after.
func newParser(grammar any, opts ...kong.Option) (*kong.Kong, error) {
	type text struct {
		at   *string
		text string
	}
	var kept []text
	keep := func(s *string) {
		if *s != "" && !strings.Contains(*s, "$") {
			kept = append(kept, text{s, *s})
			*s = ""
		}
	}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		keep(&n.Help)
		if n.Argument != nil {
			keep(&n.Argument.Help)
		}
		for _, f := range n.Flags {
			keep(&f.Help)
		}
		for _, p := range n.Positional {
			keep(&p.Help)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	opts = append(append(modelOptions(), opts...),
		kong.PostBuild(func(k *kong.Kong) error { walk(k.Model.Node); return nil }))
	k, err := kong.New(grammar, opts...)
	for _, t := range kept {
		*t.at = t.text
	}
	return k, err
}

// substituteVars replaces ${name} by vars[name] in the strings of the
// model's tags that kong interpolates.
func substituteVars(root *kong.Node, vars map[string]string) {
	pairs := make([]string, 0, 2*len(vars))
	for name, v := range vars {
		pairs = append(pairs, "${"+name+"}", v)
	}
	r := strings.NewReplacer(pairs...)
	sub := func(s *string) {
		if strings.Contains(*s, "${") {
			*s = r.Replace(*s)
		}
	}
	value := func(v *kong.Value) {
		sub(&v.Help)
		sub(&v.Default)
		sub(&v.Enum)
		for i := range v.Tag.Envs {
			sub(&v.Tag.Envs[i])
		}
		if v.Flag != nil {
			sub(&v.Flag.PlaceHolder)
		}
	}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		sub(&n.Help)
		if n.Argument != nil {
			value(n.Argument)
		}
		for _, f := range n.Flags {
			value(f.Value)
		}
		for _, p := range n.Positional {
			value(p)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
}

// grammarFor returns the struct kong builds the model of args from, and
// its Globals. That is the whole CLI, unless args name one of its commands
// before anything but the global flags (and completing, which needs every
// command, is false): then it is a struct of the Globals and that command
// alone, with the same tags, so that kong parses the struct tags and
// interpolates the help of that command only. `al version` took 16 M
// instructions with the whole model (kong parsing the tags of all the
// 150-odd flags and arguments, rune by rune, was 10 M of them); the model
// of the command run and its help are the same either way (TestNarrowModel).
func grammarFor(args []string, completing bool) (grammar any, globals *Globals) {
	if name := commandWord(args); name != "" && !completing {
		t := reflect.TypeFor[CLI]()
		g, _ := t.FieldByName("Globals")
		for i := range t.NumField() {
			f := t.Field(i)
			if _, ok := f.Tag.Lookup("cmd"); !ok || commandName(f) != name {
				continue
			}
			narrow := reflect.New(reflect.StructOf([]reflect.StructField{
				{Name: "Globals", Type: g.Type, Tag: `embed:""`},
				{Name: f.Name, Type: f.Type, Tag: f.Tag},
			}))
			return narrow.Interface(), narrow.Elem().Field(0).Addr().Interface().(*Globals)
		}
	}
	var cli CLI
	return &cli, &cli.Globals
}

// commandName is the name kong gives the command of field f of CLI: its
// name tag, or its field name in lower case (the commands' names are one
// word).
func commandName(f reflect.StructField) string {
	if n, ok := f.Tag.Lookup("name"); ok {
		return n
	}
	return strings.ToLower(f.Name)
}

// commandWord is the first word of args that is not a global flag or a
// global flag's value (the candidate command), or "" when a word starting
// with "-" that is not a global flag taking no part in the command's
// choice (--help, --version, an unknown flag) or "--" comes first.
func commandWord(args []string) string {
	t := reflect.TypeFor[Globals]()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return a
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		f, ok := globalFlag(t, name)
		switch {
		case !ok || !strings.HasPrefix(a, "--") || f.Type == reflect.TypeFor[kong.VersionFlag]():
			return ""
		case f.Type.Kind() == reflect.Bool || hasValue:
		default:
			i++ // the flag's value
		}
	}
	return ""
}

// globalFlag is the field of Globals whose flag is --name.
func globalFlag(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		n, ok := f.Tag.Lookup("name")
		if !ok {
			n = strings.ToLower(f.Name)
		}
		if n == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// run executes the command line args and returns the exit status, in
// the process of its caller (tests, benchmarks): when a budget runs out
// the command's context is cancelled, but the process is never ended.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runMain(args, stdin, stdout, stderr, nil)
}

// runMain is run as the al process runs it: when a budget runs out and
// the command does not stop within a grace period, the run guard prints
// the budget and calls exit (see guard.go).
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) (code int) {
	grammar, globals := grammarFor(args, os.Getenv("COMP_LINE") != "")
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(exitPanic)
			if !ok {
				panic(r)
			}
			code = e.code
		}
	}()
	parser, err := newParser(grammar,
		kong.Writers(stdout, stderr),
		kong.Exit(func(c int) { panic(exitPanic{c}) }),
	)
	if err != nil {
		// A malformed CLI struct is a bug in al itself.
		panic(err)
	}
	if complete(parser) {
		return exitOK
	}
	if len(args) == 0 {
		args = []string{"--help"}
	}
	ctx, err := parser.Parse(args)
	if err != nil {
		fmt.Fprintf(stderr, "al: %v\n", err)
		fmt.Fprintln(stderr, "Run 'al --help' for usage.")
		return exitUsage
	}
	env := newEnv(globals, stdin, stdout, stderr)
	env.given = flagsGiven(ctx)
	env.guard = newGuard(stderr, exit)
	defer env.guard.finish()
	env.guard.watchMemory(globals.MaxMemory.limit())
	if err := ctx.Run(env); err != nil {
		return report(env, err)
	}
	return exitOK
}

// report prints err the way every command reports a failure and returns
// the exit status it stands for.
func report(env *Env, err error) int {
	var silent silentError
	if errors.As(err, &silent) {
		return silent.code
	}
	if be, ok := budgetCause(env.Context()); ok && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		fmt.Fprintf(env.Stderr, "al: %s\n", be.Long())
		return exitInput
	}
	var usage usageError
	if errors.As(err, &usage) {
		fmt.Fprintf(env.Stderr, "al: %s\n", usage.msg)
		fmt.Fprintln(env.Stderr, "Run 'al --help' for usage.")
		return exitUsage
	}
	fmt.Fprintf(env.Stderr, "al: %v\n", err)
	return exitInput
}

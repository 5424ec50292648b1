package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/willabides/kongplete"
)

// Shell completion. The shell runs al itself to complete a word, with the
// command line in COMP_LINE (and the cursor in COMP_POINT): kongplete
// (github.com/willabides/kongplete, over posener/complete) answers from
// the kong model, so that every command, flag and enum value completes as
// declared, and no list is written twice. `al completion SHELL` prints the
// few lines that register al with the shell.

// CompletionCmd is `al completion bash|zsh|fish`.
type CompletionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

// Help is the long help of `al completion`.
func (CompletionCmd) Help() string {
	return `Prints the shell code that makes TAB complete al's commands, flags and
their values (enums such as --defender and --endgame; files where a file is
wanted). Load it in the current shell, or add the line to the shell's
start-up file (~/.bashrc, ~/.zshrc, ~/.config/fish/config.fish):

  bash:  source <(al completion bash)
  zsh:   source <(al completion zsh)
  fish:  al completion fish | source

The code names the al binary by its absolute path, so install al first
(go install ./cmd/al): the binary of a go run is deleted after the run.

Example:
  al completion bash
  al completion fish`
}

// completionScripts are the registration code of each shell; %[1]s is the
// path of the al binary, %[2]s the command's name.
var completionScripts = map[string]string{
	"bash": "complete -o default -o bashdefault -C %[1]s %[2]s\n",
	"zsh":  "autoload -U +X bashcompinit && bashcompinit\ncomplete -o default -o bashdefault -C %[1]s %[2]s\n",
	// No -f: fish offers files too (a knowledge base, a position file).
	"fish": `function __complete_%[2]s
    set -lx COMP_LINE (commandline -cp)
    test -z (commandline -ct)
    and set COMP_LINE "$COMP_LINE "
    %[1]s
end
complete -c %[2]s -a "(__complete_%[2]s)"
`,
}

// Run prints the shell's code.
func (c *CompletionCmd) Run(env *Env) error {
	bin, err := os.Executable()
	if err == nil {
		bin, err = filepath.Abs(bin)
	}
	if err != nil {
		bin = "al" // found on PATH
	}
	_, err = fmt.Fprintf(env.Stdout, completionScripts[c.Shell], shellQuote(bin), "al")
	return err
}

// shellQuote quotes s for the three shells when it holds anything but
// plain path characters.
func shellQuote(s string) string {
	plain := true
	for _, r := range s {
		plain = plain && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+", r))
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// complete answers a completion request when the shell made one (COMP_LINE
// is set): it prints the candidates on stdout and reports true, and the
// command line is not run.
func complete(parser *kong.Kong) (done bool) {
	if os.Getenv("COMP_LINE") == "" {
		return false
	}
	done = true
	kongplete.Complete(parser,
		kongplete.WithExitFunc(func(int) {}),
		kongplete.WithErrorHandler(func(err error) { fmt.Fprintf(parser.Stderr, "al: completion: %v\n", err) }),
	)
	return done
}

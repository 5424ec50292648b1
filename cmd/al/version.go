package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is set at link time by `make build` (-ldflags "-X main.version=...");
// otherwise it comes from the module's build information.
var version = ""

// VersionCmd prints the version of al.
type VersionCmd struct{}

// Help is the long help of `al version`.
func (VersionCmd) Help() string {
	return "Example:\n  al version\n  al version --json"
}

// Run prints the version.
func (VersionCmd) Run(env *Env) error {
	return env.render(textReport{map[string]string{"version": alVersion(), "go": runtime.Version()}, func(w io.Writer) error {
		_, err := fmt.Fprintln(w, versionLine())
		return err
	}})
}

// versionLine is the text of `al version` and `al --version`.
func versionLine() string {
	return fmt.Sprintf("al %s (%s)", alVersion(), runtime.Version())
}

func alVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += "+" + s.Value[:12]
		}
	}
	return v
}

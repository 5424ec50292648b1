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
	v := alVersion()
	return env.render(textReport{map[string]string{"version": v, "go": runtime.Version()}, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "al %s (%s)\n", v, runtime.Version())
		return err
	}})
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

// Package placedgen expands kb's placed reads: the read of a primitive in
// place when the library gives its place, else the call of the
// primitive, which Go does not inline as one method (a call and the read
// exceed its budget), so kb's closures write it out where they need it
// (kb/place.go). Each is written as a directive line
//
//	//kb:placed VAR READER REGS
//
// followed by its expansion (var VAR int32, then the if on READER.ld.op
// reading in place or calling READER.eval on REGS's position). `go
// generate ./kb` runs the command (internal/placedgen/cmd), which
// rewrites every expansion from its directive; TestPlacedUpToDate fails
// when one differs, or when a placed read is written out without its
// directive.
package placedgen

import (
	"fmt"
	"regexp"
	"strings"
)

var directive = regexp.MustCompile(`^(\t*)//kb:placed (\w+) (\S+) (\w+)$`)

// expansionLines is how many lines follow a directive.
const expansionLines = 6

// expansion is the code of a directive, each line after indent.
func expansion(indent, v, x, r string) []string {
	lines := []string{
		"var " + v + " int32",
		"if " + x + ".ld.op != 0 {",
		"\t" + v + " = " + x + ".ld.get(unsafe.Pointer(" + r + ".p[" + x + ".a&(maxSlots-1)]))",
		"} else {",
		"\t" + v + " = " + x + ".eval(" + r + ".p[" + x + ".a&(maxSlots-1)], nil, " + x + ".x, " + x + ".y, " + x + ".z)",
		"}",
	}
	for i := range lines {
		lines[i] = indent + lines[i]
	}
	return lines
}

// Expand rewrites the expansion after every directive of src (a Go file
// of package kb) and reports how many it wrote. The lines it replaces
// must end as an expansion does (a line of the directive's indent and a
// closing brace), so that a directive never swallows other code.
func Expand(name string, src []byte) ([]byte, int, error) {
	lines := strings.Split(string(src), "\n")
	var out []string
	n := 0
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		m := directive.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		end := i + expansionLines
		if end >= len(lines) || lines[end] != m[1]+"}" || !strings.HasPrefix(lines[i+1], m[1]+"var ") {
			return nil, 0, fmt.Errorf("%s:%d: the directive is not followed by a placed read of %d lines", name, i+1, expansionLines)
		}
		out = append(out, expansion(m[1], m[2], m[3], m[4])...)
		i = end
		n++
	}
	return []byte(strings.Join(out, "\n")), n, nil
}

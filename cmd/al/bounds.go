package main

import (
	"fmt"
	"strings"
)

// A bound is one numeric flag's lower limit: every command checks its flags
// with checkBounds, which names each flag out of range and the value given,
// not a list of all the flags that have a limit.
type bound struct {
	flag  string
	value int64
	shown string
	min   int64
}

// positive says the flag must be at least 1.
func positive[T ~int | ~int64](flag string, v T) bound {
	return bound{flag: flag, value: int64(v), shown: fmt.Sprint(v), min: 1}
}

// nonNegative says the flag must be at least 0.
func nonNegative[T ~int | ~int64](flag string, v T) bound {
	return bound{flag: flag, value: int64(v), shown: fmt.Sprint(v), min: 0}
}

// checkBounds returns a usage error naming every flag below its limit, in
// the order given, or nil.
func checkBounds(bs ...bound) error {
	var msgs []string
	for _, b := range bs {
		if b.value >= b.min {
			continue
		}
		want := "must not be negative"
		if b.min > 0 {
			want = "must be positive"
		}
		msgs = append(msgs, fmt.Sprintf("%s %s (got %s)", b.flag, want, b.shown))
	}
	if len(msgs) == 0 {
		return nil
	}
	return usageError{strings.Join(msgs, "; ")}
}

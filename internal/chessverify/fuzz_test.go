package chessverify

import (
	"strings"
	"testing"
)

// FuzzParseTruth: --truth never panics, and what it accepts maps a key of
// the base to a value.
func FuzzParseTruth(f *testing.F) {
	b := loadB(f, "kpk.al3")
	for _, s := range []string{"GANA=win", "TABLAS=draw", "suc(P_BLANCO_NT)=win", "=", "GANA=", "ref(P_NEGRO, P_BLANCO_T)=draw", "x=y=z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tr, err := ParseTruth(b, []string{s})
		if err != nil {
			return
		}
		if len(tr) != 1 {
			t.Fatalf("%q: %v", s, tr)
		}
		_, v, _ := strings.Cut(s, "=")
		for _, val := range tr {
			if val != (strings.TrimSpace(v) == "win") {
				t.Fatalf("%q: %v", s, tr)
			}
		}
	})
}

package chesssolve

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover/cycle"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const thesisFEN = "8/8/8/1K2k3/8/3P4/8/8 w - - 0 1"

func kpkBase(t testing.TB) *kb.Base[chess.Position] {
	src, err := knowledge.Files.ReadFile("kpk.al3")
	require.NoError(t, err)
	b, diags := kb.Load(predicates.Library(), "kpk.al3", src)
	require.False(t, diags.HasErrors(), "%v", diags)
	return b
}

type lines []string

func (l *lines) Trace(e cycle.Event) { *l = append(*l, e.String()) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
}

// TestThesisRun is the run of seed 002, section 3.2.3: White Kb5, Pd3,
// Black Ke5, White to move. The answer is yes because P_BLANCO_NT succeeds
// with Kc5, and the facts are those of the thesis's justification.
func TestThesisRun(t *testing.T) {
	pos, err := chess.Parse(thesisFEN)
	require.NoError(t, err)
	var tr lines
	rep, err := Solve(context.Background(), kpkBase(t), pos, nil, Options{Tracer: &tr})
	require.NoError(t, err)
	require.Equal(t, cycle.Yes, rep.Result.Answer)
	facts := map[string]Fact{}
	for _, f := range rep.Facts() {
		facts[f.Hypothesis] = f
	}
	suc := facts["suc(P_BLANCO_NT)"]
	require.True(t, suc.Value)
	require.Equal(t, "plan", suc.Source)
	require.Equal(t, "principal line 1. Kc5", suc.Detail)
	require.True(t, suc.Needed)
	// The thesis's justification: every fact it lists, with its value.
	for key, v := range map[string]bool{"TABLAS": false, "GANA_PEON_NT": true, "GANA": true, "suc(P_BLANCO_NT)": true,
		"ref(P_NEGRO, P_BLANCO_NT)": false, "PEON_BLOQUEADO": false, "PIERDE_PEON": false,
		"CASILLAS_CRITICAS": false, "CORRE_PEON": false, "PEON_T": false} {
		f, ok := facts[key]
		require.True(t, ok, "no fact %s", key)
		require.Equal(t, v, f.Value, key)
	}
	var j bytes.Buffer
	rep.WriteJustification(&j)
	golden(t, "thesis.justification", j.Bytes())
	golden(t, "thesis.trace", []byte(strings.Join(tr, "\n")+"\n"))
}

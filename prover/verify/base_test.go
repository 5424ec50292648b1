package verify

import (
	"context"
	"testing"

	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

const nimAL3 = `
query GANA
lemma MULT3 = mult3
lemma WTM = white_to_move

method GUARDED easy
  pre      H1: GANA, WTM = true
  action   H2: MULT3
  relation H2 -> ~H1

method CARELESS hard
  pre      H1: GANA
  action   H2: MULT3
  relation H2 <-> ~H1
`

// TestMethodsOfABase: the methods of a compiled base, checked with a
// decider made of its lemmas and the oracle (for GANA), the way the chess
// wiring will do it.
func TestMethodsOfABase(t *testing.T) {
	lib := kb.NewLibrary[nim]()
	require.NoError(t, lib.Register(*nimMult3))
	require.NoError(t, lib.Register(kb.Predicate[nim]{Name: "white_to_move", Kind: kb.PositionKind, Doc: "white to move",
		Pos: func(p *nim) bool { return p.side == game.White }}))
	base, diags := kb.Load(lib, "nim.al3", []byte(nimAL3))
	require.Empty(t, diags)
	ms := MethodsOf(base)
	require.Len(t, ms, 2)
	require.Equal(t, "GUARDED", ms[0].Name)
	require.Equal(t, []Condition{{Key: "WTM", Value: true}}, ms[0].When)
	require.Nil(t, ms[1].When)

	decider := func() (Decider[nim], error) {
		return func(_ context.Context, p *nim, key string, _ bool) (bool, bool, error) {
			if key == "GANA" {
				return (p.heap%3 != 0) == (p.side == game.White), true, nil
			}
			if l, ok := base.Lemma(key); ok {
				return l.Formula.Eval(&kb.Env[nim]{P0: p, P1: p, P2: p}), true, nil
			}
			return false, false, nil
		}, nil
	}
	var positions []nim
	for _, c := range nimCases(8) {
		positions = append(positions, c.Pos)
	}
	rep, err := Methods(context.Background(), MethodsConfig[nim]{Methods: ms, NewDecider: decider, Positions: positions, Pos: nimFEN})
	require.NoError(t, err)
	require.Equal(t, 18, rep.Positions)
	g, c := rep.Methods[0], rep.Methods[1]
	require.Equal(t, 9, g.Applies)
	require.Equal(t, 9, g.Holds)
	// MULT3 <-> ~GANA is false everywhere with Black to move.
	require.Equal(t, 18, c.Applies)
	require.Equal(t, 9, c.Violated)
	require.Equal(t, "0b", c.Counterexamples[0].FEN)
	require.Equal(t, map[string]bool{"MULT3": true, "GANA": true}, c.Counterexamples[0].Values)
}

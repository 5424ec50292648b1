package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/prover/verify"
	"github.com/stretchr/testify/require"
)

func TestNotAFunctionNamesTheStartAndTheWayOn(t *testing.T) {
	pos, err := chess.ParseFEN("8/8/8/8/8/8/1R6/k1K5 w - - 0 1")
	require.NoError(t, err)
	starts := []verify.Start[chess.Position]{{}, {Pos: pos}}
	budget := &verify.NotAFunctionError{Start: 1, First: "undetermined: advice A: search stopped (node budget)"}
	other := &verify.NotAFunctionError{Start: 1, First: "stuck: no rule applies"}
	for _, tc := range []struct {
		err   error
		exact bool
		want  string
	}{
		{budget, false, budget.Error() + "\nthe start: 8/8/8/8/8/8/1R6/k1K5 w - - 0 1\nverify again with --exact-budget (a search is undetermined only where a search from an empty memo runs out; slower) or a larger --max-nodes"},
		{budget, true, budget.Error() + "\nthe start: 8/8/8/8/8/8/1R6/k1K5 w - - 0 1"},
		{other, false, other.Error() + "\nthe start: 8/8/8/8/8/8/1R6/k1K5 w - - 0 1"},
		{fmt.Errorf("wrapped: %w", budget), false, "wrapped: " + budget.Error() + "\nthe start: 8/8/8/8/8/8/1R6/k1K5 w - - 0 1\nverify again with --exact-budget (a search is undetermined only where a search from an empty memo runs out; slower) or a larger --max-nodes"},
		{&verify.NotAFunctionError{Start: 5}, false, (&verify.NotAFunctionError{Start: 5}).Error()},
		{errors.New("boom"), false, "boom"},
	} {
		require.Equal(t, tc.want, notAFunction(tc.err, starts, tc.exact).Error())
	}
}

package kb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseTerm(t *testing.T) {
	b, diags, _ := load(t, "../lang/testdata/parse/kpk_thesis.al3")
	require.False(t, diags.HasErrors())
	for _, s := range []string{"GANA", "suc(P_BLANCO_NT)", "ref(P_NEGRO, P_BLANCO_T)", "suc(P_BLANCO_T mod P_BLANCO_NT)", "suc(P_BLANCO_T or (P_BLANCO_NT mod P_BLANCO_T))"} {
		term, err := b.ParseTerm(s)
		require.NoError(t, err, s)
		require.Equal(t, s, term.Key())
	}
	for s, msg := range map[string]string{
		"suc(P_BLANCO)":                "unknown plan P_BLANCO (did you mean P_BLANCO_T?)",
		"P_NEGRO":                      "P_NEGRO is a plan; as a hypothesis write suc(P_NEGRO)",
		"suc(P_NEGRO or P_BLANCO_T)":   "or combines plans of different sides: P_NEGRO is for black, P_BLANCO_T for white",
		"ref(P_BLANCO_NT, P_BLANCO_T)": "both are for white",
		"suc(":                         "bad hypothesis",
		"GANA GANA":                    "bad hypothesis",
	} {
		_, err := b.ParseTerm(s)
		require.ErrorContains(t, err, msg, s)
	}
}

func TestReplace(t *testing.T) {
	b, _, _ := load(t, "../lang/testdata/parse/kpk_thesis.al3")
	m7, _ := b.Method("M7")
	key := "suc(P_BLANCO_NT)"
	require.True(t, m7.Relation.Mentions(key))
	mod := SucTerm(PlanModOf(PlanName("P_BLANCO_NT"), PlanName("P_BLANCO_T")))
	r := m7.Relation.Replace(key, mod)
	require.Equal(t, "(ref(P_NEGRO, P_BLANCO_NT) -> ~suc(P_BLANCO_NT mod P_BLANCO_T))", r.String())
	require.Equal(t, "(ref(P_NEGRO, P_BLANCO_NT) -> ~suc(P_BLANCO_NT))", m7.Relation.String(), "unchanged")
}

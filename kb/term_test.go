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
	suc := SucTerm(PlanName("P_BLANCO_NT"))
	require.True(t, m7.Relation.Mentions(suc))
	mod := SucTerm(PlanModOf(PlanName("P_BLANCO_NT"), PlanName("P_BLANCO_T")))
	require.False(t, m7.Relation.Mentions(mod))
	r := m7.Relation.Replace(suc, mod)
	require.Equal(t, "(ref(P_NEGRO, P_BLANCO_NT) -> ~suc(P_BLANCO_NT mod P_BLANCO_T))", r.String())
	require.Equal(t, "(ref(P_NEGRO, P_BLANCO_NT) -> ~suc(P_BLANCO_NT))", m7.Relation.String(), "unchanged")
}

func TestTermEqual(t *testing.T) {
	a, b, c := PlanName("A"), PlanName("B"), PlanName("C")
	terms := []Term{
		NameTerm("A"), SucTerm(a), SucTerm(b), RefTerm(b, a), RefTerm(a, b),
		SucTerm(PlanOrOf(a, b)), SucTerm(PlanModOf(a, b)), SucTerm(PlanOrOf(b, a)),
		SucTerm(PlanModOf(PlanOrOf(a, b), c)), SucTerm(PlanOrOf(a, PlanModOf(b, c))),
		RefTerm(PlanOrOf(b, c), a),
	}
	for i, x := range terms {
		for j, y := range terms {
			require.Equal(t, i == j, x.Equal(y), "%s vs %s", x, y)
			require.Equal(t, x.Key() == y.Key(), x.Equal(y), "Equal agrees with Key: %s vs %s", x, y)
		}
		// A copy built anew is equal.
		require.True(t, x.Equal(Term{Kind: x.Kind, Name: x.Name, Plan: x.Plan, By: x.By}))
	}
	var atoms []string
	p := &Prop{Op: OpImplies, L: &Prop{Op: OpAtom, Term: terms[1]}, R: &Prop{Op: OpNot, L: &Prop{Op: OpAtom, Term: terms[0]}}}
	p.Atoms(func(t Term) { atoms = append(atoms, t.Key()) })
	require.Equal(t, []string{"suc(A)", "A"}, atoms)
}

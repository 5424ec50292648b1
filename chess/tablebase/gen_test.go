package tablebase

import "testing"

func TestQuick(t *testing.T) {
	var tabs [numEndgames]*Table
	for _, eg := range []Endgame{KQK, KRK, KPK} {
		tab, err := generate(eg, func(e Endgame) *Table { return tabs[e] }, nil)
		if err != nil {
			t.Fatal(err)
		}
		tabs[eg] = tab
		st := tab.Stats()
		t.Logf("%s %+v", eg, st)
	}
}

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fatih/color"
	"github.com/stretchr/testify/require"
)

// TestCompareTableKeepsColumnsApart: a value wider than its column (KBBK's
// "57.41 (tb 12.48)") still stands apart from its neighbour.
func TestCompareTableKeepsColumnsApart(t *testing.T) {
	for _, tc := range []struct {
		w          int
		name, a, b string
		want       string
	}{
		{12, "mean", "4.20 (tb 3.11)", "57.41 (tb 12.48)", "mean           4.20 (tb 3.11) 57.41 (tb 12.48)\n"},
		{8, "proved", "1", "2", "proved                1        2\n"},
	} {
		tab := compareTable(tc.w)
		tab.row(tc.name, tc.a, tc.b)
		var b bytes.Buffer
		require.NoError(t, tab.write(&Env{}, &b))
		require.Equal(t, tc.want, b.String())
	}
}

// TestTableAligns: long names widen their column for every row, right
// columns stay right-aligned, and colour codes never count as width.
func TestTableAligns(t *testing.T) {
	for _, colour := range []bool{false, true} {
		tab := newTable("  ", column{Left: true, Min: 10, Gap: 1}, column{Min: 9, Gap: 1}, column{Min: 9, Gap: 1})
		tab.row("method", "applies", "violated", "  relation")
		tab.row("M_A_VERY_LONG_NAME", "12", cell{text: "3", attrs: []color.Attribute{color.FgRed}}, "  (A -> B)")
		tab.row("M1", "123456", "0", "  (C)")
		var b bytes.Buffer
		require.NoError(t, tab.write(&Env{Colour: colour}, &b))
		got := b.String()
		if colour {
			require.Contains(t, got, "\x1b[31m3\x1b[0m")
			got = strings.ReplaceAll(strings.ReplaceAll(got, "\x1b[31m", ""), "\x1b[0m", "")
		}
		require.Equal(t, ""+
			"  method               applies violated  relation\n"+
			"  M_A_VERY_LONG_NAME        12        3  (A -> B)\n"+
			"  M1                    123456        0  (C)\n", got)
	}
}

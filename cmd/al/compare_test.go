package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompareRowKeepsColumnsApart: a value wider than its column (KBBK's
// "57.41 (tb 12.48)") still stands apart from its neighbour.
func TestCompareRowKeepsColumnsApart(t *testing.T) {
	require.Equal(t, "mean           4.20 (tb 3.11) 57.41 (tb 12.48)\n", compareRow("mean", "4.20 (tb 3.11)", "57.41 (tb 12.48)", 12))
	require.Equal(t, "proved                1        2\n", compareRow("proved", "1", "2", 8))
}

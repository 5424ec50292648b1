package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckBounds(t *testing.T) {
	tests := []struct {
		name string
		bs   []bound
		want string
	}{
		{"all in range", []bound{positive("--max-nodes", 1), nonNegative("--workers", 0)}, ""},
		{"one positive", []bound{positive("--max-nodes", 0), nonNegative("--workers", 2)}, "--max-nodes must be positive (got 0)"},
		{"one negative", []bound{positive("--max-nodes", int64(5)), nonNegative("--workers", -1)}, "--workers must not be negative (got -1)"},
		{"both, in order", []bound{nonNegative("--sample", -3), positive("--max-rules", -2)}, "--sample must not be negative (got -3); --max-rules must be positive (got -2)"},
		{"a duration", []bound{nonNegative("--timeout", -time.Second)}, "--timeout must not be negative (got -1s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkBounds(tt.bs...)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.IsType(t, usageError{}, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

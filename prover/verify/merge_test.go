package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestShard(t *testing.T) {
	for _, tc := range []struct{ n, c, shards int }{{1000, 128, 3}, {1000, 128, 8}, {1000, 128, 20}, {5, 128, 3}, {0, 128, 2}, {4097, 128, 5}} {
		next := 0
		for i := 1; i <= tc.shards; i++ {
			lo, hi, err := Shard(tc.n, tc.c, i, tc.shards)
			require.NoError(t, err)
			require.Equal(t, next, lo, "%+v shard %d", tc, i)
			require.LessOrEqual(t, lo, hi)
			require.True(t, lo%tc.c == 0 || lo == tc.n)
			next = hi
		}
		require.Equal(t, tc.n, next)
	}
	for _, bad := range [][2]int{{0, 3}, {4, 3}, {1, 0}} {
		_, _, err := Shard(10, 128, bad[0], bad[1])
		require.Error(t, err)
	}
}

// shards runs f over every shard of n items in chunks of c and returns
// the parts.
func shards[T any](t *testing.T, n, c, k int, f func(lo, hi int) T) []T {
	var out []T
	for i := k; i >= 1; i-- { // in reverse: the merge must sort them
		lo, hi, err := Shard(n, c, i, k)
		require.NoError(t, err)
		out = append(out, f(lo, hi))
	}
	return out
}

func jsonOf(t *testing.T, v any) string {
	js, err := json.Marshal(v)
	require.NoError(t, err)
	return string(js)
}

// TestMergeTable: the parts of any number of shards merge into the report
// of the whole, byte for byte in JSON: counts, means, the worst case and
// its line, and the first failures.
func TestMergeTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := range 20 {
		g, choice := randomGraph(r, 400)
		var starts []Start[int]
		for i := range 400 {
			if g.side[i] == 0 {
				starts = append(starts, Start[int]{Pos: i, Optimal: i % 7})
			}
		}
		cfg := func(s []Start[int], ex, workers int) TableConfig[int, int] {
			return TableConfig[int, int]{Game: g, NewPlayer: graphPlayer(g, choice), Starts: s,
				Pos: func(p *int) string { return fmt.Sprint(*p) }, TableOptions: TableOptions{Options: Options{Examples: ex, Workers: workers}}}
		}
		for _, ex := range []int{0, 3, -1} {
			whole, err := Table(context.Background(), cfg(starts, ex, 2))
			require.NoError(t, err)
			for _, k := range []int{1, 2, 3, 7} {
				parts := shards(t, len(starts), 16, k, func(lo, hi int) TablePart {
					rep, err := Table(context.Background(), cfg(starts[lo:hi], ex, 2))
					require.NoError(t, err)
					return rep.Part(lo)
				})
				merged, err := MergeTable(parts, ex)
				require.NoError(t, err)
				require.Equal(t, jsonOf(t, whole), jsonOf(t, merged), "trial %d, examples %d, %d shards", trial, ex, k)
				// The shards of one run through one session (al verify's
				// passes): the workers and the memo go on from shard to
				// shard, and the report is the same.
				for _, w := range []int{1, 2, 4} {
					var sess TableSession[int, int]
					parts := shards(t, len(starts), 16, k, func(lo, hi int) TablePart {
						c := cfg(starts[lo:hi], ex, w)
						c.Session = &sess
						rep, err := Table(context.Background(), c)
						require.NoError(t, err)
						return rep.Part(lo)
					})
					sess.Close()
					merged, err := MergeTable(parts, ex)
					require.NoError(t, err)
					require.Equal(t, jsonOf(t, whole), jsonOf(t, merged), "trial %d, examples %d, %d shards in a session, %d workers", trial, ex, k, w)
				}
			}
		}
	}
}

func TestMergeErrors(t *testing.T) {
	a := TablePart{Offset: 0, Positions: 10, WorstIndex: -1}
	b := TablePart{Offset: 10, Positions: 5, WorstIndex: -1}
	_, err := MergeTable([]TablePart{a, b, b}, 0)
	require.ErrorContains(t, err, "do not join")
	_, err = MergeTable([]TablePart{b}, 0)
	require.ErrorContains(t, err, "do not join")
	rep, err := MergeTable([]TablePart{b, a}, 0)
	require.NoError(t, err)
	require.Equal(t, 15, rep.Positions)
	_, err = MergeMethods([]MethodsPart{{Offset: 0, Positions: 1, Methods: []MethodPart{{Name: "A"}}}, {Offset: 1, Positions: 1, Methods: []MethodPart{{Name: "B"}}}}, 0)
	require.ErrorContains(t, err, "different methods")
}

// TestMergeQuery: the answers of an AL3 base whose memo lives for a chunk
// (the nodes counted depend on the chunks) merge into the whole report
// when the shards keep the whole list's chunks.
func TestMergeQuery(t *testing.T) {
	cases := nimCases(300) // 602 cases, chunks of 64
	cfg := func(c []Case[nim], ex int) QueryConfig[nim] {
		return QueryConfig[nim]{NewAnswerer: nimAnswerer, Cases: c, Pos: nimFEN, Options: Options{Workers: 2, Chunk: 64, Examples: ex}}
	}
	sloppyCfg := func(c []Case[nim], ex int) QueryConfig[nim] {
		return QueryConfig[nim]{NewAnswerer: func() (Answerer[nim], error) { return sloppy, nil }, Cases: c, Pos: nimFEN,
			Options: Options{Workers: 2, Chunk: 64, Examples: ex}}
	}
	for _, mk := range []func([]Case[nim], int) QueryConfig[nim]{cfg, sloppyCfg} {
		for _, ex := range []int{0, 2, -1} {
			whole, err := Query(context.Background(), mk(cases, ex))
			require.NoError(t, err)
			require.Positive(t, whole.Wrong)
			for _, k := range []int{1, 2, 4, 11} {
				parts := shards(t, len(cases), 64, k, func(lo, hi int) QueryPart {
					rep, err := Query(context.Background(), mk(cases[lo:hi], ex))
					require.NoError(t, err)
					return rep.Part(lo)
				})
				merged, err := MergeQuery(parts, ex)
				require.NoError(t, err)
				require.Equal(t, jsonOf(t, whole), jsonOf(t, merged), "examples %d, %d shards", ex, k)
			}
		}
	}
}

// TestMergeMethods: the methods check of shards merges into the whole's.
func TestMergeMethods(t *testing.T) {
	var positions []nim
	for _, c := range nimCases(60) {
		positions = append(positions, c.Pos)
	}
	methods := []Method{
		{Name: "sound", Relation: implies(and(atom("WTM"), not(atom("MULT3"))), atom("WINS"))},
		{Name: "wrong", Relation: implies(atom("MULT3"), not(atom("WINS")))},
		{Name: "open", Relation: implies(atom("BIG"), atom("WINS"))},
	}
	run := func(p []nim, ex int) MethodsReport {
		var calls atomic.Int64
		rep, err := Methods(context.Background(), MethodsConfig[nim]{Methods: methods, Positions: p, Pos: nimFEN,
			NewDecider: func() (Decider[nim], error) { return nimDecider(&calls), nil }, Options: Options{Workers: 2, Examples: ex, Chunk: 8}})
		require.NoError(t, err)
		return rep
	}
	for _, ex := range []int{0, 3, -1} {
		whole := run(positions, ex)
		for _, k := range []int{1, 2, 5} {
			parts := shards(t, len(positions), 8, k, func(lo, hi int) MethodsPart {
				rep := run(positions[lo:hi], ex)
				return rep.Part(lo)
			})
			merged, err := MergeMethods(parts, ex)
			require.NoError(t, err)
			require.Equal(t, jsonOf(t, whole), jsonOf(t, merged), "examples %d, %d shards", ex, k)
		}
	}
}

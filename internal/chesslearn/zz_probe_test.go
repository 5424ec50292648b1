package chesslearn

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/advicelang/al/chess"
	"github.com/advicelang/al/chess/predicates"
	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/kb"
	"github.com/advicelang/al/knowledge"
	"github.com/advicelang/al/prover"
	"github.com/advicelang/al/prover/game"
	"github.com/stretchr/testify/require"
)

func TestZZProbe(t *testing.T) {
	_, tab := oracle(t, "kbbk")
	name := os.Getenv("F")
	src, err := knowledge.Files.ReadFile(name)
	if err != nil {
		src, err = os.ReadFile(name)
	}
	require.NoError(t, err)
	base, diags, _ := kb.LoadAll(predicates.Library(), name, src, shipped)
	require.False(t, diags.HasErrors(), "%v", diags)
	n, _ := strconv.Atoi(os.Getenv("N"))
	budget, _ := strconv.Atoi(os.Getenv("B"))
	var boxed, corner *kb.Formula[chess.Position]
	corner = base.Tables[0].Rules[0].Cond
	boxed = base.Tables[0].Rules[1].Cond
	type st struct{ nodes []int64; unk, sat int }
	stats := map[string]*st{}
	each, _ := chessverify.SelectTableStarts(tab, game.White, n, 3)
	for p := range each() {
		env := kb.Env[chess.Position]{P0: &p, P1: &p, P2: &p}
		where := "out"
		if corner.Eval(&env) {
			where = "corner"
		} else if boxed.Eval(&env) {
			where = "box"
		}
		if os.Getenv("ONLY") != "" && where != os.Getenv("ONLY") {
			continue
		}
		for _, adv := range base.Advice {
			cold := prover.NewSearcher[chess.Position, chess.Move](chess.Game{}, prover.Options{MaxNodes: int64(budget)})
			res, err := cold.Solve(context.Background(), adv, &p)
			require.NoError(t, err)
			k := adv.Name + " " + where
			if stats[k] == nil {
				stats[k] = &st{}
			}
			s := stats[k]
			s.nodes = append(s.nodes, res.Nodes)
			if res.Value == prover.Unknown {
				s.unk++
			} else if res.Value == prover.Sat {
				s.sat++
			}
		}
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		s := stats[k]
		slices.Sort(s.nodes)
		var sum int64
		for _, x := range s.nodes {
			sum += x
		}
		fmt.Printf("%-24s n=%d sat=%d unknown=%d mean=%d p50=%d p90=%d p99=%d max=%d\n", k, len(s.nodes), s.sat, s.unk, sum/int64(len(s.nodes)), s.nodes[len(s.nodes)/2], s.nodes[len(s.nodes)*9/10], s.nodes[len(s.nodes)*99/100], s.nodes[len(s.nodes)-1])
	}
}

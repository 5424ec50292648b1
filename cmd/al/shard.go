package main

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/advicelang/al/internal/chessverify"
	"github.com/advicelang/al/prover/verify"
)

// partialFormat names the format of a shard's partial report.
const partialFormat = "al-verify-partial/1"

// partialReport is what `al verify --shard I/N` writes and `al verify
// --merge` reads: the run it is a shard of, which shard, and its part of
// the report (prover/verify's parts: sums and examples with their indices
// in the whole list).
type partialReport struct {
	Run     verifyRun           `json:"run"`
	Shard   int                 `json:"shard"`
	Shards  int                 `json:"shards"`
	Table   *verify.TablePart   `json:"table,omitempty"`
	Query   *verify.QueryPart   `json:"query,omitempty"`
	Methods *verify.MethodsPart `json:"methods,omitempty"`
}

// verifyRun is what every shard of one run shares: what is verified (the
// base, by name and by the SHA-256 of its text and the texts of the files
// it imports (knowledgeSum), the table or query, the
// endgame, the sample) and how (the limits that decide verdicts), and what
// the report says besides the figures. Shards of different runs are not
// merged.
type verifyRun struct {
	Format  string `json:"format"`
	Version string `json:"al_version"`
	Name    string `json:"kb"`
	KB      string `json:"kb_sha256"`
	Kind    string `json:"kind"` // table or query
	Table   string `json:"table,omitempty"`
	Side    string `json:"side,omitempty"`
	Query   string `json:"query,omitempty"`
	// Truth maps hypotheses to the oracle (true: White wins).
	Truth     map[string]bool `json:"truth,omitempty"`
	Endgame   string          `json:"endgame"`
	Items     int             `json:"items"` // the starts or positions verified
	Of        int             `json:"of"`    // before the sample
	Sample    int             `json:"sample"`
	Seed      uint64          `json:"seed"`
	Examples  int             `json:"examples"`
	MaxNodes  int64           `json:"max_nodes"`
	MaxCycles int             `json:"max_cycles"`
	MaxPlies  int             `json:"max_plies"`
	FiftyMove bool            `json:"fifty_move,omitempty"`
	// ExactBudget is --exact-budget (a run below the default budget is
	// exact without it).
	ExactBudget bool `json:"exact_budget,omitempty"`
	// FixedBudget is --max-nodes given: it then bounds every search, the
	// base's own budgets (nodes N) ignored.
	FixedBudget bool `json:"fixed_budget,omitempty"`
	// Rule is --rule: the starts are those where the table's rule Rule
	// (1 for the first) applies (0: every start).
	Rule int `json:"rule,omitempty"`
}

// parseShard reads --shard I/N; 0, 0 without it.
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usageError{fmt.Sprintf("--shard %q: want I/N with 1 <= I <= N, as in 3/8", s)}
	}
	return i, n, nil
}

// knowledgeSum is the SHA-256 of the files a knowledge base was compiled
// from, the base's and those it imports (srcs, by name), in the order of
// their names, each as its name, its length and its text: shards of a
// base whose vocabulary changed between them are shards of another run.
func knowledgeSum(srcs map[string][]byte) string {
	h := sha256.New()
	for _, name := range slices.Sorted(maps.Keys(srcs)) {
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(srcs[name]))
		h.Write(srcs[name])
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func versionString() string { return alVersion() }

// merge reads the partial reports of every shard of one run and prints
// the report of the whole run, as the run without --shard prints it.
func (c *VerifyCmd) merge(env *Env) error {
	if c.Shard != "" || c.Table != "" || c.Query != "" || c.Endgame != "" || len(c.Truth) > 0 || c.Sample != 0 {
		return usageError{"--merge takes the partial reports and nothing of the run (it is in them): no --shard, --table, --query, --endgame, --truth or --sample"}
	}
	if len(c.KB) == 0 {
		return usageError{"--merge needs the partial reports of the shards"}
	}
	var parts []partialReport
	for _, path := range c.KB {
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("--merge: %w", err)
		}
		var p partialReport
		if err := json.Unmarshal(data, &p); err != nil {
			return fmt.Errorf("--merge: %s: not a partial report of al verify --shard: %v", path, err)
		}
		if p.Run.Format != partialFormat {
			return fmt.Errorf("--merge: %s: not a partial report of al verify --shard (format %q, want %q)", path, p.Run.Format, partialFormat)
		}
		parts = append(parts, p)
	}
	first := parts[0]
	seen := make([]string, first.Shards+1)
	for k, p := range parts {
		path := c.KB[k]
		switch {
		case !reflect.DeepEqual(p.Run, first.Run):
			return fmt.Errorf("--merge: %s is a shard of another run than %s (%s)", path, c.KB[0], runDifference(&first.Run, &p.Run))
		case p.Shards != first.Shards || p.Shard < 1 || p.Shard > p.Shards:
			return fmt.Errorf("--merge: %s is shard %d/%d, %s %d/%d", path, p.Shard, p.Shards, c.KB[0], first.Shard, first.Shards)
		case seen[p.Shard] != "":
			return fmt.Errorf("--merge: %s and %s are both shard %d/%d", seen[p.Shard], path, p.Shard, p.Shards)
		case (p.Run.Kind == "table") != (p.Table != nil) || (p.Run.Kind == "query") != (p.Query != nil && p.Methods != nil):
			return fmt.Errorf("--merge: %s: the report does not hold a %s's part", path, p.Run.Kind)
		}
		seen[p.Shard] = path
	}
	var missing []string
	for i := 1; i <= first.Shards; i++ {
		if seen[i] == "" {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("--merge: shards %s of %d missing", strings.Join(missing, ", "), first.Shards)
	}
	run := first.Run
	examples := mergeExamples(&run)
	switch run.Kind {
	case "table":
		var tps []verify.TablePart
		for _, p := range parts {
			tps = append(tps, *p.Table)
		}
		tr, err := verify.MergeTable(tps, examples)
		if err != nil {
			return fmt.Errorf("--merge: %w", err)
		}
		if tr.Positions != run.Items {
			return fmt.Errorf("--merge: the shards hold %d starts, the run %d", tr.Positions, run.Items)
		}
		rep := chessverify.TableReport{Table: run.Table, Side: run.Side, Endgame: run.Endgame, TableReport: tr}
		return writeTableVerification(env, &run, &rep, c.htmlFlag)
	case "query":
		var qps []verify.QueryPart
		var mps []verify.MethodsPart
		for _, p := range parts {
			qps = append(qps, *p.Query)
			mps = append(mps, *p.Methods)
		}
		qr, err := verify.MergeQuery(qps, examples)
		if err != nil {
			return fmt.Errorf("--merge: %w", err)
		}
		mr, err := verify.MergeMethods(mps, examples)
		if err != nil {
			return fmt.Errorf("--merge: %w", err)
		}
		if qr.Positions != run.Items {
			return fmt.Errorf("--merge: the shards hold %d positions, the run %d", qr.Positions, run.Items)
		}
		rep := chessverify.BaseReport{Query: run.Query, Endgame: run.Endgame, QueryReport: qr, Methods: mr.Methods}
		return writeBaseVerification(env, &run, &rep, c.htmlFlag)
	}
	return errors.New("--merge: unknown kind of run " + run.Kind)
}

// runDifference names the first field where two runs differ.
func runDifference(a, b *verifyRun) string {
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			name := va.Type().Field(i).Tag.Get("json")
			name, _, _ = strings.Cut(name, ",")
			return fmt.Sprintf("%s %v, not %v", name, vb.Field(i).Interface(), va.Field(i).Interface())
		}
	}
	return "no difference"
}

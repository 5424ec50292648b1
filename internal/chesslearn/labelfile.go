package chesslearn

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/advicelang/al/kb"
)

// The labels of a large endgame cost minutes to hours of search (KBBK:
// 2.5 million starts, every advice searched at each class), and the tree
// grown from them costs seconds. InduceConfig.Labels names a file that
// keeps them: written after labelling, read instead of labelling when it
// was made from the same advice file (and every file it imports), the
// same endgame, sample, seed, symmetry, node budget and vocabulary. So a
// table can be learned again with other tree options (--max-rules,
// --min-leaf, --progress-worth) without a search.

// labelFormat names the file's layout; a file of another is made again.
// Every layout's name starts with labelFormatName: a file whose does not
// is not a labels file.
const (
	labelFormatName = "al-learn-labels "
	labelFormat     = labelFormatName + "1"
)

// labelFile is the file's content (gob).
type labelFile struct {
	Format    string
	Key       string
	Positions int
	Classes   int
	Advice    []AdviceLabel
	Served    int
	DistSum   float64
	Rows      []labelRow
}

type labelRow struct {
	Sat, Good, Opt, Stop uint64
	Class                int8
	N                    int
	Feats                []uint64
	Cost                 []int64
}

// labelKey is what the labels depend on, hashed.
func labelKey(c *InduceConfig, feats []feature) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00%d\x00%t\x00%d\x00", labelFormat, c.Endgame, c.Side, c.Sample, c.Seed, c.Symmetry, c.MaxNodes)
	_, _, srcs := kb.LoadAll(c.Library, c.Name, c.Src, c.Resolve)
	names := make([]string, 0, len(srcs))
	for n := range srcs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(srcs[n]))
		h.Write(srcs[n])
	}
	for _, f := range feats {
		fmt.Fprintf(h, "%s\x00", f.text)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cachedLabels returns the labels: read from c.Labels when it holds
// those of this run, else made by labels and written there. It says what
// it did with the file (the report's LabelsNote): "" without one, "read",
// "written" (there was none) or "replaced: " and why the file's labels
// were not this run's. A file that is not a labels file at all is an
// error, told before any search: it is never overwritten. So is a file
// that cannot be written: the temporary file the labels go to is made
// before the search too.
func cachedLabels(ctx context.Context, c *InduceConfig, feats []feature) (*labelled, string, error) {
	if c.Labels == "" {
		l, err := labels(ctx, c, feats)
		return l, "", err
	}
	key := labelKey(c, feats)
	note := "written"
	data, err := os.ReadFile(c.Labels)
	switch {
	case err == nil:
		var f labelFile
		if gob.NewDecoder(bytes.NewReader(data)).Decode(&f) != nil || !strings.HasPrefix(f.Format, labelFormatName) {
			return nil, "", fmt.Errorf("--labels %s: not a labels file of al learn table; name a new file or remove this one", c.Labels)
		}
		switch {
		case f.Format != labelFormat:
			note = fmt.Sprintf("replaced: it held labels in another layout (%q, this version writes %q)", f.Format, labelFormat)
		case f.Key != key:
			note = "replaced: it held the labels of another run (other advice or imports, endgame, --sample, --seed, --symmetry, --max-nodes or vocabulary)"
		default:
			l := &labelled{positions: f.Positions, classes: f.Classes, advice: f.Advice, served: f.Served, distSum: f.DistSum,
				rows: make([]label, len(f.Rows))}
			for i, r := range f.Rows {
				l.rows[i] = label{sat: r.Sat, good: r.Good, opt: r.Opt, stop: r.Stop, class: r.Class, n: r.N, feats: r.Feats, cost: r.Cost}
			}
			return l, "read", nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, "", fmt.Errorf("--labels %s: %v", c.Labels, err)
	}
	// Written whole, then renamed: a run killed while writing leaves the
	// old file or none, never half of one.
	tmp, err := os.CreateTemp(filepath.Dir(c.Labels), filepath.Base(c.Labels)+".*")
	if err != nil {
		return nil, "", fmt.Errorf("--labels %s: %v", c.Labels, err)
	}
	l, err := labels(ctx, c, feats)
	if err == nil {
		f := labelFile{Format: labelFormat, Key: key, Positions: l.positions, Classes: l.classes, Advice: l.advice,
			Served: l.served, DistSum: l.distSum, Rows: make([]labelRow, len(l.rows))}
		for i, r := range l.rows {
			f.Rows[i] = labelRow{Sat: r.sat, Good: r.good, Opt: r.opt, Stop: r.stop, Class: r.class, N: r.n, Feats: r.feats, Cost: r.cost}
		}
		err = gob.NewEncoder(tmp).Encode(&f)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.Labels)
	}
	if err != nil {
		os.Remove(tmp.Name())
		if ctx.Err() != nil {
			return nil, "", err
		}
		return nil, "", fmt.Errorf("--labels %s: %v", c.Labels, err)
	}
	return l, note, nil
}

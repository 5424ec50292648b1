package chess

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

var perftMax = flag.Uint64("perft-max", 1_200_000, "largest perft count TestPerft checks (deeper entries of testdata/perft.epd are for -perft-max=0, meaning all, and the benchmarks)")

type perftCase struct {
	fen    string
	depths map[int]uint64
}

// readPerftEPD reads testdata/perft.epd: a FEN's first four fields, then
// ";Dn count" operations.
func readPerftEPD(tb testing.TB) []perftCase {
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), depths: map[int]uint64{}}
		for _, op := range parts[1:] {
			var d int
			var n uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(op), "D%d %d", &d, &n); err != nil {
				tb.Fatalf("perft.epd:%d: bad operation %q: %v", line, op, err)
			}
			c.depths[d] = n
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func TestPerft(t *testing.T) {
	for _, c := range readPerftEPD(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for d := 1; d <= 8; d++ {
			want, ok := c.depths[d]
			if !ok || (*perftMax != 0 && want > *perftMax) {
				continue
			}
			t.Run(strconv.Itoa(d)+"/"+c.fen, func(t *testing.T) {
				if got := Perft(&p, d); got != want {
					t.Errorf("perft %d = %d, want %d", d, got, want)
				}
			})
		}
	}
}

package kb

// suggestBudget bounds the work of the nearest-name suggestions of one
// compilation, in cells of the edit-distance tables (a few tenths of a
// second at worst): a file of thousands of unknown names among thousands
// of declared ones would otherwise take time quadratic in its size. When it
// is spent, the errors that remain come without "did you mean"; the
// budget is counted in cells, not time, so the output does not depend
// on the machine.
const suggestBudget = 50_000_000

// Nearest returns the name of names nearest to name (by edit distance,
// ignoring ASCII case, a swap of two neighbouring letters counting as one
// edit; of equally near names the one whose length is nearest name's, then
// the first in byte order: `press_down_61` suggests `press_down_16`, a
// swap, before `press_down_1`, a deletion), or
// "" when none is near enough to be a likely typo: a name is suggested
// when at most a third of name's letters (at least one) differ.
func Nearest(name string, names []string) string {
	return newNameSet(names).nearest(name, nil)
}

// nameSet is a list of names indexed by length: a name can be within the
// distance limit only of names whose length is within that limit.
type nameSet struct{ byLen map[int][]string }

func newNameSet(names []string) *nameSet {
	s := &nameSet{byLen: map[int][]string{}}
	for _, n := range names {
		s.byLen[len(n)] = append(s.byLen[len(n)], n)
	}
	return s
}

// nearest is Nearest over the set within a budget of work (nil: none),
// which it decrements by the cells of the tables it fills (and one per
// name looked at); when the budget runs out it returns the best found so
// far.
func (s *nameSet) nearest(name string, budget *int64) string {
	limit := max(1, len(name)/3)
	best, bestD := "", limit+1
	for l := len(name) - limit; l <= len(name)+limit; l++ {
		for _, n := range s.byLen[l] {
			if n == name {
				continue
			}
			if budget != nil {
				if *budget <= 0 {
					return pick(best, bestD, limit)
				}
				*budget -= int64(1 + (2*limit+1)*(len(name)+1))
			}
			d := boundedDistance(name, n, limit)
			if d < bestD || (d == bestD && nearerLen(name, n, best)) {
				best, bestD = n, d
			}
		}
	}
	return pick(best, bestD, limit)
}

// nearerLen tells whether n beats best, as near to name: its length is
// nearer name's, or as near and n is first in byte order.
func nearerLen(name, n, best string) bool {
	dn, db := abs(len(n)-len(name)), abs(len(best)-len(name))
	return dn < db || (dn == db && n < best)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func pick(best string, d, limit int) string {
	if d > limit {
		return ""
	}
	return best
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// boundedDistance is the optimal-string-alignment distance between a and
// b (Levenshtein's, with a swap of two neighbouring letters as one edit),
// ignoring ASCII case, when it is at most k, and k+1 otherwise. Only the
// band of cells within k of the diagonal is computed (Ukkonen; a swap reads
// the row before last on the same diagonal, inside the band), and it stops
// as soon as a whole row exceeds k (a swap's cell is never below the
// previous row's minimum, so no later row can come back under k).
func boundedDistance(a, b string, k int) int {
	if d := len(a) - len(b); d > k || -d > k {
		return k + 1
	}
	const far = 1 << 30
	var bufs [3][48]int
	prev2, prev, cur := bufs[0][:], bufs[1][:], bufs[2][:]
	if len(b)+1 > len(prev) {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev2, prev, cur = prev2[:len(b)+1], prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
		if j > k {
			prev[j] = far
		}
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		cur[0] = i
		if lo > 1 {
			cur[lo-1] = far
		}
		rowMin := cur[0]
		if lo > 1 {
			rowMin = far
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if lower(a[i-1]) == lower(b[j-1]) {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && lower(a[i-1]) == lower(b[j-2]) && lower(a[i-2]) == lower(b[j-1]) {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if hi < len(b) {
			cur[hi+1] = far
		}
		if rowMin > k {
			return k + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], k+1)
}

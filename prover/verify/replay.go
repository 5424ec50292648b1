package verify

// The reasons pass's replay (table.go, reasons): the reason an exploration
// of a failed start with the chunk's memo would find, read from the first
// pass's paths instead of exploring it.
//
// Why it is exact. The exploration is a depth-first search in the game's
// move order, and so was the first pass's. A proved node's subgraph
// reaches no failure and no cycle (it cannot reach a node on the path
// above it: that would be a cycle reachable from it), and below a proved
// node the ply limit is met exactly when the node's worst case says so;
// so whether the search explores a proved node again or reads it from a
// memo, it goes on to the same next node, and reaches no failed node of
// the memo through it. What the search meets along the first pass's path
// to its failing node is then the same, but for the nodes the chunk's
// memo holds as failed (the search fails there, with that node's reason,
// and records the path above it) and, when the first pass's failure was a
// failed node Y of the shared memo (which does not say why), what lies
// below Y. Y was recorded as failed by the first pass's exploration of
// another start, whose path goes on from Y to that start's own failure:
// the search from Y follows the same nodes, found in the same order,
// unless one of them is on the path above Y (a cycle), or failed in the
// chunk's memo, or the ply limit comes sooner. The replay follows such a
// continuation only where the limit cannot come sooner: from a node no
// deeper than it was on the other start's path, or deeper by fewer plies
// than that exploration stayed under the limit (every ply it checked
// against the limit, failure.reach, plus the difference, is within it);
// it explores the start when it knows no such continuation.

// nodeAt is where a node was recorded as failed by a first-pass failure:
// fails[k].path[j].
type nodeAt struct{ k, j int32 }

// maxContinuations bounds the nodes the replay knows a continuation of.
const maxContinuations = 1 << 20

// continuations returns, for each node that ends a failure's path as a
// failed node of the shared memo (hitAt), the failure whose path records
// it deepest, if any.
func continuations(fails []failure) map[uint64]nodeAt {
	at := map[uint64]nodeAt{}
	for _, f := range fails {
		if f.how == hitAt && f.path != nil && len(at) < maxContinuations {
			at[f.path[len(f.path)-1]] = nodeAt{-1, -1}
		}
	}
	if len(at) == 0 {
		return nil
	}
	for k, f := range fails {
		if f.path == nil || f.how == limitAt {
			continue // a limit records nothing
		}
		rec := len(f.path) - 1 // the path above the last node
		if f.how == terminalAt {
			rec++ // and the terminal
		}
		for j, q := range f.path[:rec] {
			if a, ok := at[q]; ok && int32(j) > a.j {
				at[q] = nodeAt{int32(k), int32(j)}
			}
		}
	}
	for q, a := range at {
		if a.k < 0 {
			delete(at, q)
		}
	}
	return at
}

// replay returns the reason the reasons pass's exploration of the failed
// start f finds, read from the first pass's paths (fails, and cont, their
// continuations) and the chunk's failed nodes (e.failures), and records
// in e.failures what that exploration records; ok is false when the start
// must be explored.
func (e *explorer[P, M]) replay(f *failure, fails []failure, cont map[uint64]nodeAt) (reason string, ok bool) {
	if f.path == nil {
		return "", false
	}
	clear(e.on)
	path := f.path[:0:0]
	if f.how == limitAt {
		// The path, then the limit, which records nothing.
		for _, q := range f.path {
			if reason, ok := e.meet(path, q); ok {
				return reason, true
			}
			path = append(path, q)
			e.on[q] = struct{}{}
		}
		return f.reason, true
	}
	for hop := 0; ; hop++ {
		for _, q := range f.path[:len(f.path)-1] {
			if reason, ok := e.meet(path, q); ok {
				return reason, true
			}
			path = append(path, q)
			e.on[q] = struct{}{}
		}
		last := f.path[len(f.path)-1]
		if reason, ok := e.meet(path, last); ok {
			return reason, true
		}
		switch f.how {
		case terminalAt:
			e.record64(append(path, last), f.reason)
			return f.reason, true
		case cycleAt:
			// Its node is on the other start's path, not on this one.
			return "", false
		}
		a, ok := cont[last]
		if !ok || hop == 64 {
			return "", false
		}
		next := &fails[a.k]
		if deeper := int32(len(path)) - a.j; deeper > 0 && next.reach+deeper > int32(e.opt.MaxPlies) {
			// The ply limit could come sooner.
			return "", false
		}
		f = &failure{reason: next.reason, how: next.how, path: next.path[a.j:], reach: next.reach}
	}
}

// meet is the search entering node q below path: a cycle when q is on
// it, the failure of q's reason when the chunk's memo holds it as failed
// (the path above is recorded so), else ok is false.
func (e *explorer[P, M]) meet(path []uint64, q uint64) (string, bool) {
	if _, on := e.on[q]; on {
		e.record64(path, cycleReason)
		return cycleReason, true
	}
	if i, ok := e.failures[q]; ok {
		reason := e.reasons[i]
		e.record64(path, reason)
		return reason, true
	}
	return "", false
}

// record64 records the nodes of path as failed for reason in the chunk's
// memo.
func (e *explorer[P, M]) record64(path []uint64, reason string) {
	i := e.intern(reason)
	for _, q := range path {
		e.failures[q] = i
	}
}

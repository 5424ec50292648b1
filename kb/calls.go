package kb

import (
	"slices"
	"strings"
)

// This file resolves the calls suc(A) in the goals of advice and plans
// (AL1.5, issue 20: advice that calls advice) and checks their cycles.
// Recursion is bounded by depth when searched (docs/prover.md, "Calls"):
// a call of advice already being searched below it runs with one move
// less than that search, so every cycle ends. What the checker refuses is
// a cycle that can never bottom out: every advice of it reaches its
// goals only through a call of the cycle, so the recursion has no base
// case and every advice of the cycle is unsatisfiable everywhere.

// resolveCalls points every call at its advice, lists each advice's calls,
// and reports the cycles without a base case.
func (c *compiler[P]) resolveCalls() {
	if len(c.callSites) == 0 {
		return
	}
	graph := map[*Advice[P]][]*Advice[P]{}
	var order []*Advice[P]
	for _, site := range c.callSites {
		callee, _ := c.base.byName[site.kind+":"+site.call.Name].(*Advice[P])
		caller, _ := c.base.byName[site.caller].(*Advice[P])
		site.call.Advice = callee
		if callee == nil || caller == nil {
			continue // errors reported where they are declared
		}
		if !slices.Contains(caller.Calls, callee) {
			caller.Calls = append(caller.Calls, callee)
		}
		if _, ok := graph[caller]; !ok {
			order = append(order, caller)
		}
		graph[caller] = append(graph[caller], callee)
	}
	for _, scc := range sccs(order, graph) {
		if len(scc) == 1 && !slices.Contains(graph[scc[0]], scc[0]) {
			continue
		}
		c.checkCycle(scc)
	}
}

// checkCycle reports a cycle of calls that cannot bottom out (an error),
// or that bottoms out only where the opponent has no allowed reply (a
// warning).
func (c *compiler[P]) checkCycle(scc []*Advice[P]) {
	in := map[*Advice[P]]bool{}
	for _, a := range scc {
		in[a] = true
	}
	reachesGoal, bottoms := false, false
	for _, a := range scc {
		memo := map[*Formula[P]]*Formula[P]{}
		bg, hg := withoutCalls(orFalseF(a.Better), in, memo), withoutCalls(orTrueF(a.Holding), in, memo)
		goal := And(bg, hg)
		if a.Sacrifice {
			goal = bg
		}
		if truthOf(goal) != never {
			reachesGoal, bottoms = true, true
		}
		if !a.AL0 && (truthOf(hg) != never || a.Sacrifice) {
			bottoms = true // a node where Y has no allowed reply
		}
		if a.Otherwise != nil && truthOf(withoutCalls(a.Otherwise, in, memo)) != never {
			bottoms = true // the exit
		}
	}
	// Report at the first call site of the cycle in the text.
	var site callSite[P]
	for _, s := range c.callSites {
		caller, _ := c.base.byName[s.caller].(*Advice[P])
		if in[caller] {
			site = s
			break
		}
	}
	cycle := "the calls of " + scc[0].Name + " to itself"
	if len(scc) > 1 {
		names := make([]string, 0, len(scc)+1)
		for _, a := range scc {
			names = append(names, a.Name)
		}
		cycle = "the calls " + strings.Join(append(names, scc[0].Name), " -> ")
	}
	switch {
	case !bottoms:
		c.errorf(site.pos, "%s never bottom out: every advice of the cycle reaches its goals only through a call of the cycle, so none is ever satisfiable (give one a better goal that can hold without the call)", cycle)
	case !reachesGoal:
		c.diags.Warnf(site.pos, "%s reach a better goal only through a call of the cycle: the recursion bottoms out only where the opponent has no allowed reply (give one a better goal that can hold without the call)", cycle)
	}
}

func orFalseF[P any](f *Formula[P]) *Formula[P] {
	if f == nil {
		return False[P]()
	}
	return f
}

func orTrueF[P any](f *Formula[P]) *Formula[P] {
	if f == nil {
		return True[P]()
	}
	return f
}

// withoutCalls is f with the calls of the advice in `in` made false.
func withoutCalls[P any](f *Formula[P], in map[*Advice[P]]bool, memo map[*Formula[P]]*Formula[P]) *Formula[P] {
	if g, ok := memo[f]; ok {
		return g
	}
	g := f
	switch {
	case f.Op == OpCall && in[f.Call.Advice]:
		g = False[P]()
	case f.L != nil:
		l := withoutCalls(f.L, in, memo)
		r := f.R
		if r != nil {
			r = withoutCalls(f.R, in, memo)
		}
		if l != f.L || r != f.R {
			h := *f
			h.L, h.R, h.fn = l, r, nil // other operands: not f's evaluator
			g = &h
		}
	}
	memo[f] = g
	return g
}

// sccs returns the strongly connected components of graph (Tarjan's),
// each in the order its nodes were first met, the components in the
// order of their first node in order.
func sccs[P any](order []*Advice[P], graph map[*Advice[P]][]*Advice[P]) [][]*Advice[P] {
	index := map[*Advice[P]]int{}
	low := map[*Advice[P]]int{}
	onStack := map[*Advice[P]]bool{}
	var stack []*Advice[P]
	var out [][]*Advice[P]
	var visit func(v *Advice[P])
	visit = func(v *Advice[P]) {
		index[v], low[v] = len(index), len(index)
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range graph[v] {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []*Advice[P]
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			slices.Reverse(comp)
			out = append(out, comp)
		}
	}
	for _, v := range order {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return out
}

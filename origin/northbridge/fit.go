package northbridge

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// fit makes b fit its token budget and sets token_estimate to the
// tokenizer's count of b.Marshal().
//
// The items of state[] and memory[] go in by priority (see priority): the
// bundle carries the longest run of that order that fits, then each later
// item that still fits, and lists every other one in cut[] with reason
// "budget.tokens". The cut list is itemized as finely as the budget
// allows without keeping content out: claim by claim, else counted per
// task and reason, else counted per kind and reason. When not even the
// first item fits whole, as much of it as fits is carried, marked
// truncated. So a small budget still gets the most important content
// there is room for, and says what it left out.
//
// Every step is decided on the exact count of the whole bundle (tokens are
// not additive across item boundaries): a binary search over the run's
// length, then one count per later item whose own cost could fit.
func fit(b *Bundle, tok Tokenizer) {
	b.Note = note(b)
	settle(b, tok)
	if b.TokenEstimate <= b.Budget {
		return
	}
	f := &fitter{b: b, tok: tok, base: slices.Clone(b.Cut)}
	f.items = priority(b)
	f.in = make([]bool, len(f.items))

	// The longest run that fits with the coarsest cut list; then, when a
	// finer list of what that run leaves out costs at most a quarter of
	// the budget, the longest run that fits with that one.
	f.level = cutsPerKind
	best := f.longestRun()
	if best < 0 {
		// Not even the cut list fits: carry nothing, say everything.
		f.fitsRun(0)
		return
	}
	for level := cutsItemized; level < cutsPerKind; level++ {
		f.fitsRun(best)
		if f.cutCost(level) <= b.Budget/4 {
			f.level = level
			if n := f.longestRun(); n >= 0 {
				best = n
				break
			}
			f.level = cutsPerKind
		}
	}
	f.fitsRun(best)
	if best == 0 && len(f.items) > 0 {
		// The first item alone is over the budget.
		f.truncateFirst()
	}
	// Later items that still fit, most important first. b is counted as
	// decided first: a truncation that found no fit left its last try.
	f.fits()
	used := b.TokenEstimate
	for i := best + 1; i < len(f.items); i++ {
		if f.cost(i) > b.Budget-used {
			continue
		}
		f.in[i] = true
		if f.fits() {
			used = b.TokenEstimate
		} else {
			f.in[i] = false
		}
	}
	f.fits() // b as decided (the last count may have been a rejected try)
}

// Granularities of the cut list, finest first.
const (
	cutsItemized = iota // one entry per item, with its claim
	cutsPerTask         // one entry per kind, task and reason, with a count
	cutsPerKind         // one entry per kind and reason, with a count
)

// fitter holds fit's decisions while it counts.
type fitter struct {
	b     *Bundle
	tok   Tokenizer
	items []item // by priority, most important first
	in    []bool // in[i]: items[i] is carried
	base  []Cut  // what was cut before fitting (stale, unverifiable, budget.facts)
	level int    // the cut list's granularity
}

// item is one entry of state[] or memory[].
type item struct {
	state *State
	mem   *Memory
}

// priority orders b's items, most important first: the first task of
// state[] (the one most relevant to the goal, the newest among equals:
// the one a caller most likely continues, as RFC-0005 §3.4 puts the
// current task first), then the facts by relevance to the goal, then the
// other tasks in state[]'s order. Facts come before the older tasks because
// they are what the goal asked for and are already capped by
// budget.facts, while a scope may hold any number of tasks.
func priority(b *Bundle) []item {
	var out []item
	if len(b.State) > 0 {
		out = append(out, item{state: &b.State[0]})
	}
	for i := range b.Memory {
		out = append(out, item{mem: &b.Memory[i]})
	}
	for i := 1; i < len(b.State); i++ {
		out = append(out, item{state: &b.State[i]})
	}
	return out
}

// cut is the cut entry of an item that is not carried.
func (it item) cut() Cut {
	if it.mem != nil {
		return Cut{Kind: "memory", Task: it.mem.Task, Claim: clip(it.mem.Claim), Reason: "budget.tokens"}
	}
	return Cut{Kind: "state", Task: it.state.ID, Reason: "budget.tokens"}
}

// value is the item as an element of state[] or memory[].
func (it item) value() any {
	if it.mem != nil {
		return *it.mem
	}
	return *it.state
}

// fitsRun carries the first n items, and only those, and says whether the
// bundle fits.
func (f *fitter) fitsRun(n int) bool {
	for i := range f.in {
		f.in[i] = i < n
	}
	return f.fits()
}

// longestRun is the largest n for which the first n items fit (-1 when
// not even none do), by binary search.
func (f *fitter) longestRun() int {
	best := -1
	for lo, hi := 0, len(f.items); lo <= hi; {
		mid := (lo + hi) / 2
		if f.fitsRun(mid) {
			best, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return best
}

// cutCost is the tokens of the cut list, as b's decisions stand, at a
// granularity.
func (f *fitter) cutCost(level int) int {
	n := 0
	for _, c := range compactCuts(f.cuts(), level) {
		n += cost(f.tok, c)
	}
	return n
}

// cuts is the cut list, itemized, as the decisions stand.
func (f *fitter) cuts() []Cut {
	cut := slices.Clone(f.base)
	for i, it := range f.items {
		if !f.in[i] {
			cut = append(cut, it.cut())
		}
	}
	return cut
}

// finest itemizes the cut list as finely as still fits.
func (f *fitter) finest() {
	coarsest := f.level
	for f.level = cutsItemized; f.level < coarsest; f.level++ {
		if f.fits() {
			return
		}
	}
	f.fits()
}

// cost is what carrying items[i] instead of cutting it adds, about.
func (f *fitter) cost(i int) int {
	return cost(f.tok, f.items[i].value()) - cost(f.tok, f.items[i].cut())
}

// fits rebuilds b from the decisions, counts it and says whether it fits.
func (f *fitter) fits() bool {
	b := f.b
	b.State, b.Memory = []State{}, []Memory{}
	for i, it := range f.items {
		switch {
		case !f.in[i]:
		case it.mem != nil:
			b.Memory = append(b.Memory, *it.mem)
		default:
			b.State = append(b.State, *it.state)
		}
	}
	b.Cut = compactCuts(f.cuts(), f.level)
	b.Evidence = evidenceOf(b.Memory)
	// Over budget when content was left out or cut short for it; a cut
	// list grouped to fit takes nothing out.
	b.OverBudget = false
	for i, it := range f.items {
		if !f.in[i] || it.state != nil && it.state.Truncated {
			b.OverBudget = true
		}
	}
	b.Note = note(b)
	settle(b, f.tok)
	return b.TokenEstimate <= b.Budget
}

// truncateFirst carries as much of the first item (the first task:
// every fact belongs to a task in state[]) as fits: its text cut to the
// longest length in runes that fits with the coarsest cut list, then the
// finest list that still fits. It carries nothing when not even the
// task's identity (id, file, hash) fits.
func (f *fitter) truncateFirst() {
	whole, level := f.items[0], f.level
	if whole.state == nil {
		return
	}
	shorten := func(n int) item {
		s := truncateState(*whole.state, n)
		return item{state: &s}
	}
	text := whole.state.mustKeep().runes()
	f.level, f.in[0] = cutsPerKind, true
	best := -1
	for lo, hi := 0, text; lo <= hi; {
		mid := (lo + hi) / 2
		f.items[0] = shorten(mid)
		if f.fits() {
			best, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	if best < 0 {
		f.items[0], f.in[0], f.level = whole, false, level
		return
	}
	f.items[0] = shorten(best)
	f.finest()
}

// truncateState keeps s's identity (id, file, scope, version, hash,
// update time) and n runes of its must-keep part, cut by the cutting rule
// both lanes share (cutrule.go): goal, constraints, current_state, then
// next_steps. It is marked truncated.
func truncateState(s State, n int) State {
	m, _ := keepParts(s.mustKeep(), n)
	s.Truncated = true
	s.Goal, s.Constraints, s.CurrentState, s.NextSteps = m.Goal, m.Constraints, m.CurrentState, nonNil(m.NextSteps)
	return s
}

// mustKeep is the entry's must-keep part (cutrule.go).
func (s State) mustKeep() mustKeep {
	return mustKeep{Goal: s.Goal, Constraints: s.Constraints, CurrentState: s.CurrentState, NextSteps: s.NextSteps}
}

// compactCuts returns the cut list at a granularity: itemized as made;
// one entry per (kind, task, reason) with a count and no claim; or one
// per (kind, reason) with a count, the tasks it came from (Tasks) and no
// claim. The list still says what was cut and from which tasks, at the
// granularity the budget allows.
func compactCuts(cuts []Cut, level int) []Cut {
	if level == cutsItemized {
		return cuts
	}
	type key struct{ kind, task, reason string }
	var order []key
	n := map[key]int{}
	tasks := map[key][]string{}
	for _, c := range cuts {
		k := key{c.Kind, c.Task, c.Reason}
		if level == cutsPerKind {
			k.task = ""
			for _, t := range append(slices.Clone(c.Tasks), c.Task) {
				if t != "" && !slices.Contains(tasks[k], t) {
					tasks[k] = append(tasks[k], t)
				}
			}
		}
		if _, ok := n[k]; !ok {
			order = append(order, k)
		}
		n[k] += max(c.Count, 1)
	}
	out := make([]Cut, len(order))
	for i, k := range order {
		out[i] = Cut{Kind: k.kind, Task: k.task, Tasks: tasks[k], Reason: k.reason, Count: n[k]}
	}
	return out
}

// settle sets token_estimate to the count of the bundle that contains it:
// a fixed point, reached in one or two steps since only its digits change.
func settle(b *Bundle, tok Tokenizer) {
	for range 8 {
		n := tok.CountText(string(b.Marshal()))
		if n == b.TokenEstimate {
			return
		}
		b.TokenEstimate = n
	}
}

// cost is the tokens v adds to the bundle as one array element.
func cost(tok Tokenizer, v any) int {
	data, err := json.Marshal(v)
	if err != nil {
		return 1
	}
	return tok.CountText(string(data)) + 1 // the comma
}

// note says in one line what the bundle carries and what it does not.
func note(b *Bundle) string {
	reasons := map[string]int{}
	for _, c := range b.Cut {
		reasons[c.Kind+" "+c.Reason] += max(c.Count, 1) // a compacted entry counts its items
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		parts = append(parts, fmt.Sprintf("%d %s", reasons[k], k))
	}
	s := fmt.Sprintf("%d task(s) and %d verified fact(s) in scope entered; only what the goal needs, not the whole store", len(b.State), len(b.Memory))
	if b.unrelated > 0 {
		// Not cut (they were never relevant), but a caller whose goal was
		// too vague to match anything should know the facts are there.
		s += fmt.Sprintf(" (%d other verified fact(s) in scope share no word with the goal)", b.unrelated)
	}
	if len(parts) > 0 {
		s += "; cut: " + strings.Join(parts, ", ")
	} else {
		s += "; nothing cut"
	}
	for _, c := range b.Cut {
		if c.Count > 0 {
			s += "; the cut list is grouped to fit the budget"
			break
		}
	}
	for _, st := range b.State {
		if st.Truncated {
			s += fmt.Sprintf("; task %s truncated to fit the budget", st.ID)
		}
	}
	if len(b.Skipped) > 0 {
		s += fmt.Sprintf("; %d unreadable task.origin file(s) skipped", len(b.Skipped))
	}
	if b.unmatched != "" {
		s += "; " + b.unmatched
	}
	return s
}

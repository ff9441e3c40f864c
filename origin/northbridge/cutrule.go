package northbridge

import (
	"unicode/utf8"

	efclip "github.com/epistemicfold/ef/internal/clip"
)

// The one cutting rule of both lanes (Build's state[] entries and
// SessionStart's current task): a task's must-keep part is, in this
// order, its goal (what the task is), its constraints (the rules), its
// current_state (where it stands: open failures, how the last run ended)
// and its next_steps. Everything else a task holds (facts, decisions,
// verification, artifacts, learnings, actions) goes before any of it,
// facts first and the least important of them first. When the must-keep
// part alone is over the budget it is cut to a prefix in that order
// (keepParts): a string cut short ends in "…" and the strings after it
// are left out, and the cut is marked (State.Truncated; the session
// bundle's header).

// mustKeep is a task's must-keep part.
type mustKeep struct {
	Goal         string
	Constraints  []string
	CurrentState string
	NextSteps    []string
}

// runes is the length of the must-keep part's text in runes: the most
// keepParts can keep.
func (m mustKeep) runes() int {
	n := utf8.RuneCountInString(m.Goal) + utf8.RuneCountInString(m.CurrentState)
	for _, x := range m.Constraints {
		n += utf8.RuneCountInString(x)
	}
	for _, x := range m.NextSteps {
		n += utf8.RuneCountInString(x)
	}
	return n
}

// keepParts keeps n runes of m in the rule's order. A string cut short
// ends in "…"; the strings after it are left out (a non-empty string left
// out whole reads "…" where the member is a single string, so that a
// reader sees it was there). truncated says something was cut.
func keepParts(m mustKeep, n int) (out mustKeep, truncated bool) {
	take := func(x string) (string, bool) {
		if n <= 0 {
			truncated = truncated || x != ""
			return "", false
		}
		if k := utf8.RuneCountInString(x); k <= n {
			n -= k
			return x, true
		}
		x, n, truncated = efclip.Runes(x, n), 0, true
		return x, true
	}
	single := func(x string) string {
		y, ok := take(x)
		if !ok && x != "" {
			return "…"
		}
		return y
	}
	list := func(xs []string) []string {
		var kept []string
		for _, x := range xs {
			y, ok := take(x)
			if !ok {
				break
			}
			kept = append(kept, y)
		}
		return kept
	}
	out.Goal = single(m.Goal)
	out.Constraints = list(m.Constraints)
	out.CurrentState = single(m.CurrentState)
	out.NextSteps = list(m.NextSteps)
	return out, truncated
}

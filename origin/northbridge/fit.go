package northbridge

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// fit makes b fit its token budget, dropping the least relevant memory
// first and then the oldest tasks, recording each drop in b.Cut, and sets
// token_estimate to the tokenizer's count of b.Marshal(). Each round
// counts the whole bundle once and drops items by their own token cost
// until the excess is covered; rounds repeat because tokens are not
// exactly additive across item boundaries.
func fit(b *Bundle, tok Tokenizer) {
	for range 64 {
		b.Note = note(b)
		settle(b, tok)
		excess := b.TokenEstimate - b.Budget
		if excess <= 0 || (len(b.Memory) == 0 && len(b.State) == 0) {
			break
		}
		b.OverBudget = true
		if cutCost(b, tok) > b.Budget/2 && compactCuts(b) {
			continue // the itemized cut list was the bulk; count again
		}
		for excess > 0 && (len(b.Memory) > 0 || len(b.State) > 0) {
			var saved int
			if n := len(b.Memory); n > 0 {
				m := b.Memory[n-1]
				b.Memory = b.Memory[:n-1]
				c := Cut{Kind: "memory", Task: m.Task, Claim: clip(m.Claim), Reason: "budget.tokens"}
				b.Cut = append(b.Cut, c)
				saved = cost(tok, m) - cost(tok, c)
				if !slices.ContainsFunc(b.Memory, func(x Memory) bool { return x.Source == m.Source }) {
					b.Evidence = slices.DeleteFunc(b.Evidence, func(s string) bool { return s == m.Source })
					saved += cost(tok, m.Source)
				}
			} else {
				n := len(b.State)
				s := b.State[n-1]
				b.State = b.State[:n-1]
				c := Cut{Kind: "state", Task: s.ID, Reason: "budget.tokens"}
				b.Cut = append(b.Cut, c)
				saved = cost(tok, s) - cost(tok, c)
			}
			excess -= max(saved, 1)
		}
	}
	if b.TokenEstimate > b.Budget {
		b.OverBudget = true
		if compactCuts(b) {
			b.Note = note(b)
			settle(b, tok)
		}
	}
}

func cutCost(b *Bundle, tok Tokenizer) int {
	n := 0
	for _, c := range b.Cut {
		n += cost(tok, c)
	}
	return n
}

// compactCuts replaces the cut entries by one per (kind, task, reason)
// with a count and without claims, when nothing else is left to drop and
// the itemized list alone breaks the budget: the list still says what was
// cut, at the granularity the budget allows.
func compactCuts(b *Bundle) bool {
	type key struct{ kind, task, reason string }
	var order []key
	n := map[key]int{}
	for _, c := range b.Cut {
		k := key{c.Kind, c.Task, c.Reason}
		if _, ok := n[k]; !ok {
			order = append(order, k)
		}
		n[k] += max(c.Count, 1)
	}
	if len(order) == len(b.Cut) {
		return false
	}
	out := make([]Cut, len(order))
	for i, k := range order {
		out[i] = Cut{Kind: k.kind, Task: k.task, Reason: k.reason, Count: n[k]}
	}
	b.Cut = out
	return true
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
		reasons[c.Kind+" "+c.Reason]++
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		parts = append(parts, fmt.Sprintf("%d %s", reasons[k], k))
	}
	s := fmt.Sprintf("%d task(s) and %d verified fact(s) in scope entered; only what the goal needs, not the whole store", len(b.State), len(b.Memory))
	if len(parts) > 0 {
		s += "; cut: " + strings.Join(parts, ", ")
	} else {
		s += "; nothing cut"
	}
	if len(b.Skipped) > 0 {
		s += fmt.Sprintf("; %d unreadable task.origin file(s) skipped", len(b.Skipped))
	}
	return s
}

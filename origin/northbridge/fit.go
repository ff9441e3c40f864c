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
// exactly additive across item boundaries. Dropping by estimates can
// overshoot (most when the cut list is compacted), so a last pass puts
// dropped items back, most valuable first, while they fit.
func fit(b *Bundle, tok Tokenizer) {
	var dropped []drop
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
			var d drop
			var saved int
			if n := len(b.Memory); n > 0 {
				m := b.Memory[n-1]
				b.Memory = b.Memory[:n-1]
				d = drop{mem: &m, cut: Cut{Kind: "memory", Task: m.Task, Claim: clip(m.Claim), Reason: "budget.tokens"}}
				saved = cost(tok, m) - cost(tok, d.cut)
				if !slices.ContainsFunc(b.Memory, func(x Memory) bool { return x.Source == m.Source }) {
					saved += cost(tok, m.Source)
				}
			} else {
				n := len(b.State)
				st := b.State[n-1]
				b.State = b.State[:n-1]
				d = drop{state: &st, cut: Cut{Kind: "state", Task: st.ID, Reason: "budget.tokens"}}
				saved = cost(tok, st) - cost(tok, d.cut)
			}
			b.Cut = append(b.Cut, d.cut)
			b.Evidence = evidenceOf(b.Memory)
			dropped = append(dropped, d)
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
	refill(b, tok, dropped)
}

// drop is one item fit removed, and its cut entry.
type drop struct {
	mem   *Memory
	state *State
	cut   Cut
}

// refill puts dropped items back, last dropped (the newest task, the most
// relevant fact) first, while the whole bundle still fits; it stops at the
// first item that does not.
func refill(b *Bundle, tok Tokenizer, dropped []drop) {
	for i := len(dropped) - 1; i >= 0 && b.TokenEstimate < b.Budget; i-- {
		d := dropped[i]
		saveCut, saveNote, saveEst := slices.Clone(b.Cut), b.Note, b.TokenEstimate
		if !uncut(b, d.cut) {
			return
		}
		if d.mem != nil {
			b.Memory = append(b.Memory, *d.mem)
		} else {
			b.State = append(b.State, *d.state)
		}
		b.Evidence = evidenceOf(b.Memory)
		b.Note = note(b)
		settle(b, tok)
		if b.TokenEstimate <= b.Budget {
			continue
		}
		// Does not fit: undo.
		if d.mem != nil {
			b.Memory = b.Memory[:len(b.Memory)-1]
		} else {
			b.State = b.State[:len(b.State)-1]
		}
		b.Cut, b.Note, b.TokenEstimate = saveCut, saveNote, saveEst
		b.Evidence = evidenceOf(b.Memory)
		return
	}
}

// uncut removes c from the cut list: its itemized entry, or one from the
// count of its group.
func uncut(b *Bundle, c Cut) bool {
	for i := len(b.Cut) - 1; i >= 0; i-- {
		e := &b.Cut[i]
		switch {
		case *e == c:
			b.Cut = slices.Delete(b.Cut, i, i+1)
			return true
		case e.Count > 0 && e.Kind == c.Kind && e.Task == c.Task && e.Reason == c.Reason:
			if e.Count--; e.Count == 0 {
				b.Cut = slices.Delete(b.Cut, i, i+1)
			}
			return true
		}
	}
	return false
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
		reasons[c.Kind+" "+c.Reason] += max(c.Count, 1) // a compacted entry counts its items
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

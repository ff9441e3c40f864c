package projection

import "testing"

// A value the user declines to set is not shown as current, whatever the
// negation's form; a value set beside a negation that governs another
// verb stays; a number in scientific or hexadecimal notation is read
// whole.
func TestNegatedAndNotatedValues(t *testing.T) {
	for _, c := range []struct {
		says []string
		key  string
		want string // "" = no current value
	}{
		{[]string{"set the queue depth to 40", "honestly I wouldn't set the queue depth to 400 though"}, "queue depth", "40"},
		{[]string{"please don't bump the worker count to 16"}, "worker count", ""},
		{[]string{"we should never change the flush interval to 5s"}, "flush interval", ""},
		{[]string{"I don't think we should raise the cache size to 2gb"}, "cache size", ""},
		{[]string{"the shard count shouldn't be 12"}, "shard count", ""},
		{[]string{"不要把并发数改成 32。"}, "并发数", ""},
		{[]string{"the poll interval should be 15s, not 30s"}, "poll interval", "15s"},
		{[]string{"no need to rush. set the batch size to 48"}, "batch size", "48"},
		{[]string{"if it doesn't converge, set the lr to 3e-5"}, "lr", "3e-5"},
		{[]string{"set the weight decay to 1e-2"}, "weight decay", "1e-2"},
		{[]string{"set the mask to 0xFF00"}, "mask", "0xFF00"},
	} {
		got := valueHeads(userSays(c.says...))[c.key]
		if got != c.want {
			t.Errorf("%q: %s = %q, want %q", c.says, c.key, got, c.want)
		}
	}
}

// A pronoun is the setting named last unless the sentence names another
// thing before it, as its subject or as what a verb of handling takes:
// then no value is asserted rather than one of the wrong thing.
func TestPronounAfterOtherThing(t *testing.T) {
	for _, c := range []struct {
		says []string
		want string // the batch size's value
	}{
		{[]string{"set the batch size to 64", "keep it at 32"}, "32"},
		{[]string{"set the batch size to 64", "the pool is fine, keep it at 30"}, "64"},
		{[]string{"set the batch size to 64", "don't touch the pool, keep it at 30"}, "64"},
		{[]string{"set the batch size to 64", "the batch size is too big, keep it at 48"}, "48"},
		{[]string{"set the batch size to 64", "thanks for the fix, cap it at 40"}, "40"},
	} {
		got := valueHeads(userSays(c.says...))["batch size"]
		if got != c.want {
			t.Errorf("%q: batch size = %q, want %q", c.says, got, c.want)
		}
	}
}

// A sentence opening with an acknowledgement or a clause of its own names
// no setting for its pronoun: the value goes to the setting named last.
func TestAcknowledgementIsNoTopic(t *testing.T) {
	for _, s := range []string{"good, cap it at 40", "thanks for the fix, make it 40", "perfect — set it to 40", "the tests passed, bump it to 40"} {
		got := valueHeads(userSays("set the batch size to 64", s))
		if got["batch size"] != "40" || len(got) != 1 {
			t.Errorf("%q: values %v, want only batch size = 40", s, got)
		}
	}
	if got := valueHeads(userSays("set the batch size to 64", "the retry delay, make it 3s")); got["retry delay"] != "3s" {
		t.Errorf("a topic before the pronoun: values %v, want retry delay = 3s", got)
	}
	if got := valueHeads(userSays("set the batch size to 64", "right margin, set it to 20")); got["right margin"] != "20" {
		t.Errorf("a topic opening with an adjective: values %v, want right margin = 20", got)
	}
}

// A remark on the time it is now is no setting's value; a time given to a
// setting is.
func TestClockRemarkIsNoValue(t *testing.T) {
	for _, c := range []struct {
		says []string
		want map[string]string
	}{
		{[]string{"Udah jam 16.20, aku pulang dulu. Besok lanjut."}, map[string]string{}},
		{[]string{"set the batch size to 64", "already 18:05, let's stop here"}, map[string]string{"batch size": "64"}},
		{[]string{"Set the backup time to 02:30."}, map[string]string{"backup time": "02:30"}},
	} {
		got := valueHeads(userSays(c.says...))
		if len(got) != len(c.want) {
			t.Errorf("%q: values %q, want %q", c.says, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%q: %s = %q, want %q", c.says, k, got[k], v)
			}
		}
	}
}

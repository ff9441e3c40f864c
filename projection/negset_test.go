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

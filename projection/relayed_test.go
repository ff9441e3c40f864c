package projection

import (
	"strings"
	"testing"
)

// TestRelayedRules: a clause binding "we" or "you" after someone's stance
// is a rule wherever it stands in a paragraph; a bound verb that tells
// what is or was, and a sentence with no stance, make none.
func TestRelayedRules(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"Long week. I talked to Omar from compliance and he was very firm that we never export raw card numbers, masked or not, and the auditors agree. Anyway, the CSV job is next.", "we never export raw card numbers, masked or not, and the auditors agree."},
		{"the ops lead is fine with the new cron as long as you only run it between 01:00 and 04:00 UTC, the backups own the rest.", "you only run it between 01:00 and 04:00 UTC, the backups own the rest."},
		{"Marta insisted that we don't rename any public API field before v3, clients pin them.", "we don't rename any public API field before v3, clients pin them."},
		{"Lee said we must keep the audit table append-only.", "we must keep the audit table append-only."},
		// Nothing relayed as a rule.
		{"Ken said we don't have tests for the importer yet.", ""},
		{"she was clear that we never tested the failover path.", ""},
		{"we do not store tenant names, I think, but check.", ""},
	} {
		var got []string
		for _, p := range relayedRules(sentences(c.text), nil) {
			got = append(got, p.Value)
		}
		if strings.Join(got, " | ") != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.text, got, c.want)
		}
	}
}

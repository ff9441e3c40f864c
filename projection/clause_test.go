package projection

import "testing"

func TestOperativeKeepsAllowance(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// An allowance before the rule bounds it: kept.
		{"you may apply the CRD to stg-eu1, nothing else there, and prod stays completely off limits.",
			"you may apply the CRD to stg-eu1, nothing else there, and prod stays completely off limits."},
		// A clause that opens with a condition on the one before needs it,
		// and a label that says the thing is open stays.
		{"the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives.",
			"the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives."},
		{"One thing still up in the air: the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives.",
			"One thing still up in the air: the backup line might be behind CGNAT now, and if it is, inbound UDP to 1194 never arrives."},
		// Reasons before the rule are not: the rule is quoted alone.
		{"The payments team alerts on anything above that, so the retry budget must stay at 3 attempts max",
			"the retry budget must stay at 3 attempts max"},
	} {
		if got := operative(tc.in); got != tc.want {
			t.Errorf("operative(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

package projection

import "testing"

func TestFixedReportWorks(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"thanks it works. commit all and push", true},
		{"that fixed it!", true},
		{"ok, works now", true},
		{"It's working now.", true},
		// near misses
		{"does it work?", false},
		{"always check that it works before you push.", false},
		{"it works for the home page but /blog still gives the error.", false},
		{"it works locally.", false},
		{"it worked before the upgrade.", false},
		{"the new header works now.", false},
		{"it doesn't work.", false},
		{"if it works, push it.", false},
	} {
		if got := fixedReport(c.text) != ""; got != c.want {
			t.Errorf("fixedReport(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestStopSignalIsNoFailure(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{`Command failed with signal "SIGTERM"`, true},
		{"the server was terminated by SIGINT", true},
		// near misses: a kill that is a failure
		{`Command failed with signal "SIGKILL"`, false},
		{"worker exited on signal SIGSEGV", false},
	} {
		if got := stopSignalRE.MatchString(c.text); got != c.want {
			t.Errorf("stopSignalRE(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	if ps := reportedFailures(`Command failed with signal "SIGKILL"`, nil, nil); len(ps) != 1 {
		t.Errorf("a SIGKILL told is a failure: got %v", ps)
	}
	if ps := reportedFailures(`Command failed with signal "SIGTERM"`, nil, nil); len(ps) != 0 {
		t.Errorf("a SIGTERM told is the run stopped: got %v", ps)
	}
}

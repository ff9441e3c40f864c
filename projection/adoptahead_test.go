package projection

import "testing"

// A value a tool shows is the user's when the user said before the run to
// take whatever it would suggest, or points at it after ("report exactly
// that p95 number"); a value with its unit word is read whole.
func TestAdoptAheadAndThatNumber(t *testing.T) {
	call := func(cmd string) Event {
		return Event{Role: RoleAssistant, Text: "Checking.", Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"cmd": cmd}}}}
	}
	out := func(text string) Event {
		return Event{Role: RoleTool, Text: text, Result: &Result{CallID: "c1"}}
	}
	for _, tc := range []struct {
		evs        []Event
		name, want string
	}{
		{[]Event{{Role: RoleUser, Text: "we are sizing the ingest workers today"}, {Role: RoleUser, Text: "for the worker count just go with whatever the autotuner recommends"},
			call("autotune --target ingest"), out("cores: 16\nrecommended workers: 12 (leaves 4 for the db)")}, "workers", "12"},
		{[]Event{{Role: RoleUser, Text: "we are writing the SLO doc today"}, call("loadtest --summary"), out("requests: 120000\nlatency: 340 ms (p95)"),
			{Role: RoleUser, Text: "ok put exactly that latency number into the SLO doc"}}, "latency", "340 ms"},
	} {
		got := valueHeads(reduced(tc.evs...))
		if got[tc.name] != tc.want {
			t.Errorf("%s = %q, want %q (all: %v)", tc.name, got[tc.name], tc.want, got)
		}
	}
}

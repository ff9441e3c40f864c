package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// openCodeInputs are one OpenCode session as a user hands it to ef: the
// output of `opencode export`, and its info file in OpenCode's storage
// directory (ef reads its messages and parts beside it).
var openCodeInputs = []string{
	"../../importer/testdata/opencode-export.json",
	filepath.Join("../../importer/testdata/opencode-storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750", "ses_5d3f0a8e1ffeQm7KxR2pLw9TnB.json"),
}

// ef inspect reads an OpenCode session with every tool call answered right
// after the message that made it: 8 calls, 8 results (the one still
// running when the session was saved by the synthetic result, which ef
// notes), the surface balanced at the end; ef state reads the calls'
// outcomes (a read that failed, then resolved by one that worked). On main
// the export was refused as an empty mini-swe-agent trajectory and the
// info file as no format.
func TestOpenCodeSessionPaired(t *testing.T) {
	for _, in := range openCodeInputs {
		code, out, errs := runCLI(t, "inspect", "--json", in)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", in, code, errs)
		}
		var rep inspectReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(rep.Warnings, "\n"), "1 tool call without a recorded result") {
			t.Errorf("%s: the running call is not noted: %q", in, rep.Warnings)
		}
		if rep.SessionID != "opencode:ses_5d3f0a8e1ffeQm7KxR2pLw9TnB" {
			t.Errorf("%s: session %q", in, rep.SessionID)
		}
		calls, results := 0, 0
		var open []string
		for _, n := range rep.Nodes {
			if n.ToolResultFor != "" {
				if len(open) == 0 || open[0] != n.ToolResultFor {
					t.Errorf("%s: seq %d answers %s, open calls %q", in, n.Seq, n.ToolResultFor, open)
				} else {
					open = open[1:]
				}
				results++
				continue
			}
			if len(open) > 0 {
				t.Errorf("%s: seq %d (%s) comes before the results of %q", in, n.Seq, n.Role, open)
			}
			open = append(open, n.ToolCalls...)
			calls += len(n.ToolCalls)
		}
		// the surface after the session's compaction (what OpenCode's model
		// was sent): its other 7 calls are in the log, off the surface
		// (importer/clientcompact.go)
		if calls != 1 || results != 1 || len(open) != 0 || !rep.Nodes[len(rep.Nodes)-1].BalancedAfter {
			t.Errorf("%s: %d calls, %d results, open %q", in, calls, results, open)
		}

		st := stateRun(t, in, "--all")
		var failed, resolved bool
		for _, a := range st.Anchors {
			if a.Key != "tool/read/filePath=/home/ana/src/tally/sum_test.go" {
				continue
			}
			failed = failed || a.Kind == "evidence" && strings.HasPrefix(a.Value, "failed:")
			resolved = resolved || a.Kind == "failure" && a.Lifecycle == "resolved"
		}
		if !failed || !resolved {
			t.Errorf("%s: the failed read is not in ef state (failed %v, resolved %v): %+v", in, failed, resolved, st.Anchors)
		}
	}
}

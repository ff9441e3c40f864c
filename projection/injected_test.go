package projection

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// The shared corpus's Claude Code session holds text Claude Code wrote
// into user records: an isMeta caveat ("DO NOT respond to these
// messages…"), a /mcp command and its output, "[Request interrupted by
// user for tool use]" notes and a tool result saying the user rejected
// the call. The importer marks them (hostshim.Source.Injected); read
// through the reducer, the caveat is no constraint, no command or its
// output the objective, and no interrupted or rejected call an open
// failure. Before, the caveat was an active constraint and two stopped
// calls open failures.
func TestCorpusClaudeCodeInjected(t *testing.T) {
	path := filepath.Join(testutil.CorpusDir(t, "openagents-claude-code"), "claude-code-example.jsonl")
	ims, err := importer.Import(path)
	if err != nil || len(ims) != 1 {
		t.Fatalf("import: %v (%d sessions)", err, len(ims))
	}
	s := ims[0].Session
	r := New(Options{})
	harness := 0
	HostEvents(s, 0, s.Len()-1, resultFlag, func(ev Event) {
		if ev.Role == RoleHarness {
			harness++
		}
		r.Apply(ev)
	})
	if harness < 5 {
		t.Errorf("%d user messages read as the client's own text, want the caveat, the command, its output and the interruption notes", harness)
	}
	for _, a := range r.Heads() {
		v := a.Value
		switch {
		case a.Kind == KindConstraint && strings.Contains(v, "DO NOT respond to these messages"):
			t.Errorf("the isMeta caveat is a constraint: %s %q", a.Key, v)
		case a.Kind == KindObjective && (strings.Contains(v, "<command-") || strings.Contains(v, "local-command")):
			t.Errorf("a slash command is the objective: %q", v)
		case a.Kind == KindFailure && (strings.Contains(v, "interrupted by user") || strings.Contains(v, "doesn't want to proceed")):
			t.Errorf("a call the user stopped is a failure: %s %q", a.Key, v)
		}
	}
}

// resultFlag is a Gen01 tool result's own error flag.
func resultFlag(_ hostshim.Event, m *hostshim.Message) bool {
	for _, b := range m.Content {
		if b.Type == hostshim.BlockToolResult && b.IsError != nil {
			return *b.IsError
		}
	}
	return m.IsError != nil && *m.IsError
}

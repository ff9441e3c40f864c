package projection

import (
	"path/filepath"
	"slices"
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

// On the importer's Claude Code and Codex fixtures the project's
// instruction files are the rules (normative, as a system message's), the
// prompt is the objective, and nothing the client wrote around them (the
// caveat, the command, the CLAUDE.md preamble and Claude Code's own
// reminders, the environment) is a rule or the objective.
func TestInjectedFixtures(t *testing.T) {
	for _, c := range []struct {
		file, objective string
		rules           []string
	}{
		{"claude-code-injected.jsonl", "Fix the flaky retry test in tests/test_client.py.", []string{"Never commit files under dist/; they are generated."}},
		{"codex-instructions.jsonl", "Make the health check return 503 while the cache warms up.", []string{"Do not edit files under vendor/.", "Run go vet before you finish."}},
	} {
		ims, err := importer.Import(filepath.Join("..", "importer", "testdata", c.file))
		if err != nil || len(ims) != 1 {
			t.Fatalf("%s: %v", c.file, err)
		}
		s := ims[0].Session
		r := New(Options{})
		HostEvents(s, 0, s.Len()-1, resultFlag, r.Apply)
		objSeq := -1
		for _, a := range r.Heads() {
			if a.Kind == KindObjective {
				objSeq = a.SourceRefs[0].Seq
				if a.Value != c.objective {
					t.Errorf("%s: objective %q, want %q", c.file, a.Value, c.objective)
				}
			}
		}
		var rules []string
		for _, a := range r.Heads() {
			switch {
			case (a.Kind == KindConstraint || a.Kind == KindObligation) && a.SourceRefs[0].Seq < objSeq:
				rules = append(rules, a.Value)
				if a.Authority != Normative {
					t.Errorf("%s: %q has %s authority", c.file, a.Value, a.Authority)
				}
			case a.Kind == KindFailure:
				t.Errorf("%s: failure %q", c.file, a.Value)
			}
		}
		slices.Sort(rules)
		if !slices.Equal(rules, c.rules) {
			t.Errorf("%s: rules before the prompt %q, want %q", c.file, rules, c.rules)
		}
	}
}

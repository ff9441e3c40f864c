package projection

import (
	"reflect"
	"strings"
	"testing"
)

// A command that asks programs or packages for their versions gives each
// as a value of the tool's, in the order the stages ran; a command that
// does anything else, a stage whose line is missing, and output of
// another shape give none (or stop there).
func TestPrintedVersions(t *testing.T) {
	for _, c := range []struct {
		cmd, out string
		want     []string // "installed name=value"
	}{
		{"node -v && pnpm -v && pnpm list react --depth 0", "Command executed.\nOutput:\nv20.11.1\n8.15.4\n@acme/web@0.9.0 /repo/apps/web\ndependencies:\nreact 18.2.0",
			[]string{"installed node=v20.11.1", "installed pnpm=8.15.4", "installed react=18.2.0"}},
		{"python --version", "Python 3.11.4", []string{"installed python=3.11.4"}},
		{"python3 -V 2>&1", "Python 3.12.1\n", []string{"installed python=3.12.1"}},
		{"go version", "go version go1.22.4 linux/amd64", []string{"installed go=1.22.4"}},
		{"rustc -V; cargo --version", "rustc 1.77.0 (aedd173a2 2024-03-17)\ncargo 1.77.0 (3fe68eabf 2024-02-29)", []string{"installed rustc=1.77.0", "installed cargo=1.77.0"}},
		{"pip show requests", "Name: requests\nVersion: 2.31.0\nSummary: Python HTTP for Humans.", []string{"installed requests=2.31.0"}},
		{"npm ls react", "app@1.0.0 /srv/app\n└── react@18.3.1", []string{"installed react=18.3.1"}},
		{"java -version", "openjdk version \"17.0.2\" 2022-01-18\nOpenJDK Runtime Environment (build 17.0.2+8-86)", []string{"installed java=17.0.2"}},
		{"kubectl version --client", "Client Version: v1.29.0\nKustomize Version: v5.0.4", []string{"installed kubectl=v1.29.0"}},
		{"/usr/local/bin/node --version", "v18.19.0", []string{"installed node=v18.19.0"}},
		// the stage whose line is missing ends the reading
		{"node -v && pnpm -v", "v20.11.1\nbash: pnpm: command not found", []string{"installed node=v20.11.1"}},
		// near-misses
		{"npm install && node -v", "added 3 packages\nv20.11.1", nil},
		{"node scripts/build.js -v", "built 3 files in 1.2s", nil},
		{"cat VERSION", "1.4.2", nil},
		{"docker version", "Client: Docker Engine - Community\n Version: 24.0.7", nil},
		{"pip show requests", "Name: urllib3\nVersion: 2.2.1", nil},
		{"npm ls react", "app@1.0.0 /srv/app\n└── react-dom@18.3.1", nil},
		{"echo -v", "-v", nil},
		{"node -v", "Command executed.", nil},
		{"", "v20.11.1", nil},
	} {
		vs, said := versionValues(c.cmd, c.out)
		var got []string
		for _, v := range vs {
			if !strings.Contains(c.out, v.Quote) {
				t.Errorf("%q: quote %q not in the output", c.cmd, v.Quote)
			}
			got = append(got, v.Name+"="+v.Value)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q (%q), want %q", c.cmd, got, said, c.want)
		}
	}
}

// Evidence of a passing run quotes the first line the program printed,
// not the words the host wraps output in.
func TestOutputLead(t *testing.T) {
	for _, c := range []struct{ out, want string }{
		{"Command executed.\nOutput:\n ✓ src/features/cart (10)\n      Tests  10 passed (10)", "✓ src/features/cart (10)"},
		{"Command executed in terminal  within working directory '/repo'. Exit code: 0\nOutput:\nBuilt in 2.1s", "Built in 2.1s"},
		{"Exit code: 0\nWall time: 0.4 seconds\nOutput:\nok  \tgithub.com/acme/api\t0.31s", "ok  \tgithub.com/acme/api\t0.31s"},
		{"<returncode>0</returncode>\n<output>\nall good\n</output>", "all good"},
		{"[stderr]\nwarning: unused import", "warning: unused import"},
		{"<returncode>0</returncode>\n<warning>\nThe output of your last command was too long.\nPlease try a different command that produces less output.\n</warning><output_head>\nsrc/a.py:1: import os\n", "src/a.py:1: import os"},
		// a warning the program printed is output
		{"warning: unused import\nok", "warning: unused import"},
		// a line of output that only starts like a wrapper is output
		{"Output: 3 files written", "Output: 3 files written"},
		{"Result: 42", "Result: 42"},
		{"Command executed successfully, 4 rows", "Command executed successfully, 4 rows"},
		// nothing but the wrapper: the wrapper
		{"Command executed.", "Command executed."},
	} {
		if got := outputLead(c.out); got != c.want {
			t.Errorf("outputLead(%q) = %q, want %q", c.out, got, c.want)
		}
	}
}

// In a Cline session the run of version commands gives the versions as
// values and its evidence names them; the agent's own "For the record: …"
// states no value (it is the agent's report); a later run's evidence
// quotes the program's first line.
func TestClineVersionsFromOutput(t *testing.T) {
	r := clineState(t, "Fix the cart total.",
		run("node -v && pnpm -v && pnpm list react --depth 0"),
		cr("execute_command for 'node -v && pnpm -v && pnpm list react --depth 0'", "Command executed.\nOutput:\nv20.11.1\n8.15.4\n@acme/web@0.9.0 /repo/apps/web\ndependencies:\nreact 18.2.0"),
		complete("For the record: Node v20.11.1, pnpm 8.15.4, React 18.2.0."),
		cf("thanks"),
		run("pnpm vitest run cart"),
		cr("execute_command for 'pnpm vitest run cart'", "Command executed.\nOutput:\n ✓ src/features/cart (10)\n      Tests  10 passed (10)"),
	)
	values := map[string]string{}
	var evidence []string
	for _, a := range r.Anchors() {
		switch a.Kind {
		case KindValue:
			if a.IsHead() {
				values[a.Key] = a.Value
			}
		case KindEvidence:
			evidence = append(evidence, a.Value)
		}
	}
	want := map[string]string{"value/installed/node": "v20.11.1", "value/installed/pnpm": "8.15.4", "value/installed/react": "18.2.0"}
	if !reflect.DeepEqual(values, want) {
		t.Errorf("values %q, want %q", values, want)
	}
	for _, e := range []string{"ok: node v20.11.1, pnpm 8.15.4, react 18.2.0", "ok: Tests 10 passed (10)"} {
		if !strings.Contains(strings.Join(evidence, "\n"), e) {
			t.Errorf("evidence %q, want %q", evidence, e)
		}
	}
}

// The version a command shows installed stands apart from the version the
// user asked for: neither replaces the other.
func TestInstalledVersionApartFromUsers(t *testing.T) {
	r := New(Options{})
	for _, ev := range []Event{
		{Seq: 1, Role: RoleUser, Text: "Set up the project. Python version: 3.12."},
		{Seq: 2, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": "python --version"}}}},
		{Seq: 3, Role: RoleTool, Text: "Python 3.11.4", Result: &Result{CallID: "c1"}},
	} {
		r.Apply(ev)
	}
	got := map[string]string{}
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got[a.Key] = a.Value
		}
	}
	want := map[string]string{"value/-/python_version": "3.12", "value/installed/python": "3.11.4"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("values %q, want %q", got, want)
	}
}

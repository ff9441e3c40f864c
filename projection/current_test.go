package projection

import (
	"testing"
)

// staleReducer holds timeout = 60 (was 30), 并发数 = 16 (was 8), and
// api_version = v1 set by the user over v2 written into config/app.toml
// by an edit.
func staleReducer(t *testing.T) *Reducer {
	t.Helper()
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "Port the decoder. Set the timeout to 30 in config.toml."})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "Actually, make it 60 instead."})
	r.Apply(Event{Seq: 3, Role: RoleUser, Text: "并发数改为 8。"})
	r.Apply(Event{Seq: 4, Role: RoleUser, Text: "并发数改为 16。"})
	r.Apply(Event{Seq: 5, Role: RoleAssistant, Text: "Updating the config.", Calls: []Call{{ID: "e1", Name: "edit_file",
		Args: map[string]any{"path": "config/app.toml", "old_string": `api_version = "v3"`, "new_string": `api_version = "v2"`}}}})
	r.Apply(Event{Seq: 6, Role: RoleTool, Text: "ok", Result: &Result{CallID: "e1"}})
	r.Apply(Event{Seq: 7, Role: RoleUser, Text: "Change api_version to v1."})
	want := map[string]string{"timeout": "60", "并发数": "16", "api_version": "v1"}
	for _, a := range r.Heads() {
		if a.Kind != KindValue {
			continue
		}
		if v, ok := want[a.Name]; ok && a.Value == v {
			delete(want, a.Name)
		}
	}
	if len(want) > 0 {
		t.Fatalf("setup: heads %v lack %v", r.Heads(), want)
	}
	return r
}

// TestValueCheck: a text that gives a key a value the projection has
// superseded is stale, however it phrases the value (assignment, setting,
// "is", a summary's colon, Chinese), and marking it states the current
// value after the old one; a text that states the current value, marks the
// old one as replaced, asks, or names a key without a current head is not.
func TestValueCheck(t *testing.T) {
	c := staleReducer(t).ValueCheck()
	for _, tc := range []struct {
		text, marked string // marked "": not stale
	}{
		{"timeout = 30", "timeout = 30 → 60 (since seq 2)"},
		{"- Set the timeout to 30 in config.toml.", "- Set the timeout to 30 → 60 (since seq 2) in config.toml."},
		{"The timeout is 30.", "The timeout is 30 → 60 (since seq 2)."},
		{"- timeout: 30", "- timeout: 30 → 60 (since seq 2)"},
		{"Request TIMEOUT: 30s and 4 retries", "Request TIMEOUT: 30s → 60 (since seq 2) and 4 retries"},
		{"6\tapi_version = \"v2\"", "6\tapi_version = \"v2\" → v1 (since seq 7)"},
		{"- 并发数改为 8。", "- 并发数改为 8 → 16 (since seq 4)。"},
		{"并发数：8", "并发数：8 → 16 (since seq 4)"},
		{"Ran the tests. timeout = 30\nThe rest is fine.", "Ran the tests. timeout = 30 → 60 (since seq 2)\nThe rest is fine."},
		{"timeout = 30 and api_version = v3", "timeout = 30 → 60 (since seq 2) and api_version = v3 → v1 (since seq 7)"},
		{"timeout = 600", "timeout = 600 → 60 (since seq 2)"},
		// A mark an earlier fold wrote is replaced, not chained.
		{"- Set the timeout to 30 → 45 (since seq 1) in config.toml.", "- Set the timeout to 30 → 60 (since seq 2) in config.toml."},
		// Not stale.
		{"timeout = 60", ""},
		{"timeout = 60 (was 30)", ""},
		{"Changed the timeout from 30 to 60.", ""},
		{"Is the timeout = 30?", ""},
		{"retries = 30", ""},
		{"The build took 30 s; nothing about the settings.", ""},
		{"api_version = \"v1\"", ""},
		{"并发数改为 16", ""},
		{"Checked `if timeout:` block, but 30 tests ran", ""},
		{"timeout: Compare with baseline", ""},
		{"timeout:30", ""},
	} {
		got, sv := c.Mark(tc.text)
		if tc.marked == "" {
			if len(sv) != 0 || got != tc.text {
				t.Errorf("%q: want not stale, got %+v, %q", tc.text, sv, got)
			}
			continue
		}
		if len(c.Stale(tc.text)) == 0 || got != tc.marked {
			t.Errorf("%q: marked %q, want %q", tc.text, got, tc.marked)
		}
	}
	if (*ValueCheck)(nil).Stale("timeout = 30") != nil {
		t.Error("a nil check found something")
	}
	if New(Options{}).ValueCheck() != nil {
		t.Error("a projection without values returned a check")
	}
}

// TestKeyEntity: a key's entity keeps a file path whole, and a value set
// in config/app.toml by an edit and the same key named alone by the user
// are one value.
func TestKeyEntity(t *testing.T) {
	for key, want := range map[string]string{
		"value/config/app.toml/timeout": "config/app.toml",
		"value/config.toml/timeout":     "config.toml",
		"value/-/timeout":               "-",
		"value/-/vendor/":               "-",
		"value/-/pkg/foo_size":          "-",
		"objective/session/goal":        "session",
		"timeout":                       "-",
	} {
		if got := KeyEntity(key); got != want {
			t.Errorf("KeyEntity(%q) = %q, want %q", key, got, want)
		}
	}
	r := staleReducer(t)
	n := 0
	for _, a := range r.Heads() {
		if a.Kind == KindValue && property(a.Key) == "api_version" {
			n++
			if a.Value != "v1" || a.Was != "v2" || KeyEntity(a.Key) != "config/app.toml" {
				t.Errorf("api_version head %+v", a)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d api_version heads, want 1", n)
	}
}

package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/mcpserver"
	"github.com/epistemicfold/ef/origin/action"
)

// TestActionSubmitIsErrorUnlessDone: action_submit sets isError on every
// result but done, so that a model reading the flag alone never takes a
// refused or denied write for one that happened; the text is the
// action.result line either way.
func TestActionSubmitIsErrorUnlessDone(t *testing.T) {
	base := t.TempDir()
	os.WriteFile(filepath.Join(base, "old.md"), []byte("old\n"), 0o644)
	k, err := action.Open(action.Options{Roots: []string{base}})
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	tool := mcpserver.ActionTools(k)[0]
	for _, c := range []struct {
		intent, status string
		isError        bool
	}{
		{`{"relpath":"new.md","content":"x"}`, "done", false},
		{`{"relpath":"new.md","content":"y","mode":"append"}`, "done", false},
		{`{"relpath":"old.md","content":"x"}`, "requires_approval", true},
		{`{"relpath":"../outside.md","content":"x"}`, "denied", true},
		{`{"relpath":"old.md","content":"x","expect_sha256":"` + strings.Repeat("0", 64) + `"}`, "requires_approval", true},
		{`{"relpath":"old.md","content":"x","approval":"confirm"}`, "done", false},
	} {
		r, err := tool.Call(context.Background(), json.RawMessage(c.intent))
		if err != nil {
			t.Fatalf("%s: %v", c.intent, err)
		}
		var res action.Result
		if err := json.Unmarshal([]byte(r.Text), &res); err != nil {
			t.Fatalf("%s: text is not an action.result: %q", c.intent, r.Text)
		}
		if string(res.Status) != c.status || r.IsError != c.isError {
			t.Errorf("%s: status %s isError %v, want %s %v", c.intent, res.Status, r.IsError, c.status, c.isError)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
)

// TestActIntentFileOverLimit: an intent file over the limit is refused
// after reading the limit, not the whole file, and nothing is written or
// audited; one under it is carried out.
func TestActIntentFileOverLimit(t *testing.T) {
	old := maxStdinDoc
	maxStdinDoc = 1 << 20
	defer func() { maxStdinDoc = old }()
	w := actiontest.NewWorkspace(t)
	big := filepath.Join(t.TempDir(), "big.json")
	os.WriteFile(big, []byte(`{"relpath":"demo/big.md","content":"`+strings.Repeat("x", 3<<20)+`"}`), 0o644)
	code, out, errs := runCLI(t, "act", "--root", w.Base, big)
	if code != 2 || out != "" || !strings.Contains(errs, "over 1 MiB") || !strings.Contains(errs, "big.json") {
		t.Errorf("over the limit: exit %d stdout %q stderr %.300q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(w.Base, "demo/big.md")); err == nil {
		t.Error("written")
	}
	small := filepath.Join(t.TempDir(), "small.json")
	os.WriteFile(small, []byte(`{"relpath":"demo/small.md","content":"`+strings.Repeat("x", 1<<19)+`"}`), 0o644)
	if code, _, errs := runCLI(t, "act", "--root", w.Base, small); code != 0 {
		t.Errorf("under the limit: exit %d: %s", code, errs)
	}
	_, _, errs = runCLI(t, "act", "-h")
	for _, want := range []string{"the intent is read up to 1 MiB", "content over 16 MiB", "creating one is high", ".git/**"} {
		if !strings.Contains(errs, want) {
			t.Errorf("ef act -h does not say %q", want)
		}
	}
}

// TestHelpNamesEveryMCPTool: ef --help says what ef mcp serves, all four
// tools.
func TestHelpNamesEveryMCPTool(t *testing.T) {
	_, out, errs := runCLI(t, "--help")
	for _, tool := range []string{"context_search", "context_recall", "context_request", "action_submit"} {
		if !strings.Contains(out+errs, tool) {
			t.Errorf("ef --help does not name %s", tool)
		}
	}
}

// TestContextRequestOverLimit: ef context refuses a request over
// northbridge.MaxRequestBytes, or a goal over MaxGoalBytes, as a usage
// error naming the limit, from a file or stdin, without reading it whole.
func TestContextRequestOverLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	os.WriteFile(big, []byte(`{"goal":"`+strings.Repeat("semicolon decimal ", 10<<20/18)+`","scope":["*"]}`), 0o644)
	goal := filepath.Join(dir, "goal.json")
	os.WriteFile(goal, []byte(`{"goal":"`+strings.Repeat("g", 5000)+`","scope":["*"]}`), 0o644)
	for _, c := range []struct{ file, want string }{
		{big, "over the limit of 262144 bytes"},
		{goal, "goal is 5000 bytes, over the limit of 4096"},
	} {
		code, out, errs := runCLI(t, "context", "--store", dir, c.file)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d stdout %.100q stderr %.300q", filepath.Base(c.file), code, out, errs)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
)

// TestDSHPluginToolDefinitions keeps dsh-plugin/lib/tools.json equal to
// recall.Tools(): the plugin registers the tools from that file when it
// loads, before (and whether or not) the sidecar runs, so the definitions
// stay defined once, in Go. EF_UPDATE=1 rewrites the file.
func TestDSHPluginToolDefinitions(t *testing.T) {
	path := filepath.Join(testutil.RepoRoot(t), "dsh-plugin", "lib", "tools.json")
	want, err := json.MarshalIndent(recall.Tools(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("EF_UPDATE") != "" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (EF_UPDATE=1 go test ./cmd/ef -run TestDSHPluginToolDefinitions writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from recall.Tools(); regenerate with EF_UPDATE=1 go test ./cmd/ef -run TestDSHPluginToolDefinitions", path)
	}
}

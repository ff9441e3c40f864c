package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// requireNodeModules is testutil.NodeModules for a test that also builds
// the ef binary, which -short skips.
func requireNodeModules(t *testing.T, dir, module string) (node, abs string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the ef binary and runs node; skipped with -short")
	}
	return testutil.NodeModules(t, dir, module)
}

// buildEF builds the ef binary from this tree into a temporary directory.
func buildEF(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ef")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runParityScript runs the plugin's parity driver script (dsh-plugin/parity)
// with node in the plugin directory, handing it input as a JSON file, and
// returns its standard output.
func runParityScript(t *testing.T, node, plugin, script string, input any) []byte {
	t.Helper()
	data, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join("parity", script), in)
	cmd.Dir = plugin
	return testutil.Output(t, cmd)
}

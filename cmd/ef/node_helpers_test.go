package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// requireNodeModules returns node and the absolute path of dir (relative to
// the repository) when node is on PATH and dir's node_modules holds module.
// Without them the test says what to run and skips, except under CI, where
// .ci/run installs them and their absence is a failure.
func requireNodeModules(t *testing.T, dir, module string) (node, abs string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the ef binary and runs node; skipped with -short")
	}
	ci := os.Getenv("CI") == "true"
	node, err := exec.LookPath("node")
	if err != nil {
		if ci {
			t.Fatal("node not found under CI")
		}
		t.Skip("node not found: this test drives real npm packages and needs Node 20")
	}
	abs = filepath.Join(testutil.RepoRoot(t), filepath.FromSlash(dir))
	if _, err := os.Stat(filepath.Join(abs, "node_modules", filepath.FromSlash(module))); err != nil {
		if ci {
			t.Fatalf("%s/node_modules missing under CI: .ci/run must run npm ci there (%v)", dir, err)
		}
		t.Skipf("%s/node_modules missing: run (cd %s && npm ci) (%v)", dir, dir, err)
	}
	return node, abs
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

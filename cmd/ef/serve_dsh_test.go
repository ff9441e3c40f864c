package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestDSHPlugin runs dsh-plugin's end-to-end test: the real DSH host
// packages (cordis, dsh-session, dsh-token-meter, BasicCompactionEngine)
// drive a real `ef serve` built from this tree. Without node or the plugin's
// node_modules the test says so and skips, except under CI, where .ci/run
// installs them and their absence is a failure.
func TestDSHPlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the ef binary; skipped with -short")
	}
	ci := os.Getenv("CI") == "true"
	node, err := exec.LookPath("node")
	if err != nil {
		if ci {
			t.Fatal("node not found under CI")
		}
		t.Skip("node not found: the DSH plugin test needs Node 20")
	}
	plugin := filepath.Join(testutil.RepoRoot(t), "dsh-plugin")
	if _, err := os.Stat(filepath.Join(plugin, "node_modules", "@deepseek-ai", "dsh-compaction-basic")); err != nil {
		if ci {
			t.Fatalf("dsh-plugin/node_modules missing under CI: .ci/run must run npm ci there (%v)", err)
		}
		t.Skipf("dsh-plugin/node_modules missing: run (cd dsh-plugin && npm ci) (%v)", err)
	}
	bin := filepath.Join(t.TempDir(), "ef")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(node, "--test", "--test-reporter=spec", "test/")
	cmd.Dir = plugin
	cmd.Env = append(os.Environ(), "EF_BIN="+bin)
	out, err := cmd.CombinedOutput()
	t.Logf("node --test:\n%s", out)
	if err != nil {
		t.Fatalf("dsh-plugin tests failed: %v", err)
	}
	if !strings.Contains(string(out), "fail 0") || !strings.Contains(string(out), "skipped 0") {
		t.Fatalf("expected every plugin test to pass")
	}
}

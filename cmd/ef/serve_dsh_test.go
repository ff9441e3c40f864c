package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDSHPlugin runs dsh-plugin's end-to-end test: the real DSH host
// packages (cordis, dsh-session, dsh-token-meter, BasicCompactionEngine)
// drive a real `ef serve` built from this tree. Without node or the plugin's
// node_modules the test says so and skips, except under CI, where .ci/run
// installs them and their absence is a failure.
func TestDSHPlugin(t *testing.T) {
	node, plugin := requireNodeModules(t, "dsh-plugin", "@deepseek-ai/dsh-compaction-basic")
	bin := buildEF(t)
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

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestServeCommand checks what the command adds to package sidecar: the
// flags reach the server (the store opens where --store says) and bad
// arguments are usage errors. The wire itself is tested in sidecar.
func TestServeCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	in := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}` + "\n"
	var out, errb bytes.Buffer
	if err := serve(context.Background(), []string{"--store", dir}, strings.NewReader(in), &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	var first struct {
		Result struct {
			Store struct {
				Dir       string `json:"dir"`
				Available bool   `json:"available"`
			} `json:"store"`
		} `json:"result"`
	}
	line, _, _ := strings.Cut(out.String(), "\n")
	if err := json.Unmarshal([]byte(line), &first); err != nil || first.Result.Store.Dir != dir || !first.Result.Store.Available {
		t.Fatalf("initialize: %v: %s", err, line)
	}
	if err := serve(context.Background(), []string{"extra"}, strings.NewReader(""), &out, &errb); !errors.Is(err, errUsage) {
		t.Fatalf("unexpected argument: %v", err)
	}
}

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
	if !strings.Contains(string(out), "fail 0") {
		t.Fatalf("expected every plugin test to pass")
	}
	// Skipped: only the long profile's tests (their reason names
	// EF_LONG_TESTS), and only outside it.
	skipped := 0
	for _, line := range strings.Split(string(out), "\n") {
		if _, why, ok := strings.Cut(strings.TrimSpace(line), " # "); ok && strings.HasPrefix(strings.TrimSpace(line), "﹣") {
			if testutil.Long() || !strings.Contains(why, "EF_LONG_TESTS") {
				t.Errorf("plugin test skipped: %s", strings.TrimSpace(line))
			}
			skipped++
		}
	}
	if !strings.Contains(string(out), fmt.Sprintf("skipped %d", skipped)) {
		t.Fatalf("expected every plugin test to run but the long ones (%d skipped by their reason)", skipped)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
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

// buildEF returns the ef binary built from this tree, built once per test
// process (the link is seconds of CPU; four tests run it) into a temporary
// directory TestMain removes. The tests that use it only execute it.
func buildEF(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "ef-test-bin-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		bin := filepath.Join(dir, "ef")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.bin = bin
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// built is buildEF's binary, its directory and the error building it.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{built.dir, equivLogs.dir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
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

package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// NodeModules returns the node binary and the absolute path of dir (a
// directory of the repository, slash-separated) when node is on PATH and
// dir's node_modules holds module: the real npm packages a test drives.
// Without them t is skipped, saying what to run, except under CI
// (CI=true), where .ci/run installs them and their absence is a failure.
func NodeModules(t testing.TB, dir, module string) (node, abs string) {
	t.Helper()
	ci := os.Getenv("CI") == "true"
	node, err := exec.LookPath("node")
	if err != nil {
		if ci {
			t.Fatalf("node not found under CI (%v): CI must install Node (>= 20)", err)
		}
		t.Skipf("node not found (%v): this test drives real npm packages and needs Node 20", err)
	}
	abs = filepath.Join(RepoRoot(t), filepath.FromSlash(dir))
	if _, err := os.Stat(filepath.Join(abs, "node_modules", filepath.FromSlash(module))); err != nil {
		if ci {
			t.Fatalf("%s/node_modules missing under CI: .ci/run must run npm ci there (%v)", dir, err)
		}
		t.Skipf("%s/node_modules missing: run (cd %s && npm ci) (%v)", dir, dir, err)
	}
	return node, abs
}

package sidecar

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestFakeModel runs the tests of the fake model users try EF in dsh with
// offline (dsh-plugin/e2e/fake-model.mjs; dsh-plugin/README.md, "Try it
// offline"): plain Node, no package, no network (127.0.0.1 only). And
// the digest it writes passes the sidecar's own check on any folded
// conversation, so a root fold with it keeps the model's digest
// (`model: deterministic+semantic`) instead of dropping it. Skipped
// without node on PATH, except under CI.
func TestFakeModel(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testutil.NodeModules(t, "dsh-plugin", "node") // skips, or fails under CI, saying why
		return
	}
	root := testutil.RepoRoot(t)
	cmd := exec.Command(node, "--test", filepath.Join("test", "fake-model.test.mjs"))
	cmd.Dir = filepath.Join(root, "dsh-plugin")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "# fail 0") {
		t.Fatalf("node --test test/fake-model.test.mjs: %v\n%s", err, out)
	}
	cmd = exec.Command(node, "--input-type=module", "-e", "const m = await import(process.env.FAKE_MODEL); process.stdout.write(m.FAKE_DIGEST)")
	cmd.Env = append(cmd.Environ(), "FAKE_MODEL="+filepath.Join(root, "dsh-plugin", "e2e", "fake-model.mjs"))
	cmd.WaitDelay = 5 * time.Second
	digest, err := cmd.Output()
	if err != nil || len(digest) == 0 {
		t.Fatalf("FAKE_DIGEST: %v %q", err, digest)
	}
	source := "user: Read notes/part-1.txt, then tell me the staging password.\nassistant: read {\"file_path\":\"/p/notes/part-1.txt\"}\ntool: the staging password is ZEBRA-4471"
	if _, err := checkDigestText(string(digest), source); err != nil {
		t.Errorf("the fake model's digest is dropped by the sidecar: %v\n%s", err, digest)
	}
}

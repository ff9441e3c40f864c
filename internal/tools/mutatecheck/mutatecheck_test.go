package mutatecheck

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutantsMatchTheCode runs `scripts/mutate --check`, which applies
// each mutant's substitution to a copy of the tree without running its
// tests and fails when one no longer matches (or matches nothing).
func TestMutantsMatchTheCode(t *testing.T) {
	for _, tool := range []string{"bash", "perl", "git", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("scripts/mutate needs %s, which is not on PATH", tool)
		}
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("git", "-C", root, "rev-parse", "--git-dir").Run(); err != nil {
		t.Skipf("%s is not a git work tree (scripts/mutate copies the tracked files): %v", root, err)
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "mutate"), "--check")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	text := strings.TrimSpace(string(out))
	if err != nil {
		t.Fatalf("scripts/mutate --check: %v\n%s\n(a mutant's FROM text must be updated where its code moved)", err, text)
	}
	t.Log(text)
}

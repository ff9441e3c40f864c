//go:build !windows

package atomicfile_test

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/internal/atomicfile"
	"github.com/epistemicfold/ef/internal/testutil"
)

// holdAndWait is the child process of TestRemoveStaleAfterKill: it creates
// a temporary file beside the target, holds it, says so and waits to be
// killed.
func holdAndWait(target string) {
	tmp, err := atomicfile.TempPath(target)
	if err != nil {
		os.Exit(2)
	}
	if err := os.WriteFile(tmp, []byte("half a log"), 0o600); err != nil {
		os.Exit(2)
	}
	release, err := atomicfile.Hold(tmp)
	if err != nil {
		os.Exit(2)
	}
	// The lock lives as long as the file Hold opened: a release dropped
	// here would let a garbage collection close it (its finalizer) and
	// drop the lock while the process still runs.
	defer release()
	os.Stdout.WriteString(tmp + "\n")
	select {}
}

func TestMain(m *testing.M) {
	if target := os.Getenv("EF_ATOMICFILE_HOLD"); target != "" {
		holdAndWait(target)
	}
	os.Exit(m.Run())
}

// A temporary file whose writer is alive is kept; once the writer is
// killed (SIGKILL: no cleanup of its own), the next RemoveStale of the
// same target removes it, and nothing else beside it.
func TestRemoveStaleAfterKill(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.jsonl")
	other := filepath.Join(dir, ".other.jsonl.tmp-0011")
	if err := os.WriteFile(other, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := testutil.Child(t, "^$", "EF_ATOMICFILE_HOLD="+target)
	out := testutil.Start(t, cmd)
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("child: %v", err)
	}
	tmp := line[:len(line)-1]

	if removed, err := atomicfile.RemoveStale(target); err != nil || len(removed) != 0 {
		t.Fatalf("RemoveStale with its writer alive: removed %v, %v", removed, err)
	}
	if _, err := os.Stat(tmp); err != nil {
		t.Fatalf("live writer's file: %v", err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	removed, err := atomicfile.RemoveStale(target)
	if err != nil || !slices.Equal(removed, []string{tmp}) {
		t.Fatalf("RemoveStale after the kill: removed %v, %v; want [%s]", removed, err, tmp)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Fatalf("killed writer's file still there: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatalf("another target's temporary file was touched: %v", err)
	}
}

// Hold follows the file through a rename (Publish renames the temporary
// file before linking it): the renamed file is still held.
func TestHoldFollowsRename(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "log.jsonl")
	a, _ := atomicfile.TempPath(target)
	b, _ := atomicfile.TempPath(target)
	if err := os.WriteFile(a, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	release, err := atomicfile.Hold(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(a, b); err != nil {
		t.Fatal(err)
	}
	if removed, _ := atomicfile.RemoveStale(target); len(removed) != 0 {
		t.Fatalf("removed a held file after its rename: %v", removed)
	}
	release()
	if removed, _ := atomicfile.RemoveStale(target); !slices.Equal(removed, []string{b}) {
		t.Fatalf("after release: removed %v, want [%s]", removed, b)
	}
}

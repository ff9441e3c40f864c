//go:build unix

package taskorigin_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// TestFindReportsAPipe: a named pipe called task.origin.json is reported
// (Err says what it is) without being opened, so Find does not wait for a
// writer; it was skipped without a word.
func TestFindReportsAPipe(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "p", taskorigin.FileName), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan []taskorigin.Entry, 1)
	go func() {
		es, _ := taskorigin.Find(root, 6)
		done <- es
	}()
	select {
	case es := <-done:
		if len(es) != 1 || es[0].Err == nil || !strings.Contains(es[0].Err.Error(), "a named pipe, not a regular file") {
			t.Errorf("Find: %+v; want the pipe reported", es)
		}
	case <-testutil.HangGuard(t):
		t.Fatal("Find waited on the pipe")
	}
}

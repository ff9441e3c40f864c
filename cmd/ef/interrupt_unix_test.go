//go:build unix

package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A command blocked in a system call, which never looks at its context
// (here ef inspect opening a FIFO that nobody writes), still ends on
// SIGTERM: it ignored the signal for good, so timeout(1) or a supervisor
// could not stop it.
func TestSIGTERMEndsABlockedCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ef and waits for it to exit; skipped in -short")
	}
	bin := buildEF(t)
	fifo := filepath.Join(t.TempDir(), "log")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	cmd := exec.Command(bin, "inspect", fifo)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(500 * time.Millisecond) // blocked opening the FIFO
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 143 || !strings.Contains(stderr.String(), "still running") {
			t.Errorf("after SIGTERM: %v, stderr %q; want exit 143 and why", err, stderr.String())
		}
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("ef inspect on a FIFO without a writer still runs 2 minutes after SIGTERM")
	}
}

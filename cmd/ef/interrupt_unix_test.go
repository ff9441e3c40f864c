//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	// A signal before ef installs its handler kills it as the default
	// action would: wait for the handler (on a loaded machine a -race
	// binary takes seconds to start), then for ef to block on the FIFO.
	waitCatches(t, cmd.Process.Pid, syscall.SIGTERM, 30*time.Second)
	time.Sleep(500 * time.Millisecond)
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

// waitCatches waits until process pid catches signal sig (Linux's
// /proc/PID/status SigCgt mask), or for limit; elsewhere, or when the
// mask cannot be read, it waits a second.
func waitCatches(t *testing.T, pid int, sig syscall.Signal, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			time.Sleep(time.Second)
			return
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "SigCgt:"); ok {
				mask, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
				if err != nil {
					time.Sleep(time.Second)
					return
				}
				if mask&(1<<(uint(sig)-1)) != 0 {
					return
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("ef did not catch %v within %v", sig, limit)
}

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
	if _, err := os.ReadFile("/proc/self/syscall"); err != nil {
		t.Skipf("cannot see when ef blocks opening the FIFO without /proc/PID/syscall: %v", err)
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
	// action would. The signal mask cannot tell when that is: the Go
	// runtime catches SIGTERM (SigCgt) from its start, before ef's main
	// asks for it. ef's main asks before it runs the command, so a thread
	// of ef asleep in open(2) says the handler is in place and the
	// command is blocked on the FIFO (on a loaded machine a -race binary
	// takes seconds to get there).
	waitBlockedInOpen(t, cmd.Process.Pid, done, &stderr, 2*time.Minute)
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

// waitBlockedInOpen waits until a thread of process pid sleeps inside
// openat(2), as Linux's /proc/PID/task/TID/syscall and stat show it, or
// fails the test when the process exits first or limit passes. Sleeping
// (state S, not the D of a disk wait) in openat is what opening a FIFO
// without a writer looks like.
func waitBlockedInOpen(t *testing.T, pid int, done <-chan error, stderr *bytes.Buffer, limit time.Duration) {
	t.Helper()
	deadline := time.After(limit)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			t.Fatalf("ef ended before blocking on the FIFO: %v, stderr %q", err, stderr.String())
		case <-deadline:
			t.Fatalf("ef did not block opening the FIFO within %v", limit)
		case <-tick.C:
			if sleepsInOpen(pid) {
				return
			}
		}
	}
}

// sleepsInOpen reports whether a thread of process pid sleeps inside
// openat(2). A thread that is running, or whose files cannot be read
// (it just ended), does not.
func sleepsInOpen(pid int) bool {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		dir := fmt.Sprintf("/proc/%d/task/%s/", pid, task.Name())
		call, err := os.ReadFile(dir + "syscall")
		if err != nil {
			continue
		}
		fields := strings.Fields(string(call))
		if len(fields) == 0 || fields[0] != strconv.Itoa(syscall.SYS_OPENAT) {
			continue
		}
		stat, err := os.ReadFile(dir + "stat")
		if err != nil {
			continue
		}
		// The state follows the command name, which is in parentheses
		// and may hold any byte: read after the last ')'.
		i := bytes.LastIndexByte(stat, ')')
		if i >= 0 && bytes.HasPrefix(bytes.TrimLeft(stat[i+1:], " "), []byte("S")) {
			return true
		}
	}
	return false
}

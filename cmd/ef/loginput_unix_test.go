//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fifoOf makes a FIFO holding the file at src: a writer goroutine copies
// the file into it once a reader opens it, as a shell pipe or <(…) does.
func fifoOf(t *testing.T, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "log")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		w, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.Write(data)
		w.Close()
	}()
	t.Cleanup(func() { <-done })
	return p
}

// A log on a pipe (a FIFO, /dev/stdin, <(zstdcat log.zst)) can be read
// once, and ef reads a log several times: inspect, state and fold read it
// as they read the same log from a file. They used to find the pipe empty
// on their second read and say "the file is empty".
func TestLogOnAPipe(t *testing.T) {
	for _, src := range []string{inspectSample, "../../importer/testdata/sdk-edge.jsonl"} {
		name := filepath.Base(src)
		for _, cmd := range [][]string{{"inspect"}, {"state"}, {"fold", "--out", "OUT", "--mode", "root"}} {
			code, want, wantErr := runCLI(t, expandOut(t, append(cmd, src))...)
			if code != 0 {
				t.Fatalf("%s %v on the file: exit %d: %s", name, cmd, code, wantErr)
			}
			fifo := fifoOf(t, src)
			code, got, stderr := runCLI(t, expandOut(t, append(cmd, fifo))...)
			if code != 0 {
				t.Errorf("%s %v on a pipe: exit %d: %s", name, cmd, code, stderr)
				continue
			}
			// The reports name the log as given; fold's first line also
			// names the new log.
			want = strings.ReplaceAll(want, src, fifo)
			if cmd[0] == "fold" {
				want, got = want[strings.IndexByte(want, '\n'):], got[strings.IndexByte(got, '\n'):]
			}
			if got != want {
				t.Errorf("%s %v on a pipe printed\n%s\nand on the file\n%s", name, cmd, got, want)
			}
		}
	}
}

// expandOut gives each "OUT" in args a fresh path for a new log.
func expandOut(t *testing.T, args []string) []string {
	out := append([]string(nil), args...)
	for i, a := range out {
		if a == "OUT" {
			out[i] = filepath.Join(t.TempDir(), "new.jsonl")
		}
	}
	return out
}

// A directory named as the log is refused by name, not as "line 1: read:
// is a directory".
func TestLogIsADirectory(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range [][]string{{"inspect"}, {"state"}, {"fold", "--mode", "root", "--out", filepath.Join(dir, "x.jsonl")}} {
		code, _, stderr := runCLI(t, append(cmd, dir)...)
		if code != 1 || !strings.Contains(stderr, "is a directory, not a session log") || strings.Contains(stderr, ":1:") {
			t.Errorf("%v on a directory: exit %d, %q", cmd, code, stderr)
		}
	}
}

// - is stdin, read like the same log from a file.
func TestLogOnStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ef; skipped in -short")
	}
	bin := buildEF(t)
	_, want, _ := runCLI(t, "inspect", inspectSample)
	f, err := os.Open(inspectSample)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, "inspect", "-")
	cmd.Stdin = f
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("ef inspect - : %v", err)
	}
	if want = strings.Replace(want, inspectSample, "-", 1); string(got) != want {
		t.Errorf("ef inspect - printed\n%s\nand on the file\n%s", got, want)
	}
}

// A piped log is read from a temporary copy, and what ef says of the log
// names it as the command line did: a refused pipe, or a torn tail fold
// skipped, named /tmp/ef-log-…/<name>, a file the user never gave and that
// is gone when ef exits.
func TestPipedLogNamedAsGiven(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.jsonl")
	if err := os.WriteFile(junk, []byte("\x1b\x00\x01 not a log\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sample, err := os.ReadFile(inspectSample)
	if err != nil {
		t.Fatal(err)
	}
	torn := filepath.Join(dir, "torn.jsonl")
	if err := os.WriteFile(torn, append(sample, `{"type":"message","se`...), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"inspect"}, {"state"}, {"fold", "--out", "OUT", "--mode", "root"}, {"origin", "export", "--out", "OUT", "--task", "t1"}} {
		fifo := fifoOf(t, junk)
		code, _, stderr := runCLI(t, expandOut(t, append(cmd, fifo))...)
		if code == 0 || !strings.Contains(stderr, fifo) || strings.Contains(stderr, "ef-log-") {
			t.Errorf("%v on a pipe of junk: exit %d, stderr %q, want it to name %s", cmd, code, stderr, fifo)
		}
	}
	fifo := fifoOf(t, torn)
	code, _, stderr := runCLI(t, expandOut(t, []string{"fold", "--out", "OUT", "--mode", "root", fifo})...)
	if code != 0 || !strings.Contains(stderr, fifo+": skipped a torn tail") || strings.Contains(stderr, "ef-log-") {
		t.Errorf("fold of a torn pipe: exit %d, stderr %q", code, stderr)
	}
}

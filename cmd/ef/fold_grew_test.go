package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ef fold on a log that grows while it is folded says so at the end: it
// folded the log as it stood when opened, and the rest was not folded. A
// second goroutine appends to the log until the fold returns.
func TestFoldNotesALogThatGrew(t *testing.T) {
	log := writeLongClaudeLog(t, 300)
	line := []byte(`{"parentUuid":"a299","sessionId":"long-1","type":"user","uuid":"late","timestamp":"2026-11-03T14:00:00Z","message":{"role":"user","content":"late"}}` + "\n")
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		f, err := os.OpenFile(log, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		for {
			select {
			case <-done:
				return
			default:
				f.Write(line)
				time.Sleep(time.Millisecond)
			}
		}
	}()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"fold", "--window", "3000", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), log}, &out, &errb)
	close(done)
	<-stopped
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "grew while it was folded") || !strings.Contains(errb.String(), "not folded") {
		t.Errorf("stderr does not say the log grew:\n%s", errb.String())
	}
	// Near miss: a log that does not grow gets no such note.
	errb.Reset()
	still := writeLongClaudeLog(t, 50)
	if code := run(context.Background(), []string{"fold", "--window", "3000", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), still}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Contains(errb.String(), "grew") {
		t.Errorf("a log that did not grow: %s", errb.String())
	}
}

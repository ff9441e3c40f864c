package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeLongClaudeLog writes a Claude Code session of n user/assistant
// pairs.
func writeLongClaudeLog(t *testing.T, n int) string {
	t.Helper()
	var b bytes.Buffer
	prev := "null"
	for i := range n {
		fmt.Fprintf(&b, `{"parentUuid":%s,"sessionId":"long-1","type":"user","uuid":"u%d","timestamp":"2026-11-03T14:00:00Z","message":{"role":"user","content":"step %d: never push to main"}}`+"\n", prev, i, i)
		fmt.Fprintf(&b, `{"parentUuid":"u%d","sessionId":"long-1","type":"assistant","uuid":"a%d","timestamp":"2026-11-03T14:00:01Z","message":{"role":"assistant","model":"claude-x","content":[{"type":"text","text":"done %d"}]}}`+"\n", i, i, i)
		prev = fmt.Sprintf(`"a%d"`, i)
	}
	p := filepath.Join(t.TempDir(), "long.jsonl")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// An interrupted ef state or ef inspect stops reading the log and says
// "interrupted" (exit 130): their reading and parsing check the context,
// where they used to read a 200 MB log to its end while the 10 s watchdog
// waited. The context here is cancelled before the command starts; a
// reader that ignored it finished with exit 0.
func TestReadingStopsWhenInterrupted(t *testing.T) {
	p := writeLongClaudeLog(t, 5000)
	for _, cmd := range [][]string{{"state", p}, {"state", "--all", p}, {"inspect", p}, {"fold", "--mode", "leaf", "--store", t.TempDir(), "--out", filepath.Join(t.TempDir(), "out.jsonl"), p}} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		code := run(ctx, cmd, &out, &errb)
		if code != 130 || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("ef %s with a cancelled context: exit %d, stderr %q, want 130 and \"interrupted\"", strings.Join(cmd, " "), code, errb.String())
		}
	}
}

package importer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigClaudeLog writes a Claude Code session of n user/assistant pairs
// (about 600 bytes a pair) and returns its path.
func bigClaudeLog(t *testing.T, n int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "big.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	prev := "null"
	pad := strings.Repeat("x", 200)
	for i := range n {
		fmt.Fprintf(&b, `{"parentUuid":%s,"sessionId":"big-1","type":"user","uuid":"u%d","timestamp":"2026-11-03T14:00:00Z","message":{"role":"user","content":"step %d %s"}}`+"\n", prev, i, i, pad)
		fmt.Fprintf(&b, `{"parentUuid":"u%d","sessionId":"big-1","type":"assistant","uuid":"a%d","timestamp":"2026-11-03T14:00:01Z","message":{"role":"assistant","model":"claude-x","content":[{"type":"text","text":"done %d %s"}]}}`+"\n", i, i, i, pad)
		prev = fmt.Sprintf(`"a%d"`, i)
		if b.Len() > 1<<20 {
			f.WriteString(b.String())
			b.Reset()
		}
	}
	if _, err := f.WriteString(b.String()); err != nil {
		t.Fatal(err)
	}
	return p
}

// openCancelled checks that log p opened with a context cancelled before
// the open fails with an error wrapping context.Canceled (ef turns it
// into "interrupted").
func openCancelled(t *testing.T, p string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := OpenContext(ctx, p, "")
	if err == nil {
		st.Close()
		t.Fatal("OpenContext with a cancelled context read the whole log")
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("OpenContext(cancelled): err = %v, want one wrapping context.Canceled", err)
	}
}

// eventsAfterCancel opens log p, reads one event, cancels, and returns how
// many events Next still gave before it failed; it fails the test unless
// Next ended with context.Canceled. Not timed: the count is what shows
// the read stopped early.
func eventsAfterCancel(t *testing.T, p string) int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := OpenContext(ctx, p, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Next(); err != nil {
		t.Fatal(err)
	}
	cancel()
	after := 0
	for {
		if _, err = st.Next(); err != nil {
			break
		}
		after++
	}
	if err == io.EOF || !errors.Is(err, context.Canceled) {
		t.Fatalf("after the cancel Next ended with %v after %d events, want context.Canceled", err, after)
	}
	return after
}

// countEvents is the number of events log p gives with a live context
// (the near miss of the cancel tests: the log is long and valid).
func countEvents(t *testing.T, p string) int {
	t.Helper()
	st, err := OpenContext(context.Background(), p, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n := 0
	for {
		_, err := st.Next()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
}

// A context cancelled before OpenContext: the first read of the file's
// passes fails, and the error says the context ended (errors.Is).
func TestOpenContextCancelledBeforeReading(t *testing.T) {
	openCancelled(t, bigClaudeLog(t, 20000))
}

// A context cancelled while the events are read stops the reading within
// the read buffer (64 KiB): Next fails with context.Canceled long before
// the log's last event.
func TestOpenContextCancelledWhileReading(t *testing.T) {
	const pairs = 20000 // ~12 MB, ~40000 messages
	if after := eventsAfterCancel(t, bigClaudeLog(t, pairs)); after > pairs/10 {
		t.Errorf("%d events read after the cancel (of ~%d): the read did not stop at the next buffer", after, 2*pairs)
	}
}

// The same log with a live context reads to the end (the guard of the two
// tests above: the log is long and valid).
func TestOpenContextReadsToTheEnd(t *testing.T) {
	if n := countEvents(t, bigClaudeLog(t, 2000)); n < 4000 {
		t.Fatalf("%d events, want at least 4000 (2000 user/assistant pairs)", n)
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeChatDocument writes an OpenAI chat log of n user/assistant pairs as
// one JSON document: the importer reads it whole.
func writeChatDocument(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"messages":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"role":"user","content":"step %d: never push to main"},{"role":"assistant","content":"done %d"}`, i, i)
	}
	b.WriteString(`]}`)
	p := filepath.Join(t.TempDir(), "chat.json")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// readSession, the whole read of a DSH log or of a trajectory (ef state
// --from checkpoints, ef origin export, a DSH log the stream reader
// refuses), stops on a cancelled context with an error that wraps
// context.Canceled, which ef prints as "interrupted"; a live context reads
// the session.
func TestReadSessionCancelled(t *testing.T) {
	dsh := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	doc := writeChatDocument(t, 3000)
	claude := writeLongClaudeLog(t, 300)
	for _, p := range []string{dsh, doc, claude} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, _, err := readSession(ctx, p, true); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: err = %v, want context.Canceled", filepath.Base(p), err)
		}
		// Near miss: a live context reads it.
		s, _, err := readSession(context.Background(), p, true)
		if err != nil || s.Len() == 0 {
			t.Errorf("%s, live: %v", filepath.Base(p), err)
		}
	}
}

// ef inspect and ef state on a one-document trajectory (read whole, up to
// 256 MB) stop with "interrupted" (exit 130) when the context is done.
func TestWholeDocumentReadInterrupted(t *testing.T) {
	doc := writeChatDocument(t, 3000)
	for _, cmd := range [][]string{{"inspect", doc}, {"state", doc}} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		if code := run(ctx, cmd, &out, &errb); code != 130 || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("ef %s, cancelled: exit %d, stderr %q; want 130 and \"interrupted\"", strings.Join(cmd, " "), code, errb.String())
		}
	}
}
